"""Runaway rules end in a clear RunawayError, never a hang or a RecursionError.

Each case checks that the error names what ran away, that the state passed
to ``apply`` is unchanged (its serialized text is the same before and after),
and that the error comes quickly.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from stratagem.engine import Action, Game, RunawayError, State
from stratagem.engine.effects import MAX_LOOP, Choose, Effect, Emit, ForEach, Remember
from stratagem.engine.spec import (
    ActionType,
    Condition,
    EntityType,
    Phase,
    Placement,
    Reaction,
    Step,
    Trigger,
)

SECONDS = 20.0
"""A generous ceiling: a runaway must be caught long before anything like a hang."""


def one_action_game(effects: Sequence[Effect], players: Sequence[str] = ("a",),
                    **kw: Any) -> Game:
    """A game whose only action ``go`` runs ``effects``."""
    return Game("runaway", tuple(players),
                action_types=[ActionType("go", effects=tuple(effects))],
                phases=[Phase("p", (Step("s", ("go",)),))], **kw)


def raises_runaway(fn: Callable[[], Any]) -> RunawayError:
    """Run ``fn``, which must raise RunawayError promptly; return the error."""
    start = time.perf_counter()
    with pytest.raises(RunawayError) as info:
        fn()
    assert time.perf_counter() - start < SECONDS
    assert not isinstance(info.value, RecursionError)
    return info.value


def apply_runs_away(game: Game, s: State, action: Action) -> RunawayError:
    """Apply ``action`` to ``s``; it must raise RunawayError and leave ``s`` as it was."""
    before = game.serialize(s)
    error = raises_runaway(lambda: game.apply(s, action))
    assert game.serialize(s) == before
    assert s.decision is not None and action in s.decision
    return error


def test_a_trigger_that_re_emits_its_own_event_is_a_runaway() -> None:
    """A trigger on 'ping' that emits 'ping' ends in RunawayError naming 'ping', and apply's input is unchanged."""
    game = one_action_game([Remember("went", 1), Emit("ping")],
                           triggers=[Trigger("echo", "ping", (Emit("ping"),))])
    s = game.new_state()
    error = apply_runs_away(game, s, Action("go"))
    assert "'ping'" in str(error)
    assert "went" not in s.memory


def test_an_automatic_reaction_chain_past_the_depth_bound_is_a_runaway() -> None:
    """Reactions to pending 'push' and 'pull' that emit each other run past the depth bound into a RunawayError naming the event."""
    push = Reaction("on_push", "push", "pending", effects=(Emit("pull"),), automatic=True,
                    source="game")
    pull = Reaction("on_pull", "pull", "pending", effects=(Emit("push"),), automatic=True,
                    source="game")
    game = one_action_game([Emit("push")], reactions=[push, pull])
    error = apply_runs_away(game, game.new_state(), Action("go"))
    assert "'push'" in str(error) or "'pull'" in str(error)
    assert "deep" in str(error)


def test_an_optional_reaction_chain_past_the_depth_bound_is_a_runaway() -> None:
    """Two players answering each other's pending 'spell' with a counter-spell hit the depth bound with a RunawayError."""
    mage = EntityType("mage", reactions=("counter",))
    counter = Reaction("counter", "spell", "pending",
                       when=lambda c: c.is_enemy(c.ev["caster"]),
                       effects=(Emit("spell", {"caster": lambda c: c.actor}),))
    game = one_action_game([Emit("spell", {"caster": 1})], players=("a", "b"),
                           entity_types=[mage], reactions=[counter],
                           placements=[Placement("mage", 0), Placement("mage", 1)])
    s = game.apply(game.new_state(), Action("go"))
    for depth in range(1, 200):
        d = s.decision
        assert d is not None and d.kind == "reaction", f"the chain stopped at depth {depth}"
        assert d.player == depth % 2
        counter_action = next(a for a in d.actions if a.type == "counter")
        try:
            s = game.apply(s, counter_action)
        except RunawayError:
            error = apply_runs_away(game, s, counter_action)
            assert "'spell'" in str(error)
            assert depth > 8, "the bound allows a real reaction chain"
            return
    raise AssertionError("the reaction chain was never stopped")


def test_a_flow_where_no_one_can_ever_act_is_a_runaway() -> None:
    """With no legal action ever and no round limit, new_state ends in RunawayError rather than spinning forever."""
    game = Game("stuck", ("a", "b"),
                action_types=[ActionType("go", conditions=(Condition("never", lambda c: False),))],
                phases=[Phase("p", (Step("s", ("go",)),))])
    error = raises_runaway(game.new_state)
    assert "stuck" in str(error)


def test_a_flow_where_no_one_can_act_but_a_trigger_counts_rounds_is_a_runaway() -> None:
    """A stuck flow whose round_started trigger keeps firing ends in RunawayError saying no one can act."""
    game = Game("stuck_counting", ("a", "b"),
                action_types=[ActionType("go", conditions=(Condition("never", lambda c: False),))],
                triggers=[Trigger("count", "round_started",
                                  (Remember("round", lambda c: c.state.round),))],
                phases=[Phase("p", (Step("s", ("go",)),))])
    error = raises_runaway(game.new_state)
    assert "rounds passed with no decision" in str(error)


def test_a_flow_that_gets_stuck_after_an_action_leaves_the_input_unchanged() -> None:
    """An action after which no one can ever act again raises RunawayError from apply, and apply's input is unchanged."""
    game = Game("stuck_later", ("a", "b"),
                action_types=[ActionType("go", conditions=(
                    Condition("not yet gone", lambda c: "gone" not in c.state.memory),),
                    effects=(Remember("gone", 1),))],
                phases=[Phase("p", (Step("s", ("go",)),))])
    s = game.new_state()
    apply_runs_away(game, s, Action("go"))
    assert "gone" not in s.memory


def test_for_each_over_too_many_items_is_a_runaway() -> None:
    """A ForEach over more than MAX_LOOP items raises RunawayError naming the loop, and apply's input is unchanged."""
    game = one_action_game([ForEach("item", lambda c: range(MAX_LOOP + 1), (Remember("x", 1),))])
    error = apply_runs_away(game, game.new_state(), Action("go"))
    assert "'item'" in str(error) and str(MAX_LOOP + 1) in str(error)


def test_for_each_at_the_bound_still_runs() -> None:
    """A ForEach over exactly MAX_LOOP items is not a runaway: its body runs for every item."""
    game = one_action_game([ForEach("item", lambda c: range(MAX_LOOP),
                                    (Remember("last", lambda c: c.vars["item"]),))])
    s = game.apply(game.new_state(), Action("go"))
    assert s.memory["last"] == MAX_LOOP - 1


def test_a_choice_with_no_options_is_an_error_not_an_empty_decision() -> None:
    """Choose over no options raises RunawayError instead of surfacing a decision with no options."""
    game = one_action_game([Choose("pick", lambda c: ())])
    error = apply_runs_away(game, game.new_state(), Action("go"))
    assert "no options" in str(error)
