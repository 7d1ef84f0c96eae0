"""Strength of the search agents, with fixed seeds and thresholds far from what luck gives.

Budgets are in iterations or calls, so these games replay identically on any machine.
Longer matches belong in benchmarks, not here.
"""

from __future__ import annotations

import pytest

import stratagem
from stratagem.agents import Agent, Budget, make_agent
from stratagem.arena import play
from stratagem.engine import Action, Game, Pos, State


def _results(game: Game, code: str, games: int, opponent: str = "random") -> dict[str, int]:
    """Wins, losses and draws of ``code`` against ``opponent``, seats alternating."""
    tally = {"win": 0, "loss": 0, "draw": 0}
    for i in range(games):
        seat = i % 2
        agents: list[Agent | str] = [opponent, opponent]
        agents[seat] = make_agent(code, game, seed=1_000 + i)
        outcome = play(game, agents, seed=i).outcome
        key = "draw" if outcome.is_draw else "win" if seat in outcome.winners else "loss"
        tally[key] += 1
    return tally


def _cells(game: Game, moves: list[tuple[int, int]]) -> State:
    """Tic-tac-toe after the given cells were marked, x first."""
    state = game.new_state(0)
    for x, y in moves:
        state = game.apply(state, Action("place", None, (("cell", Pos(x, y)),)))
    return state


def test_mcts_never_loses_tic_tac_toe_to_random() -> None:
    """MCTS with 500 iterations a move loses none of 50 games against random, seats alternating
    (at 200 iterations it lost 2 of 400 when measured; at 500, none of 300)."""
    tally = _results(stratagem.load("tic_tac_toe"), "mcts:iterations=500", 50)
    assert tally["loss"] == 0, tally
    assert tally["win"] >= 40, tally


def test_mcts_beats_random_at_connect_four() -> None:
    """MCTS with 150 iterations a move wins at least 19 of 20 connect-four games against
    random, seats alternating (at 100 iterations it won 99 of 100 when measured)."""
    tally = _results(stratagem.load("connect_four"), "mcts:iterations=150", 20)
    assert tally["win"] >= 19, tally


def test_expectimax_never_loses_tic_tac_toe_to_random() -> None:
    """Expectimax with its default ceiling of calls (no time limit, so that the test
    repeats on a loaded machine) loses none of 10 games against random."""
    tally = _results(stratagem.load("tic_tac_toe"), "expectimax:calls=20000", 10)
    assert tally["loss"] == 0, tally


def test_expectimax_draws_against_itself() -> None:
    """Perfect play on both sides: expectimax against expectimax is a draw."""
    game = stratagem.load("tic_tac_toe")
    for seed in (1, 2):
        agents: list[Agent | str] = [make_agent("expectimax:calls=20000", game, seed=seed),
                                     make_agent("expectimax:calls=20000", game,
                                                seed=seed + 10)]
        assert play(game, agents, seed=seed).outcome.is_draw


def test_expectimax_never_loses_as_o_whatever_x_plays() -> None:
    """Against every sequence of x's moves, expectimax as o never loses: the whole tree of x's
    choices is walked, expectimax answering each position it reaches."""
    game = stratagem.load("tic_tac_toe")
    agent = make_agent("expectimax:calls=20000", game, seed=5)
    todo = [game.new_state(0)]
    positions = 0
    while todo:
        state = todo.pop()
        d = state.decision
        if d is None:
            assert state.outcome is not None
            assert 0 not in state.outcome.winners, [str(r.action) for r in state.history]
            continue
        if d.player == 1:
            positions += 1
            state = game.apply(state, agent.choose(state, d).action)
            todo.append(state)
        else:
            todo.extend(game.apply(state, a) for a in d.actions)
    assert positions > 500


@pytest.mark.parametrize("code", ["osla", "greedy-turn", "expectimax", "mcts:iterations=100"])
def test_search_takes_an_immediate_tic_tac_toe_win(code: str) -> None:
    """With x on (0,0) and (1,0), o on (0,1) and (1,1), x to move: every search agent completes
    the top row at (2,0)."""
    game = stratagem.load("tic_tac_toe")
    state = _cells(game, [(0, 0), (0, 1), (1, 0), (1, 1)])
    assert state.decision is not None
    for seed in range(3):
        choice = make_agent(code, game, seed=seed).choose(state, state.decision)
        assert choice.action == Action("place", None, (("cell", Pos(2, 0)),)), choice


def test_osla_takes_an_immediate_connect_four_win() -> None:
    """x has three stacked in column 3 and o none connected: osla drops the fourth."""
    game = stratagem.load("connect_four")
    state = game.new_state(0)
    for column in (3, 0, 3, 6, 3, 1):
        state = game.apply(state, game.parse_action(state, f"drop column={column}"))
    assert state.decision is not None
    choice = make_agent("osla", game, seed=2).choose(state, state.decision)
    assert str(choice.action) == "drop column=3"
    assert "+1.00" in choice.private  # the values, on request


def test_osla_rationale_names_its_top_candidates() -> None:
    """osla's rationale tells its pick first in the game's words, then the runners-up; the
    values behind it are in its private part (on request)."""
    game = stratagem.load("tic_tac_toe")
    state = _cells(game, [(0, 0), (0, 1), (1, 0), (1, 1)])
    assert state.decision is not None
    choice = make_agent("osla", game).choose(state, state.decision)
    assert choice.rationale.startswith("Marks (2,0): the best expected result one move ahead; "
                                       "next best: marks (")
    assert choice.private.startswith("[place cell=(2,0): +1.00; ")


def test_mcts_plays_high_card_better_than_random() -> None:
    """With determinization per iteration, MCTS wins high card against random far more often
    than it loses (the deal decides much of this game)."""
    tally = _results(stratagem.load("high_card"), "mcts:iterations=200", 20)
    assert tally["win"] >= 2 * tally["loss"], tally


def test_greedy_turn_follows_its_plan_and_replans_on_surprise() -> None:
    """In the duel, greedy-turn plans the hero's whole turn, returns the planned actions while
    the game reaches the predicted states, and plans again when it does not."""
    game = stratagem.load("duel")
    state = game.new_state(4)
    while state.decision is not None and state.decision.kind != "action":
        state = game.apply(state, state.decision.actions[0])
    d = state.decision
    assert d is not None
    agent = make_agent("greedy-turn", game, seed=1)
    first = agent.choose(state, d)
    assert first.rationale.startswith("Plans its turn one best step at a time")
    if agent.plan:  # type: ignore[attr-defined]
        expected = agent.expected  # type: ignore[attr-defined]
        assert expected is not None and expected.decision is not None
        follow = agent.choose(expected, expected.decision)
        assert follow.rationale.startswith("Carries on with the plan")
    surprise = game.reseed(state, 5)
    again = agent.choose(surprise, d, Budget(calls=500))
    assert again.rationale.startswith("Plans its turn one best step at a time")
