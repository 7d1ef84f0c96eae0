"""Piles: a player knows which cards a pile holds without knowing its order.

Everyone knows what each player's starting deck holds (the set-up is public); whoever
saw the discard pile knows what a deck reshuffled from it holds. ``determinize`` deals a
pile's faces among its cards only, where it once dealt any unseen face anywhere (a
player's own deck took cards from the supply they never bought)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from rules_helpers import act, build
from stratagem.engine import SerializationError, State
from stratagem.engine.piles import deal_order, face
from stratagem.engine.rng import Rng
from stratagem.engine.serialize import dumps, loads, rederive
from stratagem.engine.views import determinize

# Each player: a deck no one sees (3 copper, 2 estate), a hand only they see, a discard
# pile everyone sees. A supply of gold on the table that no one sees makes the game track
# cards. A turn: draw, discard a card from hand, or (deck empty) turn the discard pile
# over into the deck and shuffle it.
RULES = """\
game: piles
players: [ann, bob]
zones:
  supply: {owner: table, visibility: nobody}
  deck: {visibility: nobody}
  hand: owner
  discard: {visibility: everyone}
entities:
  copper: {}
  estate: {}
  gold: {}
actions:
  draw:
    when: "count(zone(player, 'deck')) > 0"
    effects:
      - draw: {from: deck, to: hand}
    ends_turn: true
  toss:
    targets:
      card: {kind: card, from: "zone(player, 'hand')"}
    effects:
      - move_card: {card: card, to: discard}
    ends_turn: true
  recycle:
    when: "count(zone(player, 'deck')) == 0 and count(zone(player, 'discard')) > 0"
    effects:
      - for_each: {as: c, in: "zone(player, 'discard')", do: [{move_card: {card: c, to: deck}}]}
      - shuffle: {zone: deck}
    ends_turn: true
flow:
  phases:
    - name: main
      actions: [draw, toss, recycle]
end: {round_limit: 30}
setup:
  entities:
    - {type: copper, owner: ann, zone: deck, count: 3}
    - {type: estate, owner: ann, zone: deck, count: 2}
    - {type: copper, owner: bob, zone: deck, count: 3}
    - {type: estate, owner: bob, zone: deck, count: 2}
    - {type: gold, zone: supply, count: 4}
"""


def deck_worlds(state: State, viewer: int, owner: int, worlds: int = 40) -> list[Counter[str]]:
    """What ``owner``'s deck holds in each of ``worlds`` determinizations of ``viewer``'s view."""
    view = state.view(viewer)
    out = []
    for seed in range(worlds):
        full = determinize(view, seed)
        out.append(Counter(full.entities[i].type for i in full.players[owner].zones["deck"]))
    return out


def truly(state: State, owner: int) -> Counter[str]:
    return Counter(state.entities[i].type for i in state.players[owner].zones["deck"])


def test_the_set_up_is_public_no_deck_gets_gold() -> None:
    game = build(RULES)
    s = game.new_state(seed=1)
    for viewer in (0, 1):
        for owner in (0, 1):
            assert all(w == truly(s, owner) == Counter(copper=3, estate=2)
                       for w in deck_worlds(s, viewer, owner))


def test_a_drawn_card_leaves_its_pile_with_its_face() -> None:
    game = build(RULES)
    s = act(game, game.new_state(seed=1), "draw")  # ann draws one card
    drawn = s.entities[s.players[0].zones["hand"][0]].type
    left = Counter(copper=3, estate=2)
    left[drawn] -= 1
    assert truly(s, 0) == left
    assert all(w == left for w in deck_worlds(s, 0, 0))  # ann knows what she drew
    # bob did not see it: ann's hand card and deck hold the five cards between them
    view = s.view(1)
    for seed in range(30):
        full = determinize(view, seed)
        both = [*full.players[0].zones["deck"], *full.players[0].zones["hand"]]
        assert Counter(full.entities[i].type for i in both) == Counter(copper=3, estate=2)


def play_to_reshuffle(game, seed: int) -> State:  # type: ignore[no-untyped-def]
    """Ann draws her whole deck, tosses it all, turns it over; bob only draws."""
    s = game.new_state(seed=seed)
    for _ in range(5):
        s = act(game, s, "draw")
        s = act(game, s, "draw")
    for _ in range(5):
        card = s.players[0].zones["hand"][0]
        s = act(game, s, f"toss card=#{card}")
        s = act(game, s, "toss card=#" + str(s.players[1].zones["hand"][0]))
    s = act(game, s, "recycle")
    return s


@pytest.mark.parametrize("seed", [0, 3])
def test_a_reshuffled_deck_holds_what_the_discard_showed(seed: int) -> None:
    game = build(RULES)
    s = play_to_reshuffle(game, seed)
    assert len(s.players[0].zones["deck"]) == 5
    # Ann and bob both saw her discard pile: both know her new deck's five cards.
    for viewer in (0, 1):
        assert all(w == Counter(copper=3, estate=2) for w in deck_worlds(s, viewer, 0))
    # Its order is unknown: the worlds put the cards in different orders.
    orders = set()
    view = s.view(0)
    for k in range(30):
        full = determinize(view, k)
        orders.add(tuple(full.entities[i].type for i in full.players[0].zones["deck"]))
    assert len(orders) > 1


def test_a_view_keeps_only_its_viewers_piles() -> None:
    game = build(RULES)
    s = play_to_reshuffle(game, 0)
    assert set(s.cards.piles) == {0, 1}
    for viewer in (0, 1):
        assert set(s.view(viewer).cards.piles) == {viewer}


def test_piles_are_saved_and_replayed() -> None:
    game = build(RULES)
    s = play_to_reshuffle(game, 3)
    back = loads(game, dumps(s))
    assert back.cards.piles == s.cards.piles and back == s
    assert rederive(back) == s
    view = s.view(1)
    assert loads(game, dumps(view)).cards.piles == view.cards.piles


def test_exact_outcomes_of_a_draw_from_a_pile() -> None:
    """Drawing from the reshuffled deck: two results (a copper, an estate), 3/5 and 2/5,
    each leaving ann's piles as a draw in play would."""
    game = build(RULES)
    s = play_to_reshuffle(game, 0)
    s = act(game, s, "recycle")  # bob turns his own discard over
    action = next(a for a in game.legal_actions(s) if a.type == "draw")
    outs = game.outcomes(s, action)
    got = {}
    for p, after in outs:
        card = after.entities[after.players[0].zones["hand"][-1]]
        got[card.type] = got.get(card.type, 0) + p
        assert truly(after, 0) + Counter([card.type]) == Counter(copper=3, estate=2)
        assert all(w == truly(after, 0) for w in deck_worlds(after, 0, 0, 10))
    assert got == pytest.approx({"copper": 0.6, "estate": 0.4})


def test_a_pile_that_no_longer_fits_is_let_go() -> None:
    """deal_order gives up on a pile whose faces the pool lacks (a card changed while
    hidden): determinize then deals as before, among all the faces withheld."""
    game = build(RULES)
    s = game.new_state(seed=1)
    e = s.entities[1]
    stale = ((frozenset({1, 2}), (("gold", (), ()), ("gold", (), ()))),)
    pool = [face(s.entities[i]) for i in (1, 2)]
    assert deal_order(stale, [1, 2], pool, lambda i: face(s.entities[i]), Rng(0)) is None
    fits = ((frozenset({1, 2}), tuple(pool)),)
    dealt = deal_order(fits, [1, 2], pool, lambda i: face(s.entities[i]), Rng(0))
    assert dealt is not None and sorted(dealt) == sorted(pool)
    assert e.type in ("copper", "estate")


def test_a_file_of_the_version_before_piles_still_loads() -> None:
    """A state saved by version 2 (no piles, no picked draws in its log) loads and checks
    out: what it lacks comes back from its moves."""
    game = build(RULES)
    s = play_to_reshuffle(game, 3)
    s = act(game, s, "recycle")
    s = act(game, s, "draw")
    old = json.loads(dumps(s, 2))
    assert old["version"] == 2 and "piles" not in old["cards"]
    assert all(len(entry) <= 5 for entry in old["log"])
    back = loads(game, json.dumps(old))
    assert back == s and back.cards.piles == s.cards.piles
    # A file of version 2 whose position does not follow from its moves is still refused.
    old["players"][0]["zones"]["hand"].reverse()
    old["players"][0]["zones"]["hand"].append(99)
    with pytest.raises(SerializationError):
        loads(game, json.dumps(old))
