"""Flower War: shooting. A unit with missiles rolls one die for every two figures (rounded
up) at an enemy in range (M) and sight; each die reaching the target's armour hits. The
target rolls a defence die per hit and saves on 5+; each hit not saved removes a figure
and scores the figure's slaughter points to the shooting side."""

from __future__ import annotations

from math import comb

from flower_war_helpers import (
    TLAXCALTECS,
    act,
    arena,
    chance_faces,
    named,
    orders,
    pass_turn,
    player,
    roll,
    start,
    unit,
)

WARLORDS = (("aztec_warlord", "aztecs", (2, 34)), ("tlaxcaltec_warlord", "tlaxcaltecs", (44, 34)))
ARCHERS, TARGET = 3, 4


def volley(target_params: dict[str, int] | None = None, archers: dict[str, int] | None = None):
    game = arena(*WARLORDS, ("tlaxcaltec_warriors", "tlaxcaltecs", (10, 4), archers or {}),
                 ("aztec_warriors", "aztecs", (14, 4), target_params or {}))
    s = pass_turn(game, start(game))
    s = orders(game, s, 0, 0, ["common activate_warriors"])
    return game, act(game, s, f"shoot #{ARCHERS} target=#{TARGET}")


def test_eight_archers_roll_four_dice_hitting_armour_four_on_4_plus() -> None:
    """The hits are binomial(4, 1/2); the saves binomial(hits, 1/3)."""
    game, s = volley()
    assert chance_faces(s) == {k: comb(4, k) * 3**k * 3 ** (4 - k) for k in range(5)}
    s = roll(game, s, 3)
    assert chance_faces(s) == {k: comb(3, k) * 2**k * 4 ** (3 - k) for k in range(4)}
    s = roll(game, s, 1)
    assert unit(s, TARGET, "figures") == 6
    assert player(s, TLAXCALTECS, "slaughter") == 4, "two Warriors at 2 points each"
    assert named(s, "volley_rolled") == [{"attacker": ARCHERS, "target": TARGET, "dice": 4,
                                          "hit_on": 4, "save_on": 5, "hits": 3}]
    assert named(s, "volley_result") == [{"target": TARGET, "hits": 3, "saves": 1,
                                          "save_on": 5, "lost": 2}]
    assert named(s, "casualties")[0]["lost"] == 2 and named(s, "casualties")[0]["left"] == 6


def test_fewer_figures_roll_fewer_dice() -> None:
    """Three archers left roll two dice."""
    _game, s = volley(archers={"figures": 3})
    assert max(chance_faces(s)) == 2


def test_every_hit_saved_removes_nothing() -> None:
    """Two hits, two saves: no casualty, no points."""
    game, s = volley()
    s = roll(game, s, 2, 2)
    assert unit(s, TARGET, "figures") == 8 and player(s, TLAXCALTECS, "slaughter") == 0
    assert named(s, "casualties") == []


def test_a_unit_losing_its_last_figures_is_wiped_out() -> None:
    """A unit of one figure hit and not saved leaves the field; points count the one figure."""
    game, s = volley(target_params={"figures": 1})
    s = roll(game, s, 4, 0)
    assert not s.has_entity(TARGET)
    assert player(s, TLAXCALTECS, "slaughter") == 2
    assert named(s, "died")[0]["entity"] == TARGET


def test_warriors_without_missiles_are_never_offered_a_shot() -> None:
    """Aztec Warriors fight hand to hand only."""
    game = arena(*WARLORDS, ("aztec_warriors", "aztecs", (10, 4)),
                 ("tlaxcaltec_warriors", "tlaxcaltecs", (14, 4)))
    s = orders(game, start(game), 0, 0, ["common activate_warriors"])
    assert not any(a.type == "shoot" for a in s.decision.actions)
    assert any(a.type == "charge" for a in s.decision.actions)
