"""The flow machine: rounds, phases, turns, steps; legal actions; end conditions.

A round runs the game's phases in order. A phase computes its turn order
(players, one player, entities by initiative, or players alternating until all
pass) and gives each turn-taker a turn; a turn runs the phase's steps (phases
within a turn), and a step offers its action types until it ends::

    START → BEGIN_ROUND → BEGIN_PHASE → ORDER → BEGIN_TURN → BEGIN_STEP → IN_STEP
              ↑                ↑                     ↑            ↑          │ ends
              │                │                     │            └── END_STEP
              │                │                     └────────────── END_TURN
              │                └──────────────────────────────────── END_PHASE
              └───────────────────────────────────────────────────── END_ROUND

Each transition is one call of ``advance``; a transition may push on-start or
on-end effects and emit ``round_started``, ``phase_started``, ``turn_started``
(and their ``_ended`` twins), which the resolver runs before the next call. End
conditions are checked whenever the stack has emptied after something ran.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from . import rng as _rng
from .actions import Action, Pos, Ref
from .context import Ctx
from .errors import RunawayError
from .spec import PLAYER_FIELD
from .state import Decision, FlowPos, Outcome, Status

if TYPE_CHECKING:
    from .effects import Effect
    from .game import Game
    from .rng import Rng
    from .runtime import Resolver
    from .spec import ActionType, Phase
    from .state import State

(START, BEGIN_ROUND, BEGIN_PHASE, ORDER, BEGIN_TURN, BEGIN_STEP, IN_STEP, END_STEP,
 END_TURN, END_PHASE, END_ROUND) = range(11)

IDLE_ROUNDS = 1_000
"""Rounds that may pass in one ``apply`` with no decision before the flow is declared stuck."""

MODE_NAMES = ("start", "begin_round", "begin_phase", "order", "begin_turn", "begin_step",
              "in_step", "end_step", "end_turn", "end_phase", "end_round")


def turn_taker(s: State) -> tuple[int | None, int | None]:
    """The player whose turn it is, and the acting entity under initiative order.

    The player is ``None`` when the acting entity has left the game mid-turn.
    """
    f = s.flow
    phase = s.game.phases[f.phase]
    who = f.order[f.pos]
    if phase.order.kind == "initiative":
        e = s.entities.get(who)
        return (None if e is None else e.owner), who
    return who, None


def _flow_ctx(s: State) -> Ctx:
    f = s.flow
    if f.mode in (BEGIN_TURN, BEGIN_STEP, IN_STEP, END_STEP, END_TURN) and f.pos < len(f.order):
        player, actor = turn_taker(s)
        if player is not None:
            return Ctx(s, player, actor)
    return Ctx(s, None)


def _emit(r: Resolver, name: str, ctx: Ctx, **fields: Any) -> None:
    if name in r.game.listened or name in r.game.narrated:
        r.emit(name, fields, ctx)


def advance(r: Resolver) -> None:
    """Make one transition of the flow machine."""
    s = r.s
    g = s.game
    f = s.flow
    m = f.mode
    if m == IN_STEP:
        phase = g.phases[f.phase]
        step = phase.steps[f.step]
        if f.ended or (step.max_actions is not None and f.acted >= step.max_actions):
            if not (g.quick_turns and _quick_next_turn(s)):
                s.flow = f._replace(mode=END_STEP)
                return
            f = s.flow
        if phase.end_when is not None or step.end_when is not None:
            ctx = _flow_ctx(s)
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
            return
        s.decision = Decision("action", player, tuple(actions),
                              _prompt(g, player, actor, f.phase, f.step), actor)
        return
    if m == START:
        s.flow = f._replace(mode=BEGIN_ROUND)
        ctx = Ctx(s, None)
        r.push(g.setup, ctx)
        _emit(r, "game_started", ctx)
        return
    if m == BEGIN_ROUND:
        nxt = f.round + 1
        if g.round_limit is not None and nxt > g.round_limit:
            _finish_by_score(r, f"round limit ({g.round_limit}) reached")
            return
        if nxt - r.start_round > IDLE_ROUNDS:
            raise RunawayError(f"{g.name}: {IDLE_ROUNDS} rounds passed with no decision "
                               "(no one can ever act, and no rule ends the game)")
        s.flow = f._replace(mode=BEGIN_PHASE, round=nxt, phase=0)
        _emit(r, "round_started", Ctx(s, None), round=nxt)
        return
    if m == BEGIN_PHASE:
        phase = g.phases[f.phase]
        s.flow = f._replace(mode=ORDER, order=(), pos=0, out=(), closing=False)
        ctx = Ctx(s, None)
        r.push(phase.on_start, ctx)
        _emit(r, "phase_started", ctx, phase=phase.name)
        return
    if m == ORDER:
        order = _order(s, g.phases[f.phase])
        s.flow = f._replace(mode=BEGIN_TURN, order=order, pos=0)
        return
    if m == BEGIN_TURN:
        phase = g.phases[f.phase]
        if f.closing or f.pos >= len(f.order) or (
                phase.order.kind == "alternate" and all(
                    p in f.out or not s.players[p].alive for p in f.order)):
            s.flow = f._replace(mode=END_PHASE)
            return
        if not _can_take_turn(s, phase, f.order[f.pos], f.out):
            _next_turn(s)
            return
        s.flow = f._replace(mode=BEGIN_STEP, step=0, turn=f.turn + 1)
        player, actor = turn_taker(s)
        _emit(r, "turn_started", Ctx(s, player, actor), player=player, actor=actor)
        return
    if m == BEGIN_STEP:
        phase = g.phases[f.phase]
        if f.step >= len(phase.steps):
            s.flow = f._replace(mode=END_TURN)
            return
        s.flow = f._replace(mode=IN_STEP, acted=0, ended=False)
        r.push(phase.steps[f.step].on_start, _flow_ctx(s))
        return
    if m == END_STEP:
        phase = g.phases[f.phase]
        step = phase.steps[f.step]
        ctx = _flow_ctx(s)
        ended_turn = f.ended or f.closing
        s.flow = f._replace(mode=END_TURN if ended_turn else BEGIN_STEP, step=f.step + 1,
                            ended=False)
        r.push(step.on_end, ctx)
        return
    if m == END_TURN:
        ctx = _flow_ctx(s)
        player, actor = ctx.player, ctx.actor
        _next_turn(s)
        _emit(r, "turn_ended", ctx, player=player, actor=actor)
        return
    if m == END_PHASE:
        phase = g.phases[f.phase]
        nxt = f.phase + 1
        s.flow = f._replace(mode=BEGIN_PHASE if nxt < len(g.phases) else END_ROUND,
                            phase=nxt if nxt < len(g.phases) else f.phase, order=(), pos=0,
                            closing=False)
        ctx = Ctx(s, None)
        _emit(r, "phase_ended", ctx, phase=phase.name)  # runs after on_end (stack order)
        r.push(phase.on_end, ctx)
        return
    if m == END_ROUND:
        s.flow = f._replace(mode=BEGIN_ROUND)
        _tick_statuses(r)
        _emit(r, "round_ended", Ctx(s, None), round=f.round)
        return
    raise AssertionError(f"unknown flow mode {m}")


def _prompt(g: Game, player: int, actor: int | None, phase: int, step: int) -> str:
    """The prompt of an action decision: who decides, in which phase and step.

    The same few texts come back at every turn, so each is made once per game."""
    key = (player, actor, phase, step)
    text = g.prompts.get(key)
    if text is None:
        who = f"#{actor}" if actor is not None else g.players[player]
        ph = g.phases[phase]
        text = f"{who}: {ph.name}/{ph.steps[step].name}"
        if len(g.prompts) >= ACTION_CACHE_SIZE:
            g.prompts.clear()
        g.prompts[key] = text
    return text


def is_quick(g: Game) -> bool:
    """Whether turns can be handed over in one transition: one plain phase, one
    plain step, players in fixed order, nothing listening to flow events."""
    if len(g.phases) != 1:
        return False
    ph = g.phases[0]
    flow_events = {"round_started", "round_ended", "phase_started", "phase_ended",
                   "turn_started", "turn_ended"}
    return (ph.order.kind == "players" and not ph.order.rotate and len(ph.steps) == 1
            and not (ph.on_start or ph.on_end or ph.end_when)
            and not (ph.steps[0].on_start or ph.steps[0].on_end)
            and not (flow_events & (g.listened | g.narrated))
            and not any(st.duration is not None for st in g.statuses.values()))


def _quick_next_turn(s: State) -> bool:
    """Hand the turn to the next player directly (see ``is_quick``); False to go the long way."""
    f = s.flow
    if f.closing:
        return False
    nxt = f.pos + 1
    if nxt < len(f.order):
        if not s.players[f.order[nxt]].alive:
            return False
        s.flow = _new_tuple(FlowPos, (IN_STEP, f.round, f.phase, f.order, nxt, 0, 0, False,
                                      f.turn + 1, f.out, f.eliminated, False))
        return True
    limit = s.game.round_limit
    if limit is not None and f.round + 1 > limit:
        return False
    if not s.players[f.order[0]].alive:
        return False
    if s.game.statuses and any(st.duration is not None
                               for e in s.entities.values() for st in e.statuses):
        return False  # statuses tick at the end of the round: go the long way
    s.flow = _new_tuple(FlowPos, (IN_STEP, f.round + 1, f.phase, f.order, 0, 0, 0, False,
                                  f.turn + 1, (), f.eliminated, False))
    return True


def _next_turn(s: State) -> None:
    f = s.flow
    phase = s.game.phases[f.phase]
    if phase.order.kind == "alternate":
        n = len(f.order)
        pos = f.pos
        for _ in range(n):
            pos = (pos + 1) % n
            if f.order[pos] not in f.out and s.players[f.order[pos]].alive:
                break
        s.flow = f._replace(mode=BEGIN_TURN, pos=pos)
    else:
        s.flow = f._replace(mode=BEGIN_TURN, pos=f.pos + 1)


def _can_take_turn(s: State, phase: Phase, who: int, out: tuple[int, ...]) -> bool:
    if phase.order.kind == "initiative":
        e = s.entities.get(who)
        return e is not None and e.owner is not None and s.players[e.owner].alive
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
                [eid for eid in sorted(s.entities) if s.entities[eid].zone is None])
        key = o.key
        if key is None:
            return tuple(pool)
        # Highest key first; ties broken by lower id, so the order is deterministic.
        return tuple(sorted(pool, key=lambda eid: (-key(ctx, s.entities[eid]), eid)))
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
    for eid in sorted(s.entities):
        e = s.entities[eid]
        if any(st.duration is not None for st in e.statuses):
            kept = tuple(
                Status(st.name, None if st.duration is None else st.duration - 1, st.usages)
                for st in e.statuses if st.duration is None or st.duration > 1)
            r.s._w_entity(eid).statuses = kept


# ---------------------------------------------------------------- actions
def generate(s: State, player: int, actor: int | None,
             type_names: tuple[str, ...]) -> list[Action] | tuple[Action, ...]:
    """Every legal action of the given types for ``player`` (and ``actor``)."""
    g = s.game
    at = g.single_target.get(type_names)
    if at is not None:
        return _single_target(at, Ctx(s, player, None, {}))
    out: list[Action] = []
    pinned: dict[Any, Any] = {}
    for name in type_names:
        at = g.action_types[name]
        if at.source == "player":
            ctx = Ctx(s, player, None, {})
            if not at.conditions or _conditions_hold(at, ctx):
                _enumerate(at, ctx, 0, [], out)
        else:
            _entity_actions(s, player, actor, at, out, pinned)
    return out


def _entity_actions(s: State, player: int, actor: int | None, at: ActionType,
                    out: list[Action], pinned: dict[Any, Any]) -> None:
    """The legal actions of one entity action type, added to ``out``, actors in id order.

    The conditions that do not read the actor are tested once for all of them; where a
    condition names the one entity that can act (``ActionType.pin``), only it is tried.
    ``pinned`` holds the entity each pin named, for the other types sharing it.
    """
    if not at.conditions:
        for eid in _actors(s, player, actor, at):
            _enumerate(at, Ctx(s, player, eid, {}), 0, [], out)
        return
    pin = at.pin
    if actor is None and pin is not None:
        if pin in pinned:
            e = pinned[pin]
        else:
            try:
                e = s.entities.get(pin(Ctx(s, player, None, {})))
            except TypeError:  # an unhashable value names no entity
                e = None
            pinned[pin] = e
        if e is None or e.owner != player or e.zone is not None \
                or e.type not in s.game.actors_of.get(at.name, ()):
            return
        eids: list[int] = [Ref(e.id)]
    else:
        eids = _actors(s, player, actor, at)
        if not eids:
            return
    if at.free_tests:
        ctx = Ctx(s, player, None, {})
        for test in at.free_tests:
            if not test(ctx):
                return
    tests = at.actor_tests
    for eid in eids:
        ctx = Ctx(s, player, eid, {})
        for test in tests:
            if not test(ctx):
                break
        else:
            _enumerate(at, ctx, 0, [], out)


def _actors(s: State, player: int, actor: int | None, at: ActionType) -> list[int]:
    g = s.game
    if actor is not None:
        e = s.entities.get(actor)
        ok = e is not None and at.name in g.type_actions.get(e.type, ())
        return [Ref(actor)] if ok else []
    types = g.actors_of.get(at.name, frozenset())
    return [Ref(eid) for eid in sorted(s.entities)
            if (e := s.entities[eid]).owner == player and e.type in types and e.zone is None]


def _conditions_hold(at: ActionType, ctx: Ctx) -> bool:
    return all(c.test(ctx) for c in at.conditions)


_new_tuple = tuple.__new__
ACTION_CACHE_SIZE = 4096
"""Candidate lists whose actions a game keeps (``Game.action_cache``); cleared when full."""
_ENTITY_KINDS = frozenset({"entity", "card"})


def _enumerate(at: ActionType, ctx: Ctx, i: int, bound: list[tuple[str, Any]],
               out: list[Action]) -> None:
    targets = at.targets
    if i == len(targets):
        out.append(_new_tuple(Action, (at.name, ctx.actor, tuple(bound))))
        return
    spec = targets[i]
    name = spec.name
    conds = spec.conditions
    aname = at.name
    actor = ctx.actor
    candidates = spec.candidates(ctx)
    if spec.kind in _ENTITY_KINDS:  # entity ids always travel as Ref, so texts read "#7"
        candidates = [v if v is None or type(v) is Ref else Ref(v) for v in candidates]
        if spec.near is not None and candidates:
            candidates = _near(ctx, spec.near, candidates)
    if i == 0 and len(targets) == 1 and not conds:  # the common case, without per-value work
        out.extend(_single_target(at, ctx, candidates))
        return
    last = i == len(targets) - 1
    bag = ctx.targets
    tests = [c.test for c in conds]
    one = tests[0] if len(tests) == 1 else None
    for value in candidates:
        bag[name] = value
        if one is not None:
            if not one(ctx):
                continue
        elif tests and not all(t(ctx) for t in tests):
            continue
        bound.append((name, value))
        if last:
            out.append(_new_tuple(Action, (aname, actor, tuple(bound))))
        else:
            _enumerate(at, ctx, i + 1, bound, out)
        bound.pop()
    bag.pop(name, None)


def _near(ctx: Ctx, near: tuple[Any, Any], candidates: list[Any]) -> list[Any]:
    """The candidates without those known to stand farther than a condition of the target
    allows (``TargetSpec.near``); the conditions are still tested on the others."""
    center_of, bound_of = near
    ents = ctx.state.entities
    center = center_of(ctx)
    if not isinstance(center, Pos):
        try:
            e = None if center is None else ents.get(center)
        except TypeError:
            return candidates
        center = None if e is None else e.pos
    bound = bound_of(ctx)
    if center is None or type(bound) not in (int, float):
        return candidates
    cx, cy = center
    metric = ctx.game.board.metric
    kept = []
    for v in candidates:
        e = None if v is None else ents.get(v)
        if e is not None and e.pos is not None:
            dx, dy = abs(e.pos[0] - cx), abs(e.pos[1] - cy)
            d = (dx if dx > dy else dy) if metric == "chebyshev" else \
                dx + dy if metric == "manhattan" else math.hypot(dx, dy)
            if d > bound:
                continue
        kept.append(v)
    return kept


def _single_target(at: ActionType, ctx: Ctx, candidates: Any = None) -> tuple[Action, ...]:
    """The actions of a type with one unconditional target, one per candidate.

    The same candidates come back state after state (the free columns, the empty
    cells), so their actions are built once per candidate list and reused.
    """
    spec = at.targets[0]
    if candidates is None:
        candidates = spec.candidates(ctx)
        if spec.kind in _ENTITY_KINDS:
            candidates = [v if v is None or type(v) is Ref else Ref(v) for v in candidates]
    aname, actor, name = at.name, ctx.actor, spec.name
    key = (aname, actor, tuple(candidates))
    cache = ctx.game.action_cache
    try:
        made = cache.get(key)
    except TypeError:  # an unhashable candidate: no caching
        return tuple([_new_tuple(Action, (aname, actor, ((name, v),))) for v in key[2]])
    if made is None:
        made = tuple([_new_tuple(Action, (aname, actor, ((name, v),))) for v in key[2]])
        if len(cache) >= ACTION_CACHE_SIZE:
            cache.clear()
        cache[key] = made
    return made


def explain(s: State, action: Action) -> str:
    """Why ``action`` is not legal in ``s``: the first rule it breaks."""
    g = s.game
    d = s.decision
    if d is None:
        return "the game is over"
    if d.kind != "action" or (s.stack and action.type == "choose"):
        shown = ", ".join(str(a) for a in d.actions[:8])
        more = f", … ({len(d.actions)} in all)" if len(d.actions) > 8 else ""
        return f"the state waits for a {d.kind} decision; the options are: {shown}{more}"
    if action.type == "choose" or action.type not in g.action_types:
        known = ", ".join(sorted({a.type for a in d.actions}))
        return f"unknown action '{action.type}' here (offered: {known})"
    f = s.flow
    if f.mode != IN_STEP:
        return "the state waits for a choice, not an action"
    step = g.phases[f.phase].steps[f.step]
    if action.type not in step.actions:
        return (f"'{action.type}' is not offered in step '{step.name}' "
                f"(offered: {', '.join(step.actions)})")
    at = g.action_types[action.type]
    player, turn_actor = turn_taker(s)
    if player is None:
        return "no one may act now"
    if at.source == "player":
        if action.actor is not None:
            return f"'{at.name}' is a player action and takes no actor"
        ctx = Ctx(s, player, None, {})
    else:
        if action.actor is None:
            return f"'{at.name}' needs an acting entity (#id)"
        e = s.entities.get(action.actor)
        if e is None:
            return f"actor #{int(action.actor)} is not in the game"
        if e.owner != player:
            return f"actor #{int(action.actor)} does not belong to {g.players[player]}"
        if turn_actor is not None and action.actor != turn_actor:
            return f"it is #{int(turn_actor)}'s turn, not #{int(action.actor)}'s"
        if action.type not in g.type_actions.get(e.type, ()):
            return f"a {e.type} cannot {action.type}"
        ctx = Ctx(s, player, action.actor, {})
    for c in at.conditions:
        if not c.test(ctx):
            return f"condition failed: {c.label}"
    given = dict(action.targets)
    names = [t.name for t in at.targets]
    extra = [k for k in given if k not in names]
    if extra:
        return f"'{at.name}' has no target '{extra[0]}' (targets: {', '.join(names) or 'none'})"
    if [k for k, _ in action.targets] != names[: len(action.targets)]:
        return f"targets must be given in order: {', '.join(names)}"
    for spec in at.targets:
        if spec.name not in given:
            return f"target '{spec.name}' is missing"
        value = given[spec.name]
        if value not in list(spec.candidates(ctx)):
            return f"target {spec.name}={value} is not a possible {spec.kind}"
        ctx.targets[spec.name] = value
        for c in spec.conditions:
            if not c.test(ctx):
                return f"target {spec.name}={value}: {c.label}"
    return "not offered in this state"


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
                                      f.turn, f.out, f.eliminated, f.closing))
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


def quick_action_type(g: Game) -> ActionType | None:
    """The action type a quick game's turns consist of, when each turn is exactly one
    action of it resolved straight through: one step offering one player action with
    one unconditional target, one action a turn, effects that run straight. Such an
    action is resolved by ``quick_action``; ``None`` for any other game."""
    if not g.quick_turns:
        return None
    step = g.phases[0].steps[0]
    at = g.single_target.get(step.actions)
    if (at is None or step.max_actions != 1 or step.end_when is not None or at.passes
            or (at.effects and id(at.effects) not in g.straight_blocks)):
        return None
    return at


def quick_lazy_flow(g: Game, at: ActionType) -> bool:
    """Whether ``quick_playout`` may leave a turn's count of actions unwritten until
    it stops: nothing between the action and the next turn reads or writes it. Rules
    read only the round, turn and phase of the flow; what could touch the count are
    effects that end the turn or phase, and end rules other than draws (a loss writes
    the flow's eliminations)."""
    from .effects import EndPhase, EndTurn

    def touches(block: tuple[Effect, ...]) -> bool:
        return any(isinstance(e, EndTurn | EndPhase) or any(touches(b) for b in e.blocks())
                   for e in block)

    return g.draws_only and not touches(at.effects)


def _acted(f: FlowPos, ends_turn: bool) -> FlowPos:
    """The flow after one more action of the step (``ends_turn``: it ends the turn)."""
    return _new_tuple(FlowPos, (f.mode, f.round, f.phase, f.order, f.pos, f.step, f.acted + 1,
                                f.ended or ends_turn, f.turn, f.out, f.eliminated, f.closing))


def quick_action(r: Resolver, action: Action, at: ActionType) -> None:
    """Resolve an action of a game with a quick action type (``quick_action_type``),
    from the decision through to the next one, without the stack or the flow machine's
    dispatch: the same transitions ``take_action``, ``check_end`` and ``advance`` make,
    in one function. Where a turn cannot be handed on directly, ``advance`` is called
    and the resolver's loop goes on from there."""
    s = r.s
    f = s.flow
    player = f.order[f.pos]
    s.flow = _acted(f, at.ends_turn)
    effects = at.effects
    if effects:
        ctx = Ctx(s, player, None, dict(action.targets))
        for effect in effects:
            ctx = effect.run_straight(r, ctx)
            if s.outcome is not None:
                return
    if check_end(r):
        return
    if _quick_next_turn(s):
        f = s.flow
        nxt = f.order[f.pos]
        actions = _single_target(at, Ctx(s, nxt, None, {}))
        if actions:
            s.decision = Decision("action", nxt, actions,
                                  _prompt(s.game, nxt, None, f.phase, f.step), None)
            return
    advance(r)


def quick_playout(r: Resolver, at: ActionType, d: Decision, rng: Rng, budget: float) -> int:
    """Random actions of the quick action type ``at`` (``quick_action_type``) from the
    decision ``d`` of the resolver's state, for ``Game.playout``: at most ``budget`` of
    them; returns how many it played, which the caller adds to ``game.calls``.

    The same options, drawn with the same numbers, resolved by the same transitions as
    ``quick_action``, so the state reached is the one ``Game.playout`` reaches action by
    action; but between two draws the options stay plain target values (the free
    columns, the empty cells), and a ``Decision`` is built only for the state the
    playout stops in. Where a turn cannot be handed on directly, the resolver's loop
    takes over as in ``quick_action`` and the playout goes on outside.
    """
    s = r.s
    g = s.game
    spec = at.targets[0]
    name = spec.name
    candidates = spec.candidates
    as_refs = spec.kind in _ENTITY_KINDS
    effects = at.effects
    ends = at.ends_turn
    mix = _rng.mix
    # The count of actions taken in the step is written only when the playout stops
    # in the middle of a turn (see quick_lazy_flow); in between, the next turn's
    # flow replaces it unread.
    lazy = g.quick_lazy_flow
    values: Any = [a.targets[0][1] for a in d.actions]
    player = d.player
    # The candidates are worked out in a context that binds nothing: one per player
    # serves the whole playout, as the state stays the same object.
    asking = [Ctx(s, p, None, {}) for p in range(len(g.players))]
    played = 0
    s.decision = None
    while played < budget:
        rng.state = z = (rng.state + _rng.GOLDEN) & _rng.MASK
        value = values[(mix(z) * len(values)) >> 64]
        played += 1
        f = s.flow
        if not lazy:
            s.flow = _acted(f, ends)
        if effects:
            ctx = Ctx(s, player, None, {name: value})
            for effect in effects:
                ctx = effect.run_straight(r, ctx)
                if s.outcome is not None:
                    if lazy:
                        s.flow = _acted(f, ends)
                    return played
        if check_end(r):
            if lazy:
                s.flow = _acted(f, ends)
            return played
        if _quick_next_turn(s):
            f = s.flow
            player = f.order[f.pos]
            values = candidates(asking[player])
            if as_refs:
                values = [v if v is None or type(v) is Ref else Ref(v) for v in values]
            if values:
                continue
        elif lazy:
            s.flow = _acted(f, ends)
        r.again()
        advance(r)
        r._run()
        return played
    f = s.flow
    s.decision = Decision("action", player, _single_target(at, asking[player], values),
                          _prompt(g, player, None, f.phase, f.step), None)
    return played


# ------------------------------------------------------------------ ending
def check_end(r: Resolver) -> bool:
    """Apply the end conditions; True when the game is over."""
    s = r.s
    g = s.game
    if not g.end_rules:
        return False
    if g.draws_only:  # the first draw rule that holds ends the game (connect four's full board)
        anyone = r.anyone
        for rule in g.end_rules:
            if rule.test(anyone):
                _finish(r, (), rule.reason, draw=True)
                return True
        return False
    wins: list[tuple[int, str]] = []
    losses: list[tuple[int, str]] = []
    f = s.flow
    active = (turn_taker(s)[0] if g.end_by_active and f.mode in (BEGIN_STEP, IN_STEP, END_STEP)
              else None)
    draw_reason: str | None = None
    nobody: Ctx | None = None
    for rule in g.end_rules:
        if rule.kind == "draw":
            if draw_reason is None:
                if nobody is None:
                    nobody = r.anyone
                if rule.test(nobody):
                    draw_reason = rule.reason
            continue
        if rule.who == "active" and active is not None:
            if s.players[active].alive and rule.test(Ctx(s, active)):
                (wins if rule.kind == "win" else losses).append((active, rule.reason))
            continue
        for p, pl in enumerate(s.players):
            if pl.alive and rule.test(Ctx(s, p)):
                (wins if rule.kind == "win" else losses).append((p, rule.reason))
    if wins:
        _finish(r, tuple(sorted({p for p, _ in wins})), said(g, "win", *wins[0]))
        return True
    if losses:
        lost = tuple(sorted({p for p, _ in losses}))
        for p in lost:
            s._w_player(p).alive = False
        s.flow = s.flow._replace(eliminated=(*s.flow.eliminated, lost))
        alive = tuple(p for p, pl in enumerate(s.players) if pl.alive)
        if (len(alive) <= 1 and len(s.players) > 1) or not alive:
            _finish(r, alive, said(g, "lose", *losses[0]), draw=not alive)
            return True
    if draw_reason is not None:  # a win or loss in the same check takes precedence
        _finish(r, (), draw_reason, draw=True)
        return True
    return False


def said(g: Game, kind: str, player: int, reason: str) -> str:
    """The reason an end rule gives, about ``player``: ``{player}`` in it becomes the player's
    name; a ``lose`` reason that does not name the player follows "NAME: ", so the result
    never leaves a reader guessing whose units are gone."""
    name = g.players[player]
    if PLAYER_FIELD in reason:
        return reason.replace(PLAYER_FIELD, name)
    return f"{name}: {reason}" if kind == "lose" else reason


def _ranks(groups: list[tuple[int, ...]], n: int) -> tuple[int, ...]:
    """Competition ranks ("1224") from groups of players, best group first."""
    ranks = [0] * n
    placed = 0
    for group in groups:
        for p in group:
            ranks[p] = placed + 1
        placed += len(group)
    return tuple(ranks)


def finish(r: Resolver, winners: tuple[int, ...], reason: str, draw: bool = False) -> None:
    """End the game now (for effects that declare a result); the stack is abandoned."""
    _finish(r, winners, reason, draw)
    r.s.stack.clear()


def _finish(r: Resolver, winners: tuple[int, ...], reason: str, draw: bool = False) -> None:
    """End the game: ``winners`` first, then the others standing, then the eliminated
    (the last eliminated first). A draw puts everyone standing first together; when
    no one is standing, the players eliminated last share first place."""
    s = r.s
    n = len(s.players)
    batches = list(s.flow.eliminated)
    alive = tuple(p for p in range(n) if s.players[p].alive)
    if draw:
        top = alive if alive else (batches.pop() if batches else tuple(range(n)))
        groups = [top]
    else:
        groups = [winners, tuple(p for p in alive if p not in winners)]
    groups += [b for b in reversed(batches)]
    ranks = _ranks([gr for gr in groups if gr], n)
    s.outcome = _outcome(s.game, s, () if draw else winners, ranks, reason)
    s.decision = None


def _finish_by_score(r: Resolver, reason: str) -> None:
    s = r.s
    g = s.game
    n = len(s.players)
    alive = [p for p in range(n) if s.players[p].alive]
    if g.score is None:
        groups = [tuple(alive)]
    else:
        scores = {p: g.score(Ctx(s, p)) for p in alive}
        groups = [tuple(p for p in alive if scores[p] == v)
                  for v in sorted(set(scores.values()), reverse=True)]
    groups += list(reversed(s.flow.eliminated))
    ranks = _ranks([gr for gr in groups if gr], n)
    winners = tuple(p for p in range(n) if ranks[p] == 1)
    s.outcome = _outcome(g, s, winners if len(winners) < n else (), ranks, reason)
    s.decision = None


def _outcome(g: Game, s: State, winners: tuple[int, ...], ranks: tuple[int, ...],
             reason: str) -> Outcome:
    if g.score is not None:
        scores = tuple(float(g.score(Ctx(s, p))) for p in range(len(ranks)))
    else:
        worst = max(ranks)
        scores = tuple(0.0 if worst == 1 else 1.0 - 2.0 * (rk - 1) / (worst - 1) for rk in ranks)
    return Outcome(winners, ranks, scores, reason)


from .runtime import Block  # noqa: E402  (runtime imports this module at its end)
