"""Skirmish: one reaction a round. Opportunity attack, Parry and Riposte share each
creature's single reaction, which comes back at the start of the next round."""

from __future__ import annotations

from skirmish_helpers import act, arena, end_turn, hp, options, roll, start


def test_a_parry_spends_the_reaction_an_opportunity_attack_would_need() -> None:
    """Having parried, the fighter cannot strike the goblin that walks away the same round;
    in the next round it may parry again."""
    game = arena(("fighter", "heroes", (3, 2)), ("goblin", "monsters", (4, 2)))
    s = start(game, [3, 15])
    s = roll(game, act(game, s, "attack #2 target=#1"), 15, 6)
    s = roll(game, act(game, s, "parry #1"), 1)
    assert hp(s, 1) == 16 - 4
    s = act(game, s, "move #2 to=(7,2)")
    assert s.decision.kind == "action", "no opportunity attack: the reaction is spent"
    s = end_turn(game, s)                               # the goblin's turn ends
    s = end_turn(game, s)                               # the fighter's turn: round 1 is over
    s = act(game, s, "move #2 to=(4,2)")                # round 2: back into reach
    s = roll(game, act(game, s, "attack #2 target=#1"), 15, 6)
    assert options(s) == ["parry #1", "pass"]


def test_a_riposte_spends_the_reaction_a_parry_would_need() -> None:
    """Two goblins attack the fighter in one round: after riposting the first, it cannot parry
    the second."""
    game = arena(("fighter", "heroes", (3, 2)), ("goblin", "monsters", (4, 2)),
                 ("goblin", "monsters", (2, 2)))
    s = start(game, [1, 15, 14])
    s = roll(game, act(game, s, "attack #2 target=#1"), 2)
    s = roll(game, act(game, s, "riposte #1"), 3)       # the riposte misses
    s = end_turn(game, s)
    s = roll(game, act(game, s, "attack #3 target=#1"), 15, 6)
    assert s.decision.kind == "action" and hp(s, 1) == 10, "no parry: the reaction is spent"


def test_each_creature_has_its_own_reaction() -> None:
    """The first goblin's opportunity attack leaves the second goblin's reaction untouched."""
    game = arena(("fighter", "heroes", (3, 2)), ("goblin", "monsters", (4, 2)),
                 ("goblin", "monsters", (4, 1)))
    s = start(game, [20, 1, 1])
    s = act(game, s, "move #1 to=(0,2)")
    s = roll(game, act(game, s, "opportunity_attack #2"), 3)     # a miss: the fighter may
    s = act(game, s, "pass")                                      # riposte, but passes
    assert options(s) == ["opportunity_attack #3", "pass"]
    s = roll(game, act(game, s, "opportunity_attack #3"), 3)
    assert options(s) == ["riposte #1", "pass"], "the fighter's own reaction is still there"
