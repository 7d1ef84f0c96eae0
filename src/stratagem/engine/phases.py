"""The phase machine: rounds, phases, turns and steps, one transition at a time.

A round runs the game's phases in order. A phase computes its turn order
(players, one player, entities by initiative, or players alternating until all
pass) and gives each turn-taker a turn; a turn runs the phase's steps (phases
within a turn), and a step offers its action types until it ends. A phase that
repeats runs again, whole, until its test holds (``spec.Repeat``). The modes and
their diagram are in ``engine.turns``.

Each transition is one call of ``advance``; a transition may push on-start or
on-end effects and emit the flow events of ``FLOW_EVENTS``, which the resolver runs
before the next call. ``take_action`` is the step's side of a chosen action: it counts
the action, marks the turn ended when the action ends it, and starts its effects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .context import Ctx
from .cooldowns import count_turn
from .endings import end_by_score, stuck
from .errors import RunawayError
from .frames import Block
from .hands import KNOCKED, end_hand
from .options import generate, prompt
from .queue import DRAIN, has_due
from .state import Decision, FlowPos, Status
from .turns import (
    BEGIN_PHASE,
    BEGIN_ROUND,
    BEGIN_STEP,
    BEGIN_TURN,
    END_PHASE,
    END_ROUND,
    END_STEP,
    END_TURN,
    IN_STEP,
    ORDER,
    REPEAT_PHASE,
    START,
    flow_ctx,
    turn_taker,
)

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game
    from .runtime import Resolver
    from .spec import Phase
    from .state import State

FLOW_EVENTS: dict[str, dict[str, str]] = {
    "game_started": {},
    "round_started": {"round": "number"},
    "round_ended": {"round": "number"},
    "phase_started": {"phase": "str"},
    "phase_ended": {"phase": "str"},
    "turn_started": {"player": "player", "actor": "entity"},
    "turn_ended": {"player": "player", "actor": "entity"},
    "action_done": {"player": "player", "action": "str", "actor": "entity"},
    "spawned": {"entity": "entity", "type": "str", "owner": "player", "pos": "pos"},
}
"""The events the phase machine emits, with the kinds of their fields (as in
``Effect.emits``). Each is emitted only when something listens to it or narrates it.
``action_done`` follows every action taken at an action decision (and every queued action
carried out) once its effects have resolved; ``spawned`` follows each ``spawn`` effect
(``effects.Spawn``; not the entities a scenario places)."""

TURN_EVENTS = frozenset(FLOW_EVENTS) - {"game_started"}
"""The flow events of every round and turn (``game_started`` comes once, before any)."""

_new_tuple = tuple.__new__


IDLE_ROUNDS = 1_000
"""Rounds that may pass in one ``apply`` with no decision before the flow is declared stuck."""

REPEAT_LIMIT = 1_000
"""Runs of a repeating phase with no ``most`` in one round before its ``until`` is declared
never to hold (``spec.Repeat``)."""


def _emit(r: Resolver, name: str, ctx: Ctx, **fields: Any) -> None:
    """Emit a flow event, only when something listens to it or narrates it."""
    if name in r.game.listened or name in r.game.narrated:
        r.emit(name, fields, ctx)


def advance(r: Resolver) -> None:
    """Make one transition of the flow machine."""
    s = r.s
    g = s.game
    f = s.flow
    m = f.mode
    if m == IN_STEP:
        if g.hooks.hand is not None and end_hand(r, g.hooks.hand):
            return
        phase = g.phases[f.phase]
        step = phase.steps[f.step]
        if f.ended or (step.max_actions is not None and f.acted >= step.max_actions):
            if not (g.quick_turns and quick_next_turn(s)):
                s.flow = f._replace(mode=END_STEP)
                return
            f = s.flow
        if phase.end_when is not None or step.end_when is not None:
            ctx = flow_ctx(s)
            if phase.end_when is not None and phase.end_when(ctx):
                s.flow = f._replace(mode=END_STEP, ended=True, closing=True)
                return
            if step.end_when is not None and step.end_when(ctx):
                s.flow = f._replace(mode=END_STEP)
                return
        if phase.order.kind == "initiative":
            player, actor = turn_taker(s)
            if player is None:  # the acting entity fell during its own turn
                s.flow = f._replace(mode=END_TURN)
                return
        else:
            player, actor = f.order[f.pos], None
        actions = generate(s, player, actor, step.actions)
        if not actions:
            s.flow = f._replace(mode=END_STEP)
            how = step.stuck if step.stuck_when is None or f.acted else \
                step.stuck_how(Ctx(s, player, actor))
            if how != "pass" and not f.acted:  # no move at all: `stuck: lose|draw`
                stuck(r, player, how)
            elif phase.order.kind == "alternate" and not f.acted and player not in f.out:
                # No move as its turn comes round: it has passed (the phase ends once all
                # have, rather than handing the turn round for ever).
                s.flow = s.flow._replace(out=(*f.out, player))
            return
        s.decision = Decision("action", player, tuple(actions),
                              prompt(g, player, actor, f.phase, f.step), actor)
        return
    if m == START:
        s.flow = f._replace(mode=BEGIN_ROUND)
        ctx = Ctx(s, None)
        if g.hooks.hand is not None:  # the first hand begins once the setup is done
            r.push(g.hooks.hand.opening, ctx)
        r.push(g.setup, ctx)
        _emit(r, "game_started", ctx)
        return
    if m == BEGIN_ROUND:
        nxt = f.round + 1
        if g.round_limit is not None and nxt > g.round_limit:
            end_by_score(r, f"{g.display.round} limit ({g.round_limit}) reached")
            return
        if nxt - r.start_round > IDLE_ROUNDS:
            raise RunawayError(f"{g.name}: {IDLE_ROUNDS} rounds passed with no decision "
                               "(no one can ever act, and no rule ends the game)")
        s.flow = f._replace(mode=BEGIN_PHASE, round=nxt, phase=0)
        r.turns.append((len(r.events), len(r.rolls), None, nxt, 0))  # no one's turn yet
        _emit(r, "round_started", Ctx(s, None), round=nxt)
        return
    if m == BEGIN_PHASE:
        phase = g.phases[f.phase]
        s.flow = f._replace(mode=ORDER, order=(), pos=0, out=(), closing=False)
        _mark(r, None, f)
        ctx = Ctx(s, None)
        r.push(phase.on_start, ctx)
        _emit(r, "phase_started", ctx, phase=phase.name)
        return
    if m == ORDER:
        order = _order(s, g.phases[f.phase])
        s.flow = f._replace(mode=BEGIN_TURN, order=order, pos=0)
        return
    if m == BEGIN_TURN:
        if g.hooks.hand is not None and end_hand(r, g.hooks.hand, in_turn=False):
            return  # the hand ended between turns: this turn is the next hand's first
        phase = g.phases[f.phase]
        if f.closing or f.pos >= len(f.order) or (
                phase.order.kind == "alternate" and all(
                    p in f.out or not s.players[p].alive
                    or p in s.counters_.get(KNOCKED, ()) for p in f.order)):
            s.flow = f._replace(mode=END_PHASE)
            return
        if not _can_take_turn(s, phase, f.order[f.pos], f.out):
            _next_turn(s)
            return
        s.flow = f._replace(mode=BEGIN_STEP, step=0, turn=f.turn + 1)
        if phase.end_when is not None and phase.end_when(flow_ctx(s)):
            # The phase's end already holds: it ends, and no turn begins that no one plays
            # (an alternate phase ended when the last worker was placed).
            s.flow = f._replace(mode=END_PHASE)
            return
        player, actor = turn_taker(s)
        _mark(r, player, f)
        hooks = g.hooks
        if hooks.counts_turns and player is not None:
            count_turn(s, player)
            if hooks.queue and has_due(s, player):  # after turn_started is answered
                r.push(DRAIN, Ctx(s, player, actor))
        _emit(r, "turn_started", Ctx(s, player, actor), player=player, actor=actor)
        return
    if m == BEGIN_STEP:
        phase = g.phases[f.phase]
        if f.step >= len(phase.steps):
            s.flow = f._replace(mode=END_TURN)
            return
        s.flow = f._replace(mode=IN_STEP, acted=0, ended=False)
        r.push(phase.steps[f.step].on_start, flow_ctx(s))
        return
    if m == END_STEP:
        phase = g.phases[f.phase]
        step = phase.steps[f.step]
        ctx = flow_ctx(s)
        ended_turn = f.ended or f.closing
        s.flow = f._replace(mode=END_TURN if ended_turn else BEGIN_STEP, step=f.step + 1,
                            ended=False)
        r.push(step.on_end, ctx)
        return
    if m == END_TURN:
        ctx = flow_ctx(s)
        player, actor = ctx.player, ctx.actor
        _next_turn(s)
        _emit(r, "turn_ended", ctx, player=player, actor=actor)
        return
    if m == END_PHASE:
        phase = g.phases[f.phase]
        if phase.repeat is not None:  # whether it runs again is asked once on_end is done
            s.flow = f._replace(mode=REPEAT_PHASE, order=(), pos=0, closing=False)
        else:
            s.flow = _next_phase(g, f)
        ctx = Ctx(s, None)
        _emit(r, "phase_ended", ctx, phase=phase.name)  # runs after on_end (stack order)
        r.push(phase.on_end, ctx)
        return
    if m == END_ROUND:
        s.flow = f._replace(mode=BEGIN_ROUND)
        _tick_statuses(r)
        _emit(r, "round_ended", Ctx(s, None), round=f.round)
        return
    if m == REPEAT_PHASE:
        _repeat(s, g.phases[f.phase])
        return
    raise AssertionError(f"unknown flow mode {m}")


def _next_phase(g: Game, f: FlowPos) -> FlowPos:
    """The flow as a phase ends for good: the next phase begins, or the round ends."""
    nxt = f.phase + 1
    return f._replace(mode=BEGIN_PHASE if nxt < len(g.phases) else END_ROUND,
                      phase=nxt if nxt < len(g.phases) else f.phase, order=(), pos=0,
                      closing=False, repeats=0)


def _repeat(s: State, phase: Phase) -> None:
    """A run of a repeating phase is over (its ``on_end`` done): it begins again unless its
    ``until`` holds or it has run ``most`` times this round (``spec.Repeat``)."""
    f = s.flow
    rule = phase.repeat  # (by that name: a test that fails is told at its place, rule_failed)
    assert rule is not None
    runs = f.repeats + 1
    if (rule.most is not None and runs >= rule.most) or (
            rule.until is not None and rule.until(Ctx(s, None))):
        s.flow = _next_phase(s.game, f)
        return
    if rule.most is None and runs >= REPEAT_LIMIT:
        raise RunawayError(f"{s.game.name}: phase `{phase.name}` ran {REPEAT_LIMIT:,} times in "
                           f"round {f.round} and its `repeat: until` never held "
                           f"(`{rule.said}`); give `repeat` a `most`, or make the test "
                           "come true")
    s.flow = f._replace(mode=BEGIN_PHASE, repeats=runs)


def _mark(r: Resolver, player: int | None, f: FlowPos) -> None:
    """Where a phase or a turn begins, for the log (``Record.turns``): a run of a repeating
    phase after its first is marked with how many runs came before."""
    m = (len(r.events), len(r.rolls), player, f.round, f.phase)
    r.turns.append((*m, f.repeats) if f.repeats else m)



def is_quick(g: Game) -> bool:
    """Whether turns can be handed over in one transition: one plain phase, one
    plain step, players in fixed order, nothing listening to flow events."""
    if len(g.phases) != 1:
        return False
    ph = g.phases[0]
    return (ph.order.kind == "players" and not ph.order.rotate and len(ph.steps) == 1
            and not (ph.on_start or ph.on_end or ph.end_when or ph.repeat)
            and not (ph.steps[0].on_start or ph.steps[0].on_end)
            and not (TURN_EVENTS & (g.listened | g.narrated)) and not g.hooks.any
            and not any(st.duration is not None for st in g.statuses.values()))


def quick_next_turn(s: State) -> bool:
    """Hand the turn to the next player directly (see ``is_quick``); False to go the long way."""
    f = s.flow
    if f.closing:
        return False
    nxt = f.pos + 1
    if nxt < len(f.order):
        if not s.players[f.order[nxt]].alive:
            return False
        s.flow = _new_tuple(FlowPos, (IN_STEP, f.round, f.phase, f.order, nxt, 0, 0, False,
                                      f.turn + 1, f.out, f.eliminated, False, 0))
        return True
    limit = s.game.round_limit
    if limit is not None and f.round + 1 > limit:
        return False
    if not s.players[f.order[0]].alive:
        return False
    if s.game.statuses and any(st.duration is not None
                               for e in s.entities_.values() for st in e.statuses):
        return False  # statuses tick at the end of the round: go the long way
    s.flow = _new_tuple(FlowPos, (IN_STEP, f.round + 1, f.phase, f.order, 0, 0, 0, False,
                                  f.turn + 1, (), f.eliminated, False, 0))
    return True


def _next_turn(s: State) -> None:
    f = s.flow
    phase = s.game.phases[f.phase]
    if phase.order.kind == "alternate":
        n = len(f.order)
        pos = f.pos
        knocked = s.counters_.get(KNOCKED, ())
        for _ in range(n):
            pos = (pos + 1) % n
            if f.order[pos] not in f.out and s.players[f.order[pos]].alive \
                    and f.order[pos] not in knocked:
                break
        s.flow = f._replace(mode=BEGIN_TURN, pos=pos)
    else:
        s.flow = f._replace(mode=BEGIN_TURN, pos=f.pos + 1)


def _can_take_turn(s: State, phase: Phase, who: int, out: tuple[int, ...]) -> bool:
    if phase.order.kind == "initiative":
        e = s.entities_.get(who)
        if s.game.hooks.knockouts and e is not None and e.owner in s.counters_.get(KNOCKED, ()):
            return False  # its owner is out of this hand
        return e is not None and e.owner is not None and s.players[e.owner].alive
    if s.game.hooks.knockouts and who in s.counters_.get(KNOCKED, ()):
        return False
    return s.players[who].alive and who not in out


def _order(s: State, phase: Phase) -> tuple[int, ...]:
    o = phase.order
    n = len(s.players)
    if o.kind == "player":
        return (o.first,)
    if o.kind in ("players", "alternate"):
        base = o.first if o.first_of is None else _first_player(s, o)
        first = (base + (s.flow.round - 1 if o.rotate else 0)) % n
        return tuple((first + i) % n for i in range(n))
    if o.kind == "initiative":
        ctx = Ctx(s, None)
        pool = (list(o.entities(ctx)) if o.entities is not None else
                [eid for eid in sorted(s.entities_) if s.entities_[eid].zone is None])
        key = o.key
        if key is None:
            return tuple(pool)
        # Highest key first; ties broken by lower id, so the order is deterministic.
        return tuple(sorted(pool, key=lambda eid: (-key(ctx, s.entities_[eid]), eid)))
    raise AssertionError(f"unknown turn order {o.kind}")


def _first_player(s: State, o: Any) -> int:
    """The first player of an order whose ``first`` is an expression, worked out now."""
    p = o.first_of(Ctx(s, None))
    if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < len(s.players):
        raise ValueError(f"the first player of the turn order came out as {p!r}, "
                         "not a player")
    return p


def _tick_statuses(r: Resolver) -> None:
    s = r.s
    for eid in sorted(s.entities_):
        e = s.entities_[eid]
        if any(st.duration is not None for st in e.statuses):
            kept = tuple(
                Status(st.name, None if st.duration is None else st.duration - 1, st.usages)
                for st in e.statuses if st.duration is None or st.duration > 1)
            r.s._w_entity(eid).statuses = kept



def take_action(r: Resolver, action: Action) -> None:
    """Start resolving a chosen action of an action decision."""
    s = r.s
    g = s.game
    f = s.flow
    if action.type == "choose":  # a mid-effect choice is answered through its Await frame
        raise AssertionError("choose without an Await frame")
    at = g.action_types[action.type]
    kind = g.phases[f.phase].order.kind
    player = turn_taker(s)[0] if kind == "initiative" else f.order[f.pos]
    assert player is not None
    if at.passes:
        s.flow = f._replace(acted=f.acted + 1, ended=True,
                            out=(*f.out, player) if player not in f.out else f.out)
    else:
        s.flow = _new_tuple(FlowPos, (f.mode, f.round, f.phase, f.order, f.pos, f.step,
                                      f.acted + 1, f.ended or at.ends_turn
                                      or (kind == "alternate" and not at.keeps_turn),
                                      f.turn, f.out, f.eliminated, f.closing, f.repeats))
    if "action_done" in g.listened or "action_done" in g.narrated:
        # Answered once the action's effects (pushed on top of it) have resolved.
        r.emit("action_done", {"player": player, "action": at.name, "actor": action.actor},
               Ctx(s, player, action.actor))
    effects = at.effects
    if effects:
        ctx = Ctx(s, player, action.actor, dict(action.targets))
        if id(effects) in g.straight_blocks:
            # Nothing in it can push, wait or emit: run it now rather than through the stack.
            for effect in effects:
                ctx = effect.run_straight(r, ctx)
                if s.outcome is not None:
                    return
        else:
            s.stack.append(_new_tuple(Block, (effects, 0, ctx)))



def after_action(f: FlowPos, ends_turn: bool) -> FlowPos:
    """The flow after one more action of the step (``ends_turn``: it ends the turn)."""
    return _new_tuple(FlowPos, (f.mode, f.round, f.phase, f.order, f.pos, f.step, f.acted + 1,
                                f.ended or ends_turn, f.turn, f.out, f.eliminated, f.closing,
                                f.repeats))


