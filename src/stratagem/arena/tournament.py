"""A tournament: which games are played, with which seats and seeds, and one game played.

A ``Tournament`` is plain data (game, agents, games per line-up, scenario, mode, seed,
time limit, seat orders, measures). ``schedule`` turns it into a fixed list of ``Job``s:
every line-up of agents (all combinations for a round robin; the first agent against
each combination of the others for a gauntlet), and for each line-up ``games`` games
that cycle through every seat permutation. Mirrored games share their seed: game ``i``
of a line-up is deal ``i // permutations``, so each deal is played once from every seat
and luck of the dice evens out between the agents. A line-up of one agent code in every
seat would play each deal alike from every seat, so (``seat_orders="auto"``) it plays
one game per deal instead, its seat orders taking turns from deal to deal.

A line-up's deals follow from the tournament's seed, the line-up's number and the deal's,
so that the line-ups' games are independent samples (pooled by the side test). In a
solitaire game the entrants never meet, and each line-up is one entrant: there every
entrant is dealt the same deals (line-up 0's), so that their results pair deal by deal.

``run_job`` plays one job and returns a ``GameRow``: everything the results, the
ratings and the balance report need, and the replay. It depends only on the job, so
any worker process, on any machine, computes the same row (timings aside).
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from itertools import combinations, permutations
from typing import Any, overload

from ..agents import make_agent
from ..agents.opening import Opening
from ..engine import Action, Game, RuleError, State, StratagemError
from ..games import load
from .match import TimeLimit, play
from .measures import Measurer, MeasureSpec, check_measures, parse_measure

MODES = ("round-robin", "gauntlet")
SEAT_ORDERS = ("auto", "every", "one")
"""How many seat orders a deal is played in: ``every`` one, ``one`` (a game per deal, the
orders taking turns from deal to deal), or ``auto``: one for a line-up of one agent code
in every seat (its seat orders would play the deal alike), every one otherwise."""


class TournamentError(StratagemError):
    """A tournament that cannot be run as asked (bad agents, mode, sizes or results file)."""


@dataclass(frozen=True)
class Tournament:
    """What to play: the whole tournament as data (its ``key`` names it in a results file)."""

    game: str
    agents: tuple[str, ...]
    games: int = 10
    """Games per line-up (per pairing in a two-player game)."""
    scenario: str | None = None
    mode: str = "round-robin"
    seed: int = 0
    seconds: float | None = None
    """Time limit per decision (``None``: agents use their own budgets, nothing is timed)."""
    forfeit: float | None = None
    """A decision longer than this many seconds loses the game (needs ``seconds``)."""
    max_decisions: int = 100_000
    opening: int = 0
    """Decisions of each game played at random from the deal's seed (``agents.opening``)."""
    seat_orders: str = "auto"
    """``SEAT_ORDERS``: how many seat orders each deal is played in. ``auto`` is kept only
    when some code enters twice (else it is ``every``, which it would mean)."""
    measures: tuple[str, ...] = ()
    """The designer's own measures, ``NAME=ACTION:TEST`` or ``NAME=EXPR``
    (``arena.measures``), counted in every game."""

    def __post_init__(self) -> None:
        if self.seat_orders not in SEAT_ORDERS:
            raise TournamentError(f"unknown seat orders '{self.seat_orders}' (choose "
                                  f"{', '.join(SEAT_ORDERS)})")
        if self.seat_orders == "auto" and len(set(self.agents)) == len(self.agents):
            # No code enters twice: no line-up is one agent in every seat, and ``auto``
            # means ``every`` (so the tournament's key is the one it always had).
            object.__setattr__(self, "seat_orders", "every")
        object.__setattr__(self, "measures", tuple(self.measures))
        if self.opening < 0:
            raise TournamentError(f"--opening must be 0 or more (got {self.opening})")
        if self.mode not in MODES:
            raise TournamentError(f"unknown mode '{self.mode}' (modes: {', '.join(MODES)})")
        if self.games < 1:
            raise TournamentError(f"--games must be at least 1 (got {self.games})")
        if len(self.agents) < 2 and self.mode == "gauntlet":
            raise TournamentError("a gauntlet needs a champion and at least one challenger")
        if not self.agents:
            raise TournamentError("no agents given")
        if self.forfeit is not None and self.seconds is None:
            raise TournamentError("a forfeit limit needs a time limit per decision (--seconds)")
        if any(a.split(":", 1)[0].strip() == "human" for a in self.agents):
            raise TournamentError("the human agent cannot play in a tournament")
        if self.seconds is not None:
            try:
                self.time_limit()
            except ValueError as exc:
                raise TournamentError(str(exc)) from None

    def time_limit(self) -> TimeLimit | None:
        """The time rules every game of the tournament is played under."""
        if self.seconds is None:
            return None
        return TimeLimit(self.seconds, forfeit=self.forfeit)

    @property
    def labels(self) -> tuple[str, ...]:
        """A distinct name per entrant: its code, numbered when the same code enters twice."""
        seen: Counter[str] = Counter(self.agents)
        count: Counter[str] = Counter()
        out = []
        for code in self.agents:
            count[code] += 1
            out.append(code if seen[code] == 1 else f"{code}#{count[code]}")
        return tuple(out)

    def to_json(self) -> str:
        """Canonical JSON: equal tournaments give equal text."""
        doc = asdict(self)
        doc["agents"] = list(self.agents)
        # Tournaments from before openings, seat orders and measures keep their keys.
        if not self.opening:
            del doc["opening"]
        if self.seat_orders == "every":
            del doc["seat_orders"]
        if self.measures:
            doc["measures"] = list(self.measures)
        else:
            del doc["measures"]
        return json.dumps(doc, sort_keys=True, separators=(",", ":"))

    @staticmethod
    def from_json(text: str) -> Tournament:
        """The tournament ``to_json`` wrote (one written before seat orders were chosen
        played every deal in every seat order)."""
        doc = json.loads(text)
        doc["agents"] = tuple(doc["agents"])
        doc.setdefault("seat_orders", "every")
        doc["measures"] = tuple(doc.get("measures", ()))
        return Tournament(**doc)

    def one_order(self, group: Sequence[int]) -> bool:
        """Whether the line-up of these entrants plays each deal in one seat order only."""
        if self.seat_orders == "one":
            return True
        return (self.seat_orders == "auto" and len(group) > 1
                and len({self.agents[e] for e in group}) == 1)

    @property
    def key(self) -> str:
        """A short fingerprint of the tournament (results files remember it)."""
        return hashlib.sha256(self.to_json().encode()).hexdigest()[:12]


@dataclass(frozen=True)
class Job:
    """One game of a tournament: its place in the schedule, seats and seed."""

    index: int
    key: str
    """``L<line-up>G<game>``: stable across runs, the results file's unique key."""
    lineup: int
    seats: tuple[int, ...]
    """``seats[p]`` is the entrant (index into ``Tournament.agents``) playing player p."""
    seed: int


def deal_seed(base: int, lineup: int, deal: int) -> int:
    """The seed of deal ``deal`` of line-up ``lineup`` in a tournament of seed ``base``."""
    digest = hashlib.sha256(f"stratagem-arena:{base}:{lineup}:{deal}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def lineups(tournament: Tournament, players: int) -> list[tuple[int, ...]]:
    """The groups of entrants that meet, as sorted entrant indices."""
    n = len(tournament.agents)
    if tournament.mode == "gauntlet":
        if n - 1 < players - 1:
            raise TournamentError(f"a gauntlet in a {players}-player game needs at least "
                                  f"{players - 1} challengers, got {n - 1}")
        return [(0, *rest) for rest in combinations(range(1, n), players - 1)]
    if n < players:
        raise TournamentError(f"a {players}-player game needs at least {players} agents, "
                              f"got {n}")
    return list(combinations(range(n), players))


class Schedule(Sequence[Job]):
    """Every game of a tournament in a fixed order, made on demand: job ``i`` is computed
    from ``i`` alone, so a tournament of a trillion games costs no memory to schedule
    (only its line-ups and their seat orders are kept)."""

    def __init__(self, tournament: Tournament,
                 perms: list[list[tuple[int, ...]]]) -> None:
        self.tournament = tournament
        self.perms = perms
        self.games = tournament.games
        self.single = [tournament.one_order(p[0]) for p in perms]
        """Per line-up: whether it plays one game per deal."""

    def __len__(self) -> int:
        return len(self.perms) * self.games

    @overload
    def __getitem__(self, i: int) -> Job: ...
    @overload
    def __getitem__(self, i: slice) -> list[Job]: ...

    def __getitem__(self, i: int | slice) -> Job | list[Job]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(f"job {i} is not in a schedule of {len(self)}")
        li, g = divmod(i, self.games)
        perms = self.perms[li]
        deal = g if self.single[li] else g // len(perms)
        seats = perms[g % len(perms)]
        # A solitaire entrant is dealt line-up 0's deals: every entrant the same games.
        return Job(i, f"L{li}G{g}", li, seats,
                   deal_seed(self.tournament.seed, li if len(seats) > 1 else 0, deal))

    def __iter__(self) -> Iterator[Job]:
        return (self[i] for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Schedule):
            return self.tournament == other.tournament and self.perms == other.perms
        return isinstance(other, list | tuple) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Schedule of {len(self)} games>"

    def index_of(self, key: str) -> int | None:
        """The place of the job with this key (``L<line-up>G<game>``), if it is one."""
        m = re.fullmatch(r"L(\d+)G(\d+)", key)
        if m is None:
            return None
        li, g = int(m[1]), int(m[2])
        return li * self.games + g if li < len(self.perms) and g < self.games else None


def schedule(tournament: Tournament, players: int,
             seats: list[tuple[int, ...] | None] | None = None) -> Schedule:
    """Every game of the tournament in a fixed order (a lazy ``Schedule``).

    ``seats[e]`` lists the players entrant ``e`` can play (``None``: any); seat orders
    that put an entrant elsewhere are left out (a program written for one side)."""
    labels = tournament.labels
    every: list[list[tuple[int, ...]]] = []
    for group in lineups(tournament, players):
        perms = [p for p in permutations(group)
                 if seats is None or all(seats[e] is None or i in seats[e]  # type: ignore[operator]
                                         for i, e in enumerate(p))]
        if not perms:
            names = ", ".join(labels[e] for e in group)
            raise TournamentError(f"no seating lets {names} meet: each can play only "
                                  "certain sides, and they cannot all have theirs")
        every.append(perms)
    return Schedule(tournament, every)


@dataclass
class GameRow:
    """One finished game of a tournament, as stored."""

    index: int
    key: str
    seats: tuple[int, ...]
    seed: int
    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    decisions: int
    rounds: int
    seconds: float
    think: tuple[float, ...]
    """Seconds each seat spent deciding, in total."""
    moves: tuple[int, ...]
    """Decisions each seat made."""
    slow: tuple[int, ...]
    forfeit: int | None
    stats: dict[str, Any] = field(default_factory=dict)
    """For the balance report: ``losses``/``kills`` per unit type and seat, ``uses`` of each
    action type per seat, ``acted``: actions taken by units of each type per seat, and
    ``measures``: the tournament's own measures per seat (``arena.measures``)."""
    replay: str = ""

    def result_key(self) -> tuple[Any, ...]:
        """Everything about the game except how long it took: equal whatever ran it."""
        return (self.index, self.key, self.seats, self.seed, self.winners, self.ranks,
                self.scores, self.reason, self.decisions, self.rounds, self.forfeit,
                json.dumps(self.stats, sort_keys=True), self.replay)


PLAYER_ACTION = " (player action)"
"""How a kill made by a player action (no acting unit: a wargame's combat of a whole stack)
is credited in the balance report: ``attack (player action)``."""


class _Tally:
    """Watches a game step by step: units lost and killed by type, action types used."""

    def __init__(self, players: int) -> None:
        self.losses: dict[str, list[int]] = {}
        self.kills: dict[str, list[int]] = {}
        self.uses: dict[str, list[int]] = {}
        self.acted: dict[str, list[int]] = {}
        self.players = players

    def _count(self, table: dict[str, list[int]], key: str, seat: int) -> None:
        row = table.get(key)
        if row is None:
            row = table[key] = [0] * self.players
        row[seat] += 1

    def __call__(self, before: State, player: int, action: Action, why: str,
                 after: State) -> None:
        if player < 0:
            return
        self._count(self.uses, action.type, player)
        acting = before.entities.get(action.actor) if action.actor is not None else None
        if acting is not None:
            self._count(self.acted, acting.type, player)
        if len(after.entities) >= len(before.entities) and after.entities.keys() == \
                before.entities.keys():
            return
        actor = before.entities.get(action.actor) if action.actor is not None else None
        for eid, gone in before.entities.items():
            if eid in after.entities or gone.pos is None or gone.owner is None:
                continue
            if not 0 <= gone.owner < self.players:
                continue
            self._count(self.losses, gone.type, gone.owner)
            if gone.owner != player:
                self._count(self.kills, actor.type if actor is not None
                            else action.type + PLAYER_ACTION, player)

    def stats(self) -> dict[str, Any]:
        return {"losses": self.losses, "kills": self.kills, "uses": self.uses,
                "acted": self.acted}


_games: dict[tuple[str, str | None], Game] = {}
_measures: dict[tuple[str, str | None, tuple[str, ...]], tuple[MeasureSpec, ...]] = {}


def load_game(tournament: Tournament) -> Game:
    """The tournament's game (loaded once per process)."""
    key = (tournament.game, tournament.scenario)
    if key not in _games:
        _games[key] = load(tournament.game, tournament.scenario)
    return _games[key]


def load_measures(tournament: Tournament) -> tuple[MeasureSpec, ...]:
    """The tournament's measures, compiled against its game (once per process);
    ``TournamentError`` naming the measure that does not compile."""
    key = (tournament.game, tournament.scenario, tournament.measures)
    if key not in _measures:
        game = load_game(tournament)
        try:
            specs = tuple(parse_measure(text, game) for text in tournament.measures)
            check_measures(specs)
        except StratagemError as exc:
            raise TournamentError(str(exc)) from None
        _measures[key] = specs
    return _measures[key]


def check(tournament: Tournament) -> Schedule:
    """Load the game, compile the measures and build every agent once (so a bad code fails
    before any game, and the sides each can play are known) and return the schedule."""
    game = load_game(tournament)
    load_measures(tournament)
    seats = []
    for code in tournament.agents:
        try:
            seats.append(make_agent(code, game).seats)
        except RuleError as exc:  # an agent that plays the game as it is made (osla, mcts)
            raise TournamentError(f"agent {code}, as it was made, before any game: "
                                  f"{exc}") from None
    return schedule(tournament, len(game.players), seats)


def run_job(tournament: Tournament, job: Job) -> GameRow:
    """Play one game of the tournament."""
    game = load_game(tournament)
    codes: list[Any] = [tournament.agents[e] for e in job.seats]
    if tournament.opening:
        codes = [Opening(make_agent(code, game, seed=job.seed + p), tournament.opening,
                         job.seed) for p, code in enumerate(codes)]
    tally = _Tally(len(game.players))
    measurer = Measurer(load_measures(tournament), len(game.players))
    hook: Any = tally
    if measurer:
        def hook(before: State, player: int, action: Action, why: str, after: State) -> None:
            tally(before, player, action, why, after)
            measurer(before, player, action, why, after)
    started = time.perf_counter()
    names = " vs ".join(tournament.agents[e] for e in job.seats)
    try:
        result = play(game, codes, seed=job.seed, max_decisions=tournament.max_decisions,
                      on_step=hook, time_limit=tournament.time_limit())
        stats = tally.stats()
        if measurer:
            stats["measures"] = measurer.finish(result.state)
    except StratagemError as exc:  # say which game, so it can be played again alone
        raise TournamentError(f"game {job.index + 1} ({names}, seed {job.seed}) "
                              f"failed: {exc}") from None
    took = time.perf_counter() - started
    o = result.outcome
    return GameRow(
        job.index, job.key, job.seats, job.seed, tuple(o.winners), tuple(o.ranks),
        tuple(float(s) for s in o.scores), o.reason, len(result.state.history),
        result.state.flow.round, took, result.think, result.decisions, result.slow,
        result.forfeit, stats, result.replay.to_json())
