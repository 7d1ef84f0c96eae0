"""Playing one game between agents, and replays that reproduce it exactly.

A ``Replay`` keeps the game, seed and every decision with the rolls it
produced. ``replay_game`` re-applies the actions with those rolls and checks
that the same final state (by its serialized hash) and outcome come out.
Its ``meta`` records the scenario and, for a game read from a rules file that
is not a bundled game's, that file (``rules_origin``), so the replay can be
opened again by a tool that has only the file.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..agents import Agent, Budget
from ..engine import (
    CHANCE,
    Game,
    IllegalActionError,
    Outcome,
    Rng,
    SerializationError,
    State,
)
from ..engine.errors import RulesChangedError, StratagemError
from ..engine.serialize import dumps, rules_digest
from .narration import outcome_words


def rules_origin(game: Game) -> str | None:
    """The rules file to record so ``game`` can be loaded again: its resolved path when it
    was read from a rules file, ``None`` for a bundled game (its name finds it)."""
    if game.rules_file is None:
        return None
    from ..games import rules_path
    bundled = rules_path(game.name)
    if bundled is not None and str(bundled.resolve()) == game.rules_file:
        return None
    return game.rules_file


def replay_meta(game: Game) -> dict[str, Any]:
    """What a replay records to load ``game`` again: its scenario and rules file, if any."""
    meta: dict[str, Any] = {}
    if game.scenario:
        meta["scenario"] = game.scenario
    origin = rules_origin(game)
    if origin is not None:
        meta["rules"] = origin
    return meta


def state_hash(game: Game, state: State, version: int | None = None) -> str:
    """A short stable fingerprint of a state (of its serialized form; ``version`` 1 for
    the form replays written before rules fingerprints hashed)."""
    text = game.serialize(state) if version is None else dumps(state, version)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Replay:
    """A finished (or stopped) game: enough to reproduce it exactly."""

    game: str
    seed: int
    agents: tuple[str, ...]
    records: tuple[tuple[int, str, tuple[int, ...]], ...]
    outcome: Outcome | None
    final_hash: str
    meta: dict[str, Any] = field(default_factory=dict)
    rules_hash: str | None = None
    """The fingerprint of the rules it was played under (``serialize.rules_digest``);
    ``None`` in replays written before fingerprints."""

    def to_json(self) -> str:
        """One line of JSON."""
        return json.dumps({
            "format": "stratagem/replay", "version": 1, "game": self.game, "seed": self.seed,
            "agents": list(self.agents),
            "records": [[p, a, list(r)] for p, a, r in self.records],
            "outcome": None if self.outcome is None else {
                "winners": list(self.outcome.winners), "ranks": list(self.outcome.ranks),
                "scores": list(self.outcome.scores), "reason": self.outcome.reason},
            "final_hash": self.final_hash, "meta": self.meta,
            **({} if self.rules_hash is None else {"rules_hash": self.rules_hash}),
        }, separators=(",", ":"))

    @staticmethod
    def from_json(text: str) -> Replay:
        """Read a replay line (``SerializationError`` if malformed)."""
        try:
            doc = json.loads(text)
            if not isinstance(doc, dict):
                raise ValueError(f"a replay is a JSON object, not {_json_kind(doc)}")
            if doc.get("format") != "stratagem/replay":
                if doc.get("format") == "stratagem/state":
                    raise SerializationError("a saved state, not a replay: `stratagem show "
                                             "FILE` opens it")
                raise ValueError("not a Stratagem replay")
            o = doc["outcome"]
            return Replay(
                str(doc["game"]), int(doc["seed"]), tuple(doc["agents"]),
                tuple((int(p), str(a), tuple(int(x) for x in r)) for p, a, r in doc["records"]),
                None if o is None else Outcome(tuple(o["winners"]), tuple(o["ranks"]),
                                               tuple(float(x) for x in o["scores"]),
                                               str(o["reason"])),
                str(doc["final_hash"]), dict(doc.get("meta", {})),
                None if doc.get("rules_hash") is None else str(doc["rules_hash"]))
        except RecursionError:
            raise SerializationError("malformed replay: nested too deeply") from None
        except SerializationError:
            raise
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            detail = f"missing key {exc}" if isinstance(exc, KeyError) else str(exc)
            raise SerializationError(f"malformed replay: {detail}") from None


def _json_kind(value: Any) -> str:
    kinds = {list: "a list", str: "a string", bool: "a boolean", int: "a number",
             float: "a number", type(None): "null"}
    return kinds.get(type(value), type(value).__name__)


@dataclass(frozen=True)
class TimeLimit:
    """Per-decision time rules for tournaments.

    Each agent's budget is capped at ``seconds`` per decision. A decision that
    takes longer than ``seconds`` plus ``grace`` counts as a warning against its
    seat; one longer than ``forfeit`` seconds (when set) loses the game on the
    spot: that seat is ranked last and every other seat shares first place.
    """

    seconds: float
    grace: float = 0.1
    forfeit: float | None = None

    def __post_init__(self) -> None:
        if not all(math.isfinite(x) for x in (self.seconds, self.grace, self.forfeit or 0)):
            raise ValueError(f"a time limit is a finite number of seconds (got {self})")
        if self.seconds <= 0:
            raise ValueError(f"a time limit must be positive (got {self.seconds})")
        if self.forfeit is not None and self.forfeit < self.seconds:
            raise ValueError(f"the forfeit limit ({self.forfeit} s) is below the time limit "
                             f"per decision ({self.seconds} s)")


@dataclass(frozen=True)
class MatchResult:
    """A finished match: its outcome, final state and replay, and how long each seat thought."""

    outcome: Outcome
    state: State
    replay: Replay
    rationales: tuple[str, ...] = ()
    think: tuple[float, ...] = ()
    """Seconds each seat spent choosing, in total."""
    decisions: tuple[int, ...] = ()
    """Decisions each seat made."""
    slow: tuple[int, ...] = ()
    """Decisions of each seat over the time limit (warnings)."""
    forfeit: int | None = None
    """The seat that lost by running out of time, if one did."""


def forfeit_outcome(players: int, seat: int, reason: str) -> Outcome:
    """The outcome of a game a seat forfeited: it is last, the others share first place."""
    ranks = tuple(players if p == seat else 1 for p in range(players))
    winners = tuple(p for p in range(players) if p != seat)
    scores = tuple(-1.0 if p == seat else 1.0 for p in range(players))
    return Outcome(winners, ranks, scores, reason)


def _capped(agent: Agent, seconds: float) -> Budget:
    own = agent.budget
    capped = seconds if own.seconds is None else min(own.seconds, seconds)
    return Budget(capped, own.iterations, own.calls)


def play(game: Game, agents: Sequence[Agent | str], seed: int = 0, *,
         max_decisions: int = 100_000,
         on_step: Callable[[State, int, Any, str, State], None] | None = None,
         time_limit: TimeLimit | None = None) -> MatchResult:
    """Play one game from ``game.new_state(seed)`` to the end.

    ``agents[p]`` decides for player p (roster codes are built with a seed
    derived from ``seed``). Each agent sees ``state.view(p)``. ``on_step(before,
    player, action, rationale, after)`` is called after every decision, for
    narration and progress. ``time_limit`` caps every decision's budget and
    enforces warnings and forfeits (see ``TimeLimit``).
    """
    from ..agents import make_agent
    check_play_arguments(game, agents, seed)
    if len(agents) != len(game.players):
        raise ValueError(f"{game.name} needs {len(game.players)} agents, got {len(agents)}")
    for a in agents:
        if not isinstance(a, str) and (a.game.name, a.game.scenario) != (game.name,
                                                                        game.scenario):
            raise ValueError(f"agent {a.code!r} was built for {_title(a.game)}, not for "
                             f"{_title(game)}: build it with this game")
    seeder = Rng(seed)
    built = [make_agent(a, game, seed=seeder.fork()) if isinstance(a, str) else a
             for a in agents]
    names = tuple(a if isinstance(a, str) else a.code for a in agents)
    budgets = [None if time_limit is None else _capped(a, time_limit.seconds) for a in built]
    n = len(game.players)
    think = [0.0] * n
    made = [0] * n
    slow = [0] * n
    forfeit: int | None = None
    outcome: Outcome | None = None
    chance = Rng(seeder.fork())
    state = game.new_state(seed)
    rationales: list[str] = []
    for _ in range(max_decisions):
        d = state.decision
        if d is None:
            break
        if d.player == CHANCE:
            weights = d.weights or (1,) * len(d.actions)
            pick = chance.below(sum(weights))
            i = 0
            while pick >= weights[i]:
                pick -= weights[i]
                i += 1
            action, why = d.actions[i], "chance"
        else:
            started = time.perf_counter()
            choice = built[d.player].choose(state.view(d.player), d, budgets[d.player])
            took = time.perf_counter() - started
            think[d.player] += took
            made[d.player] += 1
            action, why = choice.action, choice.rationale or ""
            if time_limit is not None:
                if took > time_limit.seconds + time_limit.grace:
                    slow[d.player] += 1
                if time_limit.forfeit is not None and took > time_limit.forfeit:
                    forfeit = d.player
                    outcome = forfeit_outcome(
                        n, d.player, f"{game.players[d.player]} forfeits: a decision took "
                        f"{took:.2f} s (forfeit limit {time_limit.forfeit:g} s)")
                    break
            if not game.is_legal(state, action):
                reason = game.why_illegal(state, action)
                raise IllegalActionError(
                    action, f"agent {names[d.player]} chose an action that is not legal: {reason}")
        before = state
        state = game.apply(state, action)
        rationales.append(why)
        if on_step is not None:
            on_step(before, d.player, action, why, state)
    else:
        raise StratagemError(f"{game.name}: no result after {max_decisions} decisions")
    if outcome is None:
        assert state.outcome is not None
        outcome = state.outcome
    records = tuple((r.player, str(r.action), r.rolls) for r in state.history)
    meta = replay_meta(game)
    if forfeit is not None:
        meta["forfeit"] = forfeit
    replay = Replay(game.name, seed, names, records, outcome, state_hash(game, state), meta,
                    rules_digest(game))
    return MatchResult(outcome, state, replay, tuple(rationales), tuple(think), tuple(made),
                       tuple(slow), forfeit)


def check_play_arguments(game: object, agents: object, seed: object) -> None:
    """``TypeError`` naming the argument of ``play`` that is of the wrong kind, and what it
    takes (a game passed by name, the agents as one comma-separated string, ...)."""
    if not isinstance(game, Game):
        hint = (f": stratagem.load({game!r}) gives the game" if isinstance(game, str) else "")
        raise TypeError(f"play(game, ...) takes a Game, not {type(game).__name__}{hint}")
    if isinstance(agents, str) or not isinstance(agents, Sequence):
        hint = (f": a list of agent codes such as {agents.split(',')!r}"
                if isinstance(agents, str) else "")
        raise TypeError(f"play(game, agents) takes a list of agents or agent codes, one "
                        f"per player, not {type(agents).__name__}{hint}")
    for i, a in enumerate(agents):
        if not isinstance(a, str | Agent):
            raise TypeError(f"play(game, agents): agents[{i}] is {type(a).__name__} {a!r}, "
                            "not an agent code (str) or an Agent")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"play(..., seed=...) takes an integer, not {type(seed).__name__}")


def replay_game(game: Game, replay: Replay,
                on_step: Callable[[State, int, Any, str, State], None] | None = None, *,
                force_rules: bool = False) -> State:
    """Re-run a replay from its seed; check it reaches the same state and outcome.

    Every roll is re-derived: the dice are drawn from the game's generator as the
    recorded seed gives them, and must be the ones the file records (a roll edited in
    the file, and its hashes recomputed, is refused). A replay recorded under rules
    with another fingerprint is a ``RulesChangedError`` unless ``force_rules``.
    """
    if replay.game != game.name:
        raise SerializationError(f"replay is of game '{replay.game}', not '{game.name}'")
    recorded = replay.rules_hash
    if recorded is not None and recorded != rules_digest(game) and not force_rules:
        raise RulesChangedError(f"replay recorded under other rules of '{game.name}' (rules "
                                f"fingerprint {recorded!r}, the rules now give "
                                f"{rules_digest(game)!r})")
    state = game.new_state(replay.seed)
    for i, (player, text, rolls) in enumerate(replay.records, 1):
        if state.decision is None or state.decision.player != player:
            raise SerializationError(f"replay step {i}: expected player {player} to decide")
        try:
            action = game.parse_action(state, text)
        except StratagemError as exc:
            raise SerializationError(f"replay step {i}: {exc}") from None
        before = state
        state = game.apply(state, action)
        drawn = state.history[-1].rolls
        if drawn != tuple(rolls):
            raise SerializationError(f"replay step {i}: the file records rolls {list(rolls)}, "
                                     f"the seed gives {list(drawn)}")
        if on_step is not None:
            on_step(before, player, action, "", state)
    forfeit = replay.meta.get("forfeit")
    if forfeit is not None:  # the game stopped when a seat ran out of time
        if state.outcome is not None:
            raise SerializationError("replay records a forfeit, but the game was already over")
    elif state.outcome != replay.outcome:
        ends, recorded = outcome_words(game, state.outcome), outcome_words(game, replay.outcome)
        if ends == recorded and state.outcome is not None and replay.outcome is not None:
            ends += f" (scores {_scores(state.outcome)})"
            recorded += f" (scores {_scores(replay.outcome)})"
        raise SerializationError(f"replay ends differently: {ends}, but the file records "
                                 f"{recorded}")
    if replay.final_hash not in (state_hash(game, state), state_hash(game, state, 1)):
        # (version 1: the state's text as replays written before fingerprints hashed it)
        raise SerializationError("replay reaches a different final state than recorded")
    return state


def _scores(outcome: Outcome) -> str:
    return ", ".join(f"{x:g}" for x in outcome.scores)


def _title(game: Game) -> str:
    return f"{game.name} ({game.scenario})" if game.scenario else game.name
