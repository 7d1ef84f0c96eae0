"""What the expression compiler and the function library share: the compile context.

An expression is compiled by walking its parse tree (``expr.py``); a call of a
library function (``library.py``) compiles its own arguments, which may be any
expression. The two meet here, and only here:

- ``Compiled``: a compiled expression — its closure of a ``Ctx``, its type, and
  its value when it is a constant;
- ``Scope``: the names an expression may use, with their types and how each is
  read, the names not bound yet (and why), the fields of the event at hand, the
  parameter and entity-type names of the game, its game-state, tile and keyed
  parameters, and its own functions (``Define``, from ``define:``);
- ``ExprError``: a problem at a character offset of the expression's text
  (``compile_expr`` turns it into a located ``Problem``);
- ``coerce``: a compiled value as the type wanted, or an ``ExprError``;
  ``constant`` and ``is_none`` for compiled constants;
- ``bind_vars``: a closure run with named values bound (``let``, a define's call);
- ``read_target`` / ``read_var`` / ``reads``: the closures of plain names, which
  a call may read directly (one closure call fewer on the hot path);
- ``ExprContext``: the interface a library function's argument compiler sees of
  the expression compiler — the text, the scope, the offset and source text of
  a parse-tree node, ``build`` to compile a node, and ``within`` for a context
  over another scope (a ``where:`` argument, where ``it`` is bound).

Types: ``entity`` (an entity id), ``player`` (a player index), ``pos`` (a
board position), ``number``, ``bool``, ``str``, ``list``, ``dice`` (an exact
distribution), ``any``.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..engine import Ctx, a_or_an, dice

Fn = Callable[[Ctx], Any]


@dataclass(frozen=True)
class Compiled:
    """A compiled expression: its closure, its type, and its value if constant."""

    fn: Fn
    type: str
    const: bool = False
    value: Any = None
    item: str = "any"
    """What a list's items are, where it is known: ``player`` for `players()`, `opponents()`,
    `in_hand()` and the `filter` and `sorted` lists of them (so `highest(in_hand(), …)`, an
    index into one, and a `for_each` over one give a player, which narration names)."""


@dataclass(frozen=True)
class Define:
    """A function of the game's own (`define:`): its parameters, its body compiled with
    each parameter a named value, and the body's type."""

    name: str
    params: tuple[str, ...]
    body: Fn
    returns: str
    types: tuple[str, ...] = ()

    @property
    def signature(self) -> str:
        shown = [p if t == "any" else f"{p}: {t}"
                 for p, t in zip(self.params, self.types or ("any",) * len(self.params),
                                 strict=True)]
        return f"{self.name}({', '.join(shown)})"


@dataclass
class Scope:
    """The names an expression may use, with their types and how to read them."""

    names: dict[str, tuple[str, Fn]] = field(default_factory=dict)
    pending: dict[str, str] = field(default_factory=dict)  # names not bound yet: why
    event_fields: dict[str, str] | None = None  # None: no event here
    entity_params: frozenset[str] = frozenset()
    player_params: frozenset[str] = frozenset()
    entity_types: frozenset[str] = frozenset()
    game_names: frozenset[str] = frozenset()
    defines: dict[str, Any] = field(default_factory=dict)  # the game's own functions
    state_params: dict[str, Any] = field(default_factory=dict)  # `state:` parameters
    tile_params: dict[str, Any] = field(default_factory=dict)  # of tile types: specs by type
    defines_later: dict[str, str] = field(default_factory=dict)  # defines not callable here
    keyed: dict[str, Any] = field(default_factory=dict)  # keyed parameters: their keys
    zone_names: frozenset[str] | None = None  # every zone the rules declare (None: unknown)
    table_zones: frozenset[str] | None = None  # those of the table (a shared deck)
    player_names: tuple[str, ...] = ()  # the players, in seat order (empty: unknown)
    named_players: list[Any] | None = None  # the players expressions name, and where
    side_params: dict[str, Any] = field(default_factory=dict)  # of side types: values by type

    def child(self, **extra: tuple[str, Fn]) -> Scope:
        """A scope with more names."""
        names = dict(self.names)
        names.update(extra)
        return Scope(names, dict(self.pending), self.event_fields, self.entity_params,
                     self.player_params, self.entity_types, self.game_names, self.defines,
                     self.state_params, self.tile_params,
                     self.defines_later, self.keyed, self.zone_names, self.table_zones,
                     self.player_names, self.named_players, self.side_params)


class ExprError(Exception):
    """A problem at character ``offset`` of the expression being compiled."""

    def __init__(self, offset: int, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.offset = offset
        self.message = message
        self.hint = hint

    def __reduce__(self) -> tuple[type[ExprError], tuple[int, str, str]]:
        return (type(self), (self.offset, self.message, self.hint))


class ExprContext(Protocol):
    """The expression compiler as a library function's argument compiler sees it."""

    @property
    def text(self) -> str:
        """The whole expression's text."""
        ...

    @property
    def scope(self) -> Scope:
        """The names known where the node stands."""
        ...

    def off(self, node: Any) -> int:
        """The offset in ``text`` of a parse-tree node (for ``ExprError``)."""
        ...

    def src(self, node: Any) -> str:
        """The text a parse-tree node was read from."""
        ...

    def build(self, node: Any) -> Compiled:
        """Compile a parse-tree node in ``scope``."""
        ...

    def within(self, scope: Scope) -> ExprContext:
        """A context compiling nodes of the same text in another scope."""
        ...


def constant(value: Any, type_: str) -> Compiled:
    """A compiled constant."""
    return Compiled(lambda ctx: value, type_, True, value)


def is_none(c: Compiled) -> bool:
    """Whether ``c`` is the constant ``none``."""
    return c.const and c.value is None


def coerce(c: Compiled, want: str, offset: int, text: str) -> Compiled:
    """``c`` as a ``want`` (a bool test, a number as a dice roll), or ``ExprError``."""
    if want == "any" or c.type in (want, "any"):
        return c
    if want == "bool":
        fn = c.fn
        return Compiled(lambda ctx: bool(fn(ctx)), "bool", c.const,
                        bool(c.value) if c.const else None)
    if want == "dice" and c.type == "number":
        fn = c.fn
        if c.const:
            d = dice(0, 1).shifted(int(c.value))
            return Compiled(lambda ctx: d, "dice", True, d)
        return Compiled(lambda ctx: dice(0, 1).shifted(int(fn(ctx))), "dice")
    if want == "number" and c.type == "dice":
        raise ExprError(offset, f"`{text}` is a dice roll; roll it with `roll:` first",
                        "bind it with `roll: {as: name, dice: ...}` and use the name")
    raise ExprError(offset, f"`{text}` is {a_or_an(c.type)}, expected {a_or_an(want)}")


def read_target(name: str) -> Fn:
    """What a target's name compiles to: the value bound to it (``ctx.targets``)."""
    fn: Fn = lambda c: c.targets[name]  # noqa: E731
    _READS[fn] = ("targets", name)
    return fn


def read_var(name: str) -> Fn:
    """What a named value (``as:``, a loop's item) compiles to: ``ctx.vars[name]``."""
    fn: Fn = lambda c: c.vars[name]  # noqa: E731
    _READS[fn] = ("vars", name)
    return fn


def bind_vars(steps: list[tuple[str, Fn]], body: Fn) -> Fn:
    """``body`` evaluated with named values bound (``let``, a define's parameters): each
    value worked out in turn, in a context that already holds the ones before it. The
    caller's context is never changed: a new one holds the names."""
    if len(steps) == 1:
        (name, value), = steps

        def one(c: Ctx) -> Any:
            return body(Ctx(c.state, c.player, c.actor, c.targets, {**c.vars, name: value(c)},
                            c.event))
        return one

    def many(c: Ctx) -> Any:
        inner = Ctx(c.state, c.player, c.actor, c.targets, dict(c.vars), c.event)
        for name, value in steps:
            inner.vars[name] = value(inner)
        return body(inner)
    return many


def bind_args(steps: list[tuple[str, Fn]], body: Fn) -> Fn:
    """``body`` evaluated with a define's parameters bound to its call's arguments: every
    argument worked out in the caller's context, none seeing another (``g(0, k + 100)``
    reads the caller's ``k`` even where ``g``'s first parameter is named ``k`` too)."""
    if len(steps) == 1:
        return bind_vars(steps, body)
    if len(steps) == 2:  # the common call, written out
        (n1, v1), (n2, v2) = steps

        def two(c: Ctx) -> Any:
            a, b = v1(c), v2(c)
            bound = c.vars.copy()
            bound[n1] = a
            bound[n2] = b
            return body(Ctx(c.state, c.player, c.actor, c.targets, bound, c.event))
        return two
    names = [name for name, _ in steps]
    values = [value for _, value in steps]

    def call(c: Ctx) -> Any:
        worked_out = [value(c) for value in values]
        bound = c.vars.copy()
        bound.update(zip(names, worked_out, strict=True))
        return body(Ctx(c.state, c.player, c.actor, c.targets, bound, c.event))
    return call


def reads(fn: Any) -> tuple[str, str] | None:
    """For a compiled plain name (``read_target``, ``read_var``): where it reads, and
    which name; a call can then read the value itself, one closure fewer per call."""
    try:
        return _READS.get(fn)
    except TypeError:  # not a Python function (no weak reference to it)
        return None


_READS: weakref.WeakKeyDictionary[Any, tuple[str, str]] = weakref.WeakKeyDictionary()

__all__ = ["Compiled", "Define", "ExprContext", "ExprError", "Fn", "Scope", "bind_args",
           "bind_vars", "coerce", "constant", "is_none", "read_target", "read_var", "reads"]
