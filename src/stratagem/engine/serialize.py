"""Versioned JSON for states.

Values keep their types through tags: ``{"#": 7}`` an entity reference,
``{"@": [x, y]}`` a position, ``{"t": [...]}`` a tuple. Effect lists on the
resolution stack are written as the game's block numbers, reactions by name,
so a state saved mid-reaction-chain resumes exactly where it stood. Squares holding
a stack (``State.stacks``) are listed bottom first under ``stacks``, a key written only
while there is one, so the files of games without stacks are unchanged.
Reading checks everything and turns any malformation into one
``SerializationError`` saying what was wrong.

Nothing a file says about what may happen next is believed. The decision a
state waits for, and its options, are computed again from the rest of the
state by the rules (``recompute_decision``); the text records them only for
people reading it. Version 2 records a fingerprint of the rules the state was
made under (``rules_digest``), and a state saved under other rules is refused
unless the reader asks to open it anyway. ``rederive`` goes further, for files
passed between players: it replays the recorded moves from the start, with the
dice the game's own generator gives, and the file must describe exactly the
position those moves reach. Version 1 files (no fingerprint) still load.

One module because writing and reading must agree tag by tag and field by field
(``dumps`` beside ``loads``, each frame's writer beside its reader), and ``rederive``
checks a file against the same reader; it runs a little over 500 lines.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from . import rng as _rng
from .actions import Pos, Ref, parse_action
from .context import Ctx
from .effect import event_checks
from .errors import ActionParseError, RulesChangedError, SerializationError, StratagemError
from .frames import Await, Block, Candidate, EventFrame
from .knowledge import FACES, MASKED, NO_CARDS, cards_doc, read_cards
from .narration import ONLY_OPTION
from .phases import advance
from .runtime import Resolver
from .state import (
    CHANCE,
    Decision,
    Entity,
    FlowPos,
    LogNode,
    Outcome,
    PlayerDraft,
    Record,
    State,
    Status,
    TurnMark,
)
from .strategy import check_records
from .turns import IN_STEP

if TYPE_CHECKING:
    from .game import Game

FORMAT = "stratagem/state"
VERSION = 5
READS = (1, 2, 3, 4, 5)
"""The versions ``loads`` reads: 1 (before rules fingerprints), 2 (before the log said
which rolls picked a card and kept the faces of the public cards its events named, and
the cards kept piles), 3 (before the log marked where a turn began within a move:
``Record.turns``), 4 (before the log told a mid-effect choice of one option,
``narration.ONLY_OPTION``) and 5."""
OLDER_VERSIONS = tuple(v for v in READS if v != VERSION)
"""The earlier versions read, whose form replays written then fingerprinted."""


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


def _flow(f: FlowPos) -> list[Any]:
    """The flow position's fields in order; the runs of a repeating phase only when there
    have been some (``FlowPos.repeats``), so the files of other games are unchanged."""
    out = [enc(x) if isinstance(x, tuple) else x for x in f]
    if not f.repeats:
        out.pop()
    return out


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


def dumps(s: State, version: int = VERSION) -> str:
    """The JSON text of a state (an earlier ``version``: as that version wrote it, for
    fingerprints of states that files written then recorded)."""
    g = s.game
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": version,
        "game": g.name,
        "rules_hash": rules_digest(g),
        "entities": [[e.id, e.type, e.owner, enc(e.pos), e.params_,
                      [[st.name, st.duration, st.usages] for st in e.statuses], e.zone]
                     for e in (s.entities_[k] for k in sorted(s.entities_))],
        "tiles": None if s.tiles == g.board.tiles else list(s.tiles),
        "players": [{"params": p.params_, "zones": {k: list(v) for k, v in p.zones_.items()},
                     "alive": p.alive} for p in s.players],
        "flow": _flow(s.flow),
        "stack": [_frame(g, f) for f in s.stack],
        "rng": s.rng,
        "memory": {k: enc(v) for k, v in s.memory_.items()},
        "counters": {k: enc(v) for k, v in s.counters_.items()},
        "log": [[r.player, str(r.action), list(r.rolls),
                 [[n, [[k, enc(v)] for k, v in fields if version >= 3 or k != FACES]]
                  for n, fields in r.events if version >= 5 or n != ONLY_OPTION],
                 *([r.draws, r.picked, [list(t) for t in r.turns]]
                   if r.turns and version >= 4 else [r.draws, r.picked]
                   if r.picked and version >= 3 else [r.draws] if r.draws else [])]
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
    if s.cards:  # only games with table zones have any: other games' files stay as they were
        doc["cards"] = cards_doc(s.cards)
        if version < 3:
            doc["cards"].pop("piles", None)
    if s.stacks_:  # only on boards with stacks, and only while a square holds two or more
        doc["stacks"] = [[enc(p), list(ids)] for p, ids in sorted(s.stacks_.items())]
    if version == 1:
        del doc["rules_hash"]
    return json.dumps(doc, separators=(",", ":"), sort_keys=False)


def _read_stacks(listed: Any, shared: dict[Pos, list[int]]) -> dict[Pos, tuple[int, ...]]:
    """The order of each square holding two or more entities: as the file lists it
    (bottom first), which must name exactly the entities standing there."""
    order: dict[Pos, tuple[int, ...]] = {}
    for pos, ids in listed:
        p = dec(pos)
        if not isinstance(p, Pos):
            raise ValueError(f"stack position {pos!r} is not a position")
        order[p] = tuple(_int(x) for x in ids)
    out: dict[Pos, tuple[int, ...]] = {}
    for p, ids in shared.items():
        if len(ids) < 2:
            if p in order:
                raise ValueError(f"a stack listed at {p}, where {len(ids)} entity stands")
            continue
        got = order.get(p, tuple(ids))
        if sorted(got) != sorted(ids):
            raise ValueError(f"the stack at {p} lists {list(got)}, but {sorted(ids)} stand there")
        out[p] = got
    extra = set(order) - set(out)
    if extra:
        raise ValueError(f"stacks listed where no two entities stand: {sorted(extra)}")
    return out


def loads(game: Game, text: str, *, force_rules: bool = False,
          check_history: bool = False) -> State:
    """Read a state back; any malformation is a ``SerializationError``.

    The decision is recomputed by the rules, never taken from the text. A state
    recorded under rules other than ``game``'s is refused unless ``force_rules``.
    ``check_history`` replays the recorded moves from the start (``rederive``) and
    returns the state they reach; with ``force_rules`` that state is what the moves
    give under ``game``'s rules, whatever the file recorded. A whole state of an earlier
    version is always replayed so: what that version did not keep (which rolls picked a
    card, the piles) comes back from its moves.
    """
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
    version = doc.get("version")
    if isinstance(version, bool) or version not in READS:
        raise SerializationError(f"state format version {version!r} is not "
                                 f"supported (this version reads {', '.join(map(str, READS))})")
    if doc.get("game") != game.name:
        raise SerializationError(f"state is of game {doc.get('game')!r}, not {game.name!r}")
    recorded = doc.get("rules_hash")
    if version >= 2 and not force_rules and recorded != rules_digest(game):
        raise RulesChangedError(
            f"saved under other rules of {game.name!r} (rules fingerprint {recorded!r}, "
            f"the rules now give {rules_digest(game)!r}): the rules file was changed since")
    section = "state"
    try:
        section = "entities"
        s = State.__new__(State)
        s.game = game
        s.entities_ = {}
        s.at_ = {}
        shared: dict[Pos, list[int]] = {}
        for eid, etype, owner, pos, params, statuses, zone in doc["entities"]:
            if etype not in game.entity_types and etype != MASKED:
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
            if e.id in s.entities_:
                raise ValueError(f"entity id {e.id} is used twice")
            s.entities_[e.id] = e
            if p is not None:
                if game.board.width and not game.board.contains(p):
                    raise ValueError(f"entity {eid}: {p} is off the "
                                     f"{game.board.width}x{game.board.height} board")
                if p in s.at_ and not game.board.stacking:
                    raise ValueError(f"entities {s.at_[p]} and {eid} both stand on {p}")
                shared.setdefault(p, []).append(e.id)
                s.at_.setdefault(p, e.id)
        section = "stacks"
        s.stacks_ = _read_stacks(doc.get("stacks") or [], shared)
        for p, ids in s.stacks_.items():
            s.at_[p] = ids[0]
        section = "tiles"
        s.tiles = game.board.tiles if doc["tiles"] is None else tuple(doc["tiles"])
        if len(s.tiles) != len(game.board.tiles):
            raise ValueError(f"{len(s.tiles)} tiles, the board has {len(game.board.tiles)}")
        section = "players"
        s.players = tuple(PlayerDraft(dict(p["params"]),  # sealed by _freeze
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
        s.memory_ = {str(k): dec(v) for k, v in doc["memory"].items()}
        section = "counters"
        s.counters_ = {str(k): dec(v) for k, v in doc["counters"].items()}
        check_records(game, s.counters_)  # buffs, tasks, items and research (engine.strategy)
        section = "log"
        log: LogNode = None
        for entry in doc["log"]:
            player, action, rolls, events, *more = entry
            if len(more) > 3:
                raise ValueError("a move of the log has more than seven parts")
            rec = Record(_int(player), parse_action(action), tuple(_int(x) for x in rolls),
                         tuple((str(n), tuple((str(k), dec(v)) for k, v in fields))
                               for n, fields in events),
                         _int(more[0]) if more else 0, _int(more[1]) if len(more) > 1 else 0,
                         tuple(_turn(t) for t in more[2]) if len(more) > 2 else ())
            log = (log, rec)
        s.log = log
        section = "decision"
        d = doc["decision"]
        s.decision = None if d is None else Decision(  # checked, then computed again below
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
        section = "cards"
        s.cards = read_cards(doc["cards"], _int, Status) if "cards" in doc else NO_CARDS
        s.memo = None
        s._hash = None
        s._own = 0
        s._own_entities = None
        s._views = None
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
    _freeze(s)
    if s.viewer is None:
        s.decision = recompute_decision(s)
    if check_history or (version < VERSION and s.viewer is None):
        # (a file of an earlier version lacks what its moves give again: they are replayed)
        return rederive(s, exact=not force_rules, version=version)
    return s


def _freeze(s: State) -> None:
    """Make a state read back from text read-only, as ``State._end`` does for new ones."""
    s._own = -1  # every container is this state's own: _end may seal them in place
    s._own_entities = set(s.entities_)
    s._end()


# --------------------------------------------------------------- decisions
_BROKEN = (KeyError, TypeError, ValueError, IndexError, AttributeError, AssertionError,
           ArithmeticError, RecursionError, StratagemError)
"""What the rules may raise on a position no game can reach (an entity missing, a
flow position out of range): a forged file, reported as such."""


def recompute_decision(s: State) -> Decision | None:
    """The decision ``s`` waits for, as the rules compute it from the rest of the state.

    A finished game waits for nothing. Otherwise the top of the resolution stack (a
    choice, a roll, a reaction window) or the flow position (whose turn, which phase)
    says who decides and among what; a position where the rules ask no one anything
    (a flow position between turns, an entity that is not there) is a
    ``SerializationError``.
    """
    if s.outcome is not None:
        return None
    work = s._begin()
    r = Resolver(work)
    try:
        top = work.stack[-1] if work.stack else None
        if top is None:
            if work.flow.mode != IN_STEP:
                raise SerializationError("malformed serialized state: its flow position is "
                                         "between turns, where no one decides")
            advance(r)
        elif type(top) is Await:
            r._ask(top)
        elif type(top) is EventFrame and top.cands is not None:
            r._step_event(top)
    except SerializationError:
        raise
    except _BROKEN as exc:
        raise SerializationError(f"malformed serialized state: the rules cannot tell who "
                                 f"decides there ({type(exc).__name__}: "
                                 f"{_short(str(exc))})") from None
    d = work.decision
    if d is None or not d.actions:
        raise SerializationError("malformed serialized state: the rules offer no decision "
                                 "in the position it describes")
    return d


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


# ------------------------------------------------------ rules fingerprints
def rules_digest(game: Game) -> str:
    """A short fingerprint of a game's rules: the one the rules loader recorded (of the
    rules file's content and scenario), or else one of the game's declared parts."""
    known = game.rules_digest or game.runtime.digest
    if known is None:
        text = json.dumps(_plain(
            (game.name, game.scenario, game.players, game.board, game.entity_types,
             game.action_types, game.statuses, game.player_params, game.zones,
             game.placements, game.phases, game.end_rules, game.round_limit)), sort_keys=True)
        known = game.runtime.digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    return known


def _plain(v: Any, depth: int = 0) -> Any:
    """A JSON-ready description of a part of a game (functions by their names only)."""
    if depth > 12:
        return "…"
    if v is None or isinstance(v, bool | int | float | str):
        return v
    if isinstance(v, dict):
        return {str(k): _plain(x, depth + 1) for k, x in v.items()}
    if isinstance(v, tuple | list | frozenset | set):
        items = [_plain(x, depth + 1) for x in v]
        return sorted(items, key=repr) if isinstance(v, frozenset | set) else items
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: _plain(getattr(v, f.name), depth + 1) for f in dataclasses.fields(v)
                if "digest_default" not in f.metadata  # a later field, at its default
                or getattr(v, f.name) != f.metadata["digest_default"]}
    return getattr(v, "__qualname__", type(v).__name__)


# ---------------------------------------------------------------- history
_INVERSE_GOLDEN = pow(_rng.GOLDEN, -1, 1 << 64)


def _unmix(z: int) -> int:
    """The inverse of ``rng.mix``: every step of SplitMix64's output function undoes."""
    def unshift(x: int, k: int) -> int:
        y = x
        for _ in range(64 // k + 1):
            y = x ^ (y >> k)
        return y
    z = unshift(z, 31)
    z = z * pow(0x94D049BB133111EB, -1, 1 << 64) & _rng.MASK
    z = unshift(z, 27)
    z = z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & _rng.MASK
    return unshift(z, 30)


SET_UP_SPREAD = 128
"""How far from seed 0's count ``start_of`` looks for the number of draws a set-up made
(a set-up that draws until a card comes up draws a number of times its seed decides)."""


def starts_of(s: State) -> Iterator[tuple[int, State]]:
    """The seeds a state's game may have been started with, each with the state it starts,
    found from the state's generator and the draws its moves made (SplitMix64 steps by a
    constant, and its output function inverts). The set-up's own draws are those of seed
    0's set-up, or, where the seed decides how many it makes (a flow that draws again
    until a card comes up, before anyone decides), a count near it: each seed whose game's
    generator stands where this state's did before its moves, the nearest count first.
    Two seeds can: one whose set-up drew once more than the other's, from one step earlier
    in the same stream; only replaying the moves tells them apart (``rederive``)."""
    g = s.game
    rolls = sum(len(r.rolls) + (r.player == CHANCE) + r.draws for r in s.history)
    before = (s.rng - rolls * _rng.GOLDEN) & _rng.MASK  # where the set-up left it
    zero = g.new_state(0, explicit_chance=s.explicit)
    usual = (zero.rng - _rng.seed_state(0)) * _INVERSE_GOLDEN & _rng.MASK
    for shift in range(2 * SET_UP_SPREAD + 1):
        k = usual + (shift + 1) // 2 * (1 if shift % 2 else -1)  # usual, +1, -1, +2, …
        if k < 0:
            continue
        seed = _unmix((before - k * _rng.GOLDEN) & _rng.MASK)
        seed = seed - (1 << 64) if seed >> 63 else seed  # seeds -1 and 2**64 - 1 are one
        start = g.new_state(seed, explicit_chance=s.explicit) if seed else zero
        if start.rng == before:
            yield seed, start


def seed_of(s: State) -> int:
    """The seed a state's game was started with: the first of ``starts_of`` from which its
    moves replay to it exactly."""
    return _start(s)[0]


def _start(s: State) -> tuple[int, State]:
    first: tuple[int, State] | None = None
    for seed, start in starts_of(s):
        if first is None:
            first = (seed, start)
        try:
            _replay(s, start, None, True, VERSION)
        except SerializationError:
            continue
        return seed, start
    if first is None:
        raise SerializationError("its generator follows from no seed: its `rng` was "
                                 "changed, or its moves' rolls")
    return first


def rederive(s: State, *, exact: bool = True, moves: int | None = None,
             version: int = VERSION) -> State:
    """Replay ``s``'s recorded moves from the start of its game and return the state
    they reach: each move must be legal where it was made, by the player whose turn it
    was, and each roll what the game's generator gives. With ``exact``, the state
    reached must equal ``s`` in every part. ``moves`` replays only that many (for undo).

    A ``SerializationError`` names the first move or part that does not agree (from the
    seed ``starts_of`` finds first, when no seed's game replays to ``s``). In a game with
    chance surfaced as decisions (``explicit_chance``) the dice are whatever the driver
    chose, and are replayed as recorded.
    """
    if s.viewer is not None:
        raise SerializationError("a player's view, with hidden parts withheld: its moves "
                                 "cannot be checked")
    first: SerializationError | None = None
    candidates = starts_of(s)
    for _, start in candidates:
        try:
            reached = _replay(s, start, None, exact, version)
        except SerializationError as exc:
            first = first or exc
            continue
        return reached if moves is None else _replay(s, start, moves, False, version)
    if first is not None:
        raise first
    raise SerializationError("its generator follows from no seed: its `rng` was changed, "
                             "or its moves' rolls")


def _replay(s: State, start: State, moves: int | None, exact: bool, version: int) -> State:
    """``s``'s moves (the first ``moves``) replayed from ``start`` (see ``rederive``)."""
    g = s.game
    history = s.history
    state = start
    try:
        for i, rec in enumerate(history[:moves], 1):
            d = state.decision
            said = f"move {i} ({_short(str(rec.action), 40)})"
            if d is None:
                raise SerializationError(f"{said} comes after the game ended")
            if d.player != rec.player:
                raise SerializationError(f"{said} is recorded for player {rec.player}, but "
                                         f"player {d.player} was to decide")
            why = g.why_illegal(state, rec.action)
            if why is not None:
                raise SerializationError(f"{said} is not legal there: {why}")
            state = g.apply(state, rec.action)
            got = state.log[1].rolls if state.log is not None else ()
            if got != rec.rolls:
                raise SerializationError(
                    f"{said}: the file records rolls {list(rec.rolls)}, the game's dice "
                    f"give {list(got)}")
    except SerializationError:
        raise
    except StratagemError as exc:
        raise SerializationError(f"its moves do not replay: {exc}") from None
    if exact and moves is None and version < VERSION:
        # A file of an earlier version lacks what the moves give again (which rolls picked
        # a card, the piles): the position it holds is compared as that version wrote it.
        if dumps(state, version) != dumps(s, version):
            raise SerializationError("the saved position does not follow from its own moves")
    elif exact and moves is None and state != s:
        raise SerializationError(f"the saved position does not follow from its own moves "
                                 f"(it differs in its {_difference(state, s)})")
    return state


def _difference(a: State, b: State) -> str:
    names = ("entities", "tiles", "players", "flow", "stack", "generator", "memory",
             "counters", "moves", "decision", "outcome", "chance mode", "next id", "viewer",
             "cards (the table's zones, or what players know of cards)", "stacks")
    for name, x, y in zip(names, a._key(), b._key(), strict=True):
        if x != y:
            return name
    return "parts"


def _turn(t: Any) -> TurnMark:
    """A turn begun within a move, as the log keeps it (``Record.turns``)."""
    events, rolls, player, round_, phase, *runs = t
    mark = (_int(events), _int(rolls), None if player is None else _int(player), _int(round_),
            _int(phase))
    if not runs:
        return mark
    (before,) = runs  # the runs of a repeating phase before this one
    return (*mark, _int(before))


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
