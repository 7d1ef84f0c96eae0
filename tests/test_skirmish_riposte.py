"""Skirmish: Riposte. When a creature misses the fighter with a melee attack, the fighter
may spend its reaction and a superiority die to strike back at once, adding the die (a
d8) to the damage if it hits."""

from __future__ import annotations

from skirmish_helpers import act, arena, at, chance_faces, hp, named, options, roll, start
from stratagem.engine import Pos, dice
from stratagem.engine.runtime import EventFrame


def weights(d) -> dict[int, int]:
    return dict(zip(d.values, d.weights, strict=True))


def goblin_misses():
    game = arena(("fighter", "heroes", (3, 2)), ("goblin", "monsters", (4, 2)))
    s = start(game, [3, 15])
    return game, roll(game, act(game, s, "attack #2 target=#1"), 2)   # 2 + 4 misses AC 17


def test_a_missed_blow_offers_a_riposte_that_adds_a_d8() -> None:
    """The riposte hits (12 + 5 against AC 15) for 1d8 + 3 plus the superiority d8."""
    game, s = goblin_misses()
    assert s.decision.player == 0 and options(s) == ["riposte #1", "pass"]
    s = act(game, s, "riposte #1")
    assert s.entity(1)["superiority"] == 2
    s = roll(game, s, 12)
    assert chance_faces(s) == weights(dice(2, 8).shifted(3))
    s = roll(game, s, 8)
    assert not s.has_entity(2), "8 damage drops a goblin with 7 HP"
    strikes = [(h["attacker"], h["target"]) for h in named(s, "attack_hits")]
    assert strikes == [(1, 2)]


def test_a_critical_riposte_doubles_the_superiority_die_too() -> None:
    """On a natural 20 the riposte rolls 2d8 for the sword and 2d8 for the superiority die."""
    game, s = goblin_misses()
    s = roll(game, act(game, s, "riposte #1"), 20)
    assert chance_faces(s) == weights(dice(4, 8).shifted(3))


def test_declining_the_riposte_keeps_the_die_and_play_goes_on() -> None:
    game, s = goblin_misses()
    s = act(game, s, "pass")
    assert s.decision.kind == "action" and s.decision.actor == 2
    assert s.entity(1)["superiority"] == 3 and hp(s, 2) == 7


def test_no_riposte_after_a_missed_arrow() -> None:
    """An arrow shot from the next square that misses is not a melee attack: no riposte."""
    game = arena(("fighter", "heroes", (3, 2)), ("goblin_archer", "monsters", (4, 2)))
    s = start(game, [1, 20])
    s = roll(game, act(game, s, "shoot #2 target=#1"), 3)
    assert s.decision.kind == "action" and s.decision.actor == 2


def test_a_riposte_answers_a_missed_opportunity_attack_and_then_the_move_happens() -> None:
    """Move → opportunity attack misses → riposte drops the goblin → the move goes ahead."""
    game = arena(("fighter", "heroes", (3, 2)), ("goblin", "monsters", (4, 2)))
    s = start(game, [15, 3])
    s = act(game, act(game, s, "move #1 to=(2,2)"), "opportunity_attack #2")
    s = roll(game, s, 5)                                  # 5 + 4 misses
    assert options(s) == ["riposte #1", "pass"]
    assert [(f.name, f.stage) for f in s.stack if type(f) is EventFrame] == [
        ("moved", "pending"), ("attacked", "done")]
    s = roll(game, act(game, s, "riposte #1"), 19, 9)
    assert not s.has_entity(2) and at(s, 1) == Pos(2, 2)
    assert s.outcome is not None and s.outcome.winners == (0,)
