"""The value at a rollout's cut knows the game's end by rounds (``agents.ending``): the round
limit's verdict agrees with the engine's, a lead counts less as the rounds run out, and the
default ``mcts`` judges its rollouts by it."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.agents import make_agent
from stratagem.agents.ending import (
    EndingValue,
    ends_by_rounds,
    limit_returns,
    round_limit,
    rounds_left,
)
from stratagem.agents.guide import GuidedRollout, PriceGuide
from stratagem.agents.value import MaterialValue
from stratagem.engine import Game, Rng, State


def played_to_the_limit(game: Game, seed: int) -> tuple[State, State]:
    """A random game of ``game`` from ``seed`` that ends at its round limit: the state of its
    last decision and the finished state."""
    rng = Rng(seed)
    state = game.new_state(seed)
    last = state
    while state.decision is not None:
        last = state
        d = state.decision
        state = game.apply(state, d.actions[rng.below(len(d.actions))])
    assert state.outcome is not None
    return last, state


@pytest.mark.parametrize(("name", "scenario"), [("broken_throne", None),
                                                ("skirmish", "ambush")])
def test_the_verdict_is_what_the_engine_says_at_the_round_limit(name: str,
                                                                 scenario: str | None) -> None:
    """Random games that run to the round limit end as ``limit_returns`` of their finished
    state says: by score among the players standing in Broken Throne, a draw between two
    standing sides in the ambush (a game without a score)."""
    game = stratagem.load(name, scenario) if scenario else stratagem.load(name)
    assert round_limit(game) == game.round_limit is not None
    checked = 0
    for seed in range(4):
        _, end = played_to_the_limit(game, seed)
        assert end.outcome is not None
        if "round limit" not in end.outcome.reason:
            continue
        assert limit_returns(game, end) == end.outcome.returns
        checked += 1
    assert checked >= 1
    if game.score is None:
        assert limit_returns(game, game.new_state(0)) == (0.0, 0.0)


def test_a_lead_counts_less_as_the_rounds_run_out() -> None:
    """With the sides standing in a game without a score, the value is the material value
    times ``r / (r + 1)`` for ``r`` rounds left: ten elevenths of it in round 1 of ten, half
    of it in the last round; a finished game keeps its result in full."""
    game = stratagem.load("skirmish", "ambush")
    material = MaterialValue(game)
    value = EndingValue(game, material)
    assert ends_by_rounds(game, material) is not material
    rng = Rng(5)
    state = game.new_state(5)
    seen: dict[int, float] = {}
    while state.decision is not None:
        d = state.decision
        lead = material(state, 0)
        if abs(lead) > 0.05 and state.flow.round not in seen:
            left = rounds_left(game, state)
            assert left == 10 - state.flow.round + 1
            assert value(state, 0) == pytest.approx(lead * left / (left + 1))
            assert value(state, 1) == pytest.approx(material(state, 1) * left / (left + 1))
            seen[state.flow.round] = abs(value(state, 0) / lead)
        state = game.apply(state, d.actions[rng.below(len(d.actions))])
    shares = [seen[r] for r in sorted(seen)]
    assert len(shares) >= 3 and shares == sorted(shares, reverse=True)
    assert value(state, 0) == state.outcome.returns[0]  # type: ignore[union-attr]


def test_a_game_without_a_round_limit_keeps_its_value() -> None:
    """Connect four ends by the board, not by rounds: its value function is left as it is."""
    c4 = stratagem.load("connect_four")
    assert round_limit(c4) is None
    material = MaterialValue(c4)
    assert ends_by_rounds(c4, material) is material
    with pytest.raises(ValueError, match="no round limit"):
        EndingValue(c4, material)


def test_default_mcts_judges_its_rollouts_by_the_round_limit() -> None:
    """The default ``mcts`` on a tactics game with a round limit values the cut of its
    rollouts with ``EndingValue``; a value function given from Python is kept as it is."""
    game = stratagem.load("broken_throne")
    agent = make_agent("mcts", game)
    assert isinstance(agent.evaluator.value, EndingValue)  # type: ignore[attr-defined]
    mine = MaterialValue(game)
    given = stratagem.agents.MCTSAgent(game, value=mine)
    assert given.evaluator.value is mine  # type: ignore[attr-defined]


def test_a_rollout_cut_in_the_last_round_plays_on_to_the_end() -> None:
    """A guided rollout of 2 steps cut in the ambush's last round plays on to the end of the
    game when told to ``finish`` (its result is a finished game's), and stops at its 2 steps
    in an earlier round, or without ``finish``."""
    game = stratagem.load("skirmish", "ambush")
    rng = Rng(3)
    state = game.new_state(3)
    early: State | None = None
    while state.decision is not None and state.flow.round < 10:
        if state.flow.round == 5 and early is None:
            early = state
        d = state.decision
        state = game.apply(state, d.actions[rng.below(len(d.actions))])
    assert state.decision is not None and early is not None, "the game ended before round 10"
    guide = PriceGuide(game)
    finish = GuidedRollout(game, guide, 2, MaterialValue(game), finish=True)
    cut = GuidedRollout(game, guide, 2, MaterialValue(game))
    assert "to the end in the last round" in repr(finish)
    for rollout, start, most in ((cut, state, 2), (finish, early, 2), (finish, state, None)):
        before = game.calls
        returns = rollout.evaluate(start, Rng(0), game.calls + 100_000)
        spent = game.calls - before
        if most is not None:
            assert spent <= most
        else:
            assert spent > 2 and returns in ((0.0, 0.0), (1.0, -1.0), (-1.0, 1.0))
