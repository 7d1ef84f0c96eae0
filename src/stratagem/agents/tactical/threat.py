"""The threat model: where each enemy unit can strike next turn, and how hard.

It is built by passing the planner's turn on a copy of the state until the
enemy decides, then listing every enemy unit's plans there with the same
``Planner``: the positions each can reach, the distances it struck from (the
nearest and farthest between where it stood and its victim) and the expected
health each of its attacks takes from each victim.

``danger(unit, pos)`` then sums, over the enemies that can strike ``pos``, the
health they are expected to take from ``unit``; a unit is *killed* there when
that sum reaches its health. What a unit type strikes from, and how hard, is
also remembered across the game (``Memory``), so that an enemy with no victim
in reach this turn is still known to threaten the squares around it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine import Pos, State, distance
from .currency import Currency
from .plans import Plan, Planner, ends_turn, position_of

PASS_LIMIT = 16
"""Turns passed at most while looking for the enemy's units."""


@dataclass
class Memory:
    """What each unit type was seen to do: the distances it struck at and the health it took
    from each victim type at most, over the whole game."""

    reach: dict[str, tuple[float, float]] = field(default_factory=dict)
    hits: dict[tuple[str, str], float] = field(default_factory=dict)

    def learn(self, kind: str, stood: float, victim: str, hp: float) -> None:
        lo, hi = self.reach.get(kind, (stood, stood))
        self.reach[kind] = (min(lo, stood), max(hi, stood))
        key = (kind, victim)
        self.hits[key] = max(self.hits.get(key, 0.0), hp)

    def best_hit(self, kind: str) -> float:
        return max((hp for (k, _), hp in self.hits.items() if k == kind), default=0.0)


@dataclass
class Enemy:
    """One enemy unit's next turn: where it can stand, and what it did to whom."""

    id: int
    type: str
    reach: set[Pos]
    hits: dict[int, float]
    lo: float | None = None
    hi: float | None = None


class Threat:
    """Where the enemies of ``player`` can strike next turn, from ``state``."""

    def __init__(self, planner: Planner, currency: Currency, memory: Memory, state: State,
                 player: int) -> None:
        self.game = planner.game
        self.metric = self.game.board.metric
        self.currency = currency
        self.memory = memory
        self.player = player
        self.enemies: dict[int, Enemy] = {}
        self.complete = True
        self._look(planner, state)

    def _look(self, planner: Planner, state: State) -> None:
        game, me = self.game, self.player
        first = state.decision.actor if state.decision is not None else None
        s: State | None = state
        seen = False
        for _ in range(PASS_LIMIT):
            d = None if s is None else s.decision
            if s is None or d is None or d.kind != "action":
                break
            if d.player != me:
                seen = True
                ents = s.entities
                actors = sorted({a.actor for a in d.actions if a.actor is not None
                                 and a.actor not in self.enemies
                                 and a.actor in ents and ents[a.actor].owner == d.player})
                for eid in actors:
                    plans = planner.plans_for(s, eid, d.player)
                    if planner.exhausted:
                        self.complete = False
                        return
                    self._enemy(s, eid, plans)
            elif seen and (d.actor is None or d.actor == first):
                return
            ending = next((a for a in d.actions if ends_turn(game, a)), None)
            if ending is None:
                break
            s = planner.follow(s, ending)
        if not seen:
            self.complete = False

    def _enemy(self, state: State, eid: int, plans: list[Plan]) -> None:
        e = state.entities[eid]
        start = e.pos
        reach: set[Pos] = set() if start is None else {start}
        hits: dict[int, float] = {}
        lo: float | None = None
        hi: float | None = None
        for plan in plans:
            if plan.at is not None:
                reach.add(plan.at)
            elif plan.kind == "move" and isinstance(plan.steps[-1].targets[0][1], Pos):
                reach.add(plan.steps[-1].targets[0][1])  # a move that ends the game
            if plan.kind != "act" or plan.stand is None:
                continue
            for victim, hp in plan.hp_loss.items():
                v = state.entities.get(victim)
                if v is None or v.owner != self.player or v.pos is None or hp <= 0:
                    continue
                hits[victim] = max(hits.get(victim, 0.0), hp)
                dist = distance(plan.stand, v.pos, self.metric)
                lo = dist if lo is None else min(lo, dist)
                hi = dist if hi is None else max(hi, dist)
                self.memory.learn(e.type, dist, v.type, hp)
        self.enemies[eid] = Enemy(eid, e.type, reach, hits, lo, hi)

    def danger(self, state: State, unit: int, pos: Pos) -> tuple[float, bool]:
        """The expected loss (in currency, before the ``danger`` weight) of ``unit`` standing
        at ``pos`` through the enemy's next turn, and whether it is expected to die."""
        ents = state.entities
        u = ents.get(unit)
        w = None if u is None else self.currency.worth.get(u.type)
        if u is None or w is None:
            return 0.0, False
        total = 0.0
        for enemy in self.enemies.values():
            if enemy.id not in ents:
                continue
            lo, hi = enemy.lo, enemy.hi
            if lo is None or hi is None:
                known = self.memory.reach.get(enemy.type)
                if known is None:
                    continue
                lo, hi = known
            if not any(lo <= distance(p, pos, self.metric) <= hi for p in enemy.reach
                       if p != pos or p == _pos(state, unit)):
                continue
            hp = enemy.hits.get(unit)
            if hp is None:
                hp = self.memory.hits.get((enemy.type, u.type))
            if hp is None:
                hp = max(enemy.hits.values(), default=self.memory.best_hit(enemy.type))
            total += hp
        if w.health is None:
            return (w.cost if total > 0 else 0.0), total > 0
        health = float(u.params[w.health])
        if total >= health:
            return w.cost, True
        return total * w.per_hp, False


def _pos(state: State, unit: int) -> Pos | None:
    return position_of(state, unit)


__all__ = ["Enemy", "Memory", "Threat"]
