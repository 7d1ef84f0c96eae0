"""Secret choices: players choose one after another, and what a later player is told of an
earlier choice must not tell it. A target declared `private: true` (a sealed bid) reads as
none in the others' logs and views; a card the others cannot see is never named in their
log; and the ids of cards the set-up places in a hand are dealt at random, since the rules
that place them are public. `validate` warns of a target written into a private parameter
that is not itself private."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from stratagem.engine import State
from stratagem.engine.serialize import rederive
from stratagem.rules import check_rules, compile_text

ANN, BOB = 0, 1

BIDS = """
game: sealed
players: [ann, bob]
player:
  bid: {default: 0, min: 0, max: 3, private: true}
  score: 0
actions:
  bid:
    text: "{player} lays a bid face down"
    targets:
      amount: {kind: number, from: "[1, 2, 3]"PRIVATE}
    effects:
      - {set: {what: player.bid, to: amount}}
      - {emit: {event: laid, fields: {size: 1}}}
    ends_turn: true
narration:
  laid: "a bid of {size} card is laid"
flow:
  phases:
    - name: bidding
      actions: [bid]
end:
  round_limit: 1
  score: player.score
"""

CARDS = """
game: matching
players: [ann, bob]
entities:
  bid: {params: {value: 0}}
zones:
  hand: owner
  sealed: owner
TABLE
actions:
  lay:
    targets:
      card: {kind: card, from: "zone(player, 'hand')"}
    effects: [{move_card: {card: card, to: sealed}}]
    ends_turn: true
flow:
  phases:
    - name: bidding
      actions: [lay]
end:
  round_limit: 1
setup:
  entities:
    - {type: bid, owner: ann, zone: hand, params: {value: 1}}
    - {type: bid, owner: ann, zone: hand, params: {value: 2}}
    - {type: bid, owner: ann, zone: hand, params: {value: 3}}
    - {type: bid, owner: bob, zone: hand, params: {value: 1}}
    - {type: bid, owner: bob, zone: hand, params: {value: 2}}
    - {type: bid, owner: bob, zone: hand, params: {value: 3}}
"""


def bid(private: bool) -> str:
    return BIDS.replace("PRIVATE", ", private: true" if private else "")


def ann_bids(text: str, amount: int) -> State:
    game = compile_text(text)
    state = game.new_state(seed=0)
    return game.apply(state, game.parse_action(state, f"bid amount={amount}"))


def test_a_private_target_is_none_in_the_others_log_and_kept_in_the_actors() -> None:
    views = [ann_bids(bid(private=True), amount).view(BOB) for amount in (1, 3)]
    for view in views:
        (record,) = view.history
        assert str(record.action) == "bid amount=-"
    assert views[0].history == views[1].history
    own = ann_bids(bid(private=True), 3).view(ANN)
    assert str(own.history[0].action) == "bid amount=3"


def test_without_private_the_target_is_told_and_validate_says_so(tmp_path: Path) -> None:
    view = ann_bids(bid(private=False), 3).view(BOB)
    assert str(view.history[0].action) == "bid amount=3"
    path = tmp_path / "sealed.yaml"
    path.write_text(bid(private=False), encoding="utf-8")
    _, warnings = check_rules(path)
    said = [w for w in warnings if "private parameter" in w.message]
    assert len(said) == 1
    assert said[0].message.startswith("the target `amount` of `bid` is written into `bid`")
    assert said[0].loc.line == 11  # the target's own line
    path.write_text(bid(private=True), encoding="utf-8")
    assert not [w for w in check_rules(path)[1] if "private parameter" in w.message]


def test_an_event_that_tells_a_private_target_is_warned_of(tmp_path: Path) -> None:
    path = tmp_path / "sealed.yaml"
    path.write_text(bid(private=True).replace('fields: {size: 1}',
                                              "fields: {size: amount}"), encoding="utf-8")
    said = [w.message for w in check_rules(path)[1] if "event field" in w.message]
    assert said == ["the event field `size` reads `amount`, a private target of `bid`: every "
                    "player is told what an event says"]


def test_private_is_true_or_false() -> None:
    with pytest.raises(Exception, match="`private`"):
        compile_text(BIDS.replace("PRIVATE", ", private: maybe"))


@pytest.mark.parametrize("table", [False, True])
def test_a_card_laid_from_a_hidden_hand_is_not_named_to_the_others(table: bool) -> None:
    """With or without a table zone (with one, the engine tracks who knows each card)."""
    text = CARDS.replace("TABLE", "  pile: {owner: table, visibility: public}" if table else "")
    game = compile_text(text)
    state = game.new_state(seed=0)
    laid = game.legal_actions(state)[0]
    state = game.apply(state, laid)
    assert str(state.view(BOB).history[0].action) == "lay card=-"
    assert state.view(ANN).history[0].action == laid


def test_the_ids_of_a_hand_the_set_up_places_say_nothing_of_their_faces() -> None:
    """Where the engine tracks cards (a table zone), the ids of each hand placed by the
    set-up are dealt at random, each place keeping its face; the deal is part of the seed,
    so a saved game still replays."""
    game = compile_text(CARDS.replace("TABLE", "  pile: {owner: table, visibility: public}"))
    orders: Counter[tuple[int, ...]] = Counter()
    for seed in range(120):
        state = game.new_state(seed=seed)
        hand = state.zone(ANN, "hand")
        assert sorted(hand) == [1, 2, 3]
        assert [state.entity(c)["value"] for c in hand] == [1, 2, 3]  # places keep faces
        orders[hand] += 1
    assert len(orders) == 6  # every order of the three ids turns up
    state = game.new_state(seed=7)
    state = game.apply(state, game.legal_actions(state)[0])
    assert rederive(state) == state


def test_a_deck_no_one_sees_keeps_the_ids_the_rules_place() -> None:
    text = CARDS.replace("  hand: owner", "  hand: hidden").replace(
        "TABLE", "  pile: {owner: table, visibility: public}")
    game = compile_text(text)
    assert {game.new_state(seed=s).zone(ANN, "hand") for s in range(20)} == {(1, 2, 3)}


TOLD_BID = (Path(__file__).parent / "outsider" / "sealed_bids" / "repro"
            / "13_no_warning_event_reads_hidden_card.yaml")


@pytest.mark.parametrize(("edit", "warned"), [
    ((), True),  # laid face down in `sealed`, its face told by the event
    (("to: sealed}", "to: pile}"), False),  # laid where everyone sees it: no secret
    (("value: card.value", "value: card.owner"), False),  # whose card it is: public
    (("      - move_card: {card: card, to: sealed}\n", ""), True),  # left in the hidden hand
])
def test_an_event_that_tells_a_card_left_hidden_is_warned_of(
        tmp_path: Path, edit: tuple[str, ...], warned: bool) -> None:
    """An event field reading the face of a card an action leaves where some players cannot
    see it tells every player that face (the sealed-bids writer's finding 13)."""
    text = TOLD_BID.read_text(encoding="utf-8")
    if edit:
        assert edit[0] in text
        text = text.replace(*edit)
    path = tmp_path / "told.yaml"
    path.write_text(text, encoding="utf-8")
    said = [w for w in check_rules(path)[1] if "face of a card" in w.message]
    assert bool(said) == warned, said
    if warned:
        assert said[0].message.startswith("the event field `value` reads `card.value`")
        assert said[0].loc.line == text.splitlines().index(
            next(x for x in text.splitlines() if "emit: {event: laid" in x)) + 1
