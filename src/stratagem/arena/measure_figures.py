"""The figures of a tournament's own measures (``arena.measures``), per side and per agent.

Each game stores, per seat, how many times a measure's test held after the seat's action
and of how many such actions, or the value read at the game's end. Here they become
figures per game over distinct games (repeats count once, as everywhere in the report):
for each side, and for each agent when the entrants differ.

- A measure read after an action: how many times it held per game, of how many actions
  per game, and the share of those actions it held after.
- A measure read at the end: its mean, and its mean over the games that side (or agent)
  won ("turns to win").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import drawn
from .distinct import distinct_rows
from .measures import split_measure
from .tournament import GameRow, Tournament


@dataclass
class Reading:
    """One measure for one side or agent, summed over its games."""

    who: str
    games: int = 0
    held: float = 0.0
    times: float = 0.0
    total: float = 0.0
    """Sum of the end values."""
    won: int = 0
    total_won: float = 0.0
    """Sum of the end values in the games won."""

    @property
    def per_game(self) -> float:
        return self.held / self.games if self.games else 0.0

    @property
    def times_per_game(self) -> float:
        return self.times / self.games if self.games else 0.0

    @property
    def share(self) -> float | None:
        return self.held / self.times if self.times else None

    @property
    def mean(self) -> float:
        return self.total / self.games if self.games else 0.0

    @property
    def mean_won(self) -> float | None:
        return self.total_won / self.won if self.won else None

    def text(self, action: str | None) -> str:
        """``red 1.20 of 12.30 throw (9.8%)`` or ``red 9.30 (8.10 in its 22 wins)``."""
        if action is not None:
            share = "" if self.share is None else f" ({100 * self.share:.1f}%)"
            return (f"{self.who} {self.per_game:.2f} of {self.times_per_game:.2f} "
                    f"{action}{share}")
        won = ("no win" if self.mean_won is None else
               f"{self.mean_won:.2f} in its {self.won} win{'s' * (self.won != 1)}")
        return f"{self.who} {self.mean:.2f} ({won})"

    def as_dict(self, action: str | None) -> dict[str, Any]:
        doc: dict[str, Any] = {"who": self.who, "games": self.games}
        if action is not None:
            doc.update(held=self.held, times=self.times, per_game=round(self.per_game, 4),
                       times_per_game=round(self.times_per_game, 4),
                       share=None if self.share is None else round(self.share, 4))
        else:
            doc.update(mean=round(self.mean, 4), won=self.won,
                       mean_won=None if self.mean_won is None else round(self.mean_won, 4))
        return doc


@dataclass
class MeasureFigure:
    """One measure's figures: per side, and per agent (when the entrants differ)."""

    name: str
    action: str | None
    """The action it is read after (``None``: at the game's end)."""
    expression: str
    games: int
    """Distinct games read."""
    sides: list[Reading] = field(default_factory=list)
    agents: list[Reading] = field(default_factory=list)

    @property
    def heading(self) -> str:
        when = f"after each {self.action}" if self.action is not None else "at the end"
        return f"{self.name} ({when}: {self.expression})"

    def lines(self) -> list[str]:
        """The figure as lines for a terminal."""
        per = ("times it held per game, of the actions" if self.action is not None
               else "per game, and in the games won")
        out = [f"measure {self.heading}, {per}, over {self.games} distinct games: "
               + ", ".join(r.text(self.action) for r in self.sides)]
        if self.agents:
            out.append("  by agent: " + ", ".join(r.text(self.action) for r in self.agents))
        return out

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "action": self.action, "expression": self.expression,
                "games": self.games, "sides": [r.as_dict(self.action) for r in self.sides],
                "agents": [r.as_dict(self.action) for r in self.agents]}


def _won(row: GameRow, seat: int) -> bool:
    return seat in row.winners and not drawn(row.winners, row.ranks)


def _read(reading: Reading, row: GameRow, seat: int, name: str, after: bool) -> None:
    figures = row.stats.get("measures", {}).get(name)
    if figures is None:  # (a game stored without the measure: not read)
        return
    reading.games += 1
    if after:
        reading.held += figures["held"][seat]
        reading.times += figures["times"][seat]
    else:
        value = figures["value"][seat]
        reading.total += value
        if _won(row, seat):
            reading.won += 1
            reading.total_won += value


def measure_figures(tournament: Tournament, players: tuple[str, ...],
                    rows: Sequence[GameRow]) -> list[MeasureFigure]:
    """The figures of every measure of the tournament, over its distinct games (read from
    what each game stored: the measures are not compiled again, so a report reads them
    whatever became of the rules since)."""
    if not tournament.measures or not rows:
        return []
    unique = distinct_rows(rows)
    seated = distinct_rows(rows, seated=True)
    labels = tournament.labels
    alike = len(set(tournament.agents)) == 1
    out = []
    for spec in tournament.measures:
        name, action, expression = split_measure(spec)
        figure = MeasureFigure(name, action, expression, len(unique))
        after = action is not None
        figure.sides = [Reading(side) for side in players]
        for row in unique:
            for p in range(len(players)):
                _read(figure.sides[p], row, p, name, after)
        if not alike:
            agents = {label: Reading(label) for label in labels}
            for row in seated:
                for p, e in enumerate(row.seats):
                    _read(agents[labels[e]], row, p, name, after)
            figure.agents = [r for r in agents.values() if r.games]
        out.append(figure)
    return out


__all__ = ["MeasureFigure", "Reading", "measure_figures"]
