"""The tutorial's section on private parameters: its game is the blocks fixture the tests
play, and its Python prints what the section shows."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
TUTORIAL = ROOT / "docs" / "tutorial.md"
BLOCKS = ROOT / "tests" / "rules_fixtures" / "blocks.yaml"


def _block(marker: str) -> str:
    text = TUTORIAL.read_text(encoding="utf-8")
    m = re.search(rf"<!-- {re.escape(marker)} -->\n```\w*\n(.*?)```", text, re.S)
    assert m, f"no block marked {marker} in the tutorial"
    return m.group(1)


def test_the_tutorial_game_is_the_fixture() -> None:
    assert _block("private: rules") == BLOCKS.read_text(encoding="utf-8")


def test_private_section_prints_what_it_shows(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "blocks.yaml").write_text(_block("private: rules"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(_block("private: python"), "tutorial.md", "exec"), {})
    assert out.getvalue() == _block("private: output")
    assert "strength ?" in out.getvalue()
