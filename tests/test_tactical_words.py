"""The tactical agent speaks to players (issue 22): its reason is a sentence in the game's
words, its figures are kept in ``Choice.private``; its play varies with its seed where it
has equal choices; its default budget, and every level's, has a time limit beside its calls.
Budgets here are in calls, so every assertion holds on a loaded machine."""

from __future__ import annotations

import re

import stratagem
from stratagem.agents import LEVELS, Agent, Budget, TacticalAgent, make_agent
from stratagem.engine import Game, State


def _turn(game: Game, state: State, agent: Agent) -> tuple[State, list[tuple[str, str]]]:
    """The side to move's whole turn by ``agent``: the state after it, and each choice's
    rationale and private figures."""
    side = state.decision.player if state.decision is not None else None
    said = []
    while state.decision is not None and state.decision.player == side:
        choice = agent.choose(state, state.decision)
        said.append((choice.rationale, choice.private))
        state = game.apply(state, choice.action)
    return state, said


def test_the_reason_is_a_sentence_in_the_games_words_and_the_figures_are_private() -> None:
    """On Broken Throne's golden position the archer's kill is told as "Archer #2 attacks
    archer #3: kills archer #3 surely; worth 25 gold." — no module, scores or calls — while
    ``private`` keeps the module's candidates with their scores and the calls spent."""
    game = stratagem.load("broken_throne", "golden_combo")
    _, said = _turn(game, game.new_state(0), make_agent("tactical:calls=8000", game))
    for rationale, _ in said:
        if rationale == "the only option":
            continue
        assert rationale[:1].isupper() and rationale.endswith("."), rationale
        assert "module" not in rationale and "calls" not in rationale
        assert not re.search(r"\([+-]\d+\.\d\d", rationale), rationale
    kill = next(r for r, _ in said if "kills archer #3" in r)
    assert kill == "Archer #2 attacks archer #3: kills archer #3 surely; worth 25 gold."
    private = next(p for r, p in said if r == kill)
    assert private.startswith("tactical module") and "(+25.00)" in private
    assert re.search(r"\[\d+ calls\]", private)


def test_an_uncertain_blow_is_told_by_its_damage_and_its_chance_to_kill() -> None:
    """In Skirmish's ambush, where every blow rolls dice, a blow is told by the hit points it
    is expected to take, with the chance to kill when there is one worth telling."""
    game = stratagem.load("skirmish", "ambush")
    agent = make_agent("tactical:calls=800", game, seed=1)
    state = game.new_state(2)
    said: list[str] = []
    for _ in range(5):
        d = state.decision
        if d is None:
            break
        choice = agent.choose(state, d)
        said.append(choice.rationale)
        state = game.apply(state, choice.action)
    blows = [r for r in said if re.search(r": takes \d+\.\d HP from \w+ #\d+", r)]
    assert blows, said
    assert any(re.search(r"HP from \w+ #\d+, \d+% to kill it", r) for r in blows), blows
    assert all(r[:1].isupper() and r.endswith(".") for r in said if r != "the only option")


def test_ties_are_broken_by_the_seed_and_the_same_seed_plays_the_same() -> None:
    """With no noise the agent draws among the candidates its module holds equally good, so
    the opening turn of Broken Throne (units walking to equally near squares) differs from
    one seed to another, and is the same for the same seed."""
    game = stratagem.load("broken_throne")
    start = game.new_state(0)
    turns = {}
    for seed in range(4):
        after, _ = _turn(game, start, make_agent("tactical:calls=4000", game, seed=seed))
        turns[seed] = game.serialize(after)
    assert len(set(turns.values())) > 1
    again, _ = _turn(game, start, make_agent("tactical:calls=4000", game, seed=2))
    assert game.serialize(again) == turns[2]


def test_default_budgets_have_a_time_limit_beside_their_calls() -> None:
    """The tactical agent's default is about a second with a ceiling of 8,000 calls; every
    level, in a tactics game and in a classic, has seconds (one or two) and calls."""
    assert TacticalAgent.default_budget == Budget(seconds=1.0, calls=8_000)
    for name in ("broken_throne", "connect_four"):
        game = stratagem.load(name)
        for level in LEVELS:
            budget = level.budget_for(game)
            assert budget.seconds is not None and 1.0 <= budget.seconds <= 2.0
            assert budget.calls is not None and budget.calls > 0
            assert make_agent(level.name, game).budget == budget
