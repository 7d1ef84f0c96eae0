"""One decision of Dice Sheet (seed 4, first move) by agents at several budgets:
python budget_check.py SCENARIO CODE...  (e.g. two tactical:seconds=0.4 tactical "tactical:seconds=20,calls=100000" osla)"""
import sys, time, stratagem
game = stratagem.load("dice_sheet.yaml", sys.argv[1])
state = game.new_state(seed=4)
for code in sys.argv[2:]:
    bot = stratagem.agent(code, game, seed=1)
    t = time.process_time()
    ch = bot.choose(state, state.decision)
    print(f"{code}: {time.process_time()-t:.2f}s cpu | {ch.action} | {ch.rationale} | {str(ch.private)[:300]}")
