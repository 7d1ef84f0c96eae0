"""The expression language: parsed once at load, compiled to closures of a ``Ctx``.

Types are checked while compiling, so a misspelt name, an unknown parameter or
a dice roll where a number is needed is reported with its place before any
game is played; the closures then run with no checks of their own. Only the
names a context declares and the functions of the library are reachable:
nothing in an expression can touch Python.

Types: ``entity`` (an entity id), ``player`` (a player index), ``pos`` (a
board position), ``number``, ``bool``, ``str``, ``list``, ``dice`` (an exact
distribution), ``any``.

One module because it is one walk of the parse tree, a method for each kind of node,
read together; the forms that name and join values (``let``, defines, ``format``,
keyed parameters) are compiled in ``expr_helpers.py``, library calls in ``calls.py``.
"""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import lark

from ..engine import Ctx, Pos, Ref, RuleError, dice
from ..engine.state_values import state_key
from .calls import compile_call
from .dice_sums import dice_sum
from .errors import Loc, Problem, RulesError, did_you_mean
from .expr_context import (
    Compiled,
    ExprContext,
    ExprError,
    Fn,
    Scope,
    coerce,
    constant,
    is_none,
)
from .expr_helpers import (
    call_define,
    compile_format,
    compile_let,
    join,
    read_keyed,
    read_side_param,
    read_tile_param,
    unknown_calls,
)
from .library import FUNCTIONS
from .parsing import parser
from .source import MAX_NUMBER
from .texts import as_text

MAX_EXPR_DEPTH = 64
"""Deepest nesting of an expression's parse tree (operators, calls, attributes,
lists; parentheses add none). Compiling recurses once per level, so the bound
keeps far below Python's recursion limit."""


def _parse_hint(token: str, text: str) -> str:
    """What a common slip that stops the parser most likely was."""
    if token == "=":
        return "compare with `==`; an expression reads values, an effect (`set:`) sets them"
    if not token and re.search(r"\bif\b", text) and not re.search(r"\belse\b", text):
        return "a choice needs both halves: `x if condition else y`"
    return ""


def compile_expr(text: str, scope: Scope, loc: Loc, want: str | None = None,
                 loc_of: Callable[[int], Loc] | None = None) -> Compiled:
    """Compile ``text`` in ``scope``; ``want`` checks the result's type.

    ``loc_of(offset)`` maps a character offset of ``text`` to its place in the
    file (defaults to ``loc`` shifted along the line).
    """
    where = loc_of or loc.shifted
    try:
        tree = parser().parse(text)
    except lark.exceptions.UnexpectedCharacters as exc:
        at = _stream_offset(exc, text)
        raise RulesError([Problem(where(at), f"cannot read `{text[at:at + 10]}` in "
                                  f"expression `{text}`")]) from None
    except lark.exceptions.UnexpectedInput as exc:
        token = getattr(exc, "token", None)
        what = f"unexpected `{token}`" if token and str(token) else "unexpected end"
        raise RulesError([Problem(where(_stream_offset(exc, text)),
                                  f"{what} in expression `{text}`",
                                  _parse_hint(str(token or ""), text))]) from None
    deep = _too_deep(tree)
    if deep is not None:
        raise RulesError([Problem(where(deep), f"expression nested more than {MAX_EXPR_DEPTH} "
                                  "levels deep", "split it up with `let:`")])
    named = scope.named_players
    before = len(named) if named is not None else 0
    try:
        out = _Compiler(text, scope).build(tree)
        if named is not None:  # the players it names, each at its place in the file
            compared = _compared_names(tree, text)  # `player != dune` reads no one's state
            named[before:] = [(where(off), name) for name, off in named[before:]
                              if off not in compared]
        if want is not None:
            out = coerce(out, want, 0, text)
    except ExprError as f:
        # Every other unknown function of the text too: a misspelling seldom comes alone.
        more = [Problem(where(off), f"unknown function `{name}`", hint)
                for off, name, hint in unknown_calls(tree, scope) if off != f.offset]
        raise RulesError([Problem(where(f.offset), f.message, f.hint), *more]) from None
    except RecursionError:  # not expected below MAX_EXPR_DEPTH; never a crash all the same
        raise RulesError([Problem(where(0), "expression nested too deeply",
                                  "split it up with `let:`")]) from None
    return out


def _stream_offset(exc: lark.exceptions.UnexpectedInput, text: str) -> int:
    """The offset in ``text`` a parse error is at (its end, for an unexpected end)."""
    pos = getattr(exc, "pos_in_stream", None)
    if isinstance(pos, int) and 0 <= pos <= len(text):
        return pos
    return len(text)


def _too_deep(tree: Any) -> int | None:
    """The offset of the first node of ``tree`` nested past ``MAX_EXPR_DEPTH``, if any."""
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_EXPR_DEPTH:
            meta = node.meta
            return int(meta.start_pos) if not meta.empty else 0
        stack.extend((kid, depth + 1) for kid in reversed(node.children)
                     if isinstance(kid, lark.Tree))
    return None


def _number(value: Any, off: int, what: str) -> Any:
    """``value``, a number worked out while compiling, if it is finite and within bounds."""
    if (isinstance(value, float) and not math.isfinite(value)) or abs(value) > MAX_NUMBER:
        raise ExprError(off, f"{what} is too large (rules numbers are at most {MAX_NUMBER} "
                        "in size)")
    return value


_ARITH: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod,
}
_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge, "in": lambda a, b: a in b,
}
# A constant on the right (`hp <= 0`, `line_through(piece) >= 4`, `x + 1`) is by far the
# common case; these closures take it in directly, one call fewer per evaluation.
_COMPARE_CONST: dict[str, Callable[[Fn, Any], Fn]] = {
    "==": lambda fa, k: lambda c: fa(c) == k,
    "!=": lambda fa, k: lambda c: fa(c) != k,
    "<": lambda fa, k: lambda c: fa(c) < k,
    "<=": lambda fa, k: lambda c: fa(c) <= k,
    ">": lambda fa, k: lambda c: fa(c) > k,
    ">=": lambda fa, k: lambda c: fa(c) >= k,
}
_ARITH_CONST: dict[str, Callable[[Fn, Any], Fn]] = {
    "+": lambda fa, k: lambda c: fa(c) + k,
    "-": lambda fa, k: lambda c: fa(c) - k,
    "*": lambda fa, k: lambda c: fa(c) * k,
}
_DICE = re.compile(r"(\d*)d(\d+)(?:(kh|kl)(\d+))?")


def _param(ctx: Ctx, eid: Any, name: str) -> Any:
    e = ctx.state.entities_.get(eid)
    return 0 if e is None else e.params_.get(name, 0)



def _is_whole(v: Any) -> bool:
    """Whether a number is a whole one (``2`` or ``2.0``)."""
    return type(v) is int or (isinstance(v, float) and v.is_integer())


def whole(v: Any) -> int:
    """A position's coordinate as a whole number; a ``ValueError`` for any other value
    (a rule that fails then names its action)."""
    if isinstance(v, bool) or not _is_whole(v):
        raise ValueError(f"a position's coordinates are whole numbers, not {v!r}")
    return int(v)

def _compared_names(tree: Any, text: str) -> set[int]:
    """The offsets of the plain names compared with `==` or `!=` in an expression (a
    player named so is only told apart, never read)."""
    found: set[int] = set()
    for node in tree.iter_subtrees():
        if node.data != "compare" or len(node.children) != 3 \
                or str(node.children[1]) not in ("==", "!="):
            continue
        for side in (node.children[0], node.children[2]):
            if getattr(side, "data", None) == "name" and side.meta and not side.meta.empty:
                found.add(side.meta.start_pos)
    return found


class _Compiler:
    """Compiles the parse tree of one expression's text in a scope (an ``ExprContext``)."""

    def __init__(self, text: str, scope: Scope) -> None:
        self.text = text
        self.scope = scope

    def within(self, scope: Scope) -> ExprContext:
        return _Compiler(self.text, scope)

    def off(self, node: Any) -> int:
        meta = getattr(node, "meta", None)
        if meta is not None and not meta.empty:
            return int(meta.start_pos)
        if isinstance(node, lark.Token) and node.start_pos is not None:
            return int(node.start_pos)
        return 0

    def src(self, node: Any) -> str:
        meta = getattr(node, "meta", None)
        if meta is not None and not meta.empty:
            return self.text[meta.start_pos:meta.end_pos]
        return str(node)

    def build(self, node: Any) -> Compiled:
        if isinstance(node, lark.Token):
            raise ExprError(self.off(node), f"unexpected `{node}`")
        method = getattr(self, "c_" + str(node.data).rstrip("_"), None)
        assert method is not None, node.data
        result: Compiled = method(node)
        return result

    # ---------------------------------------------------------------- atoms
    def c_number(self, n: Any) -> Compiled:
        text = str(n.children[0])
        shown = f"`{text}`" if len(text) <= 24 else f"`{text[:20]}…`"
        if len(text.partition(".")[0].lstrip("0")) > len(str(MAX_NUMBER)):
            _number(math.inf, self.off(n), f"the number {shown}")  # too many digits to read
        value = _number(float(text) if "." in text else int(text), self.off(n),
                        f"the number {shown}")
        return constant(value, "number")

    def c_string(self, n: Any) -> Compiled:
        return constant(str(n.children[0])[1:-1], "str")

    def c_true(self, n: Any) -> Compiled:
        return constant(True, "bool")

    def c_false(self, n: Any) -> Compiled:
        return constant(False, "bool")

    def c_none(self, n: Any) -> Compiled:
        return constant(None, "any")

    def c_dice(self, n: Any) -> Compiled:
        m = _DICE.fullmatch(str(n.children[0]))
        assert m is not None
        count = int(m.group(1) or 1)
        sides = int(m.group(2))
        keep = int(m.group(4)) if m.group(4) else None
        if count > 100 or sides > 1000 or sides < 1:
            raise ExprError(self.off(n), f"`{m.group(0)}`: at most 100 dice of at most 1000 sides")
        try:
            d = dice(count, sides, keep_highest=keep if m.group(3) == "kh" else None,
                     keep_lowest=keep if m.group(3) == "kl" else None)
        except ValueError as exc:
            raise ExprError(self.off(n), f"`{m.group(0)}`: {exc}") from None
        return constant(d, "dice")

    def c_name(self, n: Any) -> Compiled:
        name = str(n.children[0])
        sc = self.scope
        if name in sc.names:
            type_, fn = sc.names[name]
            return Compiled(fn, type_)
        if name in sc.pending:
            raise ExprError(self.off(n), f"`{name}` {sc.pending[name]}")
        if name == "event" and sc.event_fields is not None:
            raise ExprError(self.off(n), "`event` needs a field, as in `event.target`")
        if name in sc.entity_types:
            return constant(name, "str")
        if name in sc.player_names:  # a side named as `players:` names it
            if sc.named_players is not None:  # a scenario may not seat it (`rules.lint`)
                sc.named_players.append((name, self.off(n)))  # located by compile_expr
            return constant(sc.player_names.index(name), "player")
        if name in sc.defines:
            d = sc.defines[name]
            if not d.params:  # a define of no parameters reads like a name
                return Compiled(d.body, d.returns)
            raise ExprError(self.off(n), f"`{name}` is a define of the game: call it as "
                            f"{d.signature}")
        known = list(sc.names) + list(sc.pending) + (["event"] if sc.event_fields else [])
        hint = sc.defines_later.get(name) or did_you_mean(
            name, [*known, *sorted(sc.entity_types), *sc.player_names])
        if name in FUNCTIONS:
            hint = f"`{name}` is a function: call it as `{name}(...)`"
        elif name in ("enemy", "ally", "neutral") and not hint:
            hint = (f"`{name}` is a word only after `owner:`; for those units write "
                    f"`entities(owner: {name})`")
        usable = [k for k in known if k not in sc.pending]  # not those refused here
        raise ExprError(self.off(n), f"unknown name `{name}`", hint or
                        (f"names here: {', '.join(sorted(usable))}" if usable else ""))

    def c_position(self, n: Any) -> Compiled:
        x = coerce(self.build(n.children[0]), "number", self.off(n), self.src(n.children[0]))
        y = coerce(self.build(n.children[1]), "number", self.off(n), self.src(n.children[1]))
        for side, kid in ((x, n.children[0]), (y, n.children[1])):
            if is_none(side):
                raise ExprError(self.off(kid), "a position needs numbers, not `none`")
        if x.const and y.const:
            for side, kid in ((x, n.children[0]), (y, n.children[1])):
                if not _is_whole(side.value):
                    raise ExprError(self.off(kid), f"a position's coordinates are whole "
                                    f"numbers, not {side.value!r}")
            return constant(Pos(int(x.value), int(y.value)), "pos")
        fx, fy = x.fn, y.fn
        new = tuple.__new__
        # A coordinate that is not a whole number is an error, not truncated: (1, 1.5) is
        # no square (a halfway point written `/ 2` where `// 2` was meant).
        if y.const:
            yv = int(y.value)
            return Compiled(lambda c: new(Pos, (v if type(v := fx(c)) is int else whole(v),
                                                yv)), "pos")
        if x.const:
            xv = int(x.value)
            return Compiled(lambda c: new(Pos, (xv, v if type(v := fy(c)) is int
                                                else whole(v))), "pos")
        return Compiled(lambda c: new(Pos, (v if type(v := fx(c)) is int else whole(v),
                                            w if type(w := fy(c)) is int else whole(w))),
                        "pos")

    def c_list(self, n: Any) -> Compiled:
        items = [self.build(ch) for ch in n.children]
        item = "number" if items and all(i.type == "number" for i in items) else "any"
        if all(i.const for i in items):
            return replace(constant(tuple(i.value for i in items), "list"), item=item)
        fns = [i.fn for i in items]
        return Compiled(lambda c: tuple(f(c) for f in fns), "list", item=item)

    # -------------------------------------------------------------- postfix
    def c_attr(self, n: Any) -> Compiled:
        base_node, name_tok = n.children
        name = str(name_tok)
        if getattr(base_node, "data", None) == "name" and str(base_node.children[0]) == "event" \
                and "event" not in self.scope.names:
            return self._event_field(name, self.off(name_tok))
        if getattr(base_node, "data", None) == "name" and str(base_node.children[0]) == "game" \
                and "game" not in self.scope.names:
            return self._game_attr(name, self.off(name_tok))
        if getattr(base_node, "data", None) == "call" and str(base_node.children[0]) == "tile" \
                and name in self.scope.tile_params:  # `tile(cell).fertility`
            return read_tile_param(self, base_node, name)
        if getattr(base_node, "data", None) == "call" \
                and str(base_node.children[0]) == "side_between":  # `side_between(a, b).defence`
            return read_side_param(self, base_node, name, self.off(name_tok))
        base = self.build(base_node)
        return self._attr(base, name, self.off(name_tok), self.src(base_node))

    def _event_field(self, name: str, off: int) -> Compiled:
        fields = self.scope.event_fields
        if fields is None:
            raise ExprError(off - 6, "`event` is only known in reactions and triggers")
        if name not in fields:
            raise ExprError(off, f"the event has no field `{name}`",
                            did_you_mean(name, fields)
                            or f"its fields: {', '.join(sorted(fields))}")
        return Compiled(lambda c: c.ev.get(name), fields[name])

    def _game_attr(self, name: str, off: int) -> Compiled:
        spec = self.scope.state_params.get(name)
        if name in self.scope.keyed:
            raise ExprError(off, f"`{name}` is keyed: read one key, as in "
                            f"`game.{name}[{self.scope.keyed[name][0]!r}]`")
        if spec is not None:  # a game-state parameter (`state:`)
            key, default = state_key(name), spec.default
            return Compiled(lambda c: c.state.counters_.get(key, default), "number")
        if name == "round":
            return Compiled(lambda c: c.state.flow.round, "number")
        if name == "turn":
            return Compiled(lambda c: c.state.flow.turn, "number")
        if name == "phase":
            return Compiled(lambda c: c.game.phases[c.state.flow.phase].name, "str")
        if name == "repetition":  # which run of a repeating phase, from 1 (`repeat:`)
            return Compiled(lambda c: c.state.flow.repeats + 1, "number")
        raise ExprError(off, f"`game` has no `{name}`",
                        did_you_mean(name, ["round", "turn", "phase", "repetition",
                                            *self.scope.state_params])
                        or "`game` has round, turn, phase, repetition and the parameters "
                        "of `state:`")

    def _attr(self, base: Compiled, name: str, off: int, base_text: str) -> Compiled:
        if name in self.scope.keyed:
            raise ExprError(off, f"`{name}` is keyed: read one key, as in "
                            f"`{base_text}.{name}[{self.scope.keyed[name][0]!r}]`")
        fn = base.fn
        t = base.type
        if t == "any" and name in ("x", "y"):  # a position's, or an entity's on the board
            i = 0 if name == "x" else 1
            return Compiled(lambda c: v[i] if isinstance(v := fn(c), tuple)
                            else _coord(c, v, i), "number")
        if t == "pos":
            if name == "x":
                return Compiled(lambda c: fn(c)[0], "number")
            if name == "y":
                return Compiled(lambda c: fn(c)[1], "number")
            raise ExprError(off, f"a position has no `{name}`", "positions have x and y")
        if t in ("entity", "any"):
            if name == "owner":
                return Compiled(lambda c: _owner(c, fn(c)), "player")
            if name == "type":
                return Compiled(lambda c: _etype(c, fn(c)), "str")
            if name in ("pos", "position"):
                return Compiled(lambda c: _pos(c, fn(c)), "pos")
            if name in ("x", "y") and t == "entity":
                i = 0 if name == "x" else 1
                return Compiled(lambda c: _coord(c, fn(c), i), "number")
            if name == "id":
                return Compiled(lambda c: int(fn(c)), "number")
            if name in self.scope.entity_params:
                return Compiled(lambda c: _param(c, fn(c), name), "number")
            if t == "entity":
                raise ExprError(off, f"no entity type has a parameter `{name}`",
                                did_you_mean(name, [*self.scope.entity_params, "owner", "type",
                                                    "pos"]))
        if t in ("player", "any"):
            if name == "name":
                return Compiled(lambda c: c.game.players[fn(c)], "str")
            if name in self.scope.player_params:
                return Compiled(lambda c: c.state.players[fn(c)].params_.get(name, 0), "number")
            if t == "player":
                raise ExprError(off, f"players have no parameter `{name}`",
                                did_you_mean(name, [*self.scope.player_params, "name"]))
        if t == "any":
            raise ExprError(off, f"unknown attribute `{name}` of `{base_text}`")
        raise ExprError(off, f"`{base_text}` is a {t} and has no `{name}`")

    def c_index(self, n: Any) -> Compiled:
        base_node = n.children[0]
        if getattr(base_node, "data", None) == "attr" \
                and str(base_node.children[1]) in self.scope.keyed:
            return read_keyed(self, base_node.children[0], str(base_node.children[1]),
                               n.children[1])
        base = self.build(n.children[0])
        idx = coerce(self.build(n.children[1]), "number", self.off(n.children[1]),
                     self.src(n.children[1]))
        if is_none(idx):
            raise ExprError(self.off(n.children[1]), "an index must be a number, not `none`")
        if base.type not in ("list", "any"):
            raise ExprError(self.off(n),
                            f"`{self.src(n.children[0])}` is a {base.type}, not a list")
        fb, fi = base.fn, idx.fn
        if base.item == "player":  # (off the end of a list of players: a player not seated?)
            return Compiled(lambda c: fb(c)[int(fi(c))], "player")
        said = self.src(n)

        def item(c: Any) -> Any:
            items = fb(c)
            i = int(fi(c))
            try:
                return items[i]
            except IndexError:
                raise RuleError(f"`{said}`: no item {i} in a list of {len(items)}") from None
        return Compiled(item, "any")

    def c_call(self, n: Any) -> Compiled:
        name = str(n.children[0])
        args: list[tuple[str | None, Any]] = []
        if len(n.children) > 1:
            for a in n.children[1].children:
                if getattr(a, "data", None) == "kwarg":
                    args.append((str(a.children[0]), a.children[1]))
                else:
                    args.append((None, a))
        if name in self.scope.defines:
            return call_define(self, self.scope.defines[name], args, n)
        if name == "format":
            return compile_format(self, args, n)
        if name == "text" and len(args) == 1 and args[0][0] in (None, "value"):
            return Compiled(as_text(self.build(args[0][1])), "str")
        fn = FUNCTIONS.get(name)
        if fn is None:
            known = [*FUNCTIONS, *self.scope.defines, "format"]
            hint = self.scope.defines_later.get(name) or did_you_mean(name, known)
            raise ExprError(self.off(n), f"unknown function `{name}`", hint)
        try:
            return _of_players(compile_call(fn, args, self), fn.name, args)
        except ExprError:
            raise
        except ValueError as exc:
            raise ExprError(self.off(n), f"{name}(): {exc}",
                            f"signature: {fn.signature}") from None

    # ------------------------------------------------------------ operators
    def c_neg(self, n: Any) -> Compiled:
        inner = self.build(n.children[0])
        if inner.type == "dice":
            raise ExprError(self.off(n), "cannot negate a dice roll")
        inner = coerce(inner, "number", self.off(n), self.src(n.children[0]))
        if is_none(inner):
            raise ExprError(self.off(n), "cannot negate `none`")
        if inner.const:
            return constant(-inner.value, "number")
        f = inner.fn
        return Compiled(lambda c: -f(c), "number")

    def c_arith(self, n: Any) -> Compiled:
        kids = n.children
        acc = self.build(kids[0])
        for i in range(1, len(kids), 2):
            op = str(kids[i])
            rhs = self.build(kids[i + 1])
            acc = self._binary(acc, op, rhs, self.off(kids[i]), n)
        return acc

    def _binary(self, a: Compiled, op: str, b: Compiled, off: int, n: Any) -> Compiled:
        if "faces" in (a.type, b.type):
            raise ExprError(off, "dice kept die by die (`faces`) are a list once rolled, not a "
                            f"total: `{op}` works on what a `roll` of them names (`sum(got) "
                            "+ 1`, `got[0] * 2`)")
        if "dice" in (a.type, b.type):
            if op not in "+-":
                raise ExprError(off, f"dice can only be added to or subtracted from, not `{op}`")
            return dice_sum(a, op, b, off)
        if op == "+" and ("list" in (a.type, b.type) or "str" in (a.type, b.type)):
            return join(a, b, off)
        for side in (a, b):
            if side.type not in ("number", "any"):
                raise ExprError(off, f"`{op}` needs numbers, got a {side.type}")
            if is_none(side):
                raise ExprError(off, f"`{op}` needs numbers, got `none`")
        f = _ARITH[op]
        if a.const and b.const:
            try:
                value = f(a.value, b.value)
            except ZeroDivisionError:
                raise ExprError(off, "division by zero") from None
            except (ArithmeticError, TypeError, ValueError):
                raise ExprError(off, f"cannot work out `{self.src(n)}`") from None
            return constant(_number(value, off, "the result"), "number")
        fa, fb = a.fn, b.fn
        if op in ("/", "//", "%"):
            def safe(c: Ctx) -> Any:
                d = fb(c)
                return 0 if d == 0 else f(fa(c), d)
            return Compiled(safe, "number")
        if b.const and op in _ARITH_CONST:
            return Compiled(_ARITH_CONST[op](fa, b.value), "number")
        return Compiled(lambda c: f(fa(c), fb(c)), "number")

    def c_compare(self, n: Any) -> Compiled:
        kids = n.children
        if len(kids) == 1:
            return self.build(kids[0])
        a, op, b = self.build(kids[0]), str(kids[1]), self.build(kids[2])
        for side, k in ((a, kids[0]), (b, kids[2])):
            if side.type == "dice":
                raise ExprError(self.off(k), f"`{self.src(k)}` is a dice roll; roll it first",
                                "bind it with `roll: {as: name, dice: ...}` and compare the name")
        if {a.type, b.type} == {"number", "str"}:
            num, text = (kids[0], kids[2]) if a.type == "number" else (kids[2], kids[0])
            what = "are never equal" if op in ("==", "!=") else "cannot be ordered"
            raise ExprError(self.off(n), f"`{self.src(num)}` is a number and "
                            f"`{self.src(text)}` a text: they {what}",
                            "compare a number with a number (write `2`, not `'two'`)")
        f = _COMPARE[op]
        fa, fb = a.fn, b.fn
        if op in ("==", "!=") and "list" in (a.type, b.type):
            # A list literal is a tuple, a function's list a list: compare the items.
            ga, gb = fa, fb
            fa = lambda c: tuple(v) if isinstance(v := ga(c), list) else v  # noqa: E731
            fb = lambda c: tuple(v) if isinstance(v := gb(c), list) else v  # noqa: E731
            return Compiled(lambda c: f(fa(c), fb(c)), "bool")
        if b.const and op in _COMPARE_CONST:
            return Compiled(_COMPARE_CONST[op](fa, b.value), "bool")
        return Compiled(lambda c: f(fa(c), fb(c)), "bool")

    def c_not(self, n: Any) -> Compiled:
        inner = coerce(self.build(n.children[0]), "bool", self.off(n), self.src(n))
        f = inner.fn
        return Compiled(lambda c: not f(c), "bool")

    def c_and(self, n: Any) -> Compiled:
        return self._logic(n, is_and=True)

    def c_or(self, n: Any) -> Compiled:
        return self._logic(n, is_and=False)

    def _logic(self, n: Any, is_and: bool) -> Compiled:
        """`a and b and …` / `a or b or …`, short-circuiting like Python."""
        parts = [self.build(k) for k in n.children]
        if len(parts) == 1:
            return parts[0]
        fns = [coerce(p, "bool", self.off(k), self.src(k)).fn
               for p, k in zip(parts, n.children, strict=True)]
        if len(fns) == 2:
            f1, f2 = fns
            if is_and:
                return Compiled(lambda c: f1(c) and f2(c), "bool")
            return Compiled(lambda c: f1(c) or f2(c), "bool")
        if is_and:
            return Compiled(lambda c: all(f(c) for f in fns), "bool")
        return Compiled(lambda c: any(f(c) for f in fns), "bool")

    def c_let(self, n: Any) -> Compiled:
        return compile_let(self, n)

    def c_cond(self, n: Any) -> Compiled:
        then, test, other = (self.build(k) for k in n.children)
        ft = coerce(test, "bool", self.off(n.children[1]), self.src(n.children[1])).fn
        fa, fb = then.fn, other.fn
        type_ = then.type if then.type == other.type else "any"
        if is_none(other) or is_none(then):  # `highest(...) if x else none`: still a player
            type_ = other.type if is_none(then) else then.type
        if then.const and other.const:  # `'x' if player == 0 else 'o'`: no call per branch
            a, b = then.value, other.value
            return Compiled(lambda c: a if ft(c) else b, type_)
        return Compiled(lambda c: fa(c) if ft(c) else fb(c), type_)


PLAYER_LISTS = frozenset({"players", "opponents", "in_hand"})
"""The library's functions that list players."""
_SAME_ITEMS = frozenset({"filter", "sorted"})
_ONE_ITEM = frozenset({"highest", "lowest", "find"})


def _of_players(built: Compiled, name: str, args: list[tuple[str | None, Any]]) -> Compiled:
    """``built`` (a call of ``name``) marked as a list of players, or as one player, where
    its items are known to be players."""
    if name in PLAYER_LISTS:
        return replace(built, item="player")
    if name == "range":  # its `it` is a number, and `it.hp` is refused at load
        return replace(built, item="number")
    if name not in _SAME_ITEMS and name not in _ONE_ITEM:
        return built
    items = next((node for key, node in args if key in (None, "items")), None)
    if items is None or not _lists_players(items):
        return built
    if name in _SAME_ITEMS:
        return replace(built, item="player")
    return replace(built, type="player") if built.type == "any" else built


def _lists_players(node: Any) -> bool:
    """Whether an argument is a call that lists players (`in_hand()`, or a `filter` or
    `sorted` of one): read from the parse tree, the argument being compiled already."""
    while getattr(node, "data", None) in ("or_", "and_", "compare", "arith") \
            and len(node.children) == 1:
        node = node.children[0]
    if getattr(node, "data", None) != "call":
        return False
    name = str(node.children[0])
    if name in PLAYER_LISTS:
        return True
    if name not in _SAME_ITEMS or len(node.children) < 2:
        return False
    first = node.children[1].children[0]
    if getattr(first, "data", None) == "kwarg":
        if str(first.children[0]) != "items":
            return False
        first = first.children[1]
    return _lists_players(first)


def _coord(c: Ctx, eid: Any, i: int) -> Any:
    p = _pos(c, eid)
    return None if p is None else p[i]


def _owner(c: Ctx, eid: Any) -> Any:
    e = c.state.entities_.get(eid)
    return None if e is None else e.owner


def _etype(c: Ctx, eid: Any) -> Any:
    e = c.state.entities_.get(eid)
    return None if e is None else e.type


def _pos(c: Ctx, eid: Any) -> Any:
    if isinstance(eid, Pos):
        return eid
    e = c.state.entities_.get(eid)
    return None if e is None else e.pos


__all__ = ["MAX_EXPR_DEPTH", "Compiled", "Ref", "Scope", "compile_expr"]
