"""Plans: a unit's short sequences of actions, each priced by its exact outcome distribution.

One module because listing plans and pricing their steps share one cache, the caches'
keys (``signature``, ``_looks``) and the pruning rules that decide what is priced.

A *plan* is what one unit does next, in at most three steps: an optional
target-less step first (select the unit, dash, disengage), an optional move
(any action whose targets are board positions), and an optional final action
on a target (attack, heal, detonate). ``Planner.plans_for`` lists every plan
of one unit by walking the forward model: each step is applied with
``game.outcomes``, so a position is only tried where the game offers it, and
the final action at each position is only one the rules allow there.

Each step is priced by ``Planner.value``: the expected currency of its
outcomes against the state just before it. When a step stops at another
player's reaction (an opportunity attack, a parry), that player is assumed to
answer in the way worst for the planner, and the planner's own reactions in the
best way, to a small depth. A step whose result is uncertain (dice, a reaction)
ends its plan: the plan is re-made once the real result is known. Prices are
cached by state and action within a decision; after each action, ``reuse.Reuse`` keeps
the plans the action did not bear on, so re-planning costs only what changed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...engine import CHANCE, Action, Game, Pos, Ref, State, distance
from ..base import Meter
from .currency import Currency

if TYPE_CHECKING:  # types only: reuse and foresight build on plans
    from .foresight import Foresight
    from .reuse import Kept

MAX_STEPS = 3
"""Steps in a plan at most: a prefix, a move, a final action."""

SETTLE_DEPTH = 1
"""How many nested reaction windows a step's price looks through."""

SETTLE_OPTIONS = 8
"""A reaction window with more options than this is left unanswered in a price."""

CACHE_LIMIT = 50_000
"""Reaction windows' prices kept at most; emptied when they grow past this."""


@dataclass(frozen=True)
class Price:
    """A step's expected currency and what it leads to when that is certain.

    ``hp_loss`` is the expected loss of health of each entity the step hurts,
    for the threat model (kills count the entity's whole health).
    """

    value: float
    state: State | None
    hp_loss: dict[int, float] = field(default_factory=dict)
    deaths: dict[int, float] = field(default_factory=dict)
    """The chance that each entity the step removes is removed (for a reason's words)."""
    wins: float = 0.0
    """The chance that the step wins the game for the player it was priced for."""
    after: State | None = None
    """The state the step is sure to lead to, whoever decides there (``state`` is only the
    one where the player plans on): where a step that ends the turn leaves its unit."""


@dataclass(frozen=True)
class Plan:
    """One unit's next few actions, with their expected price.

    ``states[i]`` is the state ``steps[i]`` is expected to lead to, or ``None``
    when it is uncertain (the plan then ends there). ``kind`` is ``"act"`` when
    the last step has a target that is not a position, ``"move"`` when it is a
    move, ``"other"`` otherwise. ``stand`` is where the unit stands before its
    last step (where it attacks from), ``at`` where it ends (``None`` if unknown).
    """

    unit: int | None
    steps: tuple[Action, ...]
    states: tuple[State | None, ...]
    score: float
    kind: str
    stand: Pos | None
    at: Pos | None
    hp_loss: dict[int, float] = field(default_factory=dict)
    fresh: bool = True
    """False for a plan kept from an earlier decision (``Reuse``): its steps and prices still
    hold, but its ``states`` are those of the earlier state, so it is re-simulated before
    it is carried out."""
    deaths: dict[int, float] = field(default_factory=dict)
    """The last step's chance of removing each entity it may remove (``Price.deaths``)."""
    wins: float = 0.0
    """The last step's chance of winning the game (``Price.wins``)."""

    @property
    def moves(self) -> bool:
        """Whether the plan moves its unit."""
        return any(step_kind(a) == "move" for a in self.steps)


def step_kind(action: Action) -> str:
    """``"target"`` (an entity or other value), ``"move"`` (positions only), or ``"bare"``."""
    if not action.targets:
        return "bare"
    if all(isinstance(v, Pos) for _, v in action.targets):
        return "move"
    return "target"


def ends_turn(game: Game, action: Action) -> bool:
    """Whether an action ends the turn (or passes) by its type's declaration."""
    at = game.action_types.get(action.type)
    return at is not None and (at.ends_turn or at.passes)


def refreshed(game: Game, before: State, action: Action, after: State) -> bool:
    """Whether the actor of ``action`` may act again after it (a berserker's rage): the same
    player decides next, and every kind of action the actor was offered before, other than
    actions on targets (which depend on what is in reach), is offered to it again."""
    d0, d1 = before.decision, after.decision
    unit = action.actor
    if unit is None or d0 is None or d1 is None or d1.kind != "action" or d1.player != d0.player:
        return False
    again = {a.type for a in d1.actions if a.actor == unit and not ends_turn(game, a)}
    if not again:
        return False
    return {a.type for a in d0.actions if a.actor == unit and not ends_turn(game, a)
            and step_kind(a) != "target"} <= again


def signature(state: State) -> tuple[Any, ...] | None:
    """What a step's price depends on: entities, players, tiles, flow (``None`` mid-effect)."""
    if state.stack:
        return None
    return (frozenset(state.entities.values()), state.players, state.flow, state.tiles)


class _Signed:
    """A state's signature with its hash worked out once (it keys many prices)."""

    __slots__ = ("hash", "value")

    def __init__(self, value: tuple[Any, ...]) -> None:
        self.value = value
        self.hash = hash(value)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Signed) and self.hash == other.hash \
            and self.value == other.value


def position_of(state: State | None, unit: int | None) -> Pos | None:
    """Where an entity stands in a state, if known."""
    if state is None or unit is None:
        return None
    e = state.entities.get(unit)
    return None if e is None else e.pos


class Planner:
    """Lists and prices plans for one player, within a meter's budget."""

    def __init__(self, game: Game, currency: Currency, player: int, *,
                 settle: int = SETTLE_DEPTH, exact: bool = True) -> None:
        self.game = game
        self.currency = currency
        self.player = player
        self.settle = settle
        """How many nested reaction windows a price looks through (0: none)."""
        self.exact = exact
        """False: an action on the same targets is priced once, from the first square it is
        found at, and that price is reused at the others (for the threat model, which needs
        where a unit can strike more than exactly how hard)."""
        self.windows: dict[tuple[Any, ...], float] = {}
        self.seen: dict[tuple[Any, ...], Price] = {}
        self.local: dict[tuple[Any, ...], Price] = {}
        self.kept: Kept | None = None
        self.narrow: dict[str, bool] = {}
        """Per action type: whether every result seen touched only the actor (not its square
        or health) and the targets, so that where the actor stands cannot matter beyond
        which targets are in range (``_looks``)."""
        self.shared = 0
        """Prices reused from a square that looks alike, during the current decision."""
        self.meter: Meter | None = None
        self.exhausted = False
        """Whether the budget ran out during the current decision."""
        self.cache: dict[tuple[Any, ...], Price] = {}
        self.foresight: Foresight | None = None
        """Prices the statuses the currency has none for, by a lookahead (``foresight``)."""
        self._last: State | None = None
        self._last_sig: _Signed | None = None

    def start(self, meter: Meter) -> None:
        """Begin a decision under ``meter``."""
        self.meter = meter
        self.exhausted = False
        # Prices are kept for one decision: between decisions the plans nothing bears on are
        # kept by ``Reuse``, and every state priced, held on, would slow each full garbage
        # collection.
        self.cache.clear()
        if len(self.windows) > CACHE_LIMIT:
            self.windows.clear()
        self.seen.clear()
        self.shared = 0
        if self.foresight is not None:
            self.foresight.planner.start(meter)

    def spent(self) -> bool:
        """Whether the budget is used up (and remember that it was)."""
        if self.meter is not None and self.meter.spent():
            self.exhausted = True
        return self.exhausted

    def _late(self) -> bool:
        """Whether the game's deadline has passed: ``outcomes`` past it gives one sampled
        result, not the distribution, so what it gave prices nothing."""
        runtime = getattr(self.game, "runtime", None)
        deadline = None if runtime is None else runtime.deadline
        if deadline is not None and time.perf_counter() >= deadline:
            self.exhausted = True
            return True
        return False

    # ----------------------------------------------------------------- prices
    def value(self, state: State, action: Action, player: int | None = None) -> Price | None:
        """The expected price of ``action`` in ``state`` for ``player`` (the planner's by
        default); ``None`` when the budget ran out first."""
        me = self.player if player is None else player
        if state is self._last:  # a plan's steps from one state are priced one after another
            sig = self._last_sig
        else:
            plain = signature(state)
            sig = None if plain is None else _Signed(plain)
            self._last, self._last_sig = state, sig
        key = None if sig is None else (sig, action, me)
        if key is not None:
            known = self.cache.get(key)
            if known is not None:
                return known
        if self.spent():
            return None
        if self.meter is not None:
            self.meter.iterations += 1
        outs = self.game.outcomes(state, action)
        if self._late():
            return None
        total = 0.0
        hp_loss: dict[int, float] = {}
        deaths: dict[int, float] = {}
        wins = 0.0
        worth = self.currency.worth
        for p, s in outs:
            if s.outcome is not None and me in s.outcome.winners:
                wins += p
            settled = self._settle(s, me, self.settle)
            if settled is None:
                return None  # the budget ran out inside a reaction window: no price
            total += p * (self.currency.delta(state, s, me) + settled)
            if s.entities_ is state.entities_:
                continue
            before, after = state.entities, s.entities
            if len(after) < len(before) or s.next_id != state.next_id:
                total += p * self.currency.step(state, action, s, me,
                                                refreshed(self.game, state, action, s))
            for eid, eb in before.items():
                ea = after.get(eid)
                if ea is eb:
                    continue
                if ea is None:
                    deaths[eid] = deaths.get(eid, 0.0) + p
                w = worth.get(eb.type)
                if w is None or w.health is None:
                    continue
                lost = eb.params[w.health] - (0 if ea is None else ea.params[w.health])
                if lost > 0:
                    hp_loss[eid] = hp_loss.get(eid, 0.0) + p * lost
        if action.actor is not None and action.targets:
            self._learn_reach(state, action, outs)
        single = None
        if len(outs) == 1:
            s = outs[0][1]
            d = s.decision
            if d is not None and d.kind == "action" and d.player == me:
                single = s
        if single is not None and self.foresight is not None:
            total += self.foresight.value(state, single, me)
        price = Price(total, single, hp_loss, deaths, wins,
                      outs[0][1] if len(outs) == 1 else None)
        if key is not None:
            self.cache[key] = price
        return price

    def _settle(self, state: State, me: int, depth: int) -> float | None:
        """The expected price of the reaction windows a step stops at: the planner's own
        answered at best, others' at worst for it (``None`` when the budget ran out before
        every answer was priced: a window half priced has no price)."""
        d = state.decision
        if d is None or d.kind == "action" or depth <= 0 or d.player == CHANCE:
            return 0.0
        if len(d.actions) > SETTLE_OPTIONS:
            return 0.0
        key = (self._health(state), d.player, d.actions, me, depth, _pending(state))
        known = self.windows.get(key)
        if known is not None:
            return known
        values = []
        for option in d.actions:
            if self.spent():
                return None
            outs = self.game.outcomes(state, option)
            if self._late():
                return None
            value = 0.0
            for p, s in outs:
                deeper = self._settle(s, me, depth - 1)
                if deeper is None:
                    return None
                value += p * (self.currency.delta(state, s, me) + deeper)
            values.append(value)
        value = max(values) if d.player == me else min(values)
        self.windows[key] = value
        return value

    def follow(self, state: State, action: Action) -> State | None:
        """The most likely state ``action`` leads to (``None`` when the budget ran out)."""
        if self.spent():
            return None
        outs = self.game.outcomes(state, action)
        return max(outs, key=lambda o: o[0])[1]

    def _health(self, state: State) -> frozenset[tuple[Any, ...]]:
        """Each unit's health and statuses: what a reaction window's price is keyed on."""
        worth = self.currency.worth
        out = []
        for e in state.entities.values():
            w = worth.get(e.type)
            hp = e.params[w.health] if w is not None and w.health is not None else None
            out.append((e.id, e.owner, hp, e.statuses))
        return frozenset(out)

    def _learn_reach(self, state: State, action: Action,
                     outs: list[tuple[float, State]]) -> None:
        """Note whether an action's results reached beyond its actor and its targets."""
        if self.narrow.get(action.type) is False:
            return
        actor = action.actor
        allowed = {actor, *target_ids(action)}
        health = self.currency.worth
        before = state.entities_
        for _, s in outs:
            if len(s.entities_) != len(before) or s.next_id != state.next_id:
                self.narrow[action.type] = False
                return
            if s.entities_ is before:
                continue
            for eid, ea in s.entities_.items():  # the engine's own, read only: no copy
                eb = before.get(eid)
                if ea is eb:
                    continue
                if eid not in allowed or eb is None:
                    self.narrow[action.type] = False
                    return
                if eid == actor:
                    w = health.get(eb.type)
                    if ea.pos != eb.pos or (w is not None and w.health is not None
                                            and ea.params[w.health] != eb.params[w.health]):
                        self.narrow[action.type] = False
                        return
        self.narrow[action.type] = True

    def _looks(self, state: State, unit: int, action: Action) -> tuple[Any, ...] | None:
        """What an action on a target from the unit's square looks like, for pricing it once
        for all the squares that look alike.

        Between the squares one unit can move to in one decision, only the unit's square
        differs; an action's result depends on that square through its tile (cover), the
        units next to it (blasts, flanking allies, foes that spoil a shot), how far the
        target is (range bands, counter-strikes) and, next to the target, from which side.
        So the key is: the action, the unit's statuses, the tile of its square and the
        units around it by offset (only which units, when every target is far), the
        distance to each target when it is at most ``NEAR`` (else "far"), and the offset
        to a target next to it. For an action type whose every result so far touched only
        its actor's flags and its targets (a heal, a blessing), the square's surroundings
        are left out of the key.
        """
        e = state.entities.get(unit)
        if e is None or e.pos is None:
            return None
        sq = e.pos
        metric = self.game.board.metric
        board = self.game.board
        around: list[Any] = [state.tile(sq)]
        if board.links:  # a point-to-point map: what stands within so many links
            for c in board.cells:
                other = state.occupant(c) if c != sq and \
                    distance(sq, c, metric) <= LOOK_RADIUS else None
                if other is not None:
                    around.append((c.x - sq.x, c.y - sq.y, other))
        else:
            for dx in range(-LOOK_RADIUS, LOOK_RADIUS + 1):
                for dy in range(-LOOK_RADIUS, LOOK_RADIUS + 1):
                    x, y = sq.x + dx, sq.y + dy
                    if (dx or dy) and 0 <= x < board.width and 0 <= y < board.height:
                        other = state.occupant(Pos(x, y))
                        if other is not None:
                            around.append((dx, dy, other))
        bands: list[Any] = []
        for tid in target_ids(action):
            t = state.entities.get(tid)
            if t is None or t.pos is None:
                return None
            dist = distance(sq, t.pos, metric)
            side = (t.pos.x - sq.x, t.pos.y - sq.y) if dist <= 1 else None
            bands.append((tid, dist if dist <= NEAR else "far", side))
        if all(band[1] == "far" for band in bands):
            # From afar, what counts is who stands next to the unit, not on which side, and
            # its square's cover only matters within reach of a strike back.
            return (action, e.statuses, frozenset(o for _, _, o in around[1:]), tuple(bands))
        if self.narrow.get(action.type):
            # Its results so far touched only the actor's flags and its targets.
            return (action, e.statuses, tuple(bands))
        return (action, e.statuses, tuple(around), tuple(bands))

    # ------------------------------------------------------------------ plans
    def plans_for(self, state: State, unit: int | None, player: int | None = None,
                  kept: Kept | None = None) -> list[Plan]:
        """Every plan of ``unit`` (an entity id, or ``None`` for the player's own actions)
        from ``state``, in the order the game lists the actions.

        With ``kept`` (the unit's plans from an earlier state, and what changed since), the
        plans through a square that nothing changed near are kept instead of re-priced.
        """
        out: list[Plan] = []
        self.kept = kept
        me = self.player if player is None else player
        start = position_of(state, unit)
        if unit is None:
            for a in state.decision.actions if state.decision else ():
                if a.actor is None and not ends_turn(self.game, a) and a.type != "pass":
                    price = self.value(state, a, me)
                    if price is None:
                        break
                    out.append(Plan(None, (a,), (price.state,), price.value,
                                    "act" if a.targets else "other", None, None, price.hp_loss,
                                    deaths=price.deaths, wins=price.wins))
            return out
        plain: set[Pos | None] = {start}
        self.local = {}
        self._expand(state, unit, me, (), (), 0.0, False, False, start, out, plain)
        return out

    def _expand(self, state: State, unit: int, me: int, steps: tuple[Action, ...],
                states: tuple[State | None, ...], score: float, moved: bool, prefixed: bool,
                stand: Pos | None, out: list[Plan], plain: set[Pos | None]) -> None:
        """Extend the plan ``steps`` by each action of ``unit`` in ``state``.

        ``plain`` holds the squares the unit reaches without a prefix: after a prefix
        (a dash, a disengage), a final action is only tried from a square the prefix
        opened up, since from the others the same action needs no prefix.
        """
        d = state.decision
        if d is None:
            return
        # An action that ends the turn is a plan's last step when it does something (a
        # step to a square in a game of one move a turn); a bare `end_turn` is no plan.
        ours = [a for a in d.actions if a.actor == unit
                and (a.targets or not ends_turn(self.game, a))]
        # Targets from here first, then every square, then prefixes; deeper steps after all
        # of those, so that a budget that runs out leaves the plans that matter most priced.
        ours.sort(key=lambda a: ("target", "move", "bare").index(step_kind(a)))
        children: list[tuple[State, Action, float, str, Pos | None]] = []
        for a in ours:
            kind = step_kind(a)
            if kind == "move" and moved:
                continue
            if kind == "bare" and (moved or prefixed):
                continue
            if kind == "target" and prefixed and steps and stand in plain \
                    and step_kind(steps[0]) == "bare" and len(plain) > 1:
                continue
            if kind == "move" and prefixed and not self.exact and len(plain) > 1 \
                    and a.targets and a.targets[0][1] in plain:
                continue  # the threat model only needs the squares a prefix opens up
            if kind == "move" and self.kept is not None:
                old = self.kept.through((*steps, a))
                if old:
                    out.extend(old)
                    if not prefixed:
                        plain.add(old[0].at)
                    continue
            shared = False
            if kind == "target" and not self.exact:
                known = self.seen.get((a, me))
                price = known if known is not None else self.value(state, a, me)
                if price is not None and known is None:
                    self.seen[(a, me)] = price
                shared = known is not None
            elif kind == "target" and self.kept is not None \
                    and (was := self.kept.target(state, (*steps, a), stand)) is not None:
                price, shared = was, True
            elif kind == "target" and moved:
                look = self._looks(state, unit, a)
                known = None if look is None else self.local.get(look)
                if known is not None:
                    price, shared = known, True
                    self.shared += 1
                else:
                    price = self.value(state, a, me)
                    if price is not None and look is not None:
                        self.local[look] = price
            else:
                price = self.value(state, a, me)
            if price is None:
                return
            nxt = None if shared else price.state
            total = score + price.value
            plan_kind = {"target": "act", "move": "move"}.get(kind, "other")
            at = stand if shared else position_of(nxt if nxt is not None else price.after,
                                                  unit)
            out.append(Plan(unit, (*steps, a), (*states, nxt), total, plan_kind, stand, at,
                            price.hp_loss, deaths=price.deaths, wins=price.wins))
            if kind == "move" and not prefixed:
                plain.add(at)
            if nxt is None or kind == "target" or len(steps) + 1 >= MAX_STEPS \
                    or ends_turn(self.game, a):
                continue
            children.append((nxt, a, total, kind, at))
        for nxt, a, total, kind, at in children:
            if self.exhausted:
                return
            self._expand(nxt, unit, me, (*steps, a), (*states, nxt), total,
                         moved or kind == "move", prefixed or kind == "bare", at, out, plain)


LOOK_RADIUS = 1
"""How far around a square ``Planner._looks`` compares."""

NEAR = 3
"""Distances up to this are told apart by ``Planner._looks``; farther ones are all "far"."""


def _pending(state: State) -> tuple[Any, ...]:
    """The events waiting on the stack, by name, stage and fields other than positions.

    A reaction window is priced once per set of options, pending events and health and
    statuses of every unit: the price of answering a blow depends on its damage and on
    the health of those involved, but little on the squares they stand on, on the
    square a provoking move is going to, or on counters such as movement left.
    """
    out: list[Any] = []
    for frame in state.stack:
        fields = getattr(frame, "fields", None)
        if isinstance(fields, dict):
            out.append((getattr(frame, "name", ""), getattr(frame, "stage", ""),
                        tuple((k, v) for k, v in fields.items() if not isinstance(v, Pos))))
    return tuple(out)


def target_ids(action: Action) -> list[int]:
    """The entity ids an action names as targets."""
    return [int(v) for _, v in action.targets if isinstance(v, Ref)]


__all__ = ["Plan", "Planner", "Price", "ends_turn", "refreshed", "signature", "step_kind",
           "target_ids"]
