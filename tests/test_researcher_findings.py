"""What a researcher writing agents against the Python API from the docs alone found
(tests/outsider/researcher/): a search of one's own, written as docs/agents.md shows,
had no budget when given none and searched for ever."""

from __future__ import annotations

import time

import pytest

import stratagem
from stratagem.agents import Agent, Choice
from stratagem.agents.base import UNSET_BUDGET, Budget, Meter
from stratagem.engine import Decision, State


class Mine(Agent):
    """A search loop as the docs write one, with no default budget of its own."""

    def choose(self, view: State, decision: Decision, budget: Budget | None = None) -> Choice:
        meter = Meter(self.game, budget or self.budget)
        while not meter.spent():
            self.game.apply(view, decision.actions[0])
        return Choice(decision.actions[0], f"{meter.calls} calls")


def test_a_search_with_no_budget_of_its_own_stops_after_a_second() -> None:
    game = stratagem.load("tic_tac_toe")
    state = game.new_state(0)
    bot = Mine(game)
    assert bot.budget.is_empty and Budget(seconds=1.0) == UNSET_BUDGET
    started = time.perf_counter()
    choice = bot.choose(state, state.decision)
    assert 0.9 < time.perf_counter() - started < 10 and choice.action in state.decision
    # A budget given is spent as given.
    assert Mine(game).choose(state, state.decision, Budget(calls=50)).rationale == "50 calls"


def test_a_hidden_cards_place_in_a_view_says_what_it_is() -> None:
    """high_card's view of another's hand holds -1 places; `view.entity(-1)` failed with a
    bare `KeyError: -1`, and a view played on with `play card=#-1` blamed a rule (now
    `apply` refuses a view: `ViewPlayedError`)."""
    game = stratagem.load("high_card")
    view = game.new_state(seed=5).view(0)
    hidden = view.zone(1, "hand")[0]
    assert hidden == -1
    with pytest.raises(KeyError, match=r"a card this view does not show .* "
                                       r"game\.determinize\(view, seed\)"):
        view.entity(hidden)
    # play on from a view is refused at once, saying what to play on instead
    with pytest.raises(stratagem.StratagemError, match=r"view of the game.*determinize"):
        game.apply(view, game.legal_actions(view)[0])
