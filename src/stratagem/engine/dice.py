"""Exact dice distributions.

A ``Distribution`` is a finite list of integer outcomes with integer weights,
so probabilities are exact (``weight / total``) and sampling takes one draw
from the state's generator. Common shapes (``NdS``, keep highest/lowest) are
built once and cached; a modifier shifts a cached distribution for free.
"""

from __future__ import annotations

import bisect
import itertools
import math
import operator
from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache


class Distribution:
    """Integer outcomes with integer weights; immutable and hashable."""

    __slots__ = ("_cumulative", "label", "total", "values", "weights")

    def __init__(self, pairs: Iterable[tuple[int, int]], label: str = "") -> None:
        merged: dict[int, int] = {}
        for value, weight in pairs:
            if weight < 0:
                raise ValueError("dice weights must be non-negative")
            if weight:
                merged[value] = merged.get(value, 0) + weight
        if not merged:
            raise ValueError("a distribution needs at least one outcome")
        values = tuple(sorted(merged))
        self.values: tuple[int, ...] = values
        self.weights: tuple[int, ...] = tuple(merged[v] for v in values)
        self.total: int = sum(self.weights)
        self._cumulative = tuple(itertools.accumulate(self.weights))
        self.label = label

    def pick(self, r: int) -> int:
        """The outcome for a uniform integer ``r`` in ``range(self.total)``."""
        return self.values[bisect.bisect_right(self._cumulative, r)]

    def grouped(self) -> Distribution:
        """The values ``outcomes`` lists: those that lead to results someone could tell
        apart. A roll's values are all listed (this distribution itself); a draw of cards
        no one can tell apart lists one value per kind of card (``knowledge.CardDraw``)."""
        return self

    def probability(self, value: int) -> Fraction:
        """The exact probability of ``value``."""
        try:
            return Fraction(self.weights[self.values.index(value)], self.total)
        except ValueError:
            return Fraction(0)

    def items(self) -> list[tuple[int, Fraction]]:
        """``(value, exact probability)`` for every outcome, ascending."""
        pairs = zip(self.values, self.weights, strict=True)
        return [(v, Fraction(w, self.total)) for v, w in pairs]

    def mean(self) -> Fraction:
        """The exact expected value."""
        pairs = zip(self.values, self.weights, strict=True)
        return Fraction(sum(v * w for v, w in pairs), self.total)

    def shifted(self, k: int) -> Distribution:
        """This distribution plus a constant."""
        if k == 0:
            return self
        label = f"{self.label}{k:+d}" if self.label else ""
        pairs = zip(self.values, self.weights, strict=True)
        return Distribution(((v + k, w) for v, w in pairs), label)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Distribution)
            and self.values == other.values
            and self.weights == other.weights
        )

    def __hash__(self) -> int:
        return hash((self.values, self.weights))

    def __repr__(self) -> str:
        return f"Distribution({self.label or list(zip(self.values, self.weights, strict=True))})"


def constant(value: int) -> Distribution:
    """A roll that always gives ``value``."""
    return Distribution([(value, 1)], str(value))


MAX_DICE = 1000
"""Most dice in one pool."""
MAX_OUTCOMES = 100_000
"""Most totals a summed pool may have (``count × (sides − 1) + 1``)."""
MAX_SUM_WORK = 10_000_000
"""Bound on ``count² × (sides − 1)`` for a summed pool: the number of big-integer
steps building its exact distribution takes is about half of it, so the largest
pools allowed (100d1000, 316d100, 1000d10) are built in well under a second."""
MAX_KEEP_WORK = 10_000_000
"""Bound on ``sides × keep × (keep × sides + 1) × (count + 1)`` for a pool that
keeps more than one but not all of its dice (an upper bound of the steps its
exact distribution takes to build: 4d6kh3 takes 2000, 10d20kh5 takes 110000)."""


@lru_cache(maxsize=4096)
def dice(count: int, sides: int, keep_highest: int | None = None,
         keep_lowest: int | None = None) -> Distribution:
    """The exact distribution of ``count`` dice with ``sides`` faces, summed.

    With ``keep_highest``/``keep_lowest`` only that many dice count (advantage
    is ``dice(2, 20, keep_highest=1)``). Zero dice give a constant 0. Pools past
    ``MAX_DICE``, ``MAX_SUM_WORK`` or ``MAX_KEEP_WORK`` raise ``ValueError``.
    """
    if count < 0 or sides < 1:
        raise ValueError(f"cannot roll {count}d{sides}")
    label = f"{count}d{sides}"
    if count > MAX_DICE or count * (sides - 1) >= MAX_OUTCOMES \
            or count * count * (sides - 1) > MAX_SUM_WORK:
        raise ValueError(f"{label} is too large to roll exactly (at most {MAX_DICE} dice, "
                         f"{MAX_OUTCOMES} totals, and dice² × (sides − 1) at most "
                         f"{MAX_SUM_WORK}: 100d1000, 316d100 and 1000d10 are the largest)")
    keep = keep_highest if keep_highest is not None else keep_lowest
    if keep is not None and not 0 < keep <= count:
        raise ValueError(f"cannot keep {keep} of {count} dice")
    if count == 0:
        return Distribution([(0, 1)], label)
    if keep is None or keep == count:
        suffix = "" if keep is None else ("kh" if keep_highest is not None else "kl") + str(keep)
        return Distribution(zip(range(count, count * sides + 1), _sum_weights(count, sides),
                                strict=True), label + suffix)
    highest = keep_highest is not None
    suffix = f"kh{keep}" if highest else f"kl{keep}"
    if keep == 1:
        return Distribution(_extreme(count, sides, highest), label + suffix)
    if sides * keep * (keep * sides + 1) * (count + 1) > MAX_KEEP_WORK:
        raise ValueError(f"{label}{suffix} is too large to roll exactly")
    return Distribution(_kept(count, sides, keep, highest).items(), label + suffix)


@lru_cache(maxsize=4096)
def successes(count: int, sides: int, at_least: int) -> Distribution:
    """How many of ``count`` dice with ``sides`` faces show ``at_least`` or more.

    The exact binomial distribution of a pool read for successes (hits, saves)
    rather than summed. A target above ``sides`` never succeeds, one of 1 or less
    always does. Pools past ``MAX_DICE`` raise ``ValueError``.
    """
    if count < 0 or sides < 1:
        raise ValueError(f"cannot roll {count}d{sides}")
    if count > MAX_DICE:
        raise ValueError(f"{count}d{sides} is too large to roll exactly (at most {MAX_DICE} dice)")
    label = f"{count}d{sides}>={at_least}"
    good = min(sides, max(0, sides - at_least + 1))
    bad = sides - good
    return Distribution(((k, math.comb(count, k) * good**k * bad ** (count - k))
                         for k in range(count + 1)), label)


MAX_POOL = 100_000
"""Most different rolls a pool kept die by die may have (``faces``): 20d6 has 53,130,
10d10 92,378."""


class Pool(Distribution):
    """``count`` dice with ``sides`` faces kept die by die, not summed: each value is the
    number of one roll in ``faces``, the dice highest first (``(6, 5, 5, 2)``); its
    weight is how many ways the dice show it. A roll of it binds the tuple of faces and
    records each die (``Resolver.draw_pool``); ``game.outcomes`` lists one outcome per
    such roll, so five d6 are 252 outcomes, not the 7,776 of five rolls one by one."""

    __slots__ = ("count", "faces", "index", "sides")

    def __init__(self, count: int, sides: int) -> None:
        faces = tuple(itertools.combinations_with_replacement(range(sides, 0, -1), count))
        whole = math.factorial(count)
        weights = []
        for roll in faces:
            ways = whole
            for run in (len(list(g)) for _, g in itertools.groupby(roll)):
                ways //= math.factorial(run)
            weights.append(ways)
        super().__init__(enumerate(weights), f"{count}d{sides} kept die by die")
        self.count = count
        self.sides = sides
        self.faces: tuple[tuple[int, ...], ...] = faces
        self.index: dict[tuple[int, ...], int] = {f: i for i, f in enumerate(faces)}

    def shifted(self, k: int) -> Distribution:
        raise ValueError(f"{self.label} is a list of faces once rolled, not a total: roll "
                         "it, then add to its faces (`sum(faces) + 2`)")


@lru_cache(maxsize=256)
def faces(count: int, sides: int) -> Pool:
    """The dice of a pool kept die by die (``Pool``): ``faces(5, 6)``. Pools of more than
    ``MAX_POOL`` different rolls raise ``ValueError``."""
    if count < 0 or sides < 1:
        raise ValueError(f"cannot roll {count}d{sides}")
    if count > MAX_DICE or math.comb(count + sides - 1, count) > MAX_POOL:
        raise ValueError(f"{count}d{sides} kept die by die has "
                         f"{math.comb(count + sides - 1, count):,} different rolls, more than "
                         f"{MAX_POOL:,} (20d6 and 10d10 are within it); sum the dice "
                         f"(`dice({count}, {sides})`) or count them (`successes`) instead")
    return Pool(count, sides)


def _sum_weights(count: int, sides: int) -> list[int]:
    """How many ways each total ``count .. count * sides`` of ``count`` dice comes up.

    Adding a die replaces each weight by the sum of the ``sides`` weights ending at
    it, which two prefix sums give at once, so a die costs one pass over the list
    instead of ``sides`` passes. The list is symmetric, so only its first half is
    computed and mirrored.
    """
    weights = [1] * sides  # one die
    for n in range(2, count + 1):
        length = n * (sides - 1) + 1
        half = (length + 1) // 2  # weights[0 .. half-1] are computed, the rest mirrored
        prefix = list(itertools.accumulate(itertools.islice(weights, half), initial=0))
        # new[j] = prefix[j + 1] - prefix[j + 1 - sides] (a prefix below 0 is 0)
        lower = itertools.chain(itertools.repeat(0, sides - 1), prefix)
        first = list(map(operator.sub, itertools.islice(prefix, 1, half + 1), lower))
        weights = first + first[:length - half][::-1]
    return weights


def _extreme(count: int, sides: int, highest: bool) -> list[tuple[int, int]]:
    """The highest (or lowest) of ``count`` dice: ``x**count - (x - 1)**count`` ways to be x."""
    ways = [x**count - (x - 1) ** count for x in range(1, sides + 1)]
    if highest:
        return list(zip(range(1, sides + 1), ways, strict=True))
    return list(zip(range(sides, 0, -1), ways, strict=True))


def _kept(count: int, sides: int, keep: int, highest: bool) -> dict[int, int]:
    """Totals of the ``keep`` highest (or lowest) of ``count`` dice, with their weights.

    The faces are dealt out best first, and the first ``keep`` dice dealt are the
    kept ones. A state is (dice dealt so far, total of those); dealing ``j`` more
    dice the next face counts ``C(dice left, j)`` ways. Once ``keep`` dice are
    dealt the total is settled, and the dice still left may show any of the
    faces after this one.
    """
    faces = range(sides, 0, -1) if highest else range(1, sides + 1)
    choose = [[math.comb(n, j) for j in range(n + 1)] for n in range(count + 1)]
    states: dict[tuple[int, int], int] = {(0, 0): 1}  # fewer than `keep` dice dealt
    settled: dict[int, int] = {}
    for i, face in enumerate(faces):
        later = sides - i - 1  # faces after this one
        power = [later**e for e in range(count + 1)]
        step: dict[tuple[int, int], int] = {}
        for (dealt, total), ways in states.items():
            left = count - dealt
            row = choose[left]
            for j in range(0 if later else left, left + 1):
                now = dealt + j
                if now < keep:
                    key = (now, total + j * face)
                    step[key] = step.get(key, 0) + ways * row[j]
                else:
                    kept = total + (keep - dealt) * face
                    settled[kept] = settled.get(kept, 0) + ways * row[j] * power[left - j]
        states = step
    return settled
