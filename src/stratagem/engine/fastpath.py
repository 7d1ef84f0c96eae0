"""The quick path: a turn of one straight action resolved in one function.

Many games (connect four, tic-tac-toe) are turns of one action of one type with one
target whose effects never push, wait or emit, in one plain phase and step. For them
``quick_action`` resolves an action from the decision to the next one — the same
transitions ``phases.take_action``, ``endings.check_end`` and ``phases.advance`` make,
without the stack or the phase machine's dispatch — and ``quick_playout`` plays a
random rollout of such turns keeping the options as plain values between draws.
``quick_action_type`` says whether a game qualifies (``Game.quick_action``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import rng as _rng
from .actions import Action, Ref
from .context import Ctx
from .endings import check_end
from .options import ENTITY_KINDS, prompt, single_target
from .phases import advance, after_action, quick_next_turn
from .state import Decision

if TYPE_CHECKING:
    from .effect import Effect
    from .game import Game
    from .rng import Rng
    from .runtime import Resolver
    from .spec import ActionType


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
    def touches(block: tuple[Effect, ...]) -> bool:
        return any(e.ends_turn or any(touches(b) for b in e.blocks()) for e in block)

    return g.draws_only and not touches(at.effects)



def quick_action(r: Resolver, action: Action, at: ActionType) -> None:
    """Resolve an action of a game with a quick action type (``quick_action_type``),
    from the decision through to the next one, without the stack or the flow machine's
    dispatch: the same transitions ``take_action``, ``check_end`` and ``advance`` make,
    in one function. Where a turn cannot be handed on directly, ``advance`` is called
    and the resolver's loop goes on from there."""
    s = r.s
    f = s.flow
    player = f.order[f.pos]
    s.flow = after_action(f, at.ends_turn)
    effects = at.effects
    if effects:
        ctx = Ctx(s, player, None, dict(action.targets))
        for effect in effects:
            ctx = effect.run_straight(r, ctx)
            if s.outcome is not None:
                return
    if check_end(r):
        return
    if quick_next_turn(s):
        f = s.flow
        nxt = f.order[f.pos]
        actions = single_target(at, Ctx(s, nxt, None, {}))
        if actions:
            s.decision = Decision("action", nxt, actions,
                                  prompt(s.game, nxt, None, f.phase, f.step), None)
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
    as_refs = spec.kind in ENTITY_KINDS
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
            s.flow = after_action(f, ends)
        if effects:
            ctx = Ctx(s, player, None, {name: value})
            for effect in effects:
                ctx = effect.run_straight(r, ctx)
                if s.outcome is not None:
                    if lazy:
                        s.flow = after_action(f, ends)
                    return played
        if check_end(r):
            if lazy:
                s.flow = after_action(f, ends)
            return played
        if quick_next_turn(s):
            f = s.flow
            player = f.order[f.pos]
            values = candidates(asking[player])
            if as_refs:
                values = [v if v is None or type(v) is Ref else Ref(v) for v in values]
            if values:
                continue
        elif lazy:
            s.flow = after_action(f, ends)
        r.again()
        advance(r)
        r.resolve()
        return played
    f = s.flow
    s.decision = Decision("action", player, single_target(at, asking[player], values),
                          prompt(g, player, None, f.phase, f.step), None)
    return played


