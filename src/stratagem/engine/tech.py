"""Technologies: trees of research with costs, prerequisites and research times.

A technology belongs to a tree, costs amounts of player parameters, requires other
technologies first, and takes some rounds to research. What each player has researched
is kept in ``State.counters`` under ``tech:<player>``, as a tuple of names in the order
they were researched. Researching over several rounds is a multi-turn action
(``engine.continuous``) whose first effect pays the cost and whose completion marks the
technology researched.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .runtime import Resolver
    from .state import State


@dataclass(frozen=True)
class Technology:
    """A technology: its tree, cost, prerequisites, research time and description."""

    name: str
    tree: str = ""
    cost: tuple[tuple[str, float], ...] = ()
    requires: tuple[str, ...] = ()
    turns: int = 0
    description: str = ""


def researched(s: State, player: int) -> tuple[str, ...]:
    """The technologies ``player`` has researched, in the order researched."""
    done: tuple[str, ...] = s.counters_.get(f"tech:{player}", ())
    return done


def is_researched(s: State, player: int, tech: str) -> bool:
    """Whether ``player`` has researched ``tech``."""
    return tech in s.counters_.get(f"tech:{player}", ())


def can_afford(s: State, player: int, tech: Technology) -> bool:
    """Whether ``player``'s parameters cover the technology's cost."""
    params = s.players[player].params_
    return all(params.get(p, 0) >= amount for p, amount in tech.cost)


def can_research(s: State, player: int, tech: Technology) -> bool:
    """Whether ``player`` may start researching ``tech``: not researched yet, every
    prerequisite researched, and the cost affordable."""
    done = s.counters_.get(f"tech:{player}", ())
    return (tech.name not in done and all(t in done for t in tech.requires)
            and can_afford(s, player, tech))


def pay(r: Resolver, player: int, tech: Technology) -> None:
    """Take the technology's cost from ``player``'s parameters (clamped to their bounds)."""
    specs = r.game.player_param_specs
    params = r.s.players[player].params_
    for p, amount in tech.cost:
        value = params.get(p, 0) - amount
        spec = specs.get(p)
        if spec is not None:
            value = spec.clamp(value)
        if params.get(p) != value:
            r.s._w_player(player).params_[p] = value
            params = r.s.players[player].params_


def mark_researched(r: Resolver, player: int, tech: str) -> None:
    """Record that ``player`` has researched ``tech`` (once)."""
    key = f"tech:{player}"
    done = r.s.counters_.get(key, ())
    if tech not in done:
        r.s._w_counters()[key] = (*done, tech)
