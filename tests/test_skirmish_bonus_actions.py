"""Skirmish: bonus actions. A creature whose features grant one may take one bonus action
a turn besides its action: the fighter's Second Wind (once a game, 1d10 + 2 HP), the
rogue's Cunning Action (Dash or Disengage), the goblins' Nimble Escape (Disengage) and
the orc's Aggressive charge (up to its speed toward an enemy, on top of its movement)."""

from __future__ import annotations

from skirmish_helpers import act, arena, at, end_turn, hp, named, options, roll, start
from stratagem.engine import Pos


def bonus(state) -> list[str]:
    kinds = {"second_wind", "cunning_dash", "cunning_disengage", "nimble_escape", "aggressive"}
    return sorted({a.type for a in state.decision.actions} & kinds)


def test_second_wind_heals_a_d10_plus_2_once_a_game() -> None:
    """A fighter down to 5 HP rolls 4 and recovers 6; it may still attack, but has no second
    wind left for later turns."""
    game = arena(("fighter", "heroes", (3, 2), {"hp": 5}), ("goblin", "monsters", (4, 2)))
    s = start(game, [15, 3])
    assert bonus(s) == ["second_wind"]
    s = roll(game, act(game, s, "second_wind #1"), 4)
    assert hp(s, 1) == 11
    assert named(s, "recovered") == [{"creature": 1, "roll": 4, "gain": 6, "hp": 11}]
    assert bonus(s) == [] and "attack #1 target=#2" in options(s)
    s = end_turn(game, end_turn(game, s))
    assert s.decision.actor == 1 and bonus(s) == []


def test_second_wind_stops_at_full_health_and_needs_a_wound() -> None:
    """At 15 of 16 HP a roll of 9 restores just 1; an unhurt fighter is not offered it."""
    game = arena(("fighter", "heroes", (3, 2), {"hp": 15}), ("goblin", "monsters", (7, 2)))
    s = roll(game, act(game, start(game, [15, 3]), "second_wind #1"), 9)
    assert hp(s, 1) == 16 and named(s, "recovered")[0]["gain"] == 1
    fresh = arena(("fighter", "heroes", (3, 2)), ("goblin", "monsters", (7, 2)))
    assert bonus(start(fresh, [15, 3])) == []


def test_cunning_dash_doubles_the_movement_and_keeps_the_action() -> None:
    """The rogue dashes as a bonus action (12 squares) and may still attack or Dash again."""
    game = arena(("rogue", "heroes", (0, 0)), ("goblin", "monsters", (7, 4)))
    s = start(game, [15, 3])
    assert bonus(s) == ["cunning_dash", "cunning_disengage"]
    s = act(game, s, "cunning_dash #1")
    assert s.entity(1)["movement"] == 12 and bonus(s) == []
    assert "dash #1" in options(s)


def test_cunning_disengage_slips_away_without_an_opportunity_attack() -> None:
    game = arena(("rogue", "heroes", (3, 2)), ("goblin", "monsters", (4, 2)))
    s = start(game, [15, 3])
    s = act(game, act(game, s, "cunning_disengage #1"), "move #1 to=(0,0)")
    assert s.decision.kind == "action" and at(s, 1) == Pos(0, 0)
    assert "shoot #1 target=#2" in options(s), "the action is still there"


def test_nimble_escape_lets_a_goblin_strike_and_withdraw() -> None:
    """The goblin disengages as a bonus action, attacks, then walks off unchallenged."""
    game = arena(("fighter", "heroes", (3, 2)), ("goblin", "monsters", (4, 2)))
    s = start(game, [3, 15])
    assert bonus(s) == ["nimble_escape"]
    s = act(game, s, "nimble_escape #2")
    assert bonus(s) == []
    s = roll(game, act(game, s, "attack #2 target=#1"), 16, 3)
    s = act(game, s, "pass")                                 # no parry
    s = act(game, s, "move #2 to=(7,2)")
    assert s.decision.kind == "action" and at(s, 2) == Pos(7, 2)
    s = end_turn(game, end_turn(game, s))
    assert s.decision.actor == 2 and bonus(s) == ["nimble_escape"], "one a turn, every turn"


def test_the_orc_charges_toward_an_enemy_on_top_of_its_movement() -> None:
    """Aggressive moves the orc up to 6 squares, each destination nearer the fighter than it
    stands, without spending its movement."""
    game = arena(("orc", "monsters", (0, 2)), ("fighter", "heroes", (7, 2)))
    s = start(game, [20, 1])
    charges = {a.targets[0][1] for a in s.decision.actions if a.type == "aggressive"}
    assert charges and all(max(abs(7 - p.x), abs(2 - p.y)) < 7 for p in charges)
    assert Pos(0, 0) not in charges and Pos(6, 2) in charges
    s = act(game, s, "aggressive #1 to=(5,2)")
    assert at(s, 1) == Pos(5, 2) and s.entity(1)["movement"] == 6
    s = act(game, s, "move #1 to=(6,2)")
    assert "attack #1 target=#2" in options(s) and bonus(s) == []
