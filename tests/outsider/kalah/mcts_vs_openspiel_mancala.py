"""Stratagem mcts (StratagemBot, iterations=N) vs OpenSpiel MCTSBot (N simulations) on OpenSpiel's C++ mancala.
Usage (from /work/main): python tests/outsider/kalah/mcts_vs_openspiel_mancala.py mcts:iterations=100 0 1 2 3 4 5
Even game numbers: Stratagem moves first."""
import time, numpy as np, pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
from stratagem.interop.openspiel_agents import StratagemBot
sp = pyspiel.load_game("mancala")
res = []
import sys
for gi in [int(a) for a in sys.argv[2:]]:
    t = time.perf_counter()
    ours = StratagemBot(sp, sys.argv[1], gi % 2, seed=gi)
    theirs = mcts.MCTSBot(sp, 2.0, int(sys.argv[1].split("=")[1]), mcts.RandomRolloutEvaluator(1, np.random.RandomState(gi)), random_state=np.random.RandomState(gi))
    bots = [ours, theirs] if gi % 2 == 0 else [theirs, ours]
    r = evaluate_bots(sp.new_initial_state(), bots, np.random.RandomState(gi))
    print("stratagem first" if gi % 2 == 0 else "openspiel first", list(r), f"{time.perf_counter()-t:.1f}s")
