"""Which stored games are samples: two games are the same game when their recorded moves
are (and, when dice were rolled, their seed). Every figure of the balance report and the
head-to-head table counts each distinct game once.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from .tournament import GameRow

MIN_DISTINCT = 10
"""Fewer distinct games (or deals) than this give no interval and no claim."""


def game_key(row: GameRow) -> str:
    """A fingerprint of what happened in a game: its moves in order (not who played them).

    A game that rolled dice is also told apart by its seed: two deals whose dice happen
    to fall alike are two samples of the dice (in a small game they often do), while
    the seat-rotated games of one deal, or of a game without dice, that repeat each
    other's moves are one game played again.
    """
    try:
        records = json.loads(row.replay)["records"]
    except (ValueError, KeyError, TypeError):
        records = [row.seed, row.index]  # no replay: every game counts as its own
    if any(len(r) > 2 and r[2] for r in records):
        records = [row.seed, records]
    return hashlib.sha256(json.dumps(records, separators=(",", ":")).encode()).hexdigest()[:16]


def distinct_rows(rows: Sequence[GameRow], seated: bool = False) -> list[GameRow]:
    """The first game of each distinct ``game_key``, in schedule order; ``seated``: of
    each ``game_key`` and seating (the same moves with the agents' seats swapped are
    another game for each agent)."""
    seen: set[Any] = set()
    out = []
    for row in sorted(rows, key=lambda r: r.index):
        key = (game_key(row), row.seats) if seated else game_key(row)
        if key not in seen:
            seen.add(key)
            out.append(row)
    return out


__all__ = ["MIN_DISTINCT", "distinct_rows", "game_key"]
