"""One opening decision of each search agent on kalah.yaml, default budgets, timed."""
import sys, time
import stratagem

game = stratagem.load("tests/outsider/kalah/kalah.yaml")
state = game.new_state(seed=0)
codes = sys.argv[1:] or ["osla", "greedy-turn", "expectimax", "mcts", "rhea", "portfolio", "casual", "tactical"]
for code in codes:
    try:
        bot = stratagem.agent(code, game, seed=1)
        t = time.perf_counter()
        choice = bot.choose(state, state.decision)
        el = time.perf_counter() - t
        print(f"{code:12s} {el:6.2f} s  {choice.action}  — {choice.rationale}")
    except Exception as e:
        print(f"{code:12s} ERROR {type(e).__name__}: {e}")
