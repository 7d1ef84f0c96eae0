"""Tournament results: win/draw/loss per agent and per seat, Wilson intervals, ratings,
and each two entrants head to head (``arena.head_to_head``).

Everything here is computed from the stored games in schedule order, so the same
games give the same summary whichever backend played them.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import asdict, dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from ..engine import drawn
from .head_to_head import Pairing, head_to_head
from .tournament import GameRow, Tournament

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``(0, 1)`` when ``n`` is 0)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def result_of(row: GameRow, seat: int) -> str:
    """``"win"``, ``"draw"`` or ``"loss"`` for the player in ``seat``."""
    if drawn(row.winners, row.ranks):
        return "draw"
    return "win" if seat in row.winners else "loss"


@dataclass
class Line:
    """Results of one agent (or one agent in one seat)."""

    agent: str
    seat: str = ""
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    decisions: int = 0
    think: float = 0.0
    length: int = 0
    slow: int = 0
    forfeits: int = 0
    mu: float = 0.0
    sigma: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def score(self) -> float:
        """Wins plus half the draws, per game."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    @property
    def ms_per_decision(self) -> float:
        return 1000 * self.think / self.decisions if self.decisions else 0.0

    @property
    def mean_length(self) -> float:
        return self.length / self.games if self.games else 0.0

    @property
    def rating(self) -> float:
        """A conservative skill estimate: ``mu - 3 sigma`` (openskill's ordinal)."""
        return self.mu - 3 * self.sigma

    def as_dict(self) -> dict[str, Any]:
        low, high = self.interval
        doc = asdict(self)
        doc.update(win_rate=round(self.win_rate, 4), win_low=round(low, 4),
                   win_high=round(high, 4), score=round(self.score, 4),
                   ms_per_decision=round(self.ms_per_decision, 3),
                   mean_length=round(self.mean_length, 2), rating=round(self.rating, 3),
                   mu=round(self.mu, 3), sigma=round(self.sigma, 3), think=round(self.think, 3))
        return doc


@dataclass
class Summary:
    """A tournament's results."""

    tournament: Tournament
    players: tuple[str, ...]
    total: int
    """Games in the schedule."""
    played: int
    agents: list[Line] = field(default_factory=list)
    seats: list[Line] = field(default_factory=list)
    head_to_head: list[Pairing] = field(default_factory=list)
    """Each two entrants against each other (three or more entrants; two in solitaire)."""

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.tournament.game, "scenario": self.tournament.scenario,
                "tournament": self.tournament.key, "games": self.played,
                "scheduled": self.total, "players": list(self.players),
                "seat_orders": self.tournament.seat_orders,
                "agents": [a.as_dict() for a in self.agents],
                "seats": [s.as_dict() for s in self.seats],
                "head_to_head": [p.as_dict() for p in self.head_to_head]}

    def to_csv(self) -> str:
        """One row per agent, one per agent and seat (``seat`` empty for the totals), and
        one per pairing head to head (``opponent`` set: the games between the two, the
        agent's wins and losses against the opponent, and the pairing's test)."""
        buf = io.StringIO()
        cols = ["agent", "seat", "games", "wins", "draws", "losses", "win_rate", "win_low",
                "win_high", "score", "rating", "mu", "sigma", "mean_length",
                "ms_per_decision", "slow", "forfeits", "opponent", "deals", "deals_won",
                "deals_lost", "p_value", "holm_p", "ahead"]
        writer = csv.DictWriter(buf, fieldnames=cols, extrasaction="ignore",
                                lineterminator="\n")
        writer.writeheader()
        for line in [*self.agents, *self.seats]:
            writer.writerow(line.as_dict())
        for pairing in self.head_to_head:
            doc = pairing.as_dict()
            del doc["low"], doc["high"]  # (the deals' interval: in the JSON)
            doc["win_rate"] = round(pairing.wins / pairing.games, 4) if pairing.games else 0
            writer.writerow(doc)
        return buf.getvalue()


def _add(line: Line, row: GameRow, seat: int) -> None:
    line.games += 1
    outcome = result_of(row, seat)
    if outcome == "win":
        line.wins += 1
    elif outcome == "draw":
        line.draws += 1
    else:
        line.losses += 1
    line.decisions += row.moves[seat]
    line.think += row.think[seat]
    line.length += row.decisions
    line.slow += row.slow[seat]
    line.forfeits += row.forfeit == seat


def ratings(tournament: Tournament, rows: list[GameRow]) -> list[tuple[float, float]]:
    """``(mu, sigma)`` per entrant: a Plackett-Luce rating (openskill) of every game, in
    schedule order. A game of one seat (a solitaire game) rates no one: an agent is then
    measured by its win rate against the game alone."""
    model = PlackettLuce()
    table = [model.rating(name=label) for label in tournament.labels]
    for row in rows:
        if len(row.seats) < 2:
            continue
        teams = [[table[e]] for e in row.seats]
        rated = model.rate(teams, ranks=[float(r) for r in row.ranks])
        for e, team in zip(row.seats, rated, strict=True):
            table[e] = team[0]
    return [(r.mu, r.sigma) for r in table]


def summarize(tournament: Tournament, players: tuple[str, ...], rows: list[GameRow],
              total: int) -> Summary:
    """Per agent and per seat results, with ratings, best-rated agent first."""
    labels = tournament.labels
    agents = [Line(label) for label in labels]
    seats = {(e, p): Line(labels[e], players[p]) for e in range(len(labels))
             for p in range(len(players))}
    rows = sorted(rows, key=lambda r: r.index)
    for row in rows:
        for p, e in enumerate(row.seats):
            _add(agents[e], row, p)
            _add(seats[e, p], row, p)
    for line, (mu, sigma) in zip(agents, ratings(tournament, rows), strict=True):
        line.mu, line.sigma = mu, sigma
    if len(players) < 2:  # a solitaire game: the best win rate first (no one is rated)
        order = sorted(range(len(agents)), key=lambda i: (-agents[i].win_rate, i))
    else:
        order = sorted(range(len(agents)), key=lambda i: (-agents[i].rating, i))
    return Summary(tournament, players, total, len(rows), [agents[i] for i in order],
                   [seats[i, p] for i in order for p in range(len(players))
                    if seats[i, p].games], head_to_head(tournament, len(players), rows))
