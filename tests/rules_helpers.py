"""Small builders shared by the rules-layer tests (test_rules_*.py)."""

from __future__ import annotations

import json
import textwrap

from stratagem.engine import CHANCE, Action, Game, State
from stratagem.rules import RulesError, compile_text


def build(text: str, file: str = "rules.yaml") -> Game:
    """The game a (dedented) rules text compiles to."""
    return compile_text(textwrap.dedent(text), file)


def problems(text: str, file: str = "rules.yaml") -> list[str]:
    """Every problem reported for a (dedented) rules text, as ``file:line:col: message — hint``."""
    try:
        compile_text(textwrap.dedent(text), file)
    except RulesError as e:
        return [str(p) for p in e.problems]
    raise AssertionError("the rules compiled without a problem")


def q(expr: str) -> str:
    """An expression as a YAML double-quoted scalar."""
    return json.dumps(expr)


def act(game: Game, state: State, text: str) -> State:
    """Apply the legal action with this text form."""
    return game.apply(state, game.parse_action(state, text))


def roll(game: Game, state: State, value: int) -> State:
    """Resolve the pending chance decision with the outcome ``value``."""
    d = state.decision
    assert d is not None and d.kind == "chance" and d.player == CHANCE, d
    return game.apply(state, Action("roll", None, (("value", value),)))


def options(state: State) -> list[str]:
    """The text forms of the options of the state's decision."""
    d = state.decision
    assert d is not None, "the game is over"
    return [str(a) for a in d.actions]


def remember(key: str, expr: str) -> str:
    """A `remember` effect (YAML flow style) that stores ``expr`` in ``state.memory[key]``."""
    return f"remember: {{key: {key}, value: {q(expr)}}}"


# A game whose one action fails in play (an index off a list, inside an `if`): the
# error must name that effect's place in the file.
FAULTY = """\
game: faulty
players: [red, blue]
player:
  pos: 0
actions:
  advance:
    effects:
      - modify: {what: player.pos, by: 1}
      - if:
          test: "player.pos > 0"
          then:
            - let: {as: x, value: "[1, 2][5]"}
    ends_turn: true
flow:
  phases:
    - name: race
      actions: [advance]
end:
  round_limit: 3
"""

FAULTY_LINE = FAULTY.splitlines().index('            - let: {as: x, value: "[1, 2][5]"}') + 1
"""The line of the failing effect; it starts at column 15."""
