"""`tactical` without units, when its budget runs out before every option is valued: it
values them in an order of its own, so a short budget samples the list instead of always
the first options listed, and its reason says how many it valued (it said "15 of the 32
options tie for best" of options it never valued: tests/outsider/dice_sheet, finding 5)."""

from __future__ import annotations

from rules_helpers import build
from stratagem.agents import make_agent

RULES = """\
game: last_is_best
players: [me, you]
player:
  got: {min: 0, max: 100}
actions:
  pick:
    targets: {n: {kind: number, from: "range(0, 32)"}}
    effects: [{set: {what: player.got, to: "100 if n == 31 else 0"}}]
    ends_turn: true
flow:
  phases: [{name: turns, actions: [pick]}]
end: {round_limit: 1, score: player.got}
"""


def test_a_short_budget_values_a_sample_and_says_so() -> None:
    game = build(RULES)
    state = game.new_state(1)
    picks = set()
    for seed in range(12):
        agent = make_agent("tactical:calls=8", game, seed=seed)
        choice = agent.choose(state, state.decision)
        picks.add(dict(choice.action.targets)["n"])
        assert "of 32" in choice.rationale, choice.rationale
    assert 31 in picks  # the last option listed is valued, and taken, now and then
    assert len(picks) > 3


def test_with_budget_enough_every_option_is_valued() -> None:
    game = build(RULES)
    state = game.new_state(1)
    choice = make_agent("tactical", game, seed=1).choose(state, state.decision)
    assert dict(choice.action.targets)["n"] == 31
    assert "valued" not in choice.rationale
