"""A rules file sets what the bridges' observation vectors hold (`shape: observation:`)."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.interop.features import Features
from stratagem.rules import RulesError

RULES = """\
game: watch
players: [red, blue]
shape:
  observation: {observation}
board:
  size: [8, 8]
entities:
  scout:
    params: {{hp: {{max: 5, default: 5}}, speed: 3, cost: 10}}
actions:
  pass:
    source: player
    effects: []
flow:
  phases:
    - {{name: play, actions: [pass], max_actions: 1}}
end:
  round_limit: 3
setup:
  entities:
    - {{type: scout, owner: red, at: [0, 0]}}
    - {{type: scout, owner: blue, at: [7, 7]}}
"""


def load(tmp_path: Path, observation: str) -> stratagem.Game:
    path = tmp_path / "watch.yaml"
    path.write_text(RULES.format(observation=observation))
    return stratagem.load(path)


def test_a_declared_cell_and_params_shape_the_vector(tmp_path: Path) -> None:
    plain = Features(load(tmp_path, "{}"))
    game = load(tmp_path, "{cell: 2, params: [hp, speed]}")
    assert game.info.observation_cell == 2
    assert game.info.observation_params == ("hp", "speed")
    shaped = Features(game)
    assert (plain.cell, shaped.cell) == (1, 2)
    assert shaped.cells == 16 and plain.cells == 64
    assert shaped.params == ["hp", "speed"]
    assert plain.params == ["cost", "hp", "speed"]  # no rule changes one: all are shown
    state = game.new_state(seed=1)
    assert len(shaped.encode(state, 0)) == shaped.size < plain.size + 16 * 2


@pytest.mark.parametrize(("observation", "says"), [
    ("{cell: 0}", "`cell` must be a whole number of at least 1"),
    ("{params: [health]}", "`health` is not a parameter of any entity type"),
    ("{size: 3}", "size"),
])
def test_a_wrong_observation_is_a_located_error(tmp_path: Path, observation: str,
                                                says: str) -> None:
    with pytest.raises(RulesError) as err:
        load(tmp_path, observation)
    assert says in str(err.value)
    assert "watch.yaml:4:" in str(err.value)
