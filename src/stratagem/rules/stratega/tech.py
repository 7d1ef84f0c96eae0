"""Stratega's technology trees, costs and spawning rules, in the native format.

``TechnologyTrees`` becomes a native ``technologies:`` section (``Cost`` → ``cost``,
``Requirements`` → ``requires``, ``Time`` → ``turns``). A target of ``Type:
Technology`` is a value target over the technologies it lists. The conditions and
effects that read technologies and costs are translated here:

- ``HasResearched(p, T)`` → ``researched(p, T)``;
- ``CanResearch(p, T)``: not researched, every requirement researched (Stratega's
  ``CanResearch`` does not look at the cost; ``CanAfford`` does);
- ``CanAfford(s, X)`` / ``PayCost(s, X)``: the ``Cost`` of a technology or of an entity
  type, compared with or taken from the source's parameters;
- ``Research(p, T)`` → the native ``research`` effect;
- ``CanSpawn(s, X)``: ``X`` among the types the source may spawn (its type's
  ``CanSpawn``, or the player's), and ``X``'s ``RequiredTechnology`` researched by the
  source's owner;
- ``SpawnEntity(s, X, pos)`` with ``X`` an ``EntityType`` target as well as a name.

``X`` may be a name or a target: a target reads the amounts of every candidate through
one conditional expression (``3 if kind == 'Soldier' else 5 if …``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from ..reading import Skip
from ..source import Node
from . import calls
from .actions import valid
from .context import Translation
from .functions import CONDITIONS, EFFECTS, Build, Fn, register
from .kept import kept
from .speech import Expr, Ref, SpeechError, Val

_REQ: dict[str, tuple[str, Node]] = {}


@dataclass
class Tech:
    """A technology of a Stratega tree."""

    name: str
    tree: str
    cost: dict[str, float]
    requires: list[str]
    time: int
    node: Node
    native: str = ""
    """Its name in the native file: its own, unless an entity type or a tile has it."""


def native_tech(techs: dict[str, Tech], name: str) -> str:
    """A technology's native name (its own unless renamed)."""
    tech = techs.get(name)
    return tech.native or name if tech is not None else name


def techs_of(hooks: dict[str, Any]) -> dict[str, Tech]:
    """The technologies a translation has read (none before ``TechnologyTrees``)."""
    return kept(hooks, "techs", dict[str, Tech]())


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def by_name(x: str, table: dict[str, str], default: str) -> str:
    """Native text giving ``table[x]`` for the name ``x`` holds: the entry itself when
    ``x`` is a quoted name, else one conditional over the entries (names sharing a
    value share a test)."""
    if x.startswith("'") and x.endswith("'"):
        return table.get(x[1:-1], default)
    groups: dict[str, list[str]] = {}
    for name, value in table.items():
        if value != default:
            groups.setdefault(value, []).append(name)
    if not groups:
        return default
    parts = []
    for value, names in groups.items():
        test = f"{x} == {names[0]!r}" if len(names) == 1 else f"{x} in {names!r}"
        parts.append(f"({value}) if {test} else ")
    return "(" + "".join(parts) + default + ")"


# ------------------------------------------------------------------ the section
def technology_trees(t: Translation, node: Node) -> None:
    """``TechnologyTrees``: trees of technologies with cost, requirements and time."""
    techs: dict[str, Tech] = {}
    out: dict[str, Any] = {}
    for tree, tn in t.need_map(node, "`TechnologyTrees`").items():
        if not tree.isidentifier():
            t.fail(node.key_locs[tree], f"`{tree}` cannot be a tree name",
                   "letters, digits and _ only")
            continue
        native_tree: dict[str, Any] = {}
        for name, n in t.need_map(tn, f"technology tree `{tree}`").items():
            loc = tn.key_locs[name]
            # Stratega's calls cannot name `Bronze Working`, but its `RequiredTechnology`,
            # `Requirements` and Technology targets can: the words are kept as they are.
            if not name.replace(" ", "").isalpha() or name != " ".join(name.split()):
                t.fail(loc, f"`{name}` cannot be a technology name",
                       "Stratega reads names of letters only in its conditions and effects")
                continue
            if name in techs:
                t.fail(loc, f"`{name}` is already a technology's name")
                continue
            tech = t.attempt(partial(_tech, t, tree, name, n))
            if tech is None:
                continue
            native = name
            # Stratega keeps technologies apart from entity types and tiles (each kind has
            # its ids): a technology named like one is renamed here, where names are shared.
            while native in t.entities or native in t.tiles or native in techs \
                    or any(x.native == native for x in techs.values()):
                native += "Tech"
            tech.native = native
            techs[name] = tech
            spec: dict[str, Any] = {}
            if tech.cost:
                spec["cost"] = {p: float(v) if not float(v).is_integer() else int(v)
                                for p, v in tech.cost.items()}
            if tech.requires:
                spec["requires"] = list(tech.requires)  # made native below
            spec["turns"] = tech.time
            desc = n.value.get("Description") if n.is_map else None
            if desc is not None and isinstance(desc.value, str):
                spec["description"] = desc.value
            native_tree[native] = spec
            other = "an entity type" if name in t.entities else "a tile"
            renamed = (f" (renamed `{native}`: {other} is named `{name}`)"
                       if native != name else "")
            t.origin(("technologies", tree, native), f"TechnologyTrees.{tree}.{name}{renamed}",
                     loc)
        out[tree] = native_tree
    for tech in techs.values():
        req = tech.node.value.get("Requirements")
        for item, r in zip(t.need_list(req, "`Requirements`"), tech.requires, strict=False):
            if r not in techs:
                t.fail(item.loc, f"unknown technology `{r}`",
                       f"technologies: {', '.join(techs)}")
    for native_tree in out.values():
        for spec in native_tree.values():
            if "requires" in spec:
                spec["requires"] = [native_tech(techs, r) for r in spec["requires"]]
    t.hooks["techs"] = techs
    t.names.update({name: "technology" for name, tech in techs.items() if tech.native == name})
    if out:
        t.put(("technologies",), out)


def _tech(t: Translation, tree: str, name: str, n: Node) -> Tech:
    m = t.keys(n, ("Description", "Requirements", "Cost", "Time"), f"technology `{name}`")
    cost: dict[str, float] = {}
    for p, v in t.need_map(m.get("Cost"), f"the `Cost` of `{name}`").items():
        if p not in t.player_params:
            t.fail(m["Cost"].key_locs[p], f"unknown player parameter `{p}`",
                   "a technology is paid from the researching player's `Player: Parameters`")
            continue
        cost[p] = t.need_num(v, "a cost")
    requires = [t.need_str(r, "a technology") for r in t.need_list(m.get("Requirements"),
                                                                  "`Requirements`")]
    time = 0
    if "Time" in m:
        time = t.need_int(m["Time"], "`Time` (ticks)", 0)
    return Tech(name, tree, cost, requires, time, n)


# ------------------------------------------------------------------ entity keys
def entity_keys(t: Translation) -> None:
    """Read the entity types' ``RequiredTechnology`` and ``CanSpawn``, and the player's
    ``CanSpawn`` (after ``Entities`` and ``Player``)."""
    ents = t.top.get("Entities")
    required: dict[str, tuple[str, Node]] = {}
    spawns: dict[str, list[str]] = {}
    for name, n in (ents.value.items() if ents is not None and ents.is_map else []):
        if name not in t.entities or not n.is_map:
            continue
        if "RequiredTechnology" in n.value:
            r = n.value["RequiredTechnology"]
            required[name] = (t.need_str(r, "a technology"), r)
        if "CanSpawn" in n.value:
            spawns[name] = valid(t, n.value["CanSpawn"], "entity")
    pl = t.top.get("Player")
    if pl is not None and pl.is_map and "CanSpawn" in pl.value:
        spawns["player"] = valid(t, pl.value["CanSpawn"], "entity")
    t.hooks["required"] = required
    t.hooks["spawns"] = spawns


def check_required(t: Translation) -> None:
    """Every ``RequiredTechnology`` names a technology."""
    techs = techs_of(t.hooks)
    for tech, node in kept(t.hooks, "required", _REQ).values():
        if tech not in techs:
            t.fail(node.loc, f"unknown technology `{tech}`",
                   "declare it under `TechnologyTrees`" if not techs
                   else f"technologies: {', '.join(techs)}")


# ------------------------------------------------------------------ the target
def technology_target(t: Translation, tname: str, nat: str, m: dict[str, Node],
                      by_entity: bool) -> tuple[dict[str, Any], list[Node], Val]:
    """A target of ``Type: Technology``: one candidate per technology of
    ``ValidTargets`` (every one for ``All``)."""
    techs = techs_of(t.hooks)
    if not techs:
        t.fail(m["Type"].loc, "`Technology` targets need technologies: this file has no "
                              "`TechnologyTrees`", "declare them under `TechnologyTrees`")
        raise Skip
    node = m.get("ValidTargets")
    names: list[str] = []
    if node is None or node.value == "All":
        names = list(techs)
    else:
        items = [node] if isinstance(node.value, str) else t.need_list(node, "`ValidTargets`")
        for item in items:
            name = t.need_str(item, "a technology")
            if name not in techs:
                t.fail(item.loc, f"unknown technology `{name}`",
                       f"technologies: {', '.join(techs)}" if techs
                       else "declare it under `TechnologyTrees`")
                raise Skip
            names.append(name)
    conds = calls.calls_in(t, m.get("Conditions"), "Conditions")
    natives = [native_tech(techs, x) for x in names]
    return {"kind": "value", "from": repr(natives)}, conds, Val(nat, "technology")


# ------------------------------------------------------------------ arguments
def tech_arg(b: Build, e: Expr) -> str:
    """A technology: its name (quoted) or a ``Technology`` target."""
    techs = techs_of(b.hooks)
    if isinstance(e, Ref) and len(e.parts) == 1:
        name, at = e.parts[0]
        if name in techs:
            return repr(native_tech(techs, name))
        v = b.scope.bound.get(name)
        if v is not None and v.kind == "technology":
            return v.text
        raise SpeechError(at, f"expected a technology here, not `{name}`",
                          f"technologies: {', '.join(techs)}" if techs
                          else "declare it under `TechnologyTrees`")
    raise SpeechError(e.at, "expected a technology (a name or a `Technology` target) here")


def _costed(b: Build, e: Expr) -> tuple[str, dict[str, dict[str, float]]]:
    """An entity type or technology (name or target) with the cost map of each
    candidate it may be."""
    techs = techs_of(b.hooks)
    if isinstance(e, Ref) and len(e.parts) == 1:
        name = e.parts[0][0]
        v = b.scope.bound.get(name)
        named = name in techs and b.scope.names.get(name) != "entity type"  # a type first
        if named or (v is not None and v.kind == "technology"):
            x = tech_arg(b, e)
            return x, {native_tech(techs, k): tc.cost for k, tc in techs.items()}
    v = b.val(e)
    if v.kind == "entity_type":
        x = v.text
    elif v.kind == "name" and v.name in b.groups and b.groups[v.name] == [v.name]:
        x = repr(v.name)
    else:
        raise SpeechError(e.at, "expected an entity type or a technology here")
    return x, {k: _cost_map(b, k) for k in _types(b)}


def _types(b: Build) -> list[str]:
    """Every entity type's name."""
    return [k for k, kind in b.scope.names.items() if kind == "entity type"]


def _cost_map(b: Build, kind: str) -> dict[str, float]:
    node = b.hooks.get("costs", {}).get(kind)
    if node is None or not node.is_map:
        return {}
    out: dict[str, float] = {}
    for p, v in node.value.items():
        if isinstance(v.value, int | float) and not isinstance(v.value, bool):
            out[p] = v.value
    return out


def _holder(b: Build, e: Expr, params: set[str], at: int) -> str:
    """Whose parameters pay: a player, or an entity."""
    v = b.val(e)
    if v.kind == "player":
        owner = "player"
    elif v.kind == "entity":
        owner = "entity"
    else:
        raise SpeechError(e.at, "expected a player or an entity to pay here")
    missing = sorted(p for p in params if p not in b.scope.params[owner])
    if missing:
        raise SpeechError(at, f"the cost is paid in `{missing[0]}`, which a {owner} does not "
                              "have", "declare it among the payer's parameters")
    return v.text


def _can_afford(b: Build, a: list[Expr]) -> str:
    x, costs = _costed(b, a[1])
    params = {p for c in costs.values() for p in c}
    who = _holder(b, a[0], params, a[0].at)
    table = {k: " and ".join(f"{who}.{p} >= {_num(v)}" for p, v in c.items()) or "true"
             for k, c in costs.items()}
    return by_name(x, table, "true")


def _pay_cost(b: Build, a: list[Expr]) -> list[dict[str, Any]]:
    x, costs = _costed(b, a[1])
    params = sorted({p for c in costs.values() for p in c})
    who = _holder(b, a[0], set(params), a[0].at)
    out: list[dict[str, Any]] = []
    for p in params:
        amount = by_name(x, {k: _num(c[p]) for k, c in costs.items() if p in c}, "0")
        if amount != "0":
            out.append({"modify": {"what": f"{who}.{p}", "by": f"-{amount}"}})
    return out


def _has_researched(b: Build, a: list[Expr]) -> str:
    return f"researched({b.player(a[0])}, {tech_arg(b, a[1])})"


def _can_research(b: Build, a: list[Expr]) -> str:
    p = b.player(a[0])
    x = tech_arg(b, a[1])
    techs = techs_of(b.hooks)
    table = {native_tech(techs, k): " and ".join(f"researched({p}, "
                                                 f"{native_tech(techs, r)!r})"
                                                 for r in tc.requires) or "true"
             for k, tc in techs.items()}
    return f"not researched({p}, {x}) and {by_name(x, table, 'true')}"


def _research(b: Build, a: list[Expr]) -> list[dict[str, Any]]:
    return [{"research": {"tech": tech_arg(b, a[1]), "player": b.player(a[0])}}]


def _kind_arg(b: Build, e: Expr) -> str:
    v = b.val(e)
    if v.kind == "entity_type":
        return v.text
    if v.kind == "name" and b.scope.names.get(v.name) == "entity type":
        return repr(v.name)
    raise SpeechError(e.at, "expected an entity type (a name or an `EntityType` target) here")


def _can_spawn(b: Build, a: list[Expr]) -> str:
    v = b.val(a[0])
    x = _kind_arg(b, a[1])
    spawns: dict[str, list[str]] = b.hooks.get("spawns", {})
    every = _types(b)
    if v.kind == "player":
        owner = v.text
        allowed = spawns.get("player", every)
        listed = "true" if set(allowed) >= set(every) else f"{x} in {allowed!r}"
    elif v.kind == "entity":
        owner = f"{v.text}.owner"
        table = {k: f"{x} in {s!r}" for k, s in spawns.items() if k != "player"
                 and not set(s) >= set(every)}
        listed = by_name(f"{v.text}.type", table, "true")
    else:
        raise SpeechError(a[0].at, "expected an entity or a player here")
    required: dict[str, tuple[str, Node]] = b.hooks.get("required", {})
    known = techs_of(b.hooks)
    techs = by_name(x, {k: f"researched({owner}, {native_tech(known, r)!r})"
                        for k, (r, _) in required.items()}, "true")
    return " and ".join(p for p in (listed, techs) if p != "true") or "true"


def _spawn(b: Build, a: list[Expr]) -> list[dict[str, Any]]:
    owner = b.owner(a[0])
    v = b.val(a[1])
    kind = v.text if v.kind == "entity_type" else b.name(a[1], "entity type")
    return [{"spawn": {"type": kind, "at": b.place(a[2]), "owner": owner}}]


def install() -> None:
    """Fill in the conditions and effects of technologies, costs and spawning."""
    register(CONDITIONS, "HasResearched", Fn(2, 2, _has_researched))
    register(CONDITIONS, "CanResearch", Fn(2, 2, _can_research))
    register(CONDITIONS, "CanAfford", Fn(2, 2, _can_afford))
    register(CONDITIONS, "CanSpawn", Fn(2, 2, _can_spawn))
    register(EFFECTS, "PayCost", Fn(2, 2, _pay_cost))
    register(EFFECTS, "Research", Fn(2, 2, _research))
    register(EFFECTS, "SpawnEntity", Fn(3, 3, _spawn))


__all__ = ["Tech", "by_name", "check_required", "entity_keys", "install",
           "native_tech", "tech_arg", "technology_target", "technology_trees", "techs_of"]
