"""Elemental Duel: rolling, re-rolling, paying costs with dice the payer picks, tuning a die."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

import pytest

from elemental_helpers import (
    BLUE,
    FACES,
    RED,
    act,
    dice,
    duel,
    hand,
    options,
    roll,
    start,
)
from elemental_helpers import options as opts
from stratagem.engine import ActionBuilder, IllegalActionError, parse_action

POOL = ("pyro", "pyro", "omni", "cryo", "cryo", "cryo", "hydro", "electro")


def payments(pool: tuple[str, ...], n: int, ok: object) -> set[tuple[str, ...]]:
    """Every set of ``n`` dice (as sorted faces) the pool can pay that ``ok`` accepts."""
    have = Counter(pool)
    out = set()
    for combo in combinations_with_replacement(FACES, n):
        if all(Counter(combo)[f] <= have[f] for f in combo) and ok(combo):  # type: ignore[operator]
            out.add(combo)
    return out


def offered(state: object, kind: str) -> set[tuple[str, ...]]:
    out = set()
    for text in opts(state, kind):  # type: ignore[arg-type]
        pays = dict(w.split("=") for w in text.split()[1:] if w.startswith("pay"))
        out.add(tuple(pays[k] for k in sorted(pays)))
    return out


def test_an_attack_offers_every_set_of_three_dice_with_one_of_the_attackers_element() -> None:
    """The attack costs one die of the attacker's element (or omni) and two of any: every
    such set of the pool is offered exactly once, whatever order the dice are named in."""
    s = start(duel(red_dice=POOL))
    want = payments(POOL, 3, lambda c: "pyro" in c or "omni" in c)
    assert offered(s, "attack") == want
    assert len(options(s, "attack")) == len(want)


def test_a_skill_takes_only_dice_of_the_casters_element_or_omni() -> None:
    """Three matching dice: two pyro and one omni in this pool, so one way to pay."""
    s = start(duel(red_dice=POOL))
    assert options(s, "skill") == ["skill #1 pay1=omni pay2=pyro pay3=pyro"]


def test_a_skill_without_enough_matching_dice_is_not_offered() -> None:
    """With one pyro die and no omni, the pyro skill cannot be paid."""
    s = start(duel(red_dice=("pyro", "cryo", "cryo", "cryo", "hydro", "hydro", "electro", "electro")))
    assert options(s, "skill") == []
    assert options(s, "attack")  # an attack still can: one pyro and two of any


def test_paying_spends_exactly_the_dice_named() -> None:
    """The payer picks which dice go: paying with the omni keeps a pyro, and the reverse."""
    game = duel(red_dice=("pyro", "pyro", "omni", "omni", "cryo", "cryo", "cryo", "cryo"))
    s = start(game)
    with_omni = act(game, s, "attack #1 pay1=cryo pay2=cryo pay3=omni")
    assert dice(with_omni, RED) == ["cryo", "cryo", "omni", "pyro", "pyro"]
    with_pyro = act(game, s, "attack #1 pay1=cryo pay2=cryo pay3=pyro")
    assert dice(with_pyro, RED) == ["cryo", "cryo", "omni", "omni", "pyro"]


def test_a_payment_of_the_wrong_element_is_refused_with_the_rule_it_breaks() -> None:
    """Paying a pyro skill with cryo dice fails, names the condition, and leaves the state."""
    game = duel(red_dice=("pyro", "pyro", "omni", "cryo", "cryo", "cryo", "cryo", "cryo"))
    s = start(game)
    bad = parse_action("skill #1 pay1=cryo pay2=cryo pay3=cryo")
    assert not game.is_legal(s, bad)
    with pytest.raises(IllegalActionError, match="the die matches the character's element"):
        game.apply(s, bad)
    too_many = parse_action("skill #1 pay1=omni pay2=omni pay3=pyro")
    with pytest.raises(IllegalActionError, match="the pool holds those dice"):
        game.apply(s, too_many)


def test_food_of_one_element_takes_two_dice_that_match_each_other() -> None:
    """A Hearty Stew costs two dice of one element: a pair, or omni with anything."""
    pool = ("pyro", "pyro", "omni", "cryo", "hydro", "electro", "electro", "electro")
    s = start(duel(red_dice=pool, red_hand=["hearty_stew"]))
    want = payments(pool, 2, lambda c: c[0] == c[1] or "omni" in c)
    got = {(a.split()[2], a.split()[3]) for a in options(s, "play_hearty_stew")
           if "to=#1" in a}
    assert {(p1.split("=")[1], p2.split("=")[1]) for p1, p2 in got} == want


def test_the_builder_offers_the_payment_one_die_at_a_time() -> None:
    """Built step by step, an attack asks for its type, actor, then each die in turn."""
    game = duel(red_dice=("pyro", "omni", "cryo", "cryo", "hydro", "hydro", "hydro", "hydro"))
    s = start(game)
    b = ActionBuilder(s).choose("attack")
    assert b.step == "actor" and b.choices() == (1,)
    b = b.choose(1)
    # Faces are named in alphabetical order, so the first die is the lowest face paid:
    # starting with omni or pyro would leave too few dice at or above it.
    assert b.step == "pay1" and set(b.choices()) == {"cryo", "hydro"}
    b = b.choose("hydro")
    assert b.step == "pay2" and set(b.choices()) == {"hydro", "omni"}
    b = b.choose("hydro")
    # Two hydro dice chosen: the last must match the knight's pyro (or be omni).
    assert b.step == "pay3" and set(b.choices()) == {"omni", "pyro"}
    built = b.choose("pyro").build()
    assert str(built) == "attack #1 pay1=hydro pay2=hydro pay3=pyro"
    assert game.is_legal(s, built)


def test_switching_costs_one_die_of_any_element() -> None:
    """A switch is offered to each standby character with each face the pool holds."""
    s = start(duel(red_dice=("pyro", "omni", "omni", "omni", "omni", "omni", "omni", "omni")))
    assert options(s, "switch") == ["switch to=#2 pay1=omni", "switch to=#2 pay1=pyro",
                                    "switch to=#3 pay1=omni", "switch to=#3 pay1=pyro"]


def test_tuning_discards_a_card_to_turn_a_die_into_the_active_element() -> None:
    """Tuning puts a card from the hand on the discard pile and turns one die of another
    element into the active character's; dice of its own element and omni are not offered."""
    game = duel(red_dice=("pyro", "omni", "cryo", "cryo", "hydro", "hydro", "hydro", "hydro"),
                red_hand=["berry_tart", "stone_ward"])
    s = start(game)
    assert options(s, "tune") == [
        f"tune card={c} face={f}" for c in ("berry_tart", "stone_ward") for f in ("cryo", "hydro")]
    s = act(game, s, "tune card=stone_ward face=cryo")
    assert dice(s, RED) == ["cryo", "hydro", "hydro", "hydro", "hydro", "omni", "pyro", "pyro"]
    assert hand(s, RED) == ["berry_tart"]
    assert [s.entity(c).type for c in s.zone(RED, "discard")] == ["stone_ward"]
    assert s.decision is not None and s.decision.player == RED  # tuning is fast


def test_dice_are_rolled_up_to_eight_and_a_reroll_replaces_the_dice_set_aside() -> None:
    """Each round tops every pool up to eight dice (d5: pyro, hydro, cryo, electro, omni);
    in the roll phase a player sets dice aside and re-rolls them once."""
    game = duel(red_dice=("pyro",) * 6, blue_dice=("cryo",) * 8)
    s = game.new_state(0, explicit_chance=True)
    d = s.decision
    assert d is not None and d.kind == "chance" and d.weights == (1, 1, 1, 1, 1)
    s = roll(game, s, 5, 2)  # red's two missing dice: omni, hydro
    assert dice(s, RED) == ["hydro", "omni"] + ["pyro"] * 6
    assert options(s) == ["mark_die face=hydro", "mark_die face=omni", "mark_die face=pyro",
                          "reroll"]
    s = act(game, s, "mark_die face=pyro")
    s = act(game, s, "mark_die face=pyro")
    assert options(s, "mark_die") == ["mark_die face=hydro", "mark_die face=omni",
                                      "mark_die face=pyro"]
    s = act(game, s, "reroll")
    s = roll(game, s, 3, 4)  # the two pyro dice come back cryo and electro
    assert dice(s, RED) == ["cryo", "electro", "hydro", "omni"] + ["pyro"] * 4
    assert s.decision is not None and s.decision.player == BLUE  # then blue re-rolls
