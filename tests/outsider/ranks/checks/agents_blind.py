"""Do two states that differ only in blue's hidden ranks give red equal views,
and do the AI agents pick the same move in both?  Run from tests/outsider/ranks
(after `python3 checks/make_variants.py`; SEEDS=N and CALLS=N in the environment):
    nice -n 10 python3 checks/agents_blind.py [RULES.yaml] [agent codes...]
"""
import sys, time
from collections import Counter
import stratagem
from stratagem.agents import Budget

RULES = sys.argv.pop(1) if len(sys.argv) > 1 and sys.argv[1].endswith(".yaml") else "checks/probe_position.yaml"
game = stratagem.load(RULES)

def battle_state(seed):
    s = game.new_state(seed=seed)
    while s.decision is not None and game.legal_actions(s)[0].type in ("ready", "swap"):
        s = game.apply(s, next(a for a in game.legal_actions(s) if a.type == "ready"))
    return s

N = int(__import__("os").environ.get("SEEDS", "24"))
states = {seed: battle_state(seed) for seed in range(N)}
def truth(s):
    return {e.pos: s.entity(e.params["card"]).type for e in s.iter_entities()
            if e.type == "piece" and e.owner == 1}
views = {seed: s.view(0) for seed, s in states.items()}
print("true blue deals:", Counter(tuple(sorted(truth(s).items())) for s in states.values()).most_common(3))
ser = {seed: game.serialize(v) for seed, v in views.items()}
print("red's views equal across seeds:", len(set(ser.values())) == 1)
print("red's options:", [str(a) for a in game.legal_actions(states[0])])

codes = sys.argv[1:] or ["osla", "mcts:calls=3000", "random"]
for code in codes:
    t = time.time()
    picks = {}
    for seed, s in states.items():
        bot = stratagem.agent(code, game, seed=1, budget=Budget(calls=int(__import__("os").environ.get("CALLS", "3000"))))
        picks[seed] = str(bot.choose(views[seed], views[seed].decision).action)
    hits = Counter()
    for seed, p in picks.items():
        if "to=" in p:
            to = tuple(int(x) for x in p.split("to=(")[1].rstrip(")").split(","))
            hits[truth(states[seed]).get(to, "empty")] += 1
    print(f"{code}: distinct choices {len(set(picks.values()))}: {Counter(picks.values()).most_common(3)}; "
          f"what the chosen square really held: {dict(hits)}  ({time.time()-t:.1f}s)")
