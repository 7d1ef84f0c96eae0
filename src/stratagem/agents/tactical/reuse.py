"""Plans kept from one decision to the next: after an action, a unit's plans that the
action did not bear on are reused, and only those near a change are priced again.

``Reuse`` remembers each unit's plans by state; ``Reuse.get`` hands back a ``Kept`` —
the old plans with the squares where something changed since — that
``Planner.plans_for`` consults, so re-planning costs only what changed.
"""

from __future__ import annotations

from ...engine import Action, Pos, Ref, State, distance
from .plans import Plan, Price, step_kind, target_ids


class Kept:
    """A unit's plans from an earlier state, by the steps up to their move, with the squares
    where something changed since and how far from them a plan is spoiled.

    ``changed`` holds the squares whose change bears on the plans from farther than next
    door (an enemy's, a tile's, or with ``allies`` any unit's), ``touched`` every changed
    square: a plan through a square is spoiled by a change next to it, or by one of
    ``changed`` within striking distance and one (``radius + 1``), as ``Reuse`` decides
    for the unit as a whole.
    """

    def __init__(self, plans: list[Plan], changed: list[Pos], radius: float,
                 metric: str, touched: list[Pos] | None = None) -> None:
        self.changed = changed
        self.touched = changed if touched is None else touched
        self.radius = radius
        self.metric = metric
        self.by_move: dict[tuple[Action, ...], list[Plan]] = {}
        self.by_steps = {p.steps: p for p in plans}
        for p in plans:
            for i, a in enumerate(p.steps):
                if step_kind(a) == "move":
                    self.by_move.setdefault(p.steps[:i + 1], []).append(p)
                    break

    def through(self, steps: tuple[Action, ...]) -> list[Plan]:
        """The kept plans that start with ``steps`` (ending in a move), if nothing changed
        near the square it goes to; else none."""
        old = self.by_move.get(steps)
        if not old:
            return []
        to = old[0].at
        if to is None or any(distance(c, to, self.metric) <= self.radius + 1
                             for c in self.changed) \
                or any(distance(c, to, self.metric) <= 1 for c in self.touched):
            return []
        return [p if not p.fresh else _stale(p) for p in old]

    def target(self, state: State, steps: tuple[Action, ...], stand: Pos | None) -> Price | None:
        """The price of the last step of a kept plan, an action on targets, if nothing changed
        next to the square its unit acts from nor next to any of its targets (which are
        where they were); else ``None``. Its other steps have been priced again."""
        old = self.by_steps.get(steps)
        before = self.by_steps.get(steps[:-1]) if len(steps) > 1 else None
        if old is None or stand is None or old.stand != stand \
                or (len(steps) > 1 and before is None):
            return None
        squares = [stand]
        for _, v in steps[-1].targets:
            if isinstance(v, Ref):
                t = state.entities.get(v)
                if t is None or t.pos is None:
                    return None
                squares.append(t.pos)
            elif isinstance(v, Pos):
                squares.append(v)
        metric = self.metric
        if any(distance(c, sq, metric) <= 1 for c in self.touched for sq in squares):
            return None
        return Price(old.score - (before.score if before is not None else 0.0), None,
                     old.hp_loss, old.deaths, old.wins)


class Reuse:
    """Plans kept between decisions, per unit, while nothing that bears on them changed.

    A unit's plans depend on the squares it can reach and on the units it could act on
    from there. After another unit acts, each unit that changed (moved, arrived, fell,
    was hurt or gained a status) is checked against the kept unit's reach: a change on
    or next to a square it can reach (a path blocked or opened) bears on the plans; so
    does a change to an enemy within striking distance of its reach (the farthest it
    struck at in its plans, or its type was seen to strike at, at least 1), and to an
    ally there when the unit has plans that act on allies (heal, detonate). If nothing
    bears on them, the plans are kept whole; otherwise they are re-planned with the
    plans through each square nothing changed near kept (``Kept``). Each action thus
    re-plans only what it could have affected, which makes a whole turn of many units
    cheap. The price: a unit type never seen acting on anything (no target in reach
    yet) is taken to strike only next to it, so an ally that becomes a target of it
    farther away (a wounded ally walking up to a priestess) is noticed only once
    something else changes near it.
    """

    def __init__(self, metric: str) -> None:
        self.metric = metric
        self.kept: dict[tuple[int, int], tuple[State, list[Plan], list[Pos], float, bool]] = {}

    def get(self, state: State, player: int, unit: int) -> list[Plan] | Kept | None:
        """The unit's kept plans if nothing bears on them; a ``Kept`` to re-plan from if
        something does; ``None`` if the unit itself changed or nothing is kept."""
        known = self.kept.get((player, unit))
        if known is None:
            return None
        old, plans, reach, radius, allies = known
        if old.entities.get(unit) is not state.entities.get(unit) or old.flow.round != \
                state.flow.round or (old.players is not state.players and any(
                    a.params.get("selected") != b.params.get("selected")
                    for a, b in zip(old.players, state.players, strict=True))):
            return None
        metric = self.metric
        changed = _changed(old, state)
        for square, owner in changed:
            near = min(distance(square, r, metric) for r in reach)
            if near <= 1 or (near <= radius + 1
                             and (owner is None or owner != player or allies)):
                far = {sq for sq, who in changed if who is None or who != player or allies}
                return Kept(plans, sorted(far), radius, metric,
                            sorted({sq for sq, _ in changed}))
        return [p if not p.fresh else _stale(p) for p in plans]

    def put(self, state: State, player: int, unit: int, plans: list[Plan], reach: float) -> None:
        e = state.entities.get(unit)
        if e is None or e.pos is None:
            return
        squares = {e.pos}
        far = 0.0
        allies = False
        for p in plans:
            for sq in (p.stand, p.at):
                if sq is not None:
                    squares.add(sq)
            for tid in target_ids(p.steps[-1]):
                t = state.entities.get(tid)
                if t is not None and t.pos is not None and p.stand is not None:
                    far = max(far, distance(p.stand, t.pos, self.metric))
                    allies = allies or t.owner == player
        if len(self.kept) > 512:
            self.kept.clear()
        # Kept without the states they lead to: a kept plan is re-simulated before it is
        # carried out, and thousands of states held from one decision to the next make
        # every full garbage collection slow.
        self.kept[(player, unit)] = (state, [_stale(p, bare=True) for p in plans],
                                     sorted(squares), max(far, reach, 1.0), allies)


def _stale(plan: Plan, bare: bool = False) -> Plan:
    """The plan marked as kept from an earlier state (with ``bare``, without its states)."""
    states = (None,) * len(plan.states) if bare else plan.states
    return Plan(plan.unit, plan.steps, states, plan.score, plan.kind, plan.stand,
                plan.at, plan.hp_loss, False, plan.deaths, plan.wins)


def _changed(old: State, new: State) -> set[tuple[Pos, int | None]]:
    """The squares where something differs between two states, each with the owner of the
    unit that changed there (``None`` for a tile)."""
    out: set[tuple[Pos, int | None]] = set()
    if old.entities_ is not new.entities_:
        before, after = old.entities, new.entities
        for eid in before.keys() | after.keys():
            a, b = before.get(eid), after.get(eid)
            if a is b or (a is not None and b is not None and a == b):
                continue
            for e in (a, b):
                if e is not None and e.pos is not None:
                    out.add((e.pos, e.owner))
    if old.tiles is not new.tiles and old.tiles != new.tiles:
        width = old.game.board.width
        out.update((Pos(i % width, i // width), None) for i, (t, u) in
                   enumerate(zip(old.tiles, new.tiles, strict=True)) if t != u)
    return out


__all__ = ["Kept", "Reuse"]
