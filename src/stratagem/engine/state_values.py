"""Game-state and tile parameters: numbers of the game as a whole (a pot, a tide level)
and of board positions (a field's fertility), kept in the state's ``counters``.

A value is stored only once an effect writes it: until then it reads as its declared
default (for a tile, the default its tile type declares). So a new state holds none
of them, a saved state holds those that changed, and they are copied, compared and
serialized with the rest of the counters. Keys: ``state:NAME`` and ``tile:X,Y:NAME``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import Pos
from .changes import set_param, set_player_param
from .effect import Effect, evaluate, register_effect
from .errors import RuleError
from .spec import ParamSpec

if TYPE_CHECKING:
    from .context import Ctx
    from .runtime import Resolver
    from .state import State


def state_key(name: str) -> str:
    """Where a game-state parameter is kept in ``State.counters``."""
    return f"state:{name}"


def tile_key(pos: Pos, name: str) -> str:
    """Where a tile parameter of a position is kept in ``State.counters``."""
    return f"tile:{pos[0]},{pos[1]}:{name}"


def tile_spec(state: State, pos: Any, specs: tuple[tuple[str, ParamSpec], ...]) -> ParamSpec | None:
    """The declaration of a tile parameter for the tile type at ``pos`` (None off the board,
    or when that tile type has no such parameter)."""
    board = state.game.board
    if not isinstance(pos, tuple) or len(pos) != 2 or not board.contains(pos):
        return None
    kind = state.tiles[pos[1] * board.width + pos[0]]
    for tile_type, spec in specs:
        if tile_type == kind:
            return spec
    return None


def read_tile(state: State, pos: Any, name: str,
              specs: tuple[tuple[str, ParamSpec], ...]) -> Any:
    """A tile parameter's value at ``pos``: as written, else its tile type's default (0 off
    the board or for a tile type without it)."""
    spec = tile_spec(state, pos, specs)
    if spec is None:
        return 0
    return state.counters_.get(tile_key(pos, name), spec.default)


def keyed_name(name: str, key: Any) -> str:
    """The parameter that holds key ``key`` of a keyed parameter: ``columns[2]``."""
    return f"{name}[{key}]"


def key_of(name: str, key: Any, keys: frozenset[Any]) -> str:
    """The parameter of key ``key`` of ``name`` (a whole number as a float is that number);
    a ``RuleError`` in words when it is not one of the declared ``keys``."""
    if isinstance(key, float) and key.is_integer():
        key = int(key)
    if isinstance(key, bool) or key not in keys:
        shown = ", ".join(map(str, sorted(keys, key=str)))
        raise RuleError(f"`{name}` has no key {key!r}: its keys are {shown}")
    return f"{name}[{key}]"


def _write(r: Resolver, key: str, spec: ParamSpec, value: Any, add: bool) -> None:
    old = r.s.counters_.get(key, spec.default)
    new = spec.clamp(old + value if add else value)
    if new != old:
        r.s._w_counters()[key] = new


@register_effect
@dataclass(frozen=True, slots=True)
class SetStateValue(Effect):
    """Set a game-state parameter, or add to it (``add``), clamped to its bounds."""

    spec: ParamSpec
    value: Any
    add: bool = False

    def run(self, r: Resolver, ctx: Ctx) -> None:
        _write(r, state_key(self.spec.name), self.spec, evaluate(self.value, ctx), self.add)


@register_effect
@dataclass(frozen=True, slots=True)
class SetTileValue(Effect):
    """Set a tile parameter of a position, or add to it (``add``), clamped to the bounds
    its tile type declares. A position off the board, or whose tile type has no such
    parameter, is left alone."""

    pos: Any
    name: str
    specs: tuple[tuple[str, ParamSpec], ...]
    value: Any
    add: bool = False

    def run(self, r: Resolver, ctx: Ctx) -> None:
        pos = evaluate(self.pos, ctx)
        spec = tile_spec(r.s, pos, self.specs)
        if spec is not None:
            _write(r, tile_key(pos, self.name), spec, evaluate(self.value, ctx), self.add)


@register_effect
@dataclass(frozen=True, slots=True)
class SetKeyedValue(Effect):
    """Set one key of a keyed parameter (or add to it, ``add``), the key worked out in play:
    of an entity (``of`` is ``entity``), a player (``player``) or the game (``state``;
    ``specs`` then declares each key's bounds). An entity no longer in the game is left
    alone, as ``SetParam`` leaves it."""

    of: str
    base: Any
    name: str
    key: Any
    keys: frozenset[Any]
    value: Any
    add: bool = False
    specs: tuple[tuple[str, ParamSpec], ...] = ()

    def run(self, r: Resolver, ctx: Ctx) -> None:
        param = key_of(self.name, evaluate(self.key, ctx), self.keys)
        value = evaluate(self.value, ctx)
        if self.of == "state":
            spec = dict(self.specs)[param]
            _write(r, state_key(param), spec, value, self.add)
            return
        who = evaluate(self.base, ctx)
        if self.of == "entity":
            if who not in r.s.entities_:
                return
            if self.add:
                value += r.s.entities_[who].params_.get(param, 0)
            set_param(r, who, param, value)
        else:
            if self.add:
                value += r.s.players[who].params_.get(param, 0)
            set_player_param(r, who, param, value)


__all__ = ["SetKeyedValue", "SetStateValue", "SetTileValue", "key_of", "keyed_name", "read_tile",
           "state_key", "tile_key", "tile_spec"]
