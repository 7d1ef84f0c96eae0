"""Step 3d: OpenSpiel's MCTSBot against a Stratagem agent (StratagemBot) on Stratagem's pig."""
import time
import numpy as np
from open_spiel.python.algorithms import mcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
from stratagem.interop import openspiel_game
from stratagem.interop.openspiel_agents import StratagemBot

game = openspiel_game.load_game("pig")
ev = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
score = [0.0, 0.0]
t0 = time.perf_counter()
for g in range(2):
    theirs = mcts.MCTSBot(game, 2.0, 50, ev, random_state=np.random.RandomState(g))
    ours = StratagemBot(game, "expectimax:depth=2,calls=300", player=1 - g % 2, seed=g)
    bots = [theirs, ours] if g % 2 == 0 else [ours, theirs]
    ret = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(g))
    score[0] += ret[0 if g % 2 == 0 else 1]
    score[1] += ret[1 if g % 2 == 0 else 0]
print(f"pig, 2 games: OpenSpiel MCTSBot {score[0]:+.0f}, Stratagem expectimax {score[1]:+.0f}"
      f" ({time.perf_counter()-t0:.1f}s)")
