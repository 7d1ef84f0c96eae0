"""Replays: a game recorded so that it reproduces exactly, and the check that it does.

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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine import (
    OLDER_VERSIONS,
    Action,
    ForwardModel,
    Game,
    Outcome,
    RulesChangedError,
    SerializationError,
    StratagemError,
    dumps,
    rules_digest,
)
from ..games import rules_path
from .narration import outcome_words


def rules_origin(game: ForwardModel[Any]) -> str | None:
    """The rules file to record so ``game`` can be loaded again: its resolved path when it
    was read from a rules file, ``None`` for a bundled game (its name finds it) or a game
    not compiled from rules."""
    if not isinstance(game, Game) or game.rules_file is None:
        return None
    bundled = rules_path(game.name)
    if bundled is not None and str(bundled.resolve()) == game.rules_file:
        return None
    return game.rules_file


def replay_meta(game: ForwardModel[Any]) -> dict[str, Any]:
    """What a replay records to load ``game`` again: its scenario and rules file, if any."""
    meta: dict[str, Any] = {}
    if isinstance(game, Game) and game.scenario:
        meta["scenario"] = game.scenario
    origin = rules_origin(game)
    if origin is not None:
        meta["rules"] = origin
    return meta


def state_hash(game: ForwardModel[Any], state: Any, version: int | None = None) -> str:
    """A short stable fingerprint of a state (of its serialized form; an earlier
    ``version`` for the form replays written by that version hashed)."""
    text = game.serialize(state) if version is None else dumps(state, version)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def game_digest(game: ForwardModel[Any]) -> str | None:
    """The fingerprint of a native game's rules (``None`` for a game not compiled by the
    engine, such as an OpenSpiel game)."""
    return rules_digest(game) if isinstance(game, Game) else None


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
    """The fingerprint of the rules it was played under (``engine.rules_digest``);
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


def replay_game(game: ForwardModel[Any], replay: Replay,
                on_step: Callable[[Any, int, Action, str, Any], None] | None = None, *,
                force_rules: bool = False) -> Any:
    """Re-run a replay from its seed; check it reaches the same state and outcome.

    Every roll is re-derived: the dice are drawn from the game's generator as the
    recorded seed gives them, and must be the ones the file records (a roll edited in
    the file, and its hashes recomputed, is refused). A replay recorded under rules
    with another fingerprint is a ``RulesChangedError`` unless ``force_rules``.
    """
    if replay.game != game.name:
        raise SerializationError(f"replay is of game '{replay.game}', not '{game.name}'")
    recorded, now = replay.rules_hash, game_digest(game)
    if recorded is not None and now is not None and recorded != now and not force_rules:
        raise RulesChangedError(f"replay recorded under other rules of '{game.name}' (rules "
                                f"fingerprint {recorded!r}, the rules now give {now!r})")
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
        if tuple(drawn) != tuple(rolls):
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
    finals = {state_hash(game, state)}
    if isinstance(game, Game):  # the state's text as replays written by earlier versions
        finals.update(state_hash(game, state, v) for v in OLDER_VERSIONS)
        if recorded is not None and now is not None and recorded != now:  # forced
            # The state as it was recorded names the rules it was played under.
            text = game.serialize(state).replace(f'"rules_hash":"{now}"',
                                                 f'"rules_hash":"{recorded}"', 1)
            finals.add(hashlib.sha256(text.encode()).hexdigest()[:16])
    if replay.final_hash not in finals:
        raise SerializationError("replay reaches a different final state than recorded")
    return state


def _scores(outcome: Outcome) -> str:
    return ", ".join(f"{x:g}" for x in outcome.scores)


__all__ = ["Replay", "game_digest", "replay_game", "replay_meta", "rules_origin", "state_hash"]
