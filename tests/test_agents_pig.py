"""Expectimax plays pig like the hold-at-20 rule, and the value function reads pig's scores on
the game's own scale.

The hold-at-20 rule: one more throw gains 4 points on average five times in six (a 2 to 6)
and loses the turn total ``t`` one time in six (a 1), so it pays while ``5 * 4 > t``, that is
below a turn total of 20. Expectimax at depth 2 compares exactly "stop now" with "throw once
more, then stop", valuing each end by the default value function; when that function is close
to straight in the score lead the switch falls at 20. Deeper searches see into the opponent's
turn and cut it off at the horizon, where the opponent's unbanked turn total counts for
nothing (no value function built from a game's declarations can know that a parameter named
``turn_total`` is at risk), so they lean towards throwing for longer: depth 2 is the setting
that shows the rule.
"""

from __future__ import annotations

import pytest

import stratagem
from stratagem.agents import MaterialValue, make_agent
from stratagem.engine import Action, Game, State

THROW, STOP = Action("throw"), Action("stop")

SCORES = (0, 15, 30, 45)
"""Banked scores of each player on the grid: far enough from 100 that a throw cannot win."""
TOTALS = tuple(range(0, 34, 2))
"""Turn totals on the grid (a single throw never leaves a total of 1)."""
BAND = (16, 26)
"""Where the switch from throwing to stopping must fall, for every pair of scores: around 20,
earlier for a player well ahead (who has less to gain) and later for one well behind."""


def _throws(points: int) -> list[int]:
    """Die faces (2 to 6) that add up to ``points``."""
    faces: list[int] = []
    while points:
        face = min(6, points) if points - min(6, points) != 1 else 4
        faces.append(face)
        points -= face
    return faces


def pig_state(game: Game, mine: int, theirs: int, total: int) -> State:
    """First to decide with ``mine`` banked, the opponent ``theirs``, and ``total`` this turn.

    Built by playing throws with the recorded faces (``apply(..., rolls=...)``), so the state
    is one the game really reaches.
    """
    state = game.new_state(0)
    for banked in (mine, theirs):
        for face in _throws(banked):
            state = game.apply(state, THROW, rolls=[face])
        state = game.apply(state, STOP)
    for face in _throws(total):
        state = game.apply(state, THROW, rolls=[face])
    first, second = state.players
    assert (first.params["score"], first.params["turn_total"], second.params["score"]) == (
        mine, total, theirs)
    return state


def switch_point(game: Game, mine: int, theirs: int) -> int:
    """The smallest grid turn total at which expectimax stops; it must throw below it and stop
    at and above it (one switch, no flicker)."""
    picks = []
    for total in TOTALS:
        if mine + total > 75:
            break
        state = pig_state(game, mine, theirs, total)
        assert state.decision is not None
        agent = make_agent("expectimax:depth=2", game, seed=total)
        picks.append((total, agent.choose(state, state.decision).action))
    stops = [t for t, a in picks if a == STOP]
    assert stops, (mine, theirs, picks)
    switch = stops[0]
    assert all((a == STOP) == (t >= switch) for t, a in picks), (mine, theirs, picks)
    return switch


@pytest.fixture(scope="module")
def pig() -> Game:
    return stratagem.load("pig")


def test_expectimax_throws_at_low_turn_totals_and_stops_at_high_ones(pig: Game) -> None:
    """Over every pair of banked scores on the grid, expectimax (depth 2, default value
    function) throws at every turn total below its switch point and stops at every one from
    it up; every switch point lies in 16..26, and with the scores level it is exactly 20."""
    switches = {(a, b): switch_point(pig, a, b) for a in SCORES for b in SCORES}
    assert all(BAND[0] <= s <= BAND[1] for s in switches.values()), switches
    assert all(switches[a, a] == 20 for a in SCORES), switches


def test_a_player_ahead_stops_sooner_and_one_behind_later(pig: Game) -> None:
    """The switch point moves the way win chances say it should: never later when further
    ahead, never sooner when further behind."""
    for a in SCORES:
        row = [switch_point(pig, a, b) for b in SCORES]  # the opponent further and further on
        assert row == sorted(row), (a, row)
    assert switch_point(pig, 45, 0) < 20 < switch_point(pig, 0, 45)


def test_pig_scores_are_valued_against_the_points_a_game_takes(pig: Game) -> None:
    """The score scale is measured from pig itself (about the 100 points that win), so a first
    small bank is worth little, the value grows with the lead, stays below a win's, and the
    two players' values are opposite."""
    value = MaterialValue(pig)
    assert 60 < value.scale < 150
    leads = [pig_state(pig, a, 0, 0) for a in (4, 10, 30, 60)]
    values = [value(s, 0) for s in leads]
    assert 0 < values[0] < 0.1
    assert values == sorted(values) and values[-1] < 0.9
    assert all(value(s, 1) == pytest.approx(-value(s, 0)) for s in leads)


def test_the_score_scale_is_measured_once_and_the_same_every_time() -> None:
    """Two loads of pig (two Game objects) measure the same scale; a game without scores has
    none, and its unfinished states still value 0."""
    first, second = stratagem.load("pig"), stratagem.load("pig")
    assert MaterialValue(first).scale == MaterialValue(second).scale
    c4 = stratagem.load("connect_four")
    assert MaterialValue(c4).scale == 0.0
    assert MaterialValue(c4)(c4.new_state(0), 0) == 0.0
