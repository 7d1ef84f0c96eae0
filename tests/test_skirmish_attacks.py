"""Skirmish: attack rolls. An attack rolls a d20 and adds the attacker's bonus: it hits
when the total reaches the target's armour class, then rolls the weapon's damage. A
natural 20 always hits and rolls the damage dice twice; a natural 1 always misses.
One action a turn; melee needs the target within reach, a shot needs range and sight."""

from __future__ import annotations

from skirmish_helpers import act, arena, chance_faces, hp, named, options, roll, start
from stratagem.engine import Action, Ref, dice


def weights(d) -> dict[int, int]:
    return dict(zip(d.values, d.weights, strict=True))


def fighter_and_goblin(fighter_first: bool = True, **fighter: int):
    game = arena(("fighter", "heroes", (3, 2), fighter), ("goblin", "monsters", (4, 2)))
    return game, start(game, [15, 3] if fighter_first else [3, 15])


def test_an_attack_that_reaches_the_armour_class_hits_for_the_weapons_damage() -> None:
    """10 + 5 reaches the goblin's AC 15: the longsword's 1d8 + 3 is rolled and dealt."""
    game, s = fighter_and_goblin()
    s = act(game, s, "attack #1 target=#2")
    assert chance_faces(s) == {face: 1 for face in range(1, 21)}
    s = roll(game, s, 10)
    assert chance_faces(s) == weights(dice(1, 8).shifted(3))
    s = roll(game, s, 6)
    assert hp(s, 2) == 1
    (hit,) = named(s, "attack_hits")
    assert (hit["roll"], hit["bonus"], hit["total"], hit["ac"], hit["result"], hit["damage"]) == \
        (10, 5, 15, 15, "a hit", 6)
    assert named(s, "wounded") == [{"target": 2, "amount": 6, "hp_left": 1}]


def test_an_attack_below_the_armour_class_misses_and_rolls_no_damage() -> None:
    """9 + 5 = 14 falls short of AC 15: a miss, the goblin unhurt, no damage die."""
    game, s = fighter_and_goblin()
    s = act(game, s, "attack #1 target=#2")
    s = roll(game, s, 9)
    assert s.decision.kind == "action" and hp(s, 2) == 7
    assert [m["result"] for m in named(s, "attack_misses")] == ["a miss"]


def test_a_natural_20_hits_any_armour_and_doubles_the_damage_dice() -> None:
    """Against AC 30 only a 20 hits, and then the scimitar rolls 2d6 + 2 instead of 1d6 + 2."""
    game, s = fighter_and_goblin(fighter_first=False, ac=30)
    s = act(game, s, "attack #2 target=#1")
    s = roll(game, s, 20)
    assert chance_faces(s) == weights(dice(2, 6).shifted(2))
    s = roll(game, s, 14)
    assert options(s) == ["parry #1", "pass"]
    s = act(game, s, "pass")
    assert hp(s, 1) == 16 - 14
    assert named(s, "attack_hits")[0]["result"] == "a critical hit"
    plain, s2 = fighter_and_goblin(fighter_first=False)
    s2 = roll(plain, act(plain, s2, "attack #2 target=#1"), 15)
    assert chance_faces(s2) == weights(dice(1, 6).shifted(2)), "15 + 4 hits AC 17: one die"
    missed = roll(game, act(game, fighter_and_goblin(False, ac=30)[1], "attack #2 target=#1"), 19)
    assert missed.decision.kind == "reaction" and named(missed, "attack_misses")


def test_a_natural_1_misses_whatever_the_total() -> None:
    """Against AC 1, a 1 still misses; a 2 hits."""
    game, s = fighter_and_goblin(fighter_first=False, ac=1)
    s = act(game, s, "attack #2 target=#1")
    missed = roll(game, s, 1)
    assert named(missed, "attack_misses")[0]["result"] == "a natural 1, a miss"
    assert hp(missed, 1) == 16
    hit = roll(game, s, 2)
    assert hit.decision.kind == "chance", "a 2 hits: the damage is rolled"


def test_one_action_a_turn() -> None:
    """Once it has attacked, the fighter may still move and end its turn, but not act again."""
    game, s = fighter_and_goblin()
    s = roll(game, act(game, s, "attack #1 target=#2"), 2)
    assert {a.type for a in s.decision.actions} == {"move", "end_turn"}
    assert "has its action" in game.why_illegal(s, Action("dash", 1))


def test_a_melee_attack_needs_the_target_within_reach() -> None:
    """A goblin two squares away cannot be struck; the refusal names the rule."""
    game = arena(("fighter", "heroes", (3, 2)), ("goblin", "monsters", (5, 2)))
    s = start(game, [15, 3])
    assert not any(a.type == "attack" for a in s.decision.actions)
    assert "within reach" in game.why_illegal(s, Action("attack", 1, (("target", Ref(2)),)))


def test_a_shot_needs_range_and_a_line_of_sight() -> None:
    """A tree between the archer and the fighter blocks the shot; the rogue in the open is a
    target, unless the bow's range is cut to 3 squares."""
    units = (("goblin_archer", "monsters", (4, 4)), ("fighter", "heroes", (4, 8)),
             ("rogue", "heroes", (9, 4)))
    game = arena(*units, board="ambush")
    s = start(game, [20, 1, 1])
    shots = [str(a) for a in s.decision.actions if a.type == "shoot"]
    assert shots == ["shoot #1 target=#3"]
    short = arena(((*units[0], {"range": 3})), *units[1:], board="ambush")
    s = start(short, [20, 1, 1])
    assert not any(a.type == "shoot" for a in s.decision.actions)


def test_a_shot_rolls_the_bows_bonus_and_damage() -> None:
    """The archer's arrow: d20 + 4 against the rogue's AC 14, then 1d6 + 2."""
    game = arena(("goblin_archer", "monsters", (4, 4)), ("rogue", "heroes", (9, 4)),
                 board="ambush")
    s = start(game, [20, 1])
    s = roll(game, act(game, s, "shoot #1 target=#2"), 10)
    assert chance_faces(s) == weights(dice(1, 6).shifted(2))
    s = roll(game, s, 5)
    assert hp(s, 2) == 12 - 5
    hit = named(s, "attack_hits")[0]
    assert (hit["verb"], hit["total"], hit["ac"]) == ("shoots at", 14, 14)
