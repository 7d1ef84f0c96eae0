"""The state's own random number generator.

The whole generator is one 64-bit integer carried in the state, so copying a
state copies its future dice, serializing it is trivial, and nothing ever
touches Python's global ``random``. The generator is SplitMix64: one draw is a
few integer operations, and every draw advances the state by exactly one step,
which is what lets explicit-chance resolution keep the same stream as sampled
resolution (see ``engine.runtime``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The generator state for a user seed (any integer, negative included)."""
    return mix(seed & MASK)


def mix(z: int) -> int:
    """SplitMix64's output function: a well-scrambled 64-bit value of ``z``."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & MASK
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & MASK
    return z ^ (z >> 31)


def next_state(state: int) -> int:
    """The generator state after one draw."""
    return (state + GOLDEN) & MASK


def draw(state: int, n: int) -> int:
    """A value in ``range(n)`` from the draw at ``state`` (Lemire's multiply-shift)."""
    return (mix((state + GOLDEN) & MASK) * n) >> 64


class Rng:
    """A small stand-alone generator for agents and drivers (never the global one)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed_state(seed)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        value = draw(self.state, n)
        self.state = next_state(self.state)
        return value

    def choice(self, items: tuple[object, ...] | list[object]) -> object:
        """A uniform pick from a non-empty sequence."""
        return items[self.below(len(items))]

    def pick_weighted(self, weights: Sequence[int]) -> int:
        """An index drawn with probability proportional to its integer weight (one draw:
        a uniform value below the total, then the weight it falls in)."""
        r = self.below(sum(weights))
        i = 0
        while r >= weights[i]:
            r -= weights[i]
            i += 1
        return i

    def shuffle(self, items: list[Any]) -> None:
        """Put ``items`` in a uniformly random order, in place (Fisher–Yates: one draw
        below ``i + 1`` for each place ``i`` from the last down)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in [0, 1)."""
        return self.below(1 << 53) / (1 << 53)

    def fork(self) -> int:
        """A fresh seed derived from this generator, for a child generator."""
        return self.below(1 << 62)
