"""What a unit carries is shown wherever the unit is: the unit lines of `show`, the
terminal's table, the web page's unit details and its token's title (the crawl writer's
finding 1: the treasure a hero picked up was on no screen at all)."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.cli.board import units_table
from stratagem.web import Session
from test_cli import run

CARRY = Path(__file__).parent / "outsider" / "crawl" / "repro" / "01_carried_items_not_shown.yaml"


def test_show_names_what_a_unit_carries(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    saved = tmp_path / "carry.json"
    assert run(capsys, "new", str(CARRY), "--seed", "0", "--out", str(saved))[0] == 0
    code, out, _ = run(capsys, "show", str(saved))
    assert code == 0 and "carries" not in out
    assert run(capsys, "move", str(saved), "take #1 item=#2")[0] == 0
    code, out, _ = run(capsys, "show", str(saved))
    assert code == 0
    assert "hero #1 (heroes) at (0,0); hp 5; carries treasure" in out


def test_the_table_and_the_page_name_what_a_unit_carries() -> None:
    game = stratagem.load(str(CARRY))
    state = game.new_state(0)
    state = game.apply(state, game.parse_action(state, "take #1 item=#2"))
    table = units_table(game, state)
    assert table is not None
    row = [str(c._cells[0]) for c in table.columns]  # the hero's row
    assert row[1] == "hero #1" and "carries treasure" in row[-1]
    session = Session(game, ["human", "random"], 0)
    session.act("take #1 item=#2")
    snap = session.snapshot()
    hero = next(e for e in snap["entities"] if e["id"] == 1)
    assert hero["carries"] == ["treasure"]
    assert "hero #1 (heroes): hp 5; carries treasure" in snap["svg"].replace("Hero", "hero")
