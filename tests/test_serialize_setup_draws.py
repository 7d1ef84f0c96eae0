"""A game whose flow draws before anyone decides as many times as its seed says (a chit
cup that is drawn again when the end-of-turn chit comes out first) is saved by `new`
and opened by `show` and `move` for every seed: the seed is found from the generator and
the number of draws its own set-up made, not seed 0's (the chit-pull writer's finding 1:
`show` refused the file `new` had just written)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import stratagem
from stratagem.engine import SerializationError
from stratagem.engine.serialize import loads, seed_of
from test_cli import run

CUP = (Path(__file__).parent / "outsider" / "chits" / "repro"
       / "01_new_state_fails_own_check.yaml")


def test_every_seed_is_found_again_and_its_file_opens(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    game = stratagem.load(str(CUP))
    counts = set()
    for seed in range(12):
        state = game.new_state(seed)
        counts.add(state.round)  # how many rounds the cup was drawn in before a decision
        assert seed_of(state) == seed
        assert game.deserialize(game.serialize(state)) == state
    assert len(counts) > 1  # the seeds do draw different numbers of times
    saved = tmp_path / "cup.json"
    for seed in (2, 4, 6):
        assert run(capsys, "new", str(CUP), "--seed", str(seed), "--out", str(saved),
                   "--force")[0] == 0
        code, _, err = run(capsys, "show", str(saved))
        assert code == 0, err


def test_a_generator_no_seed_gives_is_refused_in_one_line() -> None:
    game = stratagem.load(str(CUP))
    doc = json.loads(game.serialize(game.new_state(3)))
    doc["rng"] += 12345
    # (some seed's game always ends its set-up there: its cards are not these)
    with pytest.raises(SerializationError, match="does not follow from its own moves"):
        loads(game, json.dumps(doc), check_history=True)
