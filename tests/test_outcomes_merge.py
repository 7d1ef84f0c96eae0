"""Outcomes that merge for any chance event: results that are the same (``is_same_result``:
equal but for the dice and what the log tells of them, which of identical cards is which,
and the order of a zone no one sees) are one outcome with their probabilities summed — dice that change nothing alike, a
draw of either of two equal cards from a player's own deck — while a list with nothing to
merge is exactly what it was."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from card_helpers import letters
from stratagem.engine import CHANCE, Action, Game, Rng, State, dumps, is_same_result, loads
from stratagem.rules import compile_text, load_rules

REDEAL_OWN = Path(__file__).parent / "card_games" / "redeal_own.yaml"
DECK = {"guard": 5, "priest": 2, "baron": 2, "handmaid": 2, "prince": 2, "king": 1,
        "countess": 1, "princess": 1}

DICE = """\
game: dice_merge
players: [red, blue]
narration: {aimed: "the shooter aims and rolls {die}"}
entities:
  target: {params: {hp: {max: 3, min: 0}}}
actions:
  shoot:
    effects:
      - roll: {as: die, dice: d6}
      - if: {test: "die == 6", then: [{damage: {to: "entities(type: 'target')[0]", amount: 1}}]}
    ends_turn: true
  note:
    effects:
      - roll: {as: die, dice: d6}
      - remember: {key: last, value: die}
    ends_turn: true
  aim:
    effects:
      - roll: {as: die, dice: d6}
      - emit: {event: aimed, fields: {die: die}}
      - if: {test: "die == 6", then: [{damage: {to: "entities(type: 'target')[0]", amount: 1}}]}
    ends_turn: true
  gamble:
    effects:
      - roll: {as: die, dice: d6}
      - if: {test: "die == 6", then: [{roll: {as: again, dice: d4}}]}
    ends_turn: true
flow:
  phases:
    - name: play
      actions: [shoot, note, aim, gamble]
setup:
  entities:
    - {type: target, owner: blue, at: [0, 0]}
board:
  layout: |
    .
"""

OWN_DECK = """\
game: own_deck
players: [north, south]
entities:
  guard: {params: {value: 1}}
  priest: {params: {value: 2}}
zones:
  deck: VISIBILITY
  hand: owner
actions:
  draw_one:
    effects: [{draw: {from: deck, to: hand}}]
    ends_turn: true
flow:
  phases:
    - name: play
      actions: [draw_one]
setup:
  entities:
    - {type: guard, owner: north, zone: deck}
    - {type: priest, owner: north, zone: deck}
    - {type: guard, owner: north, zone: deck}
"""


def _action(game: Game, s: State, name: str) -> Action:
    return next(a for a in game.legal_actions(s) if a.type == name)


def _dice() -> tuple[Game, State]:
    game = compile_text(DICE, "dice_merge.yaml")
    return game, game.new_state(seed=0)


def _hand(s: State, p: int = 0) -> list[str]:
    return [s.entity(c).type for c in s.players[p].zones["hand"]]


def test_dice_results_that_change_nothing_alike_are_one_outcome() -> None:
    """A shot that wounds only on a 6: the five other results leave the same state, so
    there are two outcomes, 5/6 (the state of a 1, its roll kept) and 1/6; the state of
    a 3 is the same result as the first without being equal to it (its roll differs)."""
    game, s = _dice()
    shoot = _action(game, s, "shoot")
    results = game.outcomes(s, shoot)
    assert [p for p, _ in results] == pytest.approx([5 / 6, 1 / 6])
    miss, hit = (after for _, after in results)
    assert dumps(miss) == dumps(game.apply(s, shoot, rolls=(1,)))
    assert dumps(hit) == dumps(game.apply(s, shoot, rolls=(6,)))
    three = game.apply(s, shoot, rolls=(3,))
    assert three != miss
    assert is_same_result(miss, three)
    assert not is_same_result(hit, three)


def test_results_that_differ_only_in_what_the_log_tells_are_one_outcome() -> None:
    """A shot whose roll is narrated (an event with the die in its fields): the log of a
    1 and of a 3 tell different rolls, but no rule reads the log, so the five misses are
    one outcome still, its state the 1's with its own narration."""
    game, s = _dice()
    aim = _action(game, s, "aim")
    results = game.outcomes(s, aim)
    assert [p for p, _ in results] == pytest.approx([5 / 6, 1 / 6])
    miss = results[0][1]
    three = game.apply(s, aim, rolls=(3,))
    assert miss.history[-1].events != three.history[-1].events
    assert dumps(miss) == dumps(game.apply(s, aim, rolls=(1,)))
    assert is_same_result(miss, three)
    assert not is_same_result(results[1][1], three)


def test_a_list_with_nothing_to_merge_is_as_it_was() -> None:
    """When every value of the die leaves a different state (it is remembered), the list
    is one outcome per value, in order, each byte for byte the state apply gives."""
    game, s = _dice()
    note = _action(game, s, "note")
    results = game.outcomes(s, note)
    assert len(results) == 6
    for value, (p, after) in enumerate(results, 1):
        assert p == pytest.approx(1 / 6)
        assert dumps(after) == dumps(game.apply(s, note, rolls=(value,)))


def test_results_that_differ_only_in_the_generator_are_one_outcome() -> None:
    """A 6 rolls a d4 that nothing reads: that result has used the generator once more,
    which no view shows, so every way the dice fall is one outcome of probability 1."""
    game, s = _dice()
    gamble = _action(game, s, "gamble")
    (only,) = game.outcomes(s, gamble)
    assert only[0] == pytest.approx(1.0)
    six = game.apply(s, gamble, rolls=(6, 2))
    assert six.rng != only[1].rng
    assert is_same_result(only[1], six)


def test_drawing_equal_cards_from_an_own_deck_is_one_outcome_per_face() -> None:
    """North's own deck of sixteen cards in eight faces, which no one sees: a draw is
    eight outcomes, each as likely as its face is common, each the state apply gives
    when the first card of that face is drawn (a draw the rules make)."""
    game = load_rules(REDEAL_OWN)
    s = game.new_state(seed=0)
    draw = _action(game, s, "draw_one")
    deck = s.players[0].zones["deck"]
    results = game.outcomes(s, draw)
    assert len(results) == len(DECK)
    for p, after in results:
        (kind,) = _hand(after)
        assert p == pytest.approx(DECK[kind] / 16)
        first = next(i for i, c in enumerate(deck) if s.entity(c).type == kind)
        assert dumps(after) == dumps(game.apply(s, draw, rolls=(first,)))
    assert sum(p for p, _ in results) == pytest.approx(1.0)


def test_any_card_drawn_in_play_is_the_same_result_as_its_faces_outcome() -> None:
    """Play still draws any of the sixteen cards; whichever it is, the state is the same
    result as the outcome of its face, and of no other face: the two differ only in which
    of equal cards is which and in the unseen order of the deck left."""
    game = load_rules(REDEAL_OWN)
    s = game.new_state(seed=0)
    draw = _action(game, s, "draw_one")
    results = game.outcomes(s, draw)
    for index in range(16):
        after = game.apply(s, draw, rolls=(index,))
        same = [_hand(r) for _, r in results if is_same_result(r, after)]
        assert same == [_hand(after)]
    drawn = {game.apply(game.new_state(seed=seed), draw).players[0].zones["hand"][0]
             for seed in range(300)}
    assert drawn == set(s.players[0].zones["deck"])


@pytest.mark.parametrize(("visibility", "expected"), [
    ("hidden", [("guard", 2 / 3), ("priest", 1 / 3)]),
    ("public", [("guard", 1 / 3), ("priest", 1 / 3), ("guard", 1 / 3)]),
])
def test_a_deck_whose_order_someone_sees_keeps_the_orders_apart(
        visibility: str, expected: list[tuple[str, float]]) -> None:
    """A deck of guard, priest, guard: hidden, drawing either guard is one result (the
    order left is unseen); public, the two guards leave priest-guard and guard-priest,
    which everyone tells apart, so they stay two outcomes."""
    game = compile_text(OWN_DECK.replace("VISIBILITY", visibility), "own_deck.yaml")
    s = game.new_state(seed=0)
    results = game.outcomes(s, _action(game, s, "draw_one"))
    assert [(_hand(r)[0], p) for p, r in results] == [
        (kind, pytest.approx(p)) for kind, p in expected]


def test_a_redeal_of_sixteen_own_cards_is_the_distinct_deals_in_few_calls() -> None:
    """Gathering, burning one and dealing two from an own deck of sixteen has 16 × 15 ×
    14 = 3360 ways but 442 distinct results (the kinds burned and dealt, in order); each
    has its exact probability, and outcomes gets them in one forward-model call per node
    of the tree of kinds (1 + 8 + 61 + 442 = 512), not the 3617 of card by card."""
    game = load_rules(REDEAL_OWN)
    s = game.new_state(seed=0)
    before = game.runtime.calls
    results = game.outcomes(s, _action(game, s, "redeal"))
    assert game.runtime.calls - before == 512
    assert len(results) == 442
    deals = Counter[tuple[str, ...]]()
    for p, after in results:
        (burned,) = after.players[0].zones["burned"]
        deal = (after.entity(burned).type, *_hand(after))
        deals[deal] += 1
        left, exact = dict(DECK), Fraction(1)
        for i, kind in enumerate(deal):
            exact *= Fraction(left[kind], 16 - i)
            left[kind] -= 1
        assert p == pytest.approx(float(exact))
    assert max(deals.values()) == 1
    assert sum(p for p, _ in results) == pytest.approx(1.0)


def test_explicit_chance_draws_any_card_and_each_is_the_outcome_of_its_face() -> None:
    """In explicit-chance mode the draw offers every card, weight 1 each, as play draws
    it (a driver answering with the state's generator plays the sampled game, and
    recorded rolls replay as before); whichever card is chosen, the state is the same
    result as the outcome of its face, with the log's extra chance record aside, and the
    game replays from its log."""
    game = load_rules(REDEAL_OWN)
    s = game.new_state(seed=0, explicit_chance=True)
    chance = game.apply(s, _action(game, s, "draw_one"))
    d = chance.decision
    assert d is not None and d.player == CHANCE
    assert d.weights == (1,) * 16
    sampled = game.new_state(seed=0)
    results = game.outcomes(sampled, _action(game, sampled, "draw_one"))
    for option in d.actions:
        after = game.apply(chance, option)
        assert loads(game, dumps(after), check_history=True) == after
        plain = game.apply(sampled, _action(game, sampled, "draw_one"),
                           rolls=(option.targets[0][1],))
        assert _hand(plain) == _hand(after)
        assert [_hand(r) for _, r in results if is_same_result(r, plain)] == [_hand(after)]


def test_sameness_keeps_apart_what_someone_can_tell() -> None:
    """Two draws of different faces, and a hand in another order, are not the same
    result; a state is the same result as itself and as its copy read back."""
    game = load_rules(REDEAL_OWN)
    s = game.new_state(seed=0)
    draw = _action(game, s, "draw_one")
    guard = game.apply(s, draw, rolls=(0,))
    princess = game.apply(s, draw, rolls=(15,))
    assert _hand(guard) == ["guard"] and _hand(princess) == ["princess"]
    assert not is_same_result(guard, princess)
    assert is_same_result(guard, loads(game, dumps(guard)))
    redeal = _action(game, s, "redeal")
    one = game.apply(s, redeal, rolls=(0, 14, 0))
    other = game.apply(s, redeal, rolls=(0, 0, 13))
    assert sorted(_hand(one)) == sorted(_hand(other)) and _hand(one) != _hand(other)
    assert not is_same_result(one, other)


@pytest.mark.parametrize("which", ["letters", "redeal_own"])
def test_the_sampled_result_is_among_the_outcomes_in_the_card_test_games(which: str) -> None:
    """In Letters (a shared deck, knowledge tracked) and the own-deck re-deal, every action
    of a random game leads, as sampled, to the same result as one of its outcomes, and
    the outcomes of a small list are distinct from one another."""
    game = letters(2) if which == "letters" else load_rules(REDEAL_OWN)
    rng = Rng(3)
    checked, enough = 0, 40 if which == "letters" else 5
    for seed in range(20):
        s = game.new_state(seed=seed)
        while s.decision is not None and checked < enough:
            actions = game.legal_actions(s)
            action = actions[rng.below(len(actions))]
            results = game.outcomes(s, action)
            assert sum(p for p, _ in results) == pytest.approx(1.0)
            sampled = game.apply(s, action)
            assert any(is_same_result(r, sampled) for _, r in results)
            for i, (_, a) in enumerate(results if len(results) <= 20 else ()):
                assert not any(is_same_result(a, b) for _, b in results[i + 1:])
            s = sampled
            checked += 1
    assert checked == enough
