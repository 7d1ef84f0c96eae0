"""A tech-tree game of our own in Stratega's format (tests/stratega/tech_realms.yaml)
plays exactly as the same game written by hand in the native format
(tech_realms_native.yaml): along random games, after every action, both offer the
same legal actions and hold the same units, player parameters, researched
technologies, buffs and research in progress, and both end the same way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import stratagem
from stratagem.engine.continuous import tasks
from stratagem.engine.rng import Rng
from stratagem.engine.tech import researched

HERE = Path(__file__).parent / "stratega"
SEEDS = (0, 1, 2)
"""Random games compared (each about a hundred actions; game 1 and 2 have rallies)."""


def _units(state: Any) -> list[tuple[Any, ...]]:
    return sorted((int(eid), e.type, e.owner, tuple(e.pos),
                   tuple(sorted(e.params.items())))
                  for eid, e in state.entities.items())


def _players(state: Any) -> list[tuple[Any, ...]]:
    return [(tuple(sorted(p.params.items())), researched(state, i))
            for i, p in enumerate(state.players)]


def _progress(state: Any) -> list[tuple[Any, ...]]:
    return [(str(t.holder), t.action, t.targets, t.elapsed) for t in tasks(state)]


def _buffs(state: Any) -> dict[str, Any]:
    return {k: v for k, v in state.counters.items() if k.startswith("buff:")}


def test_imported_tech_game_agrees_with_the_hand_written_one() -> None:
    """Every legal action, unit, player parameter, researched technology, buff and
    research in progress agree after every action of a few random games, and the
    games end alike (states read back from their saved text every ten actions); along the way research completes, soldiers are trained, and a
    rally gives a buff (so the comparison reaches every construct)."""
    imported = stratagem.load(str(HERE / "tech_realms.yaml"))
    native = stratagem.load(str(HERE / "tech_realms_native.yaml"))
    seen: set[str] = set()
    for seed in SEEDS:
        rng = Rng(seed)
        a, b = imported.new_state(seed=seed), native.new_state(seed=seed)
        steps = 0
        while a.decision is not None:
            options = imported.legal_actions(a)
            assert sorted(map(str, options)) == sorted(map(str, native.legal_actions(b))), \
                f"game {seed}, action {steps}"
            action = options[rng.below(len(options))]
            a = imported.apply(a, action)
            b = native.apply(b, native.parse_action(b, str(action)))
            steps += 1
            where = f"game {seed}, after {action} (action {steps})"
            assert _units(a) == _units(b), where
            assert _players(a) == _players(b), where
            assert _progress(a) == _progress(b), where
            assert _buffs(a) == _buffs(b), where
            if steps % 10 == 0:  # saved and read back, the state is the same
                assert imported.deserialize(imported.serialize(a)) == a, where
            seen.add(action.type)
            if _buffs(a):
                seen.add("a buff")
            seen.update(researched(a, 0) + researched(a, 1))
        assert b.decision is None
        assert (a.outcome.winners, a.outcome.ranks) == (b.outcome.winners, b.outcome.ranks)
    assert {"Research", "AbortResearch", "Train", "Strike", "Rally", "Bronze", "Chivalry",
            "Writing", "a buff"} <= seen
