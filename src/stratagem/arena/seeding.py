"""The seed of a game a person starts without naming one.

``$STRATAGEM_SEED`` names it when set (a script, a test suite or a class that wants the
same game every time); otherwise each game gets a new seed, from the operating system's
randomness, in a range too large for a player to try every seed against what they see
of the deal. While the game goes on the seed is not shown to the players of a game with
dice or hidden cards (the command line tells it when the game ends): the dice to come
and every card dealt follow from it.
"""

from __future__ import annotations

import os
import secrets
from typing import Any

SEED_BITS = 48
"""How many random bits a new seed has."""

ENV = "STRATAGEM_SEED"


def seed_tells(game: Any) -> bool:
    """Whether a game's seed tells what its players must not know yet: the game has dice
    (the rolls to come) or hidden information (the cards dealt)."""
    info = game.info
    return bool(info.chance or info.hidden)


def seed_is_set() -> bool:
    """Whether ``$STRATAGEM_SEED`` names the seed of games started without one."""
    return bool(os.environ.get(ENV, "").strip())


def new_seed() -> int:
    """``$STRATAGEM_SEED`` when it is set, else a new random seed. ``ValueError`` (one
    line) when the variable is not a whole number."""
    text = os.environ.get(ENV, "").strip()
    if not text:
        return secrets.randbits(SEED_BITS)
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{ENV} is {text!r}: it takes a whole number") from None


__all__ = ["ENV", "SEED_BITS", "new_seed", "seed_is_set", "seed_tells"]
