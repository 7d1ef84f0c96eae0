"""docs/stratega.md: every command it shows with its output gives that output, and its
tables name every Stratega function the importer translates."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from stratagem.rules.stratega.config import AGENTS
from stratagem.rules.stratega.functions import CONDITIONS, EFFECTS
from test_cli import run

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "stratega.md").read_text()


def shown_commands() -> list[tuple[str, list[str]]]:
    """Each `$ stratagem …` line of the page's console blocks that shows its output."""
    out: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", PAGE, re.S):
        lines = block.splitlines()
        for i, line in enumerate(lines):
            if not line.startswith("$ "):
                continue
            shown = []
            for follow in lines[i + 1:]:
                if follow.startswith("$ "):
                    break
                shown.append(follow)
            if shown:
                out.append((line[2:], shown))
    return out


def test_the_page_shows_commands_with_their_output() -> None:
    """The page has commands with output to check (validate and import-stratega)."""
    assert {c.split()[1] for c, _ in shown_commands()} == {"validate", "import-stratega"}


def test_shown_commands_give_the_shown_output(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Run in a copy of the fixtures' place, each command prints what the page shows."""
    (tmp_path / "tests").symlink_to(ROOT / "tests")
    monkeypatch.chdir(tmp_path)
    for command, shown in shown_commands():
        code, out, err = run(capsys, *command.split()[1:])
        assert code == 0, (command, err)
        assert out.splitlines() == shown, command


def test_every_translated_function_and_agent_is_in_the_tables() -> None:
    """Each condition, effect and agent the importer carries over has its row."""
    for table in (CONDITIONS, EFFECTS):
        for name, fn in table.items():
            if fn.build is not None:
                assert f"`{name}(" in PAGE, name
    for name in AGENTS:
        assert f"`{name}`" in PAGE, name
