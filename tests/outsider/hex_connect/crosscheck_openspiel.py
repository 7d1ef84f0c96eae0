"""Cross-check the Stratagem Hex (hex.yaml) against OpenSpiel's `hex`.

Both games are played with the same random moves. After every move the script
compares the legal moves (as sets of OpenSpiel action ids), whether the game is
over, and who won.

Cell mapping (checked by hand, see FINDINGS.md):
  OpenSpiel action id = row * n + col; player 0 is `x` and joins the top and
  bottom rows; player 1 is `o` and joins the left and right columns. Its board
  string indents each row half a cell further, the same rhombus as Stratagem's
  `hex: pointy-axial`. So Stratagem's cell (x, y) is OpenSpiel id y * n + x,
  red (seat 0) is x, blue (seat 1) is o.
  With the swap rule OpenSpiel's extra action id n * n is "swap"; Stratagem's is
  the action `swap`.

usage: python crosscheck_openspiel.py [--games 300] [--sizes 5,7] [--swap [--prefer-swap 0.5]] [--seed 0]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

import pyspiel
import stratagem

HERE = os.path.dirname(os.path.abspath(__file__))
RULES = os.path.join(HERE, "hex.yaml")
SCENARIO = {5: "small", 7: "medium", 11: "standard"}
SWAPS = [0]  # games in which the swap was played
PREFER_SWAP = [0.0]  # the chance to play the swap whenever it is legal


def load(n: int, swap: bool):
    scenario = SCENARIO[n] + ("_swap" if swap else "")
    game = stratagem.load(RULES, scenario=scenario)
    spiel = pyspiel.load_game(f"hex(board_size={n},swap={'true' if swap else 'false'})")
    return game, spiel


def stratagem_ids(game, state, n: int) -> dict[int, object]:
    """The legal Stratagem actions of a state, keyed by OpenSpiel id."""
    out = {}
    for action in game.legal_actions(state):
        if action.type == "swap":
            key = n * n
        else:
            cell = dict(action.targets)["cell"]
            key = cell.y * n + cell.x
        assert key not in out, f"two actions map to id {key}"
        out[key] = action
    return out


def spiel_winner(s) -> int | None:
    if not s.is_terminal():
        return None
    r = s.returns()
    if r[0] > 0:
        return 0
    if r[1] > 0:
        return 1
    return -1  # a draw: impossible in Hex


def stratagem_winner(state) -> int | None:
    if state.decision is not None:
        return None
    winners = state.outcome.winners
    return winners[0] if len(winners) == 1 else -1


def play_one(game, spiel, n: int, rng: random.Random, seed: int) -> tuple[int, int, list[str]]:
    """Plays one game; returns (winner, length, problems)."""
    state = game.new_state(seed=seed)
    s = spiel.new_initial_state()
    problems: list[str] = []
    moves: list[int] = []
    while True:
        # who decides
        if state.decision is not None and not s.is_terminal():
            if state.decision.player != s.current_player():
                problems.append(f"after {moves}: Stratagem seat {state.decision.player} to move, "
                                f"OpenSpiel {s.current_player()}")
        # terminal status and winner
        w1, w2 = stratagem_winner(state), spiel_winner(s)
        if w1 != w2:
            problems.append(f"after {moves}: winner Stratagem {w1}, OpenSpiel {w2}")
        if state.decision is None or s.is_terminal():
            if (state.decision is None) != s.is_terminal():
                problems.append(f"after {moves}: terminal Stratagem {state.decision is None}, "
                                f"OpenSpiel {s.is_terminal()}")
            return (w2 if w2 is not None else -2), len(moves), problems
        # legal moves
        ours = stratagem_ids(game, state, n)
        theirs = set(s.legal_actions())
        if set(ours) != theirs:
            problems.append(f"after {moves}: legal moves differ: only Stratagem {sorted(set(ours) - theirs)}, "
                            f"only OpenSpiel {sorted(theirs - set(ours))}")
            return -2, len(moves), problems
        move = rng.choice(sorted(theirs))
        if n * n in theirs and rng.random() < PREFER_SWAP[0]:
            move = n * n
        moves.append(move)
        if move == n * n:
            SWAPS[0] += 1
        try:
            state = game.apply(state, ours[move])
        except Exception as e:  # a rule that fails, or a game that cannot go on
            problems.append(f"after {moves}: Stratagem raised {type(e).__name__}: {e}")
            return -2, len(moves), problems
        s.apply_action(move)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300, help="games per board size")
    ap.add_argument("--sizes", default="5,7")
    ap.add_argument("--swap", action="store_true", help="the swap-rule scenarios and hex(swap=true)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--prefer-swap", type=float, default=0.0,
                    help="with --swap: play the swap with this chance whenever it is legal")
    args = ap.parse_args()
    PREFER_SWAP[0] = args.prefer_swap
    total_problems = 0
    for n in (int(v) for v in args.sizes.split(",")):
        game, spiel = load(n, args.swap)
        rng = random.Random(args.seed * 1000 + n)
        wins = [0, 0]
        SWAPS[0] = 0
        lengths = []
        bad_games = 0
        t0 = time.perf_counter()
        for i in range(args.games):
            winner, length, problems = play_one(game, spiel, n, rng, seed=i)
            if winner in (0, 1):
                wins[winner] += 1
            lengths.append(length)
            if problems:
                bad_games += 1
                total_problems += len(problems)
                if bad_games <= 5:
                    print(f"  game {i}:", *problems[:3], sep="\n    ")
        dt = time.perf_counter() - t0
        print(f"{n}x{n}{' swap' if args.swap else ''}: {args.games} games, {bad_games} with a mismatch; "
              f"red (x) won {wins[0]}, blue (o) won {wins[1]}; mean length {sum(lengths) / len(lengths):.1f} "
              f"moves; {dt:.1f} s" + (f"; the swap played in {SWAPS[0]} games" if args.swap else ""))
    return 1 if total_problems else 0


if __name__ == "__main__":
    sys.exit(main())
