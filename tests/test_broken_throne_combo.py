"""Broken Throne: combo stars (scenarios `trial_combo` and `golden_combo`).

Each attack on a unit that survives it puts a combo star on that unit (three
at most); every star adds 2 to the damage of each later strike on it. Stars
fade at the start of every turn.
"""

from __future__ import annotations

from broken_throne_helpers import gone, hp, narration, param, play, start


def test_each_attack_adds_a_star_that_strengthens_the_next_up_to_three() -> None:
    """Five zombies on one knight: 4 - 4 would be 0, so 1; then 2, 4, 6 and 6 (three stars at most)."""
    game, s = start("trial_combo")
    knight = 6
    dealt, stars = [], []
    for zombie in (1, 2, 3, 4, 5):
        before = hp(s, knight)
        s = play(game, s, f"select #{zombie}", f"attack #{zombie} target=#{knight}")
        dealt.append(before - hp(s, knight))
        stars.append(param(s, knight, "stars"))
    assert dealt == [1, 2, 4, 6, 6]
    assert stars == [1, 2, 3, 3, 3]
    assert hp(s, knight) == 1
    assert "knight #6 now carries 3 combo star(s)" in narration(game, s)


def test_stars_fade_when_the_next_turn_starts() -> None:
    """The knight's stars are gone once blue's turn begins, and its wounds stay."""
    game, s = start("trial_combo")
    s = play(game, s, "select #1", "attack #1 target=#6", "select #2", "attack #2 target=#6")
    assert param(s, 6, "stars") == 2
    s = play(game, s, "end_turn")
    assert param(s, 6, "stars") == 0 and hp(s, 6) == 17


def test_the_golden_combo_kills_the_archer_that_one_shot_would_not() -> None:
    """Knight then archer on blue's archer in the forest: 5, then 4 + 2 for the star = 6 >= 5 left."""
    game, s = start("golden_combo")
    s = play(game, s, "select #1", "attack #1 target=#3")
    assert hp(s, 3) == 5 and param(s, 3, "stars") == 1
    s = play(game, s, "select #2", "attack #2 target=#3")
    assert gone(s, 3)
    assert narration(game, s) == ["archer #3 takes 6 damage (0 HP left)", "archer #3 falls"]
    assert hp(s, 1) == 20 and hp(s, 2) == 10  # and no counter-strike on either attacker


def test_without_the_star_the_archer_survives_and_shoots_back() -> None:
    """The archer alone does only 6 - 1 - 1 = 4, and takes 6 - 1 = 5 back."""
    game, s = start("golden_combo")
    s = play(game, s, "select #2", "attack #2 target=#3")
    assert hp(s, 3) == 6 and hp(s, 2) == 5


def test_scratching_the_knight_trades_three_for_three() -> None:
    """The alternative the golden position tempts with: 7 - 4 = 3 dealt, 3 taken back."""
    game, s = start("golden_combo")
    s = play(game, s, "select #1", "attack #1 target=#4")
    assert hp(s, 4) == 17 and hp(s, 1) == 17


def test_a_star_counts_only_for_strikes_on_the_unit_that_carries_it() -> None:
    """After the knight's blow on the archer, red's archer on blue's knight deals its plain 2."""
    game, s = start("golden_combo")
    s = play(game, s, "select #1", "attack #1 target=#3", "select #2", "attack #2 target=#4")
    assert hp(s, 4) == 18
