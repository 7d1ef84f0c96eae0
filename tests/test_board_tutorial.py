"""The tutorial's hex section: its Patrol game plays, and its Python session prints what
the page shows."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import stratagem

TUTORIAL = Path(__file__).resolve().parent.parent / "docs" / "tutorial.md"
BLOCK = re.compile(r"<!-- (?P<marker>hex [a-z]+) -->\n```\w*\n(?P<body>.*?)```", re.S)


def _block(marker: str) -> str:
    found = [m.group("body") for m in BLOCK.finditer(TUTORIAL.read_text(encoding="utf-8"))
             if m.group("marker") == marker]
    assert len(found) == 1, f"docs/tutorial.md has {len(found)} blocks marked {marker}"
    return found[0]


def test_the_hex_session_prints_what_the_tutorial_shows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every line of the tutorial's Python session gives the output printed under it."""
    (tmp_path / "patrol.yaml").write_text(_block("hex rules"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    test = doctest.DocTestParser().get_doctest(_block("hex session"), {}, "tutorial hex",
                                               str(TUTORIAL), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test)
    assert result.attempted >= 8 and result.failed == 0


def test_the_patrol_game_plays_to_the_end(tmp_path: Path) -> None:
    """Patrol compiles and random sides play it to its end."""
    path = tmp_path / "patrol.yaml"
    path.write_text(_block("hex rules"), encoding="utf-8")
    game = stratagem.load(path)
    for seed in range(3):
        assert stratagem.play(game, ["random", "random"], seed=seed).state.outcome is not None
