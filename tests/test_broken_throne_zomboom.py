"""Broken Throne: zomboom and its chain reaction (scenario `trial_chain`).

A necromancer may detonate a friendly zombie within 3 squares instead of
attacking: the zombie is destroyed and bursts, dealing 8 damage (defence and
cover do not count) to every unit on the 8 squares around it, friend or foe.
A zombie — of either side — destroyed by a burst bursts in turn. The scene::

    #1 red necromancer (0,2)   #2 #3 #4 red zombies on the diagonal (2,2) (3,3) (4,4)
    #5 red zombie (7,0), far   #6 red spearman (1,3), beside #2
    #7 blue knight (2,1)       #8 blue spearman (4,3), beside #3 and #4
    #9 blue zombie (5,4), 6 HP #10 blue archer (6,5), beside #9 only
    #11 blue knight (7,2), out of the way
"""

from __future__ import annotations

from broken_throne_helpers import RED, gone, hp, narration, options, param, play, start
from stratagem.engine import Pos


def test_the_chain_spreads_from_zombie_to_zombie_across_both_sides() -> None:
    """#2 bursts, catching #3, which catches #4, which catches blue's #9: four bursts in all."""
    game, s = start("trial_chain")
    s = play(game, s, "select #1", "zomboom #1 zombie=#2")
    said = narration(game, s)
    assert [line for line in said if "bursts" in line] == [
        "a zombie bursts at (2,2)", "a zombie bursts at (3,3)",
        "a zombie bursts at (4,4)", "a zombie bursts at (5,4)"]
    assert all(gone(s, z) for z in (2, 3, 4, 9))


def test_every_unit_around_a_burst_takes_eight_whoever_it_belongs_to() -> None:
    """Friend and foe alike: red's spearman 14 -> 6, blue's knight 20 -> 12 (its defence does not
    count), blue's spearman caught by two bursts falls, blue's archer beside #9 only keeps 2."""
    game, s = start("trial_chain")
    s = play(game, s, "select #1", "zomboom #1 zombie=#2")
    assert hp(s, 6) == 6
    assert hp(s, 7) == 12
    assert gone(s, 8)
    assert hp(s, 10) == 2


def test_the_chain_stops_where_no_zombie_is_caught() -> None:
    """The necromancer two squares away, the far zombie and the far knight are untouched."""
    game, s = start("trial_chain")
    s = play(game, s, "select #1", "zomboom #1 zombie=#2")
    assert hp(s, 1) == 12 and hp(s, 5) == 8 and hp(s, 11) == 20
    assert s.outcome is None


def test_kills_by_a_burst_raise_no_zombies_and_the_necromancer_has_acted() -> None:
    """Only the necromancer's own strikes raise the dead; the detonation is its action for the turn."""
    game, s = start("trial_chain")
    s = play(game, s, "select #1", "zomboom #1 zombie=#2")
    for spot in ((2, 2), (3, 3), (4, 4), (5, 4), (4, 3)):
        assert s.occupant(Pos(*spot)) is None, spot
    assert param(s, 1, "acted") == 1
    assert s.players[RED].params["selected"] == 0
    assert "select #1" not in options(s)


def test_only_friendly_zombies_within_three_squares_can_be_detonated() -> None:
    """The far red zombie (7 squares) and blue's zombie are not offered."""
    game, s = start("trial_chain")
    s = play(game, s, "select #1")
    assert sorted(o for o in options(s) if o.startswith("zomboom")) == [
        "zomboom #1 zombie=#2", "zomboom #1 zombie=#3"]


def test_a_lone_detonation_does_not_spread() -> None:
    """Detonating the far zombie hurts no one: nothing stands around it."""
    game, s = start("trial_chain")
    s = play(game, s, "select #1", "move #1 to=(4,1)", "zomboom #1 zombie=#5")
    assert gone(s, 5)
    assert [line for line in narration(game, s) if "bursts" in line] == ["a zombie bursts at (7,0)"]
    assert hp(s, 11) == 20 and hp(s, 1) == 12
