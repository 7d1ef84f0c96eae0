"""Where the flow stands and whose turn it is: the modes of the phase machine.

The phase machine (``engine.phases``) walks these modes; the other modules only read
them, so they live here, below all of them::

    START → BEGIN_ROUND → BEGIN_PHASE → ORDER → BEGIN_TURN → BEGIN_STEP → IN_STEP
              ↑                ↑                     ↑            ↑          │ ends
              │                │                     │            └── END_STEP
              │                │                     └────────────── END_TURN
              │                ├──────────────────────────────────── END_PHASE
              │                └─ (again) ── REPEAT_PHASE ←──────── (a phase that repeats)
              └───────────────────────────────────────────────────── END_ROUND

A phase that repeats (``Phase.repeat``) passes through ``REPEAT_PHASE`` once its
``on_end`` is done: there its ``until`` decides whether it begins again or play goes
on to the next phase (or the end of the round).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .context import Ctx

if TYPE_CHECKING:
    from .state import State

(START, BEGIN_ROUND, BEGIN_PHASE, ORDER, BEGIN_TURN, BEGIN_STEP, IN_STEP, END_STEP,
 END_TURN, END_PHASE, END_ROUND, REPEAT_PHASE) = range(12)

MODE_NAMES = ("start", "begin_round", "begin_phase", "order", "begin_turn", "begin_step",
              "in_step", "end_step", "end_turn", "end_phase", "end_round", "repeat_phase")
"""The modes by name, in the order of their numbers."""


def turn_taker(s: State) -> tuple[int | None, int | None]:
    """The player whose turn it is, and the acting entity under initiative order.

    The player is ``None`` when the acting entity has left the game mid-turn.
    """
    f = s.flow
    phase = s.game.phases[f.phase]
    who = f.order[f.pos]
    if phase.order.kind == "initiative":
        e = s.entities_.get(who)
        return (None if e is None else e.owner), who
    return who, None


def flow_ctx(s: State) -> Ctx:
    """The context flow hooks run in: the turn-taker's during a turn, no one's outside."""
    f = s.flow
    if f.mode in (BEGIN_TURN, BEGIN_STEP, IN_STEP, END_STEP, END_TURN) and f.pos < len(f.order):
        player, actor = turn_taker(s)
        if player is not None:
            return Ctx(s, player, actor)
    return Ctx(s, None)
