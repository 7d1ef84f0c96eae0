"""Kills in the balance report: by the unit type that acted, or by the player action that
removed a unit when no unit acted (a wargame's attack by a whole stack)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from stratagem.arena.report import render_report, unit_lines
from stratagem.arena.runner import run_tournament
from stratagem.arena.stats import summarize
from stratagem.arena.tournament import Tournament
from stratagem.cli.main import main

# Each side has a gunner and a scout. A turn: the player bombards an enemy unit (a player
# action: no unit acts), or its gunner shoots one (a unit action). Both remove the target.
RULES = """\
game: barrage
players: [red, blue]
board:
  size: [4, 1]
entities:
  gunner: {actions: [shoot]}
  scout: {}
actions:
  bombard:
    targets:
      victim: {kind: entity, entity: enemy}
    effects:
      - kill: victim
  shoot:
    targets:
      victim: {kind: entity, entity: enemy}
    effects:
      - kill: victim
flow:
  phases:
    - name: fire
      actions: [bombard, shoot]
      max_actions: 1
end:
  lose:
    "{player} lost every unit": "count(entities(owner: player)) == 0"
  round_limit: 4
setup:
  entities:
    - {type: gunner, owner: red, at: [0, 0]}
    - {type: scout, owner: red, at: [1, 0]}
    - {type: gunner, owner: blue, at: [3, 0]}
    - {type: scout, owner: blue, at: [2, 0]}
"""


@pytest.fixture
def barrage(tmp_path: Path) -> Path:
    path = tmp_path / "barrage.yaml"
    path.write_text(RULES)
    return path


def test_kills_go_to_the_unit_type_or_the_player_action(barrage: Path, tmp_path: Path) -> None:
    t = Tournament(str(barrage), ("random", "random"), games=8, seed=3)
    rows = run_tournament(t, tmp_path / "b.sqlite")
    kills: dict[str, int] = {}
    lost = 0
    for r in rows:
        for kind, per_seat in r.stats["kills"].items():
            kills[kind] = kills.get(kind, 0) + sum(per_seat)
        lost += sum(sum(v) for v in r.stats["losses"].values())
        assert "(other)" not in r.stats["kills"]
    # Every loss is some enemy's kill, by a gunner's shot or a bombardment.
    assert set(kills) == {"gunner", "bombard (player action)"}
    assert sum(kills.values()) == lost > 0
    # The report: a player action has no losses of its own ("—"), its kills are shown.
    page = render_report(summarize(t, ("red", "blue"), rows, len(rows)), rows)
    row = re.search(r"<tr><td>bombard \(player action\)</td>(.*?)</tr>", page)
    assert row is not None and row.group(1).count("—") == 2
    assert "or to the player action that did when no unit acted" in page


def test_the_terminal_report_lists_losses_and_kills(barrage: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "r.sqlite"
    assert main(["arena", str(barrage), "--agents", "random,random", "--games", "4",
                 "--seed", "1", "--db", str(db), "--quiet"]) is None
    capsys.readouterr()
    assert main(["report", str(db)]) is None
    said = capsys.readouterr().out
    lines = said.splitlines()
    at = next(i for i, x in enumerate(lines) if x.startswith("losses and kills per game"))
    block = []
    for x in lines[at + 1:]:
        if not x.startswith("  "):
            break
        block.append(x.strip())
    kinds = [x.split(":")[0] for x in block]
    assert set(kinds) <= {"bombard (player action)", "gunner", "scout"} and kinds
    for x in block:
        if x.startswith("bombard (player action)"):
            assert "lost" not in x and re.search(r"killed \d\.\d\d by red, \d\.\d\d by blue", x)
        else:
            assert re.search(r"lost \d\.\d\d of red, \d\.\d\d of blue; killed", x)


def test_no_unit_lines_without_games() -> None:
    assert unit_lines(("red", "blue"), []) == []
