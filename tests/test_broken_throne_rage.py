"""Broken Throne: the berserker's rage (scenario `trial_rage`).

When a berserker kills with its own attack, it is refreshed: it may move and
act again this turn, and it stays selected. A kill by its counter-strike does
not refresh it. The scene, red to move::

    #1 red berserker (2,2)
    #2 blue archer (3,3), 5 HP      #3 blue spearman (6,3), 3 HP
    #4 blue knight (6,1)            #5 blue zombie (1,1), 2 HP
"""

from __future__ import annotations

from broken_throne_helpers import RED, gone, hp, narration, options, param, play, start


def test_a_kill_refreshes_the_berserker_to_move_and_act_again() -> None:
    """Killing the archer (8 - 1 = 7 >= 5) leaves the berserker selected, unmoved and unspent."""
    game, s = start("trial_rage")
    s = play(game, s, "select #1", "attack #1 target=#2")
    assert gone(s, 2)
    assert param(s, 1, "moved") == 0 and param(s, 1, "acted") == 0
    assert s.players[RED].params["selected"] == 1
    assert narration(game, s)[-1] == "berserker #1 flies into a rage: it may move and act again"
    assert "move #1 to=(5,4)" in options(s)


def test_rage_chains_kill_after_kill_until_a_target_survives() -> None:
    """Archer, then spearman (8 - 3 = 5 >= 3) after a move, then the knight survives: the turn's
    rampage ends there, with the knight's counter-strike (7 - 2 = 5)."""
    game, s = start("trial_rage")
    s = play(game, s, "select #1", "attack #1 target=#2",
             "move #1 to=(5,4)", "attack #1 target=#3")
    assert gone(s, 3) and param(s, 1, "acted") == 0
    s = play(game, s, "move #1 to=(6,2)", "attack #1 target=#4")
    assert hp(s, 4) == 16 and hp(s, 1) == 11
    assert param(s, 1, "acted") == 1 and s.players[RED].params["selected"] == 0
    assert not [o for o in options(s) if o.endswith("#1") or "#1 " in o]


def test_a_kill_by_counter_strike_does_not_refresh() -> None:
    """On blue's turn the zombie bites (4 - 2 = 2) and the berserker's answer kills it; it stays spent."""
    game, s = start("trial_rage")
    s = play(game, s, "select #1", "hold #1", "end_turn", "select #5", "attack #5 target=#1")
    assert gone(s, 5) and hp(s, 1) == 14
    assert param(s, 1, "acted") == 1
    assert not any("rage" in line for line in narration(game, s))


def test_other_units_do_not_rage() -> None:
    """Rage is the berserker's alone: a spearman that kills has acted."""
    game, s = start("trial_counter")
    s = play(game, s, "select #4", "attack #4 target=#9")
    assert gone(s, 9) and param(s, 4, "acted") == 1
