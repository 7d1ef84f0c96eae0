"""Smoke test of ``benchmarks/bench_agents.py``: both reports run end to end on a tiny size."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import load_script

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_agents.py"


def _bench():  # type: ignore[no-untyped-def]
    module = load_script(BENCH, "bench_agents")
    return module


def test_times_and_equal_print_their_tables(capsys: pytest.CaptureFixture[str]) -> None:
    bench = _bench()
    assert bench.main(["times", "--games", "tic_tac_toe", "--agents", "random,osla",
                       "--decisions", "2"]) == 0
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line.startswith("tic_tac_toe")]
    assert [r[1] for r in rows] == ["random", "osla"]
    assert all(float(r[2]) >= 0 and int(r[-1]) >= 0 for r in rows)
    assert bench.main(["equal", "--on", "tic_tac_toe", "--agents", "random,osla",
                       "--seconds", "0.05", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "random     vs osla" in out and "of 2" in out


def test_versus_prints_wins_draws_losses_and_calls(capsys: pytest.CaptureFixture[str]) -> None:
    """`versus` plays an agent against random with seats alternating and prints its W-D-L,
    the interval and the forward-model calls of its decisions."""
    bench = _bench()
    assert bench.main(["versus", "--on", "tic_tac_toe", "--agent", "mcts:calls=100",
                       "--games", "2"]) == 0
    row = next(line.split() for line in capsys.readouterr().out.splitlines()
               if line.strip().startswith("tic_tac_toe"))
    wins, draws, losses = map(int, row[1].split("-"))
    assert wins + draws + losses == 2 and wins >= 1
    assert int(row[-3]) == 100  # median calls of a decision: its whole budget
