"""Parameters, zones and entity types: the `player:`, `zones:` and `entities:` sections."""

from __future__ import annotations

from functools import partial

from ...engine.spec import EntityType, ParamSpec, ZoneSpec
from ..core import CompileState
from ..errors import did_you_mean
from ..source import Node
from .keyed import keyed_params
from .private import check_unless, private_word

ENTITY_OWN = {"x": "the column it stands on", "y": "the row it stands on",
              "pos": "where it stands", "position": "where it stands",
              "owner": "whose it is", "type": "its type's name", "id": "its number"}
"""What every entity has: an entity type's parameter of one of these names would never be
read (`unit.x` is the column it stands on)."""
PLAYER_OWN = {"name": "the player's name"}
"""What every player has (`player.name`)."""


def compile_params(c: CompileState, node: Node | None, owner: str,
                   names: set[str], own: dict[str, str] | None = None,
                   private: str = "") -> tuple[ParamSpec, ...]:
    """The parameters of `owner` (the players, or an entity type); their names are added
    to ``names``. A name in ``own`` (what every entity, or player, has already) is an
    error: the attribute would be read, never the parameter. ``private``: what
    `private: true` means for these parameters (``deal`` or ``any``); empty where no
    parameter may be private (the game's, a tile's, an item's)."""
    out: list[ParamSpec] = []
    for name, spec in c.need_map(node, f"parameters of {owner}").items():
        if own is not None and name in own:
            what = "a player" if own is PLAYER_OWN else "an entity"
            c.fail(node.key_locs.get(name, spec.loc) if node is not None else spec.loc,
                   f"`{name}` cannot name a parameter of {owner}: `.{name}` of {what} is "
                   f"{own[name]}", f"name it otherwise (`{name}_`, `{owner}_{name}`)")
            continue
        names.add(name)
        p = c.attempt(partial(_param, c, owner, name, spec, private))
        if isinstance(p, tuple):
            out.extend(p)
        elif p is not None:
            out.append(p)
    check_unless(c, node, owner, out)
    return tuple(out)


def _param(c: CompileState, owner: str, name: str, spec: Node,
           private: str = "") -> ParamSpec | tuple[ParamSpec, ...] | None:
    if spec.is_map and "keys" in spec.value:  # one number per key: `columns[c]`
        return keyed_params(c, owner, name, spec, private)
    if not spec.is_map:
        return ParamSpec(name, c.need_num(spec, f"parameter `{owner}.{name}`"))
    m = c.keys(spec, ("default", "min", "max", "private"), f"parameter `{owner}.{name}`")
    lo = c.need_num(m["min"], "`min`") if "min" in m else None
    hi = c.need_num(m["max"], "`max`") if "max" in m else None
    if "default" in m:
        default = c.need_num(m["default"], "`default`")
    else:
        default = hi if hi is not None else (lo if lo is not None else 0)
    if lo is not None and hi is not None and lo > hi:
        c.fail(spec.loc, f"parameter `{owner}.{name}`: min {lo} > max {hi}")
        return None
    return ParamSpec(name, default, lo, hi,
                     *private_word(c, owner, name, m.get("private"), private, lo, hi))


def compile_zones(c: CompileState, node: Node | None) -> tuple[ZoneSpec, ...]:
    """`zones:`: each zone's name, whose it is (every player's own, or the table's) and who
    may see what it holds."""
    out = []
    for name, spec in c.need_map(node, "`zones`").items():
        z = c.attempt(partial(_zone, c, name, spec))
        c.zone_names.add(name)  # (a zone declared wrong is reported once, not at each use)
        if z is None or z.table:
            c.table_zones.add(name)
        if z is not None:
            out.append(z)
    return tuple(out)


_SEEN = {"public": "public", "everyone": "public", "owner": "owner", "hidden": "hidden",
         "nobody": "hidden"}
"""The visibility words of a zone, and the engine's name for each."""


def _zone(c: CompileState, name: str, spec: Node) -> ZoneSpec | None:
    what = f"zone `{name}`"
    if spec.is_map:
        m = c.keys(spec, ("owner", "visibility"), what)
        owner = c.need_str(m["owner"], f"owner of {what}") if "owner" in m else "player"
        if owner not in ("player", "table"):
            c.fail(m["owner"].loc, f"unknown owner `{owner}` of {what}",
                   "player (each player has one) or table (one zone, shared)")
            return None
        vis = m.get("visibility")
    else:
        owner, vis = "player", spec
    table = owner == "table"
    if vis is None:
        return ZoneSpec(name, "public", table)
    if vis.is_list:
        seats = []
        for item in vis.value:
            seat = c.need_str(item, "a player")
            if seat not in c.players:
                c.fail(item.loc, f"unknown player `{seat}`", did_you_mean(seat, c.players))
                return None
            seats.append(c.players.index(seat))
        return ZoneSpec(name, "players", table, tuple(sorted(set(seats))))
    v = c.need_str(vis, f"visibility of {what}")
    if v not in _SEEN:
        c.fail(vis.loc, f"unknown visibility `{v}`", did_you_mean(v, _SEEN) or
               "public (or everyone), owner, hidden (or nobody), or a list of players")
        return None
    if table and _SEEN[v] == "owner":
        c.fail(vis.loc, f"table {what} has no owner to see it",
               "everyone, nobody or a list of players")
        return None
    return ZoneSpec(name, _SEEN[v], table)


def compile_entities(c: CompileState, node: Node | None) -> tuple[EntityType, ...]:
    """`entities:`: the entity types, with their parameters, actions, reactions, tags,
    statuses, symbol and value hints."""
    out = []
    for name, spec in c.need_map(node, "`entities`").items():
        def one(name: str = name, spec: Node = spec) -> None:
            m = c.keys(spec, ("params", "actions", "reactions", "tags", "statuses",
                              "symbol", "hints", "inventory", "description"), f"entity `{name}`")
            if "inventory" in m:  # how many items it can carry (sections/strategy.py)
                c.strategy.setdefault("inventory", {})[name] = c.need_int(
                    m["inventory"], f"`inventory` of `{name}`", 0)
            params = compile_params(c, m.get("params"), name, c.entity_params, ENTITY_OWN,
                                    private="deal")
            hints = {k: c.need_num(v, f"hint `{k}`")
                     for k, v in c.need_map(m.get("hints"), "`hints`").items()}
            if "symbol" in m and len(str(m["symbol"].value)) > 2:  # as a display glyph
                c.fail(m["symbol"].loc, f"a symbol is one or two characters (a square of "
                       f"the board), not `{m['symbol'].value}`",
                       "give the longer name as `display: entities: NAME: {label: ...}`")
            et = EntityType(
                name, params,
                c.names(m.get("actions"), c.action_names, "action"),
                c.names(m.get("reactions"), c.reaction_names, "reaction"),
                frozenset(c.need_str(t, "a tag")
                          for t in c.need_list(m.get("tags"), "`tags`")),
                c.names(m.get("statuses"), c.status_names, "status"),
                str(m["symbol"].value) if "symbol" in m else name[:1], hints,
                str(m["description"].value) if "description" in m else "")
            c.entity_types[name] = et
            out.append(et)
        c.attempt(one)
    return tuple(out)

