"""A card laid on the board with `move` leaves its zone (a tile-laying game's tile, drawn
from a bag): it is in one place only, face up for everyone, and `move_card` takes it back.
Before, the card stayed listed in its zone as well and was offered, and moved, again."""

from __future__ import annotations

from rules_helpers import act, build, options
from stratagem.engine import dumps, loads

RULES = """\
game: laying
players: [ann, bob]
board: {size: [3, 3]%s}
entities:
  road: {symbol: r, params: {bends: {default: 0, min: 0, max: 3}}}
zones:
  bag: {owner: table, visibility: nobody}
  hand: {visibility: owner}
actions:
  lay:
    targets:
      card: {kind: card, from: "zone(player, 'hand')"}
      at: {position: empty}
    effects:
      - move: {what: card, to: at}
    ends_turn: true
  lift:
    targets:
      tile: {kind: entity}
    effects:
      - move_card: {card: tile, to: hand, player: player}
    ends_turn: true
flow:
  phases:
    - name: turns
      actions: [lay, lift]
end: {round_limit: 4}
setup:
  entities:
    - {type: road, zone: hand, owner: ann, count: 2}
    - {type: road, zone: hand, owner: bob, count: 1}
    - {type: road, zone: bag, count: 3}
"""


def _game(board_extra: str = "") -> object:
    return build(RULES % board_extra)


def _hand(state, player: int) -> tuple[int, ...]:
    return tuple(state.zone(player, "hand"))


def test_a_card_laid_on_the_board_leaves_its_zone_and_is_not_offered_again() -> None:
    game = build(RULES % "")
    state = game.new_state(seed=1)
    first = _hand(state, 0)[0]
    state = act(game, state, f"lay card=#{first} at=(0,0)")
    e = state.entities[first]
    assert e.pos == (0, 0) and e.zone is None
    assert first not in _hand(state, 0)
    assert len(_hand(state, 0)) == 1
    # bob's turn, then ann's: her laid card is no card of her hand any more
    state = act(game, state, f"lay card=#{_hand(state, 1)[0]} at=(1,0)")
    assert not any(f"card=#{first} " in o for o in options(state) if o.startswith("lay"))
    # one entity, one place: the saved state says the same
    again = loads(game, dumps(state))
    assert again.entities[first].pos == (0, 0) and again.entities[first].zone is None
    assert first not in _hand(again, 0)


def test_a_laid_card_is_face_up_for_every_player() -> None:
    game = build(RULES % "")
    state = game.new_state(seed=2)
    card = _hand(state, 0)[0]
    hidden = state.view(1).entities[card]
    assert hidden.type != "road"  # in ann's hand bob does not see its face
    state = act(game, state, f"lay card=#{card} at=(2,2)")
    seen = state.view(1).entities[card]
    assert seen.type == "road" and seen.pos == (2, 2)


def test_move_card_takes_a_laid_card_back_off_the_board() -> None:
    game = build(RULES % "")
    state = game.new_state(seed=3)
    card = _hand(state, 0)[0]
    state = act(game, state, f"lay card=#{card} at=(1,1)")
    state = act(game, state, f"lift tile=#{card}")  # bob lifts it into his hand
    e = state.entities[card]
    assert e.pos is None and e.zone == "hand" and e.owner == 1
    assert card in _hand(state, 1) and (1, 1) not in state.at


def test_a_card_laid_on_a_stacking_board_leaves_its_zone_too() -> None:
    game = build(RULES % ", capacity: 2")
    state = game.new_state(seed=4)
    a, b = _hand(state, 0)
    state = act(game, state, f"lay card=#{a} at=(0,1)")
    assert state.entities[a].zone is None and a not in _hand(state, 0)
    assert b in _hand(state, 0)
