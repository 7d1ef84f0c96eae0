"""Flower War: victory. A side whose Warlord falls loses at once; otherwise after six rounds
the side with more slaughter points wins, and equal points are a draw. A Warlord turns
each casualty into a fatigue while he is not exhausted (Resilience)."""

from __future__ import annotations

from flower_war_helpers import (
    AZTECS,
    TLAXCALTECS,
    act,
    arena,
    named,
    orders,
    pass_turn,
    player,
    roll,
    start,
    unit,
)

ARCHERS, WARLORD = 1, 2
FAR = ("tlaxcaltec_warlord", "tlaxcaltecs", (44, 34))


def shoot_the_warlord(fatigue: int, hits: int):
    game = arena(("tlaxcaltec_warriors", "tlaxcaltecs", (10, 4)),
                 ("aztec_warlord", "aztecs", (14, 4), {"fatigue": fatigue}), FAR,
                 ("aztec_warriors", "aztecs", (2, 30)))
    s = pass_turn(game, start(game))
    s = orders(game, s, 0, 0, ["common activate_warriors"])
    s = act(game, s, f"shoot #{ARCHERS} target=#{WARLORD}")
    return game, roll(game, s, hits, 0)


def test_an_exhausted_warlord_falls_to_one_hit_and_his_side_loses_at_once() -> None:
    """The Tlaxcaltecs win in the first round."""
    _game, s = shoot_the_warlord(3, 1)
    assert not s.has_entity(WARLORD)
    assert s.decision is None and s.outcome is not None
    assert s.outcome.winners == (TLAXCALTECS,)
    assert s.outcome.reason == "aztecs lost their Warlord"


def test_resilience_turns_casualties_into_fatigue() -> None:
    """Two unsaved hits on a fresh Warlord: two fatigue, no figure lost, no points."""
    _game, s = shoot_the_warlord(0, 2)
    assert unit(s, WARLORD, "figures") == 1 and unit(s, WARLORD, "fatigue") == 2
    assert named(s, "resilience") == [{"unit": WARLORD, "count": 2, "fatigue": 2}]
    assert player(s, TLAXCALTECS, "slaughter") == 0 and s.decision is not None


def test_resilience_runs_out_at_exhaustion() -> None:
    """Three hits on a Warlord with one fatigue: two are shrugged off, the third kills."""
    _game, s = shoot_the_warlord(1, 3)
    assert not s.has_entity(WARLORD) and s.outcome.winners == (TLAXCALTECS,)
    assert player(s, TLAXCALTECS, "slaughter") == 6


def finish(game, s):
    while s.decision is not None:
        s = pass_turn(game, s)
    return s


def test_after_six_rounds_more_slaughter_points_win() -> None:
    """Two Aztec Warriors shot down in the first round: 4 points to 0 at the end."""
    game = arena(("tlaxcaltec_warriors", "tlaxcaltecs", (10, 4)),
                 ("aztec_warriors", "aztecs", (14, 4)), FAR,
                 ("aztec_warlord", "aztecs", (2, 30)))
    s = pass_turn(game, start(game))
    s = orders(game, s, 0, 0, ["common activate_warriors"])
    s = roll(game, act(game, s, "shoot #1 target=#2"), 2, 0)
    s = finish(game, act(game, s, "end_turn"))
    assert s.outcome.winners == (TLAXCALTECS,)
    assert s.outcome.scores == (0, 4)
    assert "round limit" in s.outcome.reason
    assert s.flow.round == 6


def test_equal_slaughter_points_are_a_draw() -> None:
    """Nobody scores: after six rounds the game is drawn."""
    game = arena(("tlaxcaltec_warriors", "tlaxcaltecs", (10, 4)),
                 ("aztec_warriors", "aztecs", (14, 4)), FAR,
                 ("aztec_warlord", "aztecs", (2, 30)))
    s = finish(game, start(game))
    assert s.outcome.winners == () and s.outcome.ranks == (1, 1)
    assert player(s, AZTECS, "slaughter") == player(s, TLAXCALTECS, "slaughter") == 0
