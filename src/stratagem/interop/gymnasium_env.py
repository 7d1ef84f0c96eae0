"""One side of a Stratagem game as a Gymnasium environment (``pip install 'stratagem[gymnasium]'``).

    from stratagem.interop.gymnasium_env import StratagemEnv
    env = StratagemEnv("connect_four", opponent="mcts:iterations=50", player=0)
    obs, info = env.reset(seed=7)
    obs, reward, terminated, truncated, info = env.step(info["action_mask"].argmax())

The learner plays ``player``; every other seat is played by a fixed Stratagem
agent (``opponent``, a roster code, built afresh with the episode's seed), and
chance is sampled from the state's own generator, so a seed fixes the episode.
A step takes the learner's action and plays on until the learner decides again
or the game ends.

- **Actions**: ``Discrete(bounds.actions)``; id ``i`` is the ``i``-th option
  of the learner's decision (``interop.codec``). The ids that are legal now are
  ``info["action_mask"]`` (and ``env.action_masks()``, the name maskable
  learners look for). An id that is not legal ends the episode with reward
  ``illegal_reward`` and ``info["illegal_action"] = True``; the state is left
  as it was.
- **Observations**: the learner's view as the vector of ``interop.features``.
- **Reward**: 0 until the game ends, then ``Outcome.returns[player]`` (win 1,
  loss -1, draw 0). ``max_steps`` truncates an episode after that many of the
  learner's steps.
- **Render**: ``render_mode="ansi"`` returns the text of the state.

``register_env()`` registers it with Gymnasium as ``Stratagem-v0``, so
``gymnasium.make("Stratagem-v0", game="pig", opponent="osla")`` builds one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from ..agents import Agent, make_agent
from ..arena import Match
from ..engine import Game, Rng, State
from .codec import Bounds, bridge_game, declared_bounds, decode, options
from .features import Features, describe

LIMIT = 1e9
"""Observation values are declared within ``[-LIMIT, LIMIT]``: no bundled parameter comes near."""


def observation_box(features: Features) -> spaces.Box:
    """The space of the observation vectors of a game."""
    return spaces.Box(-LIMIT, LIMIT, (features.size,), np.float32)


def mask_box(bounds: Bounds) -> spaces.Box:
    """The space of the legal-id masks of a game."""
    return spaces.Box(0, 1, (bounds.actions,), np.int8)


def action_mask(state: State, player: int, bounds: Bounds) -> np.ndarray[Any, Any]:
    """1 for each id ``player`` may take now, 0 elsewhere (all 0 when someone else decides)."""
    mask = np.zeros(bounds.actions, np.int8)
    d = state.decision
    if d is not None and d.player == player:
        mask[:len(options(state, bounds))] = 1
    return mask


class StratagemEnv(gymnasium.Env[np.ndarray[Any, Any], np.int64]):
    """A single-agent environment: ``player`` learns, a fixed agent plays the other seats."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(self, game: str | Path | Game, opponent: str = "random", player: int = 0, *,
                 render_mode: str | None = None, max_steps: int | None = None,
                 illegal_reward: float = -1.0, max_actions: int = 0, cell: int = 0,
                 scenario: str | None = None) -> None:
        self.game = bridge_game(game, scenario)
        n = len(self.game.players)
        if not 0 <= player < n:
            raise ValueError(f"{self.game.name} has players 0..{n - 1}, not {player}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        make_agent(opponent, self.game)  # a bad code fails here, not at the first reset
        self.opponent = opponent
        self.player = player
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.illegal_reward = float(illegal_reward)
        self.bounds = declared_bounds(self.game, max_actions)
        self.features = Features(self.game, cell)
        self.observation_space = observation_box(self.features)
        self.action_space = spaces.Discrete(self.bounds.actions)
        self.match = Match(self.game, [None] * n, 0)
        """The referee of the episode: the learner's seat is answered from outside."""
        self.agents: list[Agent] = []
        self.steps = 0
        self.rng = Rng(0)

    # ---------------------------------------------------------------- helpers
    def _observe(self) -> np.ndarray[Any, Any]:
        out = np.zeros(self.features.size, np.float32)
        self.features.fill(self.state, self.player, out)
        return out

    def _info(self) -> dict[str, Any]:
        d = self.state.decision
        texts = [str(a) for a in d.actions] if d is not None and d.player == self.player else []
        return {"action_mask": action_mask(self.state, self.player, self.bounds),
                "actions": texts}

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The legal ids now, as a mask (for maskable learners)."""
        return action_mask(self.state, self.player, self.bounds)

    @property
    def state(self) -> State:
        """The game's state now (as the referee holds it)."""
        state: State = self.match.state
        return state

    # -------------------------------------------------------------- the API
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray[Any, Any],
                                                              dict[str, Any]]:
        """A new game: seeded by ``seed``, or by the environment's generator when none is given."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        self.rng = Rng(game_seed)
        self.agents = [make_agent(self.opponent, self.game, seed=self.rng.fork())
                       for _ in self.game.players]
        self.match = Match(self.game, [None if p == self.player else agent
                                       for p, agent in enumerate(self.agents)], game_seed)
        self.steps = 0
        self.match.advance()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray[Any, Any], SupportsFloat, bool, bool,
                                         dict[str, Any]]:
        """Play the learner's action id, then the opponents' moves up to the learner's next turn."""
        d = self.state.decision
        if d is None:
            raise RuntimeError("step() on a finished episode: call reset()")
        self.steps += 1
        index = int(action)
        if not 0 <= index < len(options(self.state, self.bounds)):
            info = self._info() | {"illegal_action": True}
            return self._observe(), self.illegal_reward, True, False, info
        self.match.act(decode(self.state, index))
        self.match.advance()
        outcome = self.state.outcome
        reward = 0.0 if outcome is None else outcome.returns[self.player]
        truncated = (outcome is None and self.max_steps is not None
                     and self.steps >= self.max_steps)
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, outcome is not None, truncated, self._info()

    def render(self) -> str | None:
        """The state as text (``ansi``), or printed (``human``)."""
        text = describe(self.state, self.player)
        if self.render_mode == "human":
            print(text)
            return None
        return text


ENV_ID = "Stratagem-v0"
"""The Gymnasium id ``register_env`` registers: ``gymnasium.make(ENV_ID, game="pig")``."""


def register_env() -> str:
    """Register ``StratagemEnv`` with Gymnasium (once) under ``ENV_ID``; the id."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(ENV_ID, entry_point=f"{__name__}:StratagemEnv",
                           kwargs={"game": "tic_tac_toe"})
    return ENV_ID


__all__ = ["ENV_ID", "LIMIT", "StratagemEnv", "action_mask", "mask_box", "observation_box",
           "register_env"]
