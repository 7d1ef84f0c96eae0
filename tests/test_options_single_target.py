"""A step that offers one player action with one target lists that target's candidates
straight (the fast path of tic-tac-toe's cells, connect four's columns), but only when the
target has no conditions: a `where` on it is tested like anywhere else."""

from __future__ import annotations

import pytest

import stratagem
from rules_helpers import build
from stratagem.engine import IllegalActionError, parse_action

CARDS = """\
game: follow
players: [ann, bob]
entities:
  red_card: {params: {colour: 1}}
  black_card: {params: {colour: 2}}
zones:
  hand: owner
setup:
  entities:
    - {type: red_card, owner: ann, zone: hand}
    - {type: black_card, owner: ann, zone: hand}
    - {type: red_card, owner: bob, zone: hand}
actions:
  play:
    targets:
      card: {kind: card, from: "zone(player, 'hand')", where: {"must be red": "card.colour == 1"}}
    effects: [{remove: card}]
    ends_turn: true
flow:
  phases:
    - name: turns
      actions: [play]
end:
  round_limit: 1
"""

NUMBERS = """\
game: pick
players: [ann, bob]
actions:
  pick:
    targets:
      n: {kind: number, from: "range(0, 3)", where: "n == 1"}
    ends_turn: true
flow:
  phases:
    - name: turns
      actions: [pick]
end:
  round_limit: 1
"""


def test_a_where_on_the_one_target_of_the_one_action_is_tested() -> None:
    game = build(CARDS)
    s = game.new_state()
    assert [str(a) for a in game.legal_actions(s)] == ["play card=#1"]
    why = game.why_illegal(s, parse_action("play card=#2"))
    assert why is not None and "must be red" in why
    with pytest.raises(IllegalActionError):
        game.apply(s, parse_action("play card=#2"))
    game = build(NUMBERS)
    assert [str(a) for a in game.legal_actions(game.new_state())] == ["pick n=1"]


def test_games_without_conditions_keep_the_fast_path() -> None:
    for name in ("tic_tac_toe", "connect_four"):
        game = stratagem.load(name)
        assert game.quick_action is not None and game.single_target
    assert not build(CARDS).single_target and not build(NUMBERS).single_target
