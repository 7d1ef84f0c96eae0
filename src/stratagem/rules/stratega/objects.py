"""Stratega's objects and inventories, as native items.

An ``Objects:`` entry becomes a native item type (an entity type tagged ``item``, placed
on the board from the map as units are); an entity type's ``InventorySize`` becomes its
``inventory``. ``PickUp`` takes an object off the board into the holder's inventory;
``UseObject`` runs the object's ``OnUseInventory`` (``Source`` is the object, read with
its type's parameters, ``Target`` the holder) and leaves it carried, as Stratega's
engine does; ``RemoveObject`` takes it out of the game; ``DropObject`` puts it back on
the board. A target of ``Type: Object`` offers each type of object the source carries.

Objects of one type are alike here: one action per type carried, not per object.
Equipment slots cannot be carried over (there is no native equivalent): ``Slots``,
``SlotsUse``, ``CanEquip``, ``OnEquip``, ``OnUseSlot``, ``EquipObject``,
``UnEquipObject``, ``UseSlotObject``, ``CanEquipObject`` and ``SlotObject`` targets are
refused with what to write instead, as are an object's ``OnAddedInventory`` and
``OnTickActions`` and an entity's initial ``Objects``.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ..reading import Skip, show
from ..source import Node
from . import calls
from .actions import effect, effect_nodes, scope, valid
from .config import parameters
from .context import EntityInfo, Translation
from .functions import CONDITIONS, EFFECTS, Build, Fn, register
from .kept import kept
from .speech import Expr, SpeechError, Val

SLOTS = ("equipment slots have no native equivalent: carry the object in the inventory "
         "and use it with `UseObject` (`OnUseInventory`)")
REFUSED_KEYS = {"CanEquip": SLOTS, "SlotsUse": SLOTS, "OnEquip": SLOTS, "OnUseSlot": SLOTS,
                "OnAddedInventory": "put its effects in the action that picks the object "
                                    "up, after `PickUp`",
                "OnTickActions": "give the holder an `OnTick` trigger instead",
                "Actions": "an object takes no actions here: give them to its holder"}


def objects(t: Translation, node: Node) -> None:
    """``Objects``: the object types (native items)."""
    out: dict[str, Any] = {}
    pending: list[tuple[str, Node]] = []
    for name, n in t.need_map(node, "`Objects`").items():
        loc = node.key_locs[name]
        if not name.isidentifier():
            t.fail(loc, f"`{name}` cannot be an object name", "letters and digits only")
            continue
        if name in t.entities:
            t.fail(loc, f"`{name}` is already an entity type")
            continue
        m = t.keys(n, ("Sprite", "Symbol", "LineOfSightRange", "Parameters",
                       "OnUseInventory", *REFUSED_KEYS), f"object `{name}`")
        for key, hint in REFUSED_KEYS.items():
            if key in m:
                t.fail(n.key_locs[key], f"`{key}` cannot be carried over", hint)
        info = EntityInfo(name, loc)
        t.entities[name] = info
        t.groups[name] = [name]
        spec: dict[str, Any] = {"consumed": False}
        if "Symbol" in m:
            sym = str(m["Symbol"].value)
            if len(sym) != 1 or sym.isspace() or sym.isdigit():
                t.fail(m["Symbol"].loc, f"a symbol must be one character (not a digit), "
                                        f"not {show(m['Symbol'])}")
            elif sym in t.entity_symbols.values():
                t.fail(m["Symbol"].loc, f"symbol `{sym}` is another entity type's")
            else:
                t.entity_symbols[name] = sym
                spec["symbol"] = sym
        info.params = parameters(t, m.get("Parameters"), f"object `{name}`")
        if info.params:
            spec["params"] = {k: p.native() for k, p in info.params.items()}
        out[name] = spec
        if "OnUseInventory" in m:
            pending.append((name, m["OnUseInventory"]))
        t.origin(("items", name), f"Objects.{name}", loc)
    t.hooks["objects"] = list(out)
    t.hooks["object_uses"] = pending
    if out:
        t.put(("items",), out)


def _on_use(t: Translation, name: str, node: Node) -> None:
    m = t.keys(node, ("Conditions", "Effects"), f"the `OnUseInventory` of `{name}`")
    sc = scope(t, {"Source": Val(repr(name), "entity_type"),
                   "Target": Val("holder", "entity")})
    tests = [calls.condition(t, c, sc) for c in calls.calls_in(t, m.get("Conditions"),
                                                                "Conditions")]
    rolls = [0]
    body: list[Any] = []
    for e in effect_nodes(t, m.get("Effects")):
        body.extend(effect(t, e, sc, rolls))
    if tests:
        body = [{"if": {"test": " and ".join(f"({x})" if len(tests) > 1 else x
                                             for x in tests), "then": body}}]
    t.out["items"][name]["on_use"] = body


def entity_keys(t: Translation) -> None:
    """The entities' ``InventorySize`` (refusing ``Slots`` and initial ``Objects``), and
    the objects' ``OnUseInventory`` (once every name is known)."""
    for name, node in kept(t.hooks, "object_uses", list[tuple[str, Node]]()):
        t.attempt(partial(_on_use, t, name, node))
    ents = t.top.get("Entities")
    for name, n in (ents.value.items() if ents is not None and ents.is_map else []):
        if name not in t.entities or not n.is_map:
            continue
        if "Slots" in n.value:
            t.fail(n.key_locs["Slots"], "`Slots` cannot be carried over", SLOTS)
        if "Objects" in n.value:
            t.fail(n.key_locs["Objects"], "an entity's initial `Objects` cannot be carried over",
                   "place the objects on the board beside it (the map or `Board: Entities`), "
                   "or give them with a native `give_item` in `setup: effects`")
        if "InventorySize" in n.value:
            size = t.need_int(n.value["InventorySize"], "`InventorySize`", 0)
            spec = t.out.get("entities", {}).get(name)
            if spec is not None and size > 0:
                spec["inventory"] = size


def object_target(t: Translation, tname: str, nat: str, m: dict[str, Node],
                  by_entity: bool) -> tuple[dict[str, Any], list[Node], Val]:
    """A target of ``Type: Object``: each type of object (of ``ValidTargets``) the
    source carries."""
    if not by_entity:
        t.fail(m["Type"].loc, "a player carries no objects: an `Object` target belongs to an "
                              "entity action", "make it an `EntityAction`")
        raise Skip
    kinds = [k for k in valid(t, m.get("ValidTargets"), "entity")
             if k in kept(t.hooks, "objects", list[str]())]
    conds = calls.calls_in(t, m.get("Conditions"), "Conditions")
    return ({"kind": "value", "from": f"filter({kinds!r}, where: holds(actor, it))"}, conds,
            Val(nat, "object"))


def refused_target(hint: str) -> Any:
    """A target type that cannot be carried over, refused at its ``Type`` with ``hint``."""
    def refuse(t: Translation, tname: str, nat: str, m: dict[str, Node],
               by_entity: bool) -> tuple[dict[str, Any], list[Node], Val]:
        t.fail(m["Type"].loc, f"`{m['Type'].value}` targets cannot be carried over", hint)
        raise Skip
    return refuse


def _object(b: Build, e: Expr) -> str:
    v = b.val(e)
    if v.kind == "object":
        return v.text
    if v.kind == "name" and v.name in kept(b.hooks, "objects", list[str]()):
        return repr(v.name)
    raise SpeechError(e.at, "expected an object carried (an `Object` target) here")


def install() -> None:
    """Fill in the conditions and effects of objects and inventories."""
    register(EFFECTS, "PickUp", Fn(2, 2, lambda b, a:
                                   [{"pick_up": {"holder": b.entity(a[0]),
                                                 "item": b.entity(a[1])}}]))
    register(EFFECTS, "UseObject", Fn(2, 2, lambda b, a:
                                      [{"use_item": {"holder": b.entity(a[0]),
                                                     "item": _object(b, a[1])}}]))
    register(EFFECTS, "RemoveObject", Fn(2, 2, lambda b, a:
                                         [{"discard_item": {"holder": b.entity(a[0]),
                                                            "item": _object(b, a[1])}}]))
    register(EFFECTS, "DropObject", Fn(3, 3, lambda b, a:
                                       [{"drop_item": {"holder": b.entity(a[0]),
                                                       "item": _object(b, a[1]),
                                                       "at": b.place(a[2])}}]))
    register(CONDITIONS, "HasInventoryFull",
             Fn(1, 1, lambda b, a: f"inventory_free({b.entity(a[0])}) == 0"))
    register(CONDITIONS, "HasNotInventoryFull",
             Fn(1, 1, lambda b, a: f"inventory_free({b.entity(a[0])}) > 0"))
    for name in ("EquipObject", "UnEquipObject", "UseSlotObject"):
        register(EFFECTS, name, Fn(2, 2, instead=SLOTS))
    register(CONDITIONS, "CanEquipObject", Fn(2, 2, instead=SLOTS))


__all__ = ["REFUSED_KEYS", "SLOTS", "entity_keys", "install", "object_target", "objects",
           "refused_target"]
