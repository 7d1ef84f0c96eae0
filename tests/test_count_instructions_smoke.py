"""Smoke test of ``benchmarks/count_instructions.py``: its counts come out where valgrind is."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "count_instructions.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=600, check=False)


def test_an_unknown_mode_is_refused_in_one_line() -> None:
    done = _run("--mode", "fast")
    assert done.returncode == 2 and "invalid choice: 'fast'" in done.stderr


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is a system tool")
@pytest.mark.skipif(not os.environ.get("STRATAGEM_VALGRIND_SMOKE"),
                    reason="two runs under callgrind take about three minutes of one core: "
                           "set STRATAGEM_VALGRIND_SMOKE=1 to run them")
def test_playout_steps_are_counted_the_same_every_time() -> None:
    """Start-up is alike in both runs of a pair, so the difference is the work alone."""
    first, second = (_run("--game", "tic_tac_toe", "--mode", "playout", "--games", "10")
                     for _ in range(2))
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    assert first.stdout == second.stdout
    found = re.search(r"tic_tac_toe: ([\d,]+) instructions a step \((\d+) steps in 10 ",
                      first.stdout)
    assert found is not None, first.stdout
    assert 5 * 10 <= int(found.group(2)) <= 9 * 10
    assert 1_000 < int(found.group(1).replace(",", "")) < 10_000_000
