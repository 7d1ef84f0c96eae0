"""The modules the tactical agent polls in order, each behind one interface.

A module looks at the plans of every unit (``Context``) and proposes the ones it
would carry out, best first, each with its score; an empty list means it has
nothing to do. The agent carries out the first proposal of the first module
that has one, then polls all of them again from the new state.

- ``TacticalModule``: the plans whose exact expected price is above the
  threshold: attacks, heals, detonations, recruits, winning moves; with a
  ``depth`` above 1, an action on a target is also priced with the best
  follow-ups of other units on the same target (seed 001's combo stars: a blow
  worth striking only because a second unit can then finish the target).
- ``ConsolidationModule``: a unit the enemy is expected to kill next turn where
  it stands moves to where it loses least.
- ``StrategicModule``: a unit with nothing better to do walks toward the
  nearest objective (``objectives``: an enemy leader, a goal square, a square to
  capture, an enemy unit), by walking distance round what blocks the way, never
  onto a square where it would be killed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...engine import Game, Pos, State, distance
from .currency import Currency
from .objectives import Objectives
from .plans import Plan, Planner, target_ids
from .reuse import Kept, Reuse
from .threat import Memory, Threat

if TYPE_CHECKING:
    from collections.abc import Callable

TIE = 1e-6
"""Scores closer than this are a tie."""

FOLLOW_WIDTH = 3
"""Follow-ups searched further at each depth: the best this many by their own price (each
unit's action on a target from its best square once)."""

CAUTION = 0.1
"""How much the strategic module shies from expected losses, per unit of currency."""


@dataclass(frozen=True)
class Candidate:
    """A plan a module would carry out, its score in that module's terms, and why."""

    plan: Plan
    score: float
    note: str = ""


class Context:
    """What the modules share while one decision is made: the state, the plans of every
    unit (listed once, on demand) and the threat model (built once, on demand)."""

    def __init__(self, game: Game, state: State, player: int, planner: Planner,
                 currency: Currency, weights: dict[str, float],
                 threat: Callable[[], Threat | None], reuse: Reuse | None = None,
                 memory: Memory | None = None, depth: int = 1,
                 objectives: Objectives | None = None) -> None:
        self.game = game
        self.objectives = objectives
        self.rivals: list[Objectives] = []
        """The enemies' objectives (for their goal squares, which the guard blocks)."""
        """What the strategic module walks toward (``None``: the nearest enemy, as the crow
        flies)."""
        self.depth = depth
        """How many own units' actions one candidate may chain (1: each plan alone)."""
        self.reuse = reuse
        self.memory = memory
        self.state = state
        self.player = player
        self.planner = planner
        self.currency = currency
        self.weights = weights
        self._threat = threat
        self._threat_built = False
        self._threat_value: Threat | None = None
        self._plans: dict[int | None, list[Plan]] = {}
        d = state.decision
        assert d is not None
        actors = {a.actor for a in d.actions if a.actor is not None}
        ents = state.entities
        self.units: list[int | None] = [
            eid for eid in sorted(actors) if eid in ents and ents[eid].owner == player]
        if any(a.actor is None for a in d.actions):
            self.units.append(None)

    @property
    def threshold(self) -> float:
        return self.weights["threshold"]

    def plans(self, unit: int | None) -> list[Plan]:
        """Every plan of one unit (``None``: the player's own actions), listed once."""
        known = self._plans.get(unit)
        kept = None
        if known is None and unit is not None and self.reuse is not None:
            found = self.reuse.get(self.state, self.player, unit)
            if isinstance(found, Kept):
                kept = found
            else:
                known = found
        if known is None:
            known = self.planner.plans_for(self.state, unit, kept=kept)
            if unit is not None and self.reuse is not None and not self.planner.exhausted:
                kind = self.state.entities[unit].type
                seen = self.memory.reach.get(kind) if self.memory is not None else None
                self.reuse.put(self.state, self.player, unit, known,
                               seen[1] if seen is not None else 0.0)
        self._plans[unit] = known
        return known

    def forget(self, unit: int | None) -> None:
        """Drop a unit's plans, kept or listed, so that they are listed afresh."""
        self._plans.pop(unit, None)
        if self.reuse is not None and unit is not None:
            self.reuse.kept.pop((self.player, unit), None)

    def all_plans(self) -> list[Plan]:
        """Every plan of every unit, units in id order, the player's own last."""
        out: list[Plan] = []
        for unit in self.units:
            if self.planner.exhausted:
                break
            out.extend(self.plans(unit))
        return out

    @property
    def threat(self) -> Threat | None:
        """The threat model for this state (``None`` when it cannot be built)."""
        if not self._threat_built:
            self._threat_value = self._threat()
            self._threat_built = True
        return self._threat_value

    def danger(self, unit: int | None, pos: Pos | None) -> tuple[float, bool]:
        """Expected loss (weighted) and death of ``unit`` at ``pos`` next enemy turn."""
        threat = self.threat
        if threat is None or unit is None or pos is None:
            return 0.0, False
        loss, killed = threat.danger(self.state, unit, pos)
        return loss * self.weights["danger"], killed

    def nearest_enemy(self, pos: Pos) -> float | None:
        """The distance from ``pos`` to the nearest enemy unit that has a worth."""
        metric = self.game.board.metric
        best: float | None = None
        for e in self.state.entities.values():
            if e.owner is None or e.owner == self.player or e.pos is None:
                continue
            if e.type not in self.currency.worth:
                continue
            dist = distance(pos, e.pos, metric)
            if best is None or dist < best:
                best = dist
        return best


class Module:
    """A part of the agent: proposes plans, best first, or nothing."""

    name = "module"
    summary = ""

    def propose(self, ctx: Context) -> list[Candidate]:
        raise NotImplementedError

    def same(self, ctx: Context, a: Candidate, b: Candidate) -> bool:
        """Whether the module holds two of its candidates equally good (a tie the agent may
        break at random): the same score, within ``TIE``, and as many steps."""
        return abs(a.score - b.score) <= TIE and len(a.plan.steps) == len(b.plan.steps)


class TacticalModule(Module):
    """Every unit, every reachable position, every action and target there, priced by exact
    outcomes; the best above the threshold, ties broken by the safer square. With a depth
    above 1, combos: an action on a target plus the best follow-ups of other units on it."""

    name = "tactical"
    summary = "attacks and other actions priced by their exact expected outcome"

    def propose(self, ctx: Context) -> list[Candidate]:
        plans = ctx.all_plans()
        found = [Candidate(p, p.score) for p in plans if p.score > ctx.threshold]
        if ctx.depth > 1 and not ctx.planner.exhausted:
            found = combos(ctx, plans, found)
        found.sort(key=lambda c: (-c.score, len(c.plan.steps)))
        if len(found) > 1 and found[1].score >= found[0].score - TIE:
            top = found[0].score
            tied = [c for c in found if c.score >= top - TIE]
            rest = [c for c in found if c.score < top - TIE]
            tied.sort(key=lambda c: (ctx.danger(c.plan.unit, c.plan.at)[0],
                                     len(c.plan.steps)))
            found = tied + rest
        return found

    def same(self, ctx: Context, a: Candidate, b: Candidate) -> bool:
        """A tie: the same score and steps, and the same expected loss where each ends."""
        return super().same(ctx, a, b) and abs(
            ctx.danger(a.plan.unit, a.plan.at)[0] - ctx.danger(b.plan.unit, b.plan.at)[0]) <= TIE


def end_state(ctx: Context, plan: Plan) -> State | None:
    """The state a plan is sure to lead to (``None`` when its result is uncertain), re-played
    through the planner for a plan kept from an earlier decision."""
    if plan.fresh:
        return plan.states[-1] if plan.states else None
    state: State | None = ctx.state
    for step in plan.steps:
        d = None if state is None else state.decision
        if state is None or d is None or step not in d:
            return None
        price = ctx.planner.value(state, step)
        state = None if price is None else price.state
    return state


def combos(ctx: Context, plans: list[Plan], found: list[Candidate]) -> list[Candidate]:
    """``found`` with each action on a target re-scored with the best follow-ups (up to
    ``depth - 1`` of them) of the player's other units on the same target, where that makes
    it worth more: the combo of seed 001, found by searching the forward model.

    Only units that could act on one of the targets from where they stand now are tried as
    follow-ups, each plan of one unit on one target from its best square once; the search
    stops where the budget runs out, keeping what it priced."""
    by_steps = {c.plan.steps: c for c in found}
    reach: dict[int, set[int | None]] = {}
    best: dict[tuple[int | None, Any], Plan] = {}
    for p in plans:
        if p.kind != "act" or p.unit is None:
            continue
        for tid in target_ids(p.steps[-1]):
            reach.setdefault(tid, set()).add(p.unit)
        key = (p.unit, p.steps[-1])
        if key not in best or p.score > best[key].score:
            best[key] = p
    for plan in sorted(best.values(), key=lambda p: -p.score):
        if ctx.planner.exhausted:
            break
        targets = set(target_ids(plan.steps[-1]))
        helpers = set().union(*(reach.get(t, set()) for t in targets)) - {plan.unit}
        if not helpers:
            continue
        end = end_state(ctx, plan)
        if end is None:
            continue
        more, then = follow_up(ctx, end, targets, helpers, {plan.unit}, ctx.depth - 1)
        if then is None or more <= 0:
            continue
        score = plan.score + more
        known = by_steps.get(plan.steps)
        if score > ctx.threshold and (known is None or score > known.score + TIE):
            by_steps[plan.steps] = Candidate(plan, score, f"combo with {then}")
    return list(by_steps.values())


def follow_up(ctx: Context, state: State, targets: set[int], helpers: set[int | None],
              used: set[int | None], depth: int) -> tuple[float, str | None]:
    """The best value of up to ``depth`` actions of other units (of ``helpers``, not in
    ``used``) on ``targets``, one after another from ``state``, and the first in words."""
    d = state.decision
    if depth < 1 or d is None or d.kind != "action" or d.player != ctx.player:
        return 0.0, None
    ents = state.entities
    actors = sorted({a.actor for a in d.actions if a.actor in helpers and a.actor not in used
                     and a.actor in ents})
    options: dict[tuple[int | None, Any], Plan] = {}
    for unit in actors:
        for p in ctx.planner.plans_for(state, unit):
            if ctx.planner.exhausted:
                break
            if p.kind != "act" or not targets & set(target_ids(p.steps[-1])):
                continue
            key = (unit, p.steps[-1])
            if key not in options or p.score > options[key].score:
                options[key] = p
    best, said = 0.0, None
    for p in sorted(options.values(), key=lambda p: -p.score)[:FOLLOW_WIDTH]:
        value = p.score
        end = p.states[-1] if p.states else None
        if depth > 1 and end is not None and not ctx.planner.exhausted:
            value += follow_up(ctx, end, targets, helpers, used | {p.unit}, depth - 1)[0]
        if value > best + TIE:
            best, said = value, f"{describe_step(ctx, state, p)} ({value:+.2f})"
    return best, said


def describe_step(ctx: Context, state: State, plan: Plan) -> str:
    """A plan's last step in the game's words."""
    return ctx.game.describe_action(state, ctx.player, plan.steps[-1])


class ConsolidationModule(Module):
    """A unit that the enemy's next turn is expected to kill where it stands moves to the
    reachable square where it loses least (if that is worth more than staying)."""

    name = "consolidation"
    summary = "pulls units out of squares where the enemy's next turn kills them"

    def propose(self, ctx: Context) -> list[Candidate]:
        found: list[Candidate] = []
        for unit in ctx.units:
            if unit is None or ctx.planner.exhausted:
                continue
            here = ctx.state.entities[unit].pos
            plans = [p for p in ctx.plans(unit) if p.moves and p.at is not None]
            if not plans:
                continue
            loss_now, killed_now = ctx.danger(unit, here)
            if not killed_now:
                continue
            for plan in plans:
                loss, killed = ctx.danger(unit, plan.at)
                gain = loss_now - loss + plan.score
                if gain > ctx.threshold:
                    note = "still in reach" if killed else "out of reach"
                    found.append(Candidate(plan, gain, note))
        # Of equal retreats, the one that stays nearest the enemy keeps the unit in the fight.
        found.sort(key=lambda c: (-c.score, ctx.nearest_enemy(c.plan.at) or 0.0
                                  if c.plan.at is not None else 0.0, len(c.plan.steps)))
        return found

    def same(self, ctx: Context, a: Candidate, b: Candidate) -> bool:
        """A tie: the same score and steps, and as near the enemy."""
        def near(c: Candidate) -> float:
            return (ctx.nearest_enemy(c.plan.at) or 0.0) if c.plan.at is not None else 0.0
        return super().same(ctx, a, b) and near(a) == near(b)


class StrategicModule(Module):
    """A unit with nothing better to do walks toward the nearest objective (an enemy leader,
    a goal square, a square to capture, an enemy unit) by walking distance, keeping off the
    squares where the enemy's next turn would kill it."""

    name = "strategic"
    summary = "walks units toward objectives round obstacles, off killing squares"

    def propose(self, ctx: Context) -> list[Candidate]:
        found: list[Candidate] = []
        advance = ctx.weights["advance"]
        aims = ctx.objectives
        units = [u for u in ctx.units if u is not None]
        if aims is not None:
            for unit in units:
                if ctx.planner.exhausted:
                    break
                for plan in ctx.plans(unit):
                    if plan.moves and plan.fresh and plan.kind != "act" and plan.states:
                        aims.learn(ctx.state, plan.states[-1], plan.at)
        for unit in units:
            if ctx.planner.exhausted:
                continue
            entity = ctx.state.entities[unit]
            here = entity.pos
            if here is None:
                continue
            field = aims.field(ctx.state, entity) if aims is not None else None
            walk = field is not None and math.isfinite(field(here))
            start = field(here) if walk and field is not None else ctx.nearest_enemy(here)
            if start is None:
                continue
            _, killed_now = ctx.danger(unit, here)
            for plan in ctx.plans(unit):
                if not plan.moves or plan.at is None or plan.kind == "act":
                    continue
                near = field(plan.at) if walk and field is not None \
                    else ctx.nearest_enemy(plan.at)
                if near is None or near >= start:
                    continue
                loss, killed = ctx.danger(unit, plan.at)
                if killed and not killed_now:
                    continue
                score = advance * (start - near) + plan.score - CAUTION * loss
                if score > ctx.threshold:
                    toward = ""
                    if walk and field is not None and aims is not None:
                        goal = field.origin.get(plan.at)
                        toward = "" if goal is None else f" to {aims.name(ctx.state, goal)}"
                    found.append(Candidate(plan, score, f"{start - near:g} closer{toward}"))
        found.sort(key=lambda c: (-c.score, len(c.plan.steps)))
        return found


MODULES: dict[str, type[Module]] = {
    m.name: m for m in (TacticalModule, ConsolidationModule, StrategicModule)}
"""The modules by name, in their default order."""


def build_threat(planner: Planner, currency: Currency, memory: Memory, state: State,
                 player: int) -> Threat | None:
    """The threat model of ``state`` for ``player`` (``None`` if the budget ran out)."""
    threat = Threat(planner, currency, memory, state, player)
    return threat if threat.enemies or threat.complete else None


__all__ = ["MODULES", "Candidate", "ConsolidationModule", "Context", "Module",
           "StrategicModule", "TacticalModule", "build_threat", "combos", "follow_up"]
