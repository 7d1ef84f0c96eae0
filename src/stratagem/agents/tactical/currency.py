"""The common currency of the tactical agent: what a change on the board is worth, in gold.

Every result is priced in one unit, the worth of units as the game's value hints
declare it (``hints: {cost: 35}``, read as ``agents.value`` reads it):

- a hit point of a unit is worth its cost over its maximum hit points;
- a unit removed from the board (a kill) is worth its whole cost, whatever its
  hit points were;
- a unit that appears (raised, recruited) is worth its cost times its health;
- a negative status (``negative: true`` in the rules) is worth ``bane`` times its
  bearer's cost, any other status ``boon`` times it (0 unless a table says);
- a status that heals its bearer (regeneration) is worth, when it is gained, the
  bearer's price per hit point times the damage it has taken, times ``regen``
  (seed 001's price);
- a unit that appears for one side in the step where a unit of another side falls
  is *raised* (a necromancer's zombie): worth ``raise_dead`` gold, as seed 001 gives
  a kill by a unit that raises the dead, in place of the raised unit's own worth;
- a finished game is worth ``win`` (or minus it), draws nothing.

Two prices need the action as well as the two states, and are added by the planner
(``Planner.value``, through ``Currency.step``): an own unit that its own side's
action removes as that action's target (a detonated zombie) is charged at what it was
worth as it stood, its current hit points times its price per hit point, times
``sacrifice``, not its whole cost; and a kill after which the killer may act again (a
berserker's rage: every kind of action it could take before the blow is open to it
again) is worth ``rage`` times the killer's cost on top (seed 001: a third).

Losses of the enemy count for the player, its own losses against it (times
``friendly``), and healing of its own units for it. Each change is priced
against the state just before the action that made it, so a kill is worth the
whole cost even when an earlier blow did most of the work.

The numbers that shape the price are one named table of weights
(``WEIGHT_TABLES``); ``parse_weights`` reads a table's name with overrides, as
in ``cautious+kill=1.5+status.poisoned=0.3``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, is_dataclass

from ...engine import Action, Effect, Entity, Game, Ref, State, StratagemError
from ..value import HEALTH_PARAMS, WORTH_HINTS

DEFAULT_WEIGHTS: Mapping[str, float] = {
    "damage": 1.0,     # a hit point taken from an enemy, times its cost per hit point
    "kill": 1.0,       # an enemy removed, times its cost
    "friendly": 1.0,   # own losses count against, times this
    "heal": 1.0,       # a hit point given back to an own unit, times its cost per hit point
    "spawn": 1.0,      # a unit that appears, times its worth
    "bane": 0.1,       # a negative status on an enemy (or lifted from an ally), times its cost
    "boon": 0.0,       # any other status gained by an ally (or lost by an enemy), times its cost
    "win": 10_000.0,   # a won game (a lost one counts minus this)
    "threshold": 0.0,  # the tactical module acts only on a plan scoring above this
    "danger": 1.0,     # consolidation: expected loss next enemy turn, times this
    "advance": 1.0,    # strategic: each step of walking closer to an objective
    "regen": 1.0,      # a healing status gained: the bearer's damage taken, times cost per HP
    "rage": 1 / 3,     # a kill that lets the killer act again: its cost times this
    "raise_dead": 10.0,  # a unit raised where an enemy fell: this many gold (not its worth)
    "sacrifice": 1.0,  # an own unit spent by its own side: its current HP times cost per HP
    "foresight": 1.0,  # a status with no price of its own: what it prevents and allows, times this
}
"""The default table: the currency of seed 001 (hit point = cost / max HP, kill = cost)."""

WEIGHT_MEANINGS: Mapping[str, str] = {
    "damage": "a hit point taken from an enemy, times its cost per hit point",
    "kill": "an enemy removed, times its cost",
    "friendly": "own losses, counted against",
    "heal": "a hit point given back, times its cost per hit point",
    "spawn": "a unit that appears, times its worth",
    "bane": "a negative status on an enemy, times its cost",
    "boon": "any other status on an ally, times its cost",
    "win": "a won game",
    "threshold": "the least a tactical plan must score",
    "danger": "consolidation: the expected loss next enemy turn",
    "advance": "strategic: each step of walking closer to an objective",
    "regen": "regeneration gained: damage taken, times cost per hit point",
    "rage": "a kill after which the killer acts again: its cost times this",
    "raise_dead": "gold for a unit raised where an enemy fell",
    "sacrifice": "an own unit spent by its side: current hit points times cost per hit point",
    "foresight": "a status with no price: what it prevents next enemy turn and allows next turn",
}
"""What each weight of ``DEFAULT_WEIGHTS`` prices, in words (``describe_weights``)."""

WEIGHT_TABLES: Mapping[str, Mapping[str, float]] = {
    "default": DEFAULT_WEIGHTS,
    # Trades hit points freely and presses on toward the enemy.
    "aggressive": {**DEFAULT_WEIGHTS, "friendly": 0.6, "danger": 0.5, "advance": 2.0},
    # Weighs its own losses double and keeps out of reach where it can.
    "cautious": {**DEFAULT_WEIGHTS, "friendly": 2.0, "danger": 2.0, "advance": 0.5,
                 "threshold": 1.0},
}
"""Named weight tables, selectable as ``tactical:weights=<name>``."""


class WeightsError(StratagemError, ValueError):
    """A weight table that names no table, or an override that is not ``key=number``."""


def parse_weights(spec: str | Mapping[str, float] | None) -> dict[str, float]:
    """The full table a specification names: a table name, then ``+key=value`` overrides.

    A mapping is read as overrides of the default table. Keys are those of
    ``DEFAULT_WEIGHTS``, or ``status.<name>`` for one status (a fraction of its
    bearer's cost, signed by the status's ``negative`` flag like ``bane``).
    """
    if spec is None:
        return dict(DEFAULT_WEIGHTS)
    if not isinstance(spec, str):
        table = dict(DEFAULT_WEIGHTS)
        for key, value in spec.items():
            _check_key(key, str(spec))
            table[key] = _finite(key, value, str(spec))
        return table
    name, *overrides = (part.strip() for part in spec.split("+"))
    if "=" in name:
        name, overrides = "default", [name, *overrides]
    if name not in WEIGHT_TABLES:
        known = ", ".join(WEIGHT_TABLES)
        raise WeightsError(f"unknown weight table '{name}' (known: {known})")
    table = dict(WEIGHT_TABLES[name])
    for part in overrides:
        key, sep, text = part.partition("=")
        key = key.strip()
        if not sep:
            raise WeightsError(f"weights '{spec}': expected key=number, got '{part}'")
        _check_key(key, spec)
        table[key] = _finite(key, text.strip(), spec)
    return table


def _finite(key: str, value: object, spec: str) -> float:
    """A weight's value: a finite number (nan and inf would make every score equal)."""
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise WeightsError(f"weights '{spec}': {key} must be a number, got {value!r}") \
            from None
    if isinstance(value, bool) or not math.isfinite(number):
        raise WeightsError(f"weights '{spec}': {key} must be a finite number, "
                           f"got {value!r}")
    return number


def _check_key(key: str, spec: str) -> None:
    if key in DEFAULT_WEIGHTS or (key.startswith("status.") and len(key) > 7):
        return
    known = ", ".join([*DEFAULT_WEIGHTS, "status.<name>"])
    raise WeightsError(f"weights '{spec}': unknown weight '{key}' (known: {known})")


@dataclass(frozen=True)
class Worth:
    """What one entity type is worth: its cost, its health parameter, full health."""

    cost: float
    health: str | None
    full: float

    @property
    def per_hp(self) -> float:
        """The price of one hit point."""
        return self.cost / self.full if self.health is not None else 0.0

    def of(self, e: Entity) -> float:
        """The worth of a unit as it stands: cost times its health fraction."""
        if self.health is None:
            return self.cost
        return self.cost * max(0.0, float(e.params[self.health])) / self.full


class Currency:
    """Prices the change between two states for one player, in the game's gold."""

    def __init__(self, game: Game, weights: Mapping[str, float]) -> None:
        self.game = game
        self.weights = dict(weights)
        w = self.weights
        self.worth: dict[str, Worth] = {}
        for et in game.entity_types.values():
            health = next((p for p in et.params if p.name in HEALTH_PARAMS), None)
            hint = next((et.hints[h] for h in WORTH_HINTS if h in et.hints), None)
            cost = float(hint) if hint is not None else (1.0 if health is not None else 0.0)
            if cost == 0:
                continue
            if health is None:
                self.worth[et.name] = Worth(cost, None, 1.0)
            else:
                full = health.max if health.max is not None else health.default
                self.worth[et.name] = Worth(cost, health.name, float(full) or 1.0)
        self.status_weight: dict[str, float] = {}
        self.regens: set[str] = set()
        """Statuses that heal their bearer, priced by its damage taken (``regen``) unless a
        ``status.<name>`` weight prices them."""
        for st in game.statuses.values():
            own = w.get(f"status.{st.name}")
            if own is None and not st.negative and heals_bearer(
                    e for r in st.reactions for e in r.effects):
                self.regens.add(st.name)
            base = own if own is not None else (w["bane"] if st.negative else w["boon"])
            # Positive: good for whoever bears it; a bane is good for its bearer's enemies.
            self.status_weight[st.name] = -base if st.negative else base
        self.win = w["win"]
        self.kill, self.damage, self.heal = w["kill"], w["damage"], w["heal"]
        self.friendly, self.spawn = w["friendly"], w["spawn"]
        self.regen, self.rage = w["regen"], w["rage"]
        self.raise_dead, self.sacrifice = w["raise_dead"], w["sacrifice"]

    @property
    def has_units(self) -> bool:
        """Whether anything on the board has a worth (no: tic-tac-toe, pig)."""
        return bool(self.worth)

    def terminal(self, state: State, player: int) -> float:
        """The price of a finished game: ``win`` for a win, minus it for a loss, 0 for a draw."""
        outcome = state.outcome
        assert outcome is not None
        return self.win * outcome.returns[player]

    def delta(self, before: State, after: State, player: int,
              per_entity: dict[int, float] | None = None) -> float:
        """What going from ``before`` to ``after`` is worth to ``player``.

        With ``per_entity``, each entity's share of the price (signed for
        ``player``) is added into it by id as well.
        """
        if after.outcome is not None and before.outcome is None:
            return self.terminal(after, player)
        total = 0.0
        if before.entities_ is after.entities_:  # the engine's own: shared when unchanged
            return 0.0
        old, new = before.entities, after.entities
        worth = self.worth
        for eid, eb in old.items():
            ea = new.get(eid)
            if ea is eb:
                continue
            w = worth.get(eb.type)
            value = 0.0
            if ea is None:
                if w is None or eb.owner is None:
                    continue
                value = -self.kill * w.of(eb) if w.health is None else -self.kill * w.cost
                value = self._side(value, eb.owner, player)
            else:
                if ea.owner != eb.owner:
                    if w is not None:
                        if eb.owner is not None:
                            total += self._side(-w.of(eb), eb.owner, player)
                        if ea.owner is not None:
                            total += self._side(w.of(ea), ea.owner, player)
                    continue
                if ea.owner is None:
                    continue
                if w is not None and w.health is not None:
                    hb, ha = eb.params[w.health], ea.params[w.health]
                    if ha < hb:
                        value -= (hb - ha) * w.per_hp * self.damage
                    elif ha > hb:
                        value += (ha - hb) * w.per_hp * self.heal
                if eb.statuses != ea.statuses:
                    value += self._statuses(eb, ea, w)
                value = self._side(value, ea.owner, player)
            total += value
            if per_entity is not None and value:
                per_entity[eid] = per_entity.get(eid, 0.0) + value
        if len(new) > len(old) or after.next_id != before.next_id:
            fallen = {eb.owner for eid, eb in old.items() if eid not in new}
            for eid, ea in new.items():
                if eid in old or ea.owner is None:
                    continue
                w = worth.get(ea.type)
                if w is None:
                    continue
                if fallen - {ea.owner, None}:  # raised where another side's unit fell
                    total += self._side(self.raise_dead, ea.owner, player)
                else:
                    total += self._side(self.spawn * w.of(ea), ea.owner, player)
        return total

    def step(self, before: State, action: Action, after: State, player: int,
             refreshed: bool = False) -> float:
        """The prices that need the action besides the two states (added to ``delta``): an
        own unit its own side removes as the action's target is charged at its current
        share of its cost (``sacrifice``) instead of its whole cost; a kill after which the
        actor may act again (``refreshed``) adds ``rage`` times the actor's cost."""
        if after.outcome is not None or action.actor is None:
            return 0.0
        old, new = before.entities, after.entities
        actor = old.get(action.actor)
        if actor is None or actor.owner is None:
            return 0.0
        total = 0.0
        for _, v in action.targets:
            eb = old.get(v) if isinstance(v, Ref) else None
            if eb is None or v in new or eb.owner != actor.owner:
                continue
            w = self.worth.get(eb.type)
            if w is not None and w.health is not None:
                # ``delta`` charged it at its whole cost: bring that down to what it was worth.
                total += self._side(self.kill * w.cost - self.sacrifice * w.of(eb), eb.owner,
                                    player)
        if refreshed and action.actor in new and any(
                eid not in new and eb.owner not in (None, actor.owner) for eid, eb in old.items()):
            w = self.worth.get(actor.type)
            if w is not None:
                total += self._side(self.rage * w.cost, actor.owner, player)
        return total

    def _side(self, value: float, owner: int, player: int) -> float:
        """A change to ``owner``'s unit as ``player`` sees it: its own at ``friendly``, an
        enemy's reversed."""
        return value * self.friendly if owner == player else -value

    def _statuses(self, eb: Entity, ea: Entity, w: Worth | None) -> float:
        cost = w.cost if w is not None else 1.0
        had = {s.name for s in eb.statuses}
        has = {s.name for s in ea.statuses}
        value = 0.0
        for name in has - had:
            if name in self.regens and w is not None and w.health is not None:
                value += self.regen * w.per_hp * max(0.0, w.full - float(eb.params[w.health]))
                continue
            value += self.status_weight.get(name, 0.0) * cost
        for name in had - has:
            value -= self.status_weight.get(name, 0.0) * cost
        return value


def describe_weights(weights: Mapping[str, float]) -> str:
    """A weight table in words, one weight a line: name, value, what it prices."""
    lines = []
    for name, value in weights.items():
        meaning = WEIGHT_MEANINGS.get(name, "this status, times its bearer's cost")
        lines.append(f"{name} {value:g}: {meaning}")
    return "\n".join(lines)


def heals_bearer(effects: Iterable[Effect]) -> bool:
    """Whether these effects (a status's hooks), or any nested in them, heal: an effect that
    emits the engine's ``healed`` event."""
    for e in effects:
        if "healed" in getattr(e, "emits", {}):
            return True
        names: list[str] = [f.name for f in fields(e)] if is_dataclass(e) else []
        for name in names:
            value = getattr(e, name, None)
            if isinstance(value, tuple) and value and all(isinstance(x, Effect) for x in value) \
                    and heals_bearer(value):
                return True
    return False


__all__ = ["DEFAULT_WEIGHTS", "WEIGHT_MEANINGS", "WEIGHT_TABLES", "Currency", "WeightsError",
           "Worth", "describe_weights", "heals_bearer", "parse_weights"]
