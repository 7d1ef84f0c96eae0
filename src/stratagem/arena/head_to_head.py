"""Head to head: how each two entrants of a tournament fared against each other.

An entrant's totals mix its opponents: in a round robin of three, one agent may win more
games overall while losing to another head to head. So for every two entrants that met
(in a game of two or more seats: sat in one game; in a solitaire game: played the same
deal, each against the game) the table gives the games, the wins each way (one is ranked
above the other, or won the deal the other lost) and the draws (ranked level), over
distinct games (``distinct``: repeats count once).

The test reads **deals**, as the side test reads seat-rotated pairs: the games of one
seed and one line-up (the seat orders of a deal, or each entrant's game of a solitaire
deal) favour the entrant ranked above the other in more of them, and a deal each won as
often says nothing. The share of the decided deals the first entrant won is tested
against one half with an exact two-sided sign test, given with its exact interval, and
the p-values of all the pairings are adjusted together by Holm's method: a round robin
of four agents is six comparisons, and one of six is "significant" at 5% by luck far
more often than one in twenty. A pairing is called only from ``MIN_DISTINCT`` deals on,
when its adjusted p is below 0.05.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from ..engine import drawn
from .distinct import MIN_DISTINCT, distinct_rows
from .inference import LEVEL, clopper_pearson, holm, sign_test
from .tournament import GameRow, Tournament

HEAD_TO_HEAD_TEST = ("exact two-sided sign test (binomial, p = 1/2) on the deals one of the "
                     "two won, with its 95% Clopper-Pearson interval, Holm-adjusted for the "
                     "number of pairings")


@dataclass(frozen=True)
class Pairing:
    """Two entrants' results against each other (``agent`` is the one entered first)."""

    agent: str
    opponent: str
    games: int
    wins: int
    """Games ``agent`` finished above ``opponent`` (solitaire: won, the opponent not)."""
    losses: int
    draws: int
    deals: int
    deals_won: int
    """Deals that favour ``agent``."""
    deals_lost: int
    p_value: float
    interval: tuple[float, float] | None
    """``agent``'s share of the decided deals, exact 95%; ``None`` below ``MIN_DISTINCT``
    deals."""
    adjusted: float = 1.0
    """``p_value`` adjusted by Holm's method for every pairing of the table."""

    @property
    def decided(self) -> int:
        return self.deals_won + self.deals_lost

    @property
    def ahead(self) -> str | None:
        """The entrant the test says is stronger, if it says so."""
        if self.interval is None or self.adjusted >= LEVEL or not self.decided:
            return None
        return self.agent if self.deals_won > self.deals_lost else self.opponent

    def text(self) -> str:
        """``markers won 19 and stop_after_3 7 of the 26 deals one of them won (…)``."""
        interval = ("" if self.interval is None else
                    f"{100 * self.interval[0]:.1f}–{100 * self.interval[1]:.1f}%, ")
        return (f"{self.agent} won {self.deals_won} and {self.opponent} {self.deals_lost} of "
                f"the {self.decided} deals one of them won ({interval}p = {self.p_value:.3g}, "
                f"Holm-adjusted p = {self.adjusted:.3g})")

    def as_dict(self) -> dict[str, Any]:
        return {"agent": self.agent, "opponent": self.opponent, "games": self.games,
                "wins": self.wins, "draws": self.draws, "losses": self.losses,
                "deals": self.deals, "deals_won": self.deals_won,
                "deals_lost": self.deals_lost, "p_value": round(self.p_value, 6),
                "holm_p": round(self.adjusted, 6),
                "low": None if self.interval is None else round(self.interval[0], 4),
                "high": None if self.interval is None else round(self.interval[1], 4),
                "ahead": self.ahead, "test": HEAD_TO_HEAD_TEST}


class _Tally:
    def __init__(self) -> None:
        self.games = self.wins = self.losses = self.draws = 0
        self.deals: dict[Any, int] = {}

    def add(self, deal: Any, sign: int) -> None:
        self.games += 1
        if sign > 0:
            self.wins += 1
        elif sign < 0:
            self.losses += 1
        else:
            self.draws += 1
        self.deals[deal] = self.deals.get(deal, 0) + sign


def _score(row: GameRow) -> float:
    """A solitaire game's result: 1 won, 1/2 drawn, 0 lost."""
    if drawn(row.winners, row.ranks):
        return 0.5
    return 1.0 if 0 in row.winners else 0.0


def _sign(x: float) -> int:
    return (x > 0) - (x < 0)


def head_to_head(tournament: Tournament, players: int,
                 rows: Sequence[GameRow]) -> list[Pairing]:
    """Every pairing of two agents that met, in entry order: for three or more entrants in
    a game of two or more seats, or two or more in a solitaire game (none otherwise: two
    entrants' results against each other are the results table). Entrants of one code
    are one agent: they are not compared with each other."""
    labels = tournament.labels
    if not rows or len(labels) < (2 if players == 1 else 3):
        return []
    tallies: dict[tuple[int, int], _Tally] = {}
    seated = distinct_rows(rows, seated=True)
    if players == 1:  # each entrant's game of a deal, against the game
        deals: dict[int, dict[int, float]] = {}
        for row in seated:
            deals.setdefault(row.seed, {}).setdefault(row.seats[0], _score(row))
        for seed, scores in deals.items():
            for a, b in combinations(sorted(scores), 2):
                tallies.setdefault((a, b), _Tally()).add(seed, _sign(scores[a] - scores[b]))
    else:
        for row in seated:
            deal = (row.seed, tuple(sorted(row.seats)))
            for pa, pb in combinations(range(players), 2):
                (a, ra), (b, rb) = sorted([(row.seats[pa], row.ranks[pa]),
                                           (row.seats[pb], row.ranks[pb])])
                tallies.setdefault((a, b), _Tally()).add(deal, _sign(rb - ra))
    out = []
    for (a, b), t in sorted(tallies.items()):
        if tournament.agents[a] == tournament.agents[b]:
            continue  # one agent under two numbered names: itself against itself

        won = sum(1 for s in t.deals.values() if s > 0)
        lost = sum(1 for s in t.deals.values() if s < 0)
        decided = won + lost
        interval = (clopper_pearson(won, decided)
                    if len(t.deals) >= MIN_DISTINCT and decided else None)
        out.append(Pairing(labels[a], labels[b], t.games, t.wins, t.losses, t.draws,
                           len(t.deals), won, lost, sign_test(won, decided), interval))
    adjusted = holm([p.p_value for p in out])
    return [replace(p, adjusted=q) for p, q in zip(out, adjusted, strict=True)]


__all__ = ["HEAD_TO_HEAD_TEST", "Pairing", "head_to_head"]
