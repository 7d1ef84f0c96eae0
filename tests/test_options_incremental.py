"""Options kept from state to state (``options.OptionMemo``) equal options worked out afresh.

The memo is on by default only where it pays (``options.KEEP_OPTIONS``); each test here
turns it on everywhere.

Along random games of every bundled game (and the larger scenarios), the options a state offers (made
with the memo its line carried) are compared at every step with those of the same state
rebuilt from its serialized form, whose options are worked out from nothing. The bigger
run is ``benchmarks/bench_options.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.engine import Rng, State, options
from stratagem.engine.deps import EVERYTHING, Changes, Reads
from stratagem.rules.reads import expression_reads


@pytest.fixture(autouse=True)
def _keep_options(monkeypatch: pytest.MonkeyPatch) -> None:
    """The memo is on by default only where it pays (``options.KEEP_OPTIONS``); these
    tests turn it on everywhere."""
    monkeypatch.setattr(options, "KEEP_OPTIONS", True)


STEPS = 40
"""Steps of each game checked here (a few seconds for every game and scenario)."""


SCENARIOS: list[tuple[str, str | None]] = [("broken_throne", "medium"), ("broken_throne", "large"),
             ("broken_throne", "trial_chain"), ("flower_war", "close_quarters"),
             ("skirmish", "ambush")]
"""Scenarios checked here beside every game's own set-up (compiling each costs about half a
second; ``benchmarks/bench_options.py`` checks every scenario)."""


def _cases() -> list[tuple[str, str | None]]:
    return [*((name, None) for name in stratagem.list_games()), *SCENARIOS]


def _fresh(game: stratagem.Game, state: State) -> State:
    """The same state with nothing carried: its options worked out from the state alone."""
    return game.deserialize(game.serialize(state))


@pytest.mark.parametrize(("name", "scenario"), _cases())
def test_kept_options_equal_options_worked_out_afresh(name: str, scenario: str | None) -> None:
    """At every step of a random game, the offered options equal those worked out afresh:
    the same actions in the same order."""
    assert _checked_walk(stratagem.load(name, scenario), 11, Rng(7), f"{name}:{scenario}") > 0


def _checked_walk(game: stratagem.Game, seed: int, rng: Rng, what: str) -> int:
    """The steps of a random game (at most ``STEPS``), its options compared with options
    worked out afresh at each."""
    state = game.new_state(seed)
    steps = 0
    while state.decision is not None and steps < STEPS:
        assert game.legal_actions(state) == game.legal_actions(_fresh(game, state)), \
            f"{what} step {steps}"
        options = game.legal_actions(state)
        state = game.apply(state, options[rng.below(len(options))])
        steps += 1
    return steps


STRATEGA = sorted((Path(__file__).parent / "stratega").glob("*.yaml"))
"""Stratega's configurations (the importer's fixtures) and their native twins: squares
with parameters of their own, technologies, queues, buffs, triggers."""


@pytest.mark.parametrize("path", STRATEGA, ids=[p.stem for p in STRATEGA])
def test_kept_options_equal_fresh_ones_in_stratega_configurations(path: Path) -> None:
    """The same check on every Stratega fixture, several games each (a square's grain
    reaped, a building's queue filled: what they read lives in the counters)."""
    game = stratagem.load(path)
    rng = Rng(3)
    for seed in range(3):
        assert _checked_walk(game, seed, rng, f"{path.name} seed {seed}") > 0


def test_playout_reaches_the_state_apply_reaches() -> None:
    """A playout keeps its options across steps on one working state; it plays the same
    game as apply does step by step with the same draws."""
    game = stratagem.load("broken_throne", "medium")
    start = game.new_state(3)
    end = game.playout(start, Rng(5), max_steps=60)
    rng = Rng(5)
    state = start
    for _ in range(60):
        if state.decision is None:
            break
        options = game.legal_actions(state)
        state = game.apply(state, options[rng.below(len(options))])
    assert game.serialize(end).split('"log"')[0] == game.serialize(state).split('"log"')[0]


def test_unchanged_actors_keep_their_options() -> None:
    """Along a Broken Throne game, entries whose inputs did not change are carried over as
    they were, not worked out again; an entry that reads its actor is carried only while
    that actor is unchanged."""
    game = stratagem.load("broken_throne")
    rng = Rng(1)
    state = game.new_state(1)
    carried = 0
    for _ in range(120):
        if state.decision is None:
            break
        before = state
        options = game.legal_actions(state)
        state = game.apply(state, options[rng.below(len(options))])
        if before.memo is None or state.memo is None or state.memo is before.memo:
            continue
        for (name, _, actor), made in state.memo.entries.items():
            if not made or before.memo.entries.get((name, _, actor)) is not made:
                continue  # (every empty entry is the same empty tuple)
            carried += 1
            if actor is not None and game.action_types[name].reads.actor:
                assert state.entities[actor] is before.entities[actor]
    assert carried > 0, "no entry was carried over"


def test_reads_of_expressions() -> None:
    """The compiler says what an expression reads, and reads everything where it cannot
    tell (a name it does not know)."""
    names = ["target"]
    assert expression_reads("actor.hp > 0", names) == Reads(actor=True)
    assert expression_reads("player.gold >= 3", names) == Reads(
        player_params=frozenset({"gold"}))
    r = expression_reads("distance(actor, target) <= actor.range", names)
    assert r.actor and r.pos and not r.params
    assert expression_reads("has_status(actor, 'slowed')", names) == Reads(actor=True)
    assert expression_reads("mystery > 1", names) == EVERYTHING
    assert expression_reads("game.round > 2", names) == Reads(flow=True)
    assert expression_reads("reachable(actor, 3)", names).tiles
    assert expression_reads(5, names) == Reads()


def test_changes_between_states() -> None:
    """What differs between two states is found by comparing the containers they share."""
    game = stratagem.load("broken_throne")
    state = game.new_state(1)
    select = next(a for a in game.legal_actions(state) if a.type == "select")
    after = game.apply(state, select)
    changes = Changes(state, after)
    assert changes.player_params == {"selected"}
    assert not changes.entities and not changes.pos
    assert Changes(state, state).entities == set()
