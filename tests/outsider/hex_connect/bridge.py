"""The OpenSpiel bridge with hex.yaml, both ways (docs/interop.md).

1. hex.yaml as a pyspiel game: its type and sizes, pyspiel.random_sim_test.
2. OpenSpiel's MCTSBot playing the Stratagem hex (5x5), against Stratagem's mcts
   as a StratagemBot and against a random bot, refereed by pyspiel.evaluate_bots.
3. Stratagem's mcts (StratagemBot) on OpenSpiel's own C++ hex(board_size=5),
   against OpenSpiel's MCTSBot.

usage: python bridge.py [--games 10] [--simulations 100] [--scenario small]
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts
from stratagem.interop import openspiel_game
from stratagem.interop.openspiel_agents import StratagemBot

HERE = os.path.dirname(os.path.abspath(__file__))
RULES = os.path.join(HERE, "hex.yaml")
SIZE = {"small": 5, "medium": 7, "standard": 11}


def spiel_mcts(game, sims: int, seed: int):
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return mcts.MCTSBot(game, 2.0, sims, evaluator, random_state=np.random.RandomState(seed + 1),
                        solve=True)


def match(game, make_bots, games: int, label: str) -> None:
    """make_bots(seat_of_a, i) -> [bot for seat 0, bot for seat 1]; A is the first named."""
    a_wins = b_wins = 0
    t0 = time.perf_counter()
    for i in range(games):
        a_seat = i % 2
        bots = make_bots(a_seat, i)
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(i))
        if returns[a_seat] > 0:
            a_wins += 1
        elif returns[1 - a_seat] > 0:
            b_wins += 1
    dt = time.perf_counter() - t0
    print(f"  {label}: {a_wins} - {b_wins} over {games} games (seats alternating), {dt:.1f} s", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--simulations", type=int, default=100)
    ap.add_argument("--scenario", default="small")
    args = ap.parse_args()
    n, sims = SIZE[args.scenario], args.simulations

    # 1. the bridged game
    t0 = time.perf_counter()
    bridged = openspiel_game.load_game(RULES, scenario=args.scenario)
    print(f"bridged game loaded in {time.perf_counter() - t0:.1f} s: {bridged}")
    gt = bridged.get_type()
    print(f"  short_name {gt.short_name}, chance {gt.chance_mode}, information {gt.information}, "
          f"utility {gt.utility}")
    print(f"  num_distinct_actions {bridged.num_distinct_actions()}, max_game_length "
          f"{bridged.max_game_length()}, observation_tensor_shape {bridged.observation_tensor_shape()}")
    native = pyspiel.load_game(f"hex(board_size={n})")
    print(f"  OpenSpiel's own: num_distinct_actions {native.num_distinct_actions()}, max_game_length "
          f"{native.max_game_length()}, observation_tensor_shape {native.observation_tensor_shape()}")
    s = bridged.new_initial_state()
    print(f"  first state: player {s.current_player()}, {len(s.legal_actions())} legal ids; "
          f"id 0 = {s.action_to_string(0)!r}, id 7 = {s.action_to_string(7)!r}")
    s.apply_action(0)
    print(f"  after id 0, id 0 = {s.action_to_string(0)!r}  (ids are per decision, docs/interop.md)")
    t0 = time.perf_counter()
    pyspiel.random_sim_test(bridged, num_sims=5, serialize=True, verbose=False)
    print(f"  random_sim_test (5 sims, serialize): passed in {time.perf_counter() - t0:.1f} s")

    # 2. OpenSpiel's MCTSBot on the Stratagem game
    print(f"OpenSpiel MCTSBot ({sims} simulations) on Stratagem's hex {n}x{n}:")
    match(bridged, lambda a, i: [spiel_mcts(bridged, sims, i) if seat == a else
                                 pyspiel.make_uniform_random_bot(seat, i) for seat in (0, 1)],
          args.games, "OpenSpiel MCTSBot vs uniform random")
    match(bridged, lambda a, i: [spiel_mcts(bridged, sims, i) if seat == a else
                                 StratagemBot(bridged, f"mcts:iterations={sims}", seat, seed=i)
                                 for seat in (0, 1)],
          args.games, f"OpenSpiel MCTSBot vs Stratagem mcts:iterations={sims}")

    # 3. Stratagem's mcts on OpenSpiel's own hex
    print(f"On OpenSpiel's own hex(board_size={n}):")
    match(native, lambda a, i: [StratagemBot(native, f"mcts:iterations={sims}", seat, seed=i) if seat == a
                                else spiel_mcts(native, sims, i) for seat in (0, 1)],
          args.games, f"Stratagem mcts:iterations={sims} vs OpenSpiel MCTSBot")


if __name__ == "__main__":
    main()
