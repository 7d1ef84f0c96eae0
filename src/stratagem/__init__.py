"""Stratagem: turn-based tactics, wargames and tabletop games as data, with AI opponents.

    import stratagem
    game = stratagem.load("tic_tac_toe")
    state = game.new_state(seed=7)
    result = stratagem.play(game, ["random", "random"], seed=7)
"""

from __future__ import annotations

from typing import Any

from .agents import Agent, Budget, Choice, make_agent
from .arena import MatchResult, Replay, play, replay_game
from .engine import (
    Action,
    ActionBuilder,
    Decision,
    Game,
    IllegalActionError,
    Outcome,
    State,
    StratagemError,
)
from .games import list_games, load

__version__ = "0.1.0"


def agent(code: str, game: Game, seed: int = 0, **kwargs: Any) -> Agent:
    """An agent by roster code (``"random"``, ``"mcts:iterations=2000"``) for ``game``."""
    return make_agent(code, game, seed=seed, **kwargs)


__all__ = [
    "Action",
    "ActionBuilder",
    "Agent",
    "Budget",
    "Choice",
    "Decision",
    "Game",
    "IllegalActionError",
    "MatchResult",
    "Outcome",
    "Replay",
    "State",
    "StratagemError",
    "agent",
    "list_games",
    "load",
    "play",
    "replay_game",
]
