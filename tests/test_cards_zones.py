"""Table zones in the rules format, card moves between table and players, and the two zone
bugs of issue 16: `change_owner` on a card, and `draw … as:` from an empty zone."""

from __future__ import annotations

import pytest

from rules_helpers import act, build, problems
from stratagem.engine import RuleError
from stratagem.engine.views import HIDDEN, UNSEEN

HEAD = """\
game: zones
players: [north, south, west]
entities:
  coin: {params: {value: 1}}
"""

FLOW = """\
flow:
  phases:
    - name: main
      actions: [give, pass]
actions:
  pass: {ends_turn: true}
  give:
    targets:
      card: {kind: card, from: "zone(player, 'hand')"}
    effects:
      - change_owner: {what: card, to: "highest(opponents(), by: 0 - it)"}
    ends_turn: true
end: {round_limit: 3}
"""


def test_zones_are_each_players_or_the_tables_with_visibility_per_player() -> None:
    """`owner: table` makes one shared zone; visibility may be everyone, nobody, owner, or
    a list of players (who then alone see it); the old words still read."""
    game = build(HEAD + """\
zones:
  deck: {owner: table, visibility: nobody}
  market: {owner: table, visibility: everyone}
  box: {owner: table, visibility: [south, west]}
  hand: owner
  pile: {visibility: public}
  secret: hidden
setup:
  entities:
    - {type: coin, zone: deck, count: 3}
    - {type: coin, zone: market}
""" + FLOW)
    zones = {z.name: (z.table, z.visibility, z.seen_by) for z in game.zones}
    assert zones == {"deck": (True, "hidden", ()), "market": (True, "public", ()),
                     "box": (True, "players", (1, 2)), "hand": (False, "owner", ()),
                     "pile": (False, "public", ()), "secret": (False, "hidden", ())}
    s = game.new_state()
    assert [len(s.cards.table[z]) for z in ("deck", "market", "box")] == [3, 1, 0]
    assert set(s.players[0].zones) == {"hand", "pile", "secret"}
    market = s.cards.table["market"][0]
    assert s.cards.known[market] == frozenset({0, 1, 2})


@pytest.mark.parametrize(("zone", "message"), [
    ("{owner: table, visibility: owner}",
     "4:36: table zone `deck` has no owner to see it — everyone, nobody or a list of players"),
    ("{owner: box}", "4:17: unknown owner `box` of zone `deck` — player (each player has one) "
     "or table (one zone, shared)"),
    ("{owner: table, visibility: some}", "4:36: unknown visibility `some` — public (or "
     "everyone), owner, hidden (or nobody), or a list of players"),
    ("{owner: table, visibility: [north, east]}",
     "4:44: unknown player `east` — did you mean `west`?"),
])
def test_a_bad_zone_is_one_located_error(zone: str, message: str) -> None:
    """Each wrong zone declaration is reported once, at its place, with a hint."""
    text = HEAD.replace("entities:\n", "zones:\n  deck: " + zone + "\n  hand: owner\n"
                        "entities:\n", 1) + FLOW  # (FLOW draws from the hand)
    found = problems(text)
    assert [p.split(":", 1)[1] for p in found] == [message]


def test_a_card_on_the_table_has_no_owner() -> None:
    """A placement in a table zone may not name an owner."""
    found = problems(HEAD + """\
zones:
  deck: {owner: table, visibility: nobody}
  hand: owner
setup:
  entities:
    - {type: coin, owner: north, zone: deck}
""" + FLOW)
    assert any("`deck` belongs to the table: a card there has no `owner`" in p for p in found)


def test_cards_move_between_the_table_and_a_players_hand() -> None:
    """`draw` takes a card from the table deck into the acting player's hand (who then
    knows it), and `move_card` puts it on the table's discard pile (everyone sees it)."""
    game = build(HEAD + """\
zones:
  deck: {owner: table, visibility: nobody}
  discard: {owner: table, visibility: everyone}
  hand: owner
setup:
  entities:
    - {type: coin, zone: deck, count: 2}
actions:
  take:
    effects: [{draw: {from: deck, to: hand, as: c}}]
    ends_turn: true
  drop:
    targets:
      card: {kind: card, from: "zone(player, 'hand')"}
    effects: [{move_card: {card: card, to: discard}}]
    ends_turn: true
flow:
  phases: [{name: main, actions: [take, drop]}]
end: {round_limit: 3}
""")
    s = act(game, game.new_state(seed=1), "take")
    (card,) = s.players[0].zones["hand"]
    assert s.entity(card).owner == 0 and s.cards.known[card] == frozenset({0})
    assert s.view(1).entity(card).type == "?"
    s = act(game, act(game, s, "take"), "pass" if False else "take")
    assert not s.cards.table["deck"]
    s = act(game, s, f"drop card=#{card}")
    assert s.entity(card).owner is None and s.cards.table["discard"] == (card,)
    assert s.cards.known[card] == frozenset({0, 1, 2})


# ------------------------------------------------------------------ issue 16's bugs
GIFT = HEAD + """\
zones:
  hand: owner
setup:
  entities:
    - {type: coin, owner: north, zone: hand}
""" + FLOW


def test_change_owner_moves_a_card_to_the_new_owners_zone() -> None:
    """Bug (issue 16): `change_owner` on a card left it listed in the old owner's hand.
    Now it moves to the new owner's zone of the same name: the new owner may play it, the
    old one may not, and every view agrees."""
    game = build(GIFT)
    s = game.new_state()
    (card,) = s.players[0].zones["hand"]
    s = act(game, s, f"give card=#{card}")  # to south, the first opponent
    assert s.players[0].zones["hand"] == ()
    assert s.players[1].zones["hand"] == (card,)
    assert s.entity(card).owner == 1 and s.entity(card).zone == "hand"
    assert s.view(1).players[1].zones["hand"] == (card,)
    assert s.view(0).players[1].zones["hand"] == (HIDDEN,)
    assert s.view(0).players[0].zones["hand"] == ()
    assert s.view(0).entity(card).zone == UNSEEN
    assert s.decision is not None and s.decision.player == 1
    assert [str(a) for a in game.legal_actions(s)] == [f"give card=#{card}", "pass"]
    s = act(game, act(game, s, "pass"), "pass")  # west, then north, who has nothing
    assert [str(a) for a in game.legal_actions(s)] == ["pass"]


EMPTY = HEAD + """\
zones:
  deck: {owner: table, visibility: nobody}
  hand: owner
actions:
  pass: {ends_turn: true}
  take:
    effects:
      - draw: {from: deck, to: hand, as: c}
      - if: {test: "exists(c)", then: [{set: {what: player.drawn, to: 1}}],
             else: [{set: {what: player.drawn, to: 2}}]}
    ends_turn: true
  careless:
    effects:
      - draw: {from: deck, to: hand, as: c}
      - move_card: {card: c, to: hand}
    ends_turn: true
player:
  drawn: {default: 0, min: 0, max: 2}
flow:
  phases: [{name: main, actions: [take, careless, pass]}]
end: {round_limit: 3}
"""


@pytest.mark.parametrize("deck", ["{owner: table, visibility: nobody}", "hidden"])
def test_a_draw_from_an_empty_zone_names_no_card(deck: str) -> None:
    """Bug (issue 16): `draw … as: c` from an empty zone bound nothing and the next effect
    failed with `KeyError: 'c'`. Now `c` is none (no card): `exists(c)` tells, and an
    effect given it anyway stops with a located error that says what happened. The same
    for a table's deck and for each player's own."""
    game = build(EMPTY.replace("{owner: table, visibility: nobody}", deck))
    s = act(game, game.new_state(), "take")
    assert s.players[0].params["drawn"] == 2
    with pytest.raises(RuleError) as err:
        act(game, s, "careless")
    text = str(err.value)
    assert "rules.yaml:" in text and "effect `move_card`" in text
    assert "a rule failed while resolving: no card to move to `hand`: the card is none (a " \
        "`draw` from an empty zone" in text  # (the engine's own sentence: no ValueError)


def test_a_zone_seen_by_named_players_is_hidden_from_the_others() -> None:
    """In a game without table zones, a zone shown to a list of players is seen by them
    (even in another player's zone) and hidden, as a count, from everyone else."""
    game = build(HEAD + """\
zones:
  hand: [north, west]
setup:
  entities:
    - {type: coin, owner: south, zone: hand}
""" + FLOW)
    s = game.new_state()
    (card,) = s.players[1].zones["hand"]
    assert s.view(0).players[1].zones["hand"] == (card,)
    assert s.view(2).entity(card).zone == "hand"
    assert s.view(1).players[1].zones["hand"] == (HIDDEN,)
    assert game.determinize(s.view(1), 3).players[1].zones["hand"] == (card,)
