"""The frames of the resolution stack, and the lookup of a pending event's fields.

The stack is part of the state (``State.stack``). Three kinds of frame live on it:

``Block``      a list of effects being run in order, with its context;
``EventFrame`` an event passing its *pending* stage (modifiers and reactions
               may change its fields or cancel it), then its body (the change
               itself, if the event is still valid), then its *done* stage
               (triggers and after-the-fact reactions);
``Await``      a roll or a mid-effect choice waiting for its value.

They are plain values, kept apart from the resolver (``engine.runtime``) that steps
them so that the modules below the resolver (contexts, serialization, views) can read
a stack without importing it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import Value

if TYPE_CHECKING:
    from .context import Ctx
    from .effect import Effect
    from .spec import Reaction
    from .state import State


class Block(NamedTuple):
    """Effects ``effects[pc:]`` still to run, in context ``ctx``."""

    effects: tuple[Effect, ...]
    pc: int
    ctx: Ctx


class Await(NamedTuple):
    """A roll or choice waiting for its value, to be bound as ``name`` in the block below."""

    kind: str              # "roll" | "choose"
    name: str
    options: tuple[Value, ...]
    weights: tuple[int, ...] | None
    player: int
    prompt: str


class Candidate(NamedTuple):
    """Someone who may react at an event stage."""

    player: int | None
    entity: int | None
    reactions: tuple[Reaction, ...]
    automatic: bool


class EventFrame(NamedTuple):
    """An event on its way through the pending, body and done stages."""

    id: int
    name: str
    fields: dict[str, Value]
    stage: str                       # "pending" | "done"
    cands: tuple[Candidate, ...] | None
    idx: int
    cancelled: bool
    ctx: Ctx
    body: tuple[Effect, ...]
    valid: Any                       # Test | None: re-checked after the pending stage


def event_fields(state: State, eid: int) -> dict[str, Value]:
    """The current fields of the event with id ``eid`` (searching the stack)."""
    stack = state.stack
    for i in range(len(stack) - 1, -1, -1):
        f = stack[i]
        if type(f) is EventFrame and f.id == eid:
            return f.fields
    raise KeyError(f"event {eid} is no longer pending")
