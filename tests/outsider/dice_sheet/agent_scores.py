"""Mean solitaire score of agents on Dice Sheet (and a variant): python agent_scores.py RULES N CODE..."""
import sys, time
import stratagem
rules, n, codes = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
game = stratagem.load(rules, "solo")
for code in codes:
    t = time.process_time()
    scores = [stratagem.play(game, [code], seed=s).outcome.scores[0] for s in range(n)]
    print(f"{code:34s} seeds 0-{n-1}: mean {sum(scores)/n:6.1f}  {[int(x) for x in scores]}  ({time.process_time()-t:.0f} s cpu)")
