"""``Entities``: entity types with their parameters, sight, actions and symbols."""

from __future__ import annotations

from functools import partial
from typing import Any

from ..reading import show
from ..source import Node
from .config import parameters
from .context import EntityInfo, Translation

LATER_KEYS = {"OnTickActions": "actions run every tick (`OnTickActions`)",
              "RequiredTechnology": "technology trees",
              "InventorySize": "objects and inventories",
              "Slots": "objects and inventories",
              "Objects": "objects and inventories"}
"""Keys of an entity type that the importer's second part translates."""
HOOK_KEYS: set[str] = set()
"""Those of ``LATER_KEYS`` the second part reads (from ``t.top``), no longer refused."""


def entities(t: Translation, node: Node) -> None:
    """``Entities``: each type's parameters (min, max, default), `LineOfSightRange`,
    `Actions` and `Symbol`; `Cost` becomes the type's value hint for AIs."""
    out: dict[str, Any] = {}
    sight: dict[str, Any] = {"default": 0}
    for name, n in t.need_map(node, "`Entities`").items():
        loc = node.key_locs[name]
        if not name.isidentifier():
            t.fail(loc, f"`{name}` cannot be an entity type name", "letters and digits only")
            continue
        if not n.is_map:
            t.fail(n.loc, f"entity type `{name}` must be a mapping of keys")
            continue
        m = t.keys(n, ("Sprite", "Symbol", "LineOfSightRange", "Actions", "CanSpawn", "Cost",
                       "Parameters", "Time", *LATER_KEYS), f"entity type `{name}`")
        info = EntityInfo(name, loc)
        t.entities[name] = info
        t.groups[name] = [name]
        spec: dict[str, Any] = {}
        for key, what in LATER_KEYS.items():
            if key in m and key not in HOOK_KEYS:
                t.fail(n.key_locs[key], f"`{key}` is not yet supported by the Stratega "
                                        f"importer ({what})",
                       "write this part in the native format (docs/stratega.md)")
        if "Symbol" in m:
            sym = str(m["Symbol"].value) if m["Symbol"].is_scalar else ""
            if len(sym) != 1 or sym.isspace() or sym.isdigit():
                t.fail(m["Symbol"].loc, f"a symbol must be one character (not a digit), "
                                        f"not {show(m['Symbol'])}")
            elif sym in t.entity_symbols.values() or sym in t.shared_symbols:
                # Stratega accepts one symbol for several types; a map cannot use it then.
                first = [k for k, v in t.entity_symbols.items() if v == sym]
                for k in first:
                    del t.entity_symbols[k]
                t.shared_symbols.setdefault(sym, first).append(name)
            else:
                t.entity_symbols[name] = sym
                spec["symbol"] = sym
        info.params = t.attempt(partial(parameters, t, m.get("Parameters"),
                                        f"entity type `{name}`")) or {}
        if info.params:
            spec["params"] = {k: p.native() for k, p in info.params.items()}
        if "LineOfSightRange" in m:
            r = m["LineOfSightRange"]
            if not isinstance(r.value, int | float) or isinstance(r.value, bool) or r.value < 0:
                t.fail(r.loc, f"`LineOfSightRange` must be a number from 0, not {show(r)}")
            else:
                sight[name] = r.value
        listed = t.attempt(partial(t.need_list, m.get("Actions"), f"the `Actions` of `{name}`"))
        for a in listed or []:
            word = t.attempt(partial(t.need_str, a, "an action"))
            if word is not None:
                info.actions.append(word)
                info.action_nodes.append(a)
        spec["actions"] = list(info.actions)
        cost_node = m.get("Cost")
        if cost_node is not None and cost_node.value is None:
            cost_node = None  # an empty `Cost:` costs nothing, as in Stratega
        cost = t.attempt(partial(t.need_map, cost_node, "`Cost`")) or {}
        amounts = [t.attempt(partial(t.need_num, v, "a cost")) for v in cost.values()]
        if cost and None not in amounts:
            spec["hints"] = {"cost": sum(a for a in amounts if a is not None)}
            t.hooks.setdefault("costs", {})[name] = m["Cost"]  # type: ignore[index]
        out[name] = spec
        t.origin(("entities", name), f"Entities.{name}", loc)
    t.put(("entities",), out)
    if t.fog:
        t.put(("visibility", "sight"), sight)
        t.origin(("visibility",), "GameConfig.FogOfWar and the entities' LineOfSightRange",
                 node.loc)


__all__ = ["HOOK_KEYS", "LATER_KEYS", "entities"]
