"""A scenario's own starting values: ``state:`` in a scenario sets where game-state
parameters start in that set-up, before the set-up's effects read them, so one tunable
number serves every scenario (three seeds a pit, or six)."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.rules import RulesError, load_rules

RULES = """\
game: pits
players: [south, north]
board: {size: [2, 1]}
state:
  seeds: {default: 4, min: 1, max: 9}
  tide: 0
entities:
  pit: {params: {seeds: 0}}
setup:
  entities: [{type: pit, owner: south, at: [0, 0]}, {type: pit, owner: north, at: [1, 0]}]
  effects:
    - for_each: {as: p, in: "entities(type: 'pit')", do: [{set: {what: p.seeds, to: game.seeds}}]}
actions:
  sow: {source: player, ends_turn: true, effects: [{modify: {what: game.tide, by: 1}}]}
flow:
  phases: [{name: play, actions: [sow]}]
end: {round_limit: 2}
scenarios:
  six: {state: {seeds: 6}}
  three: {state: {seeds: 3, tide: 2}}
"""


def _pits(game: stratagem.Game) -> list[int]:
    return [e.params["seeds"] for e in game.new_state(0).entities.values()]


def test_a_scenario_sets_where_game_values_start(tmp_path: Path) -> None:
    path = tmp_path / "pits.yaml"
    path.write_text(RULES)
    assert _pits(load_rules(path)) == [4, 4]
    assert _pits(load_rules(path, scenario="six")) == [6, 6]
    three = load_rules(path, scenario="three")
    assert _pits(three) == [3, 3]
    state = three.new_state(0)
    after = three.apply(state, state.decision.actions[0])
    assert after.counters["state:tide"] == 3  # started at 2, then one sowing
    saved = three.serialize(after)
    assert three.serialize(three.deserialize(saved)) == saved


@pytest.mark.parametrize(("scenario", "says"), [
    ("{state: {seedz: 3}}", "sets `seedz`, which is not a game-state parameter — did you mean `seeds`?"),
    ("{state: {seeds: 12}}", "`seeds` of scenario `bad` is 12, outside its bounds (1...9)"),
    ("{state: {seeds: many}}", "`seeds` of scenario `bad` is a number, not"),
])
def test_a_scenario_state_names_declared_values_in_bounds(tmp_path: Path, scenario: str,
                                                          says: str) -> None:
    path = tmp_path / "pits.yaml"
    path.write_text(RULES + f"  bad: {scenario}\n")
    with pytest.raises(RulesError) as err:
        load_rules(path)
    assert says in str(err.value)
    assert f"{path}:" in str(err.value)


def test_state_value_reads_a_game_value_as_the_rules_do(tmp_path: Path) -> None:
    """`state.value(name)` is the declared default until play writes it (a scenario's start
    included), then what was written; another name is a KeyError that lists the game's."""
    path = tmp_path / "pits.yaml"
    path.write_text(RULES)
    game = load_rules(path, scenario="three")
    state = game.new_state(0)
    assert state.value("seeds") == 3 and state.value("tide") == 2
    after = game.apply(state, state.decision.actions[0])
    assert after.value("tide") == 3
    assert load_rules(path).new_state(0).value("tide") == 0
    with pytest.raises(KeyError, match=r"no game-state parameter 'pot' .*seeds, tide"):
        state.value("pot")


def test_a_scenario_value_can_choose_who_moves_first(tmp_path: Path) -> None:
    """docs/arena.md's way to tell a first-player advantage from a side's in an
    asymmetric game: the turn order's `first` reads a value a scenario sets."""
    path = tmp_path / "opener.yaml"
    path.write_text("""\
game: opener
players: [fox, geese]
state:
  opener: {default: 0, min: 0, max: 1}
actions:
  wait: {source: player, ends_turn: true}
flow:
  phases:
    - name: play
      order: {players: {first: "players()[game.opener]"}}
      actions: [wait]
end: {round_limit: 2}
scenarios:
  geese_first: {state: {opener: 1}}
""")
    assert load_rules(path).new_state(0).decision.player == 0
    assert load_rules(path, scenario="geese_first").new_state(0).decision.player == 1
