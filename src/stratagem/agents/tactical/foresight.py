"""Foresight: a status the currency has no price for, valued by what it leads to.

A status with no ``negative: true``, no ``status.<name>`` weight and no healing in its
hooks has no price of its own (overwatch, a rally that steadies a shaken unit). When a
step of the player's changes such a status on one of its units, the step is priced
further by a short lookahead, through a planner of its own on the same budget:

- *what it prevents*: the turn is passed, and the enemy's best plan (every enemy unit's
  plans, priced for the enemy) is compared between the state after the step and the
  state before it: an enemy that must cross a watched lane to strike loses its blow;
- *what it allows*: the enemy's turn is passed too, and each unit whose status changed
  has its best plan of the next turn compared the same way: a rallied unit may shoot.

The sum, times the ``foresight`` weight, is added to the step's price. The enemy is
assumed to pass its turn when the unit's own next turn is looked at. Games with chance
go without it (``TacticalAgent.planner``): there a plan stops at its first roll, so an
attack is never looked at a turn ahead while a status would be, which favours the status.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import State
from .plans import ends_turn

if TYPE_CHECKING:
    from .currency import Currency
    from .plans import Planner

PASSES = 6
"""Turns passed at most to reach the next decision of the player wanted."""


class Foresight:
    """Prices the unpriced statuses a step changes, by a short lookahead (see the module)."""

    def __init__(self, planner: Planner, currency: Currency, weight: float) -> None:
        self.planner = planner
        self.game = planner.game
        self.currency = currency
        self.weight = weight
        self.unpriced = {name for name, st in self.game.statuses.items()
                         if not st.negative and name not in currency.regens
                         and f"status.{name}" not in currency.weights}

    def value(self, before: State, after: State, me: int) -> float:
        """What the unpriced status changes from ``before`` to ``after`` lead to, for ``me``."""
        if not self.weight or not self.unpriced or after.entities_ is before.entities_:
            return 0.0
        changed = []
        old = before.entities
        for eid, ea in after.entities.items():
            eb = old.get(eid)
            if eb is None or ea is eb or ea.owner != me or ea.statuses == eb.statuses:
                continue
            names = {s.name for s in ea.statuses} ^ {s.name for s in eb.statuses}
            if names & self.unpriced:
                changed.append(eid)
        if not changed:
            return 0.0
        enemy_a, enemy_b = self._pass(after, me, False), self._pass(before, me, False)
        gain = self._best(enemy_b) - self._best(enemy_a)
        own_a, own_b = self._pass(enemy_a, me, True), self._pass(enemy_b, me, True)
        for eid in changed:
            gain += self._best(own_a, eid) - self._best(own_b, eid)
        return self.weight * gain

    def _pass(self, state: State | None, me: int, mine: bool) -> State | None:
        """The first state from ``state`` where ``me`` (``mine``) or another player (not
        ``mine``) decides an action, by ending turns; ``None`` if none is reached."""
        s = state
        for _ in range(PASSES):
            d = None if s is None else s.decision
            if s is None or d is None or d.kind != "action":
                return None
            if (d.player == me) == mine and s is not state:
                return s
            if not mine and d.player != me:
                return s
            ending = next((a for a in d.actions if ends_turn(self.game, a)), None)
            if ending is None:
                return None
            s = self.planner.follow(s, ending)
        return None

    def _best(self, state: State | None, unit: int | None = None) -> float:
        """The best plan's price, at least 0, of ``unit`` or of every unit of the player who
        decides in ``state``."""
        d = None if state is None else state.decision
        if state is None or d is None:
            return 0.0
        ents = state.entities
        units = sorted({a.actor for a in d.actions if a.actor is not None
                        and a.actor in ents and ents[a.actor].owner == d.player})
        if unit is not None:
            units = [u for u in units if u == unit]
        best = 0.0
        for u in units:
            for plan in self.planner.plans_for(state, u, d.player):
                if self.planner.exhausted:
                    return best
                best = max(best, plan.score)
        return best


__all__ = ["Foresight"]
