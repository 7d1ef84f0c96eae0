"""Small checks of a rules file that a game written from the docs ran into."""

from __future__ import annotations

from rules_helpers import act, build, problems
from stratagem.engine.state_values import state_key

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


SEATS = """\
game: seats
players: [north, east, south, west]
player:
  out: 0
state:
  left: 0
  partner: 0
  right: 0
  number: 0
actions:
  look:
    effects:
      - set: {what: game.left, to: "seat_number(next_player(player))"}
      - set: {what: game.partner, to: "seat_number(next_player(player, steps: 2))"}
      - set: {what: game.right, to: "seat_number(next_player(player, steps: -1))"}
      - set: {what: game.number, to: "seat_number(player)"}
    ends_turn: true
  leave:
    effects: [{set: {what: player.out, to: 1}}]
    ends_turn: true
flow:
  phases:
    - {name: p, actions: [look, leave]}
end:
  lose:
    "{player} left": "player.out == 1"
  round_limit: 3
"""


def test_seats_round_the_table() -> None:
    game = build(SEATS)
    s = act(game, game.new_state(), "look")  # north
    assert [s.counters.get(state_key(k), 0) for k in ("left", "partner", "right", "number")] \
        == [1, 2, 3, 0]
    s = act(game, s, "leave")  # east leaves the game: passed over
    s = act(game, s, "look")  # south
    assert [s.counters.get(state_key(k), 0) for k in ("left", "partner", "right", "number")] \
        == [3, 0, 0, 2]
