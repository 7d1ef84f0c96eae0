"""Broken Throne: how the game ends (scenarios `trial_economy` and `trial_last_stand`).

A side loses at once when an enemy unit stands on its castle, or when it has
no unit left. After round 12 the side with the higher score wins: the price
of every unit it still has, plus its gold (equal scores: a draw).
"""

from __future__ import annotations

from broken_throne_helpers import BLUE, RED, play, start


def test_an_enemy_on_the_castle_takes_it_and_ends_the_game() -> None:
    """Red's spearman steps onto blue's castle at (7,5)."""
    game, s = start("trial_economy")
    s = play(game, s, "select #2", "move #2 to=(7,5)")
    assert s.outcome is not None
    assert s.outcome.winners == (RED,) and s.outcome.reason == "blue lost the castle"


def test_blue_can_take_reds_castle_just_the_same() -> None:
    """Blue's archer walks four squares up the edge onto (0,0)."""
    game, s = start("trial_economy")
    s = play(game, s, "end_turn", "select #4", "move #4 to=(0,0)")
    assert s.outcome is not None
    assert s.outcome.winners == (BLUE,) and s.outcome.reason == "red lost the castle"


def test_a_side_on_its_own_castle_loses_nothing() -> None:
    """A unit standing on its own castle guards it; the game goes on."""
    game, s = start("trial_economy")
    s = play(game, s, "end_turn", "select #4", "move #4 to=(3,3)", "hold #4", "end_turn",
             "select #1", "move #1 to=(0,0)")
    assert s.outcome is None
    assert "move #4 to=(0,0)" not in [str(a) for a in
                                      play(game, s, "end_turn", "select #4").decision.actions]


def test_a_side_with_no_unit_left_loses() -> None:
    """Red's knight kills blue's last unit, a 1-HP zombie."""
    game, s = start("trial_last_stand")
    s = play(game, s, "select #1", "attack #1 target=#2")
    assert s.outcome is not None
    assert s.outcome.winners == (RED,) and s.outcome.reason == "blue lost the whole army"


def test_at_the_round_limit_units_left_and_gold_decide() -> None:
    """Nobody acts for 12 rounds: each side banks 20 + 12 x 5 = 80 gold; red keeps a knight and a
    spearman (35 + 20), blue a knight and an archer (35 + 25), so blue wins 140 to 135."""
    game, s = start("trial_economy")
    while s.decision is not None:
        s = play(game, s, "end_turn")
    assert s.round == 12
    assert s.outcome is not None
    assert s.outcome.reason == "round limit (12) reached"
    assert s.outcome.scores == (135.0, 140.0) and s.outcome.winners == (BLUE,)
