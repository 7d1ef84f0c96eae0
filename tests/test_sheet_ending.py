"""`stratagem rules` says how a game ends, from its rules alone (a single rules file has no
README to say it): each end rule by its label, a player with no move (`stuck:`), and the
round limit with the score that ranks the players then."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

import stratagem
from stratagem.cli.main import cli
from stratagem.games.sheet import ending, rules_sheet
from test_flow_stuck import RULES as STUCK_RULES

ENDS = """\
end:
  win:
    "{player} reaches the far end": "count(entities(owner: player)) > 5"
  lose:
    out of pawns: "count(entities(owner: player)) == 0"
  draw:
    both stuck: "game.round > 99"
  round_limit: 5
  score: "count(entities(owner: player)) * 2"
"""


def _rules(tmp_path: Path, stuck: str, end: str) -> Path:
    path = tmp_path / "strip.yaml"
    path.write_text(STUCK_RULES.replace("STUCK", stuck).replace("end:\n  round_limit: 5\n", end))
    return path


def test_every_way_a_game_ends_is_on_its_sheet(tmp_path: Path) -> None:
    path = _rules(tmp_path, "stuck: lose", ENDS)
    assert ending(stratagem.load(str(path))) == (
        ("win", "red or blue reaches the far end"),
        ("lose", "red or blue: out of pawns"),
        ("draw", "both stuck"),
        ("lose", "a player with no legal move as their turn begins is out"),
        ("round limit", "after 5 rounds, the highest score wins "
                        "(score: count(entities(owner: player)) * 2)"),
    )
    result = CliRunner().invoke(cli, ["rules", str(path)], terminal_width=120)
    assert result.exit_code == 0, result.output
    tail = [line.rstrip() for line in result.output.splitlines()]
    at = tail.index("How it ends")
    assert tail[at + 1:at + 3] == ["  win          red or blue reaches the far end",
                                   "  lose         red or blue: out of pawns"]
    assert "round limit after 5 rounds, the highest score wins (score: count(entities(" \
           "owner: player)) * 2)" in " ".join(result.output.split())  # wrapped as it fits


def test_a_stalemate_and_a_drawn_round_limit_are_said(tmp_path: Path) -> None:
    path = _rules(tmp_path, "stuck: draw", "end:\n  round_limit: 5\n")
    assert ending(stratagem.load(str(path))) == (
        ("draw", "a player with no legal move as their turn begins: the game is drawn"),
        ("round limit", "after 5 rounds, the game is drawn"),
    )


def test_a_rule_checked_for_the_mover_says_so() -> None:
    assert ending(stratagem.load("tic_tac_toe")) == (
        ("win", "x or o: three in a row (checked for the player who has just moved)"),
        ("draw", "the board is full"))


def test_effects_that_end_the_game_are_on_the_sheet(tmp_path: Path) -> None:
    """A `win`, `lose`, `draw_game` or `end_game` effect ends a game too: each is listed by
    its reason and line (Caravans ended by a trigger the sheet left out)."""
    path = tmp_path / "strip.yaml"
    path.write_text(STUCK_RULES.replace("STUCK", "").replace(
        "      - end_turn: {}\n",
        "      - if:\n          test: \"to.x == 2\"\n"
        "          then: [{end_game: {reason: the strip is crossed}}]\n"
        "      - end_turn: {}\n").replace("end:\n  round_limit: 5\n",
                                          "end:\n  round_limit: 5\n  score: game.round\n"))
    line = path.read_text().splitlines().index(
        "          then: [{end_game: {reason: the strip is crossed}}]") + 1
    rows = ending(stratagem.load(str(path)))
    assert ("end", f"the strip is crossed: the highest score wins (an effect, line {line})") \
        in rows


def test_a_loose_rules_file_finds_its_words(tmp_path: Path) -> None:
    """`caravans.md` beside `caravans.yaml`, or the folder's README.md when the file is the
    folder's only rules file; never a README of a folder of several games."""
    path = _rules(tmp_path, "stuck: lose", ENDS)
    (tmp_path / "README.md").write_text("# Strip\n\nWalk the strip.\n")
    assert rules_sheet(stratagem.load(str(path))).readme.startswith("# Strip")
    (tmp_path / "strip.md").write_text("# The strip, in words\n")
    assert rules_sheet(stratagem.load(str(path))).readme.startswith("# The strip, in words")
    (tmp_path / "strip.md").unlink()
    other = tmp_path / "other.yaml"
    other.write_text(path.read_text().replace("game: stuck", "game: other"))
    assert rules_sheet(stratagem.load(str(other))).readme == ""
