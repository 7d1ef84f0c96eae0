"""Stratagem games as PettingZoo environments (``pip install 'stratagem[pettingzoo]'``).

    from stratagem.interop.pettingzoo_env import aec_env, parallel_env
    env = aec_env("connect_four", render_mode="ansi")
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(
            obs["action_mask"])
        env.step(action)

``StratagemAEC`` is the agent-environment-cycle form, the natural one for turn
based games: the agent selected is the player whose decision the state waits
for — a turn, a reaction window, a mid-effect choice — so an agent may act
several times in a row (a unit's move then its attack), and another agent may
answer in the middle of a turn (an opportunity attack). Agents are named
``player_0``, ``player_1``, …, in the game's seat order (``env.seat_names``
has the game's own names).

- **Observations** are dicts: ``observation``, the agent's view as the vector
  of ``interop.features``, and ``action_mask``, 1 for each id the agent may
  take now (all 0 when another agent decides, except in a parallelizable game,
  below).
- **Actions**: ``Discrete(bounds.actions)``; id ``i`` is the ``i``-th option
  of the decision (``interop.codec``); ``env.action_text(i)`` names it. An id
  that is not legal is a ``ValueError``.
- **Rewards** are 0 until the game ends, then ``Outcome.returns`` (win 1,
  loss -1, draw 0, ranks in between); every agent is terminated together.
  ``max_steps`` truncates a game after that many decisions.
- **Chance** is sampled from the state's own generator, seeded by ``reset``'s
  seed: a seed fixes the game (``seed_test``).
- **Render**: ``render_mode="ansi"`` returns the state's text, ``"human"``
  prints it after every step.
- ``metadata["is_parallelizable"]`` is true only for a game whose players
  decide strictly in turn, first seat first, every player once a cycle, that
  ends only when a cycle is complete, and where what a seat is offered does not
  hang on the earlier seats' choices in the cycle (high card: each player plays
  one card of its own a round; sealed bids): what PettingZoo's
  ``aec_to_parallel`` needs. It is found the way measured bounds are
  (``takes_turns_in_cycle``: seeded random playouts). There, a seat later in the
  cycle observes the mask of the ids it will be offered (``ahead``), since
  ``aec_to_parallel`` has every agent choose at the cycle's start.
  A game where a player may act twice in a row, answer in another's turn, or
  win in the middle of a cycle (tic-tac-toe, as PettingZoo's own says) is not
  parallelizable that way; ``parallel_env`` (below) is its parallel form.

``StratagemParallel`` is the parallel form, for learners written against that
API. Stratagem games are sequential, so each parallel step is one decision:
the selected agent's action is applied, and the others' actions — they have
all-zero masks — are ignored. It plays every game; nothing simultaneous is
pretended. There, an id that is not legal forfeits the game: the offender gets
``illegal_reward`` (-1) and ``info["illegal_action"]``, the others 0, and
every agent is terminated (PettingZoo's ``TerminateIllegalWrapper`` rule).
"""

from __future__ import annotations

import weakref
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from ..engine import Game, Rng, State
from .codec import PLAYOUTS, Bounds, bridge_game, declared_bounds, decode
from .features import Features, describe
from .gymnasium_env import action_mask, mask_box, observation_box

Obs = dict[str, np.ndarray[Any, Any]]


_cycles: weakref.WeakKeyDictionary[Game, bool] = weakref.WeakKeyDictionary()

CYCLE_STEPS = 2000
"""Decisions of each playout that ``takes_turns_in_cycle`` watches."""


def takes_turns_in_cycle(game: Game, playouts: int = PLAYOUTS) -> bool:
    """Whether every decision of ``game`` falls to the next player in seat order, starting
    with the first, games end only once the last seat has moved, and what each seat is
    offered in a cycle does not hang on what the seats before it chose in that cycle: what
    PettingZoo's ``aec_to_parallel`` requires (every agent steps once a cycle, all terminate
    at the end of a cycle, and every agent chooses at the cycle's start, from the mask
    ``ahead`` gives it).

    Seen in seeded random playouts with chance resolved inside moves, as the
    environments play (the same on every run); kept per game.
    """
    known = _cycles.get(game)
    if known is not None and playouts == PLAYOUTS:
        return known
    n = len(game.players)
    cyclic = True
    for seed in range(playouts):
        state = game.new_state(seed)
        rng = Rng(seed)
        expected = 0
        coming: list[list[str]] = []
        for _ in range(CYCLE_STEPS):
            d = state.decision
            if d is None:
                cyclic = expected == 0  # over only once the cycle is complete
                break
            if d.player != expected:
                cyclic = False
                break
            if expected == 0:  # what each seat would be offered were the first options taken
                coming = [[str(a) for a in _decision_of(ahead(state, p), p)]
                          for p in range(n)]
            elif [str(a) for a in d.actions] != coming[expected]:
                cyclic = False  # the seats before it changed what this seat may do
                break
            state = game.apply(state, d.actions[rng.below(len(d.actions))], check=False)
            expected = (expected + 1) % n
        if not cyclic:
            break
    if playouts == PLAYOUTS:
        _cycles[game] = cyclic
    return cyclic


def ahead(state: State, player: int) -> State | None:
    """The state in which ``player`` decides next in this cycle, reached by taking the first
    option of each seat before it (``None`` if the game ends or the cycle wraps first).
    In a game ``takes_turns_in_cycle`` accepts, the options there are the ones ``player``
    will be offered whatever those seats choose."""
    d = state.decision
    if d is None or d.player > player:
        return None
    while d is not None and d.player < player:
        state = state.game.apply(state, d.actions[0], check=False)
        d = state.decision
    return state if d is not None and d.player == player else None


def _decision_of(state: State | None, player: int) -> tuple[Any, ...]:
    d = None if state is None else state.decision
    return d.actions if d is not None and d.player == player else ()


class _Table:
    """What both forms share: the game, its bounds and spaces, the state, seeding."""

    def __init__(self, game: str | Path | Game, max_actions: int = 0,
                 max_steps: int | None = None, cell: int = 0,
                 scenario: str | None = None) -> None:
        self.game = bridge_game(game, scenario)
        self.bounds: Bounds = declared_bounds(self.game, max_actions)
        self.features = Features(self.game, cell)
        self.max_steps = max_steps
        self.cyclic = takes_turns_in_cycle(self.game)
        self.names = [f"player_{p}" for p in range(len(self.game.players))]
        box = spaces.Dict({"observation": observation_box(self.features),
                           "action_mask": mask_box(self.bounds)})
        self.observation_spaces = {a: box for a in self.names}
        self.action_spaces = {a: spaces.Discrete(self.bounds.actions) for a in self.names}
        self.state: State = self.game.new_state(0)
        self.seeder = np.random.default_rng()
        self.steps = 0

    def start(self, seed: int | None) -> None:
        if seed is not None:
            self.seeder = np.random.default_rng(seed)
        self.state = self.game.new_state(int(self.seeder.integers(2**31)))
        self.steps = 0

    def observe(self, p: int, ahead_in_cycle: bool = False) -> Obs:
        """``p``'s view and mask; with ``ahead_in_cycle``, in a game of whole cycles, a seat
        later in this cycle gets the mask of what it will be offered (for ``aec_to_parallel``,
        where every agent chooses at the cycle's start)."""
        vector = np.zeros(self.features.size, np.float32)
        self.features.fill(self.state, p, vector)
        d = self.state.decision
        if ahead_in_cycle and self.cyclic and d is not None and d.player < p:
            coming = ahead(self.state, p)
            mask = (action_mask(coming, p, self.bounds) if coming is not None
                    else np.zeros(self.bounds.actions, np.int8))
        else:
            mask = action_mask(self.state, p, self.bounds)
        return {"observation": vector, "action_mask": mask}

    def play(self, action: Any) -> None:
        d = self.state.decision
        assert d is not None
        try:
            chosen = decode(self.state, int(action))
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{self.names[d.player]}: {exc}") from None
        self.state = self.game.apply(self.state, chosen)
        self.steps += 1

    def is_legal(self, action: Any) -> bool:
        d = self.state.decision
        try:
            return d is not None and 0 <= int(action) < len(d.actions)
        except (TypeError, ValueError):
            return False

    @property
    def truncated(self) -> bool:
        return (self.state.outcome is None and self.max_steps is not None
                and self.steps >= self.max_steps)

    def text(self, action_id: int) -> str:
        return str(decode(self.state, action_id))


class StratagemAEC(AECEnv):  # type: ignore[misc]
    """The agent-environment-cycle environment of one Stratagem game."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"],  # noqa: RUF012
                                "name": "stratagem", "is_parallelizable": False}

    def __init__(self, game: str | Path | Game, *, render_mode: str | None = None,
                 max_steps: int | None = None, max_actions: int = 0, cell: int = 0,
                 scenario: str | None = None) -> None:
        super().__init__()
        self.table = _Table(game, max_actions, max_steps, cell, scenario)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"stratagem_{self.table.game.name}",
                         "is_parallelizable": self.table.cyclic}
        self.possible_agents = list(self.table.names)
        self.seat_names = list(self.table.game.players)
        self.agents: list[str] = []
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` space (observation, action_mask) for every agent."""
        return self.table.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete`` over the declared bound of options."""
        return self.table.action_spaces[agent]

    def action_text(self, action_id: int) -> str:
        """The text of an id of the current decision."""
        return self.table.text(action_id)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, seeded by ``seed`` (or by the environment's generator)."""
        self.table.start(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        d = self.table.state.decision
        if d is not None:
            self.agent_selection = self.possible_agents[d.player]

    def observe(self, agent: str) -> Obs:
        """What ``agent`` sees now, with its mask of legal ids (in a parallelizable game, of
        the ids it will be offered later in this cycle)."""
        return self.table.observe(self.possible_agents.index(agent), ahead_in_cycle=True)

    def step(self, action: int | None) -> None:
        """The selected agent's action id (``None`` once it is terminated or truncated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.table.play(action)
        outcome = self.table.state.outcome
        if outcome is not None:
            for p, a in enumerate(self.agents):
                self.rewards[a] = float(outcome.returns[p])
                self.terminations[a] = True
        elif self.table.truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The state as text (``ansi``), or printed (``human``)."""
        text = describe(self.table.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


class StratagemParallel(ParallelEnv):  # type: ignore[misc]
    """The parallel form: each step is one decision, taken by the agent whose mask is not empty."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"],  # noqa: RUF012
                                "name": "stratagem"}

    def __init__(self, game: str | Path | Game, *, render_mode: str | None = None,
                 max_steps: int | None = None, max_actions: int = 0,
                 illegal_reward: float = -1.0, cell: int = 0,
                 scenario: str | None = None) -> None:
        self.table = _Table(game, max_actions, max_steps, cell, scenario)
        self.illegal_reward = float(illegal_reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"stratagem_{self.table.game.name}",
                         "is_parallelizable": self.table.cyclic}
        self.possible_agents = list(self.table.names)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` space (observation, action_mask) for every agent."""
        return self.table.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete`` over the declared bound of options."""
        return self.table.action_spaces[agent]

    def _observations(self) -> dict[str, Obs]:
        return {a: self.table.observe(p) for p, a in enumerate(self.possible_agents)
                if a in self.agents}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[
            dict[str, Obs], dict[str, dict[str, Any]]]:
        """A new game, seeded by ``seed`` (or by the environment's generator)."""
        self.table.start(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, int]) -> tuple[
            dict[str, Obs], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        """Apply the deciding agent's action; the others' are ignored."""
        d = self.table.state.decision
        if d is None or not self.agents:
            raise RuntimeError("step() on a finished game: call reset()")
        mover = self.possible_agents[d.player]
        if mover not in actions:
            raise ValueError(f"{mover} decides now, and no action was given for it")
        live = list(self.agents)
        rewards = dict.fromkeys(live, 0.0)
        infos: dict[str, dict[str, Any]] = {a: {} for a in live}
        over = False
        if self.table.is_legal(actions[mover]):
            self.table.play(actions[mover])
            outcome = self.table.state.outcome
            if outcome is not None:
                over = True
                rewards = {a: float(outcome.returns[self.possible_agents.index(a)])
                           for a in live}
        else:  # an illegal id forfeits the game, as PettingZoo's TerminateIllegalWrapper does
            over = True
            rewards[mover] = self.illegal_reward
            infos[mover]["illegal_action"] = True
        truncated = not over and self.table.truncated
        observations = self._observations()
        terminations = dict.fromkeys(live, over)
        truncations = dict.fromkeys(live, truncated)
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The state as text (``ansi``), or printed (``human``)."""
        text = describe(self.table.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def aec_env(game: str | Path | Game, **kwargs: Any) -> StratagemAEC:
    """The AEC environment of a game (bundled name, rules file or ``Game``)."""
    return StratagemAEC(game, **kwargs)


def parallel_env(game: str | Path | Game, **kwargs: Any) -> StratagemParallel:
    """The parallel environment of a game (bundled name, rules file or ``Game``)."""
    return StratagemParallel(game, **kwargs)


__all__ = ["StratagemAEC", "StratagemParallel", "aec_env", "parallel_env"]
