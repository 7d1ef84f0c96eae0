"""The tactical agent (seed 001): brute force over every unit, square and target, priced
in one currency by exact outcome distributions, behind modules polled in order.

- ``currency``: what a change is worth (unit cost per hit point, a kill the whole cost),
  and the named weight tables that shape it;
- ``plans``: a unit's next few actions, listed and priced through the forward model;
- ``threat``: where the enemy can strike next turn, and how hard;
- ``modules``: tactical, consolidation and strategic modules;
- ``agent``: ``TacticalAgent``, which polls them and re-plans after every action.
"""

from .agent import DEFAULT_MODULES, TacticalAgent
from .currency import DEFAULT_WEIGHTS, WEIGHT_TABLES, Currency, WeightsError, parse_weights
from .modules import (
    MODULES,
    Candidate,
    ConsolidationModule,
    Context,
    Module,
    StrategicModule,
    TacticalModule,
)
from .plans import Plan, Planner
from .threat import Memory, Threat

__all__ = ["DEFAULT_MODULES", "DEFAULT_WEIGHTS", "MODULES", "WEIGHT_TABLES", "Candidate",
           "ConsolidationModule", "Context", "Currency", "Memory", "Module", "Plan", "Planner",
           "StrategicModule", "TacticalAgent", "TacticalModule", "Threat", "WeightsError",
           "parse_weights"]
