"""Multi-turn actions: an action that starts now and completes rounds later.

An action type with a task (``TaskType``) runs its effects when chosen (its start), and
then stays *in progress* on its source — the acting entity, or the player for a player
action — until it completes or is aborted. At each round's end (``tick_tasks``) every task
in progress counts one more round elapsed, and then:

1. if its ``keep_while`` condition no longer holds, it is aborted: ``on_abort`` runs;
2. otherwise ``on_tick`` runs, and when the rounds elapsed reach its duration (or its
   ``complete_when`` holds) ``on_complete`` runs and the task ends.

An ``abort`` effect ends a task early, running ``on_abort``. A source cannot start an
action it already has in progress. A task whose acting entity has left the game ends
silently. The effects run with the context the action had when chosen (player, actor,
targets), and ``elapsed`` bound to the rounds elapsed.

Tasks in progress are part of the state, in ``State.counters`` under ``task:<holder>``
(``e7`` for entity 7, ``p1`` for player 1): ``((action, player, targets, elapsed,
duration), ...)`` with ``targets`` as ``((name, value), ...)``; ``tasks(state)`` lists them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import Ref
from .context import Ctx
from .effect import Effect

if TYPE_CHECKING:
    from .runtime import Resolver
    from .spec import Test
    from .state import State


@dataclass(frozen=True)
class TaskType:
    """What makes an action type take several rounds: its duration (rounds, evaluated when
    it starts; ``None``: until ``complete_when`` holds) and its hooks."""

    action: str
    duration: Any = None
    on_tick: tuple[Effect, ...] = ()
    on_complete: tuple[Effect, ...] = ()
    on_abort: tuple[Effect, ...] = ()
    keep_while: Test | None = None
    complete_when: Test | None = None


class Task(NamedTuple):
    """An action in progress: whose, which, with what targets, how far."""

    holder: Any          # the acting entity (a ``Ref``) or the player (an int)
    action: str
    player: int
    targets: tuple[tuple[str, Any], ...]
    elapsed: int
    duration: float | None


def _key(who: Any) -> str:
    return f"task:e{int(who)}" if isinstance(who, Ref) else f"task:p{who}"


def tasks(s: State, who: Any = None) -> tuple[Task, ...]:
    """The actions in progress (of one holder, or of all, by holder), oldest first."""
    keys = [_key(who)] if who is not None else sorted(k for k in s.counters_
                                                       if k.startswith("task:"))
    out = []
    for k in keys:
        h = Ref(int(k[6:])) if k[5] == "e" else int(k[6:])
        for a, p, t, el, d in s.counters_.get(k, ()):
            out.append(Task(h, a, p, t, el, d))
    return tuple(out)


def in_progress(s: State, who: Any, action: str) -> Task | None:
    """The task of ``action`` that ``who`` has in progress, if any."""
    for a, p, t, el, d in s.counters_.get(_key(who), ()):
        if a == action:
            return Task(who, a, p, t, el, d)
    return None


def _ctx(s: State, t: Task) -> Ctx:
    actor = t.holder if isinstance(t.holder, Ref) else None
    return Ctx(s, t.player, actor, dict(t.targets), {"elapsed": t.elapsed})


def _write(r: Resolver, who: Any, entries: tuple[Any, ...]) -> None:
    key = _key(who)
    if entries:
        r.s._w_counters()[key] = entries
    elif key in r.s.counters_:
        del r.s._w_counters()[key]


def begin(r: Resolver, ctx: Ctx, task: TaskType, source: str) -> None:
    """Put an action chosen in ``ctx`` in progress on its source."""
    who = Ref(ctx.actor) if source == "entity" and ctx.actor is not None else ctx.player
    assert who is not None
    duration = task.duration(ctx) if callable(task.duration) else task.duration
    entry = (task.action, ctx.player, tuple(sorted(ctx.targets.items())), 0, duration)
    _write(r, who, (*r.s.counters_.get(_key(who), ()), entry))


def abort(r: Resolver, who: Any, action: str | None) -> None:
    """End ``who``'s task of ``action`` (every task of ``who`` when ``None``) now,
    running each one's ``on_abort``."""
    entries = r.s.counters_.get(_key(who), ())
    gone = [e for e in entries if action is None or e[0] == action]
    if not gone:
        return
    _write(r, who, tuple(e for e in entries if e not in gone))
    book = r.game.strategy.tasks
    for e in reversed(gone):  # the stack runs the last pushed first
        block = book[e[0]].on_abort
        if block:
            r.push(block, _ctx(r.s, Task(who, *e)))


def tick_tasks(r: Resolver) -> None:
    """A round has ended: every task in progress moves on by one round (see the module)."""
    s = r.s
    book = r.game.strategy.tasks
    todo: list[tuple[tuple[Effect, ...], Ctx]] = []
    for t in tasks(s):
        if isinstance(t.holder, Ref) and t.holder not in s.entities_:
            _write(r, t.holder, tuple(e for e in s.counters_.get(_key(t.holder), ())
                                      if e[0] != t.action))
            continue
        tt = book[t.action]
        t = t._replace(elapsed=t.elapsed + 1)
        ctx = _ctx(s, t)
        entries = s.counters_.get(_key(t.holder), ())
        rest = tuple(e for e in entries if e[0] != t.action)
        if tt.keep_while is not None and not tt.keep_while(ctx):
            _write(r, t.holder, rest)
            todo.append((tt.on_abort, ctx))
            continue
        todo.append((tt.on_tick, ctx))
        done = (t.duration is not None and t.elapsed >= t.duration) or (
            tt.complete_when is not None and tt.complete_when(ctx))
        if done:
            _write(r, t.holder, rest)
            todo.append((tt.on_complete, ctx))
        else:
            me = (t.action, t.player, t.targets, t.elapsed, t.duration)
            _write(r, t.holder, tuple(me if e[0] == t.action else e for e in entries))
    for block, ctx in reversed(todo):  # pushed last first, so they run in order
        if block:
            r.push(block, ctx.on(r.s))


def busy_test(action: str, source: str) -> Test:
    """The condition an action with a task carries: its source has none in progress."""
    if source == "entity":
        return lambda ctx: ctx.actor is None or in_progress(
            ctx.state, Ref(ctx.actor), action) is None
    return lambda ctx: in_progress(ctx.state, ctx.player, action) is None


def elapsed_of(s: State, who: Any, action: str) -> int:
    """Rounds elapsed of ``who``'s task of ``action`` (-1 when none is in progress)."""
    t = in_progress(s, who, action)
    return -1 if t is None else t.elapsed


__all__ = ["Task", "TaskType", "abort", "begin", "busy_test", "elapsed_of", "in_progress",
           "tasks", "tick_tasks"]
