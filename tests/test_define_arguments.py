"""A call of a function of the game's own (`define:`) works out every argument in the
caller's context: an argument never reads the callee's parameter of the same name (the
chess writer's finding 1: `g(0, k + 100)` with `g(k, b)` gave 100, not 101, and castling
was never legal)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_helpers import problems
from stratagem.rules import compile_text

CAPTURE = Path(__file__).parent / "outsider" / "chess" / "repro" / "01_define_arg_capture.yaml"


def test_each_argument_is_read_in_the_callers_context() -> None:
    game = compile_text(CAPTURE.read_text(encoding="utf-8"))
    state = game.new_state(0)
    got = {k: v for k, v in state.counters.items() if k.startswith("state:")}
    assert got == {"state:r_same_name": 101, "state:r_other_name": 101,
                   "state:r_let_name": 101, "state:r_effect_let": 101}


@pytest.mark.parametrize(("call", "expected"), [
    ("pair(2, 3)", 23),
    ("pair(b: 3, a: 2)", 23),
    ("swap(1, 2)", 21),  # swap(a, b) calls pair(b, a): each read before either is bound
    ("three(1, 2, 3)", 321),
])
def test_arguments_by_place_and_by_name_bind_their_parameters(call: str,
                                                              expected: int) -> None:
    text = f"""
game: calls
players: [a, b]
state:
  out: 0
define:
  pair(a, b): "a * 10 + b"
  swap(a, b): "pair(b, a)"
  three(a, b, c): "c * 100 + b * 10 + a"
actions:
  pass_turn: {{ends_turn: true}}
flow:
  phases: [{{name: main, actions: [pass_turn]}}]
end:
  round_limit: 1
setup:
  effects:
    - set: {{what: game.out, to: "{call}"}}
"""
    assert compile_text(text).new_state(0).counters["state:out"] == expected


def test_a_define_named_like_a_library_function_is_one_error_not_one_per_call() -> None:
    """The name is refused at the define; its calls are not each reported again as wrong
    calls of the library's function (tests/outsider/drafting, finding 8)."""
    found = problems("""\
game: define_name
players: [ann, bob]
define:
  "place(p: player)": "seat_number(p)"
actions:
  wait:
    when: "place(player) >= 0 and place(player) < 5"
    ends_turn: true
flow:
  phases:
    - {name: main, actions: [wait]}
end:
  round_limit: 1
""")
    assert len(found) == 1 and "`place` is a function of the library" in found[0], found
