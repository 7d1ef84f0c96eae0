"""The rules sheet of a board game with a deck the set-up spawns: the deck's cards are
listed as cards, not as units with board glyphs; an item's description is printed; an
ending's `{player}` reads as the players' names (the crawl writer's finding 8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_cli import run

CRAWL = Path(__file__).parent / "outsider" / "crawl" / "crawl.yaml"


def test_a_spawned_deck_is_cards_and_items_keep_their_words(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", str(CRAWL))
    assert code == 0
    lines = out.splitlines()
    units, cards = lines.index("Units"), lines.index("Cards")
    assert units < cards
    unit_part = "\n".join(lines[units:cards])
    card_part = "\n".join(lines[cards:lines.index("Terrain")])
    for card in ("rush", "strike", "brace", "lumber"):
        assert f"\n{card} " in card_part and f" {card} " not in unit_part
    assert "card init 15, card move 2" in card_part
    assert "The chest's gold." in unit_part and "Drink it" in unit_part
    assert "heroes or monsters escape with the treasure" in out
    assert "a player" not in out
