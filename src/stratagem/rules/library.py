"""The function library of the expression language: one registry.

Every function has a signature, a one-paragraph description and an example;
``docs/rules.md`` is generated from this table (``stratagem.rules.docgen``),
so the reference cannot drift from the code. Functions see the state through
the context only; none can reach Python, files or the network.

One module because it is a table, read entry by entry, each function's
implementation above it: it runs past 500 lines on purpose. What compiles a call
of one (checking its arguments against the signature) is ``calls.py``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import takewhile
from typing import Any

from ..engine import Ctx, Pos, Ref, RuleError, dice, faces, hexes, stacks, successes
from ..engine import buffs as _buffs
from ..engine import continuous as _tasks
from ..engine import geometry as geo
from ..engine import items as _items
from ..engine import sides as _sides
from ..engine import tech as _tech
from ..engine.cooldowns import cooldown_left
from ..engine.hands import hand_number, in_hand, is_knocked_out
from ..engine.knowledge import is_table, knows
from ..engine.live import Live, live_entities
from .texts import value_text

REQUIRED = object()


@dataclass(frozen=True)
class Param:
    """An argument: name, type, default (``REQUIRED`` if none)."""

    name: str
    type: str
    default: Any = REQUIRED
    doc: str = ""
    pair: str = ""
    """For an expression of two items (`group`'s `joined`): the name of the second, read
    beside `it` (`via`)."""


@dataclass(frozen=True)
class Function:
    """A library function."""

    name: str
    params: tuple[Param, ...]
    returns: str
    doc: str
    example: str
    impl: Callable[..., Any]
    category: str = "query"

    @property
    def signature(self) -> str:
        parts = []
        for p in self.params:
            text = f"{p.name}: {p.type.removeprefix('fn:')}"
            if p.type.startswith("fn:"):
                text = f"{p.name}: expression of `it`" + (f" and `{p.pair}`" if p.pair else "")
            if p.default is not REQUIRED:
                text += f" = {_show(p.default)}"
            parts.append(text)
        return f"{self.name}({', '.join(parts)}) -> {self.returns}"


def _show(v: Any) -> str:
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return v
    return str(v)


# ------------------------------------------------------------------ helpers
def _where(c: Ctx, v: Any) -> Pos | None:
    if isinstance(v, Pos):
        return v
    if v is None:
        return None
    e = c.state.entities_.get(v)
    return None if e is None else e.pos


def _owner_ok(c: Ctx, owner_mode: Any, e: Any) -> bool:
    if owner_mode == "any":
        return True
    if owner_mode == "enemy":
        return e.owner is not None and e.owner != c.player
    if owner_mode == "ally":
        return bool(e.owner == c.player)
    if owner_mode == "neutral":
        return e.owner is None
    return bool(e.owner == owner_mode)


TYPE_TEST = "type_test"
"""The attribute that marks a compiled condition of the form `it.type == kind` (``calls.py``):
its value evaluates `kind`, so a function testing many items compares types directly."""
TYPE_REST = "type_rest"
"""With ``TYPE_TEST``, on a condition `it.type == kind and …`: the rest of the condition
(a function of `it`), tested only on the items of that type."""


class _It:
    """Evaluates an expression of `it` for many items with one reusable context."""

    __slots__ = ("ctx", "f", "vars")

    def __init__(self, c: Ctx, f: Callable[[Ctx], Any]) -> None:
        self.vars = dict(c.vars)
        self.ctx = Ctx(c.state, c.player, c.actor, c.targets, self.vars, c.event)
        self.f = f

    def __call__(self, item: Any) -> Any:
        self.vars["it"] = item
        return self.f(self.ctx)


def _tester(c: Ctx, where: Callable[[Ctx], Any]) -> Callable[[Any], Any]:
    """A condition on `it` to test many items with: `_It`, or for a condition compiled as a
    type test (`it.type == kind`, `kind` not reading `it`: ``TYPE_TEST``) a plain comparison
    of each item's type with `kind`, which is worked out once."""
    kind_of = getattr(where, TYPE_TEST, None)
    if kind_of is None:
        return _It(c, where)
    try:
        kind: object = kind_of(c)
    except Exception:  # raised where the condition itself raises, if an item reaches it
        return _It(c, where)
    get = c.state.entities_.get
    rest = getattr(where, TYPE_REST, None)
    if rest is not None:
        more = _It(c, rest)

        def test_more(item: Any) -> bool:
            e = get(item)
            return (None if e is None else e.type) == kind and more(item)
        return test_more

    def test(item: Any) -> bool:
        e = get(item)
        return (None if e is None else e.type) == kind
    return test


def _next_player(c: Ctx, player: Any, steps: Any = 1) -> int:
    seats = c.state.players
    n = len(seats)
    p = int(player)
    k = int(steps)
    if not 0 <= p < n:
        raise ValueError(f"next_player: {player!r} is not a player")
    if not any(pl.alive for pl in seats):
        return p
    step = 1 if k >= 0 else -1
    for _ in range(abs(k)):
        p = (p + step) % n
        while not seats[p].alive:
            p = (p + step) % n
    return p


def _can_research(c: Ctx, who: Any, tech: Any) -> bool:
    spec = c.game.strategy.techs.get(tech)
    return spec is not None and _tech.can_research(c.state, who, spec)


# -------------------------------------------------------------- functions
def _distance(c: Ctx, a: Any, b: Any) -> float:
    # `_where` and `geo.distance` inlined: range conditions run this for every candidate.
    ents = c.state.entities_
    if not isinstance(a, Pos):
        e = None if a is None else ents.get(a)
        a = None if e is None else e.pos
    if not isinstance(b, Pos):
        e = None if b is None else ents.get(b)
        b = None if e is None else e.pos
    if a is None or b is None:
        return math.inf
    dx: int = abs(a[0] - b[0])
    dy: int = abs(a[1] - b[1])
    metric = c.game.board.metric
    if metric == "chebyshev":
        return dx if dx > dy else dy
    if metric == "manhattan":
        return dx + dy
    if metric[0] in "hl":  # hex-…: hex steps; links-…: links (``engine.links``)
        return geo.distance(a, b, metric)
    return math.hypot(dx, dy)


def _blocked(c: Ctx, mover: Any, blocked_by: str) -> Any:
    """What blocks a way for ``mover`` (an entity, or a position: then the deciding
    player's); ``None`` for the default (every unit)."""
    if blocked_by == "units":
        return None
    owner = c.player
    if not isinstance(mover, Pos) and mover is not None:
        e = c.state.entities_.get(mover)
        if e is not None:
            owner = e.owner
    return geo.blockers(c.state, blocked_by, owner)


def _mover(c: Ctx, frm: Any) -> Any:
    """The entity a way starts from (whose tile costs it pays), or ``None`` for a position."""
    return None if isinstance(frm, Pos) or frm is None else c.state.entities_.get(frm)


def _path_distance(c: Ctx, a: Any, b: Any, diagonal: Any, stop_near: Any = None,
                   blocked_by: str = "units") -> float:
    pa, pb = _where(c, a), _where(c, b)
    if pa is None or pb is None:
        return math.inf
    blocked = _blocked(c, a, blocked_by)
    if stop_near is not None:
        costs = geo.stopping_costs(c.state, pa, math.inf, diagonal, _stops(c, stop_near), pb,
                                   blocked, _mover(c, a))
        return costs.get(Pos(pb[0], pb[1]), math.inf)
    return geo.path_distance(c.state, pa, pb, diagonal, blocked, _mover(c, a))


def _stops(c: Ctx, near: Any) -> frozenset[Pos]:
    """The zones of control of ``near`` (entities or positions): the positions next to them."""
    centers = [p for p in (_where(c, x) for x in near or ()) if p is not None]
    return geo.zone_of_control(c.state, centers)


def _sight(c: Ctx, a: Any, b: Any) -> bool:
    pa, pb = _where(c, a), _where(c, b)
    return pa is not None and pb is not None and geo.line_of_sight(c.state, pa, pb)


def _sees(c: Ctx, a: Any, b: Any) -> bool:
    """Fog of war: whether entity ``a`` sees ``b`` (in its sight range, in line of sight)."""
    e = c.state.entities_.get(a) if a is not None and not isinstance(a, Pos) else None
    pb = _where(c, b)
    if e is None or e.pos is None or pb is None:
        return False
    fog = c.game.fog
    if fog is None:
        return geo.line_of_sight(c.state, e.pos, pb)
    return fog.entity_sees(c.state, e, Pos(*pb))


def _visible(c: Ctx, x: Any, by: Any) -> bool:
    """Fog of war: whether a player (the deciding one by default) sees ``x`` now."""
    fog = c.game.fog
    player = c.player if by is None else by
    if fog is None or player is None:
        return True
    if isinstance(x, Pos):
        return fog.sees_pos(c.state, player, x)
    e = None if x is None else c.state.entities_.get(x)
    return e is not None and fog.sees_entity(c.state, player, e)


_Live = Live


def _live(s: Any, kind: Any) -> _Live | None:
    """The entities in play of state ``s``, of type ``kind`` if given (``engine.live``);
    ``None`` for a transaction's own copy of the entities (read afresh: ``_pick``)."""
    live = live_entities(s)
    if live is None or kind is None:
        return live
    return tuple([x for x in live if x[2] == kind])


def _by_owner(live: _Live, owner: Any, p: Any) -> list[Ref]:
    """The refs of ``live`` whose owner passes ``owner`` (a word, or a player) for ``p``."""
    if owner == "any":
        return [r for r, _, _ in live]
    if owner == "enemy":
        return [r for r, o, _ in live if o is not None and o != p]
    if owner == "ally":
        return [r for r, o, _ in live if o == p]
    if owner == "neutral":
        return [r for r, o, _ in live if o is None]
    return [r for r, o, _ in live if o == owner]


def _pick(ents: Any, owner: Any, p: Any, kind: Any) -> list[Ref]:
    """``_by_owner`` read straight from the entities (in play, of type ``kind`` if given)."""
    order = sorted(ents)
    if kind is not None:
        order = [i for i in order if ents[i].type == kind]
    if owner == "any":
        return [Ref(i) for i in order if ents[i].zone is None]
    if owner == "enemy":
        return [Ref(i) for i in order
                if (e := ents[i]).zone is None and e.owner is not None and e.owner != p]
    if owner == "ally":
        return [Ref(i) for i in order if (e := ents[i]).zone is None and e.owner == p]
    if owner == "neutral":
        return [Ref(i) for i in order if (e := ents[i]).zone is None and e.owner is None]
    return [Ref(i) for i in order if (e := ents[i]).zone is None and e.owner == owner]


def _owns(owner: Any, o: Any, p: Any) -> bool:
    """Whether an entity of owner ``o`` passes ``owner`` (a word, or a player) for ``p``."""
    return owner == "any" or (o == p if owner == "ally" else o is None if owner == "neutral"
                              else o is not None and o != p if owner == "enemy"
                              else o == owner)


def _tally(ents: Any, owner: Any, p: Any, kind: Any) -> int:
    """``len(_pick(...))`` without sorting or listing (``check_end`` asks it of every
    player after every action)."""
    return sum(1 for e in ents.values() if e.zone is None
               and (kind is None or e.type == kind) and _owns(owner, e.owner, p))


def _sided(c: Ctx, owner: Any, o: Any) -> bool:
    """In a game with teams, whether an entity of owner ``o`` is ``enemy`` or ``ally`` of the
    deciding player: of another side, or of the player's own (``Game.sides``)."""
    sides = c.game.sides
    p = c.player
    if o is None or p is None or sides is None:
        return bool(owner == "ally" and o == p)
    return bool((sides[o] == sides[p]) == (owner == "ally"))


def _entities(c: Ctx, owner: Any, type: Any, tag: Any, near: Any, within: Any,
              status: Any, where: Any) -> list[Ref]:
    s = c.state
    if c.game.sides is not None and owner in ("enemy", "ally"):
        # Teams: `enemy` and `ally` are sides, not players (every other path compares
        # owners with the deciding player).
        ents = s.entities_
        kept = [r for r in _entities(c, "any", type, tag, near, within, status, None)
                if _sided(c, owner, ents[r].owner)]
        if where is not None:
            test = _tester(c, where)
            kept = [r for r in kept if test(r)]
        return kept
    if tag is None and status is None and near is None:
        # Whose they are and of which type only (check_end asks this of every player after
        # every action; options list every unit's targets): from the live index.
        live = _live(s, type)
        out = (_pick(s.entities_, owner, c.player, type) if live is None
               else _by_owner(live, owner, c.player))
        if where is not None:
            test = _tester(c, where)
            out = [r for r in out if test(r)]
        return out
    center = _where(c, near) if near is not None else None
    metric = c.game.board.metric
    types = c.game.entity_types
    out = []
    ids: Any = None
    if center is not None and within < math.inf:
        # A small radius: look only at the squares around the center (a Chebyshev
        # square holds every metric's circle) rather than at every entity.
        r = math.floor(within)
        if r >= 0 and (2 * r + 1) ** 2 <= len(s.at_) and not s.stacks_ \
                and not c.game.board.links:  # (links join far squares)
            at = s.at_
            cx, cy = center
            ids = sorted(eid for y in range(cy - r, cy + r + 1) for x in range(cx - r, cx + r + 1)
                         if (eid := at.get(Pos(x, y))) is not None)
    ents = s.entities_
    for eid in sorted(ents) if ids is None else ids:
        e = ents[eid]
        if e.zone is not None:
            continue
        if type is not None and e.type != type:
            continue
        if tag is not None and tag not in types[e.type].tags:
            continue
        if not _owner_ok(c, owner, e):
            continue
        if status is not None and not e.has_status(status):
            continue
        if center is not None and (e.pos is None or
                                   geo.distance(center, e.pos, metric) > within):
            continue
        out.append(Ref(eid))
    if where is not None:
        test = _tester(c, where)
        out = [r for r in out if test(r)]
    return out


def _count_entities(c: Ctx, owner: Any, type: Any, tag: Any, near: Any, within: Any,
                    status: Any, where: Any) -> int:
    """``count(entities(...))`` without building the list where only the owner and the type
    filter."""
    if tag is None and status is None and near is None and where is None \
            and (c.game.sides is None or owner not in ("enemy", "ally")):
        ents = c.state.entities_
        live = live_entities(c.state)
        p = c.player
        if live is None:  # a transaction's own copy: counted as it stands, nothing listed
            return _tally(ents, owner, p, type)
        return sum(1 for _, o, kind in live
                   if (type is None or kind == type) and _owns(owner, o, p))
    return len(_entities(c, owner, type, tag, near, within, status, where))


def _positions(c: Ctx, shape: str, center: Any, radius: float, empty: bool,
               where: Any) -> list[Pos]:
    if type(center) in (list, tuple) and shape != "all":  # around each, once, row by row
        found: set[Pos] = set()
        for one in center:
            origin = _where(c, one)
            if origin is not None:
                found.update(geo.shape(c.state, origin, shape, radius))
        cells: Any = sorted(found, key=lambda p: (p.y, p.x))
    else:
        origin = _where(c, center) if center is not None else Pos(0, 0)
        if origin is None:
            return []
        cells = c.game.board.cells if shape == "all" else geo.shape(c.state, origin, shape,
                                                                     radius)
    at = c.state.at_
    if empty and c.game.board.stacking:
        out = _with_room(c, cells)
    else:
        out = [p for p in cells if p not in at] if empty else list(cells)
    if where is not None:
        test = _tester(c, where)
        out = [p for p in out if test(p)]
    return out


def _reachable(c: Ctx, frm: Any, budget: float, diagonal: Any,
               stop_near: Any = None, blocked_by: str = "units") -> list[Pos]:
    p = _where(c, frm)
    if p is None:
        return []
    blocked = _blocked(c, frm, blocked_by)
    stops = _stops(c, stop_near) if stop_near is not None else frozenset()
    found = geo.reachable_cells(c.state, p, budget, diagonal, stops, blocked,  # row by row
                                _mover(c, frm))
    if c.game.board.stacking:  # free: with room for the mover
        return [q for q in _with_room(c, found, frm) if q != p]
    if blocked is None:  # every unit blocks: what was reached is free
        return found
    at = c.state.at_
    return [q for q in found if q not in at]


def _neighbours(c: Ctx, of: Any, diagonal: Any) -> list[Pos]:
    p = _where(c, of)
    return [] if p is None else geo.neighbours(c.game.board, p, diagonal)


def _drawn(c: Ctx, of: Any, axis: int) -> Any:
    """How far east (``axis`` 0) or south (1) the centre of ``of``'s cell is drawn, in the
    whole steps of ``hexes.drawn_steps`` on a hex board, its column or row on any other;
    none when ``of`` is not on the board."""
    p = _where(c, of)
    if p is None:
        return None
    b = c.game.board
    if b.topology != "hex":
        return p[axis]
    return hexes.drawn_steps(b.hex_layout or "pointy-odd", p[0], p[1])[axis]


def _group(c: Ctx, of: Any, where: Any = None, diagonal: Any = None,
           joined: Any = None) -> list[Ref]:
    """The entities joined to entity ``of`` through neighbouring squares, ``of`` included: its
    owner's, or those meeting ``where``; a flood over the board from ``of``'s square. With
    ``joined``, a neighbour joins only where the pair meets it too (``via`` the member it is
    reached from, ``it`` the neighbour): roads joined along matching edges."""
    s = c.state
    ents = s.entities_
    start = ents.get(of) if isinstance(of, int) and not isinstance(of, bool) else None
    if start is None or start.pos is None:
        return []
    test = _tester(c, where) if where is not None else None
    owner = start.owner
    board = c.game.board
    seen = {start.id}
    if joined is not None:
        return _joined_group(c, start.id, start.pos, test, joined, diagonal)
    todo = [start.pos]
    while todo:
        here = todo.pop()
        for q in geo.neighbours(board, here, diagonal):
            joined = False
            for eid in stacks.stack_at(s, q):
                if eid in seen:
                    continue
                if test(Ref(eid)) if test is not None else ents[eid].owner == owner:
                    seen.add(eid)
                    joined = True
            if joined:
                todo.append(q)
    return [Ref(eid) for eid in sorted(seen)]


def _joined_group(c: Ctx, first: int, at: Pos, test: Any, joined: Any,
                  diagonal: Any) -> list[Ref]:
    """``group`` with a ``joined`` test of each pair: a flood from member to member, each
    neighbour that meets ``test`` (if any) and, with ``via`` the member, ``joined``."""
    s = c.state
    board = c.game.board
    vars_ = dict(c.vars)
    pair = Ctx(s, c.player, c.actor, c.targets, vars_, c.event)
    seen = {first}
    todo = [(first, at)]
    while todo:
        member, here = todo.pop()
        vars_["via"] = Ref(member)
        for q in geo.neighbours(board, here, diagonal):
            for eid in stacks.stack_at(s, q):
                if eid in seen or (test is not None and not test(Ref(eid))):
                    continue
                vars_["it"] = Ref(eid)
                if joined(pair):
                    seen.add(eid)
                    todo.append((eid, q))
    return [Ref(eid) for eid in sorted(seen)]


def _paths(c: Ctx, frm: Any, to: Any, budget: Any = None, diagonal: Any = None,
           blocked_by: str = "units") -> list[tuple[Pos, ...]]:
    pa, pb = _where(c, frm), _where(c, to)
    if pa is None or pb is None:
        return []
    blocked = _blocked(c, frm, blocked_by)
    return geo.all_paths(c.state, pa, pb, budget, diagonal, blocked, _mover(c, frm))


def _nearest(c: Ctx, frm: Any, items: Any) -> Any:
    origin = _where(c, frm)
    if origin is None or not items:
        return None
    metric = c.game.board.metric
    best = None
    best_d = math.inf
    for it in items:
        p = _where(c, it)
        if p is None:
            continue
        d = geo.distance(origin, p, metric)
        if d < best_d:
            best, best_d = it, d
    return best


def _extreme(c: Ctx, items: Any, by: Any, sign: int) -> Any:
    best = None
    best_v: Any = None
    key = _It(c, by)
    for it in items or ():
        v = key(it)
        if best_v is None or (v > best_v if sign > 0 else v < best_v):
            best, best_v = it, v
    return best


def _find(c: Ctx, items: Any, where: Any) -> Any:
    test = _tester(c, where)
    for it in items or ():
        if test(it):
            return it
    return None


def _tiles_on_line(c: Ctx, a: Any, b: Any) -> list[str]:
    pa, pb = _where(c, a), _where(c, b)
    board = c.game.board
    if pa is None or pb is None or not board.contains(pa) or not board.contains(pb):
        return []
    return list(dict.fromkeys(geo.tiles_on_line(c.state, pa, pb)))


def _occupant(c: Ctx, pos: Any) -> Any:
    eid = c.state.at_.get(pos)
    return None if eid is None else Ref(eid)


def _tile(c: Ctx, pos: Any) -> Any:
    b = c.game.board
    if pos is None or not b.contains(pos):
        return None
    return c.state.tiles[pos[1] * b.width + pos[0]]


def _side(c: Ctx, a: Any, b: Any) -> Any:
    """The type of the side between two cells (of entities or positions), or none."""
    pa, pb = _where(c, a), _where(c, b)
    if pa is None or pb is None:
        return None
    return _sides.side_between(c.game.board, pa, pb)


def _zone_ids(c: Ctx, player: Any, name: str) -> Any:
    """The ids in a player's zone or a table zone, bottom first (a view's unknown cards as
    negative ids)."""
    if is_table(c.game, name):
        return c.state.cards.table.get(name, ())
    zones = c.state.players[player].zones_
    if name not in zones:
        raise ValueError(f"no zone '{name}'")
    return zones[name]


def _place(c: Ctx, name: str) -> Pos:
    """A named place's position; an unknown name is an error that lists the places."""
    for n, pos in c.game.board.places:
        if n == name:
            return pos
    known = ", ".join(n for n, _ in c.game.board.places) or "none"
    raise ValueError(f"no place {name!r} on the board (places: {known})")


def _count_zone(c: Ctx, player: Any, name: str, type: Any = None, where: Any = None) -> int:
    """``count(zone(...))`` without listing: the cards that ``_zone`` would give, counted
    (a type test in ``where`` compares types directly: ``_tester``)."""
    entities = c.state.entities_
    ids = [x for x in _zone_ids(c, player, name)
           if x >= 0 and (type is None or entities[x].type == type)]
    if where is None:
        return len(ids)
    test = _tester(c, where)
    return sum(1 for x in ids if test(Ref(x)))


def _zone(c: Ctx, player: Any, name: str, type: Any = None, where: Any = None) -> list[Ref]:
    ids = _zone_ids(c, player, name)
    if type is None:
        out = [Ref(x) for x in ids if x >= 0]
    else:
        entities = c.state.entities_
        out = [Ref(x) for x in ids if x >= 0 and entities[x].type == type]
    if where is not None:
        test = _tester(c, where)
        out = [r for r in out if test(r)]
    return out


def _sorted(c: Ctx, items: Any, by: Any, descending: bool) -> list[Any]:
    items = list(items or ())
    keys = items if by is None else list(map(_It(c, by), items))
    # Python's sort is stable even reversed: equal keys keep their order; none goes last.
    if descending:
        order = sorted(range(len(items)), key=lambda i: (keys[i] is not None, keys[i]),
                       reverse=True)
    else:
        order = sorted(range(len(items)), key=lambda i: (keys[i] is None, keys[i]))
    return [items[i] for i in order]


MAX_RANGE = 10_000
"""The most numbers ``range`` gives: a runaway bound is a clear error, not a hang."""


def _range(c: Ctx, start: Any, stop: Any) -> list[int]:
    a, b = int(start), int(stop)
    if b - a > MAX_RANGE:
        raise RuleError(f"range({a}, {b}) would give {b - a} numbers (at most {MAX_RANGE})")
    return list(range(a, b))


def _min(c: Ctx, items: Any) -> Any:
    return min(items) if items else 0


def _max(c: Ctx, items: Any) -> Any:
    return max(items) if items else 0


def _line(c: Ctx, frm: Any, direction: Any, length: int) -> list[Pos]:
    p = _where(c, frm)
    if p is None:
        return []
    b = c.game.board
    dx, dy = direction
    if dx == 0 and dy == 0:
        return []
    out = []
    hexed = b.topology == "hex"
    for i in range(1, length + 1):
        if hexed:  # the direction is a hex step (dq, dr), as in `hexes.DIRECTIONS`
            q = Pos(*hexes.step(b.hex_layout or "pointy-odd", p, (dx, dy), i))
        else:
            q = Pos(p[0] + dx * i, p[1] + dy * i)
        if not b.contains(q):
            break
        out.append(q)
    return out


def _longest_line(c: Ctx, player: Any, type: Any) -> int:
    """The longest straight run (row, column or diagonal) of a player's entities."""
    mine = {e.pos for e in c.state.entities_.values()
            if e.owner == player and e.pos is not None and (type is None or e.type == type)}
    board = c.game.board
    if board.topology == "hex":  # runs along the three straight lines of hexes
        rays = board.rays
        return max((1 + sum(1 for _ in takewhile(mine.__contains__, ahead))
                    for p in mine if p in rays for ahead, _ in rays[p]), default=len(mine) and 1)
    best = 0
    for x, y in mine:
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            if (x - dx, y - dy) in mine:
                continue  # not the start of a run (plain tuples hash like positions)
            n = 1
            while (x + dx * n, y + dy * n) in mine:
                n += 1
            if n > best:
                best = n
    return best


def _line_through(c: Ctx, where: Any) -> int:
    """The longest straight run of same-owner entities through one entity or position."""
    state = c.state
    ents = state.entities_
    if isinstance(where, Pos):
        p = where
    else:
        e = ents.get(where) if where is not None else None
        if e is None or e.pos is None:
            return 0
        p = e.pos
    at: dict[Any, int] = state.at_  # plain (x, y) tuples hash like positions
    eid = at.get(p)
    if eid is None:
        return 0
    owner = ents[eid].owner
    lines = c.game.board.rays.get(p)
    if lines is None:  # off the board
        return 1
    best = 0
    get = at.get
    for ahead, behind in lines:
        n = 1
        for q in ahead:
            other = get(q)
            if other is None or ents[other].owner != owner:
                break
            n += 1
        for q in behind:
            other = get(q)
            if other is None or ents[other].owner != owner:
                break
            n += 1
        if n > best:
            best = n
    return best


def _open_columns(c: Ctx) -> list[int]:
    """The columns with at least one free position, left to right."""
    cells = c.state.at_.keys()
    b = c.game.board
    taken = cells & b.top_row  # the top cells first, all at once
    if not taken:
        return list(range(b.width))
    # Where pieces fall, a column is free exactly when its top cell is; in general, look down.
    return [x for x, col in enumerate(b.column_sets) if col[0] not in taken or not col[1] <= cells]


def _count_empty(c: Ctx) -> int:
    return c.game.board.size - len(c.state.at_)


def _lowest_empty(c: Ctx, x: Any) -> Pos | None:
    """The free position with the largest y in column x (where a falling piece lands)."""
    columns: tuple[tuple[Pos, ...], ...] = c.game.board.columns
    i = int(x)
    if not 0 <= i < len(columns):
        return None
    at = c.state.at_
    for p in reversed(columns[i]):
        if p not in at:
            return p
    return None


def _all_positions(c: Ctx, empty: bool) -> list[Pos]:
    board = c.game.board
    cells = board.cells
    if not empty:
        return list(cells)
    if board.stacking:
        return _with_room(c, cells)
    at = c.state.at_
    return [p for p in cells if p not in at]


def _with_room(c: Ctx, cells: Any, mover: Any = None) -> list[Pos]:
    """The cells with room for ``mover`` (default: the actor; with neither, one more
    entity of size 1), on a board with stacks."""
    s = c.state
    who = c.actor if mover is None else mover
    eid = None if who is None or isinstance(who, Pos) else int(who)
    return [p for p in cells if stacks.has_room(s, p, eid)]


def _entities_at(c: Ctx, pos: Any) -> list[Ref]:
    p = _where(c, pos)
    return [] if p is None else [Ref(x) for x in stacks.stack_at(c.state, p)]


def _has_room(c: Ctx, pos: Any, what: Any) -> bool:
    p = _where(c, pos)
    if p is None or not c.game.board.contains(p):
        return False
    if isinstance(what, str):
        return stacks.has_room(c.state, p, None, what)
    eid = c.actor if what is None else what
    return stacks.has_room(c.state, p, None if eid is None else int(eid))


def _type_of(c: Ctx, what: Any) -> Any:
    """The entity type of an entity or of an entity type's name (None if neither)."""
    if isinstance(what, str):
        return c.game.entity_types.get(what)
    e = c.state.entities_.get(what) if what is not None else None
    return None if e is None else c.game.entity_types[e.type]


def _hint(c: Ctx, what: Any, name: str, default: Any) -> Any:
    """A value hint (``hints:``) of an entity's type, or of an entity type by name."""
    et = _type_of(c, what)
    return default if et is None else et.hints.get(name, default)


def _param_max(c: Ctx, what: Any, name: str) -> Any:
    """The declared maximum of a parameter: inf when unbounded, 0 when there is none."""
    et = _type_of(c, what)
    if et is None:
        return 0
    spec = c.game.param_specs.get((et.name, name))
    if spec is None:
        return 0
    return math.inf if spec.max is None else spec.max


def _type_param(c: Ctx, what: Any, name: str) -> Any:
    """The starting value of a parameter of an entity type (given by name, or an entity's
    type): what a card of that type holds before anything changes it."""
    et = _type_of(c, what)
    if et is None:
        raise ValueError(f"type_param: {what!r} is no entity type of the game")
    spec = c.game.param_specs.get((et.name, name))
    if spec is None:
        known = ", ".join(p.name for p in et.params) or "none"
        raise ValueError(f"type_param: a {et.name} has no parameter {name!r} (its "
                         f"parameters: {known})")
    return spec.default


def _buff_ending(s: Any, who: Any, buff: str) -> int:
    """How many stacks of a buff ``who`` holds with one round left."""
    return sum(1 for n, left in _buffs.held(s, who) if n == buff and left == 1)


_F: list[Function] = [
    Function("distance", (Param("a", "any"), Param("b", "any")), "number",
             "Distance between two entities or positions under the board's metric "
             "(chebyshev, manhattan or euclidean; on a hex board, the number of hex "
             "steps). Infinite if either is off the board.",
             "distance(actor, target) <= 1", _distance, "geometry"),
    Function("path_distance", (Param("a", "any"), Param("b", "any"),
                               Param("diagonal", "bool", None),
                               Param("stop_near", "list", None),
                               Param("blocked_by", "blocking", "units")), "number",
             "Cheapest movement cost from a to b over tile costs (when a is an entity, the "
             "costs its kind of unit pays: a tile type's `cost: {armor: 3, other: 1}`), in "
             "steps to the board's neighbours (`diagonal: false` keeps a square board's "
             "steps straight; none: the board's `neighbours`); b itself may be occupied. "
             "`blocked_by` says what the way may not cross: `units` (every occupied tile, "
             "the default), `enemies` (tiles holding a unit not of a's owner) or `nothing`. "
             "Infinite if unreachable. With `stop_near` (entities or positions), the way may"
             " not cross a position next to one of them (a zone of control), as in "
             "`reachable`.",
             "path_distance(actor, target, blocked_by: enemies) <= actor.speed",
             _path_distance, "geometry"),
    Function("line_of_sight", (Param("a", "any"), Param("b", "any")), "bool",
             "Whether no tile whose type blocks sight lies strictly between a and b. The "
             "line joins the cells' centres and passes through one cell per step along "
             "its longer axis: on a square board the square nearest the line at each "
             "step, on a hex board the hex holding each of n + 1 evenly spaced points of "
             "the segment (n the distance). Where the line passes exactly between two "
             "cells (along their shared edge, or through the corner of two squares), it "
             "is drawn once to each side, and sight passes if either is clear: a view "
             "along an edge is blocked only by walls on both sides, and whoever a unit "
             "sees sees it.",
             "line_of_sight(actor, target)", _sight, "geometry"),
    Function("sees", (Param("a", "entity"), Param("b", "any")), "bool",
             "Whether entity a sees b (an entity or a position): within a's sight range "
             "(the rules' `visibility:` section) and in line of sight. In a game without "
             "fog of war, line of sight alone.",
             "sees(actor, target)", _sees, "geometry"),
    Function("visible", (Param("x", "any"), Param("by", "player", None)), "bool",
             "Whether a player (the deciding one unless `by` names another) sees x, an "
             "entity or a position, now: some unit of its side sees it (its own side's "
             "units are always seen). Always true in a game without fog of war.",
             "visible(target)", _visible, "geometry"),
    Function("neighbours", (Param("of", "any"), Param("diagonal", "bool", None)), "list",
             "The board positions one step from an entity or position: 8 or 4 on a square "
             "board (the board's `neighbours`, or straight steps only with `diagonal: "
             "false`), 6 on a hex board.",
             "count(neighbours(actor)) == 6", _neighbours, "geometry"),
    Function("group", (Param("of", "entity"), Param("where", "fn:bool", None),
                       Param("diagonal", "bool", None),
                       Param("joined", "fn:bool", None, pair="via")),
             "list",
             "The entities joined to an entity through neighbouring squares, the entity "
             "included, in id order: a chain of stones, a group, a supply line. Those of "
             "its owner, or with `where` those meeting a condition on `it`; a square joins "
             "when an entity on it does (`diagonal` as in `neighbours`). With `joined`, a "
             "condition of two neighbours — `via`, the one already in the group, and `it`, "
             "the one next to it — a neighbour joins only where the pair meets it: tiles "
             "whose roads meet along the edge between them, `group(tile, joined: "
             "road_towards(via, it) and road_towards(it, via))` (each a `define`). A "
             "connection game's win: `any(group(stone), where: it.y == 0) and "
             "any(group(stone), where: it.y == 10)`.",
             "count(group(actor, where: it.type == 'wall')) >= 5", _group, "board"),
    Function("entities", (Param("owner", "owner", "any", "enemy, ally, neutral, any, or a player"),
                          Param("type", "str", None), Param("tag", "str", None),
                          Param("near", "any", None), Param("within", "number", math.inf),
                          Param("status", "str", None), Param("where", "fn:bool", None)),
             "list",
             "The entities on the board (not cards) matching every filter given, in id "
             "order. `owner` is relative to the deciding player; `near`/`within` keep "
             "those within a distance; `where` is a condition on `it`.",
             "entities(owner: enemy, near: actor, within: 2, where: it.hp < 3)",
             _entities),
    Function("positions", (Param("shape", "shape", "all"), Param("center", "any", None),
                           Param("radius", "number", 0), Param("empty", "bool", False),
                           Param("where", "fn:bool", None)), "list",
             "Board positions in a shape around a center: circle, square, cross, "
             "diamond, ring (exactly `radius` away) or all; on a hex board circle, square "
             "and diamond are all the hexes within `radius` steps and cross the three "
             "straight lines of hexes through the center; `empty` keeps free tiles; "
             "`where` filters on `it`. `center` may be a list of entities or positions: "
             "the positions around any of them, each once, row by row — the free squares "
             "beside the tiles laid so far, `positions(shape: cross, center: "
             "entities(type: tile), radius: 1, empty: true)`, cost what the tiles do, "
             "not what the board does.",
             "positions(shape: square, center: actor, radius: 1, empty: true)",
             _positions, "geometry"),
    Function("cells", (Param("empty", "bool", False),), "list",
             "Every board position, row by row (only the free ones with `empty: true`). "
             "Faster than `positions(shape: all)`.",
             "cells(empty: true)", _all_positions, "geometry"),
    Function("longest_line", (Param("player", "player"), Param("type", "str", None)), "number",
             "The longest straight run — along a row, a column or a diagonal; on a hex "
             "board along one of the three straight lines of hexes — of adjacent entities "
             "a player owns (of one type, if given).",
             "longest_line(player) >= 4", _longest_line, "board"),
    Function("line_through", (Param("at", "any"),), "number",
             "The longest straight run — along a row, a column or a diagonal (on a hex "
             "board, a straight line of hexes) — of adjacent entities with the same "
             "owner through an entity or position "
             "(0 if it is empty): did this piece complete a line?",
             "line_through(piece) >= 4", _line_through, "board"),
    Function("open_columns", (), "list",
             "The columns (x values) that have at least one free position, left to right: "
             "the legal drops of a game where pieces fall.",
             "open_columns()", _open_columns, "board"),
    Function("count_empty", (), "number",
             "How many board positions are free (0 when the board is full).",
             "count_empty() == 0", _count_empty, "board"),
    Function("lowest_empty", (Param("x", "number"),), "pos",
             "The free position lowest on the board (largest y) in column x, where a "
             "falling piece lands; none when the column is full or off the board.",
             "lowest_empty(column)", _lowest_empty, "board"),
    Function("reachable", (Param("from", "any"), Param("budget", "number"),
                           Param("diagonal", "bool", None),
                           Param("stop_near", "list", None),
                           Param("blocked_by", "blocking", "units")), "list",
             "Free positions reachable from an entity or position within a movement "
             "budget, paying each tile's cost (from an entity, the cost its kind of unit "
             "pays, as in `path_distance`); the start is excluded. `diagonal` and "
             "`blocked_by` as in `path_distance` (with `blocked_by: enemies` a unit may "
             "pass through its friends, but stops only where there is room: a square "
             "without friends, or on a board with `capacity` a stack with room for it; "
             "give `move_along` the same `blocked_by`). With `stop_near` "
             "(entities or positions), entering a position next to one of them (within 1 "
             "under the board's metric: a zone of control) ends the movement there: it is "
             "reachable, but the way goes no further through it. A zone stops at a side "
             "between cells that `blocks_zoc` (by default one no unit crosses: a wall).",
             "reachable(actor, actor.moves, stop_near: entities(owner: enemy))", _reachable,
             "geometry"),
    Function("paths", (Param("from", "any"), Param("to", "any"), Param("budget", "number", None),
                       Param("diagonal", "bool", None),
                       Param("blocked_by", "blocking", "units")), "list",
             "The ways from an entity or position to a position, each a list of the "
             "positions stepped on (the start left out, `to` last): every cheapest way, "
             "or with `budget` every way that never enters a square twice and costs at "
             "most that; cheapest first. `diagonal` and `blocked_by` as in "
             "`path_distance`. More than 1000 ways is an error. A `value` target chosen "
             "from it makes the way part of the action (`move_along: {path: way}`).",
             "paths(actor, destination, budget: actor.moves)", _paths, "geometry"),
    Function("tiles_on_line", (Param("a", "any"), Param("b", "any")), "list",
             "The tile types met on the straight line from a to b, both ends included, "
             "each named once in the order met (empty if either is off the board): does "
             "a move cross rough ground?",
             "tiles_on_line(actor, (4, 0)) == ['open']", _tiles_on_line, "geometry"),
    Function("east", (Param("of", "any"),), "number",
             "How far east (right) the centre of an entity's or position's cell is drawn on "
             "the map, counted so that cells drawn one above the other give the same number "
             "and further east gives more: on a hex board with pointy-topped hexes in half "
             "hexes (a hex is 2 wide, and a row pushed half a hex right adds 1: on "
             "`pointy-odd`, `(7,3)` gives 15 and `(7,4)` 14), with flat-topped hexes the "
             "column; on a square board the column, `x`. On a hex board `x` is the column "
             "as the map is written, not the position east: write `most: \"east(dest)\"` "
             "for the hex farthest east. None when off the board.",
             "east(target) > east(actor)", lambda c, of: _drawn(c, of, 0), "geometry"),
    Function("south", (Param("of", "any"),), "number",
             "How far south (down) the centre of an entity's or position's cell is drawn on "
             "the map, as `east` counts across: on a hex board with flat-topped hexes in "
             "half hexes (a column pushed half a hex down adds 1), with pointy-topped hexes "
             "the row; on a square board the row, `y`. None when off the board.",
             "south(target) < south(actor)", lambda c, of: _drawn(c, of, 1), "geometry"),
    Function("line", (Param("from", "any"), Param("direction", "pos"), Param("length", "number")),
             "list",
             "The positions in a straight line from a start (excluded) in a direction "
             "such as (1,0), up to a length or the board's edge. On a hex board the "
             "direction is a hex step in axial terms (dq, dr): (1,0), (1,-1), (0,-1), "
             "(-1,0), (-1,1) or (0,1).",
             "line(target, (0,1), 3)", _line, "geometry"),
    Function("nearest", (Param("from", "any"), Param("items", "list")), "any",
             "The item (entity or position) closest to `from`; the first in order wins "
             "ties; none if the list is empty.",
             "nearest(actor, entities(owner: enemy))", _nearest),
    Function("highest", (Param("items", "list"), Param("by", "fn:number")), "any",
             "The item with the largest value of `by` (an expression of `it`); the "
             "first wins ties.", "highest(entities(owner: enemy), by: it.hp)",
             lambda c, items, by: _extreme(c, items, by, 1)),
    Function("lowest", (Param("items", "list"), Param("by", "fn:number")), "any",
             "The item with the smallest value of `by`; the first wins ties.",
             "lowest(entities(owner: enemy), by: distance(actor, it))",
             lambda c, items, by: _extreme(c, items, by, -1)),
    Function("find", (Param("items", "list"), Param("where", "fn:bool")), "any",
             "The first item meeting a condition on `it`, or none.",
             "find(zone(player, 'hand'), where: it.type == 'banner')", _find),
    Function("count", (Param("items", "list"),), "number",
             "How many items a list has.", "count(entities(owner: ally)) == 0",
             lambda c, items: len(items)),
    Function("any", (Param("items", "list"), Param("where", "fn:bool", None)), "bool",
             "Whether a list has at least one item (one meeting a condition on `it`, with "
             "`where`).",
             "any(entities(owner: enemy, near: actor, within: 1))",
             lambda c, items, where: len(items) > 0 if where is None else
             any(map(_tester(c, where), items or ()))),
    Function("all", (Param("items", "list"), Param("test", "fn:bool")), "bool",
             "Whether `test` holds for every item (true for an empty list).",
             "all(entities(owner: ally), test: it.hp > 0)",
             lambda c, items, test: all(map(_tester(c, test), items))),
    Function("sum", (Param("items", "list"), Param("of", "fn:number", None)), "number",
             "The sum of a list of numbers, or of `of` for each item.",
             "sum(entities(owner: ally), of: it.cost)",
             lambda c, items, of: sum(items) if of is None else
             sum(map(_It(c, of), items))),
    Function("map", (Param("items", "list"), Param("to", "fn:any")), "list",
             "A list of `to` (an expression of `it`) for each item, in order.",
             "map(entities(owner: ally), to: it.hp)",
             lambda c, items, to: list(map(_It(c, to), items or ()))),
    Function("filter", (Param("items", "list"), Param("where", "fn:bool")), "list",
             "The items meeting a condition on `it`, in order.",
             "filter(entities(owner: ally), where: it.hp >= 5)",
             lambda c, items, where: [x for x, keep in zip(items or (),
                                                          map(_tester(c, where), items or ()),
                                                          strict=True) if keep]),
    Function("sorted", (Param("items", "list"), Param("by", "fn:any", None),
                        Param("descending", "bool", False)), "list",
             "The items in order of `by` (an expression of `it`; the items themselves "
             "without it), smallest first, or largest first with `descending: true`; items "
             "with equal keys keep their order. None sorts last.",
             "sorted(entities(owner: enemy), by: distance(actor, it))", _sorted),
    Function("range", (Param("start", "number"), Param("stop", "number")), "list",
             "The whole numbers from `start` up to `stop`, `stop` excluded (at most 10,000).",
             "range(2, 13)", _range),
    Function("text", (Param("value", "any"),), "str",
             "The words for a value, for logs and texts: an entity as its type and number "
             "(`scout #4`), a player as its name, a position as `(6, 7)`, a whole number "
             "without a decimal point, a list as its items joined by commas.",
             "'moves to ' + text(target)", value_text),
    Function("format", (Param("template", "str"),), "str",
             "A text with each `{name}` of the template replaced by the words for the "
             "argument of that name (as `text` gives them). The template is written in the "
             "rules; every placeholder must have its argument, and every argument its "
             "placeholder.",
             "format('{who} rolls {n}', who: player, n: hit)",
             lambda c, template: template),
    Function("min", (Param("items", "list"),), "number",
             "The smallest number of a list (0 if empty).", "min([3, actor.hp])", _min),
    Function("max", (Param("items", "list"),), "number",
             "The largest number of a list (0 if empty).", "max([0, actor.hp - 2])", _max),
    Function("abs", (Param("n", "number"),), "number", "The absolute value.",
             "abs(target.x - actor.x)", lambda c, n: abs(n)),
    Function("floor", (Param("n", "number"),), "number", "Round down to a whole number.",
             "floor(actor.hp / 2)", lambda c, n: math.floor(n)),
    Function("ceil", (Param("n", "number"),), "number", "Round up to a whole number.",
             "ceil(actor.hp / 2)", lambda c, n: math.ceil(n)),
    Function("occupant", (Param("pos", "pos"),), "entity",
             "The entity standing at a position, or none.", "occupant(cell) == none",
             _occupant, "board"),
    Function("entities_at", (Param("pos", "any"),), "list",
             "The entities on a square (of an entity or position), bottom to top: in the "
             "order they arrived, on a board whose squares hold stacks (`capacity`).",
             "entities_at(cell)", _entities_at, "board"),
    Function("count_at", (Param("pos", "any"),), "number",
             "How many entities stand on a square.", "count_at(cell) < 3",
             lambda c, pos: len(_entities_at(c, pos)), "board"),
    Function("has_room", (Param("pos", "any"), Param("what", "any", None)), "bool",
             "Whether a square has room for an entity (the actor by default; or a new one "
             "of an entity type given by name) beside what stands there: free on a board "
             "without stacks; within its `capacity`, by count or by size, on one with "
             "them. Position targets `empty` and `cells(empty: true)` keep the squares "
             "with room for the actor.",
             "has_room(cell, 'worker')", _has_room, "board"),
    Function("is_empty", (Param("pos", "pos"),), "bool",
             "Whether no entity stands at a position.", "is_empty(cell)",
             lambda c, pos: pos not in c.state.at_, "board"),
    Function("tile", (Param("pos", "pos"),), "str",
             "The tile type at a position (none off the board).", "tile(cell) == 'forest'",
             _tile, "board"),
    Function("side_between", (Param("a", "any"), Param("b", "any")), "str",
             "The type of the side between two neighbouring cells (of entities or "
             "positions): a river, a wall (`board: sides:`); none when there is no side "
             "there or the cells are not next to each other. `side_between(a, b).NAME` reads a "
             "parameter of its type (0 when there is no side, or its type has no such "
             "parameter).",
             "side_between(actor, target) == 'river'", _side, "board"),
    Function("place", (Param("name", "str"),), "pos",
             "The position of one of the board's named places (`board: places:`).",
             "distance(actor, place('rome')) <= 2", _place, "board"),
    Function("place_name", (Param("pos", "pos"),), "str",
             "The name of the place at a position (`''` when it has none).",
             "place_name(actor.pos) == 'rome'",
             lambda c, pos: c.game.board.place_name(pos) if pos is not None else "", "board"),
    Function("on_board", (Param("pos", "pos"),), "bool",
             "Whether a position lies on the board.", "on_board((actor.x + 1, actor.y))",
             lambda c, pos: c.game.board.contains(pos), "board"),
    Function("exists", (Param("entity", "entity"),), "bool",
             "Whether an entity is still in the game.", "exists(event.attacker)",
             lambda c, entity: entity is not None and entity in c.state.entities_),
    Function("is_enemy", (Param("entity", "entity"),), "bool",
             "Whether an entity belongs to another player than the deciding one (with "
             "`teams:`, to a player of another side).",
             "is_enemy(event.mover)",
             lambda c, entity: c.is_enemy(entity)),
    Function("same_team", (Param("a", "player"), Param("b", "player")), "bool",
             "Whether two players are on one side (`teams:`; without teams, whether they are "
             "the same player).", "same_team(player, event.attacker.owner)",
             lambda c, a, b: a is not None and b is not None and (
                 a == b if c.game.sides is None else c.game.sides[a] == c.game.sides[b])),
    Function("is_ally", (Param("entity", "entity"),), "bool",
             "Whether an entity belongs to the deciding player (or, with `teams:`, to "
             "a player of the same side).", "is_ally(target)",
             lambda c, entity: entity in c.state.entities_
             and (c.state.entities_[entity].owner == c.player if c.game.sides is None
                  else _sided(c, "ally", c.state.entities_[entity].owner))),
    Function("has_status", (Param("entity", "entity"), Param("name", "str")), "bool",
             "Whether an entity has a status.", "has_status(target, 'poisoned')",
             lambda c, entity, name: entity in c.state.entities_
             and c.state.entities_[entity].has_status(name)),
    Function("has_tag", (Param("entity", "entity"), Param("tag", "str")), "bool",
             "Whether an entity's type carries a tag.", "has_tag(target, 'undead')",
             lambda c, entity, tag: entity in c.state.entities_
             and tag in c.game.entity_types[c.state.entities_[entity].type].tags),
    Function("zone", (Param("player", "player"), Param("name", "str"), Param("type", "str", None),
                      Param("where", "fn:bool", None)), "list",
             "The cards in a player's zone (or a table zone, whatever the player), bottom "
             "first (a view leaves out the cards of another's hidden zone, or in a game "
             "with table zones gives those the viewer does not know with type `?`); "
             "only those of one entity type with `type`, and those meeting a condition on "
             "`it` with `where`.",
             "count(zone(player, 'hand')) < 7", _zone, "cards"),
    Function("table", (Param("name", "str"), Param("type", "str", None),
                       Param("where", "fn:bool", None)), "list",
             "The cards in a table zone (a shared deck, a discard pile), bottom first; "
             "`type` and `where` as for `zone`. In a view, a card its viewer does not know "
             "is there with type `?`.",
             "count(table('pile')) == 0",
             lambda c, name, type=None, where=None: _zone(c, None, name, type, where), "cards"),
    Function("knows", (Param("player", "player"), Param("card", "entity")), "bool",
             "Whether a player knows a card's face: it is in a zone they see, or they "
             "looked at it, were shown it, or it was revealed.",
             "knows(player, card)",
             lambda c, player, card: card is not None and knows(c.state, player, card)),
    Function("players", (), "list", "Every player still in the game, in seat order.",
             "count(players()) > 1",
             lambda c: [p for p, pl in enumerate(c.state.players) if pl.alive]),
    Function("seat", (Param("name", "str"),), "player",
             "The player of that name, as `players:` lists them (in the game or out of it). "
             "A name that is a word can also be written bare (`owner: raiders`); `seat` "
             "takes any, `seat('Red Army')`.",
             "seat('blue')", lambda c, name: c.game.players.index(name)),
    Function("seat_number", (Param("player", "player"),), "number",
             "A player's place at the table, from 0 in the order `players:` lists them.",
             "seat_number(player) % 2 == 0", lambda c, player: int(player)),
    Function("next_player", (Param("player", "player"), Param("steps", "number", 1)), "player",
             "The player `steps` seats after this one round the table, in the order "
             "`players:` lists them, passing over players out of the game: the one to "
             "the dealer's left, `next_player(dealer)`; a partner across a table of four, "
             "`next_player(player, steps: 2)`; `steps: -1` goes the other way.",
             "next_player(player, steps: 2)", _next_player),
    Function("opponents", (), "list", "Every other player still in the game.",
             "opponents()", lambda c: [p for p, pl in enumerate(c.state.players)
                                       if pl.alive and p != c.player]),
    Function("dice", (Param("count", "number"), Param("sides", "number")), "dice",
             "A pool of dice whose size is computed, e.g. one die per figure.",
             "dice(actor.figures, 6)", lambda c, count, sides: dice(int(count), int(sides)),
             "dice"),
    Function("successes", (Param("count", "number"), Param("sides", "number"),
                           Param("at_least", "number")), "dice",
             "A pool read for successes, not summed: how many of `count` dice with "
             "`sides` faces show `at_least` or more (hits, saves). Exact, like any roll.",
             "successes(actor.figures, 6, target.armour)",
             lambda c, count, sides, at_least: successes(int(count), int(sides),
                                                         int(at_least)),
             "dice"),
    Function("faces", (Param("count", "number"), Param("sides", "number")), "faces",
             "A pool kept die by die, not summed: `roll` binds the list of its faces, "
             "highest first (`[6, 5, 5, 2]`), for rules that read each die (place them, "
             "keep some, count pairs). Exact, like any roll: five d6 are 252 outcomes, not "
             "the 7,776 of five rolls one after another. At most 100,000 different rolls "
             "(20d6, 10d10). It cannot be added to: roll it, then read the list (`sum`, "
             "`count(filter(…))`, `[0]`).",
             "faces(actor.figures, 6)",
             lambda c, count, sides: faces(int(count), int(sides)),
             "dice"),
    Function("hint", (Param("what", "any"), Param("name", "str"), Param("default", "number", 0)),
             "number",
             "A value hint of an entity's type, or of an entity type given by name "
             "(`hints: {cost: 30}`): the numbers AIs value units by, readable by the rules "
             "too; `default` when the type has no such hint (or the entity is gone).",
             "hint(target, 'cost')", _hint),
    Function("type_param", (Param("what", "any"), Param("name", "str")), "number",
             "The starting value of a parameter of an entity type given by name (or of an "
             "entity's type): read a kind of card's value from an `entity_type` target. "
             "A type with no such parameter is an error that lists its parameters.",
             "type_param(card, 'cost') * 2", _type_param),
    Function("param_max", (Param("what", "any"), Param("name", "str")), "number",
             "The declared maximum of a parameter of an entity (or of an entity type given "
             "by name): inf when it has no maximum, 0 when the type has no such parameter "
             "(or the entity is gone).",
             "target.hp < param_max(target, 'hp')", _param_max),
    # Buffs, technologies, multi-turn actions and items (engine.strategy and its parts).
    Function("has_buff", (Param("unit", "entity"), Param("buff", "str")), "bool",
             "Whether an entity holds a buff.", "has_buff(target, 'rage')",
             lambda c, unit, buff: unit is not None and _buffs.stacks(c.state, Ref(unit), buff)
             > 0, "strategy"),
    Function("buff_stacks", (Param("unit", "entity"), Param("buff", "str")), "number",
             "How many stacks of a buff an entity holds (0 when none).",
             "buff_stacks(actor, 'rage') < 3",
             lambda c, unit, buff: 0 if unit is None else _buffs.stacks(c.state, Ref(unit), buff),
             "strategy"),
    Function("buff_rounds", (Param("unit", "entity"), Param("buff", "str")), "number",
             "The rounds a buff an entity holds has left (its longest stack; inf when it "
             "lasts until removed, 0 when not held).", "buff_rounds(actor, 'shield') == 1",
             lambda c, unit, buff: 0 if unit is None
             else _buffs.rounds_left(c.state, Ref(unit), buff), "strategy"),
    Function("base", (Param("unit", "entity"), Param("param", "str")), "number",
             "A parameter of an entity without its buffs (`unit.param` reads it with them).",
             "target.attack - base(target, 'attack')",
             lambda c, unit, param: 0 if unit is None
             else _buffs.base_value(c.state, Ref(unit), param), "strategy"),
    Function("player_has_buff", (Param("who", "player"), Param("buff", "str")), "bool",
             "Whether a player holds a buff.", "player_has_buff(player, 'golden_age')",
             lambda c, who, buff: _buffs.stacks(c.state, who, buff) > 0, "strategy"),
    Function("player_base", (Param("who", "player"), Param("param", "str")), "number",
             "A player parameter without the player's buffs.", "player_base(player, 'income')",
             lambda c, who, param: _buffs.base_value(c.state, who, param), "strategy"),
    Function("buff_ending", (Param("unit", "entity"), Param("buff", "str")), "number",
             "How many stacks of a buff an entity holds in their last round (1 round left): "
             "those that run out as this round ends.", "buff_ending(target, 'rage') > 0",
             lambda c, unit, buff: 0 if unit is None else _buff_ending(c.state, Ref(unit), buff),
             "strategy"),
    Function("player_buff_ending", (Param("who", "player"), Param("buff", "str")), "number",
             "How many stacks of a buff a player holds in their last round (1 round left).",
             "player_buff_ending(player, 'golden_age') > 0",
             lambda c, who, buff: _buff_ending(c.state, who, buff), "strategy"),
    Function("researched", (Param("who", "player"), Param("tech", "str")), "bool",
             "Whether a player has researched a technology of `technologies:`.",
             "researched(player, 'archery')",
             lambda c, who, tech: _tech.is_researched(c.state, who, tech), "strategy"),
    Function("can_research", (Param("who", "player"), Param("tech", "str")), "bool",
             "Whether a player may start researching a technology now: not researched yet, "
             "its prerequisites researched, its cost affordable.",
             "can_research(player, 'mining')", _can_research, "strategy"),
    Function("researchable", (Param("who", "player"),), "list",
             "The technologies a player may start researching now (`can_research`), in the "
             "order `technologies:` lists them.", "researchable(player)",
             lambda c, who: [t for t, spec in c.game.strategy.techs.items()
                             if _tech.can_research(c.state, who, spec)], "strategy"),
    Function("tech_turns", (Param("tech", "str"),), "number",
             "The research time of a technology, in rounds (its `turns`).", "tech_turns('mining')",
             lambda c, tech: c.game.strategy.techs[tech].turns
             if tech in c.game.strategy.techs else 0, "strategy"),
    Function("busy", (Param("unit", "entity"), Param("action", "str")), "bool",
             "Whether an entity has a multi-turn action in progress.",
             "not busy(actor, 'build')",
             lambda c, unit, action: unit is not None
             and _tasks.in_progress(c.state, Ref(unit), action) is not None, "strategy"),
    Function("progress", (Param("unit", "entity"), Param("action", "str")), "number",
             "The rounds elapsed of an entity's multi-turn action in progress (-1 when none "
             "is).", "progress(actor, 'build') >= 1",
             lambda c, unit, action: -1 if unit is None
             else _tasks.elapsed_of(c.state, Ref(unit), action), "strategy"),
    Function("player_busy", (Param("who", "player"), Param("action", "str")), "bool",
             "Whether a player has a multi-turn player action in progress.",
             "player_busy(player, 'research')",
             lambda c, who, action: _tasks.in_progress(c.state, who, action) is not None,
             "strategy"),
    Function("player_progress", (Param("who", "player"), Param("action", "str")), "number",
             "The rounds elapsed of a player's multi-turn action in progress (-1 when none "
             "is).", "player_progress(player, 'research')",
             lambda c, who, action: _tasks.elapsed_of(c.state, who, action), "strategy"),
    Function("inventory", (Param("unit", "entity"),), "list",
             "The types of the items an entity carries, in the order picked up.",
             "count(inventory(actor)) < 2",
             lambda c, unit: [t for _, t, _ in _items.inventory(c.state, unit)], "strategy"),
    Function("holds", (Param("unit", "entity"), Param("item", "str")), "bool",
             "Whether an entity carries an item of a type.", "holds(actor, 'potion')",
             lambda c, unit, item: _items.holds(c.state, unit, item), "strategy"),
    Function("inventory_free", (Param("unit", "entity"),), "number",
             "How many more items an entity can carry (its `inventory` slots less those "
             "used).", "inventory_free(actor) > 0",
             lambda c, unit: _items.free_slots(c.state, unit), "strategy"),
    Function("is_none", (Param("value", "any"),), "bool",
             "Whether a value is none: a target played for nothing (`optional: true`, "
             "`play_without_target: true`), a `find` that found nothing. The same as "
             "`value == none`.", "is_none(target)", lambda c, value: value is None),
    Function("cooldown", (Param("who", "any"), Param("action", "str")), "number",
             "How many ticks (turns of its player, or rounds, as the action's `cooldown` "
             "says) before an entity — or a player, for a player action — may take an "
             "action again: 0 when it may.",
             "cooldown(actor, 'heal') == 0",
             lambda c, who, action: cooldown_left(c.state, action, who), "flow"),
    Function("hand_number", (), "number",
             "The current hand of a game played in hands (`flow: hand:`): 1 for the first; "
             "0 in a game without hands.", "hand_number() >= 3",
             lambda c: hand_number(c.state), "flow"),
    Function("knocked_out", (Param("player", "player"),), "bool",
             "Whether a player is knocked out of the current hand (`knock_out`): out until "
             "the next hand begins, not out of the game.", "not knocked_out(player)",
             lambda c, player: is_knocked_out(c.state, player), "flow"),
    Function("in_hand", (), "list",
             "The players still in the game and not knocked out of the current hand, in "
             "seat order.", "count(in_hand()) <= 1",
             lambda c: in_hand(c.state), "flow"),
]

FUNCTIONS: dict[str, Function] = {f.name: f for f in _F}
COUNTED: dict[str, Function] = {
    "entities": replace(FUNCTIONS["entities"], impl=_count_entities, returns="number"),
    "zone": replace(FUNCTIONS["zone"], impl=_count_zone, returns="number"),
}
"""Stand-ins for functions whose list is only counted (``count(entities(...))``,
``any(entities(...))``, ``count(zone(...))``): the same arguments, a number, no list
built."""

__all__ = ["COUNTED", "FUNCTIONS", "REQUIRED", "Function", "Param"]
