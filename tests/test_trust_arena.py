"""The arena hangs on nothing and leaves nothing behind: a trillion-game tournament is
scheduled lazily and stops cleanly on Ctrl-C, its workers die with their parent even
when it is killed outright, and an unreachable Ray cluster is one error line."""

from __future__ import annotations

import os
import pickle
import signal
import sqlite3
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

import stratagem
from conftest import like_a_terminal
from stratagem.arena.runner import check_ray_address
from stratagem.arena.tournament import Tournament, TournamentError, schedule
from stratagem.engine.errors import IllegalActionError
from stratagem.rules.errors import Loc, Problem, RulesError
from stratagem.rules.expr_context import ExprError
from stratagem.rules.stratega.speech import SpeechError

TRILLION = 1_000_000_000_000


def _cli(*args: str, cwd: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")}
    command = "import sys; from stratagem.cli.main import main; main(sys.argv[1:])"
    return subprocess.Popen([sys.executable, "-c", command, *args], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True,
                            preexec_fn=like_a_terminal)  # noqa: PLW1509 - only signal calls between fork and exec


def _children(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` (read from /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid:
            out.append(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_a_trillion_game_schedule_costs_nothing_to_make():
    """The schedule is computed job by job: its length, first and last job come at once,
    and the same as a small schedule's for the games they share."""
    started = time.perf_counter()
    big = schedule(Tournament("x", ("a", "b"), games=TRILLION), 2)
    assert len(big) == TRILLION  # one line-up: the games alternate its two seat orders
    last = big[-1]
    assert last.index == len(big) - 1 and last.key == f"L0G{TRILLION - 1}"
    assert time.perf_counter() - started < 1.0
    small = schedule(Tournament("x", ("a", "b"), games=6), 2)
    assert list(small) == [big[i] for i in range(6)]
    assert big.index_of("L0G5") == 5 and big.index_of("L9G0") is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_on_a_trillion_game_arena_names_a_file_that_exists(tmp_path: Path):
    """`arena --games 1000000000000` starts playing at once; Ctrl-C names a results file
    only if it exists and holds games."""
    proc = _cli("arena", "tic_tac_toe", "--agents", "random,random", "--games", str(TRILLION),
                "--db", "r.sqlite", "--quiet", cwd=tmp_path)
    db = tmp_path / "r.sqlite"
    deadline = time.time() + 60
    while time.time() < deadline:
        time.sleep(0.5)
        try:
            with sqlite3.connect(db) as con:
                if con.execute("SELECT COUNT(*) FROM games").fetchone()[0] > 0:
                    break
        except sqlite3.Error:
            continue
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "finished games are in r.sqlite" in err and db.is_file()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_die_with_a_killed_arena(tmp_path: Path):
    """SIGKILL of `arena --workers 2` leaves no worker behind."""
    proc = _cli("arena", "tic_tac_toe", "--agents", "mcts:iterations=200,random",
                "--games", "100000", "--workers", "2", "--db", "k.sqlite", "--quiet",
                cwd=tmp_path)
    deadline = time.time() + 90
    kids: list[int] = []
    while time.time() < deadline:
        time.sleep(0.5)
        kids = _children(proc.pid)
        workers = [k for k in kids if _children(k) == [] and _alive(k)]
        if len(workers) >= 2 and (tmp_path / "k.sqlite").exists():
            break
    assert len(kids) >= 2, "the workers never started"
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=30)
    gone_by = time.time() + 10
    while time.time() < gone_by and any(_alive(k) for k in kids):
        time.sleep(0.2)
    assert not [k for k in kids if _alive(k)]


@pytest.mark.parametrize("address", ["bogus:1234", "127.0.0.1:1", "nowhere", "host:99999"])
def test_an_unreachable_ray_address_is_one_error_within_seconds(address: str):
    """The address is tried with a short timeout before Ray is asked to join it."""
    started = time.perf_counter()
    with pytest.raises(TournamentError, match=r"Ray|HOST:PORT"):
        check_ray_address(address, timeout=2.0)
    assert time.perf_counter() - started < 10


def test_arena_with_a_bogus_ray_address_is_one_line(tmp_path: Path):
    """`arena --backend ray --address bogus:1234` prints one error line and exits."""
    pytest.importorskip("ray")
    proc = _cli("arena", "tic_tac_toe", "--agents", "random,random", "--games", "2",
                "--backend", "ray", "--address", "bogus:1234", "--quiet", cwd=tmp_path)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "cannot reach the Ray cluster at bogus:1234" in lines[0]


def test_errors_cross_a_process_boundary_whole():
    """An arena worker's error reaches the parent as the same error with the same one-line
    message. A rules error came back as one "problem" per character of its message (its
    class was rebuilt from the message string) and an illegal action could not be rebuilt
    at all (it takes two arguments); every error class with arguments of its own is checked."""

    rules = RulesError([Problem(Loc("game.yaml", 3, 7), "no scenario `clearing`", "duel")])
    back = pickle.loads(pickle.dumps(rules))
    assert type(back) is RulesError and back.problems == rules.problems
    assert str(back) == "game.yaml:3:7: no scenario `clearing` — duel"
    illegal = IllegalActionError("move #4 to=(0,8)", "target: out of reach")
    back = pickle.loads(pickle.dumps(illegal))
    assert (back.action, back.condition, str(back)) == (illegal.action, illegal.condition,
                                                        str(illegal))
    for cls in (ExprError, SpeechError):
        error = cls(4, "unknown name `hpp`", "did you mean `hp`?")
        back = pickle.loads(pickle.dumps(error))
        assert (back.offset, back.message, back.hint) == (4, error.message, error.hint)


def test_a_rules_error_in_a_worker_reads_as_one_line(tmp_path):
    """The same through real worker processes: a scenario the rules do not have, loaded in
    a worker, is reported by the parent with its place and message intact."""

    with ProcessPoolExecutor(1) as pool:
        future = pool.submit(stratagem.load, "skirmish", "clearing_nowhere")
        with pytest.raises(RulesError) as caught:
            future.result(timeout=120)
    assert len(caught.value.problems) == 1
    assert "no scenario `clearing_nowhere`" in str(caught.value)
    assert str(caught.value).count("\n") == 0
