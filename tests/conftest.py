"""Shared helpers for the property tests: the bundled games, strategies and a playout driver."""

from __future__ import annotations

import importlib.util
import math
import os
import signal
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import settings
from hypothesis import strategies as st

import stratagem
from stratagem.engine import CHANCE, Action, Game, Rng, State

# The suite is a gate, so its property tests draw the same examples on every run: a red CI
# run then means a change broke something, never that the dice found an old bug. Searching
# for new failures is a separate, longer job: `HYPOTHESIS_PROFILE=explore` draws fresh
# examples each run (with `STRATAGEM_FUZZ_EXAMPLES=N` to scale the rules fuzzing).
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# A game started without --seed (play, new, the web lobby) gets a new seed each time; the
# suite fixes it to 0 so that its games are the same on every run (the tests of the new
# seeds themselves take it away).
os.environ.setdefault("STRATAGEM_SEED", "0")

GAMES: tuple[str, ...] = tuple(stratagem.list_games())
"""Every bundled game, by name: each property runs on all of them."""

GAME_MODES = [pytest.param(name, explicit, id=f"{name}-{'explicit' if explicit else 'sampled'}")
              for name in GAMES for explicit in (False, True)]
"""(game name, explicit chance) pairs: rolls sampled by the state's RNG, or surfaced."""

KINDS = ("action", "reaction", "chance")

seeds = st.integers(min_value=0, max_value=2**32 - 1)
"""Seeds for ``new_state``."""

picks = st.lists(st.integers(min_value=0, max_value=2**16), min_size=1, max_size=40)
"""Option indices for a playout; the driver cycles through them."""


@dataclass(frozen=True)
class Playout:
    """A random playout: ``states[i + 1] == game.apply(states[i], actions[i])``."""

    game: Game
    seed: int
    explicit: bool
    states: tuple[State, ...]
    actions: tuple[Action, ...]

    @property
    def final(self) -> State:
        """The last state reached."""
        return self.states[-1]


def pick(state: State, choices: Sequence[int], i: int) -> Action:
    """The option ``choices[i % len(choices)]`` (modulo the number of options) of the decision."""
    d = state.decision
    assert d is not None
    return d.actions[choices[i % len(choices)] % len(d.actions)]


def play(game: Game, seed: int, choices: Sequence[int], *, explicit: bool = False,
         max_steps: int = 60) -> Playout:
    """Play up to ``max_steps`` decisions (chance ones too), picking options by ``choices``."""
    state = game.new_state(seed, explicit_chance=explicit)
    states = [state]
    actions = []
    for i in range(max_steps):
        if state.decision is None:
            break
        action = pick(state, choices, i)
        state = game.apply(state, action)
        actions.append(action)
        states.append(state)
    return Playout(game, seed, explicit, tuple(states), tuple(actions))


def load_script(path: Path, name: str | None = None) -> ModuleType:
    """A script of ``benchmarks/`` or ``examples/`` loaded as a module (under ``name``,
    default its file name), registered in ``sys.modules`` first: dataclasses look their
    module up while decorating."""
    spec = importlib.util.spec_from_file_location(name or path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def random_walk(game: Game, seed: int, limit: int | None = None) -> list[State]:
    """Every state of one game played by uniform random choices seeded with ``seed`` (chance
    by the state's own dice), up to ``limit`` states when one is given."""
    rng = Rng(seed)
    s = game.new_state(seed)
    states = [s]
    while s.decision is not None and (limit is None or len(states) < limit):
        options = game.legal_actions(s)
        s = game.apply(s, options[rng.below(len(options))])
        states.append(s)
    return states


def check_state(game: Game, state: State) -> None:
    """The invariants every reachable state holds: decision xor outcome, options, bounds."""
    d = state.decision
    assert (d is None) == (state.outcome is not None), state
    n = len(game.players)
    if d is None:
        o = state.outcome
        assert o is not None
        assert game.legal_actions(state) == ()
        assert len(o.ranks) == n and len(o.scores) == n
        assert all(o.ranks[p] == 1 for p in o.winners)
        assert isinstance(o.reason, str) and o.reason
    else:
        assert d.kind in KINDS
        assert len(d.actions) >= 1
        assert game.legal_actions(state) == d.actions
        assert len(set(d.actions)) == len(d.actions), "the options repeat an action"
        if d.kind == "chance":
            assert d.player == CHANCE
            assert d.weights is not None and len(d.weights) == len(d.actions)
            assert all(w > 0 for w in d.weights)
            assert math.isclose(sum(d.probabilities), 1.0, abs_tol=1e-9)
        else:
            assert 0 <= d.player < n
    check_bounds(game, state)


def check_bounds(game: Game, state: State) -> int:
    """Assert every parameter lies within its declared bounds; the number of values checked."""
    checked = 0
    for e in state.entities.values():
        for spec in game.entity_types[e.type].params:
            value = e.params[spec.name]
            assert spec.min is None or value >= spec.min, (e, spec, value)
            assert spec.max is None or value <= spec.max, (e, spec, value)
            checked += 1
    for pl in state.players:
        for spec in game.player_params:
            value = pl.params[spec.name]
            assert spec.min is None or value >= spec.min, (spec, value)
            assert spec.max is None or value <= spec.max, (spec, value)
            checked += 1
    return checked


def like_a_terminal() -> None:
    """A child's Ctrl-C as a person's shell would give it: SIGINT handled by default and not
    blocked. A child inherits an ignored or blocked SIGINT from the test process, and a
    library used by an earlier test in the same worker may have left one so; the Ctrl-C
    tests then saw a CLI that could not be interrupted. Pass as ``preexec_fn``."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)
