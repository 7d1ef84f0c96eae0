"""Train a small policy on connect four with maskable PPO, then measure it against random.

    python examples/train_connect_four.py [--steps 60000] [--games 200] [--seed 0]

Needs the ``train`` extra (``pip install -e '.[train]'``): Stable-Baselines3 and its
contrib package, whose ``MaskablePPO`` learns only among legal moves by asking the
environment's ``action_masks()``. The learner is one seat of Stratagem's connect four
(``interop.gymnasium_env.StratagemEnv``) against the ``random`` agent; its observation
is the bridge's vector of what the seat sees, its actions the bridge's option ids.

The learner alternates seats from episode to episode (two environments, one per seat),
so it learns to play first and second. Afterwards it plays ``--games`` games against
random, half from each seat, greedy among its legal moves, and the script prints its
wins out of the games with a 95% Wilson score interval, beside the same figure for a
random player in its place (the baseline it must clearly beat).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

from stratagem.arena.stats import wilson
from stratagem.interop.gymnasium_env import StratagemEnv

GAME = "connect_four"


def make_env(seat: int, seed: int) -> Any:
    """An environment factory: the learner in ``seat`` against the random agent."""
    def build() -> StratagemEnv:
        env = StratagemEnv(GAME, opponent="random", player=seat)
        env.reset(seed=seed + seat)
        return env
    return build


def train(steps: int, seed: int) -> MaskablePPO:
    """A maskable PPO policy (two hidden layers of 64) trained for ``steps`` environment steps."""
    envs = DummyVecEnv([make_env(0, seed), make_env(1, seed)])
    rollout = min(512, max(64, steps // 2))  # steps per environment between updates
    model = MaskablePPO("MlpPolicy", envs, n_steps=rollout, batch_size=min(256, 2 * rollout),
                        n_epochs=4, learning_rate=1e-3, gamma=0.99, ent_coef=0.01, seed=seed,
                        policy_kwargs={"net_arch": [64, 64]}, device="cpu", verbose=0)
    model.learn(total_timesteps=steps)
    return model


def play(model: MaskablePPO | None, games: int, seed: int) -> tuple[int, int, int]:
    """Wins, draws and losses of the policy (``None``: uniformly random legal moves) against
    the random agent, half the games from each seat."""
    rng = np.random.default_rng(seed)
    wins = draws = losses = 0
    for g in range(games):
        env = StratagemEnv(GAME, opponent="random", player=g % 2)
        obs, _ = env.reset(seed=seed * 100_003 + g)
        done, reward = False, 0.0
        while not done:
            mask = env.action_masks().astype(bool)
            if model is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action, _ = model.predict(obs, action_masks=mask, deterministic=True)
            obs, r, terminated, truncated, _ = env.step(int(action))
            reward, done = float(r), terminated or truncated
        wins += reward > 0
        draws += reward == 0
        losses += reward < 0
    return wins, draws, losses


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Train, evaluate, print the figures; return them (for tests)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=60_000, help="environment steps of training")
    parser.add_argument("--games", type=int, default=200, help="evaluation games against random")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    torch.set_num_threads(1)  # small networks: one thread is fastest, and leaves a core free
    started = time.perf_counter()
    model = train(args.steps, args.seed)
    trained_in = time.perf_counter() - started
    report: dict[str, Any] = {"steps": args.steps, "seconds": round(trained_in, 1)}
    for name, policy in (("trained policy", model), ("random player", None)):
        w, d, l_ = play(policy, args.games, args.seed + 1)
        low, high = wilson(w, args.games)
        report[name] = {"wins": w, "draws": d, "losses": l_, "low": low, "high": high}
        print(f"{name:>14}: won {w} of {args.games} against random ({d} drawn, {l_} lost); "
              f"win rate {100 * w / args.games:.1f}%, 95% Wilson interval "
              f"{100 * low:.1f}–{100 * high:.1f}%")
    print(f"trained for {args.steps} steps in {trained_in:.0f} s")
    return report


if __name__ == "__main__":
    main()
