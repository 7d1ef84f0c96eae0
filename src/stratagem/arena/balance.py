"""Balance figures a designer can trust: distinct games, named tests, claims only when supported.

A tournament's games are not always independent samples. A game without dice,
played by deterministic agents, repeats itself: twenty games of it are one
game. So every figure here is computed over **distinct games** (two games are
the same when their recorded moves are, and, if dice were rolled, their seed:
``game_key``), the report
says how many there are, and with fewer than ``MIN_DISTINCT`` it gives no
interval at all.

- **Sides.** Each side's win rate over distinct games, with a 95% Wilson score
  interval. In a two-player tournament the side effect is measured on
  seat-rotated pairs: the two games of one deal, the same agents in swapped
  seats. A pair whose one side won both games (or won one and drew one) says
  that side is favoured; a pair the same agent won twice says nothing about
  sides. The share of side-decided pairs won by the first side is tested
  against one half with an exact two-sided sign test (binomial), and given
  with its exact (Clopper-Pearson) interval. A claim ("red has an advantage")
  is made only when that interval excludes one half.
- **Agents and sides.** The same figures split by agent and by side, so that a
  strong agent's wins are not read as a side's; an agent's figures count a game once
  per seating (agents that play a deal alike repeat each other's moves with their seats
  swapped: each agent sat a side in each). Whether two agents differ in strength is
  read from the same pairs, by agent: a pair one agent won favours it, a pair each won
  once (or drawn) decides nothing; the sign test on the agent-decided pairs.
- **Unit types and actions.** Per agent: in how many player-games a unit type
  acted (or an action type was taken), the win rate of those player-games and
  of the others, each with its interval and the number of games behind it.

Everything is computed from stored ``GameRow``\\ s in schedule order.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import drawn
from .stats import result_of, wilson
from .tournament import GameRow, Tournament

MIN_DISTINCT = 10
"""Fewer distinct games than this give no interval and no claim."""

WILSON = "95% Wilson score interval"
SIGN_TEST = ("exact two-sided sign test (binomial, p = 1/2) on seat-rotated pairs, with its "
             "95% Clopper-Pearson interval")


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


# ------------------------------------------------------------------ exact binomial
def _log_pmf(k: int, n: int, p: float) -> float:
    if p <= 0.0:
        return 0.0 if k == 0 else -math.inf
    if p >= 1.0:
        return 0.0 if k == n else -math.inf
    return (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
            + k * math.log(p) + (n - k) * math.log1p(-p))


def binomial_cdf(k: int, n: int, p: float) -> float:
    """P(X <= k) for X ~ Binomial(n, p)."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    return min(1.0, sum(math.exp(_log_pmf(i, n, p)) for i in range(k + 1)))


def sign_test(k: int, n: int) -> float:
    """The exact two-sided p-value of ``k`` successes in ``n`` trials against p = 1/2."""
    if n == 0:
        return 1.0
    tail = binomial_cdf(min(k, n - k), n, 0.5)
    return min(1.0, 2 * tail)


def clopper_pearson(k: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """The exact (Clopper-Pearson) interval of a proportion ``k / n``."""
    if n == 0:
        return (0.0, 1.0)
    alpha = (1 - level) / 2

    def solve(target: float, upper: bool) -> float:
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = (lo + hi) / 2
            # upper bound: P(X <= k; p) = alpha; lower: P(X >= k; p) = alpha
            value = (binomial_cdf(k, n, mid) if upper else 1 - binomial_cdf(k - 1, n, mid))
            if (value > target) == upper:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    low = 0.0 if k == 0 else solve(alpha, upper=False)
    high = 1.0 if k == n else solve(alpha, upper=True)
    return (low, high)


# ------------------------------------------------------------------ figures
@dataclass(frozen=True)
class Rate:
    """A proportion with its interval; ``interval`` is ``None`` when too few games allow one."""

    successes: float
    n: int
    interval: tuple[float, float] | None

    @property
    def value(self) -> float:
        return self.successes / self.n if self.n else 0.0

    def text(self) -> str:
        """``61.0% (52.3–69.1%, n=100)``, or the bare share when there is no interval."""
        if self.n == 0:
            return "– (n=0)"
        if self.interval is None:
            return f"{100 * self.value:.1f}% (n={self.n}, too few for an interval)"
        low, high = self.interval
        return f"{100 * self.value:.1f}% ({100 * low:.1f}–{100 * high:.1f}%, n={self.n})"


def rate(successes: float, n: int) -> Rate:
    """A share with its Wilson interval, or none below ``MIN_DISTINCT`` games."""
    return Rate(successes, n, wilson(successes, n) if n >= MIN_DISTINCT else None)


@dataclass(frozen=True)
class PairTest:
    """The side effect measured on seat-rotated pairs of a two-player tournament."""

    pairs: int
    """Distinct pairs (two games of one deal with the seats swapped)."""
    first: int
    """Pairs the first side won (both games, or one and a draw)."""
    second: int
    """Pairs the second side won."""
    p_value: float
    interval: tuple[float, float] | None
    """The first side's share of the side-decided pairs, exact 95% interval."""

    @property
    def decided(self) -> int:
        return self.first + self.second


@dataclass(frozen=True)
class Usage:
    """One unit type or action type for one agent: how often used, and the win rates."""

    name: str
    agent: str
    used: Rate
    """Share of the agent's player-games where it was used."""
    won_when_used: Rate
    won_otherwise: Rate
    per_game: float
    """Uses per player-game where used."""


@dataclass
class Balance:
    """Every figure of the balance report."""

    players: tuple[str, ...]
    labels: tuple[str, ...]
    games: int
    distinct: int
    sides: list[Rate] = field(default_factory=list)
    draws: int = 0
    pairs: PairTest | None = None
    agent_pairs: PairTest | None = None
    """The same pairs read for the agents (two-player games of two agents): the share the
    first-listed agent won of the pairs one agent won."""
    agent_sides: dict[tuple[str, str], Rate] = field(default_factory=dict)
    agents: dict[str, Rate] = field(default_factory=dict)
    units: list[Usage] = field(default_factory=list)
    actions: list[Usage] = field(default_factory=list)
    claims: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    deals: int = 0
    """How many deals (seeds) the games are."""
    orders: int = 0
    """How many seat orders a deal is played in at most (every order of the players; fewer
    when an entrant plays only some sides)."""

    @property
    def identical(self) -> bool:
        """Every game the same game."""
        return self.games > 1 and self.distinct == 1


def _score(row: GameRow, seat: int) -> float:
    outcome = result_of(row, seat)
    return 1.0 if outcome == "win" else 0.5 if outcome == "draw" else 0.0


def _pairs(rows: list[GameRow]) -> tuple[PairTest | None, PairTest | None]:
    """Seat-rotated pairs: the games of one deal (same seed and entrants), seats swapped.
    Two tests: the first side's score over each pair (the side effect), and the first
    entrant's (the one of lower index: the agents' difference, whatever the sides — two
    agents that play a deal alike in either seat win one game each, which decides
    nothing). ``None`` where there is no pair."""
    deals: dict[tuple[int, tuple[int, ...]], list[GameRow]] = {}
    for row in rows:
        deals.setdefault((row.seed, tuple(sorted(row.seats))), []).append(row)
    seen: set[tuple[str, str]] = set()
    first = second = 0
    low = high = 0  # pairs the lower-indexed entrant won, and lost
    for group in deals.values():
        forward = [r for r in group if r.seats[0] <= r.seats[1]]
        backward = [r for r in group if r.seats[0] > r.seats[1]]
        for a, b in zip(forward, backward, strict=False):
            if a is b:
                continue
            key = (game_key(a), game_key(b))
            if key in seen:
                continue
            seen.add(key)
            favour = _score(a, 0) + _score(b, 0)  # the first side's score over the pair
            if favour > 1:
                first += 1
            elif favour < 1:
                second += 1
            if a.seats[0] != a.seats[1]:  # entrant a.seats[0] played side 0, then side 1
                mine = _score(a, 0) + _score(b, 1)
                if mine > 1:
                    low += 1
                elif mine < 1:
                    high += 1
    if not seen:
        return None, None
    return _test(len(seen), first, second), _test(len(seen), low, high)


def _test(pairs: int, first: int, second: int) -> PairTest:
    decided = first + second
    interval = clopper_pearson(first, decided) if pairs >= MIN_DISTINCT and decided else None
    return PairTest(pairs, first, second, sign_test(first, decided), interval)


def _usage(table: str, rows: list[GameRow], labels: tuple[str, ...],
           players: int) -> list[Usage]:
    per: dict[tuple[str, str], list[tuple[int, float]]] = {}
    games_of: Counter[str] = Counter()
    results: dict[str, list[tuple[int, float]]] = {}
    for row in rows:
        for p in range(players):
            agent = labels[row.seats[p]]
            games_of[agent] += 1
            results.setdefault(agent, []).append((row.index * players + p, _score(row, p)))
        for name, counts in row.stats.get(table, {}).items():
            for p, v in enumerate(counts):
                if v:
                    per.setdefault((name, labels[row.seats[p]]), []).append(
                        (row.index * players + p, float(v)))
    out = []
    for (name, agent), uses in sorted(per.items()):
        used_ids = {i for i, _ in uses}
        scores = results[agent]
        when = [s for i, s in scores if i in used_ids]
        other = [s for i, s in scores if i not in used_ids]
        wins_when = sum(1 for s in when if s == 1.0)
        wins_other = sum(1 for s in other if s == 1.0)
        out.append(Usage(name, agent, rate(len(when), games_of[agent]),
                         rate(wins_when, len(when)), rate(wins_other, len(other)),
                         sum(v for _, v in uses) / len(uses)))
    return out


def analyse(tournament: Tournament, players: tuple[str, ...],
            rows: Sequence[GameRow]) -> Balance:
    """The balance figures of a tournament's stored games."""
    labels = tournament.labels
    ordered = sorted(rows, key=lambda r: r.index)
    unique = distinct_rows(ordered)
    n = len(unique)
    out = Balance(players, labels, len(ordered), n)
    if not ordered:
        return out
    out.deals = len({row.seed for row in ordered})
    out.orders = math.factorial(len(players))
    out.draws = sum(drawn(row.winners, row.ranks) for row in unique)
    out.sides = [rate(sum(result_of(r, p) == "win" for r in unique), n)
                 for p in range(len(players))]
    # An agent's figures count a game once per seating: the same moves with the agents'
    # seats swapped (agents that play a deal alike) are another game for each agent.
    seated = distinct_rows(ordered, seated=True)
    for label in labels:
        seats = [(r, p) for r in seated for p, e in enumerate(r.seats) if labels[e] == label]
        if seats:
            out.agents[label] = rate(sum(result_of(r, p) == "win" for r, p in seats),
                                     len(seats))
        for p, side in enumerate(players):
            mine = [r for r in seated if labels[r.seats[p]] == label]
            if mine:
                out.agent_sides[label, side] = rate(
                    sum(result_of(r, p) == "win" for r in mine), len(mine))
    if len(players) == 2:
        out.pairs, out.agent_pairs = _pairs(ordered)
    out.units = _usage("acted", seated, labels, len(players))
    out.actions = _usage("uses", seated, labels, len(players))
    _judge(out, tournament)
    return out


def _judge(b: Balance, tournament: Tournament) -> None:
    """The claims the intervals support, and the warnings a reader needs first."""
    if b.identical:
        b.warnings.append(
            f"all {b.games} games are the same game (the same moves and dice): they are one "
            "sample, so no interval is computed and nothing is claimed. Deal distinct games: "
            "more deals (`--games`: each deal is played once in each seating, and agents "
            "alike play a deal alike whatever their seats), `--opening N` (the first N "
            "decisions of each deal at random), or agents that differ.")
        return
    if b.distinct < b.games:
        b.warnings.append(f"{b.games} games, of which {b.distinct} distinct: repeats are "
                          "counted once.")
    if b.deals < MIN_DISTINCT and b.orders > 2:
        b.warnings.append(
            f"the {b.games} games are {b.deals} deal{'s' if b.deals != 1 else ''}: a deal "
            f"is played in every seat order (up to {b.orders} for {len(b.players)} "
            "players) before the next, so the games share the luck of few deals; for "
            f"figures over {MIN_DISTINCT} deals play `--games {b.orders * MIN_DISTINCT}`.")
    if b.distinct < MIN_DISTINCT:
        b.warnings.append(f"only {b.distinct} distinct games (fewer than {MIN_DISTINCT}): no "
                          "interval is computed and nothing is claimed.")
        return
    if len(b.players) == 1:  # a solitaire game: each agent against the game alone
        for a, r in b.agents.items():
            if r.interval is not None:
                b.claims.append(f"{a} wins {r.text()} of its games against the game "
                                f"({WILSON}).")
        return
    sides_of: dict[str, set[str]] = {}
    for agent, side in b.agent_sides:
        sides_of.setdefault(agent, set()).add(side)
    fixed = {a: next(iter(s)) for a, s in sides_of.items() if len(s) == 1}
    one_side = len(sides_of) > 1 and len(fixed) == len(sides_of)
    if one_side:  # a program written for one side: agent and side are one
        who = ", ".join(f"{a} as {side}" for a, side in fixed.items())
        b.warnings.append(
            f"each agent played one side only ({who}): this line-up cannot tell an agent's "
            "strength from its side's advantage, so the figures below are of these agents "
            "on these sides. To measure the sides, seat agents that can play either side "
            "in both seats (a program written for one side plays only that one).")
    elif len(set(tournament.agents)) == 2 and b.agent_pairs is not None:
        t = b.agent_pairs
        if t.interval is not None and (t.interval[0] > 0.5 or t.interval[1] < 0.5):
            one, other = b.labels[0], b.labels[1]
            b.warnings.append(
                f"the agents differ in strength ({one} won {t.first} and {other} "
                f"{t.second} of the {t.decided} pairs one of them won, p = {t.p_value:.3g}; "
                f"{SIGN_TEST}): figures over all games mix the agents with the sides; read "
                "the side effect from the seat-rotated pairs and the tables split by agent.")
    elif len(set(tournament.agents)) > 1 and b.agent_pairs is None:
        strong = [a for a, r in b.agents.items() if r.interval is not None
                  and (r.interval[0] > 1 / len(b.players) or r.interval[1] < 1 / len(b.players))]
        if strong:
            b.warnings.append(
                "the agents differ in strength (" + ", ".join(
                    f"{a} wins {b.agents[a].text()}" for a in strong) + "): figures over "
                "all games mix the agents with the sides; read the side effect from the "
                "seat-rotated pairs and the tables split by agent.")
    fair = 1 / len(b.players)
    if b.pairs is not None and b.pairs.interval is not None:
        t = b.pairs
        low, high = t.interval  # type: ignore[misc]
        first, second = b.players
        figure = (f"{t.first} of {t.decided} side-decided pairs won by {first} "
                  f"({100 * low:.1f}–{100 * high:.1f}%, p = {t.p_value:.3g}; {SIGN_TEST})")
        if low > 0.5:
            b.claims.append(f"{first} has an advantage: {figure}.")
        elif high < 0.5:
            b.claims.append(f"{second} has an advantage: {figure}.")
        else:
            b.claims.append(f"no side advantage shown: {figure}; the interval holds one half.")
        return
    played = {side: agent for agent, side in fixed.items()} if one_side else {}
    for side, r in zip(b.players, b.sides, strict=True):
        if r.interval is None:
            continue
        name = f"{side} (played by {played[side]})" if side in played else side
        if r.interval[0] > fair:
            b.claims.append(f"{name} wins more than an even share: {r.text()} ({WILSON}).")
        elif r.interval[1] < fair:
            b.claims.append(f"{name} wins less than an even share: {r.text()} ({WILSON}).")
    if not b.claims:
        b.claims.append(f"no side advantage shown: every side's {WILSON} holds the even share "
                        f"of {100 * fair:.1f}%.")


def balance_lines(b: Balance) -> list[str]:
    """The balance figures as lines of text for a terminal: warnings and claims first."""
    out = [f"{b.games} games, {b.distinct} distinct (repeats count once)"]
    out.extend(f"warning: {w}" for w in b.warnings)
    out.extend(f"claim: {c}" for c in b.claims)
    if b.identical or not b.sides:
        return out
    out.extend(f"{side} wins {r.text()}" for side, r in zip(b.players, b.sides, strict=True))
    out.extend(f"{agent} as {side} wins {r.text()}" for (agent, side), r in b.agent_sides.items())
    out.extend(f"{title} {u.name} ({u.agent}): used in {u.used.text()} of its games; "
               f"wins {u.won_when_used.text()} when used, {u.won_otherwise.text()} otherwise"
               for title, rows in (("unit type", b.units), ("action", b.actions)) for u in rows)
    return out


def _rate_dict(r: Rate) -> dict[str, object]:
    return {"successes": r.successes, "n": r.n, "rate": round(r.value, 4),
            "low": None if r.interval is None else round(r.interval[0], 4),
            "high": None if r.interval is None else round(r.interval[1], 4)}


def balance_to_dict(b: Balance) -> dict[str, object]:
    """Every figure as plain data (for ``--json``): whole, never cut."""
    pairs = None if b.pairs is None else {
        "pairs": b.pairs.pairs, "first": b.pairs.first, "second": b.pairs.second,
        "p_value": b.pairs.p_value, "low": None if b.pairs.interval is None
        else b.pairs.interval[0], "high": None if b.pairs.interval is None
        else b.pairs.interval[1], "test": SIGN_TEST}
    usage = [{"kind": kind, "name": u.name, "agent": u.agent, "used": _rate_dict(u.used),
              "won_when_used": _rate_dict(u.won_when_used),
              "won_otherwise": _rate_dict(u.won_otherwise), "per_game": round(u.per_game, 3)}
             for kind, rows in (("unit", b.units), ("action", b.actions)) for u in rows]
    return {"games": b.games, "distinct": b.distinct, "identical": b.identical,
            "claims": b.claims, "warnings": b.warnings,
            "sides": {side: _rate_dict(r) for side, r in zip(b.players, b.sides, strict=True)},
            "pairs": pairs,
            "agents": {a: _rate_dict(r) for a, r in b.agents.items()},
            "agent_sides": [{"agent": a, "side": s, **_rate_dict(r)}
                            for (a, s), r in b.agent_sides.items()],
            "usage": usage, "interval_test": WILSON}


__all__ = ["MIN_DISTINCT", "SIGN_TEST", "WILSON", "Balance", "PairTest", "Rate", "Usage",
           "analyse", "balance_lines", "balance_to_dict", "binomial_cdf", "clopper_pearson",
           "distinct_rows", "game_key", "rate", "sign_test"]
