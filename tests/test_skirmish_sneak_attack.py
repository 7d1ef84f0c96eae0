"""Skirmish: Sneak Attack. Once a turn, when the rogue hits with advantage, or hits a
creature that another of the rogue's side stands next to and has no disadvantage, it
adds 2d6 to the damage (4d6 on a critical hit)."""

from __future__ import annotations

from skirmish_helpers import act, arena, chance_faces, end_turn, named, roll, start
from stratagem.engine import dice


def weights(d) -> dict[int, int]:
    return dict(zip(d.values, d.weights, strict=True))


PLAIN = weights(dice(1, 6).shifted(3))
SNEAK = weights(dice(3, 6).shifted(3))


def rogue_attacks(fighter_at=(4, 1), face: int = 12, **rogue: int):
    """The rogue (acting first) hits the goblin next to it; the damage faces are pending."""
    game = arena(("rogue", "heroes", (3, 2), rogue), ("goblin", "monsters", (4, 2)),
                 ("fighter", "heroes", fighter_at))
    s = start(game, [20, 1, 1])
    return game, roll(game, act(game, s, "attack #1 target=#2"), face)


def test_an_ally_next_to_the_target_adds_2d6() -> None:
    """With the fighter beside the goblin the hit deals 1d6 + 3 + 2d6, and says so."""
    game, s = rogue_attacks()
    assert chance_faces(s) == SNEAK
    s = roll(game, s, 7)
    assert named(s, "attack_hits")[0]["notes"] == " with sneak attack"
    assert s.entity(1)["sneak_turn"] == s.flow.turn


def test_no_sneak_attack_alone_or_at_a_disadvantage() -> None:
    """Alone against the goblin, or against a dodging goblin with the fighter beside it, the
    rogue deals its plain 1d6 + 3."""
    _, alone = rogue_attacks(fighter_at=(0, 0))
    assert chance_faces(alone) == PLAIN
    game = arena(("rogue", "heroes", (3, 2)), ("goblin", "monsters", (4, 2)),
                 ("fighter", "heroes", (4, 1)))
    s = start(game, [1, 20, 1])
    s = end_turn(game, act(game, s, "dodge #2"))
    s = roll(game, act(game, s, "attack #1 target=#2"), 19)
    assert chance_faces(s) == PLAIN


def test_a_critical_sneak_attack_doubles_every_die() -> None:
    _, s = rogue_attacks(face=20)
    assert chance_faces(s) == weights(dice(6, 6).shifted(3))


def test_an_arrow_can_sneak_attack_too() -> None:
    """From afar, the rogue's bow hits the goblin the fighter stands next to: 1d6 + 3 + 2d6."""
    game = arena(("rogue", "heroes", (0, 2)), ("goblin", "monsters", (4, 2)),
                 ("fighter", "heroes", (5, 2)))
    s = start(game, [20, 1, 1])
    s = roll(game, act(game, s, "shoot #1 target=#2"), 12)
    assert chance_faces(s) == SNEAK


def test_once_a_turn_but_on_every_turn() -> None:
    """Already used this turn, it adds nothing; on the goblin's turn, the rogue's opportunity
    attack may sneak attack again."""
    _, used = rogue_attacks(sneak_turn=1)
    assert used.flow.turn == 1 and chance_faces(used) == PLAIN
    game, s = rogue_attacks()
    s = end_turn(game, roll(game, s, 6))                   # the goblin is left with 1 HP
    s = act(game, s, "move #2 to=(5,4)")                   # the goblin's turn: it backs off
    s = roll(game, act(game, s, "opportunity_attack #1"), 15)
    assert chance_faces(s) == SNEAK
