"""The options memo: each actor's targets of each action type, kept from state to state.

An entry holds what ``options._one`` lists for one action type, player and actor: the
targets as actions, worked out as if the action's own conditions held. The conditions
("can act": a cooldown, a die left, the selected unit) are tested afresh at every
decision, since they change with nearly every action and cost little to test; the
targets, which cost a walk over the board or a look at every enemy, are kept while
nothing they read changed.

Made at each action decision from the memo the state inherited (``State.memo``): an
entry of the old memo is carried over when the changes since (``deps.Changes``, against
the containers the old memo was made on) miss what its type's targets read
(``ActionType.target_reads``) and, for a type that reads its actor, its actor did not
change. An entry whose targets look around the actor only (``ActionType.reach``, on a
square board) is also carried over when the entities that changed stood, before and
after, farther from the actor than its radius (``Changes.far_from``): a move across the
board leaves the other units' walks and ranges as they were. A memo is never changed
once its state is published.

A memo holds the entries of the player who decides at its state only. Another player's
entries wait, untouched, in the memo of that player's last decision (``others``), and are
checked against the changes since then when that player decides again: a step checks the
entries of the one side that may use them, not every side's (``Changes`` compares any two
states of a line, however many steps apart).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .deps import Changes

if TYPE_CHECKING:
    from .actions import Action
    from .context import Ctx
    from .spec import ActionType
    from .state import State

Key = tuple[str, int, "int | None"]
Spot = tuple[int, int, float, str]
"""Where an entry's actor stood, the radius its targets look within and the metric of
that radius."""


class Held:
    """The entries one player's decision left, with the containers they were worked out
    on (``OptionMemo`` is one; ``OptionMemo.others`` keeps the others' as these alone, so
    that a line of memos does not hold every older memo alive)."""

    __slots__ = ("cards", "counters_", "entities_", "entries", "flow", "memory_", "players",
                 "spots", "stacks_", "tiles")

    entities_: Any  # the names a state gives its own containers (``deps.Parts``)
    players: Any
    tiles: Any
    flow: Any
    counters_: Any
    memory_: Any
    cards: Any
    stacks_: Any
    entries: dict[Key, tuple[Action, ...]]
    spots: dict[Key, Spot]

    def held(self) -> Held:
        """These entries and containers alone (a ``Held`` that keeps nothing else)."""
        h = Held.__new__(Held)
        for name in Held.__slots__:
            setattr(h, name, getattr(self, name))
        return h


class OptionMemo(Held):
    """The targets of each actor (or player) of each action type at an action decision,
    kept with the state and shared with the states made from it (see the module).

    ``entries`` maps ``(action type, player, actor)`` to the actions listed, for the
    deciding ``player``; ``spots`` gives, for an entry bounded by a reach, the actor's
    square and the radius; ``others`` the other players' entries as their last decision
    left them."""

    __slots__ = ("game", "least", "others", "player")

    def __init__(self, s: State, player: int) -> None:
        # The containers the entries are worked out on, never written again
        # (``State._seal_own``): what ``deps.Changes`` compares the next state with.
        self.game = s.game
        self.player = player
        self.entities_ = s.entities_
        self.players = s.players
        self.tiles = s.tiles
        self.flow = s.flow
        self.counters_ = s.counters_
        self.memory_ = s.memory_
        self.cards = s.cards
        self.stacks_ = s.stacks_
        self.entries = {}
        self.spots = {}
        self.least: float | None = None
        self.others: dict[int, Held] = {}
        old = s.memo
        if old is None or old.game is not s.game:
            return
        if old.tiles is s.tiles:
            self.least = old.least
        src: Held | None
        if old.player == player:  # the same side decides again: the others wait as they were
            self.others = old.others
            src = old
        else:
            others = self.others = dict(old.others)
            if old.entries:
                others[old.player] = old.held()
            src = others.pop(player, None)
        if src is None or not src.entries:
            return
        changes = Changes(src, s)
        changed = changes.entities
        moved = changes.spots  # where the changed entities stood, before and after
        unplaced = changes.unplaced
        if moved:  # the box around them: an actor farther from it than its radius in
            # both directions is far from every one of them, in every metric
            xs = [p[0] for p in moved]
            ys = [p[1] for p in moved]
            x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        else:
            x0 = x1 = y0 = y1 = 0
        sides = changes.sides
        verdicts: dict[str, tuple[bool, bool, bool, str | None]] = {}
        keep = self.entries
        spots = self.spots
        old_spots = src.spots
        types = s.game.action_types
        for key, made in src.entries.items():
            name = key[0]
            verdict = verdicts.get(name)
            if verdict is None:  # per type: stale by what it reads, stale within reach
                at = types[name]
                reads = at.target_reads
                owners = None if at.reach is None or s.game.sides is not None \
                    else at.reach.owners  # (with teams, a side is more than one player)
                verdict = verdicts[name] = (
                    changes.stale_type(reads),
                    at.reach is not None and changes.stale_type(at.reach.rest),
                    bool(changed) and (reads.actor or owners is not None), owners)
            spot = old_spots.get(key)
            if spot is None:
                if verdict[0]:
                    continue
            elif verdict[1]:
                continue
            elif changed:  # ``Changes.far_from``, written out: the loop's hottest line
                if unplaced:
                    continue
                x, y, radius, metric = spot
                if x + radius >= x0 and x - radius <= x1 and y + radius >= y0 \
                        and y - radius <= y1:  # within reach of the box: each one looked at
                    near = False
                    owners = verdict[3]
                    me = key[1]
                    for i, (px, py) in enumerate(moved):
                        if owners is not None:  # a list of one side: the other side's
                            before, after = sides[i]  # changes do not matter
                            if owners == "enemy":
                                if before == me and after == me:
                                    continue
                            elif me not in (before, after):
                                continue
                        dx = px - x if px > x else x - px
                        dy = py - y if py > y else y - py
                        if metric == "chebyshev":
                            near = dx <= radius and dy <= radius
                        elif metric == "manhattan":
                            near = dx + dy <= radius
                        else:
                            near = dx * dx + dy * dy <= radius * radius + 1e-6
                        if near:
                            break
                    if near:
                        continue
            if verdict[2] and key[2] in changed:
                continue
            keep[key] = made
            if spot is not None:
                spots[key] = spot

    def get(self, at: ActionType, player: int, actor: int | None) -> tuple[Action, ...] | None:
        """The targets kept for that action type, player and actor, if any."""
        return self.entries.get((at.name, player, actor))

    def put(self, at: ActionType, ctx: Ctx, made: list[Action]) -> tuple[Action, ...]:
        """Keep the targets just worked out for the context's action type and actor."""
        key = (at.name, ctx.player, ctx.actor)
        kept = self.entries[key] = tuple(made)  # type: ignore[index]
        if at.reach is not None and ctx.actor is not None:
            spot = self._spot(at, ctx)
            if spot is not None:
                self.spots[key] = spot  # type: ignore[index]
        return kept

    def _spot(self, at: ActionType, ctx: Ctx) -> Spot | None:
        """The actor's square and the radius its targets of ``at`` look within, when
        they are bounded (``ActionType.reach``); ``None`` otherwise."""
        s = ctx.state
        g = s.game
        if g.board.topology != "square" or g.board.links:  # boxes hold square discs only
            return None
        e = s.entities_.get(ctx.actor)  # type: ignore[arg-type]
        pos = None if e is None else e.pos
        if pos is None:
            return None
        reach = at.reach
        try:
            if reach.kind == "near":
                near = at.targets[0].near
                if near is None:
                    return None
                center = near[0](ctx)
                if center is None or center not in (ctx.actor, pos):
                    return None
                radius = near[1](ctx)
                metric = g.board.metric
            else:
                budget = reach.budget(ctx)
                least = self._least(s)
                if type(budget) not in (int, float) or least is None:
                    return None
                radius = budget / least + reach.margin
                straight = reach.steps == "straight" or (reach.steps == "board"
                                                         and g.board.neighbours == 4)
                metric = "manhattan" if straight and not reach.margin else "chebyshev"
        except (TypeError, KeyError, ValueError, ZeroDivisionError):
            return None
        if type(radius) not in (int, float) or math.isnan(radius):
            return None
        return pos[0], pos[1], radius, metric

    def _least(self, s: State) -> float | None:
        """The cheapest cost of entering a square of this board (``None``: some square
        costs nothing, so a walk is not bounded by its budget)."""
        if self.least is None:
            tiles = s.game.board.tile_types
            present = set(s.tiles)
            costs = [tiles.get(name, {}).get("cost", 1) for name in present]
            costs += [c for name in present  # what some kind of unit pays
                      for c in (tiles.get(name, {}).get("cost_by") or {}).values()]
            paid = [float(c) for c in costs if c is not None and c >= 0]
            least = min(paid) if paid else 1.0
            self.least = least if least > 0 else -1.0
        return None if self.least <= 0 else self.least


__all__ = ["Held", "OptionMemo"]
