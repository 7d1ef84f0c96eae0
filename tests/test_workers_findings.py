"""What Guildhall's writer (a worker-placement game written from the docs alone,
tests/outsider/workers/) found: `display: show` hid the players' own resources; an
alternate phase ended by `end_when` began a turn no one played; an alternate phase of
players with no move never ended, and the error named nothing; no tie-break for scores."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import stratagem
from stratagem.cli.main import cli
from stratagem.engine.failures import where_stuck
from stratagem.rules import RulesError

REPRO = Path(__file__).parent / "outsider" / "workers" / "repro"


def _played(name: str, seed: int = 1) -> stratagem.State:
    game = stratagem.load(REPRO / name)
    return stratagem.play(game, ["random"] * len(game.players), seed=seed).state


def test_display_show_leaves_the_players_own_parameters_shown(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    runner = CliRunner()
    runner.invoke(cli, ["new", str(REPRO / "01_show_hides_player_params.yaml"),
                        "--out", str(save)])
    shown = runner.invoke(cli, ["show", str(save)]).output
    assert "gold 5" in shown


def test_a_phase_whose_end_holds_begins_no_turn() -> None:
    state = _played("02_phantom_turn.yaml")
    assert state.counters["state:turns"] == 8 == len(state.history)  # 8 placements
    out = CliRunner().invoke(cli, ["play", str(REPRO / "02_phantom_turn.yaml"), "--agents",
                                   "random,random", "--seed", "1"]).output
    assert "begins the turn" not in out


def test_players_with_no_move_in_an_alternate_phase_have_passed() -> None:
    state = _played("03_alternate_all_stuck_hangs.yaml")
    assert state.outcome is not None and len(state.history) == 8


def test_a_resolution_that_does_not_settle_says_where_it_goes_round() -> None:
    game = stratagem.load(REPRO / "03_alternate_all_stuck_hangs.yaml")
    state = game.new_state(1)
    assert where_stuck(state) == ("in round 1, phase `placement`, with no decision offered "
                                   "(a turn handed round for ever?)")


def _tied(tmp_path: Path, tiebreak: str) -> Path:
    rules = tmp_path / "tie.yaml"
    rules.write_text((REPRO / "04_no_tiebreak.yaml").read_text().replace(
        "  score: player.vp\n", f"  score: player.vp\n{tiebreak}"))
    return rules


def test_a_tiebreak_ranks_players_of_equal_score(tmp_path: Path) -> None:
    rules = _tied(tmp_path, "  tiebreak: player.wood\n")
    o = _played_file(rules)
    assert o.winners == (0,) and o.ranks == (1, 2) and o.scores == (1.0, 1.0)
    sheet = " ".join(CliRunner().invoke(cli, ["rules", str(rules)]).output.split())
    assert "the highest score wins (score: player.vp; ties: player.wood)" in sheet
    assert _played_file(_tied(tmp_path, "")).is_draw  # without it: a draw, as before


def _played_file(rules: Path) -> stratagem.Outcome:
    game = stratagem.load(rules)
    outcome = stratagem.play(game, ["random", "random"], seed=0).outcome
    assert outcome is not None
    return outcome


def test_a_tiebreak_without_a_score_is_refused(tmp_path: Path) -> None:
    rules = tmp_path / "t.yaml"
    rules.write_text((REPRO / "04_no_tiebreak.yaml").read_text().replace(
        "  score: player.vp\n", "  tiebreak: player.wood\n"))
    with pytest.raises(RulesError, match="`tiebreak` breaks ties of the score, and `end` "
                                         "has no `score`"):
        stratagem.load(rules)
