"""The tactical agent's plans kept between decisions (``Reuse``, ``Kept``): which changes spoil
a plan through a square, and that keeping plans prices them exactly as planning afresh."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.agents import make_agent
from stratagem.agents.tactical import Planner, TacticalAgent
from stratagem.agents.tactical.modules import Context
from stratagem.agents.tactical.plans import Plan
from stratagem.agents.tactical.reuse import Kept
from stratagem.engine import Action, Game, Pos, State


def _plan(to: Pos) -> Plan:
    move = Action("move", 1, (("to", to),))
    return Plan(1, (move,), (None,), 0.0, "move", Pos(0, 0), to)


def test_a_kept_plan_is_spoiled_next_door_to_any_change_and_farther_by_one_that_bears() -> None:
    """A change next to the square a plan goes to spoils it; farther, within striking distance
    and one, only a change that bears on the unit (``changed``) does."""
    plans = [_plan(Pos(5, 5))]
    steps = plans[0].steps
    ally_near = Kept(plans, [], 2.0, "chebyshev", [Pos(6, 6)])
    assert ally_near.through(steps) == []
    ally_far = Kept(plans, [], 2.0, "chebyshev", [Pos(8, 5)])
    assert [p.at for p in ally_far.through(steps)] == [Pos(5, 5)]
    assert all(not p.fresh for p in ally_far.through(steps))
    enemy_far = Kept(plans, [Pos(8, 5)], 2.0, "chebyshev", [Pos(8, 5)])
    assert enemy_far.through(steps) == []
    enemy_farther = Kept(plans, [Pos(9, 5)], 2.0, "chebyshev", [Pos(9, 5)])
    assert len(enemy_farther.through(steps)) == 1


def _plans_by_steps(ctx: Context) -> dict[tuple[Action, ...], float]:
    out: dict[tuple[Action, ...], float] = {}
    for unit in ctx.units:
        for plan in ctx.plans(unit):
            out[plan.steps] = round(plan.score, 9)
    return out


def _after(game: Game, rounds: int) -> State:
    """Red to move after ``rounds`` rounds of the tactical agent playing both sides."""
    state = game.new_state(0)
    agents = [make_agent("tactical:calls=8000", game, seed=1), make_agent("tactical:calls=8000", game, seed=2)]
    while state.decision is not None and (state.flow.round <= rounds
                                          or state.decision.player != 0):
        d = state.decision
        state = game.apply(state, agents[d.player].choose(state, d).action)
    return state


@pytest.mark.parametrize("rounds", [0, 2])
def test_plans_kept_over_a_turn_are_priced_as_planning_afresh_would_price_them(
        rounds: int) -> None:
    """Through a whole turn of the large battle (the opening, and a turn in contact after two
    rounds), after each action, every unit's plans (kept, partly kept or listed again) have
    exactly the steps and prices a fresh planner finds; and keeping them saves a third of
    the forward-model calls at least."""
    game = stratagem.load("broken_throne", "large")
    agent = make_agent("tactical:calls=8000", game, seed=0)
    assert isinstance(agent, TacticalAgent)
    state = _after(game, rounds)
    assert state.decision is not None and state.decision.player == 0
    kept_calls = fresh_calls = 0
    side = 0
    compared = 0
    while state.decision is not None and state.decision.player == side:
        d = state.decision
        if len(d.actions) > 1 and not agent.queue:
            planner = Planner(game, agent.currency, side)
            planner.start(agent.meter(None))
            saved = dict(agent.reuse.kept)
            start = game.calls
            kept = _plans_by_steps(Context(game, state, side, planner, agent.currency,
                                           agent.weights, lambda: None, agent.reuse,
                                           agent.memory))
            kept_calls += game.calls - start
            agent.reuse.kept.clear()
            agent.reuse.kept.update(saved)
            fresh_planner = Planner(game, agent.currency, side)
            fresh_planner.start(agent.meter(None))
            start = game.calls
            fresh = _plans_by_steps(Context(game, state, side, fresh_planner, agent.currency,
                                            agent.weights, lambda: None, None, agent.memory))
            fresh_calls += game.calls - start
            assert kept == fresh
            compared += 1
        state = game.apply(state, agent.choose(state, d).action)
        assert all(s is None for _, plans, *_ in agent.reuse.kept.values()
                   for p in plans for s in p.states)  # kept plans hold no states
    assert compared >= 12
    assert kept_calls * 3 < fresh_calls * 2
