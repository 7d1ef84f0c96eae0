"""The training example, ``examples/train_connect_four.py``, runs end to end on a tiny budget.

It needs the ``train`` extra (Stable-Baselines3, sb3-contrib, PyTorch); without it the test
is skipped, saying so.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from conftest import load_script

pytest.importorskip("sb3_contrib", reason="the train extra (pip install -e '.[train]') is not "
                    "installed: sb3-contrib and PyTorch are needed to train")

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "train_connect_four.py"


def _load() -> ModuleType:
    return load_script(EXAMPLE, "train_connect_four")


def test_training_example_trains_and_reports_wins_with_intervals(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A few hundred steps of maskable PPO, then a handful of games against random: every game
    is counted once for the policy and once for the random baseline, and the figures print."""
    report = _load().main(["--steps", "256", "--games", "4", "--seed", "1"])
    for name in ("trained policy", "random player"):
        figures = report[name]
        assert figures["wins"] + figures["draws"] + figures["losses"] == 4
        assert 0.0 <= figures["low"] <= figures["wins"] / 4 <= figures["high"] <= 1.0
    out = capsys.readouterr().out
    assert "trained policy: won" in out and "Wilson interval" in out
