"""The PettingZoo bridge: PettingZoo's own API and seed tests pass on every bundled game."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, parallel_api_test, seed_test  # noqa: E402
from pettingzoo.test.seed_test import parallel_seed_test  # noqa: E402
from pettingzoo.utils.conversions import aec_to_parallel  # noqa: E402

import stratagem  # noqa: E402
from conftest import GAMES  # noqa: E402
from rules_helpers import build  # noqa: E402
from stratagem.interop.pettingzoo_env import aec_env, parallel_env  # noqa: E402

EXPECTED = (
    # Observations are dicts holding the vector and the action mask, PettingZoo's own
    # convention for masked games; its checker still recommends a plain Box, and says so.
    "Observation space for each agent probably should be gymnasium.spaces.box",
    "Observation is not a NumPy array",
)
"""The only warnings PettingZoo's checks may give."""


@contextmanager
def only_expected_warnings() -> Iterator[None]:
    """Run a PettingZoo check; fail on any warning but the recommendations in ``EXPECTED``."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    unexpected = {str(w.message) for w in caught
                  if not any(str(w.message).startswith(e) for e in EXPECTED)}
    assert not unexpected, unexpected


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_test(name: str) -> None:
    """``pettingzoo.test.api_test`` passes on the AEC environment of every bundled game."""
    with only_expected_warnings():
        api_test(aec_env(name), num_cycles=1000)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_seed_test(name: str) -> None:
    """``pettingzoo.test.seed_test``: two environments reset with one seed play alike."""
    make: Callable[[], object] = lambda: aec_env(name)  # noqa: E731
    with only_expected_warnings():
        seed_test(make, num_cycles=100)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_parallel_tests(name: str) -> None:
    """PettingZoo's parallel API and seed tests pass on the parallel form of every game."""
    with only_expected_warnings():
        parallel_api_test(parallel_env(name), num_cycles=1000)
        parallel_seed_test(lambda: parallel_env(name), num_cycles=50)


def test_the_selected_agent_is_the_deciding_player_and_masks_follow() -> None:
    """The agent selected is the one the decision waits for; only its mask has legal ids, and
    stepping plays the option with that index."""
    env = aec_env("connect_four")
    env.reset(seed=3)
    assert env.possible_agents == ["player_0", "player_1"]
    assert env.seat_names == ["x", "o"]
    assert env.agent_selection == "player_0"
    mask = env.observe("player_0")["action_mask"]
    assert mask.dtype == np.int8 and list(np.flatnonzero(mask)) == list(range(7))
    assert not env.observe("player_1")["action_mask"].any()
    assert env.action_text(3) == "drop column=3"
    env.step(3)
    assert env.agent_selection == "player_1"
    assert env.table.state.history[-1].action == stratagem.load("connect_four").parse_action(
        env.table.state.game.new_state(0), "drop column=3")
    with pytest.raises(ValueError, match="player_1"):
        env.step(40)


def test_rewards_come_once_at_the_end() -> None:
    """A finished game gives each agent its return once, and terminates every agent."""
    env = aec_env("tic_tac_toe")
    env.reset(seed=1)
    for cell in (0, 3, 0, 2, 0):  # x takes the first free cell each time: the top row
        env.step(cell)
    assert all(env.terminations.values())
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0}
    _, reward, terminated, _, _ = env.last()
    assert terminated and reward == env.rewards[env.agent_selection]


def test_render_and_truncation() -> None:
    """``ansi`` renders the board as text, and ``max_steps`` truncates a long game."""
    env = aec_env("pig", render_mode="ansi", max_steps=3)
    env.reset(seed=0)
    assert "first to decide" in (env.render() or "")
    for _ in range(3):
        env.step(1)  # stop: ends the turn, never the game
    assert all(env.truncations.values()) and not any(env.terminations.values())


def test_parallel_illegal_id_forfeits() -> None:
    """In the parallel form an id that is not legal ends the game with -1 for the offender."""
    env = parallel_env("tic_tac_toe")
    env.reset(seed=0)
    _, rewards, terminations, _, infos = env.step({"player_0": 17, "player_1": 0})
    assert rewards == {"player_0": -1.0, "player_1": 0.0}
    assert all(terminations.values()) and infos["player_0"]["illegal_action"]
    assert env.agents == []


@pytest.mark.parametrize("name", GAMES)
def test_aec_to_parallel_where_declared_parallelizable(name: str) -> None:
    """Where the environment declares ``is_parallelizable``, PettingZoo's own ``aec_to_parallel``
    converts it and the result passes ``parallel_api_test``; where it does not, a seeded
    playout shows why (a player deciding out of seat order)."""
    env = aec_env(name)
    if env.metadata["is_parallelizable"]:
        with only_expected_warnings():
            parallel_api_test(aec_to_parallel(aec_env(name)), num_cycles=200)
        return
    game = stratagem.load(name)
    out_of_turn = False
    for seed in range(16):
        state = game.new_state(seed)
        rng = stratagem.engine.Rng(seed)
        expected = 0
        while state.decision is not None and not out_of_turn:
            out_of_turn = state.decision.player != expected
            actions = state.decision.actions
            state = game.apply(state, actions[rng.below(len(actions))])
            expected = (expected + 1) % len(game.players)
        if out_of_turn or expected != 0:
            out_of_turn = True
            break
    assert out_of_turn, f"{name} takes turns in a cycle but is not declared parallelizable"


def test_only_games_of_whole_cycles_are_parallelizable() -> None:
    """High card (each player plays a card a round) is declared parallelizable; a game that
    can be won mid-cycle (tic-tac-toe) or gives a player several decisions in a row is not."""
    declared = {n for n in GAMES if aec_env(n).metadata["is_parallelizable"]}
    assert "high_card" in declared
    assert not declared & {"tic_tac_toe", "connect_four", "pig", "skirmish"}


PICKS = """
game: picks
players: [ann, bob]
board:
  size: [1, 1]
state:
  last: 0
actions:
  pick:
    targets:
      n: {kind: number, from: "[1, 2, 3]", where: WHERE}
    effects:
      - set: {what: game.last, to: n}
      - end_turn: {}
flow:
  phases:
    - name: play
      actions: [pick]
end:
  round_limit: 3
"""
"""Each round ann picks a number, then bob: a game of whole cycles, in seat order."""


def test_every_agent_chooses_from_its_own_mask_in_the_parallel_form() -> None:
    """``aec_to_parallel`` has every agent choose at the start of a cycle: in a game where
    what each seat is offered does not hang on the seats before it (each plays a number
    of its own), a later seat's mask is the ids it will be offered, so sampling every
    agent's action from its mask plays the game to its end with no illegal id (a learner
    sampling from an all-zero mask had nothing to choose: the sealed-bids writer's
    finding 4)."""
    game = build(PICKS.replace("WHERE", "true"))
    assert aec_env(game).metadata["is_parallelizable"]
    env = aec_to_parallel(aec_env(game))
    obs, _ = env.reset(seed=5)
    cycles = 0
    while env.agents:
        masks = {a: o["action_mask"] for a, o in obs.items()}
        assert all(m.sum() == 3 for m in masks.values()), masks
        obs, *_ = env.step({a: env.action_space(a).sample(m) for a, m in masks.items()})
        cycles += 1
    assert cycles == 3


def test_a_seat_whose_options_hang_on_the_earlier_seats_is_not_parallelizable() -> None:
    """Bob may not pick the number ann has just picked: he could not choose at the start of
    the cycle with her, so the game is not declared parallelizable, although its seats
    take turns in whole cycles."""
    game = build(PICKS.replace("WHERE", "n != game.last or seat_number(player) == 0"))
    assert not aec_env(game).metadata["is_parallelizable"]
