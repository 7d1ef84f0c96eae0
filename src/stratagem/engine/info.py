"""What a game says about itself, and what it counts while it is played.

``GameInfo`` is the game's shape as data (players, chance, hidden information, sizes),
fixed when the game is built; ``GameRuntime`` is the one mutable part of a ``Game``:
the count of forward-model calls and the caches of play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import Action

SIZES = ("max_options", "max_chance_options", "max_length")
"""The sizes a game may declare (``GameInfo``)."""


@dataclass(frozen=True)
class GameInfo:
    """The game's shape as data; agents check it when they are constructed.

    ``chance``: whether dice or random draws occur; ``hidden``: whether some
    information is withheld from some player; ``dynamics``: "sequential".
    The sizes a game may declare (``None`` when it does not): ``max_options``,
    the most options of any player decision; ``max_chance_options``, of any
    chance decision (with chance surfaced); ``max_length``, the most decisions
    in a game, chance ones included. Bridges that number actions read them.
    """

    players: int
    chance: bool
    hidden: bool
    dynamics: str = "sequential"
    max_rounds: int | None = None
    max_options: int | None = None
    max_chance_options: int | None = None
    max_length: int | None = None
    observation_cell: int | None = None
    """The side, in board cells, of the squares the bridges' observation planes read the
    board in (``None``: chosen by the bridge); declared in the rules' ``shape``."""
    observation_params: tuple[str, ...] | None = None
    """The parameters the bridges' observations show (``None``: those that change in
    play); declared in the rules' ``shape``."""


class GameRuntime:
    """What changes while a game is played: mutable, unlike the ``Game`` that holds it.

    Nothing here changes what the game does; it counts and remembers."""

    __slots__ = ("action_cache", "calls", "deadline", "digest", "event_checks", "prompts",
                 "value_actions")

    def __init__(self) -> None:
        self.calls = 0
        """Forward-model calls so far: each ``apply``, each playout step and each state
        ``outcomes`` builds. Agents budget by it (``game.calls``), so a search's size
        compares across machines."""
        self.action_cache: dict[tuple[Any, ...], tuple[Action, ...]] = {}
        """Actions built for recurring candidate lists (``options.single_target``)."""
        self.value_actions: dict[tuple[Any, ...], dict[Any, Action]] = {}
        """The same by action type, actor and target name, one action per target value:
        a list not seen before is mostly values seen before."""
        self.prompts: dict[tuple[int, int | None, int, int], str] = {}
        """The prompts of action decisions made so far (``options.prompt``)."""
        self.deadline: float | None = None
        """A ``time.perf_counter()`` past which ``outcomes`` stops enumerating and gives one
        sampled result: set by an agent for the length of a decision with a time budget."""
        self.digest: str | None = None
        """The fingerprint of a game's parts, worked out on first use for a game no rules
        loader fingerprinted (``serialize.rules_digest``)."""
        self.event_checks: dict[str, Any] | None = None
        """The game's event validity checks by the names saved states record, worked out
        on first use (``serialize``)."""
