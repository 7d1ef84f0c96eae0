"""An agent is handed `game.view(state, p)`: in an open game with dice, the view's
generator is seeded from what every player knows, so a search that samples rolls dice
that are not the game's own (the push-your-luck writer's finding 1: every search agent
gambled exactly when the game's next rolls held a six, and never lost)."""

from __future__ import annotations

import stratagem
from stratagem.rules import compile_text

COIN = """
game: coin_four_dice
description: Take a sure draw, or roll four dice - any six wins, no six loses.
players: [me, you]
player:
  points: {default: 0, min: -1, max: 1}
actions:
  safe:
    effects: []
    ends_turn: true
  gamble:
    effects:
      - roll: {as: a, dice: d6}
      - roll: {as: b, dice: d6}
      - roll: {as: c, dice: d6}
      - roll: {as: d, dice: d6}
      - if:
          test: "a == 6 or b == 6 or c == 6 or d == 6"
          then: [{modify: {what: player.points, by: 1}}]
          else: [{modify: {what: player.points, by: -1}}]
    ends_turn: true
flow:
  phases:
    - name: p
      order: {player: me}
      actions: [safe, gamble]
end:
  round_limit: 1
  score: "player.points"
"""
"""The push-your-luck writer's repro: a sure draw, or four dice where any six wins."""


def test_a_search_agents_choice_does_not_follow_the_games_own_dice() -> None:
    game = compile_text(COIN)
    chosen, real = set(), set()
    for seed in range(6):
        state = game.new_state(seed)
        after = game.apply(state, game.parse_action(state, "gamble"))
        real.add(after.players[0].params["points"])
        result = stratagem.play(game, ["osla", "random"], seed=seed)
        chosen.add(str(result.state.history[0].action))
    assert real == {-1, 1}  # the seeds' own dice go both ways
    assert len(chosen) == 1  # the agent's choice is the same whatever they hold


def test_the_view_keeps_all_but_the_generator() -> None:
    game = stratagem.load("pig")
    state = game.new_state(5)
    view = game.view(state, 0)
    assert view.rng != state.rng and view.viewer is None
    assert view.decision == state.decision and view.players == state.players
    assert game.view(game.new_state(6), 0).rng == view.rng  # nothing of the seed in it
