"""`change_type`: an entity becomes one of another type (a man crowned a king) and keeps
its number, owner, place and statuses; the parameters both types have keep their values."""

from __future__ import annotations

import pytest

from rules_helpers import act, build, problems
from stratagem.engine import Pos, RuleError

RULES = """\
game: crown
players: [white, black]
board:
  size: [3, 3]
entities:
  man: {params: {moves: 1, age: 0}, actions: [step, crown_me]}
  king: {params: {moves: 2, rank: 5}, actions: [step, fly]}
actions:
  step:
    targets:
      to: {kind: position, from: "reachable(actor, actor.moves)"}
    effects:
      - move: {to: to}
      - if:
          test: "actor.type == 'man' and actor.pos.y == 2"
          then: [{change_type: {what: actor, to: king}}]
    ends_turn: true
  crown_me:
    effects: [{change_type: {what: actor, to: TO}}]
    ends_turn: true
  fly:
    effects: [{modify: {what: actor.rank, by: 1}}]
    ends_turn: true
flow:
  phases:
    - {name: play, actions: [step, crown_me, fly]}
setup:
  entities:
    - {type: man, owner: white, at: [0, 1], params: {age: 3}}
    - {type: man, owner: black, at: [2, 0]}
end:
  round_limit: 4
"""


def test_a_man_that_reaches_the_far_row_is_crowned_in_place() -> None:
    game = build(RULES.replace("TO", "king"))
    s = act(game, game.new_state(), "step #1 to=(0,2)")
    king = s.entities[1]
    assert (king.type, king.owner, king.pos) == ("king", 0, Pos(0, 2))
    # moves kept (both types have it), rank the king's default, age dropped
    assert dict(king.params) == {"moves": 1, "rank": 5}
    s = act(game, s, "step #2 to=(1,0)")  # black
    assert "fly #1" in [str(a) for a in game.legal_actions(s)]  # a king's action now
    assert not any(str(a).startswith("crown_me #1") for a in game.legal_actions(s))


def test_to_is_a_known_type_or_an_expression() -> None:
    (found,) = problems(RULES.replace("TO", "kign"))
    assert "unknown entity type `kign`" in found and "king" in found
    game = build(RULES.replace("TO", '"\'queen\'"'))
    with pytest.raises(RuleError, match="`to` is no entity type: 'queen'"):
        act(game, game.new_state(), "crown_me #1")


LOSE = """\
game: resign
players: [a, b, c]
actions:
  resign:
    effects: [{lose: {reason: "{player} resigns"}}]
    ends_turn: true
  wait: {ends_turn: true}
flow:
  phases:
    - {name: p, actions: [resign, wait]}
end:
  round_limit: 3
"""


def test_lose_puts_a_player_out_and_the_last_one_standing_wins() -> None:
    game = build(LOSE)
    s = act(game, game.new_state(), "resign")  # a resigns: b and c play on
    assert s.outcome is None and not s.players[0].alive
    assert s.decision is not None and s.decision.player == 1
    s = act(game, s, "resign")  # b resigns: c wins
    assert s.outcome is not None and s.outcome.winners == (2,)
    assert s.outcome.reason == "b resigns"
