"""Files written by an earlier engine still open, replay and play on byte-identically.

The fixtures in ``tests/compat/`` (saved states of format version 1, replays without a
rules fingerprint) were written once by ``tests/compat/make_fixtures.py``
and are never regenerated: a change to the engine that alters how a saved state reads
back, how a replay re-runs, or where a game goes from a saved position fails here.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import stratagem
from stratagem.arena import Replay, replay_game
from stratagem.engine import dumps

HERE = Path(__file__).resolve().parent / "compat"
STEMS = sorted(p.name.removesuffix(".state.json") for p in HERE.glob("*.state.json"))


def load(stem: str) -> stratagem.Game:
    game, _, scenario = stem.partition("-")
    return stratagem.load(game, scenario=scenario or None)


def test_every_fixture_set_is_complete() -> None:
    assert len(STEMS) >= 10
    for stem in STEMS:
        assert (HERE / f"{stem}.replay.json").is_file()
        assert (HERE / f"{stem}.ahead.json").is_file()


@pytest.mark.parametrize("stem", STEMS)
def test_a_saved_state_reads_back_to_the_same_text_and_plays_on_the_same(stem: str) -> None:
    game = load(stem)
    text = (HERE / f"{stem}.state.json").read_text().rstrip("\n")
    state = game.deserialize(text)
    version = json.loads(text)["version"]  # written again in the form it was written in
    assert dumps(state, version) == text
    ahead = json.loads((HERE / f"{stem}.ahead.json").read_text())
    for _ in range(ahead["steps"]):
        if state.decision is None:
            break
        state = game.apply(state, game.legal_actions(state)[0])
    assert hashlib.sha256(dumps(state, version).encode()).hexdigest() == ahead["sha256"]


@pytest.mark.parametrize("stem", STEMS)
def test_a_replay_reruns_to_its_recorded_end(stem: str) -> None:
    game = load(stem)
    replay = Replay.from_json((HERE / f"{stem}.replay.json").read_text())
    final = replay_game(game, replay)
    assert final.outcome == replay.outcome
    assert len(replay.records) > 0
