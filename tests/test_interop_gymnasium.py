"""The Gymnasium bridge: one seat of a game against a fixed agent passes Gymnasium's checker."""

from __future__ import annotations

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from conftest import GAMES  # noqa: E402
from stratagem.agents import AgentSpecError  # noqa: E402
from stratagem.interop.gymnasium_env import ENV_ID, StratagemEnv, register_env  # noqa: E402


@pytest.mark.parametrize("name", GAMES)
def test_check_env(name: str) -> None:
    """Gymnasium's ``check_env`` passes, render modes included (the env is registered, so the
    checker can build it with each mode), for every bundled game."""
    env = gymnasium.make(register_env(), game=name, opponent="random")
    check_env(env.unwrapped)
    env.close()


def test_the_opponent_moves_between_the_learners_steps() -> None:
    """Playing second, the learner's first observation follows the opponent's first move, and
    each step returns with the learner to decide again."""
    env = StratagemEnv("tic_tac_toe", opponent="random", player=1)
    obs, info = env.reset(seed=4)
    assert obs.shape == env.observation_space.shape
    assert len(env.state.history) == 1 and env.state.decision.player == 1
    assert info["action_mask"].sum() == 8 == len(info["actions"])
    assert list(env.action_masks()) == list(info["action_mask"])
    _, reward, terminated, truncated, info = env.step(0)
    assert not terminated and not truncated and reward == 0.0
    assert env.state.decision.player == 1 and len(env.state.history) == 3


def test_a_seed_fixes_the_episode() -> None:
    """Two environments reset with one seed give the same observations for the same actions,
    chance and opponent included."""
    first, second = StratagemEnv("pig", "osla"), StratagemEnv("pig", "osla")
    a, _ = first.reset(seed=11)
    b, _ = second.reset(seed=11)
    for _ in range(10):
        assert np.array_equal(a, b)
        a, ra, done, _, _ = first.step(0)
        b, rb, _, _, _ = second.step(0)
        assert ra == rb
        if done:
            break
    assert first.state == second.state


def test_learner_wins_are_rewarded_and_illegal_ids_forfeit() -> None:
    """Reward is the learner's return at the end; an id that is not an option ends the episode
    with ``illegal_reward`` and leaves the state as it was."""
    env = StratagemEnv("connect_four", opponent="random")
    env.reset(seed=0)
    done, reward = False, 0.0
    while not done:
        _, reward, done, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert env.state.outcome is not None
    assert reward == env.state.outcome.returns[0]
    env = StratagemEnv("tic_tac_toe", opponent="random", player=1)
    env.reset(seed=0)  # the opponent has taken a cell: 8 options under a bound of 9
    before = env.state
    _, reward, done, _, info = env.step(8)
    assert done and reward == -1.0 and info["illegal_action"] and env.state is before


def test_bad_arguments_are_clear_errors() -> None:
    """A seat out of range, an unknown agent code or render mode fail at construction."""
    with pytest.raises(ValueError, match=r"players 0\.\.1"):
        StratagemEnv("pig", player=2)
    with pytest.raises(AgentSpecError):
        StratagemEnv("pig", opponent="nobody")
    with pytest.raises(ValueError, match="render_mode"):
        StratagemEnv("pig", render_mode="rgb_array")
    # (registered here, not by another test that may have run in another worker)
    assert register_env() == ENV_ID and register_env() == ENV_ID  # twice: once registered
    assert ENV_ID in gymnasium.registry
