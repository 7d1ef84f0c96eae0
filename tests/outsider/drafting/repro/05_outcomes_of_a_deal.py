"""Finding 6: `game.outcomes` of an action that deals hands grows as (kinds ** cards) and has
no bound. Usage: python repro/05_outcomes_of_a_deal.py one|two|three (cards per hand)."""
import pathlib, sys, time
import stratagem
game = stratagem.load(str(pathlib.Path(__file__).with_suffix(".yaml")), sys.argv[1])
s = game.new_state(seed=0)
t = time.process_time()
outs = game.outcomes(s, game.legal_actions(s)[0])
print(sys.argv[1], len(outs), "outcomes in %.2f s CPU" % (time.process_time() - t))
