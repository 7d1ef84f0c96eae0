"""Broken Throne as a whole: its scenarios, its README, and a narrated game from the command line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import stratagem
from broken_throne_helpers import BLUE, RED, start
from stratagem.cli.main import main
from stratagem.rules import compile_rules

FOLDER = Path(stratagem.__file__).parent / "games" / "broken_throne"
SCENARIOS = list(compile_rules(FOLDER / "rules.yaml").placements)


def test_every_scenario_loads_and_is_listed_in_the_readme() -> None:
    readme = (FOLDER / "README.md").read_text(encoding="utf-8")
    named = [s for s in SCENARIOS if s]
    assert {"medium", "large", "golden_combo"} <= set(named)
    for name in named:
        assert f"`{name}`" in readme, name
        _, state = start(name)
        assert state.decision is not None and state.decision.player == RED


def test_the_large_battle_has_at_least_twelve_units_a_side() -> None:
    _, s = start("large")
    for side in (RED, BLUE):
        assert len(list(s.iter_entities(owner=side))) >= 12


@pytest.mark.parametrize("scenario", [None, "medium", "large"])
def test_the_battles_are_mirror_images(scenario: str | None) -> None:
    """Each battle is the same for both sides, turned half a turn: terrain, castles, villages, units."""
    game, s = start(scenario)
    b = game.board
    swap = {"red_castle": "blue_castle", "blue_castle": "red_castle"}
    for y in range(b.height):
        for x in range(b.width):
            mirror = b.tiles[(b.height - 1 - y) * b.width + (b.width - 1 - x)]
            assert swap.get(b.tiles[y * b.width + x], b.tiles[y * b.width + x]) == mirror, (x, y)
    red = sorted((e.type, b.width - 1 - e.pos.x, b.height - 1 - e.pos.y)
                 for e in s.iter_entities(owner=RED))
    blue = sorted((e.type, e.pos.x, e.pos.y) for e in s.iter_entities(owner=BLUE))
    assert red == blue


def test_the_shape_declares_no_chance_and_nothing_hidden() -> None:
    game = stratagem.load("broken_throne")
    assert not game.info.chance and not game.info.hidden


def test_play_from_the_command_line_narrates_the_blows(capsys: pytest.CaptureFixture[str]) -> None:
    """The README's example game: seed 13, two random players."""
    try:
        main(["play", "broken_throne", "--agents", "random,random", "--seed", "13"])
    except SystemExit as exc:
        assert not exc.code
    out = capsys.readouterr().out
    assert "red  archer #3 attacks priestess #8" in out
    assert "· priestess #8 takes 7 damage (0 HP left)" in out
    assert "· priestess #8 falls" in out
    assert re.search(r"Result: won by blue — round limit \(12\) reached "
                     r"\(scores: red 190, blue 205; 120 decisions\)", out)
