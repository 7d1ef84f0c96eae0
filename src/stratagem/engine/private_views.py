"""Private parameters in views: what a view withholds of them, and how determinization
imagines it back.

A parameter declared ``private`` (``ParamSpec.private``) is seen by its holder's owner
only: an entity's owner, or the player itself. A view for anyone else withholds it:

- ``deal`` (an entity type's default): the view keeps the values of one owner's entities
  of one type that the viewer cannot see, but dealt among those entities in order (the
  smallest value to the lowest id), so it tells which values the side has, never which
  unit has which, as a view of cards tells which faces there are but not which card is
  which. ``determinize`` deals them again at random.
  A player's parameter may be dealt too (a hidden role): the other players' values, in
  seat order.
- ``any`` (a player's parameter's default): the view holds the parameter's default, and
  ``determinize`` draws a whole number from its ``min`` to its ``max``.

A private parameter with ``unless`` (another parameter of the same holder) is seen by
every player while that parameter is not 0: a block revealed in battle, a role declared;
or, when ``unless`` is keyed by the players' names, by each player whose key is not 0: a
scout's peek at one block.

What every player knows of a hidden value (``Game.private_known``, the rules' ``known``:
a piece that moved is no bomb) is kept by ``determinize``: it deals, or draws, only values
that meet it.

Either way, two states that differ only in who holds which withheld value (``deal``), or
in a withheld value itself (``any``), give the same view (DESIGN.md, invariant 7).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .actions import Ref
from .context import Ctx
from .rng import Rng
from .spec import ParamSpec

if TYPE_CHECKING:
    from .game import Game
    from .state import Entity, State


def shown(spec: ParamSpec, params: dict[str, Any], seer: str | None = None) -> bool:
    """Whether the player named ``seer`` sees the private parameter ``spec`` of a holder with
    ``params`` now: its ``unless`` parameter is not 0, or, keyed by the players' names, its
    key for ``seer`` is not 0 (a scout's peek at one block)."""
    unless = spec.unless
    if not unless:
        return False
    if params.get(unless, 0) != 0:
        return True
    return seer is not None and params.get(f"{unless}[{seer}]", 0) != 0


_NONE: frozenset[str] = frozenset()


def withheld(game: Game, viewer: int | None, owner: int | None, params: dict[str, Any],
             etype: str | None = None) -> frozenset[str]:
    """The private parameters a view for ``viewer`` withholds of a holder owned by ``owner``
    with ``params``: an entity of type ``etype``, or with no type, the player ``owner``.
    None for a full state (``viewer`` None) or the holder's own player."""
    if viewer is None or owner == viewer:
        return _NONE
    specs = (game.private_params.get(etype, ()) if etype is not None
             else game.private_player_params)
    if not specs:  # (most holders, in most games: read for every unit drawn or encoded)
        return _NONE
    seer = game.players[viewer]
    return frozenset(p.name for p in specs if not shown(p, params, seer))


def seen_params(game: Game, e: Entity, player: int) -> tuple[tuple[str, Any], ...]:
    """``e``'s parameters as ``player``, of another side, sees them (a fog memory's record):
    the private ones it does not see at their defaults."""
    specs = game.private_params.get(e.type)
    if specs is None:
        return tuple(sorted(e.params_.items()))
    params = dict(e.params_)
    seer = game.players[player]
    for p in specs:
        if p.name in params and not shown(p, e.params_, seer):
            params[p.name] = p.default
    return tuple(sorted(params.items()))


Holder = tuple[bool, int]
"""An entity's id (``(True, id)``) or a player's seat (``(False, seat)``)."""


def _hidden(game: Game, s: State, viewer: int) -> list[tuple[ParamSpec, list[Holder]]]:
    """The private parameters of ``s`` that ``viewer`` may not see, each with its holders
    in order: for an entity type's, one entry per owner and type (those entities' values
    are dealt among them); for a player's, the other players."""
    groups: dict[tuple[Any, str, str], tuple[ParamSpec, list[Holder]]] = {}
    kinds = game.private_params
    seer = game.players[viewer]
    if kinds:
        for eid in sorted(s.entities_):
            e = s.entities_[eid]
            specs = kinds.get(e.type)
            if specs is None or e.owner == viewer:
                continue
            for p in specs:
                if p.name in e.params_ and not shown(p, e.params_, seer):
                    groups.setdefault((e.owner, e.type, p.name), (p, []))[1].append((True, eid))
    return [*groups.values(), *((spec, [(False, p) for p in range(len(s.players))
                                        if p != viewer
                                        and not shown(spec, s.players[p].params_, seer)])
                                for spec in game.private_player_params)]


def _read(s: State, holder: Holder, spec: ParamSpec) -> Any:
    entity, i = holder
    params = s.entities_[i].params_ if entity else s.players[i].params_
    return params.get(spec.name, spec.default)


def _write(s: State, holder: Holder, spec: ParamSpec, value: Any) -> None:
    """Set the value in ``s`` (a state being written), when it differs."""
    if _read(s, holder, spec) != value:
        entity, i = holder
        (s._w_entity(i) if entity else s._w_player(i)).params_[spec.name] = value


def mask_private(state: State, v: State, viewer: int) -> None:
    """Withhold in ``v`` (a view being made of ``state``) the private parameters
    ``viewer`` may not see: ``deal`` ones sorted over their holders, ``any`` ones at the
    default."""
    for spec, holders in _hidden(state.game, v, viewer):
        if spec.private == "deal":
            values = sorted(_read(v, h, spec) for h in holders)
        else:
            values = [spec.default] * len(holders)
        for h, value in zip(holders, values, strict=True):
            _write(v, h, spec, value)


def _draw(spec: ParamSpec, rng: Rng) -> Any:
    """A whole number from the parameter's ``min`` to its ``max``, at random."""
    assert spec.min is not None and spec.max is not None
    lo, hi = math.ceil(spec.min), math.floor(spec.max)
    if hi < lo:  # bounds with no whole number between them: the default
        return spec.default
    return lo + rng.below(hi - lo + 1)


def guess_private(view: State, s: State, rng: Rng) -> None:
    """Imagine in ``s`` (a state being made from ``view``) the private values the viewer
    could not see: ``deal`` ones dealt again among their holders at random, ``any`` ones
    drawn within their bounds; where the rules say what every player knows of a value
    (``Game.private_known``), only values that meet it."""
    g = view.game
    viewer = view.viewer if view.viewer is not None else 0
    for spec, holders in _hidden(g, view, viewer):
        known = g.private_known.get((_holder_type(view, holders), spec.name))
        if spec.private == "deal":
            values = [_read(view, h, spec) for h in holders]
            rng.shuffle(values)
            for h, value in zip(holders, values, strict=True):
                _write(s, h, spec, value)
            if known is not None and not all(_holds(s, viewer, h, known) for h in holders):
                _deal_known(s, viewer, holders, spec, values, known, rng)
        else:
            for h in holders:
                _write(s, h, spec, _draw(spec, rng))
                tries = 1
                while known is not None and not _holds(s, viewer, h, known):
                    if tries >= MAX_TRIES:  # few values meet it: find them all, take one
                        _write(s, h, spec, _scan(s, viewer, h, spec, known, rng))
                        break
                    _write(s, h, spec, _draw(spec, rng))
                    tries += 1


MAX_TRIES = 200
"""Draws of an ``any`` value, or search steps of a deal, before ``known`` is given up."""

MAX_SCAN = 100_000
"""The most values of an ``any`` parameter's bounds tested one by one for ``known`` once
``MAX_TRIES`` random draws have failed (a value only one number meets)."""


def _scan(s: State, viewer: int, holder: Holder, spec: ParamSpec, known: Any,
          rng: Rng) -> Any:
    """One of the whole numbers within ``spec``'s bounds that ``known`` holds of, at
    random; the default when none does, or when the bounds hold more than ``MAX_SCAN``."""
    assert spec.min is not None and spec.max is not None
    lo, hi = math.ceil(spec.min), math.floor(spec.max)
    if hi < lo or hi - lo + 1 > MAX_SCAN:
        return spec.default
    meet = []
    for value in range(lo, hi + 1):
        _write(s, holder, spec, value)
        if _holds(s, viewer, holder, known):
            meet.append(value)
    return meet[rng.below(len(meet))] if meet else spec.default


def _holder_type(s: State, holders: list[Holder]) -> str | None:
    """The entity type of a group's holders (``None`` for players')."""
    entity, i = holders[0]
    return s.entities_[i].type if entity else None


def _holds(s: State, viewer: int, holder: Holder, known: Any) -> bool:
    """Whether ``known`` holds of ``holder`` in ``s`` (``it`` bound to it)."""
    entity, i = holder
    it: Any = Ref(i) if entity else i
    try:
        return bool(known(Ctx(s, viewer, None, {}, {"it": it})))
    except (ArithmeticError, LookupError, TypeError, ValueError):
        return True  # a value the test cannot read: no knowledge against it


def _deal_known(s: State, viewer: int, holders: list[Holder], spec: ParamSpec,
                values: list[Any], known: Any, rng: Rng) -> None:
    """Deal ``values`` among ``holders`` so that ``known`` holds of each: which value each
    holder may take is tested once (``known`` reads the holder and its own value), then up
    to ``MAX_TRIES`` random deals are tried, and past them a matching (Kuhn's augmenting
    paths, in random order) finds one. When no deal meets it, the plain deal stands."""
    plain = [_read(s, h, spec) for h in holders]
    ok: dict[tuple[Holder, Any], bool] = {}
    for h in holders:
        for v in set(values):
            _write(s, h, spec, v)
            ok[(h, v)] = _holds(s, viewer, h, known)
    deal: list[Any] | None = list(values)
    for _ in range(MAX_TRIES):
        assert deal is not None
        rng.shuffle(deal)
        if all(ok[(h, v)] for h, v in zip(holders, deal, strict=True)):
            break
    else:
        deal = _matching(holders, values, ok, rng)
    for h, v in zip(holders, deal if deal is not None else plain, strict=True):
        _write(s, h, spec, v)


def _matching(holders: list[Holder], values: list[Any], ok: dict[tuple[Holder, Any], bool],
              rng: Rng) -> list[Any] | None:
    """Each holder's value, every value used once and each allowed by ``ok``; ``None`` when
    there is no such deal."""
    slot_of = [-1] * len(holders)  # the value (by index) each holder takes
    order = list(range(len(holders)))
    rng.shuffle(order)

    def take(j: int, seen: set[int]) -> bool:
        for i in order:
            if i in seen or not ok[(holders[i], values[j])]:
                continue
            seen.add(i)
            if slot_of[i] == -1 or take(slot_of[i], seen):
                slot_of[i] = j
                return True
        return False

    slots = list(range(len(values)))
    rng.shuffle(slots)
    if not all(take(j, set()) for j in slots):
        return None
    return [values[j] for j in slot_of]


UNKNOWN = "?"
"""What a person is shown of a value a view withholds."""


def as_seen(state: State, params: dict[str, Any], owner: int | None,
            etype: str | None = None) -> dict[str, Any]:
    """``params`` of a holder (an entity of type ``etype``, or the player ``owner``) as the
    viewer of ``state`` is shown them: a withheld private value reads ``"?"``."""
    viewer = getattr(state, "viewer", None)  # (a drawing may be given a stand-in)
    if viewer is None:
        return params
    hide = withheld(state.game, viewer, owner, params, etype)
    if not hide:
        return params
    return {k: UNKNOWN if k in hide else v for k, v in params.items()}
