"""The context in which conditions, amounts and effects are evaluated."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Value
from .frames import event_fields

if TYPE_CHECKING:
    from .game import Game
    from .state import Entity, State


class Ctx:
    """Who is acting and on what: the state, the deciding player, the acting
    entity, the bound targets, named values (rolls, loop variables) and the
    event being reacted to.

    A context is cheap to build and never changed once in use; binding a name
    makes a new one.
    """

    __slots__ = ("actor", "event", "game", "player", "state", "targets", "vars")

    def __init__(self, state: State, player: int | None, actor: int | None = None,
                 targets: dict[str, Value] | None = None, vars: dict[str, Value] | None = None,
                 event: int | None = None) -> None:
        self.state = state
        self.game: Game = state.game
        self.player = player
        self.actor = actor
        self.targets = targets if targets is not None else {}
        self.vars = vars if vars is not None else {}
        self.event = event

    def bind(self, name: str, value: Value) -> Ctx:
        """A context with one more named value."""
        return Ctx(self.state, self.player, self.actor, self.targets, {**self.vars, name: value},
                   self.event)

    def with_target(self, name: str, value: Value) -> Ctx:
        """A context with one more bound target."""
        targets = dict(self.targets)
        targets[name] = value
        return Ctx(self.state, self.player, self.actor, targets, self.vars, self.event)

    def on(self, state: State) -> Ctx:
        """The same context over another state (a transaction in progress)."""
        return Ctx(state, self.player, self.actor, self.targets, self.vars, self.event)

    def _key(self) -> tuple[Any, ...]:
        return (self.player, self.actor, self.targets, self.vars, self.event)

    def __eq__(self, other: object) -> bool:
        # The state is where the context is used, not part of what it is.
        return isinstance(other, Ctx) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.player, self.actor, tuple(self.targets.items()),
                     tuple(self.vars.items()), self.event))

    def __repr__(self) -> str:
        return (f"Ctx(player={self.player}, actor={self.actor}, targets={self.targets}, "
                f"vars={self.vars}, event={self.event})")

    # ------------------------------------------------------------ conveniences
    def __getitem__(self, name: str) -> Value:
        """A named value, looked up in vars, then targets (``ctx["hit"]``)."""
        if name in self.vars:
            return self.vars[name]
        return self.targets[name]

    @property
    def me(self) -> Entity:
        """The acting entity."""
        assert self.actor is not None
        return self.state.entities_[self.actor]

    def ent(self, name: str) -> Entity:
        """The entity bound to a target or value name."""
        return self.state.entities_[self[name]]

    @property
    def ev(self) -> dict[str, Value]:
        """The fields of the event this context reacts to (read-only)."""
        assert self.event is not None
        return event_fields(self.state, self.event)

    def param(self, entity: int, name: str) -> Any:
        """A parameter of an entity."""
        return self.state.entities_[entity].params_[name]

    def is_enemy(self, entity: int | None) -> bool:
        """Whether an entity belongs to another player than the deciding one (with teams,
        to a player of another side)."""
        if entity is None or entity not in self.state.entities_:
            return False
        owner = self.state.entities_[entity].owner
        sides = self.state.game.sides
        if sides is not None and owner is not None and self.player is not None:
            return sides[owner] != sides[self.player]
        return owner is not None and owner != self.player
