"""`stratagem arena GAME --scenario A,B`: the same tournament played in each scenario, each
with its own results file and outputs named after it, then the sides' win rates, draws
and lengths side by side — a designer's sweep over settings written as scenarios."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from stratagem.cli.main import cli
from test_cli import run

# A race: each turn a player steps one point on; after three rounds the higher score
# wins. `head_start` gives red one point more, so red always wins there; `even` draws.
RACE = """\
game: race
players: [red, blue]
state:
  head: 0
player:
  points: 0
actions:
  step:
    source: player
    ends_turn: true
    effects: [{modify: {what: player.points, by: 1}}]
flow:
  phases: [{name: play, actions: [step]}]
end:
  round_limit: 3
  score: "player.points + (game.head if player == 0 else 0)"
scenarios:
  even: {state: {head: 0}}
  head_start: {state: {head: 1}}
"""


@pytest.fixture
def race(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "race.yaml"
    path.write_text(RACE)
    return path


def test_each_scenario_is_played_and_set_side_by_side(race: Path) -> None:
    result = CliRunner().invoke(cli, ["arena", str(race), "--agents", "random,osla",
                                      "--games", "4", "--scenario", "even",
                                      "--scenario", "head_start", "--json", "out.json",
                                      "--quiet"], terminal_width=200)
    assert result.exit_code == 0, result.output
    text = result.output
    assert text.index("Scenario even") < text.index("Scenario head_start") \
        < text.index("Scenarios side by side")
    rows = {line.split()[0]: line.split() for line in text.splitlines()
            if line.strip().startswith(("even ", "head_start "))}
    assert rows["even"][2:5] == ["0.0%", "0.0%", "100.0%"]  # red, blue, draws
    assert rows["head_start"][2:5] == ["100.0%", "0.0%", "0.0%"]
    assert rows["head_start"][5] == "6.0"  # three rounds of two steps
    for name in ("even", "head_start"):
        doc = json.loads(Path(f"out-{name}.json").read_text())
        assert doc["scenario"] == name and doc["games"] == 4
    assert len(list(Path().glob("arena-race-*.sqlite"))) == 2
    assert not Path("out.json").exists()


def test_comma_separated_names_and_a_resumed_sweep_play_nothing_twice(race: Path) -> None:
    args = ["arena", str(race), "--agents", "random,osla", "--games", "2",
            "--scenario", "even,head_start", "--quiet"]
    first = CliRunner().invoke(cli, args, terminal_width=200)
    assert first.exit_code == 0, first.output
    again = CliRunner().invoke(cli, [*args, "--resume"], terminal_width=200)
    assert again.exit_code == 0, again.output
    assert again.output.count("2 games played") == 2


@pytest.mark.parametrize(("more", "said"), [
    (["--scenario", "even,even"], "a scenario is named twice"),
    (["--scenario", "even,head_start", "--db", "x.sqlite"],
     "each scenario keeps its own results file"),
    (["--scenario", "even,uphill"], "no scenario `uphill`"),
])
def test_a_sweep_given_wrong_is_one_line_and_plays_nothing(
        race: Path, more: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "arena", str(race), "--agents", "random,osla", "--games", "2",
                       "--quiet", *more)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and said in lines[0], err
    assert not list(Path().glob("arena-*.sqlite"))


def test_a_sweep_over_tables_of_other_sizes_is_refused_before_any_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Two agents for a sweep of a two- and a three-player table: refused at once, naming
    the scenario, where it played the first scenario's games and then stopped
    (tests/outsider/drafting, finding 6)."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "race3.yaml"
    path.write_text(RACE.replace("players: [red, blue]", "players: [red, blue, green]")
                    .replace("  even: {state: {head: 0}}\n  head_start: {state: {head: 1}}",
                             "  two: {players: 2}\n  three: {players: 3}"))
    code, _, err = run(capsys, "arena", str(path), "--agents", "random,osla", "--games", "2",
                       "--quiet", "--scenario", "two,three")
    assert code == 2
    assert err.strip() == "error: scenario three: a 3-player game needs at least 3 agents, " \
        "got 2", err
    assert not list(Path().glob("arena-*.sqlite"))


def test_a_sweep_checks_every_scenarios_outputs_before_any_game(
        race: Path, capsys: pytest.CaptureFixture[str]) -> None:
    Path("out-head_start.json").mkdir()  # the second scenario's JSON cannot be written
    code, _, err = run(capsys, "arena", str(race), "--agents", "random,osla", "--games", "2",
                       "--quiet", "--scenario", "even,head_start", "--json", "out.json")
    assert code == 2 and "out-head_start.json" in err and len(err.strip().splitlines()) == 1
    assert not list(Path().glob("arena-*.sqlite"))
