"""Side claims at three seats or more are several tests at once: each side's p is adjusted
for the others by Holm's method before a claim is made, and the report says so (the
push-your-luck writer's finding 11)."""

from __future__ import annotations

import json
import math

import pytest

from stratagem.arena.balance import analyse, balance_lines
from stratagem.arena.inference import holm, score_test
from stratagem.arena.stats import wilson
from stratagem.arena.tournament import GameRow, Tournament

THREE = ("red", "blue", "green")


def test_holm_adjusts_the_smallest_p_most_and_keeps_the_order() -> None:
    """Holm's step-down values, worked by hand: 0.01, 0.04, 0.03 of three tests become
    0.03, 0.06 and 0.06 (the third may not fall below the second)."""
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.5]) == [0.5] and holm([]) == []
    assert holm([0.4, 0.9]) == pytest.approx([0.8, 0.9])


@pytest.mark.parametrize(("k", "n", "p0"), [(11, 20, 1 / 3), (12, 20, 1 / 3), (2, 30, 0.25),
                                            (30, 100, 0.25), (0, 12, 0.5), (50, 90, 0.5)])
def test_the_score_test_rejects_exactly_where_the_wilson_interval_leaves_p0_out(
        k: int, n: int, p0: float) -> None:
    """The side test is the one the report's Wilson interval inverts: p < 0.05 exactly when
    the 95% interval leaves the even share out."""
    low, high = wilson(k, n)
    assert (score_test(k, n, p0) < 0.05) == (not low <= p0 <= high)
    z = (k / n - p0) / math.sqrt(p0 * (1 - p0) / n)
    assert score_test(k, n, p0) == pytest.approx(math.erfc(abs(z) / math.sqrt(2)))


def _games(wins: list[int]) -> list[GameRow]:
    """Distinct three-seat games of one agent, ``wins[i]`` the seat that won game ``i``."""
    rows = []
    for i, w in enumerate(wins):
        ranks = tuple(1 if p == w else 2 for p in range(3))
        rows.append(GameRow(i, f"L0G{i}", (0, 1, 2), i, (w,), ranks, (0.0,) * 3, "", 10, 5,
                            0.1, (0.0,) * 3, (5,) * 3, (0,) * 3, None, {},
                            json.dumps({"records": [[0, f"game {i}"]]})))
    return rows


def test_one_side_above_the_even_share_alone_is_not_claimed_among_three() -> None:
    """The writer's case: 20 deals of one program in every seat, blue winning 11 (55.0%,
    34.2–74.2%): its interval alone leaves out a third, but not once the three sides' tests
    are taken together. No claim; the report says why."""
    t = Tournament("x", ("p", "p", "p"), games=20)
    b = analyse(t, THREE, _games([1] * 11 + [0] * 5 + [2] * 4))
    (claim,) = b.claims
    assert claim.startswith("no side advantage shown: no side's win rate differs from the "
                            "even share of 33.3% once the 3 sides' tests are corrected")
    assert "Holm's correction" in claim
    assert "alone, blue's, 55.0% (34.2–74.2%, n=20) (p = 0.0398, 0.119 corrected) leaves " \
        "out the even share" in claim
    assert not any("wins more than an even share" in line for line in balance_lines(b))


def test_a_clear_side_advantage_is_claimed_with_both_p_values() -> None:
    """Red winning 30 of 45 games at a table of three is claimed, with its score test p and
    the p after Holm's correction; green, winning 3, is claimed to win less."""
    t = Tournament("x", ("p", "p", "p"), games=45)
    b = analyse(t, THREE, _games([0] * 30 + [1] * 12 + [2] * 3))
    red, green = b.claims
    assert red.startswith("red wins more than an even share: 66.7% (")
    assert "score test p = " in red and "after Holm's correction for the 3 sides tested " \
        "together" in red
    assert green.startswith("green wins less than an even share: 6.7% (")
