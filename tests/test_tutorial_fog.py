"""The tutorial's fog-of-war section: its rules compile and its Python prints what it shows."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

TUTORIAL = Path(__file__).parent.parent / "docs" / "tutorial.md"


def _block(marker: str) -> str:
    text = TUTORIAL.read_text(encoding="utf-8")
    m = re.search(rf"<!-- {re.escape(marker)} -->\n```\w*\n(.*?)```", text, re.S)
    assert m, f"no block marked {marker} in the tutorial"
    return m.group(1)


def test_fog_section_prints_what_it_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`fog.yaml` (the complete game plus the section's `visibility:`) loads, and the
    section's Python prints exactly the output the tutorial shows."""
    (tmp_path / "fog.yaml").write_text(_block("complete") + "\n" + _block("fog: rules"),
                                       encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(_block("fog: python"), "tutorial.md", "exec"), {})
    assert out.getvalue() == _block("fog: output")
