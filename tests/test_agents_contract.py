"""The agent contract on every bundled game: legal picks within budget, seeded determinism,
refusals of games an agent cannot play, and no reading of the real future dice."""

from __future__ import annotations

import pytest

import stratagem
from conftest import GAME_MODES, GAMES
from stratagem.agents import ROSTER, Budget, GameShapeError, make_agent
from stratagem.engine import CHANCE, Game, Rng, State

SEARCH = ("osla", "greedy-turn", "expectimax", "mcts", "rhea", "portfolio", "tactical")
AGENTS = ("random", *SEARCH)
CALLS = 40
"""The call budget of one decision in the property test: small, so the test stays fast."""
OVERSHOOT = 128
"""A search stops within one unit of work of its budget: one ``apply`` in a game without
chance, one ``outcomes`` enumeration (duel's largest has 104 states) in a game with it."""
STATES = 6
"""Random states per game and mode."""


def random_states(game: Game, explicit: bool, count: int = STATES) -> list[State]:
    """Player decisions reached by random play from fixed seeds, at varied depths."""
    rng = Rng(len(game.name) * 1_000 + explicit)
    found: list[State] = []
    for seed in range(count * 4):
        state = game.new_state(seed, explicit_chance=explicit)
        stop = rng.below(40)
        for _ in range(stop):
            d = state.decision
            if d is None:
                break
            state = game.apply(state, d.actions[rng.below(len(d.actions))])
        while state.decision is not None and state.decision.player == CHANCE:
            state = game.apply(state, state.decision.actions[0])
        if state.decision is not None and len(state.decision.actions) > 1:
            found.append(state)
        if len(found) == count:
            break
    assert found, f"{game.name}: no state with a choice found"
    return found


@pytest.mark.parametrize(("name", "explicit"), GAME_MODES)
def test_every_agent_picks_a_legal_action_within_budget_and_repeats_it(
        name: str, explicit: bool) -> None:
    """From random states of every game, each agent that accepts the game returns one of the
    decision's options, spends at most its call budget (plus one unit of work), and a second
    agent with the same seed picks the same action."""
    game = stratagem.load(name)
    budget = Budget(calls=CALLS)
    slack = OVERSHOOT if game.info.chance else 1
    for code in AGENTS:
        try:
            make_agent(code, game)
        except GameShapeError:
            continue
        for i, state in enumerate(random_states(game, explicit)):
            d = state.decision
            assert d is not None
            view = state.view(d.player)
            picks = []
            for _ in range(2):
                agent = make_agent(code, game, seed=i)
                before = game.calls
                choice = agent.choose(view, d, budget)
                assert game.calls - before <= CALLS + slack, (code, state)
                assert choice.action in d.actions, (code, choice)
                assert isinstance(choice.rationale, str) and choice.rationale
                picks.append(choice.action)
            assert picks[0] == picks[1], (code, state)


@pytest.mark.parametrize("name", GAMES)
def test_agents_refuse_exactly_the_games_they_cannot_play(name: str) -> None:
    """An agent refuses a game with one plain sentence exactly when its declared shape excludes
    the game: hidden information for expectimax, greedy-turn and tactical; every agent accepts
    the rest."""
    game = stratagem.load(name)
    for code in AGENTS:
        factory = ROSTER[code].factory
        reason = factory.refusal(game.info)  # type: ignore[attr-defined]
        if reason is None:
            make_agent(code, game)
            continue
        with pytest.raises(GameShapeError) as exc:
            make_agent(code, game)
        message = str(exc.value)
        assert message.startswith(f"{code} cannot play {name}: {reason}")
        assert "\n" not in message


def test_expectimax_refuses_hidden_information_and_names_the_agents_that_can() -> None:
    """Building expectimax for high card raises GameShapeError (a StratagemError and a
    ValueError) saying why and which agents to use instead."""
    game = stratagem.load("high_card")
    with pytest.raises(GameShapeError) as exc:
        make_agent("expectimax", game)
    assert str(exc.value) == ("expectimax cannot play high_card: it has hidden information; "
                              "use osla, mcts, rhea or portfolio")
    assert isinstance(exc.value, stratagem.StratagemError)
    assert isinstance(exc.value, ValueError)
    with pytest.raises(GameShapeError, match="greedy-turn cannot play high_card"):
        stratagem.agent("greedy-turn", game)


@pytest.mark.parametrize("code", ["osla", "expectimax", "mcts:iterations=200", "tactical"])
def test_search_never_reads_the_real_future_dice(code: str) -> None:
    """Two duel states that differ only in the state's own generator (its future dice) get the
    same choice and the same rationale: search values chance by exact outcomes or by re-seeded
    copies, never by the dice the real game will roll."""
    game = stratagem.load("duel")
    for state in random_states(game, False, 4):
        d = state.decision
        assert d is not None
        other = game.reseed(state, 987_654)
        assert other.rng != state.rng
        a = make_agent(code, game, seed=3).choose(state, d, Budget(calls=400))
        b = make_agent(code, game, seed=3).choose(other, d, Budget(calls=400))
        assert (a.action, a.rationale.split(" (")[0]) == (b.action, b.rationale.split(" (")[0])


def test_default_budgets_are_used_when_none_is_given() -> None:
    """Each search agent has a default budget of its own, and code text sets another."""
    game = stratagem.load("tic_tac_toe")
    for code in SEARCH:
        agent = make_agent(code, game)
        assert not agent.budget.is_empty, code
    assert make_agent("mcts:iterations=77", game).budget == Budget(iterations=77)
    assert make_agent("expectimax:calls=500,seconds=2", game).budget == Budget(2.0, None, 500)
