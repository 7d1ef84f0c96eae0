"""Elemental Duel: the death swap, which interrupts play until the owner of a fallen
active character picks the next one."""

from __future__ import annotations

from elemental_helpers import BLUE, RED, act, active, duel, hp, named, options, start
from stratagem.engine import ActionBuilder


def test_a_fallen_active_character_makes_its_owner_choose_before_anything_else() -> None:
    """Red's skill fells blue's active archer: the state now waits for blue, and only for
    the choice of a new active character among those standing."""
    game = duel(blue=(("frost_archer", {"hp": 3}), "spark_mage", "flame_warden"))
    s = act(game, start(game), "skill #1 pay1=omni pay2=omni pay3=omni")
    assert 4 not in s.entities
    assert named(s, "died") and named(s, "died")[0]["entity"] == 4
    d = s.decision
    assert d is not None and d.kind == "action" and d.player == BLUE
    assert d.prompt == "choose the next active character"
    assert options(s) == ["choose next=#5", "choose next=#6"]
    assert ActionBuilder(s).choices() == ("choose",)
    s = act(game, s, "choose next=#6")
    assert active(s, BLUE) == 6
    assert named(s, "death_swap") == [{"to": 6}]
    # The swap was an interruption: red's skill was a combat action, so blue acts next.
    assert s.decision is not None and s.decision.player == BLUE
    assert options(s, "attack")[0].startswith("attack #6")


def test_the_swap_comes_before_the_rest_of_the_action_resolves() -> None:
    """Conduct fells the active target and pierces the standby ones: blue chooses its new
    active character first, then the piercing damage lands on the standby characters."""
    game = duel(red=("storm_blade", "tide_caller", "ember_knight"),
                blue=(("frost_archer", {"hp": 2, "aura": 2}), "spark_mage", "flame_warden"))
    s = act(game, start(game), "skill #1 pay1=omni pay2=omni pay3=omni")
    assert s.decision is not None and s.decision.player == BLUE
    assert hp(s, 5) == 10 and hp(s, 6) == 10      # not pierced yet
    s = act(game, s, "choose next=#5")
    assert hp(s, 5) == 9 and hp(s, 6) == 9        # the piercing came after the choice
    assert active(s, BLUE) == 5


def test_with_one_character_left_the_swap_needs_no_choice() -> None:
    """A single survivor steps in at once."""
    game = duel(blue=(("frost_archer", {"hp": 3}), "spark_mage"))
    s = act(game, start(game), "skill #1 pay1=omni pay2=omni pay3=omni")
    assert active(s, BLUE) == 5
    assert s.decision is not None and s.decision.player == BLUE and s.decision.prompt != \
        "choose the next active character"


def test_the_last_character_falling_ends_the_game() -> None:
    """When a side has no character left it loses at once; no swap is asked."""
    game = duel(blue=(("frost_archer", {"hp": 3}),))
    s = act(game, start(game), "skill #1 pay1=omni pay2=omni pay3=omni")
    assert s.decision is None and s.outcome is not None
    assert s.outcome.winners == (RED,)
    assert s.outcome.reason == "every character of blue is defeated"


def test_a_standby_character_falling_asks_no_one() -> None:
    """Piercing damage that fells a standby character leaves the active one in front."""
    game = duel(red=("storm_blade", "tide_caller", "ember_knight"),
                blue=(("frost_archer", {"aura": 2}), ("spark_mage", {"hp": 1}), "flame_warden"))
    s = act(game, start(game), "skill #1 pay1=omni pay2=omni pay3=omni")
    assert 5 not in s.entities and active(s, BLUE) == 4
    assert s.decision is not None and s.decision.prompt != "choose the next active character"
