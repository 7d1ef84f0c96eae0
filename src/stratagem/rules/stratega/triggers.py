"""Stratega's triggers (``ForwardModel: Trigger:``), as native triggers.

| Stratega | native event | when |
|---|---|---|
| ``OnTick`` | ``phase_ended`` | as each round ends, before buffs and continuous actions move on |
| ``OnAdvance`` | ``action_done`` | after every action |
| ``OnSpawn`` | ``spawned`` | as an entity is spawned (``Source`` is the new entity) |
| ``OnStart`` | ``game_started`` | once, before the first turn |

``Type: Entity`` runs the conditions and effects for each entity of ``ValidTargets``
(every type when left out), in id order, with ``Source`` that entity; ``Type: Player``
for each player; ``Type: GameState`` once, with no ``Source``. Conditions are checked
for each in turn, so what an effect changes is seen by the next.

Stratega removes the buffs that run out as a tick ends *before* its ``OnTick``
triggers, and moves continuous actions on *after* them. Native buffs and multi-turn
actions both move on at ``round_ended``; so ``OnTick`` runs at ``phase_ended`` (before
them), and a game with buffs first takes away there the buffs in their last round
(``buff_ending``, ``player_buff_ending``), as Stratega does.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from ..reading import Skip, show
from ..source import Node
from . import calls
from .actions import effect, effect_nodes, scope, valid
from .context import Translation
from .kept import kept
from .speech import Val

EVENTS = {"OnTick": "phase_ended", "OnAdvance": "action_done", "OnSpawn": "spawned",
          "OnStart": "game_started"}


def _trigger(kind: str, t: Translation, node: Node) -> None:
    what = f"an `{kind}` trigger"
    allowed = ("Type", "ValidTargets", "Conditions", "Effects")
    m = t.keys(node, allowed, what)
    source = m["Type"].value if "Type" in m else "Entity"
    if kind == "OnSpawn":
        source = "Spawned"
    elif source not in ("Entity", "Player", "GameState"):
        t.fail(m["Type"].loc, f"`Type` must be Entity, Player or GameState, not "
                              f"{show(m['Type'])}")
        raise Skip
    if "ValidTargets" in m and source in ("Player", "GameState"):
        t.fail(m["ValidTargets"].loc, f"`ValidTargets` chooses entities: a {source} trigger "
                                      "has none")
        raise Skip
    var = {"Entity": "source", "Player": "source", "GameState": "",
           "Spawned": "event.entity"}[source]
    bound = {"Source": Val(var, "player" if source == "Player" else "entity")} if var else {}
    sc = scope(t, bound, acting=None)
    tests = []
    for c in calls.calls_in(t, m.get("Conditions"), "Conditions"):
        text = t.attempt(partial(calls.condition, t, c, sc))
        if text is None:
            raise Skip
        tests.append(text)
    rolls = [0]
    body: list[Any] = []
    for e in effect_nodes(t, m.get("Effects")):
        got = t.attempt(partial(effect, t, e, sc, rolls))
        if got is None:
            raise Skip
        body.extend(got)
    if tests:
        body = [{"if": {"test": " and ".join(f"({x})" if len(tests) > 1 else x
                                             for x in tests), "then": body}}]
    types = valid(t, m.get("ValidTargets"), "entity")
    every = set(types) >= set(t.entities)
    spec: dict[str, Any] = {"on": EVENTS[kind]}
    if source == "Entity":
        pool = "entities()" if every else (f"entities(type: {types[0]!r})" if len(types) == 1
                                           else f"entities(where: it.type in {types!r})")
        body = [{"for_each": {"as": "source", "in": pool, "do": body}}]
    elif source == "Player":
        body = [{"for_each": {"as": "source", "in": "players()", "do": body}}]
    elif source == "Spawned" and not every:
        spec["when"] = (f"event.type == {types[0]!r}" if len(types) == 1
                        else f"event.type in {types!r}")
    spec["effects"] = body
    found = t.out.setdefault("triggers", {})
    name = f"{kind[2:].lower()}_{sum(1 for k in found if k.startswith(kind[2:].lower())) + 1}"
    found[name] = spec
    t.origin(("triggers", name), f"ForwardModel.Trigger {kind}", node.loc)


def early_buff_ends(t: Translation) -> None:
    """With buffs and ``OnTick`` triggers: a trigger, first at ``phase_ended``, that takes
    away the entities' buffs in their last round (Stratega's order, see the module)."""
    found = t.out.get("triggers", {})
    names = list(t.out.get("buffs", {}))
    if not names or not any(spec["on"] == "phase_ended" for spec in found.values()):
        return
    body: list[Any] = []
    for b in names:
        body.append({"for_each": {
            "as": "holder", "in": f"entities(where: buff_ending(it, {b!r}) > 0)",
            "do": [{"remove_buff": {"on": "holder", "buff": b,
                                    "stacks": f"buff_ending(holder, {b!r})"}}]}})
        body.append({"for_each": {
            "as": "holder", "in": f"filter(players(), where: player_buff_ending(it, {b!r}) > 0)",
            "do": [{"remove_buff": {"player": "holder", "buff": b,
                                    "stacks": f"player_buff_ending(holder, {b!r})"}}]}})
    ordered = {"buffs_run_out": {"on": "phase_ended", "effects": body}, **found}
    t.out["triggers"] = ordered
    t.origin(("triggers", "buffs_run_out"), "Stratega's order at a tick's end: buffs run "
                                             "out before the OnTick triggers", t.root.loc)


_ACTING = re.compile(r"(?<![\w.'\"])(actor|player)\b")
UNIT = "ticking_unit"
"""The name of the unit taking its ``OnTickActions`` in the trigger that runs them."""


def _as_unit(text: str) -> str:
    """An action's native condition with ``actor`` and ``player`` read off ``UNIT``."""
    return _ACTING.sub(lambda m: UNIT if m.group(1) == "actor" else f"{UNIT}.owner", text)


def _text(x: Any) -> str:
    """Native text kept as is, or as a located ``Node`` (its text)."""
    return str(x.value) if isinstance(x, Node) else str(x)


def _listed(x: Any) -> list[str]:
    if x is None:
        return []
    return [_text(x)] if isinstance(x, str | Node) else [_text(v) for v in x]


def tick_actions(t: Translation) -> None:
    """Entity types' ``OnTickActions``: as each tick ends (after the ``OnTick``
    triggers), each unit of the type takes every action of those types it could take,
    with every choice of targets its conditions allow, as Stratega's engine does."""
    ents = t.top.get("Entities")
    acts = t.out.get("actions", {})
    body: list[Any] = []
    for name, n in (ents.value.items() if ents is not None and ents.is_map else []):
        if not n.is_map or "OnTickActions" not in n.value or name not in t.entities:
            continue
        node = n.value["OnTickActions"]
        for item in t.need_list(node, "`OnTickActions`"):
            action = t.need_str(item, "an action")
            spec = acts.get(action)
            if spec is None or action not in t.actions:
                t.fail(item.loc, f"unknown action `{action}`")
                continue
            if spec.get("source") != "entity" or action in kept(t.hooks, "continuous", {}):
                t.fail(item.loc, f"`{action}` cannot run every tick",
                       "an `OnTickActions` action is a plain `EntityAction`")
                continue
            body.append({"for_each": {"as": UNIT, "in": f"entities(type: {name!r})",
                                      "do": _every_choice(action, spec)}})
    if body:
        found = t.out.setdefault("triggers", {})
        found["tick_actions"] = {"on": "phase_ended", "effects": body}
        t.origin(("triggers", "tick_actions"), "the entities' OnTickActions", ents.loc
                 if ents is not None else t.root.loc)


def _every_choice(action: str, spec: dict[str, Any]) -> list[Any]:
    targets: dict[str, Any] = spec.get("targets", {})
    tests = [_as_unit(x) for x in _listed(spec.get("when"))]
    for tspec in targets.values():
        tests += [_as_unit(x) for x in _listed(tspec.get("where"))]
    test = " and ".join(f"({x})" for x in tests) or "true"
    inner: list[Any] = [{"if": {"test": test, "then": [{"perform": {
        "action": action, "actor": UNIT, "targets": {k: k for k in targets}}}]}}]
    for tname, tspec in reversed(list(targets.items())):
        default = {"entity": "entities()", "position": "cells()"}.get(tspec.get("kind", ""),
                                                                        "[]")
        pool = _as_unit(_text(tspec.get("from", default)))
        inner = [{"for_each": {"as": tname, "in": pool, "do": inner}}]
    return inner


def install(triggers: dict[str, Any]) -> None:
    """Fill in the trigger kinds of ``forward.TRIGGERS``."""
    for kind in EVENTS:
        triggers[kind] = partial(_trigger, kind)


__all__ = ["EVENTS", "UNIT", "early_buff_ends", "install", "tick_actions"]
