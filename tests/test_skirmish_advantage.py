"""Skirmish: advantage and disadvantage. With advantage the attack rolls two d20 and keeps
the higher, with disadvantage the lower; having both is a plain d20. Attacking a dodging
creature, or shooting with an enemy within reach, is at a disadvantage; a melee attack on
an enemy with one of the attacker's allies on its far side (flanking) is at an advantage."""

from __future__ import annotations

from skirmish_helpers import act, arena, chance_faces, end_turn, named, roll, start
from stratagem.engine import dice

D20 = {face: 1 for face in range(1, 21)}


def weights(d) -> dict[int, int]:
    return dict(zip(d.values, d.weights, strict=True))


ADVANTAGE = weights(dice(2, 20, keep_highest=1))
DISADVANTAGE = weights(dice(2, 20, keep_lowest=1))


def test_the_kept_die_of_two_has_its_exact_odds() -> None:
    """Advantage keeps the higher of two d20 (a 20 comes 39 times in 400), disadvantage the lower."""
    assert ADVANTAGE[20] == 39 and ADVANTAGE[1] == 1 and sum(ADVANTAGE.values()) == 400
    assert {21 - k: w for k, w in ADVANTAGE.items()} == DISADVANTAGE


def test_attacks_on_a_dodging_creature_have_disadvantage_until_its_next_turn() -> None:
    """The goblin dodges; the fighter's attack rolls the lower of two d20, until the goblin's
    own next turn begins."""
    game = arena(("fighter", "heroes", (3, 2)), ("goblin", "monsters", (4, 2)))
    s = start(game, [3, 15])
    s = end_turn(game, act(game, s, "dodge #2"))
    assert s.entity(2).has_status("dodging")
    attack = act(game, s, "attack #1 target=#2")
    assert chance_faces(attack) == DISADVANTAGE
    hit = roll(game, attack, 14, 4)            # the lower die shows 14: a hit, for 4
    assert named(hit, "attack_hits")[0]["edge"] == " with disadvantage"
    s = end_turn(game, s)                      # the goblin's next turn: the dodge is over
    assert not s.entity(2).has_status("dodging")
    s = end_turn(game, s)
    assert chance_faces(act(game, s, "attack #1 target=#2")) == D20


def test_a_shot_with_an_enemy_within_reach_has_disadvantage() -> None:
    """The archer next to the fighter shoots the rogue at a disadvantage; from afar, plainly."""
    near = arena(("goblin_archer", "monsters", (3, 2)), ("fighter", "heroes", (4, 2)),
                 ("rogue", "heroes", (7, 4)))
    s = start(near, [20, 1, 1])
    assert chance_faces(act(near, s, "shoot #1 target=#3")) == DISADVANTAGE
    assert chance_faces(act(near, s, "shoot #1 target=#2")) == DISADVANTAGE
    assert chance_faces(act(near, s, "attack #1 target=#2")) == D20, "the dagger is not a shot"
    far = arena(("goblin_archer", "monsters", (0, 2)), ("fighter", "heroes", (4, 2)),
                ("rogue", "heroes", (7, 4)))
    s = start(far, [20, 1, 1])
    assert chance_faces(act(far, s, "shoot #1 target=#3")) == D20


def test_flanking_gives_advantage_in_melee() -> None:
    """With the rogue on the far side of the goblin the fighter attacks with advantage; from
    beside it (not opposite), plainly."""
    game = arena(("fighter", "heroes", (3, 2)), ("rogue", "heroes", (5, 2)),
                 ("goblin", "monsters", (4, 2)))
    s = start(game, [20, 1, 1])
    s = act(game, s, "attack #1 target=#3")
    assert chance_faces(s) == ADVANTAGE
    s = roll(game, s, 12, 5)
    assert named(s, "attack_hits")[0]["edge"] == " with advantage"
    beside = arena(("fighter", "heroes", (3, 2)), ("rogue", "heroes", (4, 1)),
                   ("goblin", "monsters", (4, 2)))
    s = start(beside, [20, 1, 1])
    assert chance_faces(act(beside, s, "attack #1 target=#3")) == D20


def test_advantage_and_disadvantage_cancel_out() -> None:
    """A flanked goblin that dodges is attacked with a single d20."""
    game = arena(("fighter", "heroes", (3, 2)), ("rogue", "heroes", (5, 2)),
                 ("goblin", "monsters", (4, 2)))
    s = start(game, [5, 1, 20])              # goblin 22, fighter 6, rogue 4
    s = end_turn(game, act(game, s, "dodge #3"))
    assert chance_faces(act(game, s, "attack #1 target=#3")) == D20
