"""Skirmish: initiative. Each creature rolls a d20 and adds its dexterity once, before
the first round; creatures then act in that order every round, highest first."""

from __future__ import annotations

from skirmish_helpers import (
    HEROES,
    MONSTERS,
    act,
    acting,
    arena,
    chance_faces,
    end_turn,
    roll,
    scenario,
    start,
)


def test_setup_rolls_one_d20_per_creature_in_id_order() -> None:
    """Before the first decision, each creature's initiative is a plain d20, asked in id order."""
    game = scenario("duel")
    s = game.new_state(0, explicit_chance=True)
    assert chance_faces(s) == {face: 1 for face in range(1, 21)}
    s = roll(game, s, 11)
    assert s.entity(1)["initiative"] == 11 + 1, "the fighter's d20 comes first, plus dex 1"
    s = roll(game, s, 4)
    assert s.entity(2)["initiative"] == 4 + 2, "then the goblin's, plus dex 2"
    assert s.decision is not None and s.decision.kind == "action"


def test_the_highest_initiative_acts_first() -> None:
    """A goblin that rolls 12 (+2 = 14) acts before a fighter that rolls 10 (+1 = 11)."""
    game = scenario("duel")
    s = start(game, [10, 12])
    assert s.decision is not None and s.decision.player == MONSTERS and acting(s) == 2
    s = end_turn(game, s)
    assert s.decision is not None and s.decision.player == HEROES and acting(s) == 1


def test_dexterity_breaks_a_tie_and_then_the_lower_id() -> None:
    """At 14 each, the goblin's dexterity of 2 beats the fighter's 1; equal goblins go by id."""
    game = scenario("duel")
    s = start(game, [13, 12])
    assert s.entity(1)["initiative"] == s.entity(2)["initiative"] == 14
    assert acting(s) == 2
    twins = arena(("fighter", "heroes", (0, 0)), ("goblin", "monsters", (7, 4)),
                  ("goblin", "monsters", (7, 0)))
    s = start(twins, [1, 9, 9])
    assert acting(s) == 2
    s = end_turn(twins, s)
    assert acting(s) == 3
    s = end_turn(twins, s)
    assert acting(s) == 1


def test_the_order_holds_every_round_and_passes_over_the_fallen() -> None:
    """Round after round the same order comes back; a creature that dropped gets no turn."""
    game = arena(("fighter", "heroes", (3, 2)), ("goblin", "monsters", (4, 2)),
                 ("goblin", "monsters", (0, 0)))
    s = start(game, [10, 15, 2])            # goblin #2 (17), fighter #1 (11), goblin #3 (4)
    turns = []
    for _ in range(3):
        turns.append(acting(s))
        s = end_turn(game, s)
    assert turns == [2, 1, 3]
    assert s.flow.round == 2 and acting(s) == 2
    s = end_turn(game, s)
    assert acting(s) == 1
    s = act(game, s, "attack #1 target=#2")
    s = roll(game, s, 19, 11)              # 19 + 5 hits AC 15; 1d8 + 3 comes to 11
    assert not s.has_entity(2)
    s = end_turn(game, s)
    assert acting(s) == 3
    s = end_turn(game, s)
    assert s.flow.round == 3 and acting(s) == 1, "goblin #2 is gone: the fighter leads"
