"""The forward-model protocol: what a game must offer to be played by agents and the arena.

``ForwardModel`` is the public face that agents, the arena's referee (``arena.Match``),
the web page and the bridges type against. Stratagem's own ``Game`` (rules compiled from
YAML) satisfies it, and so does ``interop.openspiel_agents.SpielGame``, an OpenSpiel game
held by composition: "a game" is the same thing to an agent whatever made it.

The split between the protocol and a native game's extras:

- **In the protocol** (every game): identity and shape (``name``, ``players``, ``info``),
  the spending counter search budgets read (``calls``), the forward model itself
  (``new_state``, ``legal_actions``, ``is_legal``, ``why_illegal``, ``apply``,
  ``outcomes``, ``playout``, ``reseed``), hidden information (``view``,
  ``determinize``), text forms that travel (``serialize``/``deserialize``,
  ``parse_action``), and the three sentences any account of a game needs
  (``describe_action``, ``describe_flow``, ``render``).
- **Native extras** (``Game`` only): the compiled rules (``board``, ``entity_types``,
  ``action_types``, ``reactions``, ``phases``, ``statuses``, ``zones``, ``player_params``,
  ``score``), where the rules came from (``scenario``, ``scenarios``, ``rules_file``),
  event narration (``narrate``, ``describe_reaction``, ``show_rolls``) and the engine's
  fast paths. Code that needs them asks for a ``Game``, or checks ``isinstance(game,
  Game)`` and does without (the default value function of the search agents does).

A state is only required to be a ``GameState``: what it waits for (``decision``), how it
ended (``outcome``), whose view it is (``viewer``) and the decisions that led to it
(``history``). The protocol is generic in the state type, so ``ForwardModel[State]`` is a
native game and ``ForwardModel[Any]`` any game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar, runtime_checkable

from .actions import Action
from .game import Game, GameInfo
from .rng import Rng
from .state import Decision, Outcome, Record, State


@runtime_checkable
class GameState(Protocol):
    """What every game's state tells: the decision it waits for and how it ended."""

    @property
    def decision(self) -> Decision | None:
        """What the state waits for; ``None`` once the game is over."""

    @property
    def outcome(self) -> Outcome | None:
        """Winners, ranks, scores and reason, once the game is over."""

    @property
    def viewer(self) -> int | None:
        """The player this state is a view for; ``None`` for the full state."""

    @property
    def history(self) -> tuple[Record, ...]:
        """The decisions taken from the start, each with the rolls it produced."""


S = TypeVar("S", bound=GameState)


@runtime_checkable
class ForwardModel(Protocol[S]):
    """A game as agents and the referee see it: states in, new states out, never mutated."""

    @property
    def name(self) -> str:
        """The game's name."""

    @property
    def players(self) -> tuple[str, ...]:
        """The seats' names, in seat order."""

    @property
    def info(self) -> GameInfo:
        """The game's shape (players, chance, hidden information, sizes)."""

    @property
    def calls(self) -> int:
        """Forward-model calls made so far (search budgets count them)."""

    def new_state(self, seed: int = 0) -> S:
        """The first state, advanced to the first decision."""

    def legal_actions(self, state: S) -> Sequence[Action]:
        """Every option of the state's decision (empty when the game is over)."""

    def is_legal(self, state: S, action: Action) -> bool:
        """Whether ``action`` may be applied to ``state``."""

    def why_illegal(self, state: S, action: Action) -> str | None:
        """``None`` if legal, else the rule the action breaks."""

    def apply(self, state: S, action: Action, *, rolls: Sequence[int] | None = None,
              check: bool = True) -> S:
        """The state after ``action`` (``rolls`` replays recorded dice); ``state`` unchanged."""

    def outcomes(self, state: S, action: Action, *,
                 limit: int | None = None) -> list[tuple[float, S]]:
        """The distribution of states ``action`` leads to, as ``(probability, state)``."""

    def playout(self, state: S, rng: Rng, max_steps: int | None = None,
                max_calls: int | None = None) -> S:
        """Play on with random options until the end or a limit; the state reached."""

    def reseed(self, state: S, seed: int) -> S:
        """The same state with another future for its dice (for search)."""

    def view(self, state: S, player: int) -> S:
        """What ``player`` may see of ``state``."""

    def determinize(self, view: S, rng: Rng | int) -> S:
        """A full state consistent with ``view``, hidden parts sampled."""

    def serialize(self, state: S) -> str:
        """A text of the state that ``deserialize`` reads back equal."""

    def deserialize(self, text: str) -> S:
        """The state a ``serialize`` text describes."""

    def parse_action(self, state: S, text: str) -> Action:
        """The legal action with this text form."""

    def describe_action(self, state: S, player: int, action: Action) -> str:
        """The action in words, as ``player`` took it in ``state``."""

    def describe_flow(self, state: S) -> str:
        """Where the game is (round, phase, move), in words."""

    def render(self, state: S) -> str:
        """The board as text (empty when the game has none to draw)."""


if TYPE_CHECKING:  # the type checker proves here that a native game is a forward model
    def _native(game: Game) -> ForwardModel[State]:
        return game


__all__ = ["ForwardModel", "GameState"]
