"""A card drawn at random is recorded among the rolls (so that a replay re-derives it), but
a narration shows the dice only: the place of a card in a zone means nothing to a reader."""

from __future__ import annotations

from rules_helpers import act, build
from stratagem.arena.narration import tell
from stratagem.engine.serialize import dumps, loads, rederive
from stratagem.games import load

# One action throws a die, draws a card, throws again: three rolls, the middle one a draw.
RULES = """\
game: gamble
players: [north, south]
zones:
  deck: {owner: table, visibility: nobody}
  hand: owner
entities:
  card: {params: {value: 1}}
actions:
  gamble:
    effects:
      - roll: {as: first, dice: d6}
      - draw: {from: deck, to: hand}
      - roll: {as: second, dice: d6}
      - remember: {key: thrown, value: "[first, second]"}
    ends_turn: true
flow:
  phases:
    - name: main
      actions: [gamble]
end: {round_limit: 2}
setup:
  entities:
    - {type: card, zone: deck, count: 5}
"""


def test_a_draw_is_a_roll_marked_as_a_pick() -> None:
    game = build(RULES)
    s = game.new_state(seed=4)
    after = act(game, s, "gamble")
    rec = after.history[-1]
    first, second = after.memory["thrown"]
    assert len(rec.rolls) == 3 and rec.picked == 0b010
    assert rec.dice() == (first, second)
    step = tell(game, s, 0, rec.action, after)
    assert step.rolls == (first, second)


def test_exact_outcomes_mark_the_draw_as_apply_does() -> None:
    game = build(RULES)
    s = game.new_state(seed=4)
    action = game.legal_actions(s)[0]
    applied = game.apply(s, action).history[-1]
    for _, out in game.outcomes(s, action):
        assert out.history[-1].picked == applied.picked == 0b010


def test_a_saved_game_keeps_which_rolls_were_draws() -> None:
    game = build(RULES)
    s = game.new_state(seed=2)
    for _ in range(3):
        s = act(game, s, "gamble")
    back = loads(game, dumps(s))
    assert [r.picked for r in back.history] == [r.picked for r in s.history] == [0b010] * 3
    assert back == s
    assert rederive(back) == s


def test_high_card_narrates_no_numbers_for_its_draws() -> None:
    """High card draws after each trick and throws no die: no step shows rolls."""
    game = load("high_card")
    s = game.new_state(seed=1)
    drawn = 0
    while s.outcome is None:
        assert s.decision is not None
        action = game.legal_actions(s)[0]
        after = game.apply(s, action)
        drawn += len(after.history[-1].rolls)
        assert tell(game, s, s.decision.player, action, after).rolls == ()
        s = after
    assert drawn == 6  # each player draws once after each of the three tricks
