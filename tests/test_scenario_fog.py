"""A scenario's own fog of war: `visibility: none` plays it in the open (Provinces' writer
kept a second rules file for the `tactical` agent, which refuses hidden information), a
mapping replaces the rules' section; and the rules sheet says what each side sees."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import stratagem
from stratagem.agents import make_agent
from stratagem.cli.main import cli
from stratagem.rules import RulesError

REPRO = Path(__file__).parent / "outsider" / "provinces" / "repro" / "fog_scenario_tactical.yaml"


def _with_scenario(tmp_path: Path, visibility: str) -> Path:
    text = REPRO.read_text().replace("    visibility: none", f"    visibility: {visibility}")
    path = tmp_path / "fog_scenario.yaml"
    path.write_text(text)
    return path


def test_a_scenario_in_the_open_has_no_fog_and_tactical_plays_it() -> None:
    fogged = stratagem.load(REPRO)
    assert fogged.fog is not None and fogged.info.hidden
    with pytest.raises(stratagem.StratagemError, match="hidden information"):
        make_agent("tactical", fogged)
    open_game = stratagem.load(REPRO, scenario="open")
    assert open_game.fog is None and not open_game.info.hidden
    result = stratagem.play(open_game, ["tactical", "random"], seed=0)
    assert result.state.is_over and result.replay.meta["scenario"] == "open"


@pytest.mark.parametrize("written", ["false", "null", "none"])
def test_none_false_and_null_all_mean_no_fog(tmp_path: Path, written: str) -> None:
    game = stratagem.load(_with_scenario(tmp_path, written), scenario="open")
    assert game.fog is None


def test_a_scenario_may_give_a_fog_of_its_own(tmp_path: Path) -> None:
    path = _with_scenario(tmp_path, "{sight: 2, moves: exact}")
    game = stratagem.load(path, scenario="open")
    assert game.fog is not None and game.fog.default == 2 and not game.fog.sighted_moves
    assert stratagem.load(path).fog.default == 0  # the rules' own fog elsewhere


def test_a_wrong_visibility_says_where_and_what(tmp_path: Path) -> None:
    path = _with_scenario(tmp_path, "5")
    with pytest.raises(RulesError) as err:
        stratagem.load(path)
    line = REPRO.read_text().splitlines().index("    visibility: none") + 1
    assert f"fog_scenario.yaml:{line}:17: `visibility` of scenario `open` is `none`" \
        in str(err.value)
    bad = _with_scenario(tmp_path, "{sight: 2, colour: red}")
    with pytest.raises(RulesError, match="unknown key `colour`"):
        stratagem.load(bad)


def test_the_rules_sheet_says_what_each_side_sees() -> None:
    out = CliRunner().invoke(cli, ["rules", str(REPRO)]).output
    assert "open  (no fog of war) the same without fog" in out
    assert "Fog of war" in out
    assert "Each side sees only what its units see: 0 links" in out
    assert "a walk into an unseen unit halts before it" in out
    opened = CliRunner().invoke(cli, ["rules", str(REPRO), "--scenario", "open"]).output
    assert "Fog of war" not in opened
