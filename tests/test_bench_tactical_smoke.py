"""Smoke test of ``benchmarks/bench_tactical.py``: it still runs, end to end, on a tiny position."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

from conftest import load_script

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_tactical.py"


def _load_bench() -> ModuleType:
    return load_script(BENCH, "bench_tactical")


def test_a_tiny_run_times_whole_turns(tmp_path: Path) -> None:
    """On the golden position, one run of each turn reports positive times, the decisions of a
    whole turn (the two attacks and their selections, then the end) and the calls spent."""
    bench = _load_bench()
    path = tmp_path / "report.json"
    assert bench.main(["--scenario", "golden_combo", "--rounds", "0", "--repeat", "1",
                       "--json", str(path)]) == 0
    report = json.loads(path.read_text(encoding="utf-8"))
    opening = report["turns"]["opening"]
    assert opening["seconds"] > 0 and opening["cpu_seconds"] > 0
    run = opening["runs"][0]
    assert run["decisions"] == 5 and run["calls"] > 0 and run["units"] == 2
    assert run["modules"]["tactical"] == 2
