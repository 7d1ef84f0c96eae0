"""Rules features grown for card duels: fast actions in an alternating phase, a first
player worked out from the state, and exact outcomes with a limit."""

from __future__ import annotations

import pytest

from rules_helpers import act, build, options, problems, roll
from stratagem.engine import TooManyOutcomesError

DUEL = """\
game: fast
players: [red, blue]
player:
  pts: {default: 0, min: 0}
  bid: {default: 0, min: 0}
actions:
  quick:
    keeps_turn: true
    when: "player.pts < 2"
    effects: [{modify: {what: player.pts, by: 1}}]
  slow:
    effects: [{modify: {what: player.bid, by: 1}}]
  done:
    passes: true
flow:
  phases:
    - name: play
      order: {alternate: {first: "highest(players(), by: it.bid)"}}
      actions: [quick, slow, done]
"""


def test_a_fast_action_keeps_the_turn_in_an_alternating_phase() -> None:
    """`keeps_turn: true` lets the player act again; any other action hands the turn on."""
    game = build(DUEL)
    s = game.new_state()
    assert s.decision is not None and s.decision.player == 0
    s = act(game, s, "quick")
    assert s.decision is not None and s.decision.player == 0
    s = act(game, s, "quick")
    assert s.decision is not None and s.decision.player == 0
    assert options(s) == ["slow", "done"]  # two quick actions spent the points
    s = act(game, s, "slow")
    assert s.decision is not None and s.decision.player == 1


def test_the_first_player_of_an_order_can_be_worked_out_as_the_phase_begins() -> None:
    """`first` as an expression: the player with the highest bid starts each round."""
    game = build(DUEL)
    s = game.new_state()
    assert s.decision is not None and s.decision.player == 0  # no bids yet: the first seat
    s = act(game, s, "done")                      # red passes
    s = act(game, s, "slow")                      # blue bids, then passes
    s = act(game, s, "done")
    assert s.round == 2
    assert s.decision is not None and s.decision.player == 1  # blue bid more: blue starts


def test_a_first_player_expression_is_checked_when_the_rules_are_loaded() -> None:
    """A misspelt parameter in `first` is reported with its place; a bare name that is not a
    player is still an unknown player."""
    assert any("no parameter" in p or "unknown" in p
               for p in problems(DUEL.replace("by: it.bid", "by: it.bdi")))
    bad = problems(DUEL.replace('first: "highest(players(), by: it.bid)"', "first: bleu"))
    assert any("unknown player `bleu`" in p for p in bad)


DICE = """\
game: dice
players: [solo]
player:
  total: {default: 0}
actions:
  throw:
    effects:
      - roll: {as: a, dice: 1d6}
      - roll: {as: b, dice: 1d6}
      - roll: {as: c, dice: 1d6}
      - set: {what: player.total, to: a * 100 + b * 10 + c}
flow:
  phases:
    - name: play
      max_actions: 1
      actions: [throw]
end:
  round_limit: 1
"""


def test_outcomes_with_a_limit_refuse_a_larger_distribution_and_keep_roll_order() -> None:
    """Three dice have 216 outcomes: a limit of 100 raises, a limit of 216 gives them all,
    in the order of the rolls (first die first), exactly as without a limit."""
    game = build(DICE)
    s = game.new_state()
    throw = game.legal_actions(s)[0]
    with pytest.raises(TooManyOutcomesError, match="more than 100 outcomes"):
        game.outcomes(s, throw, limit=100)
    outs = game.outcomes(s, throw, limit=216)
    assert outs == game.outcomes(s, throw)
    totals = [st.players[0].params["total"] for _, st in outs]
    assert totals == sorted(totals) and len(totals) == 216 and totals[0] == 111
    assert sum(p for p, _ in outs) == pytest.approx(1.0)
    explicit = game.new_state(explicit_chance=True)
    explicit = act(game, explicit, "throw")
    explicit = roll(game, roll(game, roll(game, explicit, 6), 5), 4)
    assert explicit.players[0].params["total"] == 654
