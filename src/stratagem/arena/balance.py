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
  is made only when that interval excludes one half. A line-up of one agent in
  every seat plays a deal once (``Tournament.one_order``): its games are read as
  pairs are, a game won by one side favouring it. At three seats or more, each
  side's share is tested against the even share (the score test of its Wilson
  interval) and the sides' tests are corrected together by Holm's method: a
  claim is made only when its adjusted p is below 0.05.
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

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine import drawn
from .distinct import MIN_DISTINCT, distinct_rows, game_key
from .inference import LEVEL, binomial_cdf, clopper_pearson, holm, score_test, sign_test
from .stats import result_of, wilson
from .tournament import GameRow, Tournament

WILSON = "95% Wilson score interval"
SIGN_TEST = ("exact two-sided sign test (binomial, p = 1/2) on seat-rotated pairs, with its "
             "95% Clopper-Pearson interval")
UNITS = {"pairs": "seat-rotated pairs",
         "games": "games of one agent against itself, one game per deal",
         "deals": "seat-rotated pairs and games of one agent against itself (one per deal)"}
"""What the side test's units are: the pairs of a seat-rotated schedule, the games of a
line-up that plays each deal once, or both."""
HOLM = "Holm's correction"


def sign_test_words(unit: str = "pairs") -> str:
    """The side test's name, for its units (``UNITS``)."""
    return SIGN_TEST.replace("seat-rotated pairs", UNITS[unit])


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
    unit: str = "pairs"
    """What was paired (``UNITS``): ``pairs`` of games, single ``games`` (one per deal), or
    both (``deals``)."""

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
    when an entrant plays only some sides; one when every line-up plays a deal once)."""
    notes: list[str] = field(default_factory=list)
    """What the schedule did that a reader should know (a deal played once)."""

    @property
    def identical(self) -> bool:
        """Every game the same game."""
        return self.games > 1 and self.distinct == 1


def _score(row: GameRow, seat: int) -> float:
    outcome = result_of(row, seat)
    return 1.0 if outcome == "win" else 0.5 if outcome == "draw" else 0.0


def _pairs(rows: list[GameRow], tournament: Tournament
           ) -> tuple[PairTest | None, PairTest | None]:
    """Seat-rotated pairs: the games of one deal (same seed and entrants), seats swapped.
    Two tests: the first side's score over each pair (the side effect), and the first
    entrant's (the one of lower index: the agents' difference, whatever the sides — two
    agents that play a deal alike in either seat win one game each, which decides
    nothing). A line-up that plays each deal once (one agent in every seat) gives the side
    test its games instead, each its own unit. ``None`` where there is nothing to test."""
    deals: dict[tuple[int, tuple[int, ...]], list[GameRow]] = {}
    for row in rows:
        deals.setdefault((row.seed, tuple(sorted(row.seats))), []).append(row)
    seen: set[tuple[str, str]] = set()
    first = second = 0
    low = high = 0  # pairs the lower-indexed entrant won, and lost
    singles: set[str] = set()
    for (_, group_seats), group in deals.items():
        if tournament.one_order(group_seats):
            for a in group:  # one game a deal: the game is the unit
                single = game_key(a)
                if single in singles:
                    continue
                singles.add(single)
                favour = _score(a, 0)
                first += favour > 0.5
                second += favour < 0.5
            continue
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
    if not seen and not singles:
        return None, None
    unit = "deals" if seen and singles else "pairs" if seen else "games"
    agents = _test(len(seen), low, high) if seen else None
    return _test(len(seen) + len(singles), first, second, unit), agents


def _test(pairs: int, first: int, second: int, unit: str = "pairs") -> PairTest:
    decided = first + second
    interval = clopper_pearson(first, decided) if pairs >= MIN_DISTINCT and decided else None
    return PairTest(pairs, first, second, sign_test(first, decided), interval, unit)


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
    once = [group for group in {tuple(sorted(r.seats)) for r in ordered}
            if tournament.one_order(group)]
    lineups = len({tuple(sorted(r.seats)) for r in ordered})
    out.orders = 1 if len(once) == lineups else math.factorial(len(players))
    if once and len(players) > 1:
        out.notes.append(_once_note(tournament, once, len(once) == lineups))
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
        out.pairs, out.agent_pairs = _pairs(ordered, tournament)
    out.units = _usage("acted", seated, labels, len(players))
    out.actions = _usage("uses", seated, labels, len(players))
    _judge(out, tournament)
    return out


def _once_note(tournament: Tournament, once: list[tuple[int, ...]], every: bool) -> str:
    """What the schedule did with the line-ups that play a deal once."""
    labels = tournament.labels
    if tournament.seat_orders == "one":
        return ("each deal is played once, in one seat order, the orders taking turns from "
                "deal to deal (`--seat-orders one`): each game is a deal of its own.")
    names = "; ".join(", ".join(labels[e] for e in group) for group in sorted(once))
    which = "every line-up" if every else f"the line-up{'s' if len(once) > 1 else ''} {names}"
    return (f"one agent in every seat: {which} played each deal once, in one seat order "
            "(the seat orders taking turns from deal to deal), since the same agent in "
            "other seats would replay the deal alike; each game is a deal of its own "
            "(`--seat-orders every` plays every order of each deal).")


def _judge(b: Balance, tournament: Tournament) -> None:
    """The claims the intervals support, and the warnings a reader needs first."""
    if b.identical:
        b.warnings.append(
            f"all {b.games} games are the same game (the same moves and dice): they are one "
            "sample, so no interval is computed and nothing is claimed. Deal distinct games: "
            "more deals (`--games`: a deal is played once in each seating, or once when "
            "one agent sits every seat, and agents alike play a deal alike whatever their "
            "seats), `--opening N` (the first N decisions of each deal at random), or "
            "agents that differ.")
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
    # (one agent under numbered names, each seated once, is not an agent for each side)
    one_side = (len(sides_of) > 1 and len(fixed) == len(sides_of)
                and len(set(tournament.agents)) > 1)
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
        figure = (f"{t.first} of {t.decided} side-decided {t.unit} won by {first} "
                  f"({100 * low:.1f}–{100 * high:.1f}%, p = {t.p_value:.3g}; "
                  f"{sign_test_words(t.unit)})")
        if low > 0.5:
            b.claims.append(f"{first} has an advantage: {figure}.")
        elif high < 0.5:
            b.claims.append(f"{second} has an advantage: {figure}.")
        else:
            b.claims.append(f"no side advantage shown: {figure}; the interval holds one half.")
        return
    played = {side: agent for agent, side in fixed.items()} if one_side else {}
    if len(b.players) > 2:
        _judge_sides(b, played)
        return
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


def _judge_sides(b: Balance, played: dict[str, str]) -> None:
    """The sides' claims at three seats or more: each side's share against the even share
    by the score test (its Wilson interval's), the sides' p-values adjusted together by
    Holm's method; a claim only where the adjusted p is below 0.05."""
    fair = 1 / len(b.players)
    tested = [(side, r) for side, r in zip(b.players, b.sides, strict=True)
              if r.interval is not None]
    raw = [score_test(r.successes, r.n, fair) for _, r in tested]
    adjusted = holm(raw)
    m = len(tested)
    near = []
    for (side, r), p, q in zip(tested, raw, adjusted, strict=True):
        name = f"{side} (played by {played[side]})" if side in played else side
        if q < LEVEL:
            more = "more" if r.value > fair else "less"
            b.claims.append(f"{name} wins {more} than an even share: {r.text()} ({WILSON}; "
                            f"score test p = {p:.3g}, {q:.3g} after {HOLM} for the {m} "
                            "sides tested together).")
        elif p < LEVEL:
            near.append(f"{name}'s, {r.text()} (p = {p:.3g}, {q:.3g} corrected)")
    if not b.claims:
        alone = ""
        if near:
            alone = (f"; alone, {' and '.join(near)} leaves out the even share, as one side "
                     f"in {m} does by chance far more often than one time in twenty")
        b.claims.append(f"no side advantage shown: no side's win rate differs from the even "
                        f"share of {100 * fair:.1f}% once the {m} sides' tests are corrected "
                        f"for being made together (score tests of the {WILSON}s, {HOLM})"
                        f"{alone}.")


def balance_lines(b: Balance, omit: Sequence[str] = ()) -> list[str]:
    """The balance figures as lines of text for a terminal: warnings and claims first;
    ``omit`` leaves out the figures of ``units`` and ``actions`` (``OMIT``)."""
    out = [f"{b.games} games, {b.distinct} distinct (repeats count once)"]
    out.extend(f"note: {x}" for x in b.notes)
    out.extend(f"warning: {w}" for w in b.warnings)
    out.extend(f"claim: {c}" for c in b.claims)
    if b.identical or not b.sides:
        return out
    out.extend(f"{side} wins {r.text()}" for side, r in zip(b.players, b.sides, strict=True))
    out.extend(f"{agent} as {side} wins {r.text()}" for (agent, side), r in b.agent_sides.items())
    out.extend(f"{title} {u.name} ({u.agent}): used in {u.used.text()} of its games; "
               f"wins {u.won_when_used.text()} when used, {u.won_otherwise.text()} otherwise"
               for title, kind, rows in (("unit type", "units", b.units),
                                         ("action", "actions", b.actions))
               if kind not in omit for u in rows)
    return out


def _rate_dict(r: Rate) -> dict[str, object]:
    return {"successes": r.successes, "n": r.n, "rate": round(r.value, 4),
            "low": None if r.interval is None else round(r.interval[0], 4),
            "high": None if r.interval is None else round(r.interval[1], 4)}


OMIT = ("units", "actions")
"""Figures a designer may leave out of a report: ``units`` (each unit type's use, win
rates, losses and kills) and ``actions`` (each action type's use and win rates), which
read pieces that go home, or a roll taken every turn, as a battle's."""


def balance_to_dict(b: Balance, omit: Sequence[str] = ()) -> dict[str, object]:
    """Every figure as plain data (for ``--json``): whole, never cut (but the kinds of
    ``omit``)."""
    pairs = None if b.pairs is None else {
        "pairs": b.pairs.pairs, "first": b.pairs.first, "second": b.pairs.second,
        "p_value": b.pairs.p_value, "low": None if b.pairs.interval is None
        else b.pairs.interval[0], "high": None if b.pairs.interval is None
        else b.pairs.interval[1], "unit": b.pairs.unit, "test": sign_test_words(b.pairs.unit)}
    usage = [{"kind": kind, "name": u.name, "agent": u.agent, "used": _rate_dict(u.used),
              "won_when_used": _rate_dict(u.won_when_used),
              "won_otherwise": _rate_dict(u.won_otherwise), "per_game": round(u.per_game, 3)}
             for kind, group, rows in (("unit", "units", b.units),
                                       ("action", "actions", b.actions))
             if group not in omit for u in rows]
    return {"games": b.games, "distinct": b.distinct, "identical": b.identical,
            "notes": b.notes, "claims": b.claims, "warnings": b.warnings,
            "sides": {side: _rate_dict(r) for side, r in zip(b.players, b.sides, strict=True)},
            "pairs": pairs,
            "agents": {a: _rate_dict(r) for a, r in b.agents.items()},
            "agent_sides": [{"agent": a, "side": s, **_rate_dict(r)}
                            for (a, s), r in b.agent_sides.items()],
            "usage": usage, "interval_test": WILSON}


__all__ = ["HOLM", "MIN_DISTINCT", "OMIT", "SIGN_TEST", "UNITS", "WILSON", "Balance",
           "PairTest", "Rate", "Usage", "analyse", "balance_lines", "balance_to_dict",
           "binomial_cdf", "clopper_pearson", "distinct_rows", "game_key", "rate",
           "sign_test", "sign_test_words"]
