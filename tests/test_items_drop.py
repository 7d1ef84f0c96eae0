"""`drops: true` on an item type: when its holder leaves the game it falls where the holder
stood (the nearest square that can take it, when that one cannot), under its id and with
its parameters; without it the item leaves with the holder (the crawl writer's finding 13:
a treasure had to be re-created by a reaction and a trigger)."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.engine import Pos
from stratagem.rules import compile_text

VANISH = (Path(__file__).parent / "outsider" / "crawl" / "repro"
          / "13_items_vanish_with_their_carrier.yaml").read_text(encoding="utf-8")


def _bitten(text: str):  # type: ignore[no-untyped-def]
    game = compile_text(text)
    state = game.new_state(0)
    for move in ("end_turn #1", "bite #2 target=#1"):
        state = game.apply(state, game.parse_action(state, move))
    return state


def test_without_drops_the_item_leaves_with_its_holder() -> None:
    state = _bitten(VANISH)
    assert 1 not in state.entities
    assert not [e for e in state.entities.values() if e.type == "treasure"]


def test_an_item_that_drops_falls_where_its_holder_fell() -> None:
    state = _bitten(VANISH.replace('treasure: {symbol: "$"}',
                                   'treasure: {symbol: "$", drops: true, params: {gold: 7}}'))
    fallen = [e for e in state.entities.values() if e.type == "treasure"]
    assert len(fallen) == 1
    assert fallen[0].pos == Pos(0, 0) and fallen[0].params["gold"] == 7
    assert state.occupant(Pos(0, 0)).id == fallen[0].id
    assert not [k for k in state.counters if k.startswith("inv:e1")]
    game = state.game
    again = game.deserialize(game.serialize(state))  # a saved game keeps it where it fell
    assert again.entities[fallen[0].id].pos == Pos(0, 0)


def test_two_items_that_drop_take_the_nearest_free_squares() -> None:
    text = (VANISH.replace('treasure: {symbol: "$"}',
                           'treasure: {symbol: "$", drops: true}\n  gem: {drops: true}')
            .replace("inventory: 1", "inventory: 2")
            .replace("board: {size: [3, 1]}", "board: {size: [3, 2]}")
            + "    - give_item: {item: gem, holder: \"entities(type: 'hero')[0]\"}\n")
    state = _bitten(text)
    where = {e.type: e.pos for e in state.entities.values() if e.type in ("treasure", "gem")}
    # the treasure takes the hero's square; the rat holds (1,0), so the gem goes to the
    # nearest free one, (0,1) (distance 1, lowest row first)
    assert where == {"treasure": Pos(0, 0), "gem": Pos(0, 1)}


def test_drops_is_true_or_false() -> None:
    with pytest.raises(stratagem.StratagemError, match="`drops` must be true or false"):
        compile_text(VANISH.replace('treasure: {symbol: "$"}',
                                    'treasure: {symbol: "$", drops: maybe}'))
