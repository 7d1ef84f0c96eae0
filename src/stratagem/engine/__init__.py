"""The forward model: states, actions, effects, events, flow, chance and views.

The engine knows nothing of YAML, agents, files or the command line. Games are
built from the objects in ``engine.spec`` and ``engine.effects``.
"""

from .actions import Action, Pos, Ref, parse_action
from .builder import ActionBuilder
from .context import Ctx
from .dice import Distribution, constant, dice, successes
from .errors import (
    ActionParseError,
    GameDefinitionError,
    IllegalActionError,
    RuleError,
    RulesChangedError,
    RunawayError,
    SerializationError,
    StratagemError,
    TooManyOutcomesError,
    UnknownGameError,
)
from .game import Game, GameInfo
from .rng import Rng
from .state import CHANCE, Decision, Entity, Outcome, Record, State, Status

__all__ = [
    "CHANCE",
    "Action",
    "ActionBuilder",
    "ActionParseError",
    "Ctx",
    "Decision",
    "Distribution",
    "Entity",
    "Game",
    "GameDefinitionError",
    "GameInfo",
    "IllegalActionError",
    "Outcome",
    "Pos",
    "Record",
    "Ref",
    "Rng",
    "RuleError",
    "RulesChangedError",
    "RunawayError",
    "SerializationError",
    "State",
    "Status",
    "StratagemError",
    "TooManyOutcomesError",
    "UnknownGameError",
    "constant",
    "dice",
    "parse_action",
    "successes",
]
