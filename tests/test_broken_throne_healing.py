"""Broken Throne: the priestess's healing, and the conditions she lifts (scenario `trial_support`).

A priestess may heal an ally within 2 squares (herself included) that is
wounded or afflicted: it regains up to 8 HP and loses poison and slowness.
Undead cannot be healed. Poison costs 2 HP at the start of each of its
bearer's next two turns, never below 1; a slowed unit moves 2 squares less
during its next turn. The scene::

    #1 red priestess (1,1)   #2 red druid (1,3)     #3 red knight (2,2), 8 HP
    #4 red spearman (3,2), in the forest           #5 red zombie (0,2), 3 HP
    #8 red knight (2,4), 4 HP
    #6 blue archer (5,2)     #7 blue druid (5,3)
"""

from __future__ import annotations

from broken_throne_helpers import hp, narration, options, play, start, statuses
from stratagem.engine import Game, State


def afflict(game: Game, s: State) -> State:
    """Red passes; blue's archer poisons the spearman in the forest (6 - 3 - 1 = 2) and blue's
    druid slows it (4 + 2 for the archer's combo star - 3 - 1 = 2)."""
    return play(game, s, "end_turn", "select #6", "attack #6 target=#4",
                "select #7", "attack #7 target=#4")


def test_only_wounded_or_afflicted_living_allies_within_two_can_be_healed() -> None:
    """At the start only the wounded knight #3 qualifies: #8 is too far, the others are unhurt,
    and the 3-HP zombie is undead."""
    game, s = start("trial_support")
    s = play(game, s, "select #1")
    assert [o for o in options(s) if o.startswith("heal")] == ["heal #1 target=#3"]


def test_healing_restores_eight_hp() -> None:
    game, s = start("trial_support")
    s = play(game, s, "select #1", "heal #1 target=#3")
    assert hp(s, 3) == 16
    assert narration(game, s) == ["knight #3 is healed for 8 HP and cleansed"]


def test_poison_and_slowness_bite_until_the_priestess_lifts_them() -> None:
    """The spearman, shot and lashed on blue's turn, loses 2 to poison as red's turn starts and moves
    2 squares less; healed, it is whole (capped at 14), clean, and moves freely again."""
    game, s = start("trial_support")
    s = afflict(game, s)
    assert hp(s, 4) == 10 and set(statuses(s, 4)) == {"poisoned", "slowed"}
    s = play(game, s, "end_turn")
    assert hp(s, 4) == 8
    assert "spearman #4 loses 2 HP to poison" in narration(game, s)
    slowed_moves = len([o for o in options(play(game, s, "select #4")) if o.startswith("move")])
    s = play(game, s, "select #1", "heal #1 target=#4")
    assert hp(s, 4) == 14 and statuses(s, 4) == {}
    assert narration(game, s) == ["spearman #4 is healed for 6 HP and cleansed"]
    free_moves = len([o for o in options(play(game, s, "select #4")) if o.startswith("move")])
    assert slowed_moves < free_moves


def test_the_priestess_heals_herself_and_lifts_her_own_poison() -> None:
    """Shot for 5 and poisoned on blue's turn, she is down to 3 when red's turn starts; she heals
    herself up to her 10 HP (7 restored) and is clean."""
    game, s = start("trial_support")
    s = play(game, s, "end_turn", "select #6", "move #6 to=(4,1)", "attack #6 target=#1")
    assert hp(s, 1) == 5 and "poisoned" in statuses(s, 1)
    s = play(game, s, "end_turn", "select #1", "heal #1 target=#1")
    assert hp(s, 1) == 10 and statuses(s, 1) == {}
    assert narration(game, s) == ["priestess #1 is healed for 7 HP and cleansed"]


def test_poison_never_takes_the_last_hit_point() -> None:
    """The 4-HP knight shot for 2 is left at 2: the first bite takes it to 1, the second takes nothing."""
    game, s = start("trial_support")
    s = play(game, s, "end_turn", "select #6", "attack #6 target=#8", "end_turn")
    assert hp(s, 8) == 1 and statuses(s, 8) == {"poisoned": 1}
    s = play(game, s, "end_turn", "end_turn")
    assert hp(s, 8) == 1 and statuses(s, 8) == {}


def test_slowness_lasts_its_bearers_next_turn_only() -> None:
    """Slowed on blue's turn, the spearman moves less on red's next turn, and freely on the one after."""
    game, s = start("trial_support")
    free = len([o for o in options(play(game, s, "select #4")) if o.startswith("move")])
    s = afflict(game, s)
    s = play(game, s, "end_turn")
    assert statuses(s, 4) == {"poisoned": 1, "slowed": 1}
    slowed = len([o for o in options(play(game, s, "select #4")) if o.startswith("move")])
    s = play(game, s, "end_turn")
    assert "slowed" not in statuses(s, 4)
    s = play(game, s, "end_turn")
    again = len([o for o in options(play(game, s, "select #4")) if o.startswith("move")])
    assert slowed < free == again


def test_poison_wears_off_after_two_of_its_bearers_turns() -> None:
    """It bites at the start of the bearer's next two turns, then is gone."""
    game, s = start("trial_support")
    s = play(game, s, "end_turn", "select #6", "attack #6 target=#3")  # 8 - 2 = 6
    s = play(game, s, "end_turn")
    assert hp(s, 3) == 4
    s = play(game, s, "end_turn", "end_turn")
    assert hp(s, 3) == 2
    s = play(game, s, "end_turn", "end_turn")
    assert hp(s, 3) == 2 and "poisoned" not in statuses(s, 3)
