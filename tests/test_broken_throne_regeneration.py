"""Broken Throne: the druid's regeneration (scenario `trial_support`).

A druid may grant regeneration to a living ally within 2 squares that is not
regenerating already. It acts at the start of its bearer's next three turns:
3 HP each time, up to the bearer's maximum. The scene::

    #1 red priestess (1,1)   #2 red druid (1,3)     #3 red knight (2,2), 8 of 20 HP
    #4 red spearman (3,2)    #5 red zombie (0,2), undead
    #6 blue archer (5,2)     #7 blue druid (5,3)
"""

from __future__ import annotations

from broken_throne_helpers import hp, narration, options, play, start, statuses


def test_regeneration_heals_three_at_each_of_the_next_three_turns_then_ends() -> None:
    game, s = start("trial_support")
    s = play(game, s, "select #2", "regenerate #2 target=#3")
    assert statuses(s, 3) == {"regenerating": 3} and hp(s, 3) == 8
    seen = []
    for _ in range(4):
        s = play(game, s, "end_turn", "end_turn")  # blue's turn, then red's starts
        seen.append(hp(s, 3))
    assert seen == [11, 14, 17, 17]
    assert "regenerating" not in statuses(s, 3)


def test_each_tick_is_narrated_when_the_bearers_turn_starts() -> None:
    game, s = start("trial_support")
    s = play(game, s, "select #2", "regenerate #2 target=#3", "end_turn")
    assert "knight #3 regenerates 3 HP" not in narration(game, s)  # not on blue's turn
    s = play(game, s, "end_turn")
    assert "knight #3 regenerates 3 HP" in narration(game, s)


def test_regeneration_stops_at_the_maximum() -> None:
    """The spearman, 2 below its maximum after the archer's arrow, regains only 2."""
    game, s = start("trial_support")
    s = play(game, s, "select #2", "regenerate #2 target=#4", "end_turn",
             "select #6", "attack #6 target=#4", "end_turn")
    assert "spearman #4 regenerates 2 HP" in narration(game, s)
    assert hp(s, 4) == 12  # 14 - 2 (arrow) + 2 (regeneration) - 2 (poison)


def test_who_may_receive_regeneration() -> None:
    """Allies within 2, the druid itself included, but not the undead zombie nor one already regenerating."""
    game, s = start("trial_support")
    s = play(game, s, "select #2")
    offered = sorted(o for o in options(s) if o.startswith("regenerate"))
    assert offered == ["regenerate #2 target=#1", "regenerate #2 target=#2",
                       "regenerate #2 target=#3", "regenerate #2 target=#4",
                       "regenerate #2 target=#8"]
    s = play(game, s, "regenerate #2 target=#3", "end_turn", "end_turn", "select #2")
    assert "regenerate #2 target=#3" not in options(s)
