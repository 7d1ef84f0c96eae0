"""Building an action step by step: type, then actor, then each target in order.

The builder works from the state's legal actions, so whatever it offers is
legal and whatever it builds passes ``is_legal``: the terminal prompt, a web
page, a random agent and a tree search all share it.
"""

from __future__ import annotations

from .actions import Action, Value
from .state import State


class ActionBuilder:
    """An immutable dialogue that narrows the legal actions one choice at a time."""

    __slots__ = ("_chosen", "_pool", "state")

    def __init__(self, state: State, _pool: tuple[Action, ...] | None = None,
                 _chosen: tuple[Value, ...] = ()) -> None:
        if not isinstance(state, State):
            raise TypeError(f"ActionBuilder takes a State (ActionBuilder(state)), not "
                            f"{type(state).__name__}")
        self.state = state
        self._pool = state.decision.actions if _pool is None and state.decision else (_pool or ())
        self._chosen = _chosen

    def _slot(self, action: Action, i: int) -> tuple[str, Value] | None:
        if i == 0:
            return ("type", action.type)
        if i == 1:
            return ("actor", action.actor)
        j = i - 2
        return action.targets[j] if j < len(action.targets) else None

    @property
    def step(self) -> str:
        """The name of the slot the next choice fills (``type``, ``actor`` or a target)."""
        i = self._next_index()
        for a in self._pool:
            slot = self._slot(a, i)
            if slot is not None:
                return slot[0]
        return "done"

    def _next_index(self) -> int:
        i = len(self._chosen)
        # Skip the actor slot when no remaining action has an actor.
        if i == 1 and all(a.actor is None for a in self._pool):
            return 2
        return i if i != 1 else 1

    def choices(self) -> tuple[Value, ...]:
        """The distinct values the next slot may take, in first-seen order."""
        i = self._next_index()
        seen: dict[Value, None] = {}
        for a in self._pool:
            slot = self._slot(a, i)
            if slot is not None:
                seen.setdefault(slot[1], None)
        return tuple(seen)

    def choose(self, value: Value) -> ActionBuilder:
        """A builder with ``value`` chosen for the next slot (``ValueError`` if not offered)."""
        i = self._next_index()
        pool = tuple(a for a in self._pool
                     if (slot := self._slot(a, i)) is not None and slot[1] == value)
        if not pool:
            raise ValueError(f"{value!r} is not a choice for {self.step} "
                             f"(choices: {', '.join(map(str, self.choices()))})")
        chosen = self._chosen + ((None,) if i == 2 and len(self._chosen) == 1 else ()) + (value,)
        return ActionBuilder(self.state, pool, chosen)

    @property
    def chosen(self) -> tuple[tuple[str, Value], ...]:
        """The slots chosen so far, by name (``type``, ``actor``, then the targets)."""
        if not self._pool:
            return ()
        a = self._pool[0]
        return tuple(slot for i in range(len(self._chosen))
                     if (slot := self._slot(a, i)) is not None and slot[1] is not None)

    def is_complete(self) -> bool:
        """Whether exactly one action is left and every slot of it is chosen."""
        if len(self._pool) != 1:
            return False
        a = self._pool[0]
        return self._next_index() >= 2 + len(a.targets)

    def build(self) -> Action:
        """The action chosen (``ValueError`` if choices remain)."""
        if not self.is_complete():
            raise ValueError(f"the action is not complete: choose {self.step}")
        return self._pool[0]

    @property
    def candidates(self) -> tuple[Action, ...]:
        """The legal actions still consistent with the choices made."""
        return self._pool
