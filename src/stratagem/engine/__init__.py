"""The forward model: states, actions, effects, events, flow, chance and views.

The engine knows nothing of YAML, agents, files or the command line. Games are
built from the objects in ``engine.spec`` and ``engine.effects``; ``docs/design.md``
draws the modules and the order in which they import one another.
"""

from . import card_effects  # noqa: F401  (registers look, reveal, show, rule_out, shuffle)
from .actions import Action, Pos, Ref, format_value, parse_action
from .builder import ActionBuilder
from .context import Ctx
from .dice import Distribution, Pool, constant, dice, faces, successes
from .display import a_or_an, params_words, plural
from .effect import Effect, register_effect, unregister_effect
from .effects import Choose, ModifyParam, SetParam, Spawn, builtin_events
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
    ViewPlayedError,
)
from .fog import Fog, explored, last_seen
from .frames import EventFrame
from .game import Game
from .geometry import cell_centre, distance, mover_costs, neighbours, side_steps, tile_cost
from .hands import is_knocked_out
from .info import GameInfo, GameRuntime
from .items import carried
from .knowledge import FACES, MASKED
from .narration import card_words, field_words, fill, label, phase_words, words
from .private_views import UNKNOWN, as_seen
from .protocol import ForwardModel, GameState
from .rng import Rng
from .sameness import is_same_result
from .serialize import OLDER_VERSIONS, dumps, loads, rederive, rules_digest, seed_of
from .state import CHANCE, Decision, Entity, Outcome, Record, State, Status, drawn
from .views import told_record
from .walk import MoveAlong, StopMove

__all__ = [
    "CHANCE",
    "FACES",
    "MASKED",
    "OLDER_VERSIONS",
    "UNKNOWN",
    "Action",
    "ActionBuilder",
    "ActionParseError",
    "Choose",
    "Ctx",
    "Decision",
    "Distribution",
    "Effect",
    "Entity",
    "EventFrame",
    "Fog",
    "ForwardModel",
    "Game",
    "GameDefinitionError",
    "GameInfo",
    "GameRuntime",
    "GameState",
    "IllegalActionError",
    "ModifyParam",
    "MoveAlong",
    "Outcome",
    "Pool",
    "Pos",
    "Record",
    "Ref",
    "Rng",
    "RuleError",
    "RulesChangedError",
    "RunawayError",
    "SerializationError",
    "SetParam",
    "Spawn",
    "State",
    "Status",
    "StopMove",
    "StratagemError",
    "TooManyOutcomesError",
    "UnknownGameError",
    "ViewPlayedError",
    "a_or_an",
    "as_seen",
    "builtin_events",
    "card_words",
    "carried",
    "cell_centre",
    "constant",
    "dice",
    "distance",
    "drawn",
    "dumps",
    "explored",
    "faces",
    "field_words",
    "fill",
    "format_value",
    "is_knocked_out",
    "is_same_result",
    "label",
    "last_seen",
    "loads",
    "mover_costs",
    "neighbours",
    "params_words",
    "parse_action",
    "phase_words",
    "plural",
    "rederive",
    "register_effect",
    "rules_digest",
    "seed_of",
    "side_steps",
    "successes",
    "tile_cost",
    "told_record",
    "unregister_effect",
    "words",
]
