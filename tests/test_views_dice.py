"""An agent is handed `game.view(state, p)`: in an open game with dice, the view's
generator is seeded from what every player knows, so a search that samples rolls dice
that are not the game's own (the push-your-luck writer's finding 1: every search agent
gambled exactly when the game's next rolls held a six, and never lost)."""

from __future__ import annotations

from pathlib import Path

import stratagem

COIN = (Path(__file__).parent / "outsider" / "pushluck" / "repro"
        / "01_agents_read_future_dice.yaml")


def test_a_search_agents_choice_does_not_follow_the_games_own_dice() -> None:
    game = stratagem.load(str(COIN))
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
