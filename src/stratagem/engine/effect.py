"""The ``Effect`` base: what every effect kind declares about itself, and the registry.

An effect kind is a frozen class with ``run(resolver, ctx)``. Where it is defined it
declares its *traits* as class attributes, and the engine derives everything else from
them — nothing is listed by hand beside the definitions:

``pushes``      it may push effects onto the stack (a branch, a loop body, an event's
                body): it cannot run in one go.
``rolls``       it may roll dice or draw at random: a game with it has chance
                (``GameInfo.chance``).
``waits``       it may stop for a player's choice mid-effect.
``emits``       the built-in events it may emit, each with the kinds of its fields
                (``{"moved": {"mover": "entity", ...}}``); the rules compiler's list of
                events that reactions may name comes from these and the phase
                machine's ``phases.FLOW_EVENTS``.
``needs_stack`` it reads or writes stack frames other than its own block (an event's
                fields, an outer block's names), or runs code the engine cannot see
                into (``Call``).
``ends_turn``   it may end the turn or the phase (it writes the flow position).
``checks``      the validity checks of the events it emits, by a stable name that a
                saved state records (``serialize``).

An effect with none of ``pushes``, ``rolls``, ``waits``, ``emits`` and ``needs_stack``
*runs straight*: a block of such effects runs in one go instead of being stepped on the
stack (``Effect.straight``; ``If`` decides by its branches).

An effect that a rules file may list by its own key declares that too: ``rules_key``
(the YAML key), ``rules_args`` (each argument's key and the kind of expression it
takes — ``entity``, ``player``, ``pos``, ``number``, ``str``, ``bool`` or ``any``; the
dataclass field of the same name receives the compiled expression), ``rules_required``
(the arguments that must be given), ``rules_doc`` and ``rules_example`` (for the
generated reference, ``docs/rules.md``).
The rules compiler reads these from the registry (``rules_effects``) and compiles such
an effect with no code of its own. Every kind is registered by ``@register_effect`` on
its definition.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

if TYPE_CHECKING:
    from .context import Ctx
    from .runtime import Resolver


Events = Mapping[str, Mapping[str, str]]
"""Events an effect may emit (``Effect.emits``): each name with its fields' kinds."""
Checks = Mapping[str, Callable[[Any], bool]]
"""Validity checks of the events an effect emits (``Effect.checks``), by stable name."""


class Effect:
    """Base of all effects.

    ``blocks()`` names every effect tuple the effect may push, so a game can
    register them all and a state whose stack holds them can be serialized.
    """

    __slots__ = ()

    # Traits (see the module's docstring); a kind overrides those that hold for it.
    pushes: ClassVar[bool] = False
    rolls: ClassVar[bool] = False
    waits: ClassVar[bool] = False
    emits: ClassVar[Events] = {}
    needs_stack: ClassVar[bool] = False
    teaches: ClassVar[bool] = False
    """Whether it changes who knows a card (``look``, ``reveal``…): a game with such an
    effect tracks card knowledge (``knowledge.is_tracked``) even with no table zone."""
    ends_turn: ClassVar[bool] = False
    checks: ClassVar[Checks] = {}

    # How a rules file names the effect, when it declares that itself.
    rules_key: ClassVar[str | None] = None
    rules_args: ClassVar[Mapping[str, str]] = {}
    rules_required: ClassVar[tuple[str, ...]] = ()
    rules_doc: ClassVar[str] = ""
    rules_example: ClassVar[str] = ""

    @classmethod
    def runs_straight(cls) -> bool:
        """Whether every effect of this kind runs to its end at once, by its traits."""
        return not (cls.pushes or cls.rolls or cls.waits or cls.emits or cls.needs_stack)

    def run(self, r: Resolver, ctx: Ctx) -> None:
        raise NotImplementedError

    def straight(self) -> bool:
        """Whether the effect always runs to its end at once: it never pushes effects,
        waits for a roll or choice, or emits an event. A block of such effects runs in
        one go, without stepping the stack (``run_straight``)."""
        return type(self).runs_straight()

    def run_straight(self, r: Resolver, ctx: Ctx) -> Ctx:
        """Run a straight effect; returns the context for the effects after it (with any
        name it binds)."""
        self.run(r, ctx)
        return ctx

    def blocks(self) -> tuple[tuple[Effect, ...], ...]:
        """The effect tuples this effect may push onto the stack."""
        out: list[tuple[Effect, ...]] = []
        for name in getattr(self, "__slots__", ()):
            value = getattr(self, name, None)
            if isinstance(value, tuple) and value and all(isinstance(x, Effect) for x in value):
                out.append(value)
        return tuple(out)


E = TypeVar("E", bound=type[Effect])

_KINDS: dict[str, type[Effect]] = {}
"""Every registered effect kind, by class name, in the order of registration."""


def register_effect(cls: E) -> E:
    """Register an effect kind (a class decorator, outermost on its definition).

    The kind's traits then count wherever the engine derives something from the kinds
    (``effect_kinds``, ``builtin_events``), and a kind that declares a ``rules_key`` may be
    listed by that key in a rules file. Registering a second kind under a name or key
    already taken is an error; ``unregister_effect`` takes a kind back out.
    """
    if not (isinstance(cls, type) and issubclass(cls, Effect)):
        raise TypeError(f"register_effect takes an Effect subclass, not {cls!r}")
    name = cls.__name__
    if name in _KINDS and _KINDS[name] is not cls:
        raise ValueError(f"an effect kind named {name} is already registered")
    key = cls.rules_key
    if key is not None:
        if not key.isidentifier():
            raise ValueError(f"effect {name}: its rules key {key!r} is not a plain name")
        other = rules_effects().get(key)
        if other is not None and other is not cls:
            raise ValueError(f"effect {name}: the rules key '{key}' is {other.__name__}'s")
        unknown = [k for k in cls.rules_required if k not in cls.rules_args]
        if unknown:
            raise ValueError(f"effect {name}: required {unknown} are not among its args")
    _KINDS[name] = cls
    return cls


def unregister_effect(cls: type[Effect]) -> None:
    """Take a registered kind back out (a test's own effect, when the test ends)."""
    if _KINDS.get(cls.__name__) is cls:
        del _KINDS[cls.__name__]


def effect_kinds() -> tuple[type[Effect], ...]:
    """The registered effect kinds, in the order they were registered."""
    return tuple(_KINDS.values())


def rules_effects() -> dict[str, type[Effect]]:
    """The registered kinds that declare their own rules-file key, by that key."""
    return {cls.rules_key: cls for cls in _KINDS.values() if cls.rules_key is not None}


def event_checks() -> dict[str, Callable[[Any], bool]]:
    """The validity checks of the built-in events, by the name a saved state records."""
    return {name: fn for cls in _KINDS.values() for name, fn in cls.checks.items()}


def evaluate(x: Any, ctx: Ctx) -> Any:
    """An effect argument's value in ``ctx``: a callable (a compiled expression) is
    called, a constant is itself."""
    return x(ctx) if callable(x) else x


def player_of(x: Any, ctx: Ctx) -> int:
    """A player argument's value, defaulting to the context's player."""
    p = evaluate(x, ctx) if x is not None else ctx.player
    if not isinstance(p, int):
        raise ValueError(f"expected a player index, got {p!r}")
    return p
