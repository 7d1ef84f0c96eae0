"""Game-state parameters (`state:`, read as `game.NAME`) and tile parameters (a tile
type's `params:`, read as `tile(POS).NAME`): declared, read, written by `set` and
`modify` within their bounds, and saved with the state."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from rules_helpers import problems
from stratagem.engine import Game, State

HARVEST = Path(__file__).parent / "rules_lang" / "harvest.yaml"


@pytest.fixture(scope="module")
def game() -> Game:
    return stratagem.load(str(HARVEST))


def act(game: Game, state: State, text: str) -> State:
    return game.apply(state, game.parse_action(state, text))


def test_state_and_tile_parameters_read_their_defaults_until_written(game: Game) -> None:
    """A new state stores none of them; each reads as its declared default, a tile's as
    the default of its tile type (a condition on it picks the targets)."""
    state = game.new_state(seed=0)
    assert state.counters == {}
    assert [str(a) for a in game.legal_actions(state)] == [
        "harvest cell=(0,0)", "harvest cell=(1,0)", "harvest cell=(1,1)", "harvest cell=(2,1)"]


def test_effects_write_them_within_bounds_and_they_are_saved(game: Game) -> None:
    """`modify` adds to them, clamped (fertility never below 0, the pot never above 10);
    the changed values travel through serialize and deserialize."""
    state = game.new_state(seed=0)
    state = act(game, state, "harvest cell=(0,0)")
    assert state.memory["said"] == "ada harvests (0, 0); pot 3"
    assert state.counters == {"state:pot": 3, "tile:0,0:fertility": 1, "state:harvests": 1}
    state = act(game, state, "harvest cell=(0,0)")  # fertility 1 → 0 (not -1)
    assert state.counters["tile:0,0:fertility"] == 0
    assert state.counters["state:pot"] == 4
    assert "harvest cell=(0,0)" not in [str(a) for a in game.legal_actions(state)]
    state = act(game, state, "rest")  # `set` of a tile parameter: back to 5
    assert state.counters["tile:0,0:fertility"] == 5
    state = act(game, state, "harvest cell=(0,0)")  # bo: 5 into the pot, 9
    state = act(game, state, "harvest cell=(1,0)")  # ada: 3 more, 12, clamped at its max
    assert state.counters["state:pot"] == 10
    assert game.deserialize(game.serialize(state)) == state
    assert state.outcome is not None  # the pot is full: the richer farmer wins


RULES = """\
game: g
players: [a, b]
state:
  STATE
board:
  tiles: {f: field}
  tile_types:
    field: {params: {fertility: 2}}
  layout: "f f"
actions:
  go: {effects: [EFFECT], ends_turn: true}
flow:
  phases: [{name: p, actions: [go]}]
"""


@pytest.mark.parametrize(("state", "effect", "says"), [
    ("pot: 0", "{set: {what: game.pott, to: 1}}", "no game-state parameter `pott`"),
    ("pot: 0", "{set: {what: game.round, to: 1}}", "not written by effects"),
    ("round: 0", "{set: {what: game.round, to: 1}}", "a game-state parameter needs another name"),
    ("pot: 0", "{set: {what: \"tile((0, 0)).fertile\", to: 1}}", "no tile type has a parameter `fertile`"),
    ("pot: 0", "{remember: {key: k, value: game.pots}}", "`game` has no `pots`"),
    ("pot: 0", "{remember: {key: k, value: \"tile((0, 0), 1).fertility\"}}", "tile() takes one position"),
    ("pot: {min: 3, max: 1}", "{remember: {key: k, value: game.pot}}", "min 3 > max 1"),
])
def test_problems_with_them_are_located_load_errors(state: str, effect: str, says: str) -> None:
    """Misspelt, reserved or badly bounded names are reported where they stand."""
    found = problems(RULES.replace("STATE", state).replace("EFFECT", effect))
    assert any(says in p for p in found), found
    assert all(p.startswith("rules.yaml:") for p in found), found
