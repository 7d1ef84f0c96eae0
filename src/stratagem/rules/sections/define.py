"""The `define:` section: functions of the game's own, written as expressions.

```yaml
define:
  holds(p, kind): "count(zone(p, 'hand', type: kind)) > 0"
  strongest: "highest(entities(owner: ally), by: it.hp)"
```

Each key is a name with its parameters in brackets (none: no brackets), each parameter
with a type if it needs one (`p: player`, so that `text(p)` gives the player's name;
untyped, it is `any`); each value
an expression of those parameters, checked here like any other, then compiled once
into a closure. A call binds its arguments (by place or by name) to the parameters
and runs that closure: nothing is expanded or parsed again in play.

A define sees its parameters, never the names of the place it is called from (pass
`player` or `actor` as an argument), and calls the library and the other defines, in
any order, but never itself, directly or through others: the defines are compiled
each after those it calls, and a circle of calls is a load error. So the chain of
calls is at most as long as the list of defines, and a runaway recursion cannot be
written.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any

import lark

from ..core import CompileState
from ..errors import Loc, did_you_mean
from ..expr_context import Define, read_var
from ..library import FUNCTIONS
from ..parsing import parser
from ..source import Node
from .keyed import declare_keyed

_HEAD = re.compile(r"\s*([A-Za-z_][A-Za-z_0-9]*)\s*(?:\((.*)\))?\s*")
_RESERVED = frozenset(("format", "text", "let", "not", "and", "or", "in", "if", "else",
                       "true", "false", "none"))

PARAM_TYPES = ("any", "entity", "player", "pos", "number", "bool", "str", "list")
"""The types a define's parameter may declare (`holds(p: player, v: number)`)."""

MAX_DEFINES = 200
"""The most functions one rules file may define."""


def compile_defines(c: CompileState, node: Node | None) -> None:
    """Each define of `define:`, in file order, into ``c.defines``."""
    declare_keyed(c)  # entity types compile after the defines; their keyed names first
    if node is None:
        return
    if not node.is_map:
        c.fail(node.loc, "`define` must be a mapping of `name(parameters)` to an expression",
               "define: {holds(p, kind): \"count(zone(p, 'hand', type: kind)) > 0\"}")
        return
    items = list(node.value.items())
    if len(items) > MAX_DEFINES:
        c.fail(node.loc, f"{len(items)} defines; at most {MAX_DEFINES}")
        return
    heads: list[tuple[str, tuple[str, ...], tuple[str, ...], Node, str]] = []
    for key, body in items:
        loc = node.key_locs.get(key, node.loc)
        m = _HEAD.fullmatch(key)
        if m is None:
            c.fail(loc, f"`{key}` is not a define's name", "write `name(a, b)`, or `name` "
                   "for a define of no parameters")
            continue
        name, inside = m.group(1), m.group(2)
        pieces = [p.strip() for p in inside.split(",")] if inside and inside.strip() else []
        params = tuple(p.partition(":")[0].strip() for p in pieces)
        types = tuple(p.partition(":")[2].strip() or "any" for p in pieces)
        bad = [p for p in params if not p.isidentifier()]
        if bad:
            c.fail(loc, f"define `{name}`: `{bad[0]}` cannot be a parameter's name",
                   "letters, digits and _, separated by commas")
            continue
        unknown = [t for t in types if t not in PARAM_TYPES]
        if unknown:
            c.fail(loc, f"define `{name}`: unknown type `{unknown[0]}`",
                   did_you_mean(unknown[0], PARAM_TYPES) or
                   f"types: {', '.join(PARAM_TYPES)}")
            continue
        if len(set(params)) != len(params):
            c.fail(loc, f"define `{name}` names a parameter twice")
            continue
        if name in FUNCTIONS or name in _RESERVED:
            c.fail(loc, f"`{name}` is a function of the library (or a word of the language); "
                   "a define needs a name of its own")
            # its calls compile on as the define's, so that each is not reported too as a
            # wrong call of the library's function
            c.defines[name] = Define(name, params, _nothing, "any", types)
            continue
        if any(h[0] == name for h in heads):
            c.fail(loc, f"`{name}` is defined twice")
            continue
        heads.append((name, params, types, body, key))
    names = {h[0] for h in heads}
    calls = {name: _defines_called(body, names) for name, _, _, body, _ in heads}
    order, circle = _order(calls)
    for name in circle:  # each define of a circle of calls, where it is defined
        head = next(h for h in heads if h[0] == name)
        path = _circle_through(name, calls)
        c.fail(c_loc(node, head[4]), f"define `{name}` calls itself"
               + (f" through {' → '.join(f'`{n}`' for n in path[1:-1])}" if len(path) > 2
                  else ""), "a define cannot call itself, directly or through others")
    blocked = {name: f"`{name}` calls itself (see its define)" for name in circle}
    by_name = {h[0]: h for h in heads}
    for name in order:
        _, params, types, body, _ = by_name[name]
        scope = c.base_scope()
        del scope.names["player"]
        scope.pending["player"] = ("is not known inside a define: pass it as a parameter, "
                                   f"as in `{name}(player)`")
        scope.pending["actor"] = "is not known inside a define: pass it as a parameter"
        scope = scope.child(**{p: (t, read_var(p)) for p, t in zip(params, types, strict=True)})
        scope.defines_later = dict(blocked)
        compiled = c.attempt(partial(c.expr, body, scope))
        if compiled is None:  # reported; its calls compile on, so as not to report them too
            c.defines[name] = Define(name, params, _nothing, "any", types)
            continue
        if compiled.type == "dice":
            c.fail(body.loc, f"define `{name}` gives a dice roll; a define gives a value",
                   "roll with `roll:` where it is used")
            continue
        c.defines[name] = Define(name, params, compiled.fn, compiled.type, types)
    for name in circle:  # its calls elsewhere compile on; the load fails anyway
        _, params, types, _, _ = by_name[name]
        c.defines[name] = Define(name, params, _nothing, "any", types)


def c_loc(node: Node, key: str) -> Loc:
    """The place of a define's key."""
    return node.key_locs.get(key, node.loc)


def _defines_called(body: Node, names: set[str]) -> set[str]:
    """The defines a define's body calls (or reads by name)."""
    if not isinstance(body.value, str):
        return set()
    try:
        tree = parser().parse(body.value.replace("\n", " "))
    except lark.exceptions.LarkError:
        return set()  # compiling it reports why
    found = set()
    for sub in tree.iter_subtrees():
        if sub.data in ("call", "name") and str(sub.children[0]) in names:
            found.add(str(sub.children[0]))
    return found


def _order(calls: dict[str, set[str]]) -> tuple[list[str], list[str]]:
    """The defines in an order where each comes after those it calls, and those caught in
    (or calling into) a circle of calls."""
    done: list[str] = []
    left = dict(calls)
    while left:
        ready = [n for n, deps in left.items() if deps <= set(done)]
        if not ready:
            break
        done += ready
        for n in ready:
            del left[n]
    return done, [n for n in calls if n in left]


def _circle_through(name: str, calls: dict[str, set[str]]) -> list[str]:
    """A shortest path of calls from ``name`` back to itself (just ``[name]`` when it only
    calls into a circle elsewhere)."""
    paths = [[name]]
    seen: set[str] = set()
    while paths:
        path = paths.pop(0)
        for n in sorted(calls.get(path[-1], ())):
            if n == name:
                return [*path, n]
            if n not in seen:
                seen.add(n)
                paths.append([*path, n])
    return [name]


def _nothing(ctx: Any) -> None:
    """The body of a define that could not be compiled (the load fails anyway)."""
    return None


__all__ = ["MAX_DEFINES", "PARAM_TYPES", "compile_defines"]
