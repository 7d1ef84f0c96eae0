"""Skirmish: Parry. When a melee attack hits the fighter, it may spend its reaction and
one of its three superiority dice to lower the damage by a d8 plus its dexterity (1),
before the damage is dealt."""

from __future__ import annotations

from skirmish_helpers import act, arena, chance_faces, hp, named, options, roll, start


def goblin_hits(damage: int, **fighter: int):
    """The goblin (acting first) hits the fighter for ``damage``; the parry is offered."""
    game = arena(("fighter", "heroes", (3, 2), fighter), ("goblin", "monsters", (4, 2)))
    s = start(game, [3, 15])
    s = roll(game, act(game, s, "attack #2 target=#1"), 15, damage)
    return game, s


def test_parry_lowers_the_damage_by_a_d8_plus_dexterity() -> None:
    """A hit of 7 parried with a d8 of 3 deals 7 - (3 + 1) = 3, and spends a superiority die."""
    game, s = goblin_hits(7)
    assert s.decision.kind == "reaction" and s.decision.player == 0
    assert options(s) == ["parry #1", "pass"]
    assert hp(s, 1) == 16, "the damage waits for the parry"
    s = act(game, s, "parry #1")
    assert chance_faces(s) == {face: 1 for face in range(1, 9)}
    s = roll(game, s, 3)
    assert hp(s, 1) == 13 and s.entity(1)["superiority"] == 2
    assert named(s, "parried") == [{"defender": 1, "die": 3, "before": 7, "after": 3}]
    assert named(s, "wounded") == [{"target": 1, "amount": 3, "hp_left": 13}]


def test_a_parry_can_turn_the_blow_aside_entirely() -> None:
    """A hit of 4 parried with a 5 deals nothing at all."""
    game, s = goblin_hits(4)
    s = roll(game, act(game, s, "parry #1"), 5)
    assert hp(s, 1) == 16 and named(s, "wounded") == []
    assert named(s, "parried")[0]["after"] == 0


def test_declining_to_parry_takes_the_full_blow_and_keeps_the_die() -> None:
    """Passing lets the 6 damage through and keeps the three superiority dice."""
    game, s = goblin_hits(6)
    s = act(game, s, "pass")
    assert hp(s, 1) == 10 and s.entity(1)["superiority"] == 3


def test_no_parry_without_superiority_dice() -> None:
    """With its dice spent, the fighter is not asked: the damage lands at once."""
    _, s = goblin_hits(6, superiority=0)
    assert s.decision.kind == "action" and hp(s, 1) == 10


def test_no_parry_against_a_miss_or_an_arrow() -> None:
    """A missed blow offers a riposte, not a parry; an arrow that hits cannot be parried."""
    game = arena(("fighter", "heroes", (3, 2)), ("goblin", "monsters", (4, 2)),
                 ("goblin_archer", "monsters", (7, 2)))
    s = start(game, [1, 20, 15])
    missed = roll(game, act(game, s, "attack #2 target=#1"), 2)
    assert options(missed) == ["riposte #1", "pass"]
    s = act(game, s, "end_turn #2")
    s = roll(game, act(game, s, "shoot #3 target=#1"), 16, 6)
    assert s.decision.kind == "action" and hp(s, 1) == 10
