"""A scenario's own length: ``round_limit`` in a scenario ends the game after that many
rounds in that set-up, where the rules' ``end: round_limit`` holds in the others."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.engine import Rng
from stratagem.rules import RulesError, load_rules

RULES = """\
game: patrols
players: [red, blue]
board:
  tiles: {".": field}
  layout: |
    . . .
entities:
  scout: {}
actions:
  wait:
    source: player
    effects: []
flow:
  phases:
    - name: play
      actions: [wait]
      max_actions: 1
end:
  round_limit: 3
setup:
  entities:
    - {type: scout, owner: red, at: [0, 0]}
scenarios:
  long:
    round_limit: 7
    entities:
      - {type: scout, owner: blue, at: [2, 0]}
  plain:
    entities:
      - {type: scout, owner: red, at: [1, 0]}
"""


def _rounds(game: stratagem.Game) -> int:
    """The round a game of waiting ends in."""
    state, rng = game.new_state(0), Rng(0)
    while state.decision is not None:
        options = state.decision.actions
        state = game.apply(state, options[rng.below(len(options))])
    assert state.outcome is not None and "round limit" in state.outcome.reason
    return state.flow.round


def test_a_scenario_sets_its_own_round_limit(tmp_path: Path) -> None:
    path = tmp_path / "patrols.yaml"
    path.write_text(RULES)
    default, long, plain = (load_rules(path, s) for s in (None, "long", "plain"))
    assert (default.round_limit, long.round_limit, plain.round_limit) == (3, 7, 3)
    assert _rounds(long) > _rounds(default) == _rounds(plain)
    assert long.info.max_rounds == 7


@pytest.mark.parametrize("value", ["0", "-2", "seven", "2.5"])
def test_a_bad_scenario_round_limit_is_a_located_error(tmp_path: Path, value: str) -> None:
    path = tmp_path / "patrols.yaml"
    path.write_text(RULES.replace("round_limit: 7", f"round_limit: {value}"))
    with pytest.raises(RulesError) as err:
        load_rules(path, "long")
    assert f"{path}:25:18: `round_limit`" in str(err.value)
    assert "round_limit" in str(err.value)



def test_skirmish_clearing_runs_longer_than_the_other_skirmishes() -> None:
    """The clearing is fought over twenty rounds; the duel and the ambush over ten."""
    limits = {s: stratagem.load("skirmish", s).round_limit for s in ("duel", "ambush", "clearing")}
    assert limits == {"duel": 10, "ambush": 10, "clearing": 20}
