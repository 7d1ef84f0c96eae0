"""Stratagem's MCTS against OpenSpiel's MCTSBot on connect four, through the bridges.

    python examples/mcts_vs_openspiel.py [--games 4] [--simulations 200] [--board stratagem]

Needs the ``openspiel`` extra (``pip install -e '.[openspiel]'``).

``--board stratagem`` (the default) plays Stratagem's connect four, compiled from its
rules file and exposed to OpenSpiel by ``interop.openspiel_game``; ``--board openspiel``
plays OpenSpiel's own C++ connect four, which Stratagem's agents see through
``interop.openspiel_agents.SpielGame``. Either way OpenSpiel's ``evaluate_bots`` is the
referee: it asks OpenSpiel's ``MCTSBot`` (UCT, c = 2, one random rollout per simulation)
and a ``StratagemBot`` running Stratagem's ``mcts`` agent with the same number of
simulations (iterations) per move. Seats alternate from game to game; the script prints
each game and the totals.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts

from stratagem.agents import Budget
from stratagem.interop import openspiel_game
from stratagem.interop.openspiel_agents import StratagemBot


def load(board: str) -> Any:
    """Connect four as a ``pyspiel.Game``: Stratagem's through the bridge, or OpenSpiel's."""
    if board == "stratagem":
        return openspiel_game.load_game("connect_four")
    return pyspiel.load_game("connect_four")


def match(board: str, games: int, simulations: int, seed: int) -> dict[str, Any]:
    """Play ``games`` games, seats alternating; wins, draws and losses of Stratagem's MCTS."""
    game = load(board)
    tally = {"stratagem": 0, "openspiel": 0, "draw": 0}
    lines = []
    for i in range(games):
        rng = np.random.RandomState(seed + i)
        theirs = mcts.MCTSBot(game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rng),
                              random_state=np.random.RandomState(seed + i))
        seat = i % 2
        ours = StratagemBot(game, "mcts", seat, seed=seed + i,
                            budget=Budget(iterations=simulations))
        bots = [ours, theirs] if seat == 0 else [theirs, ours]
        started = time.perf_counter()
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        seconds = time.perf_counter() - started
        mine = returns[seat]
        result = "stratagem" if mine > 0 else "openspiel" if mine < 0 else "draw"
        tally[result] += 1
        first = "stratagem" if seat == 0 else "openspiel"
        lines.append(f"game {i + 1}: {first} moves first, winner: {result} ({seconds:.1f} s)")
    return {"board": board, "games": games, "simulations": simulations, "results": tally,
            "lines": lines}


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Run the match from the command line; the tally."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--board", choices=("stratagem", "openspiel"), default="stratagem")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    report = match(args.board, args.games, args.simulations, args.seed)
    print(f"connect four ({args.board}'s rules), {args.simulations} simulations a move")
    for line in report["lines"]:
        print("  " + line)
    t = report["results"]
    print(f"Stratagem MCTS {t['stratagem']} – OpenSpiel MCTSBot {t['openspiel']} "
          f"({t['draw']} drawn)")
    return report


if __name__ == "__main__":
    main(sys.argv[1:])
