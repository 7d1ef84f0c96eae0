"""Perft for chess.yaml through the documented Python API (load, new_state, legal_actions, apply).

Usage: python perft.py [SCENARIO|start] [DEPTH]   (no arguments: the table below, small depths)
"""
import sys
import time
from pathlib import Path

import stratagem

RULES = str(Path(__file__).with_name("chess.yaml"))

# scenario -> known perft figures (depth 1, 2, 3, ...): published ones for the start position and
# the chessprogramming.org positions; the test positions' counts checked against python-chess 1.11.2
KNOWN = {
    None: [20, 400, 8902],
    "kiwipete": [48, 2039, 97862],
    "perft3": [14, 191, 2812],
    "perft4": [6, 264, 9467],
    "perft5": [44, 1486, 62379],
    "mate_in_one": [17],
    "checkmated": [0],
    "stalemated": [0],
    "promotion": [11],
    "en_passant_ready": [7],
    "en_passant": [6],
    "en_passant_pinned": [4],
    "stalemate_in_one": [26],
    "castle_through_check": [23],
    "castle_into_check": [25],
    "castle_out_of_check": [4],
    "castle_b1_attacked": [26],
    "castle_rook_moved": [25],
}


def perft(game, state, depth):
    if depth == 0:
        return 1
    if state.outcome is not None:
        return 0
    actions = game.legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(game, game.apply(state, a), depth - 1) for a in actions)


def run(scenario, depth):
    game = stratagem.load(RULES, scenario) if scenario else stratagem.load(RULES)
    state = game.new_state(seed=0)
    t = time.perf_counter()
    n = perft(game, state, depth)
    return n, time.perf_counter() - t


if __name__ == "__main__":
    if len(sys.argv) > 1:
        sc = None if sys.argv[1] == "start" else sys.argv[1]
        d = int(sys.argv[2]) if len(sys.argv) > 2 else 1
        n, dt = run(sc, d)
        print(f"{sys.argv[1]} perft({d}) = {n}  ({dt:.1f} s)")
        sys.exit(0)
    for sc, figures in KNOWN.items():
        for d, want in enumerate(figures, 1):
            if d >= 3 or (d == 2 and want > 2100):
                break
            n, dt = run(sc, d)
            flag = "ok" if n == want else f"MISMATCH (expected {want})"
            print(f"{sc or 'start':22s} perft({d}) = {n:6d}  {flag}  ({dt:.1f} s)", flush=True)
