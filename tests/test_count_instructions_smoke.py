"""Smoke test of ``benchmarks/count_instructions.py``: its counts come out where valgrind is."""

from __future__ import annotations

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
def test_playout_steps_are_counted() -> None:
    done = _run("--game", "tic_tac_toe", "--mode", "playout", "--games", "3")
    assert done.returncode == 0, done.stderr
    found = re.search(r"tic_tac_toe: ([\d,]+) instructions a step \((\d+) steps in 3 ", done.stdout)
    assert found is not None, done.stdout
    assert 5 * 3 <= int(found.group(2)) <= 9 * 3
    assert 1_000 < int(found.group(1).replace(",", "")) < 10_000_000
