"""Playing a Stratega fixture beside its hand-written native twin, action by action."""

from __future__ import annotations

import random
from typing import Any

from stratagem.engine import Game, State


def units(state: State) -> dict[int, tuple[Any, ...]]:
    """Every unit: its type, owner, place and parameters."""
    return {eid: (e.type, e.owner, e.pos, tuple(sorted(e.params.items())))
            for eid, e in state.entities.items()}


def play_side_by_side(imported: Game, native: Game, seed: int, max_steps: int) -> int:
    """Play one random game in both, checking after every action that they offer the
    same actions and hold the same units; the number of actions played."""
    rng = random.Random(seed)
    a, b = imported.new_state(seed=seed), native.new_state(seed=seed)
    steps = 0
    while a.decision is not None and steps < max_steps:
        offered = sorted(str(x) for x in imported.legal_actions(a))
        assert offered == sorted(str(x) for x in native.legal_actions(b)), (seed, steps)
        text = rng.choice(offered)
        a = imported.apply(a, imported.parse_action(a, text))
        b = native.apply(b, native.parse_action(b, text))
        assert units(a) == units(b), (seed, steps, text)
        steps += 1
    assert (a.decision is None) == (b.decision is None)
    if a.decision is None:
        assert a.outcome is not None and b.outcome is not None
        assert a.outcome.winners == b.outcome.winners
    return steps
