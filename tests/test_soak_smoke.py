"""Smoke tests of ``benchmarks/soak.py``: a short soak of every bundled game runs clean, and errors are caught."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import conftest
import stratagem
from conftest import load_script
from stratagem.engine import Game, State

SOAK = Path(__file__).resolve().parents[1] / "benchmarks" / "soak.py"
GAMES = 2
"""Random games per game and mode in CI (the soak itself defaults to 10,000)."""


def _load_soak() -> ModuleType:
    return load_script(SOAK, "soak")


@pytest.fixture(scope="module")
def soak() -> ModuleType:
    return _load_soak()


@pytest.fixture(scope="module")
def run(soak: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A soak of every bundled game, sized by ``$STRATAGEM_SOAK_GAMES`` as CI would."""
    path = tmp_path_factory.mktemp("soak") / "soak.json"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("STRATAGEM_SOAK_GAMES", str(GAMES))
        status = soak.main(["--json", str(path)])
    report: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    report["status"] = status
    return report


def test_every_bundled_game_soaks_clean_in_both_modes(run: dict[str, Any]) -> None:
    """Each bundled game, sampled and explicit, plays its games to the end with no error."""
    assert run["status"] == 0 and run["errors"] == 0, run["failures"]
    assert run["games_per_mode"] == GAMES
    pairs = [(r["game"], r["mode"]) for r in run["results"]]
    assert pairs == [(g, m) for g in stratagem.list_games() for m in ("sampled", "explicit")]
    for r in run["results"]:
        assert r["games"] == r["finished"] == GAMES, r
        assert r["steps"] >= GAMES and r["steps_per_s"] > 0, r


def test_explicit_mode_adds_chance_steps_to_games_with_dice(run: dict[str, Any]) -> None:
    """Explicit chance makes each roll a step: games with dice take more steps, the others as many."""
    steps = {(r["game"], r["mode"]): r["steps"] for r in run["results"]}
    for name in stratagem.list_games():
        sampled, explicit = steps[name, "sampled"], steps[name, "explicit"]
        if stratagem.load(name).info.chance:
            assert explicit > sampled, name
        else:
            assert explicit == sampled, name


def test_the_checks_are_the_test_suites(soak: ModuleType) -> None:
    """The soak checks states with `check_state` of tests/conftest.py itself, not a copy."""
    assert soak.load_checks() is conftest


def test_summary_table_and_progress_lines(soak: ModuleType,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Off a terminal, progress is a line per game and mode on stderr; the table goes to stdout."""
    assert soak.main(["--games", "2", "--only", "tic_tac_toe,connect_four",
                      "--modes", "explicit"]) == 0
    out, err = capsys.readouterr()
    assert "soak: tic_tac_toe (explicit): 2 games" in err
    assert "soak: connect_four (explicit): 2 games" in err
    lines = out.splitlines()
    header = next(line for line in lines if line.startswith("game"))
    assert header.split() == ["game", "mode", "games", "finished", "unfinished", "steps",
                              "steps/s", "errors"]
    total = next(line for line in lines if line.startswith("total")).split()
    assert total[1:3] == ["4", "4"] and total[-1] == "0"


def test_a_long_run_off_a_terminal_says_how_far_it_has_got(
        soak: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    """A run of 20 games or more writes a line at every tenth, so a log shows it is alive."""
    assert soak.main(["--games", "20", "--only", "tic_tac_toe", "--modes", "sampled"]) == 0
    err = capsys.readouterr().err
    so_far = [line for line in err.splitlines() if "so far" in line]
    assert [line.split(": ")[2].split(",")[0] for line in so_far] == \
        [f"{n}/20 games so far" for n in range(2, 20, 2)]
    assert "soak: tic_tac_toe (sampled): 20 games, " in err


def test_a_failed_check_is_counted_and_reported_with_its_seed_and_step(
    soak: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """A check that fails abandons that game only; the report names the seed, step and error."""
    check_state = conftest.check_state

    def picky(game: Game, state: State) -> None:
        check_state(game, state)
        if len(state.history) == 3 and state.history[0].action.targets[0][1].x == 0:
            raise AssertionError("three moves in, after a first move in column 0")

    monkeypatch.setattr(conftest, "check_state", picky)
    status = soak.main(["--games", "9", "--only", "tic_tac_toe", "--modes", "sampled"])
    out = capsys.readouterr().out
    assert status == 1
    row = next(line for line in out.splitlines() if line.startswith("tic_tac_toe")).split()
    errors = int(row[-1])
    assert 0 < errors < 9 and int(row[3]) == 9 - errors  # the other games finished
    assert "AssertionError: three moves in, after a first move in column 0" in out
    assert ", step 3: " in out
    assert "replay: python benchmarks/soak.py --only tic_tac_toe --modes sampled --first-seed" in out


def test_a_mutating_apply_is_caught(soak: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """If apply changed its input state, the purity check would report it."""
    apply = Game.apply

    def leaky(self: Game, state: State, action: Any, **kw: Any) -> State:
        after = apply(self, state, action, **kw)
        # A write through to the input state, as a bug in the engine could write: to the
        # engine's own dict (the public ``params`` is a read-only copy of it).
        state.players[0].params_["leak"] = 1
        return after

    monkeypatch.setattr(Game, "apply", leaky)
    tally = soak.soak_mode("connect_four", "sampled", 1, 0, 100, soak.Checker(conftest.check_state))
    assert tally.errors == 1 and tally.failures[0].step == 0
    assert "changed its input state" in tally.failures[0].error


def test_games_option_rejects_unknown_names(soak: ModuleType,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown game or mode is a usage error listing the choices."""
    with pytest.raises(SystemExit) as exc:
        soak.parse_args(["--only", "pig,chess"])
    assert exc.value.code == 2
    assert "unknown game chess; choose from" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        soak.parse_args(["--modes", "loaded"])
    assert "unknown mode loaded; choose from sampled, explicit" in capsys.readouterr().err


def test_chunks_cover_the_seeds_not_yet_played(soak: ModuleType) -> None:
    """A plan covers each set-up and mode's seeds in runs of consecutive seeds, skipping those done."""
    done = {("pig", "sampled"): {2, 3, 7}}
    chunks = soak.plan(["pig"], ["sampled", "explicit"], 10, 0, 4, done)
    sampled = [(c.first_seed, c.games) for c in chunks if c.mode == "sampled"]
    explicit = [(c.first_seed, c.games) for c in chunks if c.mode == "explicit"]
    assert sampled == [(0, 2), (4, 3), (8, 2)]
    assert explicit == [(0, 4), (4, 4), (8, 2)]


def test_a_ledger_run_goes_on_where_the_last_one_ended(
        soak: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Run again with the same ledger, a soak plays only new seeds, on two workers as on one,
    and its table is the ledger's whole count."""
    ledger = tmp_path / "soak.jsonl"
    args = ["--only", "tic_tac_toe", "--modes", "sampled", "--ledger", str(ledger)]
    assert soak.main([*args, "--games", "3"]) == 0
    first = [json.loads(line) for line in ledger.read_text(encoding="utf-8").splitlines()]
    assert sum(r["games"] for r in first) == 3 and first[0]["first_seed"] == 0
    capsys.readouterr()
    assert soak.main([*args, "--games", "7", "--workers", "2"]) == 0
    out = capsys.readouterr().out
    records = [json.loads(line) for line in ledger.read_text(encoding="utf-8").splitlines()]
    seeds = sorted(s for r in records for s in range(r["first_seed"], r["first_seed"] + r["games"]))
    assert seeds == list(range(7))  # seeds 0-2 were not played again
    row = next(line for line in out.splitlines() if line.startswith("tic_tac_toe")).split()
    assert row[2:4] == ["7", "7"]
    # the same seven games played in one go, without a ledger, take the same steps
    alone = soak.soak(["tic_tac_toe"], 7, ["sampled"])
    assert alone[0].steps == sum(r["steps"] for r in records)


def test_a_damaged_ledger_is_one_located_line(soak: ModuleType, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """A ledger line that is not a record stops the run before it plays, naming the line."""
    ledger = tmp_path / "soak.jsonl"
    ledger.write_text('{"game": "pig"}\n', encoding="utf-8")
    assert soak.main(["--only", "pig", "--games", "1", "--ledger", str(ledger)]) == 2
    assert f"{ledger}:1: not a soak ledger record" in capsys.readouterr().err


def test_a_history_rewritten_by_apply_is_caught(soak: ModuleType,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A step checks its state's round trip without the history, and that apply kept the
    history it had: an apply that swapped it would be reported."""
    apply = Game.apply

    def rewrites(self: Game, state: State, action: Any, **kw: Any) -> State:
        after = apply(self, state, action, **kw)
        if state.log is not None:
            state.log = (None, state.log[1])  # the same last record on a new chain
        return after

    monkeypatch.setattr(Game, "apply", rewrites)
    tally = soak.soak_mode("tic_tac_toe", "sampled", 1, 0, 100,
                           soak.Checker(conftest.check_state))
    assert tally.errors == 1 and tally.failures[0].step == 1
    assert "changed its input state" in tally.failures[0].error
