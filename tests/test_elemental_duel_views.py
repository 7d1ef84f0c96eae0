"""Elemental Duel: hidden hands and decks. A player's view shows the opponent's hand only
as a number of cards; determinizing a view deals the unseen cards consistently with it."""

from __future__ import annotations

import pytest

import stratagem
from elemental_helpers import BLUE, RED, act, duel, start
from stratagem.agents import GameShapeError
from stratagem.engine import State
from stratagem.engine.views import HIDDEN, UNSEEN

# Five cards in each hand: the set-up draws none, so the position is known exactly.
HANDS = dict(red_hand=["berry_tart", "stone_ward", "iron_blade", "berry_tart", "hearty_stew"],
             red_deck=["battle_plan", "hearty_stew", "energy_draught", "spiced_skewer"],
             blue_hand=["berry_tart", "battle_plan", "spiced_skewer", "stone_ward", "iron_blade"],
             blue_deck=["iron_blade", "stone_ward", "hearty_stew"])


def position() -> tuple[stratagem.Game, State]:
    game = duel(**HANDS)  # type: ignore[arg-type]
    s = start(game)
    # Red plays a card, so one of its cards is public from now on.
    s = act(game, s, "play_stone_ward pay1=omni")
    return game, s


def test_the_view_shows_the_opponents_hand_only_as_a_count() -> None:
    """Blue sees red's hand as four hidden cards and its own deck as hidden too; every red
    card not on the discard pile is placed nowhere in particular."""
    game, s = position()
    view = s.view(BLUE)
    assert view.players[RED].zones["hand"] == (HIDDEN,) * 4
    assert view.players[RED].zones["deck"] == (HIDDEN,) * 4
    assert view.players[BLUE].zones["hand"] == s.players[BLUE].zones["hand"]
    assert view.players[BLUE].zones["deck"] == (HIDDEN,) * 3
    assert [view.entity(c).type for c in view.players[RED].zones["discard"]] == ["stone_ward"]
    unseen = [e for e in view.entities.values() if e.owner == RED and e.zone == UNSEEN]
    assert len(unseen) == 8
    assert game.info.hidden


def test_states_that_differ_only_in_a_hidden_hand_give_equal_views() -> None:
    """Deal red's unseen cards differently (determinizing blue's view with several seeds):
    the hands differ, blue's views of them do not, and red's own views do."""
    game, s = position()
    view = s.view(BLUE)
    worlds = [game.determinize(view, seed) for seed in range(12)]
    hands = {w.players[RED].zones["hand"] for w in worlds}
    assert len(hands) > 1
    for w in worlds:
        assert w.view(BLUE) == view
    red_views = {tuple(sorted(w.view(RED).players[RED].zones["hand"])) for w in worlds}
    assert len(red_views) > 1


def test_determinize_keeps_what_is_known_and_every_count() -> None:
    """A determinized world keeps blue's own hand card for card, red's hand and deck sizes,
    the cards red owns, the discard pile, the dice and the characters."""
    game, s = position()
    view = s.view(BLUE)
    for seed in range(8):
        w = game.determinize(view, seed)
        assert w.players[BLUE].zones["hand"] == s.players[BLUE].zones["hand"]
        for p in (RED, BLUE):
            for zone in ("hand", "deck"):
                assert len(w.players[p].zones[zone]) == len(s.players[p].zones[zone])
            for zone in ("discard", "dice", "summons"):
                assert w.players[p].zones[zone] == s.players[p].zones[zone]
        red_cards = set(s.players[RED].zones["hand"]) | set(s.players[RED].zones["deck"])
        assert set(w.players[RED].zones["hand"]) | set(w.players[RED].zones["deck"]) == red_cards
        assert all(w.entity(e).zone in ("hand", "deck") for e in red_cards)
        for e in range(1, 7):
            assert w.entity(e) == s.entity(e)
        # Red is to act: its options in each world come from the hand dealt there.
        assert w.decision is not None and w.decision.player == RED
        assert all(game.is_legal(w, a) for a in w.decision.actions)


def test_agents_that_cannot_handle_hidden_information_refuse_the_game() -> None:
    """The header declares hidden information and chance; expectimax refuses with the
    plain sentence, while random and MCTS (which determinizes) accept it."""
    game = stratagem.load("elemental_duel")
    assert game.info.hidden and game.info.chance
    with pytest.raises(GameShapeError) as exc:
        stratagem.agent("expectimax", game)
    assert str(exc.value).startswith("expectimax cannot play elemental_duel: "
                                     "it has hidden information")
    stratagem.agent("random", game)
    stratagem.agent("mcts", game)
