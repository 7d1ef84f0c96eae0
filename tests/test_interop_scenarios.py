"""The bridges take a scenario: each set-up of a game is a game of its own in OpenSpiel
(registered under its own name), and PettingZoo's and Gymnasium's environments open it."""

from __future__ import annotations

import pytest

import stratagem

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from stratagem.interop import openspiel_game  # noqa: E402
from stratagem.interop.gymnasium_env import StratagemEnv  # noqa: E402
from stratagem.interop.openspiel_agents import SpielGame, StratagemBot  # noqa: E402
from stratagem.interop.pettingzoo_env import aec_env  # noqa: E402


def test_each_set_up_is_registered_under_its_own_name() -> None:
    """Skirmish's ambush and its default (duel) are two OpenSpiel games, and
    `pyspiel.load_game` of the ambush's name opens the ambush."""
    ambush = openspiel_game.load_game("skirmish", scenario="ambush")
    duel = openspiel_game.load_game("skirmish")
    assert ambush.get_type().short_name == "stratagem_skirmish__ambush"
    assert duel.get_type().short_name == "stratagem_skirmish"
    again = pyspiel.load_game("stratagem_skirmish__ambush")
    native = openspiel_game.native_state(again.new_initial_state())
    assert native.game.scenario == "ambush"
    assert len(native.entities) == len(stratagem.load("skirmish", "ambush").new_state(0).entities)
    assert openspiel_game.load_game("skirmish", scenario="duel").get_type().short_name \
        == "stratagem_skirmish"


def test_pettingzoo_and_gymnasium_take_a_scenario() -> None:
    assert aec_env("skirmish", scenario="ambush").table.game.scenario == "ambush"
    assert StratagemEnv("skirmish", scenario="ambush").game.scenario == "ambush"
    with pytest.raises(ValueError, match="scenario"):
        aec_env(stratagem.load("skirmish", "clearing"), scenario="ambush")


def test_stratagem_bot_takes_a_spiel_game_as_well() -> None:
    """An OpenSpiel game wrapped already (`SpielGame`) is what the bot plays on."""
    wrapped = SpielGame(pyspiel.load_game("tic_tac_toe"))
    bot = StratagemBot(wrapped, "random", 0)
    assert bot.game is wrapped
    state = pyspiel.load_game("tic_tac_toe").new_initial_state()
    assert bot.step(state) in state.legal_actions()
