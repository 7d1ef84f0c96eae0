"""The card section at the end of docs/tutorial.md: its two YAML blocks make the game it
plays, and each Python session block prints what the tutorial shows."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

TUTORIAL = Path(__file__).resolve().parents[1] / "docs" / "tutorial.md"
BLOCK = re.compile(r"<!-- cards (?P<kind>step|session) -->\n```\w*\n(?P<body>.*?)```", re.S)


def _blocks(kind: str) -> list[str]:
    text = TUTORIAL.read_text(encoding="utf-8")
    return [m.group("body") for m in BLOCK.finditer(text) if m.group("kind") == kind]


def test_the_card_section_has_its_steps_and_sessions() -> None:
    """The section marks two rules blocks and three sessions."""
    assert (len(_blocks("step")), len(_blocks("session"))) == (2, 3)


def test_each_session_prints_what_the_tutorial_shows(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules blocks, saved one after the other as peek.yaml, give a game on which every
    session of the section runs, in order, and prints exactly the lines shown."""
    (tmp_path / "peek.yaml").write_text("".join(_blocks("step")), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs: dict[str, object] = {}
    for i, session in enumerate(_blocks("session")):
        test = parser.get_doctest(session, globs, f"tutorial cards session {i + 1}",
                                  str(TUTORIAL), 0)
        result = runner.run(test, clear_globs=False)
        assert result.failed == 0, f"session {i + 1} of the card section prints otherwise"
        globs = test.globs  # the next session goes on from this one
