"""Guarding the squares the enemy wins by taking.

Some games are lost when an enemy unit stands on a square (Broken Throne's castle). Such a
square is an enemy's *goal* (``Objectives.goals``, read from the ``lose`` rules). When the
threat model sees an enemy unit that can reach one of the player's own goal squares on its
next turn, the guard proposes a plan of one of the player's units that ends on that square
(a unit standing there blocks it), priced as the game it saves; a unit already standing on a
threatened square is held there (``pinned``), so that no other module walks it away.
"""

from __future__ import annotations

from ...engine import Pos, distance
from .modules import Candidate, Context, Module
from .objectives import Objectives
from .plans import step_kind


def threatened(ctx: Context, rivals: list[Objectives], near: int = 0) -> list[Pos]:
    """The goal squares of the player's enemies that an enemy unit can reach next turn, or
    (``near=1``) come next to: a square a unit of the player stands on is out of the
    enemy's reach only because it is taken."""
    squares = {g for aims in rivals for g in aims.goals(ctx.state)}
    if not squares:
        return []
    threat = ctx.threat
    if threat is None:
        return []
    reach: set[Pos] = set()
    for enemy in threat.enemies.values():
        if enemy.id in ctx.state.entities:
            reach |= enemy.reach
    metric = ctx.game.board.metric
    return sorted(g for g in squares
                  if g in reach or (near and any(distance(g, r, metric) <= near for r in reach)))


def pinned(ctx: Context, rivals: list[Objectives]) -> set[int]:
    """The player's units standing on a goal square an enemy can reach next turn."""
    mine = {e.pos: e.id for e in ctx.state.entities.values()
            if e.owner == ctx.player and e.pos is not None}
    if not any(g in mine for aims in rivals for g in aims.goal_squares
               if aims.goal_squares[g]):
        return set()
    return {mine[g] for g in threatened(ctx, rivals, near=1) if g in mine}


class GuardModule(Module):
    """Blocks a goal square an enemy unit could take next turn, with the unit that gets
    there best."""

    name = "guard"
    summary = "blocks a square the enemy would win by taking"

    def propose(self, ctx: Context) -> list[Candidate]:
        if not ctx.rivals:
            return []
        open_goals = [g for g in threatened(ctx, ctx.rivals) if ctx.state.occupant(g) is None]
        if not open_goals:
            return []
        win = ctx.weights["win"]
        if any(p.score >= win for p in ctx.all_plans()):
            return []  # a move that wins at once comes first (the tactical module's)
        found: list[Candidate] = []
        for unit in ctx.units:
            if unit is None or ctx.planner.exhausted:
                continue
            for plan in ctx.plans(unit):
                end = plan.at
                if end is None and plan.steps and step_kind(plan.steps[-1]) == "move":
                    to = plan.steps[-1].targets[0][1]
                    end = to if isinstance(to, Pos) else None
                if end is not None and end in open_goals:
                    found.append(Candidate(plan, win + plan.score, f"blocks ({end.x},{end.y})"))
        found.sort(key=lambda c: (-c.score, len(c.plan.steps)))
        return found


__all__ = ["GuardModule", "pinned", "threatened"]
