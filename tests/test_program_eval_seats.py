"""`evaluate-program` in a game of one, three or four players: the baseline takes every
other seat, and a solitaire game is played by the program alone against the game itself.
It stopped with an internal error ("programs are evaluated in two-player games") on every
game that was not for two (tests/outsider/dice_sheet, finding 3)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import stratagem
from stratagem.agents.program import load_program
from stratagem.arena.program_eval import SOLO, evaluate_program
from stratagem.cli.main import cli

HERE = Path(__file__).parent / "outsider" / "dice_sheet"
GAME = HERE / "dice_sheet.yaml"
PROGRAM = HERE / "programs" / "steady.yaml"


@pytest.mark.parametrize(("scenario", "against"), [("solo", SOLO), ("three", "random")])
def test_a_program_is_evaluated_at_any_table(scenario: str, against: str) -> None:
    game = stratagem.load(GAME, scenario)
    program = load_program(PROGRAM, game)
    ev = evaluate_program(program, game, baselines=("random",), games=2, sample_every=0)
    assert [v.baseline for v in ev.versus] == [against]
    assert ev.versus[0].games == 2 and ev.decisions > 0


def test_the_cli_says_against_the_game_itself() -> None:
    result = CliRunner().invoke(cli, ["evaluate-program", str(PROGRAM), "--game", str(GAME),
                                      "--scenario", "solo", "--games", "1",
                                      "--sample-every", "0"])
    assert result.exit_code == 0, result.output
    assert "against the game itself: 1 win" in result.output or \
        "against the game itself: 0 wins" in result.output, result.output
