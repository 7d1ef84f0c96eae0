"""Outcomes that merge, for any chance event: results that are the same state are one
outcome with their probabilities summed — two dice results that change nothing alike, a
draw of either of two equal cards from a player's own deck — while lists with nothing to
merge stay exactly as they were."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from stratagem.engine import Game, State
from stratagem.rules import compile_text

DICE = """\
game: dice
players: [red, blue]
entities:
  target: {params: {hp: {max: 3, min: 0}}}
actions:
  shoot:
    source: player
    effects:
      - roll: {as: die, dice: d6}
      - if: {test: "die == 6", then: [{damage: {to: "entities(type: 'target')[0]", amount: 1}}]}
    ends_turn: true
  note:
    source: player
    effects:
      - roll: {as: die, dice: d6}
      - remember: {key: last, value: die}
    ends_turn: true
flow:
  phases:
    - name: play
      actions: [shoot, note]
setup:
  entities:
    - {type: target, owner: blue, at: [0, 0]}
board:
  layout: |
    .
"""

KINDS = {"guard": 5, "priest": 2, "baron": 2, "handmaid": 2, "prince": 2, "king": 1,
         "countess": 1, "princess": 1}
DECK = """\
game: own_deck
players: [north, south]
entities:
""" + "".join(f"  {k}: {{params: {{value: {i}}}}}\n" for i, k in enumerate(KINDS, 1)) + """\
zones:
  deck: owner
  hand: owner
actions:
  draw_one:
    source: player
    effects: [{draw: {from: deck, to: hand}}]
    ends_turn: true
  draw_three:
    source: player
    effects:
      - draw: {from: deck, to: hand}
      - draw: {from: deck, to: hand}
      - draw: {from: deck, to: hand}
    ends_turn: true
flow:
  phases:
    - name: play
      actions: [draw_one, draw_three]
setup:
  entities:
""" + "".join(f"    - {{type: {k}, owner: north, zone: deck, count: {n}}}\n"
              for k, n in KINDS.items())


def _start(text: str) -> tuple[Game, State]:
    game = compile_text(text, "merge.yaml")
    return game, game.new_state(seed=0)


def _action(game: Game, s: State, name: str) -> object:
    return next(a for a in game.legal_actions(s) if a.type == name)


def test_dice_results_that_change_nothing_alike_are_one_outcome() -> None:
    """A shot that wounds only on a 6: five results of the die leave the same state, so
    there are two outcomes, 5/6 (the state of a 1, its roll recorded) and 1/6."""
    game, s = _start(DICE)
    shoot = _action(game, s, "shoot")
    results = game.outcomes(s, shoot)
    assert [p for p, _ in results] == pytest.approx([5 / 6, 1 / 6])
    miss, hit = (after for _, after in results)
    assert game.serialize(miss) == game.serialize(game.apply(s, shoot, rolls=(1,)))
    assert game.serialize(hit) == game.serialize(game.apply(s, shoot, rolls=(6,)))


def test_a_list_with_nothing_to_merge_is_as_it_was() -> None:
    """When every die result leaves a different state, the list is one outcome per value
    in order, each exactly the state apply gives for that roll, byte for byte."""
    game, s = _start(DICE)
    note = _action(game, s, "note")
    results = game.outcomes(s, note)
    assert len(results) == 6
    for value, (p, after) in enumerate(results, 1):
        assert p == pytest.approx(1 / 6)
        assert game.serialize(after) == game.serialize(game.apply(s, note, rolls=(value,)))


def test_drawing_equal_cards_from_an_own_deck_is_one_outcome_per_face() -> None:
    """North's own deck of sixteen cards in eight faces: a draw is eight outcomes, each
    as likely as its face is common in the deck."""
    game, s = _start(DECK)
    results = game.outcomes(s, _action(game, s, "draw_one"))
    assert len(results) == len(KINDS)
    for p, after in results:
        (card,) = after.players[0].zones["hand"]
        assert p == pytest.approx(KINDS[after.entity(card).type] / 16)
    assert sum(p for p, _ in results) == pytest.approx(1.0)


def test_three_draws_from_sixteen_cards_merge_to_the_distinct_hands() -> None:
    """Three draws from the sixteen-card deck have 16 x 15 x 14 = 3360 ways but 442
    distinct hands (kinds in order); outcomes lists each once with its exact
    probability, and gets there in a few hundred applications of the action, not
    thousands (counted in forward-model calls, which mean the same on any machine)."""
    game, s = _start(DECK)
    before = game.runtime.calls
    results = game.outcomes(s, _action(game, s, "draw_three"))
    calls = game.runtime.calls - before
    assert len(results) == 442
    assert calls < 600
    hands = Counter[tuple[str, ...]]()
    for p, after in results:
        hand = tuple(after.entity(c).type for c in after.players[0].zones["hand"])
        hands[hand] += 1
        left = dict(KINDS)
        exact = Fraction(1)
        for i, kind in enumerate(hand):
            exact *= Fraction(left[kind], 16 - i)
            left[kind] -= 1
        assert p == pytest.approx(float(exact))
    assert max(hands.values()) == 1


def test_play_still_draws_any_card_of_the_deck() -> None:
    """Playing with the state's own dice, a draw may take any card of the deck, not only
    the first of each face: over many seeds every one of the sixteen turns up."""
    game = compile_text(DECK, "merge.yaml")
    drawn = set()
    for seed in range(200):
        s = game.new_state(seed=seed)
        after = game.apply(s, _action(game, s, "draw_one"))
        drawn.update(after.players[0].zones["hand"])
    assert len(drawn) == 16
