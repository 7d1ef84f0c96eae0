"""Stacks: squares that hold several entities up to a capacity (by count or by a size
parameter), in arrival order, and the functions and targets that see them."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from rules_helpers import act, build, options
from stratagem.engine import Pos
from stratagem.rules import RulesError, compile_text

# Three squares: two fields holding two workers each (the board's capacity) and a hall
# between them holding three (its tile type's). Each turn a player places a worker on
# a square with room, or takes the bottom worker off a square.
COUNTED = """\
game: stackup
players: [red, blue]
board:
  capacity: 2
  tiles: {".": field, "H": hall}
  tile_types:
    hall: {capacity: 3}
  layout: |
    . H .
entities:
  worker: {}
actions:
  place:
    source: player
    targets:
      cell: {position: empty}
    effects:
      - spawn: {type: worker, at: cell}
      - remember: {key: here, value: "entities_at(cell)"}
      - remember: {key: count, value: "count_at(cell)"}
  pop:
    source: player
    targets:
      cell: {kind: position, from: "cells()", where: "count_at(cell) > 0"}
    effects:
      - remove: {what: "entities_at(cell)[0]"}
      - remember: {key: here, value: "entities_at(cell)"}
      - remember: {key: bottom, value: "occupant(cell)"}
flow:
  phases:
    - name: play
      actions: [place, pop]
      max_actions: 1
"""

# Size counts: a square holds sizes adding up to 4; a scout is 1, a tank 3.
SIZED = """\
game: sized
players: [red, blue]
board:
  capacity: {param: size, max: 4}
  size: [2, 1]
entities:
  scout:
    params: {size: 1}
  tank:
    params: {size: 3}
actions:
  scout:
    source: player
    targets:
      cell: {kind: position, from: "cells()", where: "has_room(cell, 'scout')"}
    effects:
      - spawn: {type: scout, at: cell}
  tank:
    source: player
    targets:
      cell: {kind: position, from: "cells()", where: "has_room(cell, 'tank')"}
    effects:
      - spawn: {type: tank, at: cell}
flow:
  phases:
    - name: play
      actions: [scout, tank]
      max_actions: 1
"""


def test_a_square_fills_up_to_its_capacity_in_arrival_order() -> None:
    """The hall takes three workers, listed bottom (first) to top, then is no longer offered."""
    game = build(COUNTED)
    s = game.new_state(seed=0)
    for n in range(1, 4):
        assert "place cell=(1,0)" in options(s)
        s = act(game, s, "place cell=(1,0)")
        assert list(s.memory["here"]) == list(range(1, n + 1))
        assert s.memory["count"] == n
    assert "place cell=(1,0)" not in options(s)
    assert "place cell=(0,0)" in options(s)
    s = act(game, s, "place cell=(0,0)")
    s = act(game, s, "place cell=(0,0)")
    assert "place cell=(0,0)" not in options(s)
    assert s.stacks == {Pos(1, 0): (1, 2, 3), Pos(0, 0): (4, 5)}
    assert s.at[Pos(1, 0)] == 1


def test_taking_the_bottom_off_a_stack_leaves_the_next_at_the_bottom() -> None:
    """Removing the first arrival makes the second the bottom; a lone entity is no stack."""
    game = build(COUNTED)
    s = game.new_state(seed=0)
    for _ in range(3):
        s = act(game, s, "place cell=(1,0)")
    s = act(game, s, "pop cell=(1,0)")
    assert list(s.memory["here"]) == [2, 3]
    assert s.memory["bottom"] == 2
    s = act(game, s, "pop cell=(1,0)")
    assert list(s.memory["here"]) == [3]
    assert s.stacks == {}
    assert s.at[Pos(1, 0)] == 3
    s = act(game, s, "pop cell=(1,0)")
    assert Pos(1, 0) not in s.at and "pop cell=(1,0)" not in options(s)


def test_capacity_by_size_counts_the_size_parameter() -> None:
    """A tank (3) and a scout (1) fill a square of size 4: neither fits a second time."""
    game = build(SIZED)
    s = game.new_state(seed=0)
    s = act(game, s, "tank cell=(0,0)")
    assert "tank cell=(0,0)" not in options(s)
    assert "scout cell=(0,0)" in options(s)
    s = act(game, s, "scout cell=(0,0)")
    assert not any(o.endswith("cell=(0,0)") for o in options(s))
    assert s.stacks == {Pos(0, 0): (1, 2)}


@pytest.mark.parametrize("moves", [["place cell=(1,0)"] * 3 + ["pop cell=(1,0)"],
                                   ["place cell=(0,0)", "place cell=(0,0)",
                                    "place cell=(2,0)"]])
def test_stacks_survive_saving_and_loading(moves: list[str]) -> None:
    """A state with stacks round-trips through its saved form, order included."""
    game = build(COUNTED)
    s = game.new_state(seed=0)
    for m in moves:
        s = act(game, s, m)
        back = game.deserialize(game.serialize(s))
        assert back == s and back.stacks == s.stacks and back.at == s.at


def test_a_board_without_capacity_keeps_one_entity_a_square() -> None:
    """Without `capacity` a second entity on a square is refused, as before stacks existed."""
    game = build(COUNTED.replace("  capacity: 2\n", "").replace(
        "  tile_types:\n    hall: {capacity: 3}\n", ""))
    assert not game.board.stacking
    s = act(game, game.new_state(seed=0), "place cell=(1,0)")
    assert "place cell=(1,0)" not in options(s)
    assert "stacks" not in game.serialize(s)


SIZED_SETUP = SIZED + """\
setup:
  entities:
    - {type: tank, owner: red, at: [0, 0]}
    - {type: scout, owner: red, at: [0, 0]}
    - {type: scout, owner: blue, at: [0, 0]}
"""
COUNTED_SETUP = COUNTED + """\
setup:
  entities:
    - {type: worker, owner: red, at: [0, 0]}
    - {type: worker, owner: red, at: [0, 0]}
    - {type: worker, owner: blue, at: [0, 0]}
"""


@pytest.mark.parametrize(("text", "where", "message"), [
    (COUNTED_SETUP, "corridor.yaml:38:", "[0, 0] holds at most 2 (the first at "),
    (SIZED_SETUP, "corridor.yaml:33:", "[0, 0] holds a size of at most 4: this scout "
     "(`size` 1) brings it to 5 (the first at "),
    (SIZED_SETUP.replace("{type: tank, owner: red, at: [0, 0]}",
                         "{type: tank, owner: red, at: [0, 0], params: {size: 2}}")
     .replace("    - {type: scout, owner: blue, at: [0, 0]}\n",
              "    - {type: tank, owner: blue, at: [0, 0]}\n"),
     "corridor.yaml:33:", "this tank (`size` 3) brings it to 6"),
], ids=["count", "size", "size-param"])
def test_a_setup_over_a_squares_capacity_is_a_located_error(
        text: str, where: str, message: str) -> None:
    """A set-up that puts more on a square than it holds — by count, or by the sizes of
    the entities (their type's size, or the size a placement gives) — is refused at load
    with one message at the placement that overflows it."""
    with pytest.raises(RulesError) as err:
        compile_text(text, "corridor.yaml")
    assert message in str(err.value)
    assert where in str(err.value)


def test_a_scenario_over_capacity_is_a_located_error() -> None:
    """The same holds for a scenario's placements."""
    text = SIZED + """\
scenarios:
  crowded:
    entities:
      - {type: tank, owner: red, at: [1, 0]}
      - {type: tank, owner: blue, at: [1, 0]}
"""
    with pytest.raises(RulesError) as err:
        compile_text(text, "crowded.yaml")
    assert "crowded.yaml:32:" in str(err.value)
    assert "[1, 0] holds a size of at most 4: this tank (`size` 3) brings it to 6" in str(
        err.value)


def test_a_setup_within_capacity_loads() -> None:
    """A tank and a scout fill a square of size 4 exactly: that loads, stacked in order."""
    game = compile_text(SIZED_SETUP.replace("    - {type: scout, owner: blue, at: [0, 0]}\n",
                                            ""), "fits.yaml")
    assert game.new_state(seed=0).stacks == {Pos(0, 0): (1, 2)}


def test_a_stack_lists_plain_ids_after_a_move() -> None:
    """`state.stacks` gives plain ints after a `move` joins a stack, as a loaded state does
    (a moved unit's id was a `Ref`: `(2, #3)` in a REPL)."""
    game = stratagem.load(Path(__file__).parent / "outsider" / "hex_stacks" / "hex_stacks.yaml")
    state = game.new_state(0)
    for text in ("move #1 to=(5,1)", "move #3 to=(5,1)"):
        state = game.apply(state, game.parse_action(state, text))
    assert state.stacks[(5, 1)] == (1, 3)
    assert all(type(i) is int for ids in state.stacks.values() for i in ids)
