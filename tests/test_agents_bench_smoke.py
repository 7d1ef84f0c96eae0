"""Smoke test of ``benchmarks/bench_mcts.py``: it still runs, end to end, on a tiny budget."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from conftest import load_script

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_mcts.py"


def _load_bench() -> ModuleType:
    return load_script(BENCH, "bench_mcts")


def test_mcts_benchmark_reports_rates_ratio_and_strength(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A tiny run measures Stratagem's MCTS (and OpenSpiel's when installed) as positive rates,
    the ratio as ours over theirs, and plays the requested strength games."""
    bench = _load_bench()
    path = tmp_path / "report.json"
    args = ["--simulations", "20", "--repeat", "1", "--strength", "1",
            "--strength-iterations", "5", "--json", str(path)]
    assert bench.main(args) == 0
    report = json.loads(path.read_text(encoding="utf-8"))
    search = report["search"]
    assert search["median"]["stratagem"] > 0
    assert search["calls_per_simulation"] >= 1
    assert set(report["strength"]["results"]) == {"connect_four", "tic_tac_toe"}
    assert all(sum(t.values()) == 1 for t in report["strength"]["results"].values())
    if report["openspiel_version"] is not None:
        assert search["median"]["openspiel"] > 0
        ratio = search["median"]["stratagem"] / search["median"]["openspiel"]
        assert search["ratio"] == pytest.approx(ratio)
        assert "ratio stratagem / openspiel" in capsys.readouterr().out


def test_mcts_benchmark_without_openspiel_reports_stratagem_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """When pyspiel cannot be imported, the run still succeeds and says so."""
    bench = _load_bench()
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    path = tmp_path / "report.json"
    assert bench.main(["--simulations", "10", "--repeat", "1", "--json", str(path)]) == 0
    assert "pyspiel is not importable" in capsys.readouterr().out
    report = json.loads(path.read_text(encoding="utf-8"))
    assert set(report["search"]["median"]) == {"stratagem"}
    assert "strength" not in report


def test_mcts_benchmark_size_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """`$STRATAGEM_BENCH_SIMULATIONS` and `$STRATAGEM_BENCH_STRENGTH` size the run; a
    non-positive simulation count is a usage error."""
    bench = _load_bench()
    monkeypatch.setenv("STRATAGEM_BENCH_SIMULATIONS", "123")
    monkeypatch.setenv("STRATAGEM_BENCH_STRENGTH", "4")
    args = bench.parse_args([])
    assert (args.simulations, args.strength) == (123, 4)
    with pytest.raises(SystemExit):
        bench.parse_args(["--simulations", "0"])


def test_pair_benchmark_reports_a_sweep_with_its_interval(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``bench_pair.py`` plays the games asked for, seats alternating, and reports the first
    agent's record: the tactical agent sweeps two Broken Throne games against random."""
    bench = load_script(BENCH.parent / "bench_pair.py", "bench_pair")
    monkeypatch.setattr(sys, "argv", ["bench_pair.py", "broken_throne", "tactical:calls=2000",
                                      "random", "--games", "2", "--jobs", "1"])
    bench.main()
    out = capsys.readouterr().out
    assert "tactical:calls=2000 vs random: 2-0-0, score 1.00, Wilson 95% 0.34-1.00" in out
    assert "points in seat 0: 1, in seat 1: 1" in out
