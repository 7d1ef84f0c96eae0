"""Smoke tests of ``benchmarks/bench_engine.py``: it still runs, end to end, on a tiny budget."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import stratagem
from conftest import load_script

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_engine.py"
TINY = ["--seconds", "0.05", "--repeat", "1"]
PEERS = {"tic_tac_toe": ("stratagem_python", "openspiel_python", "openspiel_cpp"),
         "connect_four": ("openspiel_cpp",)}
MOVES = {"tic_tac_toe": (5, 9), "connect_four": (7, 42)}
"""Bounds on the average length of a random game."""


def _load_bench() -> ModuleType:
    return load_script(BENCH, "bench_engine")


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return _load_bench()


@pytest.fixture(scope="module")
def report(bench: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("bench") / "report.json"
    assert bench.main([*TINY, "--json", str(path)]) == 0
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return result


def test_both_games_are_measured_by_default(report: dict[str, Any]) -> None:
    """Without `--games`, the run measures the three classics, in order."""
    assert report["games"] == ["tic_tac_toe", "connect_four", "pig"]
    assert list(report["results"]) == ["tic_tac_toe", "connect_four", "pig"]


def test_stratagem_figures_are_positive(bench: ModuleType, report: dict[str, Any]) -> None:
    """A tiny run reports every Stratagem figure of each game as a positive rate, from whole playouts."""
    for game, (low, high) in MOVES.items():
        ours = report["results"][game]["subjects"]["stratagem"]
        assert set(ours["figures"]) == {key for key, _ in bench.FIGURES}
        assert all(value > 0 for value in ours["figures"].values())
        assert low <= ours["moves_per_playout"] <= high, game


def test_python_tic_tac_toe_is_its_own_subject(report: dict[str, Any]) -> None:
    """The Python-defined tic-tac-toe is measured beside the one from the rules file, with a ratio."""
    result = report["results"]["tic_tac_toe"]
    assert result["subjects"]["stratagem"]["label"] == "stratagem YAML"
    assert result["subjects"]["stratagem_python"]["label"] == "stratagem Python"
    assert result["ratios"]["stratagem_python"]["playouts_per_s"] > 0


def test_peer_figures_and_ratios(bench: ModuleType, report: dict[str, Any]) -> None:
    """With OpenSpiel installed, every peer is measured and each ratio is ours over theirs."""
    pytest.importorskip("pyspiel")
    for game, peers in PEERS.items():
        result = report["results"][game]
        ours = result["subjects"]["stratagem"]["figures"]
        assert set(result["ratios"]) == set(peers)
        for peer in peers:
            theirs = result["subjects"][peer]["figures"]
            assert all(value > 0 for value in theirs.values())
            for key, _ in bench.FIGURES:
                assert result["ratios"][peer][key] == pytest.approx(ours[key] / theirs[key])


def test_aims_are_judged_on_playout_ratios(report: dict[str, Any]) -> None:
    """Each game's aim is met exactly when its playout ratio reaches the target (1 and 0.1)."""
    pytest.importorskip("pyspiel")
    targets = {"tic_tac_toe": ("openspiel_python", 1.0), "connect_four": ("openspiel_cpp", 0.1)}
    for game, (peer, target) in targets.items():
        aim = report["results"][game]["aim"]
        assert (aim["peer"], aim["target"]) == (peer, target)
        ratio = report["results"][game]["ratios"][peer]["playouts_per_s"]
        assert aim["ratio"] == pytest.approx(ratio)
        assert aim["met"] == (ratio >= target)


def test_games_option_selects_games(bench: ModuleType, tmp_path: Path) -> None:
    """`--games connect_four` measures connect four alone."""
    path = tmp_path / "report.json"
    assert bench.main([*TINY, "--games", "connect_four", "--json", str(path)]) == 0
    report = json.loads(path.read_text(encoding="utf-8"))
    assert report["games"] == ["connect_four"]
    assert set(report["results"]) == {"connect_four"}


def test_flower_war_is_measured_on_request_without_a_peer(bench: ModuleType,
                                                         tmp_path: Path) -> None:
    """`--games flower_war` measures the battle-board game in both chance modes: steps and
    copies per second, from its mid-game state of 99 legal actions."""
    path = tmp_path / "report.json"
    assert bench.main([*TINY, "--games", "flower_war", "--json", str(path)]) == 0
    result = json.loads(path.read_text(encoding="utf-8"))["results"]["flower_war"]
    assert set(result["subjects"]) == {"stratagem", "stratagem_sampled"}
    for subject in result["subjects"].values():
        assert subject["figures"]["steps_per_s"] > 0 and subject["figures"]["copy_per_s"] > 0
    assert result["aim"] == {}


def test_games_option_rejects_unknown_names(bench: ModuleType,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown game name is a usage error that lists the games the script knows."""
    with pytest.raises(SystemExit) as exc:
        bench.parse_args(["--games", "tic_tac_toe,chess"])
    assert exc.value.code == 2
    assert "unknown game chess; choose from tic_tac_toe, connect_four" in capsys.readouterr().err


def test_without_openspiel_only_stratagem_is_reported(
    bench: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    """When pyspiel cannot be imported, the run still succeeds, says so, and has no OpenSpiel peers."""
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # makes `import pyspiel` fail
    path = tmp_path / "report.json"
    assert bench.main([*TINY, "--json", str(path)]) == 0
    assert "pyspiel is not importable" in capsys.readouterr().out
    report = json.loads(path.read_text(encoding="utf-8"))
    assert set(report["results"]["connect_four"]["subjects"]) == {"stratagem"}
    assert report["results"]["connect_four"]["ratios"] == {}
    assert set(report["results"]["tic_tac_toe"]["subjects"]) == {"stratagem",
                                                                   "stratagem_python"}
    assert "ratio" not in report["results"]["connect_four"]["aim"]
    assert report["openspiel_version"] is None


def test_every_bundled_game_can_be_measured(bench: ModuleType, tmp_path: Path) -> None:
    """`--games all` names every bundled game (the classics first); a game without an
    OpenSpiel peer, such as Elemental Duel, is measured alone from a random mid-game state."""
    every = bench.parse_args(["--games", "all"]).games
    assert every[:3] == ["tic_tac_toe", "connect_four", "pig"]
    assert sorted(every) == sorted(stratagem.list_games())
    path = tmp_path / "report.json"
    assert bench.main([*TINY, "--games", "elemental_duel", "--json", str(path)]) == 0
    result = json.loads(path.read_text(encoding="utf-8"))["results"]["elemental_duel"]
    assert list(result["subjects"]) == ["stratagem"] and result["ratios"] == {}
    assert all(value > 0 for value in result["subjects"]["stratagem"]["figures"].values())


def test_stratega_benchmark_measures_the_fixture_and_its_yardstick(tmp_path: Path) -> None:
    """`bench_stratega.py`, on games cut to one round, reports positive steps per second
    for the Stratega file, its native twin and (with OpenSpiel) connect four, and their
    ratio."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_stratega.py"
    module = load_script(path, "bench_stratega")
    out = tmp_path / "stratega.json"
    assert module.main(["--seconds", "0.01", "--repeat", "1", "--rounds", "1",
                        "--json", str(out)]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert all(v > 0 for v in report["steps_per_s"].values())
    if "openspiel_cpp" in report["steps_per_s"]:
        assert report["ratio"] == pytest.approx(report["steps_per_s"]["stratega"]
                                                / report["steps_per_s"]["openspiel_cpp"])


def test_speed_table_runs_on_a_tiny_budget(tmp_path: Path) -> None:
    """`bench_speed.py` measures steps/s of a set-up beside the yardstick (a ratio when
    OpenSpiel is installed) and the bytes of the states kept along a Broken Throne game."""
    speed = load_script(BENCH.parent / "bench_speed.py", "bench_speed")
    path = tmp_path / "speed.json"
    assert speed.main(["--seconds", "0.01", "--repeat", "1", "--only", "connect_four",
                       "--parts", "steps", "--json", str(path)]) == 0
    steps = json.loads(path.read_text(encoding="utf-8"))["steps"]
    assert steps["connect_four"]["steps_per_s"] > 0
    assert ("ratio" in steps["connect_four"]) == ("yardstick" in steps)
    memory = speed.measure_memory(steps=20)
    assert memory["states"] == 20 and 0 < memory["bytes_per_state"] < 100_000


def test_profile_conditions_counts_each_rule_part(capsys: pytest.CaptureFixture[str]) -> None:
    """`profile_conditions.py` times and counts each action's conditions and target parts
    over seeded random games: the same counts from run to run, and the game plays as it
    would without the timers."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "profile_conditions.py"
    module = load_script(path, "profile_conditions")
    runs = []
    for _ in range(2):
        assert module.main(["tic_tac_toe", "2", "--top", "5"]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert lines[0].startswith("tic_tac_toe: 2 random games, ")
        runs.append([(ln.split()[2], ln[ln.index("("):]) for ln in lines[1:]])
    assert runs[0] == runs[1] == [("15", "('place', 'from', 'cell')")]  # one list a step


def test_option_digest_is_the_same_for_the_same_engine() -> None:
    """`option_digest.py` gives each set-up the same line run after run (seeded games), and
    another for another set-up: the lines two checkouts print can be compared."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "option_digest.py"
    module = load_script(path, "option_digest")
    first = module.digest("tic_tac_toe", 2)
    assert first == module.digest("tic_tac_toe", 2)
    assert first[0] > 0 and len(first[1]) == 16
    assert module.digest("pig", 1) != first


def test_load_benchmark_reads_each_game_both_ways(capsys: pytest.CaptureFixture[str]) -> None:
    """`bench_load.py` times reading a rules file with the C parser and the pure one, and
    loading it, a line per game."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_load.py"
    module = load_script(path, "bench_load")
    assert module.main(["--repeat", "1", "--games", "pig,tic_tac_toe"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["game", "lines", "read,", "C", "read,", "pure", "speed-up", "load"]
    assert [ln.split()[0] for ln in lines[1:]] == ["pig", "tic_tac_toe"]
    assert all(ln.split()[-2].endswith("x") for ln in lines[1:])
