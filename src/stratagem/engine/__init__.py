"""The forward model: states, actions, effects, events, flow, chance and views.

The engine knows nothing of YAML, agents, files or the command line. Games are
built from the objects in ``engine.spec`` and ``engine.effects``.
"""

from .actions import Action, Pos, Ref, format_value, parse_action
from .builder import ActionBuilder
from .context import Ctx
from .dice import Distribution, constant, dice, successes
from .effects import ModifyParam, SetParam, Spawn
from .errors import (
    ActionParseError,
    GameDefinitionError,
    IllegalActionError,
    RuleError,
    RunawayError,
    SerializationError,
    StratagemError,
    TooManyOutcomesError,
    UnknownGameError,
)
from .game import Game, GameInfo
from .geometry import distance
from .protocol import ForwardModel, GameState
from .rng import Rng
from .runtime import EventFrame
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
    "EventFrame",
    "ForwardModel",
    "Game",
    "GameDefinitionError",
    "GameInfo",
    "GameState",
    "IllegalActionError",
    "ModifyParam",
    "Outcome",
    "Pos",
    "Record",
    "Ref",
    "Rng",
    "RuleError",
    "RunawayError",
    "SerializationError",
    "SetParam",
    "Spawn",
    "State",
    "Status",
    "StratagemError",
    "TooManyOutcomesError",
    "UnknownGameError",
    "constant",
    "dice",
    "distance",
    "format_value",
    "parse_action",
    "successes",
]
