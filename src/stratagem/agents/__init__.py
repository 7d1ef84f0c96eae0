"""Agents that play through the engine's public API, and the roster that names them.

- ``random``: uniform among the legal options (a baseline);
- ``osla``: one-step lookahead over exact outcome distributions;
- ``greedy-turn``: a whole multi-action turn planned greedily;
- ``expectimax``: depth-limited expectimax, alpha-beta where sound, iterative deepening;
- ``mcts``: UCT with exact chance, determinization, progressive widening, tree reuse;
- ``tactical``: brute-force tactics priced in unit gold by exact outcomes, with
  consolidation and strategic modules (``agents.tactical``);
- ``human``: a person at the terminal, asked step by step through an ``ActionBuilder``;
- the difficulty levels ``novice``, ``casual``, ``skilled``, ``expert``, ``master``
  (``agents.levels``): named agents with budgets, weakest first.

Search agents value the states where they stop looking with a value function
(``agents.value``) and, for MCTS, an evaluator (``agents.evaluate``).
"""

from .base import Agent, Budget, Choice, GameShapeError, Meter, SearchAgent
from .evaluate import Evaluator, Rollout
from .expectimax import ExpectimaxAgent
from .human import HumanAgent, QuitGame, UndoDecision
from .levels import LEVELS, Level
from .lookahead import GreedyTurnAgent, OSLAAgent
from .mcts import MCTSAgent
from .portfolio import PortfolioAgent
from .random_agent import RandomAgent
from .rhea import RHEAAgent
from .roster import (
    ROSTER,
    AgentSpec,
    AgentSpecError,
    make_agent,
    parse_agent_code,
    split_agent_codes,
)
from .tactical import TacticalAgent
from .value import MaterialValue, ValueFunction, default_value, terminal_value

__all__ = ["LEVELS", "ROSTER", "Agent", "AgentSpec", "AgentSpecError", "Budget", "Choice",
           "Evaluator", "ExpectimaxAgent", "GameShapeError", "GreedyTurnAgent", "HumanAgent",
           "Level", "MCTSAgent", "MaterialValue", "Meter", "OSLAAgent", "PortfolioAgent",
           "QuitGame", "RHEAAgent", "RandomAgent", "Rollout", "SearchAgent", "TacticalAgent",
           "UndoDecision",
           "ValueFunction", "default_value",
           "make_agent", "parse_agent_code", "split_agent_codes",
           "terminal_value"]
