"""The rules sheet lists a unit's full statistics whatever `display: show` picks for the
board's table, and the table heads its health column with the health parameter's own
name (the chit-pull writer's findings 5 and 6)."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.cli.board import units_table
from test_cli import run

REPRO = Path(__file__).parent / "outsider" / "chits" / "repro"


def test_display_show_leaves_the_rules_sheet_whole(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules",
                       str(REPRO / "05_display_show_hides_stats_on_rules_sheet.yaml"))
    assert code == 0
    assert "att 4, dfn 4, mp 3, formation 1" in out


def test_the_health_column_is_headed_by_its_parameter() -> None:
    game = stratagem.load(str(REPRO / "06_health_column_says_hp.yaml"))
    table = units_table(game, game.new_state(0))
    assert table is not None
    assert [str(c.header) for c in table.columns][3] == "steps"
