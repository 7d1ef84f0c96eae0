"""Did a rules change move the balance? Two tournaments, before and after, compared.

A designer edits a rules file and plays the same tournament (same agents, games,
seed) on the old and the new version, each into its own results file. ``compare``
sets their figures side by side, over distinct games (``arena.balance``):

- each side's win rate, and in a two-player game the first side's share of the
  side-decided seat-rotated pairs;
- each agent's win rate.

For each figure it gives the difference (after minus before) with Newcombe's
hybrid score interval for a difference of two independent proportions (method
10, built from the two Wilson intervals), and says the change *moved* it only
when that 95% interval excludes zero.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .balance import MIN_DISTINCT, Balance, Rate
from .stats import wilson

NEWCOMBE = ("difference of proportions, 95% Newcombe hybrid score interval (from the two "
            "Wilson intervals)")


def newcombe(k1: float, n1: int, k2: float, n2: int) -> tuple[float, float]:
    """The 95% interval of ``k2/n2 - k1/n1`` (Newcombe's method 10)."""
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    d = p2 - p1
    low = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return (max(-1.0, low), min(1.0, high))


@dataclass(frozen=True)
class Shift:
    """One figure before and after the change."""

    name: str
    before: Rate
    after: Rate
    interval: tuple[float, float] | None
    """Of the difference, after minus before (``None``: too few distinct games)."""

    @property
    def difference(self) -> float:
        return self.after.value - self.before.value

    @property
    def moved(self) -> bool:
        return self.interval is not None and (self.interval[0] > 0 or self.interval[1] < 0)

    def text(self) -> str:
        head = (f"{self.name}: {100 * self.before.value:.1f}% (n={self.before.n}) → "
                f"{100 * self.after.value:.1f}% (n={self.after.n})")
        if self.interval is None:
            return f"{head}; too few distinct games to test"
        low, high = self.interval
        verdict = "moved" if self.moved else "no shift shown"
        return (f"{head}, difference {100 * self.difference:+.1f} points "
                f"({100 * low:+.1f} to {100 * high:+.1f}): {verdict}")


def _shift(name: str, before: Rate, after: Rate) -> Shift:
    enough = before.n >= MIN_DISTINCT and after.n >= MIN_DISTINCT
    interval = (newcombe(before.successes, before.n, after.successes, after.n)
                if enough else None)
    return Shift(name, before, after, interval)


@dataclass
class Comparison:
    """The figures of two tournaments, before and after a rules change."""

    shifts: list[Shift] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def moved(self) -> list[Shift]:
        return [s for s in self.shifts if s.moved]

    def lines(self) -> list[str]:
        """The comparison as text, the verdict first."""
        out = list(self.warnings)
        if self.moved:
            out.append("the change moved the balance: " + "; ".join(
                s.name for s in self.moved) + ".")
        elif any(s.interval is not None for s in self.shifts):
            out.append("no shift shown: every difference's interval holds zero.")
        out.extend(s.text() for s in self.shifts)
        out.append(f"test: {NEWCOMBE}.")
        return out


def compare(before: Balance, after: Balance) -> Comparison:
    """Each side's and each agent's win rate before and after, with the test of the change."""
    out = Comparison()
    if before.players != after.players:
        out.warnings.append(f"the sides differ ({', '.join(before.players)} before, "
                            f"{', '.join(after.players)} after): only common ones compared")
    if sorted(before.labels) != sorted(after.labels):
        out.warnings.append("the agents differ between the two tournaments: the comparison "
                            "mixes the rules change with the change of agents")
    for when, b in (("before", before), ("after", after)):
        if b.distinct < MIN_DISTINCT:
            out.warnings.append(f"{b.distinct} distinct games of {b.games} {when} the change: "
                                f"fewer than {MIN_DISTINCT} give no test")
    sides = dict(zip(after.players, after.sides, strict=True))
    for side, rate_before in zip(before.players, before.sides, strict=True):
        if side in sides:
            out.shifts.append(_shift(f"{side}'s win rate", rate_before, sides[side]))
    if before.pairs is not None and after.pairs is not None and before.pairs.decided \
            and after.pairs.decided and before.players == after.players:
        first = before.players[0]
        unit = after.pairs.unit if after.pairs.unit == before.pairs.unit else "deals"
        out.shifts.append(_shift(
            f"{first}'s share of side-decided {unit}",
            Rate(before.pairs.first, before.pairs.decided, None),
            Rate(after.pairs.first, after.pairs.decided, None)))
    for agent, rate_before in before.agents.items():
        if agent in after.agents:
            out.shifts.append(_shift(f"{agent}'s win rate", rate_before, after.agents[agent]))
    return out


__all__ = ["NEWCOMBE", "Comparison", "Shift", "compare", "newcombe"]
