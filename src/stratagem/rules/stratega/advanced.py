"""The importer's second part: technology trees, buffs, continuous actions, triggers,
action queues and objects, put in place in the first part's tables.

``install()`` (called once, by the package) fills the function tables, the trigger
kinds, the target types and action keys of ``actions``, the entity keys of
``entities``, and the sections of ``translate.SECTIONS`` at their place in the order:

- ``Objects`` right after ``Entities`` (objects are entity types the map places and
  groups name), ``TechnologyTrees`` and ``Buffs`` after ``Player`` (they read its
  parameters), all before ``Actions``;
- before ``Actions``: the entities' ``RequiredTechnology``, ``CanSpawn`` and
  ``InventorySize`` are read;
- after ``Actions``: the abort action of each continuous action is added;
- after ``ForwardModel``: the entities' ``OnTickActions`` (after the ``OnTick``
  triggers), the early end of buffs at a tick's end (before ``OnTick``),
  and the action queue's conditions (``EnqueueAction`` may be in triggers).
"""

from __future__ import annotations

from collections.abc import Callable

from ..source import Node
from . import actions as _actions
from . import buffs as _buffs
from . import continuous as _continuous
from . import entities as _entities
from . import forward as _forward
from . import objects as _objects
from . import packs as _packs
from . import queue as _queue
from . import spawning as _spawning
from . import tech as _tech
from . import translate as _translate
from . import triggers as _triggers
from .context import Translation

Section = Callable[[Translation, Node], None]
_DONE: list[bool] = []


def _around(before: Callable[[Translation], None] | None, first: Section | None,
            after: Callable[[Translation], None]) -> Section:
    """A section translator that runs ``before``, ``first`` and then ``after``."""
    def run(t: Translation, node: Node) -> None:
        if before is not None:
            before(t)
        try:
            if first is not None:
                first(t, node)
        finally:
            after(t)
    run.__doc__ = (first.__doc__ if first is not None else "")
    return run


def _before_actions(t: Translation) -> None:
    _tech.entity_keys(t)
    _objects.entity_keys(t)
    _tech.check_required(t)


def _after_actions(t: Translation) -> None:
    _continuous.add_aborts(t)


def _after_forward(t: Translation) -> None:
    _triggers.tick_actions(t)
    _triggers.early_buff_ends(t)
    _queue.finish(t)


def install() -> None:
    """Put the second part's translators in the first part's tables (once)."""
    if _DONE:
        return
    _DONE.append(True)
    _tech.install()
    _spawning.install()  # after SpawnEntity's final builder, which SpawnEntityGrid shares
    _buffs.install()
    _continuous.install()
    _objects.install()
    _queue.install()
    _triggers.install(_forward.TRIGGERS)
    _packs.install(_actions.PACK_HOOKS)
    _actions.TARGET_HOOKS["Technology"] = _tech.technology_target
    _actions.TARGET_HOOKS["Object"] = _objects.object_target
    _actions.TARGET_HOOKS["SlotObject"] = _objects.refused_target(_objects.SLOTS)
    _actions.TARGET_HOOKS["ContinuousAction"] = _objects.refused_target(
        "a running continuous action is aborted by its own action here, `Abort<Name>` "
        "(`AbortResearch`), offered while it is in progress")
    _actions.HOOK_KEYS.update(_continuous.KEYS)
    _actions.ACTION_HOOKS.append(_continuous.hook)
    _entities.HOOK_KEYS.update(("RequiredTechnology", "InventorySize", "Slots", "Objects",
                                "OnTickActions"))
    for key in ("Buffs", "TechnologyTrees", "Objects"):
        _translate.LATER.pop(key, None)
    old = dict(_translate.SECTIONS)
    order: dict[str, Section | None] = {}
    for key, fn in old.items():
        if key == "Entities":
            order[key] = fn
            order["Objects"] = _objects.objects
            continue
        if key == "Actions":
            order[key] = _around(_before_actions, fn, _after_actions)
            continue
        if key == "ForwardModel":
            order[key] = _around(None, fn, _after_forward)
            continue
        order[key] = fn
        if key == "Player":
            order["TechnologyTrees"] = _tech.technology_trees
            order["Buffs"] = _buffs.buffs
    if "TechnologyTrees" not in order:  # no Player section in the table: before Actions
        order = _insert_before(order, "Actions", {"TechnologyTrees": _tech.technology_trees,
                                                  "Buffs": _buffs.buffs})
    _translate.SECTIONS.clear()
    _translate.SECTIONS.update(order)


def _insert_before(order: dict[str, Section | None], key: str,
                   extra: dict[str, Section | None]) -> dict[str, Section | None]:
    out: dict[str, Section | None] = {}
    for k, v in order.items():
        if k == key:
            out.update(extra)
        out[k] = v
    return out


__all__ = ["install"]
