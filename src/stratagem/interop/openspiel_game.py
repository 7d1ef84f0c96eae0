"""Any Stratagem game as an OpenSpiel game (``pip install 'stratagem[openspiel]'``).

    from stratagem.interop import openspiel_game
    spiel_game = openspiel_game.load_game("connect_four")   # a pyspiel.Game
    openspiel_game.register()                               # every bundled game, then:
    pyspiel.load_game("stratagem_pig(seed=3)")

The game's OpenSpiel type comes from its rules header (``game.info``):
sequential dynamics; explicit stochastic chance when the game rolls dice or
draws at random, else deterministic; imperfect information when it hides
zones or entities; zero-sum terminal rewards for two players (general-sum for
more), from ``Outcome.returns`` (win 1, loss -1, draw 0, ranks in between).

- **States.** Each OpenSpiel state holds a Stratagem state played with
  explicit chance (``new_state(seed, explicit_chance=True)``): every roll and
  random draw is an OpenSpiel chance node whose ``chance_outcomes`` are the
  engine's options with their exact probabilities. Reaction windows are
  ordinary decisions of the reacting player.
- **Actions** are numbered per decision (``interop.codec``): id ``i`` is the
  ``i``-th option of the state's decision, its text form the action's own.
  ``num_distinct_actions``, ``max_chance_outcomes`` and ``max_game_length``
  are bounds, declared as game parameters (``max_actions``,
  ``max_chance_outcomes``, ``max_game_length``) or measured by seeded random
  playouts (twice the largest figure seen). A measured length is an estimate:
  a longer game plays on, but its information-state tensor, sized by the
  bound, cannot hold it and raises ``BoundExceededError``.
- **Observations** (``interop.features``): the observation string is a
  readable text of what the player sees; the observation tensor a fixed-size
  vector of board planes, card counts, player parameters and whose turn it
  is. The information-state string is the player's view serialized, log
  included (perfect recall); the information-state tensor is the observation
  tensor followed by one row per move so far: for a game without hidden
  information the pair ``(player, id + 1)``, for one with hidden information
  the move as the player's view shows it (``features.MoveFeatures``: who, the
  action type, the actor and the targets, chance outcomes hidden), since an
  opponent's option id would tell what its hidden hand allowed.
- **Information sets.** ``resample_from_infostate(player, sampler)`` deals the
  cards the player cannot see anew through ``determinize`` (seeded from the
  sampler), keeping the moves so far: OpenSpiel's ``ISMCTSBot`` runs on our
  hidden-card games.
- **Serialization.** ``state.serialize()`` is OpenSpiel's own (the action
  ids, replayed from the initial state), and round-trips through
  ``pyspiel.serialize_game_and_state``; ``native_state(state)`` gives the
  Stratagem state, with its own versioned JSON (``game.serialize``).
"""

from __future__ import annotations

import ctypes
import re
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

from .. import games as _games
from ..engine import CHANCE, Game, State
from .codec import BoundExceededError, Bounds, bridge_game, declared_bounds, decode, options
from .features import Features, MoveFeatures, describe

PREFIX = "stratagem_"
"""OpenSpiel short names of Stratagem games: ``stratagem_<game name>``."""

PARAMETERS: dict[str, int] = {"seed": 0, "max_actions": 0, "max_chance_outcomes": 0,
                              "max_game_length": 0}
"""Game parameters: the seed of the initial state, and bounds (0: measure them)."""


def short_name(game: Game) -> str:
    """The OpenSpiel short name of a Stratagem game, a scenario other than its default
    after two underscores (``stratagem_skirmish__ambush``): each set-up is a game of its
    own there."""
    default = game.scenarios[0] if game.scenarios else ""
    name = game.name if game.scenario in ("", default) else f"{game.name}__{game.scenario}"
    return PREFIX + re.sub(r"[^a-z0-9_]", "_", name.lower())


def game_type(game: Game) -> Any:
    """The ``pyspiel.GameType`` of a Stratagem game, from its rules header."""
    info = game.info
    if info.dynamics != "sequential":
        raise ValueError(f"{game.name}: only sequential games have an OpenSpiel bridge")
    kind = pyspiel.GameType
    return kind(
        short_name=short_name(game),
        long_name=f"Stratagem {game.name}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=(kind.ChanceMode.EXPLICIT_STOCHASTIC if info.chance
                     else kind.ChanceMode.DETERMINISTIC),
        information=(kind.Information.IMPERFECT_INFORMATION if info.hidden
                     else kind.Information.PERFECT_INFORMATION),
        utility=kind.Utility.ZERO_SUM if info.players == 2 else kind.Utility.GENERAL_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=info.players,
        min_num_players=info.players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(PARAMETERS),
    )


def game_info(game: Game, bounds: Bounds) -> Any:
    """The ``pyspiel.GameInfo`` of a Stratagem game under ``bounds``."""
    return pyspiel.GameInfo(
        num_distinct_actions=bounds.actions,
        max_chance_outcomes=bounds.chance,
        num_players=len(game.players),
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0 if len(game.players) == 2 else None,
        max_game_length=bounds.length,
    )


class StratagemGame(pyspiel.Game):  # type: ignore[misc]
    """A Stratagem game seen as a ``pyspiel.Game``; ``native`` is the Stratagem ``Game``."""

    def __init__(self, game: Game, params: dict[str, Any] | None = None) -> None:
        values = dict(PARAMETERS)
        for key, value in (params or {}).items():
            if key not in PARAMETERS:
                raise ValueError(f"{short_name(game)} has no parameter '{key}' "
                                 f"(its parameters: {', '.join(PARAMETERS)})")
            values[key] = int(value)
        self.native = game
        self.seed = values["seed"]
        self.bounds = declared_bounds(game, values["max_actions"],
                                      values["max_chance_outcomes"], values["max_game_length"])
        self.features = Features(game)
        self.initial = game.new_state(self.seed, explicit_chance=True)
        """The starting position: states are immutable, so every game shares it."""
        super().__init__(game_type(game), game_info(game, self.bounds), values)

    def new_initial_state(self) -> StratagemState:
        """The game's starting position, with chance explicit."""
        return StratagemState(self, self.initial)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer:
        """Observations (``perfect_recall=False``) or information states (``True``)."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self, recall)


class StratagemState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over a Stratagem state (``native``), which it replaces on each move."""

    def __init__(self, game: StratagemGame, native: State) -> None:
        super().__init__(game)
        self.held = _Held(native, game.bounds)

    @property
    def native(self) -> State:
        """The Stratagem state."""
        return self.held.state

    @property
    def ids(self) -> list[tuple[int, int]]:
        """``(player, id)`` of every move so far, chance included (for information states)."""
        out = []
        node = self.held.moves
        while node is not None:
            node, move = node
            out.append(move)
        out.reverse()
        return out

    @property
    def bounds(self) -> Bounds:
        """The sizes the game declares."""
        return self.held.bounds

    # ------------------------------------------------------------ the game tree
    def current_player(self) -> int:
        """The deciding player; ``CHANCE`` or ``TERMINAL`` as OpenSpiel numbers them."""
        d = self.native.decision
        if d is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if d.player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return d.player

    def _legal_actions(self, player: int) -> list[int]:
        d = self.native.decision
        if d is None or d.player != player:
            return []
        return list(range(len(options(self.native, self.bounds))))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(id, probability)`` of each option of a chance decision."""
        d = self.native.decision
        if d is None or d.player != CHANCE:
            return []
        options(self.native, self.bounds)
        return list(enumerate(d.probabilities))

    def _apply_action(self, action: int) -> None:
        d = self.native.decision
        assert d is not None, "a move on a finished game"
        held = self.held
        native = held.state
        self.held = _Held(native.game.apply(native, decode(native, action), check=False),
                          held.bounds, (held.moves, (d.player, action)))

    def _action_to_string(self, player: int, action: int) -> str:
        d = self.native.decision
        if d is not None and 0 <= action < len(d.actions):
            return str(d.actions[action])
        return f"option {action}"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.native.outcome is not None

    def returns(self) -> list[float]:
        """Each player's return: ``Outcome.returns`` once over, zeros before."""
        outcome = self.native.outcome
        if outcome is None:
            return [0.0] * len(self.native.game.players)
        return list(outcome.returns)

    def __str__(self) -> str:
        return describe(self.native)

    # ------------------------------------------------------ information sets
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> StratagemState:
        """A state ``player_id`` cannot tell from this one, its hidden parts sampled anew.

        Stratagem's ``determinize`` deals every card the player cannot see (and places
        every unseen entity) consistently with the player's view, so information-set
        searches (OpenSpiel's ``ISMCTSBot``) run on hidden-card games. The seed of the
        sample comes from ``probability_sampler`` (a callable giving numbers in [0, 1),
        OpenSpiel's ``UniformProbabilitySampler``), so a seeded sampler gives the same
        worlds. The moves so far are kept: the player's information state is unchanged.
        """
        native = self.native
        game = native.game
        if not 0 <= player_id < len(game.players):
            raise ValueError(f"no player {player_id} in {game.name} "
                             f"(players 0 to {len(game.players) - 1})")
        if not game.info.hidden:
            return self.__deepcopy__({})
        seed = int(float(probability_sampler()) * (1 << 31)) & 0x7FFFFFFF
        world = game.determinize(game.view(native, player_id), seed)
        twin = StratagemState.__new__(StratagemState)
        pyspiel.State.__init__(twin, self.get_game())
        twin.held = _Held(world, self.held.bounds, self.held.moves)
        return twin

    # -------------------------------------------------------------- copying
    def __deepcopy__(self, memo: dict[int, Any]) -> StratagemState:
        # Stratagem states are immutable values: a copy shares the native state.
        twin = StratagemState.__new__(StratagemState)
        pyspiel.State.__init__(twin, self.get_game())
        twin.held = self.held
        return twin

    def __copy__(self) -> StratagemState:
        return self.__deepcopy__({})



class _Held:
    """A Stratagem state kept by an OpenSpiel state.

    It is immutable — the state, the game's bounds and the moves so far (a
    persistent list of ``(player, id)``) — so OpenSpiel's copies of a state,
    which deep-copy its attributes, share it (``__deepcopy__``). OpenSpiel
    serializes a Python state as its move history plus its pickled attributes;
    a Stratagem state refers to its compiled game, which does not pickle, so
    this holder pickles as the game's short name and the state's own JSON text,
    and unpickles through the registry.
    """

    __slots__ = ("bounds", "moves", "state")

    def __init__(self, state: State, bounds: Bounds, moves: Any = None) -> None:
        self.state = state
        self.bounds = bounds
        self.moves = moves

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return self

    def __copy__(self) -> _Held:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, str, Bounds, Any]]:
        game = self.state.game
        return _thaw, (register_game(game), game.serialize(self.state), self.bounds, self.moves)


def _thaw(name: str, text: str, bounds: Bounds, moves: Any) -> _Held:
    game = _registered.get(name)
    if game is None:
        raise ValueError(f"cannot read a state of '{name}': that game is not registered")
    return _Held(game.deserialize(text), bounds, moves)


class Observer:
    """OpenSpiel's ``PyObserver`` contract: ``tensor``, ``dict``, ``set_from``, ``string_from``.

    ``recall=False`` observes (what the player sees now); ``recall=True`` gives
    information states (what the player has seen all game).
    """

    def __init__(self, game: StratagemGame, recall: bool) -> None:
        self.game = game
        self.recall = recall
        self.features = game.features
        hidden = game.native.info.hidden
        self.moves = MoveFeatures(game.native) if recall and hidden else None
        width = 0 if not recall else self.moves.width if self.moves is not None else 2
        self.tensor = np.zeros(self.features.size + width * game.bounds.length, np.float32)
        self.dict = {"observation": self.tensor[:self.features.size]}
        if recall:
            self.dict["history"] = self.tensor[self.features.size:].reshape(-1, width)

    def set_from(self, state: StratagemState, player: int) -> None:
        """Fill ``tensor`` with ``state`` as ``player`` sees it."""
        observation = self.dict["observation"]
        observation.fill(0)
        self.features.fill(state.native, player, observation)
        if not self.recall:
            return
        rows = self.dict["history"]
        records = None if self.moves is None else self.moves.moves(state.native, player)
        ids = state.ids if records is None else []
        count = len(ids) if records is None else len(records)
        if count > len(rows):
            game = state.native.game.name
            raise BoundExceededError(
                f"{game}: {count} moves do not fit the information-state tensor, "
                f"sized for the bound of {len(rows)}; declare a larger one "
                "(max_game_length=...)")
        rows.fill(0)
        if records is not None and self.moves is not None:
            for row, record in zip(rows, records, strict=False):
                self.moves.row(record, row)
        elif count:  # rows (player, id + 1): chance is -1; an empty slot is (0, 0)
            rows[:count] = np.asarray(ids, np.float32) + np.array((0.0, 1.0))

    def string_from(self, state: StratagemState, player: int) -> str:
        """The observation (readable text) or information state (serialized view) as text."""
        if self.recall:
            native = state.native
            return native.game.serialize(native.game.view(native, player))
        return describe(state.native, player)


# ------------------------------------------------------------------ loading
def load_game(game: str | Path | Game, scenario: str | None = None,
              **params: int) -> StratagemGame:
    """A Stratagem game (bundled name, rules file, or ``Game``) as a ``pyspiel.Game``,
    in ``scenario`` (a name or a path only: a ``Game`` is in the set-up it was loaded
    with).

    The game is registered with OpenSpiel on first use, under ``short_name``,
    so ``pyspiel.load_game`` and ``pyspiel.deserialize_game_and_state`` find it.
    """
    native = bridge_game(game, scenario)
    register_game(native)
    return StratagemGame(native, params)


_registered: dict[str, Game] = {}


def register_game(game: Game) -> str:
    """Register one Stratagem game with OpenSpiel; its short name."""
    name = short_name(game)
    known = _registered.get(name)
    if known is game:
        return name
    if known is not None or name in pyspiel.registered_names():
        if known is None or known.name != game.name:
            raise ValueError(f"an OpenSpiel game named '{name}' is already registered")
        return name  # the same game, loaded again from its rules file

    def factory(params: dict[str, Any] | None = None) -> StratagemGame:
        return StratagemGame(game, params)

    # OpenSpiel's registry lives until the C++ runtime exits, after Python has shut down:
    # were it to hold the last reference to the factory, freeing it then would crash
    # the process. One extra reference, never released, keeps it alive to the end.
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(factory))
    pyspiel.register_game(game_type(game), factory)
    _registered[name] = game
    return name


def register(names: list[str] | None = None) -> list[str]:
    """Register bundled games (all of them by default) with OpenSpiel; their short names."""
    return [register_game(_games.load(n)) for n in (names or _games.list_games())]


def native_state(state: Any) -> State:
    """The Stratagem state inside a bridged OpenSpiel state."""
    if not isinstance(state, StratagemState):
        raise TypeError(f"not a bridged Stratagem state: {type(state).__name__}")
    return state.native


__all__ = ["PARAMETERS", "PREFIX", "Observer", "StratagemGame", "StratagemState",
           "game_info", "game_type", "load_game", "native_state", "register", "register_game",
           "short_name"]
