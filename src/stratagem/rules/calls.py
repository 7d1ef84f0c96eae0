"""Compiling a call of a library function: its arguments checked against its signature.

The expression compiler (``expr.py``) hands a call here with the parse trees of
its arguments and itself as an ``ExprContext`` (``expr_context.py``); each
argument is compiled through that context, in the scope of the call, or — for an
expression of ``it`` (``where:``, ``by:``) — in a scope where ``it`` is bound.
The closure built for the call passes the known arguments as they are, so a
call costs as few closure calls as its arguments allow.
"""

from __future__ import annotations

from typing import Any

from lark import Token, Tree

from ..engine import MASKED
from .errors import did_you_mean
from .expr_context import Compiled, ExprContext, ExprError, coerce, read_var, reads
from .library import COUNTED, REQUIRED, TYPE_REST, TYPE_TEST, Function, Param

_OWNER_WORDS = ("enemy", "ally", "neutral", "any")
_WORDS = {"owner": _OWNER_WORDS,
          "shape": ("circle", "square", "cross", "diamond", "all", "ring"),
          "blocking": ("units", "enemies", "nothing")}
WORDS = _WORDS
"""The bare words keyword arguments of each kind take (they name no value of a state)."""


def compile_call(fn: Function, args: list[tuple[str | None, Any]], comp: ExprContext) -> Compiled:
    """Compile a call of a library function with checked arguments."""
    if fn.name in ("count", "any") and len(args) == 1 and args[0][0] in (None, "items"):
        inner = _unwrap(args[0][1])
        if getattr(inner, "data", None) == "call" and str(inner.children[0]) in COUNTED:
            # count(entities(...)) == 0, any(zone(...)): the items are only counted.
            inner_args: list[tuple[str | None, Any]] = []
            if len(inner.children) > 1:
                for a in inner.children[1].children:
                    if getattr(a, "data", None) == "kwarg":
                        inner_args.append((str(a.children[0]), a.children[1]))
                    else:
                        inner_args.append((None, a))
            counted = compile_call(COUNTED[str(inner.children[0])], inner_args, comp).fn
            if fn.name == "count":
                return Compiled(counted, "number")
            return Compiled(lambda ctx: counted(ctx) > 0, "bool")
    bound: dict[str, Compiled | None] = {}
    params = fn.params
    positional = 0
    for key, node in args:
        if key is None:
            if positional >= len(params):
                raise ExprError(comp.off(node), f"{fn.name}() takes at most {len(params)} "
                                "arguments", f"signature: {fn.signature}")
            p = params[positional]
            positional += 1
        else:
            found = [q for q in params if q.name == key]
            if not found:
                raise ExprError(comp.off(node), f"{fn.name}() has no argument `{key}`",
                                did_you_mean(key, [q.name for q in params]) or
                                f"signature: {fn.signature}")
            p = found[0]
        if p.name in bound:
            raise ExprError(comp.off(node), f"{fn.name}(): `{p.name}` is given twice")
        bound[p.name] = _compile_arg(fn, p, node, comp, _items_of(bound))
    fns: list[Any] = []
    consts: list[Any] = []  # each argument's value when it is known while compiling
    unknown = object()
    for p in params:
        c = bound.get(p.name)
        if c is None and p.name not in bound:
            if p.default is REQUIRED:
                raise ExprError(comp.off(args[-1][1]) if args else 0,
                                f"{fn.name}() needs `{p.name}`", f"signature: {fn.signature}")
            default = p.default
            fns.append(lambda ctx, d=default: d)
            consts.append(default)
        elif c is None:
            fns.append(lambda ctx: None)
            consts.append(None)
        elif p.type.startswith("fn:"):
            inner = c.fn
            fns.append(lambda ctx, f=inner: f)  # passed unevaluated
            consts.append(inner)
        else:
            fns.append(c.fn)
            consts.append(c.value if c.const else unknown)
    impl = fn.impl
    if not fns:
        return Compiled(impl, fn.returns)
    if len(fns) > 2 and all(v is not unknown for v in consts[1:]):
        # Keyword arguments mostly left to their defaults (`entities(owner: enemy)`): pass
        # the known ones as they are instead of calling a closure for each.
        rest = tuple(consts[1:])
        if consts[0] is not unknown:
            first = consts[0]
            return Compiled(lambda ctx: impl(ctx, first, *rest), fn.returns)
        f0 = fns[0]
        return Compiled(lambda ctx: impl(ctx, f0(ctx), *rest), fn.returns)
    if len(fns) == 1:
        f0 = fns[0]
        read = reads(f0)
        if read is not None:  # `line_through(piece)`: the call reads the name itself
            key = read[1]
            if read[0] == "targets":
                return Compiled(lambda ctx: impl(ctx, ctx.targets[key]), fn.returns)
            return Compiled(lambda ctx: impl(ctx, ctx.vars[key]), fn.returns)
        return Compiled(lambda ctx: impl(ctx, f0(ctx)), fn.returns)
    if len(fns) == 2:
        f0, f1 = fns
        return Compiled(lambda ctx: impl(ctx, f0(ctx), f1(ctx)), fn.returns)
    return Compiled(lambda ctx: impl(ctx, *[f(ctx) for f in fns]), fn.returns)


def _unwrap(node: Any) -> Any:
    """The node under single-child precedence wrappers (or/and/compare/arith)."""
    while getattr(node, "data", None) in ("or_", "and_", "compare", "arith") \
            and len(node.children) == 1:
        node = node.children[0]
    return node


def _type_test(node: Any) -> Any:
    """`kind` of a condition `it.type == kind` (or `kind == it.type`) where `kind` does not
    mention `it`; else none."""
    if getattr(node, "data", None) != "compare" or len(node.children) != 3 \
            or str(node.children[1]) != "==":
        return None
    a, b = node.children[0], node.children[2]
    for left, right in ((a, b), (b, a)):
        if _is_it_type(_unwrap(left)) and not _mentions_it(right):
            return right
    return None


def _is_it_type(node: Any) -> bool:
    if getattr(node, "data", None) != "attr" or str(node.children[1]) != "type":
        return False
    base = _unwrap(node.children[0])
    return getattr(base, "data", None) == "name" and str(base.children[0]) == "it"


def _mentions_it(node: Any) -> bool:
    if isinstance(node, Token):
        return str(node) == "it"
    return any(_mentions_it(k) for k in getattr(node, "children", ()))


def _items_of(bound: dict[str, Compiled | None]) -> str:
    """What ``it`` is in a later argument of a call: ``number`` when the first argument is
    known to list numbers (`range(0, 4)`, `[1, 2, 3]`), so that `it.hp` over them is an
    error at load rather than a read of the unit whose id is the number; else ``any``."""
    first = next(iter(bound.values()), None)
    return "number" if first is not None and first.item == "number" else "any"


def _compile_arg(fn: Function, p: Param, node: Any, comp: ExprContext,
                 items: str = "any") -> Compiled:
    node = _unwrap(node)
    if p.type in _WORDS:  # a bare word from a fixed set, or (owner) a player expression
        words = _WORDS[p.type]
        if getattr(node, "data", None) == "name" and str(node.children[0]) in words \
                and str(node.children[0]) not in comp.scope.names:
            word = str(node.children[0])
            return Compiled(lambda ctx: word, "str", True, word)
        built = comp.build(node)
        if p.type in ("shape", "blocking"):
            if built.const and built.value not in words:
                what = "shape" if p.type == "shape" else "`blocked_by`"
                raise ExprError(comp.off(node), f"unknown {what} `{built.value}`",
                                f"{'shapes' if p.type == 'shape' else 'one of'}: "
                                f"{', '.join(words)}")
            return coerce(built, "str", comp.off(node), comp.src(node))
        return coerce(built, "player", comp.off(node), comp.src(node))
    if p.type.startswith("fn:"):
        pair = p.pair
        inner_scope = comp.scope.child(it=(items, read_var("it")), **(
            {pair: ("entity", read_var(pair))} if pair else {}))
        sub = comp.within(inner_scope)
        built = coerce(sub.build(node), p.type[3:], comp.off(node), comp.src(node))
        kind = _type_test(node) if p.type == "fn:bool" else None
        rest = None
        if kind is None and p.type == "fn:bool" and getattr(node, "data", None) == "and_":
            # `it.type == kind and …`: the type test first, the rest only for the items
            # of that type (as `and` would test it).
            kind = _type_test(_unwrap(node.children[0]))
            others = node.children[1:]
            if kind is not None:
                rest = coerce(sub.build(others[0] if len(others) == 1 else
                                        Tree("and_", others)),
                              "bool", comp.off(node), comp.src(node)).fn
        if kind is None:
            return built
        # `where: it.type == kind`: marked with `kind` compiled on its own, so the function
        # compares each item's type with it instead of evaluating the condition per item.
        f = built.fn

        def test(ctx: Any) -> Any:
            return f(ctx)
        setattr(test, TYPE_TEST, sub.build(kind).fn)
        if rest is not None:
            setattr(test, TYPE_REST, rest)
        return Compiled(test, built.type)
    built = comp.build(node)
    if p.type == "str" and built.type == "any" and built.const and built.value is None:
        return built
    if built.const and isinstance(built.value, str) and (fn.name, p.name) in _NAMES:
        _check_name(fn.name, p.name, built.value, comp, node)
    if (p.type in ("any", "list") and built.type in ("list", "any")) or p.type == "any":
        return built
    if p.type == "entity" and built.type == "any":
        return built
    return coerce(built, p.type, comp.off(node), comp.src(node))


_NAMES = {("zone", "name"), ("table", "name"), ("zone", "type"), ("table", "type"),
          ("seat", "name")}
"""The arguments that name something the rules declare: a name written out is checked
when the rules load, not when a game first reaches the call."""


def _check_name(fn: str, param: str, name: str, comp: ExprContext, node: Any) -> None:
    sc = comp.scope
    if fn == "seat":
        if sc.player_names and name not in sc.player_names:
            raise ExprError(comp.off(node), f"unknown player `{name}`",
                            did_you_mean(name, sc.player_names) or
                            f"players: {', '.join(sc.player_names)}")
        if sc.named_players is not None:  # a scenario may not seat it (`rules.lint`)
            sc.named_players.append((name, comp.off(node)))
        return
    known: frozenset[str] | None
    if param == "type":
        known, what = sc.entity_types, "entity type"
        if name == MASKED or not known:  # (`?`: the cards a view does not show)
            return
    elif fn == "table":
        known, what = sc.table_zones, "table zone"
    else:
        known, what = sc.zone_names, "zone"
    if known is not None and name not in known:
        hint = did_you_mean(name, known) or (
            f"{what}s: {', '.join(sorted(known))}" if known else "the rules declare none "
            "(`zones:`)")
        if fn == "table" and name in (sc.zone_names or ()):
            hint = f"`{name}` is each player's own zone: read it with zone(player, '{name}')"
        raise ExprError(comp.off(node), f"unknown {what} `{name}`", hint)


__all__ = ["compile_call"]
