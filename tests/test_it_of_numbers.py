"""`it` over a list known to hold numbers (`range`, a list of numbers) is a number: reading
a unit's parameter of it is an error at load, as `(1).hp` is, not a read of the unit
whose id the number happens to be (a nested `it` written for the outer list's unit)."""

from __future__ import annotations

import pytest

from rules_helpers import build, problems

BASE = """\
game: numbers
players: [ann, bob]
board: {size: [2, 1]}
entities:
  soldier: {params: {hp: 5}}
actions:
  look:
    effects:
      - set: {what: player.seen, to: "%s"}
    ends_turn: true
player:
  seen: {min: 0, max: 100}
flow:
  phases:
    - name: turns
      actions: [look]
end: {round_limit: 1}
setup:
  entities:
    - {type: soldier, owner: ann, at: [0, 0]}
"""


@pytest.mark.parametrize("expr", [
    "count(filter(range(0, 4), where: it.hp > 0))",
    "count(filter([1, 2, 3], where: it.hp > 0))",
    "max([0, sum(range(0, 3), of: it.hp)])",
])
def test_a_unit_parameter_of_a_number_is_refused_at_load(expr: str) -> None:
    found = problems(BASE % expr)
    assert any("`it` is a number and has no `hp`" in p for p in found), found


@pytest.mark.parametrize("expr, value", [
    ("count(filter(range(0, 6), where: it > 2))", 3),
    ("sum(range(1, 4), of: it * 2)", 12),
    ("count(filter(entities(), where: it.hp > 0))", 1),
    ("count(filter([1, 2, 3], where: it != 2))", 2),
])
def test_numbers_and_units_read_as_before(expr: str, value: int) -> None:
    game = build(BASE % expr)
    state = game.new_state(seed=1)
    state = game.apply(state, game.legal_actions(state)[0])
    assert state.players[0].params["seen"] == value
