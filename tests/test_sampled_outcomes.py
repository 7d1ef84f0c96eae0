"""An action of more outcomes than a search lists (four dice rolled by four `roll`
effects: 1,296) is valued by sampled results, each rolled from a future of its own — the
state reseeded — and never by the dice the state itself would roll next, which a search
given the whole state would otherwise read (the push-your-luck writer's first finding:
every search agent gambled exactly when its own next roll won)."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.agents.base import SAMPLES, outcomes_or_sample

GAMBLE = Path(__file__).parent / "outsider" / "pushluck" / "repro" / \
    "01_agents_read_future_dice.yaml"


def _points(state: stratagem.State) -> int:
    return int(state.players[0].params["points"])


@pytest.fixture(scope="module")
def game() -> stratagem.Game:
    return stratagem.load(str(GAMBLE))


def test_samples_share_the_probability_and_the_same_results_are_one(game: stratagem.Game
                                                                    ) -> None:
    s = game.new_state(seed=4)
    gamble = game.parse_action(s, "gamble")
    outs = game.sample_outcomes(s, gamble, 16)
    assert sum(p for p, _ in outs) == pytest.approx(1.0)
    assert {_points(after) for _, after in outs} == {-1, 1}
    assert len(outs) == 2  # sixteen results, two kinds: merged as outcomes merges them
    again = game.sample_outcomes(s, gamble, 16)
    assert [(p, _points(a)) for p, a in again] == [(p, _points(a)) for p, a in outs]
    with pytest.raises(ValueError, match="number of samples of 1 or more"):
        game.sample_outcomes(s, gamble, 0)


def test_a_search_never_reads_the_states_own_next_roll(game: stratagem.Game) -> None:
    """On every seed the sampled worth of the gamble is a mixture of wins and losses, not
    the real roll's ±1 that the state would give ``apply``; over the seeds the real roll
    and the sampled worth do not agree in sign every time."""
    agree = 0
    for seed in range(12):
        s = game.new_state(seed=seed)
        gamble = game.parse_action(s, "gamble")
        real = _points(game.apply(s, gamble))
        outs = outcomes_or_sample(game, s, gamble)
        worth = sum(p * _points(after) for p, after in outs)
        assert -1 < worth < 1, (seed, worth)
        agree += (worth > 0) == (real > 0)
    assert agree < 12


def test_a_small_share_of_the_budget_samples_less_and_an_exact_list_is_kept(
        game: stratagem.Game) -> None:
    s = game.new_state(seed=1)
    gamble = game.parse_action(s, "gamble")
    assert sum(p for p, _ in outcomes_or_sample(game, s, gamble, limit=1)) == 1.0
    assert len(outcomes_or_sample(game, s, gamble, limit=1)) == 1
    assert len(outcomes_or_sample(game, s, gamble, limit=3)) <= 3
    assert SAMPLES == 16
    exact = outcomes_or_sample(game, s, gamble, limit=2000)  # listed, not sampled
    assert sum(p * _points(a) for p, a in exact) == pytest.approx(2 * (1 - (5 / 6) ** 4) - 1)


def test_agents_given_the_state_or_its_view_weigh_the_same_kind_of_samples(
        game: stratagem.Game) -> None:
    """The one-step agent no longer calls the gamble certain either way: from the state it
    does not follow the real roll on every seed, and from the view its worth is not ±1."""
    follows = 0
    for seed in range(8):
        s = game.new_state(seed=seed)
        real = _points(game.apply(s, game.parse_action(s, "gamble")))
        choice = stratagem.agent("osla", game, seed=1).choose(s, s.decision)
        follows += (str(choice.action) == "gamble") == (real > 0)
        view = s.view(0)
        told = stratagem.agent("mcts:calls=300", game, seed=1).choose(view, view.decision)
        assert "certain" not in told.rationale, told.rationale
    assert follows < 8
