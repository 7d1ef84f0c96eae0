"""English draughts, written from the docs alone (tests/outsider/draughts/): in random
games from the start and from each of its scenarios, the options of every decision are
exactly the moves of a move generator written by hand here — captures compulsory, a
capture chain continued by the same piece, a man crowned on the far row ending its move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import stratagem
from stratagem.engine import Pos, Rng, State

RULES = Path(__file__).parent / "outsider" / "draughts" / "draughts.yaml"
FORWARD = {0: ((1, 1), (-1, 1)), 1: ((1, -1), (-1, -1))}
EVERY_WAY = ((1, 1), (-1, 1), (1, -1), (-1, -1))
SCENARIOS = (None, "forced_capture", "double_jump", "crowning", "blocked", "kings",
             "kings_only")


def on_board(x: int, y: int) -> bool:
    return 0 <= x < 8 and 0 <= y < 8


def by_square(s: State) -> dict[Any, Any]:
    return {e.pos: e for e in s.entities.values()}


def expected(s: State, p: int) -> set[str]:
    """The legal moves of player ``p``, by the rules of English draughts."""
    board = by_square(s)
    chain = s.players[p].params["chain"]
    jumps, steps = [], []
    for pos, e in board.items():
        if e.owner != p:
            continue
        for dx, dy in EVERY_WAY if e.type == "king" else FORWARD[p]:
            over, land = (pos[0] + dx, pos[1] + dy), (pos[0] + 2 * dx, pos[1] + 2 * dy)
            if on_board(*over) and over not in board:
                steps.append((e.id, over))
            if (on_board(*land) and land not in board and over in board
                    and board[over].owner != p):
                jumps.append((e.id, land))
    if chain:
        return {f"jump #{i} to=({x},{y})" for i, (x, y) in jumps if i == chain}
    if jumps:
        return {f"jump #{i} to=({x},{y})" for i, (x, y) in jumps}
    return {f"step #{i} to=({x},{y})" for i, (x, y) in steps}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_decision_offers_exactly_the_legal_moves(scenario: str | None) -> None:
    game = stratagem.load(str(RULES), scenario)
    rng = Rng(7)
    for seed in range(2):
        s = game.new_state(seed=seed)
        while s.outcome is None:
            d = s.decision
            assert d is not None
            p = d.player
            options = game.legal_actions(s)
            assert {str(a) for a in options} == expected(s, p) != set()
            action = options[rng.below(len(options))]
            before, after = by_square(s), game.apply(s, action)
            # a man crowned on the far row is a new king piece; either way one of p's
            # pieces stands on the destination
            dest = Pos(*dict(action.targets)["to"])
            landed = by_square(after).get(dest)
            assert landed is not None and landed.owner == p
            if action.type == "jump":
                src = s.entities[action.actor].pos
                assert src is not None
                middle = ((src[0] + dest[0]) // 2, (src[1] + dest[1]) // 2)
                assert middle not in by_square(after)
                assert len(after.entities) == len(before) - 1
            s = after
