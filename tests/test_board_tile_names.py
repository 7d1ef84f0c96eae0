"""A tile name `tile_types` does not declare is a plain tile type, unless it looks like a
misspelling of one it does; `floor`, the engine's own plain tile, is never taken for one
(the crawl writer's finding 4: `floor` beside `door` was refused)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stratagem.rules import RulesError, compile_text

CELLAR = (Path(__file__).parent / "outsider" / "crawl" / "repro"
          / "05_floor_taken_for_misspelt_door.yaml").read_text(encoding="utf-8")


def test_floor_beside_door_is_the_plain_tile() -> None:
    game = compile_text(CELLAR)
    assert game.board.tiles[:3] == ("floor", "floor", "door")
    assert "floor" in game.board.tile_types


def test_a_name_a_letter_off_a_declared_one_is_still_refused() -> None:
    with pytest.raises(RulesError) as err:
        compile_text(CELLAR.replace('"#": wall,', '"#": walls,'))
    assert "tile type `walls` is not in `tile_types`" in str(err.value)
    assert "`wall`" in str(err.value)


def test_a_name_like_no_declared_one_is_a_plain_tile() -> None:
    game = compile_text(CELLAR.replace('".": floor', '".": grass'))
    assert game.board.tiles[0] == "grass"
