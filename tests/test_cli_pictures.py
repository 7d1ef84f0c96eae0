"""Pictures of a board outside the browser: `show --svg/--png`, `replay --svg-dir`."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import stratagem
from test_cli import assert_one_line_error, run

SVG = "{http://www.w3.org/2000/svg}"


def _tokens(path: Path) -> list[str]:
    """The ids of the units drawn in an SVG picture."""
    root = ET.parse(path).getroot()
    return [el.get("data-id", "") for el in root.iter() if el.get("data-id")]


def test_show_draws_the_board_as_the_page_does(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    assert run(capsys, "new", "broken_throne", "--out", str(saved))[0] == 0
    svg, png = tmp_path / "board.svg", tmp_path / "board.png"
    code, out, _ = run(capsys, "show", str(saved), "--svg", str(svg), "--png", str(png))
    assert code == 0 and f"drew the board into {svg}" in out
    state = stratagem.load("broken_throne").new_state(0)
    units = {str(e.id) for e in state.entities.values() if e.pos is not None}
    assert set(_tokens(svg)) == units
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_replay_draws_every_step(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    replays = tmp_path / "r.jsonl"
    code, _, _ = run(capsys, "arena", "tic_tac_toe", "--agents", "random,random", "--games",
                     "1", "--replays", str(replays), "--db", str(tmp_path / "a.sqlite"))
    assert code == 0
    folder = tmp_path / "steps"
    code, out, _ = run(capsys, "replay", str(replays), "--svg-dir", str(folder))
    assert code == 0 and "0 failed" in out
    decisions = len(stratagem.arena.Replay.from_json(replays.read_text().splitlines()[0])
                    .records)
    files = sorted(p.name for p in folder.iterdir())
    assert files == [f"step-{i:03d}.svg" for i in range(decisions + 1)]
    # a step outlines the move just made; the start outlines nothing
    assert 'class="last"' in (folder / "step-001.svg").read_text()
    assert 'class="last"' not in (folder / "step-000.svg").read_text()


def test_a_picture_that_cannot_be_written_is_one_line(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    run(capsys, "new", "tic_tac_toe", "--out", str(saved))
    code, _, err = run(capsys, "show", str(saved), "--svg", str(tmp_path / "no" / "b.svg"))
    assert_one_line_error(code, err, "cannot write")
    assert not (tmp_path / "no").exists()


def test_a_game_without_a_board_says_so(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    run(capsys, "new", "pig", "--out", str(saved))
    code, _, err = run(capsys, "show", str(saved), "--svg", str(tmp_path / "b.svg"))
    assert_one_line_error(code, err, "pig has no board to draw")
