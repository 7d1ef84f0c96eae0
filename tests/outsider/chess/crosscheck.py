"""Differential test: play random games in chess.yaml and python-chess side by side and compare,
at every ply, the set of legal moves and how the game ends.

Needs python-chess (`pip install chess`; it is only the referee here).
Usage: python crosscheck.py [GAMES] [SEED] [SCENARIO]
"""
import random
import re
import sys
from pathlib import Path

import chess

import stratagem

RULES = str(Path(__file__).with_name("chess.yaml"))
FILES = "abcdefgh"
PROMO = {"queen": "q", "rook": "r", "bishop": "b", "knight": "n"}


def sq(x, y):
    return f"{FILES[x]}{8 - y}"


def to_uci(state, action):
    text = str(action)
    m = re.match(r"(\w+) #(\d+) to=\((\d+),(\d+)\)(?: piece=(\w+))?", text)
    kind, eid, x, y, piece = m.groups()
    e = state.entity(int(eid))
    return sq(*e.pos) + sq(int(x), int(y)) + (PROMO[piece] if piece else "")


def fen_of(scenario):
    import build
    for name, fen, _ in build.SCENARIOS:
        if name == scenario:
            return fen
    return chess.STARTING_FEN


def one_game(game, seed, scenario):
    rng = random.Random(seed)
    board = chess.Board(fen_of(scenario))
    state = game.new_state(seed=seed)
    plies = 0
    while True:
        ours = {to_uci(state, a): a for a in game.legal_actions(state)} if state.outcome is None else {}
        theirs = {m.uci() for m in board.legal_moves}
        # chess.yaml ends the game at once on a fifty-move or threefold draw (as if claimed at once)
        ended = board.is_checkmate() or board.is_stalemate() or board.is_insufficient_material() \
            or board.is_fifty_moves() or board.is_repetition(3)
        if ended:
            if state.outcome is None:
                return f"ply {plies}: python-chess ends ({board.outcome(claim_draw=True)}), ours goes on", board
            return f"ok {plies} plies: ours {state.outcome.reason!r}, python-chess {board.outcome(claim_draw=True).termination.name}", board
        if state.outcome is not None:
            return f"ply {plies}: ours ended ({state.outcome.reason}) but python-chess goes on", board
        if set(ours) != theirs:
            return (f"ply {plies}: moves differ: only ours {sorted(set(ours) - theirs)}, "
                    f"only python-chess {sorted(theirs - set(ours))}; fen {board.fen()}"), board
        move = rng.choice(sorted(theirs))
        board.push_uci(move)
        state = game.apply(state, ours[move])
        plies += 1


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    seed0 = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    scenario = sys.argv[3] if len(sys.argv) > 3 else None
    game = stratagem.load(RULES, scenario) if scenario else stratagem.load(RULES)
    for s in range(seed0, seed0 + games):
        msg, _ = one_game(game, s, scenario)
        print(f"seed {s}: {msg}", flush=True)
