"""`display: round:` — what a game calls its rounds (a wargame's "game turn"): the
narration's headings, the rules sheet, the round limit and its outcome say it; the
expressions still read `game.round`."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import stratagem
from rules_helpers import build, problems
from stratagem.arena import narration
from stratagem.cli.main import cli
from stratagem.games.sheet import ending, turn_lines
from test_flow_stuck import RULES

CHITS = Path(__file__).parent / "rules_fixtures" / "chits_repeat.yaml"


def _turns(word: str) -> str:
    return RULES.replace("STUCK", "").replace(
        "end:\n  round_limit: 5\n",
        f"end:\n  round_limit: 2\ndisplay:\n  round: {word}\n")


def test_the_narration_and_the_outcome_say_the_games_word() -> None:
    game = build(_turns("game turn"))
    seen: list[str] = []

    def tell(before, player, action, rationale, after):  # type: ignore[no-untyped-def]
        seen.append(narration.tell(game, before, player, action, after).where)

    result = stratagem.play(game, ["random", "random"], seed=1, on_step=tell)
    assert seen[0] == "game turn 1, play" and "game turn 2, play" in seen
    assert not any(w.startswith("round") for w in seen)
    assert game.describe_flow(game.new_state()) == "game turn 1, play"
    assert result.state.outcome is not None
    assert result.state.outcome.reason == "game turn limit (2) reached"


def test_the_rules_sheet_says_the_games_word() -> None:
    game = build(_turns("year"))
    assert ending(game)[-1] == ("year limit", "after 2 years, the game is drawn")
    result = CliRunner().invoke(cli, ["rules", str(CHITS)], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "Order of play (each game turn)" in result.output
    assert "game turn limit  after 6 game turns, the highest score wins" in result.output
    lines = turn_lines(stratagem.load(str(CHITS)))
    assert lines[0].startswith("activation: ")


def test_a_game_says_round_unless_told_otherwise() -> None:
    game = build(RULES.replace("STUCK", ""))
    assert game.describe_flow(game.new_state()) == "round 1, play"
    assert ending(game)[-1] == ("round limit", "after 5 rounds, the game is drawn")


@pytest.mark.parametrize("word", ["'Game Turn'", "3", "'turn!'", "[turn]", "''"])
def test_a_word_that_is_not_a_few_lower_case_words_is_refused(word: str) -> None:
    found = problems(_turns(word))
    assert len(found) == 1 and "`round` is what the game calls a round" in found[0], found
