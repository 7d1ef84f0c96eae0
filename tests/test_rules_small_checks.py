"""Small checks of a rules file that a game written from the docs ran into."""

from __future__ import annotations

import pytest

from rules_helpers import act, build, problems
from stratagem.engine import RuleError
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


MOVES = """\
game: moves
players: [red, blue]
board:
  size: [4, 4]
entities:
  pawn: {actions: [hop, shove, gone]}
actions:
  hop:
    effects:
      - move: {to: "(actor.pos.x / 3, 0)"}
    ends_turn: true
  shove:
    effects:
      - move: {what: "occupant((3, 3))", to: "(0, 0)"}
    ends_turn: true
  gone:
    effects:
      - kill: actor
      - move: {to: "(0, 0)"}
    ends_turn: true
flow:
  phases:
    - {name: play, actions: [hop, shove, gone]}
setup:
  entities:
    - {type: pawn, owner: red, at: [1, 1]}
end:
  round_limit: 2
"""


def test_a_position_is_whole_numbers() -> None:
    """(1, 1.5) is no square: an error where it is written, or where the rule fails."""
    (found,) = problems(MOVES.replace('"occupant((3, 3))"', '"occupant((1, 1.5))"'))
    assert found.startswith("rules.yaml:14:36:")
    assert "a position's coordinates are whole numbers, not 1.5" in found
    game = build(MOVES)
    with pytest.raises(RuleError, match=r"whole numbers, not 0\.333"):
        act(game, game.new_state(), "hop #1")


def test_a_move_of_nothing_says_so_and_a_fallen_mover_is_left_alone() -> None:
    game = build(MOVES)
    with pytest.raises(RuleError, match="`what` is none: no entity to move"):
        act(game, game.new_state(), "shove #1")
    s = act(game, game.new_state(), "gone #1")
    assert 1 not in s.entities
