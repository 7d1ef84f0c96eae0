"""`end: guide`: a number for the search agents alone, in a game won by conditions. Their
value function reads it; no result, and no rules sheet, prints it."""

from __future__ import annotations

from pathlib import Path

import pytest

from stratagem.agents.value import MaterialValue
from stratagem.arena.narration import result_line
from stratagem.engine import Rng
from stratagem.rules import RulesError, compile_text
from test_cli import run

RACE = """\
game: race
players: [red, blue]
board: {size: [4, 4]}
entities:
  runner: {actions: [run]}
actions:
  run:
    targets:
      to: {kind: position, from: "reachable(actor, 1)"}
    effects: [{move: {to: to}}]
    ends_turn: true
flow:
  phases: [{name: play, actions: [run]}]
triggers:
  dawn:
    on: round_ended
    when: "event.round >= 3"
    effects: [{win: {player: "seat('red')", reason: red held out}}]
end:
  round_limit: 50
  GUIDE
setup:
  entities:
    - {type: runner, owner: red, at: [0, 0]}
    - {type: runner, owner: blue, at: [3, 0]}
"""
GUIDE = 'guide: "sum(entities(owner: player), of: it.pos.y)"'


def _played(game):
    state, rng = game.new_state(0), Rng(0)
    states = [state]
    while state.decision is not None:
        options = state.decision.actions
        state = game.apply(state, options[rng.below(len(options))])
        states.append(state)
    return states


def test_the_agents_value_function_reads_the_guide() -> None:
    game = compile_text(RACE.replace("GUIDE", GUIDE))
    value = MaterialValue(game)
    assert value.counts_score
    states = _played(game)
    moved = [s for s in states if s.outcome is None
             and any(e.pos.y for e in s.entities.values())]
    assert moved and any(value(s, 0) != 0 for s in moved)
    without = MaterialValue(compile_text(RACE.replace("GUIDE", "")))
    assert not without.counts_anything


def test_no_result_and_no_rules_sheet_prints_the_guide(tmp_path: Path, capsys) -> None:
    game = compile_text(RACE.replace("GUIDE", GUIDE))
    end = _played(game)[-1]
    line = result_line(game, end)
    assert "red held out" in line and "score" not in line
    path = tmp_path / "race.yaml"
    path.write_text(RACE.replace("GUIDE", GUIDE))
    code, out, _ = run(capsys, "rules", str(path))
    assert code == 0 and "score" not in out and "guide" not in out


def test_the_guide_is_a_number_for_a_player() -> None:
    with pytest.raises(RulesError, match="is a bool, expected a number"):
        compile_text(RACE.replace("GUIDE", 'guide: "true"'))
