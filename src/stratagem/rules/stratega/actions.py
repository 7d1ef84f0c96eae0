"""``Actions``: action types with their targets, conditions, effects and cooldowns.

Stratega lists an action's targets in a map, generates every combination of their
candidates (in the alphabetical order of their names) and keeps the combinations
where every target condition holds. Here targets are chosen one after the other, so
each target condition goes to the ``where`` of the last target it names (a condition
that names none goes to the action's ``when``): the same combinations are offered.

Sampling methods keep their reach as Stratega's engine computes it:

- ``Neighbours`` of a position target: ``Square`` is the box of ``Size`` around the
  unit, ``Circle`` the cells within a Euclidean ``Size``, ``Cross`` the unit's row and
  column within ``Size``, ``AllPositions`` the whole board;
- ``Neighbours`` of an entity target: every shape but ``AllPositions`` keeps the
  entities within a Euclidean ``Size``;
- ``Dijkstra``: the walkable cells a walk reaches, passing through units, the unit's
  own cell included. Its cost doubles at each step (Stratega adds a cell's cost to
  its parent's twice), so ``SearchSize`` S reaches ``dijkstra_reach(S)`` steps:
  floor(log2 S) + 1 (1 → 1, 2 and 3 → 2, 4 to 7 → 3).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ..errors import did_you_mean
from ..reading import Skip, show
from ..source import Node
from . import calls
from .context import Translation, gen
from .functions import is_ref
from .speech import Ref, Scope, SpeechError, Val, parse_call

LATER_TARGETS = {"Technology": "technology trees", "Object": "objects and inventories",
                 "SlotObject": "objects and inventories",
                 "ContinuousAction": "continuous actions"}
"""Target types the importer's second part translates."""
LATER_KEYS = {"TriggerComplete": "continuous actions", "OnStart": "continuous actions",
              "OnTick": "continuous actions", "OnComplete": "continuous actions",
              "OnAbort": "continuous actions"}
"""Keys of an action type that the importer's second part translates."""
LATER_PACKS = {"SampleEffect": "effect packs (`SampleEffect`)",
               "RandomEffect": "effect packs (`RandomEffect`)"}
"""Effect packs the importer's second part translates."""
TARGET_TYPES = ("Position", "Tile", "Entity", "EntityType", *LATER_TARGETS)
TARGET_HOOKS: dict[str, Callable[..., tuple[dict[str, Any], list[Node], Val]]] = {}
"""Target types translated by the importer's second part: ``(t, tname, nat, keys,
by_entity) -> (native spec, conditions, value)``, consulted before ``LATER_TARGETS``."""
HOOK_KEYS: set[str] = set()
"""Action keys the importer's second part reads (through ``ACTION_HOOKS``)."""
PACK_HOOKS: dict[str, Callable[..., list[Any]]] = {}
"""Effect packs translated by the importer's second part: ``(t, node, scope, rolls) ->
native effects``, consulted before ``LATER_PACKS``."""
ACTION_HOOKS: list[Callable[..., None]] = []
"""Called with ``(t, name, keys, spec, scope, rolls)`` once an action is translated, to
translate the keys of ``HOOK_KEYS`` into ``spec``."""
END_TURN = "EndTurn"
RESERVED = {"actor", "player", "game", "event", "it", "none", "true", "false", "and", "or",
            "not", "in", "if", "else", "let", "holder", "reactor", "elapsed"}


def dijkstra_reach(size: float) -> int:
    """The steps Stratega's Dijkstra sampling reaches with ``SearchSize`` ``size``: a
    neighbour is entered while its parent's cost + 1 is within the size, and a cell
    entered costs its parent's cost twice, plus one."""
    reach, cost = 0, 0.0
    while cost + 1 <= size:
        reach += 1
        cost = 2 * cost + 1
    return reach


def scope(t: Translation, bound: dict[str, Val], acting: str | None = "player") -> Scope:
    """The names a condition or effect may use, with ``bound`` (``Source``, targets)."""
    names: dict[str, str] = {}
    names.update({k: "group" for k in t.groups})
    names.update({k: "entity type" for k in t.entities})
    names.update({k: "tile" for k in t.tiles})
    names.update({k: "action" for k in t.actions})
    names.update(t.names)
    params = {"entity": {p for e in t.entities.values() for p in e.params},
              "player": set(t.player_params), "tile": set(t.tile_params),
              "game": set(t.state_params)}
    types = {k: {p: v.default for p, v in e.params.items()} for k, e in t.entities.items()}
    return Scope(bound, names, params, acting, types)


def native_name(name: str, taken: set[str]) -> str:
    """A target's native name: its Stratega name in snake case, clear of native names."""
    out = "".join(("_" + c.lower() if c.isupper() and i else c.lower())
                  for i, c in enumerate(name))
    while out in RESERVED or out in taken:
        out += "_t"
    return out


def declare(t: Translation, node: Node) -> None:
    """Note every action's name, before any condition or effect names one."""
    for name, n in t.need_map(node, "`Actions`").items():
        if name == END_TURN:
            t.fail(node.key_locs[name], "`EndTurn` is Stratega's own action and cannot be "
                                        "defined")
            continue
        if not name.isidentifier():
            t.fail(node.key_locs[name], f"`{name}` cannot be an action name")
            continue
        t.actions[name] = n


def actions(t: Translation, node: Node) -> None:
    """Every action type, and the built-in ``EndTurn``."""
    out: dict[str, Any] = {}
    listed = {a for e in t.entities.values() for a in e.actions}
    for info in t.entities.values():
        for a, n in zip(info.actions, info.action_nodes, strict=True):
            if a not in t.actions:
                t.fail(n.loc, f"unknown action `{a}`", did_you_mean(a, t.actions))
    for name, n in t.actions.items():
        spec = t.attempt(partial(action, t, name, n, name in listed))
        if spec is not None:
            out[name] = spec
            t.origin(("actions", name), f"Actions.{name}", node.key_locs[name])
    out[END_TURN] = {"source": "player", "ends_turn": True}
    t.origin(("actions", END_TURN), "Stratega's built-in EndTurn", node.loc)
    t.put(("actions",), out)
    t.put(("flow",), {"phases": [{"name": "turns", "actions": list(out)}]})
    t.origin(("flow",), "Stratega's turns: each player acts until EndTurn; a tick is a round",
             node.loc)


def action(t: Translation, name: str, node: Node, listed: bool) -> dict[str, Any]:
    m = t.keys(node, ("Type", "Cooldown", "Preconditions", "Targets", "Effects", *LATER_KEYS,
                      *HOOK_KEYS), f"action `{name}`", ("Type",))
    for key, what in LATER_KEYS.items():
        if key in m and key not in HOOK_KEYS:
            t.fail(node.key_locs[key], f"`{key}` is not yet supported by the Stratega "
                                       f"importer ({what})",
                   "write this action in the native format (docs/stratega.md)")
            raise Skip
    kind = _word(m["Type"])
    if kind not in ("EntityAction", "PlayerAction"):
        t.fail(m["Type"].loc, f"`Type` must be EntityAction or PlayerAction, not {show(m['Type'])}")
        raise Skip
    by_entity = kind == "EntityAction"
    if not by_entity and name not in t.player_actions:
        t.fail(m["Type"].loc, f"player action `{name}` is not in `Player: Actions`",
               "list it there, or players cannot take it")
    spec: dict[str, Any] = {"source": "entity" if by_entity else "player"}
    source = Val("actor", "entity") if by_entity else Val("player", "player")
    when: list[Any] = []
    if "Cooldown" in m:
        cd = t.need_int(m["Cooldown"], "`Cooldown`", 0)
        if cd >= 1:
            spec["cooldown"] = {"rounds": cd}
        if cd >= 2:  # Stratega's first tick is 1 and no action has been taken at tick 0
            when.append(f"game.round >= {cd}")
    pre_scope = scope(t, {"Source": source})
    for c in calls.calls_in(t, m.get("Preconditions"), "Preconditions"):
        text = t.attempt(partial(calls.condition, t, c, pre_scope))
        if text is not None:
            when.append(Node(text, c.loc))
    bound: dict[str, Val] = {"Source": source}
    targets: dict[str, Any] = {}
    placed: list[tuple[str, list[Node]]] = []
    taken = set(t.entities) | set(t.tiles) | set(t.groups)
    target_map = t.need_map(m.get("Targets"), f"the `Targets` of `{name}`")
    for tname in sorted(target_map):
        tn = target_map[tname]
        nat = native_name(tname, taken)
        taken.add(nat)
        spec_t, conds, val = target(t, name, tname, nat, tn, by_entity)
        bound[tname] = val
        targets[nat] = spec_t
        placed.append((tname, conds))
    full = scope(t, bound)
    order = [tname for tname, _ in placed]
    for _, conds in placed:
        for c in conds:
            text = t.attempt(partial(calls.condition, t, c, full))
            if text is None:
                continue
            last = _last_named(c, order)
            if last is None:
                when.append(Node(text, c.loc))
            else:
                targets[bound[last].text].setdefault("where", []).append(Node(text, c.loc))
    for tspec in targets.values():  # distances first: the compiler skips far units by them
        if "where" in tspec:
            tspec["where"].sort(key=lambda w: not str(getattr(w, "value", w))
                                .startswith("distance(actor, "))
    if when:
        spec["when"] = when
    if targets:
        spec["targets"] = targets
    rolls = [0]
    effects: list[Any] = []
    for e in effect_nodes(t, m.get("Effects")):
        got = t.attempt(partial(effect, t, e, full, rolls))
        if got is not None:
            effects.extend(gen(x, e.loc) for x in got)
            t.stacking |= _moves_onto_any(e, targets, bound)
    spec["effects"] = effects
    for tspec in targets.values():
        tspec.pop("_free", None)
    for hook in ACTION_HOOKS:
        hook(t, name, m, spec, full, rolls)
    return spec


def target(t: Translation, action: str, tname: str, nat: str, node: Node, by_entity: bool
           ) -> tuple[dict[str, Any], list[Node], Val]:
    """One target: its native spec, its Stratega conditions, and what its name stands for."""
    what = f"target `{tname}` of `{action}`"
    m = t.keys(node, ("Type", "ValidTargets", "SamplingMethod", "Conditions", "Shape", "Size"),
               what, ("Type",))
    kind = _word(m["Type"])
    if kind in TARGET_HOOKS:
        return TARGET_HOOKS[kind](t, tname, nat, m, by_entity)
    if kind in LATER_TARGETS:
        t.fail(m["Type"].loc, f"`{kind}` targets are not yet supported by the Stratega "
                              f"importer ({LATER_TARGETS[kind]})",
               "write this action in the native format (docs/stratega.md)")
        raise Skip
    if kind not in TARGET_TYPES:
        t.fail(m["Type"].loc, f"unknown target type {show(m['Type'])}",
               did_you_mean(kind, TARGET_TYPES) or f"types: {', '.join(TARGET_TYPES)}")
        raise Skip
    conds = calls.calls_in(t, m.get("Conditions"), "Conditions")
    kept_free = any(_is_call_on(c, "IsNotOccupied", tname) for c in conds)
    if kind == "EntityType":
        types = valid(t, m.get("ValidTargets"), "entity")
        return {"kind": "entity_type", "from": repr(types)}, conds, Val(nat, "entity_type")
    legacy: dict[str, Node] = {k: m[k] for k in ("Shape", "Size") if k in m}
    if legacy and "SamplingMethod" in m:
        for k in legacy:
            t.fail(node.key_locs[k], f"unknown key `{k}` in {what} beside its `SamplingMethod`",
                   f"`{k}` directly in a target is the older form of `SamplingMethod`: "
                   f"keep one")
        raise Skip
    if not by_entity:
        sampling = None  # a player's action samples the whole board, in both forms
    elif legacy:  # Stratega's older form of `SamplingMethod: {Type: Neighbours, Options: …}`
        sampling = _shape_size(t, legacy)
    else:
        sampling = _sampling(t, m.get("SamplingMethod"), kind, what, node)
    if kind == "Entity":
        spec: dict[str, Any] = {"kind": "entity"}
        where: list[str] = []
        if sampling is not None:
            method, size, diagonal = sampling
            if method == "Dijkstra":
                reach = dijkstra_reach(size)
                where.append(f"path_distance(actor, {nat}, diagonal: {_b(diagonal)}, "
                             f"blocked_by: nothing) <= {reach}")
            elif method != "AllPositions":
                where.append(f"distance(actor, {nat}) <= {_n(size)}")
                if method == "Cross":
                    where.append(f"actor.pos.x == {nat}.pos.x or actor.pos.y == {nat}.pos.y")
        types = valid(t, m.get("ValidTargets"), "entity")
        others = [x for x in t.entities if x not in types]
        if len(others) == 1 and len(types) > 1:  # all but one: the shorter test
            where.append(f"{nat}.type != {others[0]!r}")
        elif others:
            where.append(f"{nat}.type == {types[0]!r}" if len(types) == 1
                         else f"{nat}.type in {types!r}")
        if where:
            spec["where"] = where
        return spec, conds, Val(nat, "entity")
    # Position and Tile
    spec = {"kind": "position"}
    if sampling is None:
        spec["from"] = "cells()"
    else:
        method, size, diagonal = sampling
        if method == "Dijkstra":
            reach = dijkstra_reach(size)
            free = [c for c in conds if _is_call_on(c, "IsNotOccupied", tname)]
            conds = [c for c in conds if c not in free
                     and not _is_call_on(c, "IsWalkable", tname)]  # Dijkstra walks walkable
            if free:
                spec["from"] = (f"reachable(actor, {reach}, diagonal: {_b(diagonal)}, "
                                f"blocked_by: nothing)")
            else:
                shape = "square" if diagonal else "diamond"
                spec["from"] = (f"positions(shape: {shape}, center: actor, radius: {reach}, "
                                f"where: path_distance(actor, it, diagonal: {_b(diagonal)}, "
                                f"blocked_by: nothing) <= {reach})")
                spec["dijkstra_free"] = False
        elif method == "AllPositions":
            spec["from"] = "cells()"
        else:
            spec["from"] = (f"positions(shape: {method.lower()}, center: actor, "
                            f"radius: {_n(size)})")
    if kind == "Tile":
        tiles = valid(t, m.get("ValidTargets"), "tile")
        if set(tiles) != set(t.tiles):
            spec["where"] = [f"tile({nat}) in {tiles!r}"]
    spec.pop("dijkstra_free", None)
    if kept_free or str(spec.get("from", "")).startswith("reachable("):
        spec["_free"] = True
    return spec, conds, Val(nat, "position")


def _shape_size(t: Translation, o: dict[str, Node]) -> tuple[str, float, bool]:
    """Neighbours sampling from its ``Shape`` and ``Size`` (Square of 1 by default)."""
    shape = _word(o["Shape"]) if "Shape" in o else "Square"
    if shape not in ("Circle", "Square", "Cross", "AllPositions"):
        t.fail(o["Shape"].loc, f"unknown shape {show(o['Shape'])}",
               "shapes: Circle, Square, Cross, AllPositions")
        raise Skip
    size = t.need_num(o["Size"], "`Size`") if "Size" in o else 1
    return (shape, size, True)


def _sampling(t: Translation, node: Node | None, kind: str, what: str, at: Node
              ) -> tuple[str, float, bool] | None:
    """(method, size, diagonals): ``Neighbours`` gives its shape as the method."""
    if node is None:
        if kind == "Entity":
            return None  # every entity, as Stratega's tutorial writes it
        t.fail(at.loc, f"{what} needs a `SamplingMethod`",
               "e.g. `SamplingMethod: {Type: Neighbours, Options: {Shape: Square, Size: 1}}`")
        raise Skip
    m = t.keys(node, ("Type", "Options"), f"the `SamplingMethod` of {what}", ("Type",))
    method = _word(m["Type"])
    opts = m.get("Options")
    if method == "Neighbours":
        # Stratega's Neighbours sampling reads only Shape and Size; its configurations
        # also write AllowDiagonals here, which its engine ignores, and so do we.
        o = t.keys(opts, ("Shape", "Size", "AllowDiagonals"), "`Options`") \
            if opts is not None else {}
        return _shape_size(t, o)
    if method == "Dijkstra":
        o = t.keys(opts, ("SearchSize", "AllowDiagonals"), "`Options`") if opts is not None \
            else {}
        size = t.need_num(o["SearchSize"], "`SearchSize`") if "SearchSize" in o else 1
        diag = o.get("AllowDiagonals")
        if diag is not None and not isinstance(diag.value, bool):
            t.fail(diag.loc, "`AllowDiagonals` must be true or false")
        return ("Dijkstra", size, bool(diag.value) if diag is not None else False)
    t.fail(m["Type"].loc, f"unknown sampling method {show(m['Type'])}",
           "methods: Neighbours, Dijkstra")
    raise Skip


def valid(t: Translation, node: Node | None, what: str) -> list[str]:
    """The entity types (or tile types) ``ValidTargets`` names: ``All``, a group, a type,
    or a list of them."""
    pool = t.entities if what == "entity" else t.tiles
    if node is None or _word(node) == "All":
        return list(pool)
    items = [node] if isinstance(node.value, str) else t.need_list(node, "`ValidTargets`")
    out: list[str] = []
    for item in items:
        name = t.need_str(item, f"an {what} type or group")
        if what == "entity" and name in t.groups:
            out.extend(x for x in t.groups[name] if x not in out)
        elif name == "All":
            out.extend(x for x in pool if x not in out)
        elif name in pool:
            if name not in out:
                out.append(name)
        else:
            known = list(t.groups) if what == "entity" else list(pool)
            t.fail(item.loc, f"unknown {what} type or group `{name}`", did_you_mean(name, known))
    return out


def effect_nodes(t: Translation, node: Node | None) -> list[Node]:
    """The items of an effect list (a lone string or pack is a list of one)."""
    if node is None:
        return []
    if isinstance(node.value, str) or node.is_map:
        return [node]
    return t.need_list(node, "`Effects`")


def effect(t: Translation, node: Node, sc: Scope, rolls: list[int]) -> list[Any]:
    """One effect string, or an effect pack (``ConditionalEffect``)."""
    if not node.is_map:
        return calls.effects(t, node, sc, rolls)
    out: list[Any] = []
    for key, n in node.value.items():
        if key in PACK_HOOKS:
            out.extend(PACK_HOOKS[key](t, n, sc, rolls))
            continue
        if key in LATER_PACKS:
            t.fail(node.key_locs[key], f"`{key}` is not yet supported by the Stratega importer "
                                       f"({LATER_PACKS[key]})",
                   "write this action in the native format (docs/stratega.md)")
            raise Skip
        if key != "ConditionalEffect":
            t.fail(node.key_locs[key], f"unknown effect pack `{key}`",
                   did_you_mean(key, ["ConditionalEffect", *LATER_PACKS]))
            raise Skip
        m = t.keys(n, ("Conditions", "Effects"), "`ConditionalEffect`", ("Effects",))
        tests = [calls.condition(t, c, sc) for c in calls.calls_in(t, m.get("Conditions"),
                                                                    "Conditions")]
        then: list[Any] = []
        for e in effect_nodes(t, m["Effects"]):
            then.extend(effect(t, e, sc, rolls))
        test = " and ".join(f"({x})" for x in tests) or "true"
        out.append({"if": {"test": test, "then": then}})
    return out


def _last_named(node: Node, order: list[str]) -> str | None:
    """The last target (in order) a condition string names, if any."""
    try:
        call = parse_call(str(node.value))
    except SpeechError:
        return None
    heads = {p.parts[0][0] for a in call.args for p in _refs(a)}
    named = [x for x in order if x in heads]
    return named[-1] if named else None


def _refs(e: Any) -> list[Ref]:
    if isinstance(e, Ref):
        return [e]
    out: list[Ref] = []
    for k in ("arg", "left", "right"):
        if hasattr(e, k):
            out.extend(_refs(getattr(e, k)))
    return out


def _is_call_on(node: Node, fn: str, tname: str) -> bool:
    try:
        call = parse_call(str(node.value))
    except SpeechError:
        return False
    return call.name == fn and len(call.args) == 1 and is_ref(call.args[0], tname)


def _moves_onto_any(node: Node, targets: dict[str, Any], bound: dict[str, Val]) -> bool:
    """Whether an effect moves a unit to a cell that may hold another: Stratega lets
    units share a tile, so such a game needs a board whose tiles hold several."""
    if not isinstance(node.value, str):
        return False
    try:
        call = parse_call(node.value)
    except SpeechError:
        return False
    if call.name != "Move" or len(call.args) != 2:
        return False
    dest = call.args[1]
    if isinstance(dest, Ref) and len(dest.parts) == 1 and dest.parts[0][0] in bound:
        return not targets.get(bound[dest.parts[0][0]].text, {}).get("_free", False)
    return True


def _word(node: Node) -> str:
    """A scalar's text ("" for a mapping or a list, which no name matches)."""
    v = node.value
    return "" if isinstance(v, dict | list) else str(v)


def _b(x: bool) -> str:
    return "true" if x else "false"


def _n(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


__all__ = ["ACTION_HOOKS", "END_TURN", "HOOK_KEYS", "LATER_KEYS", "LATER_PACKS", "LATER_TARGETS",
           "PACK_HOOKS", "TARGET_HOOKS", "actions", "declare", "dijkstra_reach", "effect",
           "effect_nodes", "native_name", "scope", "valid"]
