"""The forms of the expression language that name and join values: `let`, calls of the
game's own functions (`define:`), `format`, keyed parameters (`player.columns[c]`),
`+` of lists and of texts, and the search for unknown functions.

``expr.py`` walks the parse tree and hands these forms here with itself as the
``ExprContext`` (``expr_context.py``), as it hands library calls to ``calls.py``.
"""

from __future__ import annotations

from typing import Any

import lark

from ..engine import Ctx
from ..engine.sides import side_param
from ..engine.state_values import key_of, read_tile, state_key
from .errors import did_you_mean
from .expr_context import (
    Compiled,
    Define,
    ExprContext,
    ExprError,
    Fn,
    Scope,
    bind_args,
    bind_vars,
    coerce,
    constant,
    is_none,
    read_var,
)
from .library import FUNCTIONS
from .parsing import parser
from .texts import TEMPLATE_FIELD, as_text, fill_template


def compile_let(comp: ExprContext, n: Any) -> Compiled:
    """`let a = x, b = y; body`: each name bound for the bindings after it and the body."""
    *bindings, body = n.children
    scope = comp.scope
    steps: list[tuple[str, Fn]] = []
    for b in bindings:
        name_tok, value_node = b.children
        name = str(name_tok)
        if name in FUNCTIONS or name in scope.defines:
            raise ExprError(comp.off(name_tok), f"`{name}` is a function; a `let` needs "
                            "another name")
        value = comp.within(scope).build(value_node)
        if value.type == "dice":
            raise ExprError(comp.off(value_node), f"`{name}` would be a dice roll; roll it "
                            "with `roll:` and use the name it binds")
        steps.append((name, value.fn))
        scope = scope.child(**{name: (value.type, read_var(name))})
    inner = comp.within(scope).build(body)
    return Compiled(bind_vars(steps, inner.fn), inner.type)



def call_define(comp: ExprContext, d: Define, args: list[tuple[str | None, Any]],
                n: Any) -> Compiled:
    """A call of a function of the game's own: its arguments, by place or by name, bound
    to its parameters for its body."""
    given: dict[str, Fn] = {}
    for i, (key, node) in enumerate(args):
        if key is None:
            if i >= len(d.params):
                raise ExprError(comp.off(node), f"{d.name}() takes {len(d.params)} "
                                f"argument{'s' if len(d.params) != 1 else ''}",
                                f"it is defined as {d.signature}")
            key = d.params[i]
        elif key not in d.params:
            raise ExprError(comp.off(node), f"{d.name}() has no parameter `{key}`",
                            did_you_mean(key, d.params) or f"it is defined as {d.signature}")
        if key in given:
            raise ExprError(comp.off(node), f"{d.name}(): `{key}` is given twice")
        value = comp.build(node)
        if value.type == "dice":
            raise ExprError(comp.off(node), f"{d.name}(): `{comp.src(node)}` is a dice "
                            "roll; roll it first")
        want = d.types[d.params.index(key)] if d.types else "any"
        if want != "any" and value.type not in (want, "any") and not is_none(value):
            raise ExprError(comp.off(node), f"{d.name}(): `{key}` is a {want}, and "
                            f"`{comp.src(node)}` is a {value.type}",
                            f"it is defined as {d.signature}")
        given[key] = value.fn
    missing = [p for p in d.params if p not in given]
    if missing:
        raise ExprError(comp.off(n), f"{d.name}() needs {', '.join(f'`{p}`' for p in missing)}",
                        f"it is defined as {d.signature}")
    if not d.params:
        return Compiled(d.body, d.returns)
    return Compiled(bind_args([(p, given[p]) for p in d.params], d.body), d.returns)


def compile_format(comp: ExprContext, args: list[tuple[str | None, Any]], n: Any) -> Compiled:
    """`format('{who} scores {n}', who: player, n: actor.score)`: each `{name}` of the
    template (a text written in the rules) replaced by the text of its argument."""
    if not args or args[0][0] is not None:
        raise ExprError(comp.off(n), "format() needs a template first",
                        "format('{who} scores {n}', who: player, n: 3)")
    template = comp.build(args[0][1])
    if not template.const or not isinstance(template.value, str):
        raise ExprError(comp.off(args[0][1]), "format()'s template must be a text written "
                        "in the rules, in quotes")
    parts: dict[str, Fn] = {}
    for key, node in args[1:]:
        if key is None:
            raise ExprError(comp.off(node), "format() takes its values by name",
                            "format('{n} left', n: count(xs))")
        if key in parts:
            raise ExprError(comp.off(node), f"format(): `{key}` is given twice")
        parts[key] = as_text(comp.build(node))
    wanted = TEMPLATE_FIELD.findall(template.value)
    for name in wanted:
        if name not in parts:
            raise ExprError(comp.off(args[0][1]), f"format(): the template names `{{{name}}}`, "
                            "which no argument gives",
                            did_you_mean(name, parts) or f"add `{name}: ...`")
    for key, node in args[1:]:
        if key not in wanted:
            raise ExprError(comp.off(node), f"format(): the template has no `{{{key}}}`")
    return Compiled(fill_template(template.value, parts), "str")


def read_keyed(comp: ExprContext, owner_node: Any, name: str, key_node: Any) -> Compiled:
    """`player.columns[c]`: one key of a keyed parameter, the key worked out in play
    (checked here when it is written in the rules, else when it is read)."""
    keys = frozenset(comp.scope.keyed[name])
    key = comp.build(key_node)
    if key.const:
        v = int(key.value) if isinstance(key.value, float) and key.value.is_integer() \
            else key.value
        if isinstance(v, bool) or v not in keys:
            raise ExprError(comp.off(key_node), f"`{name}` has no key `{comp.src(key_node)}`",
                            f"its keys: {', '.join(map(str, comp.scope.keyed[name]))}")
    fk = key.fn
    if getattr(owner_node, "data", None) == "name" and str(owner_node.children[0]) == "game" \
            and "game" not in comp.scope.names:
        defaults = {k: s.default for k, s in comp.scope.state_params.items() if "[" in k}
        if not any(k.startswith(name + "[") for k in defaults):
            raise ExprError(comp.off(owner_node), f"`game.{name}` is not a parameter of "
                            "`state:`")
        return Compiled(lambda c: c.state.counters_.get(
            state_key(p := key_of(name, fk(c), keys)), defaults[p]), "number")
    owner = comp.build(owner_node)
    fo = owner.fn
    of_entity = name in comp.scope.entity_params
    of_player = name in comp.scope.player_params
    if owner.type == "entity" or (owner.type == "any" and of_entity and not of_player):
        return Compiled(lambda c: _param(c, fo(c), key_of(name, fk(c), keys)), "number")
    if owner.type == "player" or (owner.type == "any" and of_player and not of_entity):
        return Compiled(lambda c: c.state.players[fo(c)].params_.get(
            key_of(name, fk(c), keys), 0), "number")
    raise ExprError(comp.off(owner_node), f"`{comp.src(owner_node)}` is a {owner.type}; "
                    f"only entities, players and the game have `{name}`")


def join(a: Compiled, b: Compiled, off: int) -> Compiled:
    """`xs + ys` (lists: one list, the items of xs then those of ys) or `'a' + t` (texts: one
    text; a value of a type known only in play is read as words, as by `text`)."""
    kinds = {a.type, b.type}
    if "list" in kinds:
        if not kinds <= {"list", "any"}:
            other = (kinds - {"list", "any"}).pop()
            raise ExprError(off, f"`+` joins a list to a list, not to a {other}",
                            "put the item in a list: `xs + [item]`")
        fa, fb = a.fn, b.fn
        return Compiled(lambda c: [*(fa(c) or ()), *(fb(c) or ())], "list")
    if not kinds <= {"str", "any"}:
        other = (kinds - {"str", "any"}).pop()
        raise ExprError(off, f"`+` joins a text to a text, not to a {other}",
                        "turn it into words with `text(...)`: `'score: ' + text(n)`")
    ta, tb = as_text(a), as_text(b)
    if a.const and b.const:
        return constant(str(a.value) + str(b.value), "str")
    return Compiled(lambda c: ta(c) + tb(c), "str")



def unknown_functions(text: str, scope: Scope) -> list[tuple[int, str, str]]:
    """The calls in ``text`` of functions neither the library nor the game defines: the
    offset, name and hint of each (none when the text is not an expression)."""
    try:
        tree = parser().parse(text)
    except lark.exceptions.LarkError:
        return []
    return unknown_calls(tree, scope)


def unknown_calls(tree: Any, scope: Scope) -> list[tuple[int, str, str]]:
    out = []
    for node in tree.iter_subtrees_topdown():
        if node.data != "call":
            continue
        name = str(node.children[0])
        if name in FUNCTIONS or name in scope.defines or name == "format":
            continue
        hint = scope.defines_later.get(name) or did_you_mean(
            name, [*FUNCTIONS, *scope.defines, "format"])
        out.append((0 if node.meta.empty else int(node.meta.start_pos), name, hint))
    return out



def read_tile_param(comp: ExprContext, call: Any, name: str) -> Compiled:
    """`tile(cell).fertility`: a tile parameter of the position given."""
    args = call.children[1].children if len(call.children) > 1 else []
    if len(args) != 1 or getattr(args[0], "data", None) == "kwarg":
        raise ExprError(comp.off(call), "tile() takes one position", "tile(cell).NAME")
    pos = coerce(comp.build(args[0]), "pos", comp.off(args[0]), comp.src(args[0]))
    specs, fp = comp.scope.tile_params[name], pos.fn
    return Compiled(lambda c: read_tile(c.state, fp(c), name, specs), "number")


def read_side_param(comp: ExprContext, call: Any, name: str, off: int) -> Compiled:
    """`side_between(a, b).defence`: a parameter of the type of the side between two cells
    (0 with no side there, or for a type without it)."""
    if name not in comp.scope.side_params:
        raise ExprError(off, f"no side type has a parameter `{name}`",
                        did_you_mean(name, comp.scope.side_params)
                        or "declare it under a side type's `params:` (`board: side_types:`)")
    fn = comp.build(call).fn
    return Compiled(lambda c: side_param(c.game.board, fn(c), name), "number")


def _param(c: Ctx, eid: Any, name: str) -> Any:
    e = c.state.entities_.get(eid)
    return 0 if e is None else e.params_.get(name, 0)


__all__ = ["call_define", "compile_format", "compile_let", "join", "read_keyed",
           "read_side_param", "read_tile_param",
           "unknown_calls", "unknown_functions"]
