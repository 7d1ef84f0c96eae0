"""A target's `prompt`: how a person is asked for it when the terminal builds an action a
part at a time, with `{player}`, `{actor}` and the targets chosen before it filled in.
The terminal asked "choose k0:" of a die kept or rolled, which says nothing of the die
(tests/outsider/dice_sheet, finding 6)."""

from __future__ import annotations

import io

from rules_helpers import build, problems
from stratagem.agents import HumanAgent

RULES = """\
game: target_prompt
players: [me]
player:
  dice: {keys: [0, 1], default: 1, min: 1, max: 6}
actions:
  reroll:
    targets:
      k0: {kind: value, from: "['keep', 'roll']", prompt: "{player}: the first die"}
      k1: {kind: value, from: "['keep', 'roll']", prompt: "the second die, after {k0}"}
    effects: []
    ends_turn: true
flow:
  phases: [{name: turns, actions: [reroll]}]
end: {round_limit: 1}
"""


def test_each_target_is_asked_by_its_prompt() -> None:
    game = build(RULES)
    state = game.new_state(1)
    out = io.StringIO()
    agent = HumanAgent(game, stdin=io.StringIO("1\n2\n"), stdout=out)
    choice = agent.choose(state, state.decision)
    said = out.getvalue()
    assert "choose me: the first die:" in said, said
    assert "choose the second die, after keep" in said, said
    assert dict(choice.action.targets) == {"k0": "keep", "k1": "roll"}


def test_without_a_prompt_the_target_is_asked_by_its_name() -> None:
    game = build(RULES.replace(', prompt: "{player}: the first die"', ""))
    state = game.new_state(1)
    out = io.StringIO()
    HumanAgent(game, stdin=io.StringIO("1\n1\n"), stdout=out).choose(state, state.decision)
    assert "choose k0:" in out.getvalue()


def test_a_prompt_is_text() -> None:
    found = problems(RULES.replace('prompt: "{player}: the first die"', "prompt: [1, 2]"))
    assert any("`prompt`" in p for p in found), found
