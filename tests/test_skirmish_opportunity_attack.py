"""Skirmish: opportunity attacks. When an enemy leaves a creature's reach without having
disengaged, the creature may use its reaction to strike it; the move waits for the
blow, and never happens if the mover drops. Moving about within the reach provokes
nothing; a move of several squares from within the reach leaves it on the way."""

from __future__ import annotations

from skirmish_helpers import act, arena, at, hp, named, options, roll, start
from stratagem.engine import Pos
from stratagem.engine.runtime import EventFrame


def pending(state) -> list[str]:
    """The events waiting on the resolution stack, outermost first."""
    return [f"{f.name} {f.stage}" for f in state.stack if type(f) is EventFrame]


def duel(fighter_hp: int = 16):
    game = arena(("fighter", "heroes", (3, 2), {"hp": fighter_hp}), ("goblin", "monsters", (4, 2)))
    return game, start(game, [15, 3])


def test_leaving_reach_offers_the_enemy_a_strike_and_the_move_waits() -> None:
    """The fighter steps away: the goblin is asked, and the fighter has not moved yet."""
    game, s = duel()
    s = act(game, s, "move #1 to=(2,2)")
    assert s.decision.kind == "reaction" and s.decision.player == 1
    assert options(s) == ["opportunity_attack #2", "pass"]
    assert at(s, 1) == Pos(3, 2) and pending(s) == ["moved pending"]
    passed = act(game, s, "pass")
    assert at(passed, 1) == Pos(2, 2) and passed.decision.actor == 1


def test_the_strike_lands_before_the_move() -> None:
    """A hit of 5 (parry declined) wounds the fighter at (3,2); then the move goes ahead."""
    game, s = duel()
    s = act(game, act(game, s, "move #1 to=(2,2)"), "opportunity_attack #2")
    s = roll(game, s, 15, 5)                   # 15 + 4 hits AC 17; 1d6 + 2 = 5
    assert pending(s) == ["moved pending", "attacked pending"]
    s = act(game, s, "pass")                   # no parry
    assert hp(s, 1) == 11 and at(s, 1) == Pos(2, 2)
    assert s.decision.kind == "action" and s.decision.actor == 1


def test_a_mover_that_drops_never_moves() -> None:
    """A 6-damage strike on a fighter with 5 HP: it drops where it stood, and its side loses."""
    game, s = duel(fighter_hp=5)
    s = act(game, act(game, s, "move #1 to=(2,2)"), "opportunity_attack #2")
    s = act(game, roll(game, s, 15, 6), "pass")
    assert not s.has_entity(1)
    assert [e for e in named(s, "moved_cancelled")] == [{"mover": 1, "from": Pos(3, 2),
                                                         "to": Pos(2, 2)}]
    assert s.outcome is not None and s.outcome.winners == (1,)


def test_moving_within_reach_provokes_nothing() -> None:
    """From (3,2) to (3,1) the fighter stays next to the goblin: no reaction is asked."""
    game, s = duel()
    s = act(game, s, "move #1 to=(3,1)")
    assert s.decision.kind == "action" and at(s, 1) == Pos(3, 1)


def test_a_move_that_leaves_the_reach_and_comes_back_provokes() -> None:
    """(3,2) to (5,3) ends next to the goblin again, but the way around leaves its reach."""
    game, s = duel()
    s = act(game, s, "move #1 to=(5,3)")
    assert options(s) == ["opportunity_attack #2", "pass"]
    s = act(game, s, "pass")
    assert at(s, 1) == Pos(5, 3) and s.entity(1)["movement"] == 6 - 4


def test_a_disengaged_creature_provokes_nothing() -> None:
    """After the Disengage action the fighter walks away from the goblin unchallenged."""
    game, s = duel()
    s = act(game, act(game, s, "disengage #1"), "move #1 to=(0,0)")
    assert s.decision.kind == "action" and at(s, 1) == Pos(0, 0)
    s = act(game, s, "end_turn #1")
    assert not s.entity(1).has_status("disengaged"), "it lasts until the end of the turn"


def test_only_enemies_strike_and_each_may_strike() -> None:
    """Leaving two goblins asks each of them in turn; an ally left behind is never asked."""
    game = arena(("fighter", "heroes", (3, 2)), ("rogue", "heroes", (3, 3)),
                 ("goblin", "monsters", (4, 2)), ("goblin", "monsters", (4, 1)))
    s = start(game, [20, 1, 1, 1])
    s = act(game, s, "move #1 to=(0,1)")
    assert options(s) == ["opportunity_attack #3", "pass"]
    s = act(game, s, "pass")
    assert options(s) == ["opportunity_attack #4", "pass"]
    s = act(game, s, "pass")
    assert s.decision.kind == "action" and at(s, 1) == Pos(0, 1)


def test_the_archer_strikes_with_its_dagger() -> None:
    """An opportunity attack is a melee blow: the goblin archer's dagger deals 1d4 + 2."""
    game = arena(("fighter", "heroes", (3, 2)), ("goblin_archer", "monsters", (4, 2)))
    s = start(game, [20, 1])
    s = act(game, act(game, s, "move #1 to=(2,2)"), "opportunity_attack #2")
    s = roll(game, s, 18)
    assert {a.targets[0][1] for a in s.decision.actions} == set(range(3, 7))
