"""Moves along a path, square by square: ``move_along`` and ``stop_move``.

``move`` (``effects.Move``) takes an entity from one square to another in one
``moved`` event. ``move_along`` walks it there one step at a time: each step is a
``stepped {mover, from, to, path_left}`` event with the usual stages, so that

- a reaction to a *pending* step may cancel it (``cancel_event``: the mover stays on
  ``from`` and walks no further), kill the mover, or let it go on;
- a trigger on a *done* step (the mover now stands on ``to``) may shoot it there, kill
  it, or stop it (``stop_move``: it stays on ``to``);
- a step whose square has no room for the mover when its turn comes is not taken, and
  the walk ends there. Under fog of war (``Fog.sighted_moves``) the way is planned on
  the board as the walker's side sees it, so it may lead into a unit that side did not
  see: the walk then stops on the last square with room before it, without a step
  event, the unit in the way is revealed to the walker's side (``Fog.reveal``), and a
  ``walk_halted {mover, at, to, by}`` event says so (always narrated: ``Game``).

The walk goes on only while the mover is still in the game and stands where the last
step left it. Without ``path`` the walk takes a cheapest path (``geometry.cheapest_path``)
over squares it may stand on (no enemy there, and room for it); with ``path`` (a list of
positions, each one step from the one before, the start left out) it takes that one, so
an action that lets its player choose the way binds a ``value`` target to one of
``paths(...)`` and passes it on.

How it is built: ``MoveAlong`` pushes a one-effect block, ``_Walk``, whose context holds
``(mover, squares left, where the mover should stand)`` under the name ``_walk``. Each
``_Walk`` first pushes the next ``_Walk`` (with one square fewer), then emits the step's
event above it: the event runs all its stages before the next step looks at the board.
``stop_move`` empties the squares left of the walks of that mover still on the stack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from . import sides
from .actions import Pos
from .changes import place
from .context import Ctx
from .display import a_or_an
from .effect import Checks, Effect, Events, evaluate, register_effect
from .frames import Block
from .geometry import blockers, cheapest_path, neighbours, side_steps, zone_of_control
from .stacks import has_room, stack_at

if TYPE_CHECKING:
    from .runtime import Resolver

WALK = "_walk"
"""The name under which a walk's block keeps (mover, squares left, where it stands)."""


def _step_ok(ctx: Ctx) -> bool:
    """A step's validity: the mover is still in the game, on the step's ``from`` square,
    and the square ahead has room for it."""
    ev = ctx.ev
    mover = ev.get("mover")
    s = ctx.state
    e = s.entities_.get(mover) if isinstance(mover, int) else None
    if e is None or e.pos != ev.get("from"):
        return False
    return has_room(s, ev["to"], mover)


@register_effect
@dataclass(frozen=True, slots=True)
class _StepOn(Effect):
    """The body of a step: put ``event.mover`` on ``event.to``."""

    needs_stack = True  # reads the event's fields

    def run(self, r: Resolver, ctx: Ctx) -> None:
        ev = ctx.ev
        place(r, ev["mover"], ev["to"])


_STEP_ON: tuple[Effect, ...] = (_StepOn(),)


@register_effect
@dataclass(frozen=True, slots=True)
class _Walk(Effect):
    """One step of a walk (see the module's docstring)."""

    pushes = True
    emits: ClassVar[Events] = {
        "stepped": {"mover": "entity", "from": "pos", "to": "pos", "path_left": "list"},
        "walk_halted": {"mover": "entity", "at": "pos", "to": "pos", "by": "entity"}}
    checks: ClassVar[Checks] = {"step": _step_ok}

    def run(self, r: Resolver, ctx: Ctx) -> None:
        mover, left, here = ctx.vars[WALK]
        s = r.s
        e = s.entities_.get(mover)
        if not left or e is None or e.pos != here:
            return  # arrived, stopped, taken out or moved by something else
        ahead = left[0]
        fog = s.game.fog
        if fog is not None and fog.sighted_moves and not has_room(s, ahead, mover):
            # Under fog a way may lead into a unit its side did not see: the walk stops
            # on the last square with room, and the walker's side now knows who is there;
            # a `walk_halted` event tells it (where the walk ends, where it was going, who
            # stopped it), so the log does not leave the walker at the place it chose.
            there = stack_at(s, ahead)
            for x in there:
                if e.owner is not None and not fog.sees_entity(s, e.owner, s.entities_[x]):
                    fog.reveal(s, e.owner, s.entities_[x])
            r.emit("walk_halted", {"mover": mover, "at": here, "to": left[-1],
                              "by": there[0] if there else None}, ctx)
            return
        rest = tuple(left[1:])
        r.push(_WALK, ctx.bind(WALK, (mover, rest, ahead)))
        r.emit("stepped", {"mover": mover, "from": here, "to": ahead, "path_left": rest}, ctx,
               _STEP_ON, _step_ok)

    def blocks(self) -> tuple[tuple[Effect, ...], ...]:
        return (_WALK, _STEP_ON)


_WALK: tuple[Effect, ...] = (_Walk(),)


@register_effect
@dataclass(frozen=True, slots=True)
class MoveAlong(Effect):
    """Walk an entity to a square one ``stepped`` event at a time (the module's docstring)."""

    pushes = True
    rules_key: ClassVar[str | None] = "move_along"
    rules_args: ClassVar[dict[str, str]] = {"what": "entity", "to": "pos", "path": "any",
                                            "stop_near": "any", "blocked_by": "name:blocking"}
    rules_required: ClassVar[tuple[str, ...]] = ()
    rules_doc: ClassVar[str] = (
        "Walk an entity (the actor by default) square by square: each step is a `stepped` "
        "event (mover, from, to, path_left) that reactions may cancel (the mover stays "
        "where it is) and triggers may answer once it stands on the new square (shoot it, "
        "kill it, `stop_move` it). The walk ends early when the mover is gone or a "
        "square has no room. The way is `path` (a list of positions, each one step from "
        "the last, the start left out: a target chosen from `paths(...)`), or else a "
        "cheapest way to `to` over the squares the walker may stand on (no enemy there, "
        "and room for it: free squares on a board without stacks), for it stands on "
        "each square it crosses; nothing happens when there is no way. Under fog of war "
        "the way is found on the board as the walker's side sees it: a hidden unit in "
        "it stops the walk on the last square with room before it, is revealed to "
        "the walker's side, and a `walk_halted` event (mover, at, to, by) tells it. "
        "With `stop_near` (entities or positions, as `reachable` takes "
        "it) the cheapest way enters a square next to one of them only as its last step: "
        "pass the `stop_near` the destination was found with, so that the walk keeps out "
        "of the zones of control its target went around. With `blocked_by` (`units`, "
        "`enemies` or `nothing`, as `reachable` takes it) the way crosses what "
        "`reachable` crosses, and a square without room for the walker (a full friendly "
        "stack) is passed over: one step goes from the square before it to the square "
        "after it; pass the `blocked_by` the destination was found with. Opt-in: `move` "
        "stays one `moved` event; a walk emits `stepped` events only, so reactions to "
        "`moved` (an opportunity attack) do not see it.")
    rules_example: ClassVar[str] = "move_along: {to: destination}"

    what: Any = None
    to: Any = None
    path: Any = None
    stop_near: Any = None
    blocked_by: Any = None

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = evaluate(self.what, ctx) if self.what is not None else ctx.actor
        s = r.s
        e = s.entities_.get(eid) if isinstance(eid, int) else None
        if e is None or e.pos is None:
            return
        if self.path is not None:
            way = tuple(Pos(p[0], p[1]) for p in evaluate(self.path, ctx) or ())
            board = s.game.board
            closed = side_steps(s, e)[0] if board.sides else frozenset()
            w, size = board.width, board.size
            for here, ahead in zip((e.pos, *way), way, strict=False):
                if ahead not in neighbours(board, here, True):
                    raise ValueError(f"a path goes from {here} to {ahead}, which is not one step")
                if closed and (here.y * w + here.x) * size + ahead.y * w + ahead.x in closed:
                    kind = sides.side_between(board, here, ahead)
                    raise ValueError(
                        f"a path goes from {here} to {ahead} across "
                        + (a_or_an(kind) if kind else "the corner of two sides")
                        + f", which {e.type} may not cross (`paths` finds the ways it may take)")
        else:
            if self.to is None:
                raise ValueError("move_along needs `to` or `path`")
            to = evaluate(self.to, ctx)
            # A walker stands on every square it crosses: not among enemies, and only
            # where there is room for it (on a board without stacks: free squares).
            # Under fog (sighted moves) the way is planned on the board as the walker's
            # side sees it: a hidden unit in the way stops the walk when it gets there.
            fog = s.game.fog
            seen = (fog.sighted(s, e.owner) if fog is not None and fog.sighted_moves
                    and e.owner is not None else s)
            by = None if self.blocked_by is None else evaluate(self.blocked_by, ctx)
            blocked = set(blockers(seen, "enemies" if by is None else by, e.owner))
            if by is None:
                blocked.update(p for p in seen.at_ if not has_room(seen, p, eid))
            # The zones of control the walker's side can see: a hidden unit's stops the
            # walk only as the unit itself does, when the walk bumps into it.
            stops = (frozenset() if self.stop_near is None
                     else zone_of_control(s, _places(seen, evaluate(self.stop_near, ctx))))
            found = (None if to is None
                     else cheapest_path(s, e.pos, to, None, blocked, stops=stops, mover=e))
            if not found:
                return
            way = tuple(found)
            if by is not None:  # a square without room is passed over, within one step
                way = tuple(p for p in way[:-1] if has_room(seen, p, eid)) + way[-1:]
        if way:
            r.push(_WALK, ctx.bind(WALK, (eid, way, e.pos)))

    def blocks(self) -> tuple[tuple[Effect, ...], ...]:
        return (_WALK, _STEP_ON)


def _places(s: Any, near: Any) -> list[Pos]:
    """The squares of ``near``: entities (by id) where they stand, and positions."""
    out: list[Pos] = []
    for x in near or ():
        if isinstance(x, Pos):
            out.append(x)
        elif isinstance(x, int):
            e = s.entities_.get(x)
            if e is not None and e.pos is not None:
                out.append(e.pos)
    return out


@register_effect
@dataclass(frozen=True, slots=True)
class StopMove(Effect):
    """End the walks of an entity where it stands now (``move_along``)."""

    needs_stack = True  # rewrites the walks' blocks
    rules_key: ClassVar[str | None] = "stop_move"
    rules_args: ClassVar[dict[str, str]] = {"what": "entity"}
    rules_required: ClassVar[tuple[str, ...]] = ("what",)
    rules_doc: ClassVar[str] = (
        "Stop an entity's `move_along` walk: it takes no further step after the one under "
        "way (a trigger on a done `stepped` event stops it on the square it entered).")
    rules_example: ClassVar[str] = "stop_move: {what: event.mover}"

    what: Any = None

    def run(self, r: Resolver, ctx: Ctx) -> None:
        eid = evaluate(self.what, ctx)
        stack = r.s.stack
        for i, f in enumerate(stack):
            if type(f) is Block and f.effects is _WALK and f.pc == 0:
                mover, _, here = f.ctx.vars[WALK]
                if mover == eid:
                    stack[i] = Block(f.effects, f.pc, f.ctx.bind(WALK, (mover, (), here)))


__all__ = ["WALK", "MoveAlong", "StopMove"]
