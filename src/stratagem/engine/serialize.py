"""Versioned JSON for states.

Values keep their types through tags: ``{"#": 7}`` an entity reference,
``{"@": [x, y]}`` a position, ``{"t": [...]}`` a tuple. Effect lists on the
resolution stack are written as the game's block numbers, reactions by name,
so a state saved mid-reaction-chain resumes exactly where it stood.
Reading checks everything and turns any malformation into one
``SerializationError`` saying what was wrong.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .actions import Pos, Ref, parse_action
from .context import Ctx
from .effect import event_checks
from .errors import ActionParseError, SerializationError
from .frames import Await, Block, Candidate, EventFrame
from .state import (
    Decision,
    Entity,
    FlowPos,
    LogNode,
    Outcome,
    PlayerState,
    Record,
    State,
    Status,
)

if TYPE_CHECKING:
    from .game import Game

FORMAT = "stratagem/state"
VERSION = 1


def enc(v: Any) -> Any:
    """A JSON-ready form of a value that keeps its type."""
    if v is None or isinstance(v, bool | str | float):
        return v
    if isinstance(v, Ref):
        return {"#": int(v)}
    if isinstance(v, int):
        return v
    if isinstance(v, Pos):
        return {"@": [v.x, v.y]}
    if isinstance(v, tuple):
        return {"t": [enc(x) for x in v]}
    if isinstance(v, list):  # a list an expression gave, bound by `let` across a decision
        return {"l": [enc(x) for x in v]}
    raise TypeError(f"cannot serialize value {v!r} of type {type(v).__name__}")


def dec(v: Any) -> Any:
    """The value ``enc`` wrote."""
    if isinstance(v, dict):
        if len(v) != 1:
            raise ValueError(f"bad tagged value {v!r}")
        (tag, inner), = v.items()
        if tag == "#":
            return Ref(_int(inner))
        if tag == "@":
            x, y = inner
            return Pos(_int(x), _int(y))
        if tag == "t":
            return tuple(dec(x) for x in inner)
        if tag == "l":
            return [dec(x) for x in inner]
        raise ValueError(f"unknown value tag {tag!r}")
    if isinstance(v, list):
        raise ValueError(f"untagged list {v!r}")
    return v


def _int(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError(f"expected an integer, got {v!r}")
    return v


def _ctx(c: Ctx) -> list[Any]:
    return [c.player, c.actor, {k: enc(v) for k, v in c.targets.items()},
            {k: enc(v) for k, v in c.vars.items()}, c.event]


def _frame(game: Game, f: Any) -> list[Any]:
    if type(f) is Block:
        return ["B", game.block_ids[id(f.effects)], f.pc, _ctx(f.ctx)]
    if type(f) is Await:
        return ["A", f.kind, f.name, [enc(o) for o in f.options],
                list(f.weights) if f.weights is not None else None, f.player, f.prompt]
    if type(f) is EventFrame:
        cands = None if f.cands is None else [
            [c.player, c.entity, [r.name for r in c.reactions], c.automatic] for c in f.cands]
        return ["E", f.id, f.name, {k: enc(v) for k, v in f.fields.items()}, f.stage, cands,
                f.idx, f.cancelled, _ctx(f.ctx), game.block_ids[id(f.body)] if f.body else None,
                _valid_id(game, f.valid)]
    raise TypeError(f"unknown frame {f!r}")


def _valid_id(game: Game, fn: Any) -> str | None:
    if fn is None:
        return None
    for key, known in _valids(game).items():
        if known is fn:
            return key
    raise TypeError(f"event validity check {fn!r} is not registered with the game")


def _valids(game: Game) -> dict[str, Any]:
    cache = game.runtime.event_checks
    if cache is None:
        cache = event_checks()  # the built-in events' checks, declared by their effects
        for block in game.blocks:
            for e in block:
                valid = getattr(e, "valid", None)  # an `emit` of the rules, with its own check
                if valid is not None:
                    cache[f"emit:{game.block_ids[id(block)]}:{block.index(e)}"] = valid
        game.runtime.event_checks = cache
    return cache


def dumps(s: State) -> str:
    """The JSON text of a state."""
    g = s.game
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "game": g.name,
        "entities": [[e.id, e.type, e.owner, enc(e.pos), e.params,
                      [[st.name, st.duration, st.usages] for st in e.statuses], e.zone]
                     for e in (s.entities[k] for k in sorted(s.entities))],
        "tiles": None if s.tiles == g.board.tiles else list(s.tiles),
        "players": [{"params": p.params, "zones": {k: list(v) for k, v in p.zones.items()},
                     "alive": p.alive} for p in s.players],
        "flow": [enc(x) if isinstance(x, tuple) else x for x in s.flow],
        "stack": [_frame(g, f) for f in s.stack],
        "rng": s.rng,
        "memory": {k: enc(v) for k, v in s.memory.items()},
        "counters": {k: enc(v) for k, v in s.counters.items()},
        "log": [[r.player, str(r.action), list(r.rolls),
                 [[n, [[k, enc(v)] for k, v in fields]] for n, fields in r.events]]
                for r in s.history],
        "decision": None if s.decision is None else {
            "kind": s.decision.kind, "player": s.decision.player,
            "actions": [str(a) for a in s.decision.actions], "prompt": s.decision.prompt,
            "actor": s.decision.actor,
            "weights": None if s.decision.weights is None else list(s.decision.weights)},
        "outcome": None if s.outcome is None else {
            "winners": list(s.outcome.winners), "ranks": list(s.outcome.ranks),
            "scores": list(s.outcome.scores), "reason": s.outcome.reason},
        "explicit": s.explicit,
        "next_id": s.next_id,
        "viewer": s.viewer,
    }
    return json.dumps(doc, separators=(",", ":"), sort_keys=False)


def loads(game: Game, text: str) -> State:
    """Read a state back; any malformation is a ``SerializationError``."""
    if not isinstance(text, str | bytes):
        raise SerializationError(f"a serialized state is text, not {type(text).__name__}")
    try:
        doc = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError is a ValueError
        raise SerializationError(f"serialized state is not valid JSON: {exc}") from None
    except RecursionError:
        raise SerializationError("serialized state is nested too deeply") from None
    if not isinstance(doc, dict):
        raise SerializationError("serialized state must be a JSON object")
    if doc.get("format") != FORMAT:
        if doc.get("format") == "stratagem/replay":
            raise SerializationError("a replay, not a saved state (its format is "
                                     "'stratagem/replay'): `stratagem replay FILE --show` "
                                     "plays it through")
        raise SerializationError(f"not a Stratagem state (format {doc.get('format')!r})")
    if doc.get("version") != VERSION:
        raise SerializationError(f"state format version {doc.get('version')!r} is not "
                                 f"supported (this version reads {VERSION})")
    if doc.get("game") != game.name:
        raise SerializationError(f"state is of game {doc.get('game')!r}, not {game.name!r}")
    section = "state"
    try:
        section = "entities"
        s = State.__new__(State)
        s.game = game
        s.entities = {}
        s.at = {}
        for eid, etype, owner, pos, params, statuses, zone in doc["entities"]:
            if etype not in game.entity_types:
                raise ValueError(f"unknown entity type {etype!r}")
            if owner is not None and not 0 <= _int(owner) < len(game.players):
                raise ValueError(f"entity {eid}: owner {owner!r} is not a player")
            if zone is not None and not isinstance(zone, str):
                raise ValueError(f"entity {eid}: zone {zone!r} is not a name")
            p = dec(pos)
            if p is not None and not isinstance(p, Pos):
                raise ValueError(f"entity {eid}: position {pos!r} is not a position")
            if not isinstance(params, dict) or not all(
                    isinstance(v, int | float) for v in params.values()):
                raise ValueError(f"entity {eid}: parameters must be an object of numbers")
            sts = []
            for n, d, u in statuses:
                if not isinstance(n, str) or n not in game.statuses:
                    raise ValueError(f"entity {eid}: unknown status {n!r}")
                sts.append(Status(n, None if d is None else _int(d),
                                  None if u is None else _int(u)))
            e = Entity(_int(eid), etype, owner, p, dict(params), tuple(sts), zone)
            if e.id in s.entities:
                raise ValueError(f"entity id {e.id} is used twice")
            s.entities[e.id] = e
            if p is not None:
                if game.board.width and not game.board.contains(p):
                    raise ValueError(f"entity {eid}: {p} is off the "
                                     f"{game.board.width}x{game.board.height} board")
                if p in s.at:
                    raise ValueError(f"entities {s.at[p]} and {eid} both stand on {p}")
                s.at[p] = e.id
        section = "tiles"
        s.tiles = game.board.tiles if doc["tiles"] is None else tuple(doc["tiles"])
        if len(s.tiles) != len(game.board.tiles):
            raise ValueError(f"{len(s.tiles)} tiles, the board has {len(game.board.tiles)}")
        section = "players"
        s.players = tuple(PlayerState(dict(p["params"]),
                                      {k: tuple(_int(x) for x in v) for k, v in p["zones"].items()},
                                      bool(p["alive"])) for p in doc["players"])
        if len(s.players) != len(game.players):
            raise ValueError(f"{len(s.players)} players, the game has {len(game.players)}")
        section = "flow"
        s.flow = FlowPos(*(dec(x) for x in doc["flow"]))
        section = "stack"
        s.stack = tuple(_read_frame(game, s, f) for f in doc["stack"])
        section = "rng"
        s.rng = _int(doc["rng"])
        section = "memory"
        s.memory = {str(k): dec(v) for k, v in doc["memory"].items()}
        s.counters = {str(k): dec(v) for k, v in doc["counters"].items()}
        section = "log"
        log: LogNode = None
        for player, action, rolls, events in doc["log"]:
            rec = Record(_int(player), parse_action(action), tuple(_int(x) for x in rolls),
                         tuple((str(n), tuple((str(k), dec(v)) for k, v in fields))
                               for n, fields in events))
            log = (log, rec)
        s.log = log
        section = "decision"
        d = doc["decision"]
        s.decision = None if d is None else Decision(
            d["kind"], _int(d["player"]), tuple(_stored_action(parse_action(a))
                                                for a in d["actions"]),
            d["prompt"], d["actor"], None if d["weights"] is None else tuple(d["weights"]))
        section = "outcome"
        o = doc["outcome"]
        s.outcome = None if o is None else Outcome(
            tuple(o["winners"]), tuple(o["ranks"]), tuple(float(x) for x in o["scores"]),
            str(o["reason"]))
        section = "state"
        s.explicit = bool(doc["explicit"])
        s.next_id = _int(doc["next_id"])
        s.viewer = doc["viewer"]
        s._hash = None
        s._own = 0
        s._own_entities = None
    except SerializationError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError,
            RecursionError, ActionParseError) as exc:
        detail = f"missing key {exc}" if isinstance(exc, KeyError) else str(exc)
        raise SerializationError(f"malformed serialized state, in {section}: {detail}") from None
    if s.decision is None and s.outcome is None:
        raise SerializationError("malformed serialized state: neither a decision nor an outcome")
    if s.decision is not None and not s.decision.actions and s.viewer is None:
        raise SerializationError("malformed serialized state: a decision with no options")
    return s


def _stored_action(a: Any) -> Any:
    return a


def _read_ctx(s: State, c: list[Any]) -> Ctx:
    player, actor, targets, vars, event = c
    return Ctx(s, player, actor, {k: dec(v) for k, v in targets.items()},
               {k: dec(v) for k, v in vars.items()}, event)


def _read_frame(game: Game, s: State, f: list[Any]) -> Any:
    kind = f[0]
    if kind == "B":
        _, bid, index, ctx = f
        return Block(game.blocks[_int(bid)], _int(index), _read_ctx(s, ctx))
    if kind == "A":
        _, akind, name, options, weights, player, prompt = f
        return Await(akind, name, tuple(dec(o) for o in options),
                     None if weights is None else tuple(weights), player, prompt)
    if kind == "E":
        _, eid, name, fields, stage, cands, idx, cancelled, ctx, body, valid = f
        return EventFrame(
            _int(eid), name, {k: dec(v) for k, v in fields.items()}, stage,
            None if cands is None else tuple(
                Candidate(p, e, tuple(game.reactions[n] for n in names), bool(auto))
                for p, e, names, auto in cands),
            _int(idx), bool(cancelled), _read_ctx(s, ctx),
            () if body is None else game.blocks[_int(body)],
            None if valid is None else _valids(game)[valid])
    raise ValueError(f"unknown frame kind {kind!r}")
