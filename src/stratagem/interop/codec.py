"""Action ids and size bounds for the bridges: a Stratagem action as an integer.

OpenSpiel, PettingZoo and Gymnasium all number actions ``0 .. N-1`` with one
``N`` for the whole game. Stratagem's actions are structured values (action type,
actor, targets) whose number is not known in advance — a unit's moves depend on
the board, a card's targets on the hand — so the bridges number them **per
decision**: an action's id is its index among the decision's options, in the
order the engine offers them (``state.decision.actions``). That order is part of
the state (the same state always lists the same options in the same order, and
survives serialization), so ids are stable: the same state and id always mean
the same action, and ``legal_actions`` is simply ``0 .. len(options) - 1``.
The text form of each id is the action's own (``str(action)``).

``N`` is a declared bound on the options of any decision: ``Bounds.actions``.
A bridge takes it as ``max_actions=``; a game declares it in its rules header
(``shape: {max_options: 7}``, with ``max_chance_options`` and ``max_length``).
When neither does, it is measured: seeded random playouts record the most
options any decision offered, and the bound is that figure times ``MARGIN``.
The same holds for chance outcomes and for the length of a game. A decision
that offers more options than the bound raises ``BoundExceededError`` naming
the bound to raise, never a silent truncation.

What an id means therefore changes from state to state (id 0 is the first
option of *this* decision). Search (MCTS, CFR) does not mind; learning agents
that want a fixed meaning per id read the action's text, or the mask of which
ids are legal, alongside it.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from pathlib import Path

from ..engine import CHANCE, Action, Game, Rng, State, StratagemError

PLAYOUTS = 16
"""Seeded random playouts measured when a game declares no bounds."""

MAX_STEPS = 5_000
"""A measuring playout stops after this many decisions (a game this long is cut short)."""

MARGIN = 2
"""Measured figures are multiplied by this to give the declared bounds."""


class BoundExceededError(StratagemError, ValueError):
    """A decision offers more options (or a game runs longer) than a bridge declared."""


@dataclass(frozen=True)
class Bounds:
    """The sizes a bridge declares for a game.

    ``actions``: options of any player decision (OpenSpiel's
    ``num_distinct_actions``); ``chance``: options of any chance decision
    (``max_chance_outcomes``, 0 for a game without chance); ``length``:
    decisions in a whole game, chance ones included (``max_game_length``);
    ``measured``: whether they come from playouts (else they were declared).
    """

    actions: int
    chance: int
    length: int
    measured: bool = True


_measured: weakref.WeakKeyDictionary[Game, Bounds] = weakref.WeakKeyDictionary()


def measure_bounds(game: Game, playouts: int = PLAYOUTS) -> Bounds:
    """Bounds for ``game`` from seeded random playouts (with chance explicit), times ``MARGIN``.

    Measured once per game and kept; the playouts are seeded, so the figures are
    the same on every run.
    """
    known = _measured.get(game)
    if known is not None and playouts == PLAYOUTS:
        return known
    most_actions = most_chance = longest = 1
    for seed in range(playouts):
        state = game.new_state(seed, explicit_chance=True)
        rng = Rng(seed)
        steps = 0
        while state.decision is not None and steps < MAX_STEPS:
            d = state.decision
            if d.player == CHANCE:
                most_chance = max(most_chance, len(d.actions))
            else:
                most_actions = max(most_actions, len(d.actions))
            state = game.apply(state, d.actions[rng.below(len(d.actions))], check=False)
            steps += 1
        longest = max(longest, steps)
    bounds = Bounds(most_actions * MARGIN, most_chance * MARGIN if game.info.chance else 0,
                    longest * MARGIN)
    if playouts == PLAYOUTS:
        _measured[game] = bounds
    return bounds


def declared_bounds(game: Game, actions: int = 0, chance: int = 0, length: int = 0) -> Bounds:
    """The bounds a bridge declares for ``game``.

    Each figure is the one given here (> 0), else the one the game declares in
    its rules header (``shape: {max_options: 7, max_length: 42}``, read from
    ``game.info``), else measured by ``measure_bounds``.
    """
    info = game.info
    actions = actions if actions > 0 else info.max_options or 0
    chance = chance if chance > 0 else info.max_chance_options or 0
    length = length if length > 0 else info.max_length or 0
    if actions > 0 and (chance > 0 or not game.info.chance) and length > 0:
        return Bounds(actions, chance if game.info.chance else 0, length, measured=False)
    m = measure_bounds(game)
    return Bounds(actions if actions > 0 else m.actions,
                  (chance if chance > 0 else m.chance) if game.info.chance else 0,
                  length if length > 0 else m.length,
                  measured=m.measured and not (actions > 0 or chance > 0 or length > 0))


def options(state: State, bounds: Bounds) -> tuple[Action, ...]:
    """The options of the state's decision, checked against the bound; ids are their indices."""
    d = state.decision
    if d is None:
        return ()
    limit = bounds.chance if d.player == CHANCE else bounds.actions
    if len(d.actions) > limit:
        what = "chance outcomes" if d.player == CHANCE else "options"
        key = "max_chance_outcomes" if d.player == CHANCE else "max_actions"
        raise BoundExceededError(
            f"{state.game.name}: a decision offers {len(d.actions)} {what}, more than the "
            f"bridge's bound of {limit}; declare a larger one ({key}=...)")
    return d.actions


def encode(state: State, action: Action) -> int:
    """The id of a legal ``action`` in ``state`` (``ValueError`` if it is not an option)."""
    d = state.decision
    if d is None or action not in d:
        raise ValueError(f"{action} is not an option of this state")
    return d.actions.index(action)


def decode(state: State, action_id: int) -> Action:
    """The action with id ``action_id`` in ``state`` (``ValueError`` if there is none)."""
    d = state.decision
    if d is None or not 0 <= action_id < len(d.actions):
        n = 0 if d is None else len(d.actions)
        raise ValueError(f"action id {action_id} is not legal here: the ids are 0..{n - 1}")
    return d.actions[action_id]


def bridge_game(game: str | Path | Game, scenario: str | None = None) -> Game:
    """A game given by name, path or as loaded; ``scenario`` only with a name or a path."""
    if isinstance(game, Game):
        if scenario is not None and scenario != game.scenario:
            raise ValueError(f"{game.name} is loaded already (scenario "
                             f"{game.scenario or 'none'}): give scenario= with its name")
        return game
    from .. import games  # noqa: PLC0415 - the game library, not needed by the codec itself
    return games.load(game, scenario)


__all__ = ["MARGIN", "BoundExceededError", "Bounds", "bridge_game", "declared_bounds", "decode",
           "encode",
           "measure_bounds", "options"]
