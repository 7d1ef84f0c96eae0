"""`stratagem rules` counts every card the set-up puts in a zone, also of a type that
starts on the board too (a tile-laying game's first tile laid, the rest in the bag): the
type is a unit and a card. Before, it was told as a unit only, and the cards in the bag
went uncounted (tests/outsider/tiles, finding 7)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from stratagem.cli.main import cli

REPRO = (Path(__file__).parent / "outsider" / "tiles" / "repro"
         / "06_rules_sheet_card_on_board.yaml")


def test_a_type_on_the_board_and_in_the_bag_is_counted_among_the_cards() -> None:
    result = CliRunner().invoke(cli, ["rules", str(REPRO)], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    units, cards = result.output.split("Units", 1)[1].split("Cards", 1)
    cards = cards.split("Order of play", 1)[0]
    assert "road" in units
    assert "road  rot 0 ×3" in cards and "city  rot 0 ×2" in cards, cards
