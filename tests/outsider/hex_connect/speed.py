"""Random playouts per second: Stratagem's hex.yaml against OpenSpiel's `hex`.

Measured ways, each for about --seconds seconds on each board size:
  stratagem loop     legal_actions + apply + a random pick, from Python (what a
                     developer writes first)
  stratagem playout  Game.playout(state, Rng) (docs/design.md: the engine's own
                     random playout on one private copy)
  openspiel loop     pyspiel hex: legal_actions + apply_action + a random pick
  openspiel clone    the same, but from state.clone() of a kept initial state
  bridge loop        hex.yaml through stratagem.interop.openspiel_game (a pyspiel
                     game): legal_actions + apply_action + random pick

usage: python speed.py [--sizes 5,7,11] [--seconds 5] [--rules hex.yaml]
"""

from __future__ import annotations

import argparse
import os
import random
import time

import pyspiel
import stratagem
from stratagem.engine import Rng

HERE = os.path.dirname(os.path.abspath(__file__))
SCENARIO = {5: "small", 7: "medium", 11: "standard"}


def timed(fn, seconds: float) -> tuple[float, float]:
    """Runs fn() (one playout, returns its length) for about `seconds`;
    gives playouts per second and moves per second."""
    fn()  # warm up
    n = moves = 0
    t0 = time.perf_counter()
    while True:
        moves += fn()
        n += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return n / dt, moves / dt


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="5,7,11")
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--rules", default=os.path.join(HERE, "hex.yaml"))
    ap.add_argument("--no-bridge", action="store_true")
    args = ap.parse_args()
    print(f"rules: {args.rules}")
    print(f"{'size':>5} {'way':<18} {'playouts/s':>11} {'moves/s':>10}")
    for n in (int(v) for v in args.sizes.split(",")):
        game = stratagem.load(args.rules, scenario=SCENARIO[n])
        start = game.new_state(seed=0)
        pick = random.Random(1)

        def loop() -> int:
            state, k = start, 0
            while state.decision is not None:
                options = game.legal_actions(state)
                state = game.apply(state, options[pick.randrange(len(options))])
                k += 1
            return k

        rng = Rng(2)

        def playout() -> int:
            end = game.playout(start, rng)
            assert end.decision is None
            return len(end.entities)  # one stone a move

        spiel = pyspiel.load_game(f"hex(board_size={n})")
        initial = spiel.new_initial_state()

        def spiel_loop() -> int:
            s, k = spiel.new_initial_state(), 0
            while not s.is_terminal():
                s.apply_action(pick.choice(s.legal_actions()))
                k += 1
            return k

        def spiel_clone() -> int:
            s, k = initial.clone(), 0
            while not s.is_terminal():
                s.apply_action(pick.choice(s.legal_actions()))
                k += 1
            return k

        ways = [("stratagem loop", loop), ("stratagem playout", playout),
                ("openspiel loop", spiel_loop), ("openspiel clone", spiel_clone)]
        if not args.no_bridge:
            from stratagem.interop import openspiel_game
            bridged = openspiel_game.load_game(args.rules, scenario=SCENARIO[n])

            def bridge_loop() -> int:
                s, k = bridged.new_initial_state(), 0
                while not s.is_terminal():
                    s.apply_action(pick.choice(s.legal_actions()))
                    k += 1
                return k

            ways.append(("bridge loop", bridge_loop))
        for name, fn in ways:
            per_s, moves_s = timed(fn, args.seconds)
            print(f"{n:>3}x{n:<1} {name:<18} {per_s:>11.1f} {moves_s:>10.0f}", flush=True)


if __name__ == "__main__":
    main()
