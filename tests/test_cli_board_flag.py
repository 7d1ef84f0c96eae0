"""`stratagem play --board` draws the table after every move, a card game's hands and
piles too (a game with no board drew nothing); with a person seated in a game that hides
things, it draws what that person may see, never the other hands."""

from __future__ import annotations

from click.testing import CliRunner

from stratagem.cli.main import cli


def _hands(output: str, seat: str) -> list[str]:
    """The `hand:` lines printed under each of ``seat``'s headings."""
    lines = output.splitlines()
    return [lines[i + 1 + k] for i, line in enumerate(lines) if line.startswith(f"{seat}")
            for k in range(3) if i + 1 + k < len(lines)
            and lines[i + 1 + k].lstrip().startswith("hand:")]


def test_watching_a_card_game_draws_its_table() -> None:
    result = CliRunner().invoke(cli, ["play", "court_letters", "--agents", "random,random",
                                      "--seed", "1", "--board"])
    assert result.exit_code == 0, result.output
    south = _hands(result.output, "South:")
    assert len(south) > 3 and any("#" in h for h in south)  # spectators see every card


def test_a_person_at_the_table_sees_only_their_own_hand() -> None:
    result = CliRunner().invoke(cli, ["play", "court_letters", "--agents", "human,random",
                                      "--seed", "1", "--board"],
                                input="random\n" * 6 + "quit\n")
    assert "South" in result.output
    south = _hands(result.output, "South:")
    assert south and all("#" not in h for h in south), south  # backs only
    assert any("#" in h for h in _hands(result.output, "North (you):"))


def test_a_person_on_a_board_with_hands_sees_only_their_own() -> None:
    """Elemental Duel has a board and hidden hands: the table drawn after the agent's moves
    is the person's view (it was the whole state, every hand named)."""
    result = CliRunner().invoke(cli, ["play", "elemental_duel", "--agents", "human,random",
                                      "--seed", "1", "--board"],
                                input="random\n" * 8 + "quit\n")
    blue = _hands(result.output, "Blue")
    assert len(blue) > 2 and all("#" not in h for h in blue), blue
