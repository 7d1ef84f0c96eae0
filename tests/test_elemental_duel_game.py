"""Elemental Duel: the shape of a round — combat actions hand the turn over, fast actions
keep it, declaring the end of the round takes a player out, and the first to end acts
first next round; energy and bursts; the set-up; narration on the command line."""

from __future__ import annotations

import pytest

import stratagem
from elemental_helpers import (
    BLUE,
    RED,
    act,
    active,
    duel,
    hand,
    hp,
    next_round,
    options,
    roll,
    start,
)
from stratagem.cli.main import main
from stratagem.engine import IllegalActionError, parse_action


def test_a_combat_action_hands_the_turn_over_and_a_fast_action_does_not() -> None:
    """Playing a card keeps red's turn; attacking or switching hands it to blue."""
    game = duel(red_hand=["stone_ward"])
    s = start(game)
    assert s.decision is not None and s.decision.player == RED
    s = act(game, s, "play_stone_ward pay1=omni")
    assert s.decision is not None and s.decision.player == RED
    s = act(game, s, "attack #1 pay1=omni pay2=omni pay3=omni")
    assert s.decision is not None and s.decision.player == BLUE
    s = act(game, s, "switch to=#6 pay1=omni")
    assert active(s, BLUE) == 6
    assert s.decision is not None and s.decision.player == RED


def test_after_ending_the_round_the_other_player_acts_alone_and_then_goes_second() -> None:
    """Red ends first: blue takes every turn until it ends too; next round red, the first
    to have ended, acts first."""
    game = duel()
    s = act(game, start(game), "end_round")
    s = act(game, s, "attack #4 pay1=omni pay2=omni pay3=omni")
    assert s.decision is not None and s.decision.player == BLUE
    s = act(game, s, "switch to=#5 pay1=omni")
    assert s.decision is not None and s.decision.player == BLUE
    s = next_round(game, s)
    assert game.describe_flow(s) == "round 2, action"
    assert s.decision is not None and s.decision.player == RED
    # This time blue ends first, so blue starts round 3.
    s = act(game, s, "attack #1 pay1=omni pay2=omni pay3=omni")
    s = act(game, s, "end_round")
    s = next_round(game, s)
    assert game.describe_flow(s) == "round 3, action"
    assert s.decision is not None and s.decision.player == BLUE


def test_dice_are_spent_at_the_end_of_the_round_and_two_cards_drawn() -> None:
    """Unused dice do not carry over; each player draws two cards from the deck."""
    game = duel(red_hand=["berry_tart"] * 5, red_deck=["stone_ward", "iron_blade", "battle_plan"])
    s = start(game)
    s = act(game, s, "end_round")
    s = act(game, s, "end_round")
    # Red's two draws are chance decisions over the deck's three cards, then 16 dice.
    d = s.decision
    assert d is not None and d.kind == "chance" and len(d.actions) == 3
    s = roll(game, s, 0, 0)
    assert len(hand(s, RED)) == 7 and len(s.zone(RED, "deck")) == 1
    d = s.decision
    assert d is not None and d.kind == "chance" and d.weights == (1, 1, 1, 1, 1)
    assert s.zone(RED, "dice") == ()      # the old dice are gone; new ones are being rolled


def test_only_the_active_character_fights_and_bursts_need_full_energy() -> None:
    """Attacks and skills give 1 energy; the burst is offered at full energy and empties it."""
    game = duel()
    s = start(game)
    assert {a.split()[1] for a in options(s, "attack")} == {"#1"}
    assert options(s, "burst") == []
    with pytest.raises(IllegalActionError, match="is the active character"):
        game.apply(s, parse_action("attack #2 pay1=omni pay2=omni pay3=omni"))
    with pytest.raises(IllegalActionError, match="has full energy"):
        game.apply(s, parse_action("burst #1 pay1=omni pay2=omni pay3=omni"))
    s = act(game, s, "skill #1 pay1=omni pay2=omni pay3=omni")
    assert s.entity(1)["energy"] == 1
    s = act(game, s, "end_round")
    s = act(game, s, "attack #1 pay1=omni pay2=omni pay3=omni")
    assert s.entity(1)["energy"] == 2
    assert options(s, "burst") == []          # full energy, but only two dice are left
    game = duel(red=(("ember_knight", {"energy": 2}),))
    s = start(game)
    assert options(s, "burst") == ["burst #1 pay1=omni pay2=omni pay3=omni"]
    s = act(game, s, "burst #1 pay1=omni pay2=omni pay3=omni")
    assert s.entity(1)["energy"] == 0 and hp(s, 2) == 10 - 5  # blue's first is #2 here


def test_the_default_setup_deals_five_cards_and_puts_the_first_characters_in_front() -> None:
    """The bundled set-up: three characters a side, fourteen cards each, five drawn."""
    game = stratagem.load("elemental_duel")
    s = game.new_state(seed=1)
    for p in (RED, BLUE):
        assert len(s.zone(p, "hand")) == 5 and len(s.zone(p, "deck")) == 9
        assert len(s.zone(p, "dice")) == 8
    assert active(s, RED) == 1 and active(s, BLUE) == 4
    assert all(hp(s, e) == 10 for e in range(1, 7))


def test_play_narrates_actions_dice_and_reactions(capsys: pytest.CaptureFixture[str]) -> None:
    """`stratagem play elemental_duel --agents random,random` prints who did what, the dice
    each player holds and the result."""
    code = 0
    try:
        main(["play", "elemental_duel", "--agents", "random,random", "--seed", "3"])
    except SystemExit as exc:
        code = int(exc.code or 0)
    assert code == 0
    out = capsys.readouterr().out
    assert "red: random, blue: random" in out
    assert "red's dice:" in out and "blue's dice:" in out
    assert "declares the end of the round" in out
    assert "paying" in out
    assert "Result: won by" in out or "Result: draw" in out
    assert "Traceback" not in out


def test_an_action_by_the_other_sides_character_names_it_once() -> None:
    """Acting with blue's character on red's turn is refused, naming the character as #4."""
    game = duel()
    s = start(game)
    with pytest.raises(IllegalActionError) as exc:
        game.apply(s, parse_action("attack #4 pay1=omni pay2=omni pay3=omni"))
    assert "actor #4 does not belong to red" in str(exc.value)
    assert "##" not in str(exc.value)
