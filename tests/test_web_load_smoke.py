"""Smoke test of ``benchmarks/bench_web_load.py``: a tiny load run on loopback plays
games to their end over HTTP and WebSockets with no error, and reports its figures."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import load_script

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_web_load.py"


def test_a_tiny_load_run_plays_games_without_an_error(tmp_path: Path) -> None:
    """Two sessions of tic-tac-toe for a second and a half: both held at once, moves made
    and timed, at least one game finished, no error."""
    module = load_script(BENCH, "bench_web_load")
    out = tmp_path / "load.json"
    code = module.main(["--sessions", "2", "--seconds", "1.5", "--play", "tic_tac_toe",
                        "--json", str(out)])
    report = json.loads(out.read_text(encoding="utf-8"))
    assert code == 0 and report["errors"] == 0, report["first_errors"]
    assert report["held"] == 2
    assert report["games_finished"] >= 1 and report["moves"] >= 3
    assert 0 < report["move_ms"]["p50"] <= report["move_ms"]["p95"] <= report["move_ms"]["max"]
    assert report["turn_ms"]["p50"] >= report["move_ms"]["p50"] * 0.5
