"""ActionBuilder: step-by-step construction offers exactly the legal actions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import stratagem
from conftest import GAME_MODES, GAMES, picks, play, seeds
from stratagem.engine import Action, ActionBuilder, State

MAX_SLOTS = 12
"""More choices than any action has slots: a builder that needs more is stuck."""


def build_by_hand(state: State, action: Action) -> ActionBuilder:
    """Build ``action`` slot by slot, checking each value is offered before choosing it."""
    b = ActionBuilder(state)
    values = {"type": action.type, "actor": action.actor, **dict(action.targets)}
    for _ in range(MAX_SLOTS):
        if b.is_complete():
            return b
        step = b.step
        assert step in values, (step, action)
        value = values[step]
        assert value in b.choices(), (step, value, b.choices())
        b = b.choose(value)
        assert action in b.candidates
    raise AssertionError(f"{action} was not complete after {MAX_SLOTS} choices")


@pytest.mark.parametrize(("name", "explicit"), GAME_MODES)
@settings(max_examples=10, deadline=None)
@given(seed=seeds, choices=picks)
def test_every_legal_action_can_be_built(name: str, explicit: bool, seed: int,
                                         choices: list[int]) -> None:
    """Each legal action of each state reached is built by choosing its own slot values."""
    game = stratagem.load(name)
    run = play(game, seed, choices, explicit=explicit, max_steps=30)
    built = 0
    for state in run.states:
        for action in game.legal_actions(state):
            b = build_by_hand(state, action)
            assert b.build() == action
            assert b.candidates == (action,)
            built += 1
    assert built > 0


@pytest.mark.parametrize(("name", "explicit"), GAME_MODES)
@settings(max_examples=15, deadline=None)
@given(seed=seeds, choices=picks, walk=st.lists(st.integers(0, 1000), min_size=MAX_SLOTS,
                                                max_size=MAX_SLOTS))
def test_choosing_from_offered_values_always_builds_a_legal_action(
        name: str, explicit: bool, seed: int, choices: list[int], walk: list[int]) -> None:
    """A random walk through choices() ends in a complete builder whose action is legal."""
    game = stratagem.load(name)
    run = play(game, seed, choices, explicit=explicit, max_steps=30)
    built = 0
    for state in run.states:
        if state.decision is None:
            assert ActionBuilder(state).choices() == ()
            assert not ActionBuilder(state).is_complete()
            continue
        b = ActionBuilder(state)
        assert set(b.candidates) == set(game.legal_actions(state))
        for w in walk:
            if b.is_complete():
                break
            offered = b.choices()
            assert offered, f"stuck at {b.step} with candidates {b.candidates}"
            before = set(b.candidates)
            b = b.choose(offered[w % len(offered)])
            assert set(b.candidates) <= before and b.candidates
        assert b.is_complete()
        action = b.build()
        assert game.is_legal(state, action)
        assert b.step == "done" and b.choices() == ()
        game.apply(state, action)
        built += 1
    assert built > 0


@pytest.mark.parametrize("name", GAMES)
def test_the_first_choice_is_the_action_type(name: str) -> None:
    """A fresh builder asks for the type, offering each legal action type once."""
    game = stratagem.load(name)
    state = game.new_state(0)
    b = ActionBuilder(state)
    assert b.step == "type"
    types = [a.type for a in game.legal_actions(state)]
    assert list(b.choices()) == list(dict.fromkeys(types))


@pytest.mark.parametrize(("name", "explicit"), GAME_MODES)
def test_choosing_a_value_not_offered_raises_value_error(name: str, explicit: bool) -> None:
    """choose() of a value that is not among choices() raises ValueError and changes nothing."""
    game = stratagem.load(name)
    run = play(game, 1, [3, 1, 2], explicit=explicit, max_steps=25)
    refused = 0
    for state in run.states:
        if state.decision is None:
            continue
        b = ActionBuilder(state)
        for _ in range(MAX_SLOTS):
            offered = b.choices()
            for bogus in ("no_such_value", -12345, ("nested", "tuple")):
                assert bogus not in offered
                with pytest.raises(ValueError, match="not a choice"):
                    b.choose(bogus)
                refused += 1
            assert b.choices() == offered, "a refused choice leaves the builder as it was"
            if b.is_complete():
                break
            b = b.choose(offered[0])
    assert refused > 0


@pytest.mark.parametrize(("name", "explicit"), GAME_MODES)
def test_build_refuses_an_incomplete_action(name: str, explicit: bool) -> None:
    """is_complete is False and build raises ValueError until the last slot is chosen."""
    game = stratagem.load(name)
    run = play(game, 2, [1, 4], explicit=explicit, max_steps=25)
    steps = 0
    for state in run.states:
        if state.decision is None:
            continue
        b = ActionBuilder(state)
        while not b.is_complete():
            with pytest.raises(ValueError, match="not complete"):
                b.build()
            assert b.step != "done"
            b = b.choose(b.choices()[-1])
            steps += 1
        assert b.build() in game.legal_actions(state)
    assert steps > 0


def test_a_builder_with_one_option_completes_after_its_slots() -> None:
    """A lone legal action still needs its type (and targets) chosen before it is complete."""
    for name in GAMES:
        game = stratagem.load(name)
        for state in (s for seed in range(10)
                      for s in play(game, seed, [seed, 1, 2], max_steps=200).states):
            if state.decision is not None and len(state.decision.actions) == 1:
                (only,) = state.decision.actions
                b = ActionBuilder(state)
                assert not b.is_complete()
                assert b.choices() == (only.type,)
                assert build_by_hand(state, only).build() == only
                return
    pytest.skip("no bundled game reached a decision with a single option")
