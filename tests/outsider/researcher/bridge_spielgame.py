"""Step 3b: OpenSpiel games played by Stratagem agents (SpielGame, StratagemBot)."""
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np
import pyspiel
import stratagem
from open_spiel.python.algorithms import mcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
from stratagem.interop.openspiel_agents import SpielGame, StratagemBot
from mybots import FlatMC

# the docs' example
game = SpielGame(pyspiel.load_game("tic_tac_toe"))
result = stratagem.play(game, ["mcts:iterations=200", "random"], seed=1)
print(result.outcome.ranks, game.describe_action(game.new_state(), 0,
                                                  game.legal_actions(game.new_state())[4]))

# my own agent on OpenSpiel's C++ connect four
c4 = SpielGame(pyspiel.load_game("connect_four"))
t0 = time.perf_counter()
r = stratagem.play(c4, [FlatMC(c4, seed=1, calls=2000), "random"], seed=2)
print("FlatMC on OpenSpiel connect_four:", r.outcome, f"{time.perf_counter()-t0:.1f}s")

# a hidden-information OpenSpiel game: kuhn poker, mcts determinizes through OpenSpiel
kuhn = SpielGame(pyspiel.load_game("kuhn_poker"))
r = stratagem.play(kuhn, ["mcts:iterations=100", "osla"], seed=3)
print("kuhn:", r.outcome)

# a Stratagem agent as a pyspiel.Bot against OpenSpiel's MCTSBot on OpenSpiel's game
sg = pyspiel.load_game("tic_tac_toe")
ev = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
ours = StratagemBot(sg, "mcts:iterations=200", player=0, seed=1)
theirs = mcts.MCTSBot(sg, 2.0, 200, ev, random_state=np.random.RandomState(2))
print("StratagemBot vs MCTSBot:", evaluate_bots(sg.new_initial_state(), [ours, theirs],
                                                np.random.RandomState(4)))
