"""The strategy-game sections: `buffs:`, `technologies:`, `items:`, an entity's
`inventory:`, and the keys that make an action take several rounds.

Each compiles into the parts of ``engine.strategy.Strategy`` (kept in
``CompileState.strategy`` until the game is built, ``build_strategy``) and declares the
names that effects may use (``CompileState.declared``: ``buff``, ``tech``, ``item``,
``action``).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ...engine.buffs import STACKING, BuffType
from ...engine.continuous import TaskType, busy_test
from ...engine.effect import Effect
from ...engine.items import ItemType
from ...engine.spec import Condition, EntityType
from ...engine.strategy import BeginTask, Strategy
from ...engine.tech import Technology
from ..core import CompileState
from ..effect_table import compile_effects
from ..errors import did_you_mean
from ..expr_context import Scope, read_var
from ..reading import Skip
from ..source import Node
from .pieces import ENTITY_OWN, compile_params

TASK_KEYS = ("duration", "on_tick", "on_complete", "on_abort", "keep_while", "complete_when")
"""The keys of an action that make it a multi-turn action."""


# ------------------------------------------------------------------ buffs
def compile_buffs(c: CompileState, node: Node | None) -> None:
    """`buffs:`: each buff's additions, factors, duration and stacking rule."""
    out: dict[str, BuffType] = {}
    known = c.entity_params | c.player_params
    specs = c.need_map(node, "`buffs`")
    c.declared["buff"] = set(specs)
    for name, spec in specs.items():
        def one(name: str = name, spec: Node = spec) -> None:
            m = c.keys(spec, ("add", "multiply", "duration", "stacking", "max_stacks",
                              "description"), f"buff `{name}`")
            mods = {}
            for key in ("add", "multiply"):
                pairs = []
                for p, v in c.need_map(m.get(key), f"`{key}` of buff `{name}`").items():
                    if p not in known:
                        c.fail(v.loc, f"buff `{name}`: no parameter `{p}` to {key}",
                               did_you_mean(p, known) or "name an entity or player parameter")
                        continue
                    pairs.append((p, c.need_num(v, f"`{key}.{p}`")))
                mods[key] = tuple(pairs)
            if not c.need_map(m.get("add"), "`add`") and not c.need_map(m.get("multiply"),
                                                                          "`multiply`"):
                c.fail(spec.loc, f"buff `{name}` changes nothing",
                       "give it `add: {param: n}` or `multiply: {param: x}`")
            duration = None
            if "duration" in m and m["duration"].value is not None:
                duration = c.need_int(m["duration"], "`duration`", 1)
            stacking = "refresh"
            if "stacking" in m:
                stacking = c.need_str(m["stacking"], "`stacking`")
                if stacking not in STACKING:
                    c.fail(m["stacking"].loc, f"unknown stacking `{stacking}`",
                           ", ".join(STACKING))
                    raise Skip
            most = None
            if "max_stacks" in m:
                most = c.need_int(m["max_stacks"], "`max_stacks`", 1)
                if stacking != "stack":
                    c.fail(m["max_stacks"].loc, f"buff `{name}`: `max_stacks` is for "
                           f"`stacking: stack` (this one is {stacking})",
                           "leave it out, or say `stacking: stack`")
            out[name] = BuffType(name, mods["add"], mods["multiply"], duration, stacking, most)
        c.attempt(one)
    c.strategy["buffs"] = out


# ----------------------------------------------------------- technologies
def compile_technologies(c: CompileState, node: Node | None) -> None:
    """`technologies:`: trees of technologies, each with cost, prerequisites and turns."""
    out: dict[str, Technology] = {}
    places: dict[str, Node] = {}
    trees = c.need_map(node, "`technologies`")
    for tree, tnode in trees.items():
        tree_specs = c.attempt(partial(c.need_map, tnode, f"technology tree `{tree}`")) or {}
        for name, spec in tree_specs.items():
            if name in places:
                c.fail(spec.loc, f"technology `{name}` is declared twice",
                       "technology names are shared by every tree")
                continue
            places[name] = spec
    c.declared["tech"] = set(places)
    for tree, tnode in trees.items():
        for name, spec in (tnode.value.items() if tnode.is_map else ()):
            def one(tree: str = tree, name: str = name, spec: Node = spec) -> None:
                if places.get(name) is not spec:
                    return
                m = c.keys(spec, ("cost", "requires", "turns", "description"),
                           f"technology `{name}`")
                cost = []
                for p, v in c.need_map(m.get("cost"), f"`cost` of `{name}`").items():
                    if p not in c.player_params:
                        c.fail(v.loc, f"technology `{name}`: players have no parameter "
                               f"`{p}` to pay with", did_you_mean(p, c.player_params)
                               or "declare it under `player:`")
                        continue
                    cost.append((p, c.need_num(v, f"`cost.{p}`")))
                reqs = []
                for r in c.need_list(m.get("requires"), f"`requires` of `{name}`"):
                    t = c.need_str(r, "a technology")
                    if t not in places:
                        c.fail(r.loc, f"unknown technology `{t}`", did_you_mean(t, places))
                    reqs.append(t)
                turns = c.need_int(m["turns"], "`turns`", 0) if "turns" in m else 0
                desc = str(m["description"].value) if "description" in m else ""
                out[name] = Technology(name, tree, tuple(cost), tuple(reqs), turns, desc)
            c.attempt(one)
    for name, tech in out.items():  # a prerequisite cycle makes its technologies unreachable
        seen: set[str] = set()
        todo = list(tech.requires)
        while todo:
            t = todo.pop()
            if t == name:
                c.fail(places[name].loc, f"technology `{name}` requires itself (through "
                       "its prerequisites)", "break the cycle in `requires`")
                break
            if t not in seen and t in out:
                seen.add(t)
                todo.extend(out[t].requires)
    c.strategy["techs"] = out


# ------------------------------------------------------------------ items
def compile_items(c: CompileState, node: Node | None) -> tuple[EntityType, ...]:
    """`items:`: item types — entity types that units carry — with what using one does."""
    specs = c.need_map(node, "`items`")
    c.declared["item"] = set(specs)
    types = []
    for name, spec in specs.items():
        if name in c.entity_types:
            c.fail(spec.loc, f"item `{name}` has the name of an entity type",
                   "give it another name")
            continue

        def one(name: str = name, spec: Node = spec) -> None:
            m = c.keys(spec, ("params", "symbol", "tags", "on_use", "consumed", "drops",
                              "description"), f"item `{name}`")
            params = compile_params(c, m.get("params"), name, c.entity_params, ENTITY_OWN)
            tags = frozenset(c.need_str(t, "a tag") for t in c.need_list(m.get("tags"),
                                                                         "`tags`"))
            et = EntityType(name, params, tags=tags | {"item"},
                            symbol=str(m["symbol"].value) if "symbol" in m else name[:1],
                            description=str(m["description"].value)
                            if "description" in m else "")
            c.entity_types[name] = et
            types.append(et)
        c.attempt(one)
    return tuple(types)


def compile_item_uses(c: CompileState, node: Node | None) -> None:
    """What using each item does (`on_use`), compiled once every name is declared."""
    out: dict[str, ItemType] = {}
    for name, spec in (node.value.items() if node is not None and node.is_map else ()):
        if not spec.is_map or name not in c.entity_types:
            continue
        m = spec.value
        scope = c.base_scope().child(holder=("entity", read_var("holder")),
                                     actor=("entity", lambda ctx: ctx.actor),
                                     item=("str", read_var("item")))
        on_use = compile_effects(c, m.get("on_use"), scope)
        flags = {"consumed": True, "drops": False}
        for key in flags:
            if key not in m:
                continue
            if not isinstance(m[key].value, bool):
                c.fail(m[key].loc, f"`{key}` must be true or false")
            else:
                flags[key] = m[key].value
        out[name] = ItemType(name, on_use, flags["consumed"], flags["drops"])
    c.strategy["items"] = out


# ------------------------------------------------------- multi-turn actions
def declare_tasks(c: CompileState, node: Node | None) -> None:
    """Declare the actions that take several rounds (so `abort` may name any of them)."""
    names = set()
    for name, spec in (node.value.items() if node is not None and node.is_map else ()):
        if spec.is_map and any(k in spec.value for k in TASK_KEYS):
            names.add(name)
    c.declared["action"] = names


def compile_task(c: CompileState, name: str, m: dict[str, Node], scope: Scope, source: str,
                 effects: tuple[Effect, ...]) -> tuple[tuple[Effect, ...],
                                                       tuple[Condition, ...]]:
    """An action's effects and extra conditions when its keys (`TASK_KEYS`) make it take
    several rounds: its `effects` are its start, then it is in progress; unchanged
    otherwise."""
    if not any(k in m for k in TASK_KEYS):
        return effects, ()
    if "duration" not in m and "complete_when" not in m:
        c.fail(m[next(k for k in TASK_KEYS if k in m)].loc,
               f"multi-turn action `{name}` never completes",
               "give it `duration:` (rounds) or `complete_when:` (a condition)")
        raise Skip
    inner = scope.child(elapsed=("number", read_var("elapsed")))
    duration: Any = c.fn(m["duration"], scope, "number") if "duration" in m else None
    tests = {k: c.expr(m[k], inner, "bool").fn if k in m else None
             for k in ("keep_while", "complete_when")}
    task = TaskType(name, duration, compile_effects(c, m.get("on_tick"), inner),
                    compile_effects(c, m.get("on_complete"), inner),
                    compile_effects(c, m.get("on_abort"), inner),
                    tests["keep_while"], tests["complete_when"])
    c.strategy.setdefault("tasks", {})[name] = task
    busy = Condition(f"`{name}` is not already in progress", busy_test(name, source),
                     source == "player")
    return (*effects, BeginTask(task, source)), (busy,)


def build_strategy(c: CompileState) -> Strategy | None:
    """The game's ``Strategy`` (``None`` when the rules use none of its parts)."""
    if not any(c.strategy.values()):
        return None
    return Strategy(**{k: dict(v) for k, v in c.strategy.items()})


__all__ = ["TASK_KEYS", "build_strategy", "compile_buffs", "compile_item_uses", "compile_items",
           "compile_task", "compile_technologies", "declare_tasks"]
