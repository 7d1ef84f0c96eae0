"""Flower War: Harassing Fire, a Tlaxcaltec reaction in the Aztec turn. When an Aztec unit
ends a move within range and sight of a Tlaxcaltec bow unit that is not exhausted, and
the Harassing Fire box is ready, that bow unit may shoot at it with half its dice
(rounded up), emptying the box; no activation, die or fatigue is spent."""

from __future__ import annotations

from flower_war_helpers import (
    TLAXCALTECS,
    act,
    arena,
    box,
    chance_faces,
    named,
    options,
    orders,
    pass_turn,
    roll,
    start,
    unit,
)

WARLORDS = (("aztec_warlord", "aztecs", (2, 34)), ("tlaxcaltec_warlord", "tlaxcaltecs", (44, 34)))
RAIDERS, ARCHERS, BOWMEN = 3, 4, 5


def aztec_turn_two(archers: dict[str, int] | None = None, ready: bool = True):
    """The Tlaxcaltecs readied Harassing Fire (or not); the Aztecs may now move #3."""
    game = arena(*WARLORDS, ("aztec_warriors", "aztecs", (10, 4)),
                 ("tlaxcaltec_warriors", "tlaxcaltecs", (20, 4), archers or {}),
                 ("tlaxcaltec_levy", "tlaxcaltecs", (20, 20)))
    s = pass_turn(game, start(game))
    s = orders(game, s, 0, 0, ["common harassing_fire"] if ready else [])
    s = act(game, s, "end_turn")
    return game, orders(game, s, 0, 0, ["common activate_warriors"] * 3)


def test_a_move_into_range_draws_half_a_volley() -> None:
    """The Warriors end at (16,4), four inches from the archers: four dice halved to two."""
    game, s = aztec_turn_two()
    s = act(game, s, f"move #{RAIDERS} to=(16,4)")
    assert s.decision.kind == "reaction" and s.decision.player == TLAXCALTECS
    assert options(s) == [f"harassing_fire #{ARCHERS}", "pass"]
    s = act(game, s, f"harassing_fire #{ARCHERS}")
    assert box(s, TLAXCALTECS, "harassing_fire")["dice"] == 0
    assert max(chance_faces(s)) == 2
    s = roll(game, s, 2, 0)
    assert unit(s, RAIDERS, "figures") == 6
    assert named(s, "ability_used")[0] == {"side": "tlaxcaltecs", "ability": "harassing_fire",
                                           "effect": "a volley with half the dice"}
    assert unit(s, ARCHERS, "acts") == 0 and unit(s, ARCHERS, "fatigue") == 0
    assert s.entity(RAIDERS).pos == (16, 4), "the move stands"


def test_declining_keeps_the_die_for_a_later_move() -> None:
    """Passing on the first move, the Tlaxcaltecs may fire at the second."""
    game, s = aztec_turn_two()
    s = act(game, act(game, s, f"move #{RAIDERS} to=(16,4)"), "pass")
    assert box(s, TLAXCALTECS, "harassing_fire")["dice"] == 1
    s = act(game, s, f"move #{RAIDERS} to=(16,6)")
    assert options(s) == [f"harassing_fire #{ARCHERS}", "pass"]


def test_no_harassing_fire_out_of_range_unready_or_exhausted() -> None:
    """A move ending seven inches away, an empty box or exhausted archers draw nothing."""
    game, s = aztec_turn_two()
    s = act(game, s, f"move #{RAIDERS} to=(12,4)")
    assert s.decision.kind == "action" and s.decision.player == 0
    game, s = aztec_turn_two(ready=False)
    s = act(game, s, f"move #{RAIDERS} to=(16,4)")
    assert s.decision.kind == "action"
    game, s = aztec_turn_two(archers={"fatigue": 3})
    s = act(game, s, f"move #{RAIDERS} to=(16,4)")
    assert s.decision.kind == "action"


def test_each_bow_unit_in_range_is_asked_in_turn() -> None:
    """With both bow units in range, the Levy are asked after the Warriors pass."""
    game = arena(*WARLORDS, ("aztec_warriors", "aztecs", (10, 12)),
                 ("tlaxcaltec_warriors", "tlaxcaltecs", (20, 10)),
                 ("tlaxcaltec_levy", "tlaxcaltecs", (20, 14)))
    s = pass_turn(game, start(game))
    s = act(game, orders(game, s, 0, 0, ["common harassing_fire"]), "end_turn")
    s = orders(game, s, 0, 0, ["common activate_warriors"])
    s = act(game, s, f"move #{RAIDERS} to=(16,12)")
    assert options(s) == [f"harassing_fire #{ARCHERS}", "pass"]
    s = act(game, s, "pass")
    assert options(s) == [f"harassing_fire #{BOWMEN}", "pass"]
    s = act(game, s, f"harassing_fire #{BOWMEN}")
    assert max(chance_faces(s)) == 3, "twelve Levy: six dice halved"


def test_not_in_the_tlaxcaltec_turn() -> None:
    """A Tlaxcaltec move in their own turn draws no Aztec reaction, and their own Harassing
    Fire never answers their own moves."""
    game = arena(*WARLORDS, ("aztec_warriors", "aztecs", (10, 4)),
                 ("tlaxcaltec_warriors", "tlaxcaltecs", (20, 4)))
    s = pass_turn(game, start(game))
    s = orders(game, s, 0, 0, ["common harassing_fire", "common activate_warriors"])
    s = act(game, s, f"move #{ARCHERS} to=(16,4)")
    assert s.decision.kind == "action" and s.decision.player == TLAXCALTECS
