"""The documented example, ``examples/mcts_vs_openspiel.py``, runs end to end on a tiny budget."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from conftest import load_script

pytest.importorskip("pyspiel")

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "mcts_vs_openspiel.py"


def _load() -> ModuleType:
    return load_script(EXAMPLE, "mcts_vs_openspiel")


@pytest.mark.parametrize("board", ["stratagem", "openspiel"])
def test_example_plays_and_prints_the_tally(board: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Two games with seats alternating: every game is counted once, and the totals print."""
    report = _load().main(["--games", "2", "--simulations", "4", "--board", board])
    assert sum(report["results"].values()) == 2
    assert report["lines"][0].startswith("game 1: stratagem moves first")
    assert report["lines"][1].startswith("game 2: openspiel moves first")
    out = capsys.readouterr().out
    assert "Stratagem MCTS" in out and "OpenSpiel MCTSBot" in out
