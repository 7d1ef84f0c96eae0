"""A result that an end rule gives several players at once says it of each of them."""

from __future__ import annotations

from rules_helpers import act, build

RULES = """\
game: tie
players: [ann, bob, cid]
player:
  points: 0
state:
  over: 0
actions:
  score:
    effects:
      - modify: {what: player.points, by: 1}
    ends_turn: true
  rest: {ends_turn: true}
  stop:
    effects:
      - set: {what: game.over, to: 1}
    ends_turn: true
flow:
  phases:
    - name: main
      actions: [score, rest, stop]
end:
  WINS
  round_limit: 5
"""


def test_a_shared_win_names_every_winner() -> None:
    game = build(RULES.replace("WINS", '''win:
    "{player} has the most points": "game.over == 1 and player.points == max(map(players(), to: it.points))"'''))
    s = game.new_state()
    for text in ("score", "rest", "score", "stop"):
        s = act(game, s, text)
    assert s.outcome is not None and s.outcome.winners == (0, 2)
    assert s.outcome.reason == "ann has the most points and cid has the most points"


def test_one_winner_or_a_reason_without_a_name_reads_as_before() -> None:
    game = build(RULES.replace("WINS", '''win:
    "the game was stopped": "game.over == 1 and player.points == max(map(players(), to: it.points))"'''))
    s = game.new_state()
    for text in ("score", "rest", "score", "stop"):
        s = act(game, s, text)
    assert s.outcome.winners == (0, 2) and s.outcome.reason == "the game was stopped"
    game = build(RULES.replace("WINS", '''win:
    "{player} has the most points": "game.over == 1 and player.points == max(map(players(), to: it.points))"'''))
    s = game.new_state()
    for text in ("score", "rest", "rest", "stop"):
        s = act(game, s, text)
    assert s.outcome.winners == (0,) and s.outcome.reason == "ann has the most points"
