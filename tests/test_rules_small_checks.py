"""Small checks of a rules file that a game written from the docs ran into."""

from __future__ import annotations

from rules_helpers import problems

CARD = """\
game: cf
players: [a, b]
zones: {hand: owner}
entities:
  c: {symbol: SYMBOL}
setup:
  entities:
    - {type: c, owner: a, zone: hand}
actions:
  play:
    targets:
      card: {kind: card}
    ends_turn: true
flow:
  phases:
    - {name: p, actions: [play]}
end: {round_limit: 1}
"""


def test_a_card_target_without_from_says_where_cards_come_from() -> None:
    (found,) = problems(CARD.replace("SYMBOL", "C"))
    assert found.startswith("rules.yaml:12:13: target `card` of kind card needs `from`")
    assert "from: \"zone(player, 'hand')\"" in found


def test_a_symbol_longer_than_a_square_is_refused() -> None:
    text = CARD.replace("SYMBOL", '"10♣"').replace("{kind: card}",
                                                   "{kind: card, from: \"zone(player, 'hand')\"}")
    (found,) = problems(text)
    assert found.startswith("rules.yaml:5:15: a symbol is one or two characters")
    assert "`10♣`" in found and "label" in found
