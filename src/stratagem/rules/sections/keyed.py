"""Keyed parameters: one declared parameter holding a number for each of a fixed set
of keys, read and written with a key known only in play (Can't Stop's eleven columns
as one parameter, `player.columns[c]`).

```yaml
player:
  columns:
    keys: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    default: 0
    max: {2: 3, 3: 5, 4: 7, 5: 9, 6: 11, 7: 13, 8: 11, 9: 9, 10: 7, 11: 5, 12: 3}
```

`default`, `min` and `max` are each a number for every key, or a mapping of key to
number (a key left out of it has no such bound, or a default of 0). Each key is a
parameter of its own to the engine, named ``columns[2]``: its bounds clamp it, and
it is saved like any parameter. A key outside the declared ones is an error in
words when the rules run it (`columns has no key 14`), and at load when it is
written in the rules.
"""

from __future__ import annotations

from typing import Any

from ...engine.spec import ParamSpec
from ...engine.state_values import keyed_name
from ..core import CompileState
from ..source import Node
from .private import private_word

MAX_KEYS = 1000
"""The most keys one parameter may have."""


def keyed_params(c: CompileState, owner: str, name: str, spec: Node,
                 private: str = "") -> tuple[ParamSpec, ...]:
    """The parameter of each key of a keyed parameter (``keys:`` in its mapping); the keys
    are recorded in ``c.keyed`` for the expressions that read it. ``private``: what
    `private: true` means here (``sections.private``; empty: no key may be private)."""
    m = c.keys(spec, ("keys", "default", "min", "max", "private"),
               f"parameter `{owner}.{name}`", ("keys",))
    keys: list[int | str] = []
    for item in c.need_list(m["keys"], "`keys`"):
        v = item.value
        if isinstance(v, bool) or not isinstance(v, int | str) or v == "":
            c.fail(item.loc, f"a key of `{owner}.{name}` is a whole number or a name, not `{v}`")
            continue
        if v in keys:
            c.fail(item.loc, f"the key `{v}` of `{owner}.{name}` is given twice")
            continue
        keys.append(v)
    if not keys:
        c.fail(m["keys"].loc, f"`{owner}.{name}` needs at least one key")
        return ()
    if len(keys) > MAX_KEYS:
        c.fail(m["keys"].loc, f"`{owner}.{name}` has {len(keys)} keys; at most {MAX_KEYS}")
        return ()
    bounds = {b: _per_key(c, m.get(b), keys, f"`{owner}.{name}` {b}") for b in
              ("default", "min", "max")}
    out: list[ParamSpec] = []
    for k in keys:
        lo, hi = bounds["min"].get(k), bounds["max"].get(k)
        default = bounds["default"].get(k)
        if default is None:
            default = hi if hi is not None else (lo if lo is not None else 0)
        if lo is not None and hi is not None and lo > hi:
            c.fail(spec.loc, f"parameter `{owner}.{name}[{k}]`: min {lo} > max {hi}")
            continue
        secret = ("", "")
        if "private" in m:  # each key as private as the others (its own bounds to draw in)
            secret = private_word(c, owner, name, m["private"], private, lo, hi)
            if not secret[0]:
                m = {k2: v for k2, v in m.items() if k2 != "private"}  # (said once)
        out.append(ParamSpec(keyed_name(name, k), default, lo, hi, *secret))
    previous = c.keyed.get(name)
    if previous is not None and previous != tuple(keys):
        c.fail(spec.loc, f"`{name}` is keyed by other keys elsewhere",
               "a keyed parameter has the same keys wherever it is declared")
    c.keyed[name] = tuple(keys)
    return tuple(out)


def declare_keyed(c: CompileState) -> None:
    """The keys of the entities' keyed parameters, known before the entity types compile,
    so that the defines (compiled before them) can read one key (`unit.marks[k]`)."""
    ents = c.root.get("entities")
    for spec in (ents.value.values() if ents is not None and ents.is_map else ()):
        params = spec.get("params") if spec.is_map else None
        for name, decl in (params.value.items() if params is not None and params.is_map
                           else ()):
            keys = decl.get("keys") if decl.is_map else None
            if keys is not None and keys.is_list and name not in c.keyed:
                found = [k.value for k in keys.value
                         if isinstance(k.value, int | str) and not isinstance(k.value, bool)
                         and k.value != ""]
                if found and len(found) == len(set(found)) == len(keys.value):
                    c.keyed[name] = tuple(found)


def _per_key(c: CompileState, node: Node | None, keys: list[Any], what: str) -> dict[Any, Any]:
    """A bound given for every key (a number) or per key (a mapping of key to number)."""
    if node is None:
        return {}
    if not node.is_map:
        v = c.need_num(node, what)
        return dict.fromkeys(keys, v)
    out = {}
    by_text = {str(k): k for k in keys}
    for k, v in node.value.items():
        key = by_text.get(str(k))
        if key is None:
            c.fail(node.key_locs.get(k, node.loc), f"{what}: `{k}` is not one of its keys",
                   f"keys: {', '.join(map(str, keys))}")
            continue
        out[key] = c.need_num(v, f"{what} of `{k}`")
    return out


__all__ = ["MAX_KEYS", "declare_keyed", "keyed_params"]
