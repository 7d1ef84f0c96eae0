"""The arena: schedules, backends that agree, resuming a killed run, replays, the report."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

import stratagem
from conftest import load_script
from rules_helpers import FAULTY, FAULTY_LINE
from stratagem.agents import Agent, Choice
from stratagem.arena import TimeLimit, play, replay_game
from stratagem.arena import tournament as tournament_module
from stratagem.arena.report import render_report
from stratagem.arena.runner import run_tournament
from stratagem.arena.stats import summarize, wilson
from stratagem.arena.store import read_results
from stratagem.arena.tournament import Tournament, TournamentError, schedule
from stratagem.cli import arena_cmds
from stratagem.cli.main import main
from stratagem.engine import Decision, State

SMALL = Tournament("tic_tac_toe", ("random", "osla", "mcts:iterations=30"), games=4, seed=3)


def keys(rows: list) -> list[tuple]:  # type: ignore[type-arg]
    return [r.result_key() for r in rows]


# ------------------------------------------------------------------ schedule
def test_every_pairing_plays_every_seat_order_equally_with_mirrored_seeds() -> None:
    jobs = schedule(SMALL, 2)
    assert len(jobs) == 3 * 4  # three pairings, four games each
    assert len({j.key for j in jobs}) == len(jobs)
    by_lineup: dict[int, list] = {}  # type: ignore[type-arg]
    for job in jobs:
        by_lineup.setdefault(job.lineup, []).append(job)
    assert sorted({tuple(sorted(j.seats)) for j in jobs}) == [(0, 1), (0, 2), (1, 2)]
    for games in by_lineup.values():
        orders = Counter(j.seats for j in games)
        assert len(orders) == 2 and set(orders.values()) == {2}
        # games 0 and 1 are one deal from both sides; games 2 and 3 another
        assert games[0].seed == games[1].seed != games[2].seed == games[3].seed
        assert games[0].seats == games[1].seats[::-1]


def test_schedule_is_fixed_by_the_seed() -> None:
    again = Tournament("tic_tac_toe", SMALL.agents, games=4, seed=3)
    other = Tournament("tic_tac_toe", SMALL.agents, games=4, seed=4)
    assert schedule(again, 2) == schedule(SMALL, 2)
    assert [j.seed for j in schedule(other, 2)] != [j.seed for j in schedule(SMALL, 2)]


def test_three_seat_games_rotate_through_all_six_orders() -> None:
    t = Tournament("x", ("a", "b", "c", "d"), games=6)
    jobs = schedule(t, 3)
    assert len({tuple(sorted(j.seats)) for j in jobs}) == 4  # C(4, 3) line-ups
    for lineup in range(4):
        assert len({j.seats for j in jobs if j.lineup == lineup}) == 6


def test_gauntlet_puts_the_first_agent_in_every_game() -> None:
    t = Tournament("x", ("champ", "b", "c", "d"), games=2, mode="gauntlet")
    jobs = schedule(t, 2)
    assert len(jobs) == 6 and all(0 in j.seats for j in jobs)
    assert {tuple(sorted(j.seats)) for j in jobs} == {(0, 1), (0, 2), (0, 3)}


def test_same_code_twice_gets_numbered_labels() -> None:
    assert Tournament("x", ("random", "osla", "random")).labels == (
        "random#1", "osla", "random#2")


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"agents": ("random", "human")}, "human agent cannot play"),
    ({"agents": ("random",), "mode": "gauntlet"}, "champion and at least one"),
    ({"agents": ("random", "random"), "games": 0}, "at least 1"),
    ({"agents": ("random", "random"), "mode": "swiss"}, "unknown mode"),
    ({"agents": ("random", "random"), "forfeit": 1.0}, "needs a time limit"),
    ({"agents": ("random", "random"), "seconds": 1.0, "forfeit": 0.5}, "below the time limit"),
])
def test_bad_tournaments_are_refused_plainly(kwargs: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(TournamentError, match=message):
        Tournament("tic_tac_toe", **kwargs)


# ------------------------------------------------------------------ statistics
def test_wilson_interval_matches_the_formula() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


# ------------------------------------------------------------------ backends agree
@pytest.fixture(scope="module")
def serial(tmp_path_factory: pytest.TempPathFactory) -> list:  # type: ignore[type-arg]
    db = tmp_path_factory.mktemp("arena") / "serial.sqlite"
    return run_tournament(SMALL, db)


def test_results_and_summary_are_complete(serial: list) -> None:  # type: ignore[type-arg]
    assert [r.index for r in serial] == list(range(12))
    summary = summarize(SMALL, ("x", "o"), serial, 12)
    assert sum(a.games for a in summary.agents) == 24
    for line in summary.agents:
        assert line.wins + line.draws + line.losses == line.games == 8
    # MCTS with 30 iterations beats random at tic-tac-toe: it must not be rated below it
    names = [a.agent for a in summary.agents]
    assert names.index("mcts:iterations=30") < names.index("random")
    decisive = [r for r in serial if r.winners and len(r.winners) == 1]
    assert all(r.ranks[r.winners[0]] == 1 for r in decisive)


def test_two_workers_give_the_same_results(serial: list, tmp_path: Path) -> None:  # type: ignore[type-arg]
    rows = run_tournament(SMALL, tmp_path / "two.sqlite", workers=2)
    assert keys(rows) == keys(serial)


def test_ray_backend_gives_the_same_results(serial: list, tmp_path: Path) -> None:  # type: ignore[type-arg]
    rows = run_tournament(SMALL, tmp_path / "ray.sqlite", workers=2, backend="ray")
    assert keys(rows) == keys(serial)


# ------------------------------------------------------------------ storage and resume
def test_a_results_file_refuses_another_tournament_and_a_second_run(
        serial: list, tmp_path: Path) -> None:  # type: ignore[type-arg]
    db = tmp_path / "r.sqlite"
    run_tournament(SMALL, db)
    with pytest.raises(TournamentError, match="--resume"):
        run_tournament(SMALL, db)
    rows = run_tournament(SMALL, db, resume=True)  # nothing left: nothing played twice
    assert keys(rows) == keys(serial)
    other = Tournament("tic_tac_toe", ("random", "osla"), games=2)
    with pytest.raises(TournamentError, match="another tournament"):
        run_tournament(other, db, resume=True)
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database at all\n" * 10)
    with pytest.raises(TournamentError, match="not a Stratagem results file"):
        run_tournament(SMALL, junk)
    assert junk.read_text() == "not a database at all\n" * 10


def test_resuming_with_more_games_extends_the_file_as_if_played_whole(
        serial: list, tmp_path: Path) -> None:  # type: ignore[type-arg]
    """A results file of SMALL, resumed with twice the games, keeps its games (same keys,
    seeds and results), renumbers them into the larger schedule, plays only the new
    ones, and ends equal to the larger tournament played from scratch."""
    db = tmp_path / "grow.sqlite"
    run_tournament(SMALL, db)
    larger = Tournament(SMALL.game, SMALL.agents, games=8, seed=SMALL.seed)
    with pytest.raises(TournamentError, match="pass --resume to extend it to 8 games"):
        run_tournament(larger, db)
    played: list[str] = []
    rows = run_tournament(larger, db, resume=True,
                          progress=lambda row, done, total: played.append(row.key) if row else None)
    assert len(played) == 12, "only the new games are played"
    old = {r.key: r.result_key()[1:] for r in serial}
    assert all(old[k] == r.result_key()[1:] for r in rows for k in [r.key] if k in old)
    assert [r.index for r in rows] == list(range(24))
    assert keys(rows) == keys(run_tournament(larger, tmp_path / "whole.sqlite"))
    tournament, stored = read_results(db)
    assert tournament == larger and keys(stored) == keys(rows)
    with pytest.raises(TournamentError, match="already has more games per line-up"):
        run_tournament(SMALL, db, resume=True)
    assert read_results(db)[0] == larger, "a refused run leaves the file as it was"


def test_the_cli_extends_a_tournament_it_is_pointed_at(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "cli.sqlite"
    base = ["arena", "tic_tac_toe", "--agents", "random,osla", "--seed", "5", "--db", str(db),
            "--quiet"]
    assert main([*base, "--games", "2"]) is None
    with pytest.raises(SystemExit) as exit_:
        main([*base, "--games", "6"])
    assert exit_.value.code == 2
    assert "--resume to extend it to 6 games per line-up" in capsys.readouterr().err
    assert main([*base, "--games", "6", "--resume"]) is None
    tournament, rows = read_results(db)
    assert tournament.games == 6 and len(rows) == 6


def _count(db: Path) -> int:
    try:
        with sqlite3.connect(db) as con:
            return int(con.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    except sqlite3.Error:
        return 0


def test_a_killed_tournament_resumes_without_loss_or_duplicates(tmp_path: Path) -> None:
    t = Tournament("connect_four", ("random", "mcts:iterations=40"), games=16, seed=11)
    db = tmp_path / "killed.sqlite"
    cmd = [sys.executable, "-m", "stratagem.cli.main", "arena", "connect_four",
           "--agents", "random,mcts:iterations=40", "--games", "16", "--seed", "11",
           "--db", str(db), "--quiet"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while _count(db) < 4 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert proc.poll() is None, "the tournament finished before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    stored = _count(db)
    assert 4 <= stored < 16
    assert main(["arena", "connect_four", "--agents", "random,mcts:iterations=40", "--games",
                 "16", "--seed", "11", "--db", str(db), "--resume", "--quiet"]) is None
    tournament, rows = read_results(db)
    assert tournament == t
    assert [r.index for r in rows] == list(range(16))
    assert len({r.key for r in rows}) == 16
    clean = run_tournament(t, tmp_path / "clean.sqlite")
    assert keys(rows) == keys(clean)


# ------------------------------------------------------------------ replays
def test_every_stored_replay_reproduces_its_game(serial: list) -> None:  # type: ignore[type-arg]
    game = stratagem.load("tic_tac_toe")
    for row in serial:
        replay = stratagem.Replay.from_json(row.replay)
        state = replay_game(game, replay)
        assert state.outcome is not None
        assert tuple(state.outcome.winners) == row.winners


def test_scenario_replays_load_their_scenario(tmp_path: Path) -> None:
    t = Tournament("skirmish", ("random", "random"), games=2, scenario="duel", seed=1)
    rows = run_tournament(t, tmp_path / "s.sqlite")
    out = tmp_path / "replays.jsonl"
    out.write_text("".join(r.replay + "\n" for r in rows))
    assert json.loads(rows[0].replay)["meta"] == {"scenario": "duel"}
    assert main(["replay", str(out)]) is None


class Sleeper(Agent):
    """Plays the first legal action after sleeping: a slow agent, on purpose."""

    code = "sleeper"

    def choose(self, view: State, decision: Decision, budget: object = None) -> Choice:
        time.sleep(0.06)
        return Choice(decision.actions[0], "slept")


def test_time_limits_warn_and_forfeit() -> None:
    game = stratagem.load("tic_tac_toe")
    warned = play(game, [Sleeper(game), "random"], time_limit=TimeLimit(0.01, grace=0.01))
    assert warned.forfeit is None and warned.slow[0] == warned.decisions[0] > 0
    assert warned.slow[1] == 0
    lost = play(game, ["random", Sleeper(game)], seed=2,
                time_limit=TimeLimit(0.01, grace=0.01, forfeit=0.03))
    assert lost.forfeit == 1
    assert lost.outcome.winners == (0,) and lost.outcome.ranks == (1, 2)
    assert "forfeits" in lost.outcome.reason
    assert replay_game(game, lost.replay) is not None  # a forfeited game replays too


# ------------------------------------------------------------------ report and CLI
class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.headings: list[str] = []
        self.tags: Counter[str] = Counter()
        self.refs: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:  # type: ignore[type-arg]
        self.tags[tag] += 1
        self.refs += [v for k, v in attrs if k in ("src", "href")]
        self._in = tag

    def handle_data(self, data: str) -> None:
        if self._in == "h2":
            self.headings.append(data)

    def handle_endtag(self, tag: str) -> None:
        self._in = None


def test_balance_report_renders_every_section(tmp_path: Path) -> None:
    t = Tournament("broken_throne", ("random", "greedy-turn"), games=2, seed=5)
    rows = run_tournament(t, tmp_path / "bt.sqlite")
    summary = summarize(t, ("red", "blue"), rows, 2)
    page = render_report(summary, rows)
    parser = _Parser()
    parser.feed(page)
    assert parser.headings == [
        "Distinct games and claims", "Win rate by side", "Side effect from seat-rotated pairs",
        "By agent and side", "Agents", "Unit types: use and win rates",
        "Unit types: losses and kills", "Actions and abilities", "Game length",
        "How games ended"]
    assert parser.tags["svg"] >= 4 and parser.refs == []  # self-contained: nothing linked
    lost = sum(sum(v) for r in rows for v in r.stats["losses"].values())
    assert lost > 0, "random and greedy play on Broken Throne always loses some units"
    assert "knight" in page or "archer" in page
    assert "uses a action" not in page and "uses an action" in page
    assert not re.search(r">1 games<|: 1 games<", page)


def test_cli_arena_writes_every_output(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    files = {k: tmp_path / f"out.{k}" for k in ("json", "csv", "jsonl", "html")}
    assert main(["arena", "tic_tac_toe", "--agents", "random,osla", "--games", "4",
                 "--db", str(tmp_path / "c.sqlite"), "--json", str(files["json"]),
                 "--csv", str(files["csv"]), "--replays", str(files["jsonl"]),
                 "--report", str(files["html"]), "--quiet"]) is None
    shown = capsys.readouterr().out
    assert "osla" in shown and "95% CI" in shown
    doc = json.loads(files["json"].read_text())
    assert doc["games"] == 4 and {a["agent"] for a in doc["agents"]} == {"random", "osla"}
    assert sum(a["wins"] + a["draws"] + a["losses"] for a in doc["agents"]) == 8
    lines = files["csv"].read_text().splitlines()
    assert lines[0].startswith("agent,seat,games,wins") and len(lines) == 1 + 2 + 4
    assert len(files["jsonl"].read_text().splitlines()) == 4
    assert main(["replay", str(files["jsonl"])]) is None
    assert files["html"].read_text().startswith("<!DOCTYPE html>")


@pytest.mark.parametrize(("args", "message"), [
    (["--agents", "random,bogus"], "unknown agent 'bogus'"),
    (["--agents", "random,human"], "human agent cannot play"),
    (["--agents", "random,random", "--backend", "slurm"], "slurm"),
    (["--agents", "random,random", "--games", "0"], "--games"),
])
def test_cli_arena_bad_input_is_one_line(args: list[str], message: str, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["arena", "tic_tac_toe", *args, "--db", str(tmp_path / "x.sqlite")])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not (tmp_path / "x.sqlite").exists()


def test_arena_benchmark_runs_and_checks_backends_agree(tmp_path: Path) -> None:
    bench = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_arena.py"
    module = load_script(bench, "bench_arena")
    out = tmp_path / "arena.json"
    assert module.main(["--game", "tic_tac_toe", "--agents", "random,osla", "--games", "4",
                        "--json", str(out)]) == 0
    runs = json.loads(out.read_text())["runs"]
    assert [r["workers"] for r in runs] == [1, 2]
    assert all(r["games"] == 4 and r["same_results"] for r in runs)


def test_an_agent_that_plays_one_side_is_only_seated_there(tmp_path: Path) -> None:
    """The goblin program plays the monsters (player 1): every game seats it there."""
    t = Tournament("skirmish", ("random", "program:goblins"), games=3, scenario="duel")
    rows = run_tournament(t, tmp_path / "p.sqlite")
    assert len(rows) == 3 and all(r.seats == (0, 1) for r in rows)
    both = Tournament("skirmish", ("program:goblins", "program:goblins"), games=2)
    with pytest.raises(TournamentError, match="no seating lets"):
        run_tournament(both, tmp_path / "q.sqlite")
    three = schedule(Tournament("x", ("a", "b", "c"), games=4), 2, [None, (0,), None])
    assert all(j.seats.index(1) == 0 for j in three if 1 in j.seats)
    assert len(three) == 12




def test_a_game_that_fails_names_itself_and_the_rule(tmp_path: Path) -> None:
    """A rule failing in play stops the tournament with the game's number, line-up and seed
    and the rule's place in the file."""
    rules = tmp_path / "faulty.yaml"
    rules.write_text(FAULTY)
    tournament = Tournament(str(rules), ("random", "osla"), games=2, seed=1)
    with pytest.raises(TournamentError) as failed:
        run_tournament(tournament, tmp_path / "faulty.sqlite")
    message = str(failed.value)
    first = schedule(tournament, 2)[0]
    assert message.startswith(f"game 1 (random vs osla, seed {first.seed}) failed: ")
    assert f"{rules}:{FAULTY_LINE}:15: effect `let`: a rule failed while resolving" in message


def test_an_agent_built_for_another_game_is_refused_before_play() -> None:
    """An agent object carries its game; `play` refuses one built for another game (or
    scenario) in one sentence instead of letting it search the wrong rules."""
    duel = stratagem.load("skirmish", "duel")
    for other in (stratagem.load("pig"), stratagem.load("skirmish", "ambush")):
        with pytest.raises(ValueError, match=r"was built for (pig|skirmish \(ambush\)), "
                                             r"not for skirmish \(duel\)"):
            play(duel, [stratagem.agent("random", other), "random"])
    assert play(duel, [stratagem.agent("random", duel), "random"], seed=1).outcome is not None


def test_the_results_table_gives_no_interval_where_the_report_computes_none(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two games: the table's interval column reads "—", as the balance lines say no
    interval is computed; they name more deals as a way to distinct games (every seat
    order asked for, the two games are one)."""
    assert main(["arena", "pig", "--agents", "random,random", "--games", "2",
                 "--seat-orders", "every", "--db", str(tmp_path / "c.sqlite")]) is None
    shown = capsys.readouterr().out
    rows = [line.split() for line in shown.splitlines() if line.strip().startswith("random#")]
    assert rows and all(row[6] == "—" for row in rows[:2]), shown
    assert "no interval is computed" in shown and "more deals (`--games`" in shown


def test_a_rule_that_fails_as_an_agent_is_made_names_the_agent_and_the_game(
        tmp_path: Path) -> None:
    """An agent that plays random games as it is made (to measure a scored game's scores)
    and meets a failing rule there: the tournament stops before any game, naming the agent,
    the rule's place, and the seed and move of the random game."""
    rules = tmp_path / "faulty.yaml"
    rules.write_text(FAULTY.replace("end:\n  round_limit: 3\n",
                                    "end:\n  round_limit: 3\n  score: \"player.pos\"\n"))
    tournament = Tournament(str(rules), ("random", "osla"), games=2, seed=1)
    with pytest.raises(TournamentError) as failed:
        run_tournament(tournament, tmp_path / "faulty.sqlite")
    message = str(failed.value)
    assert message.startswith("agent osla, as it was made, before any game: "), message
    assert f"{rules}:{FAULTY_LINE}:15: effect `let`: a rule failed while resolving" in message
    assert message.endswith("(met in a random game the agents play to measure the game's "
                            "scores: seed 0, move 1, `advance`)"), message


def test_a_report_reads_a_tournament_on_a_rules_file_from_any_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An arena on a rules file named relative to where it ran keeps the file's resolved
    path, as replays do: `report` on its results works from another folder (it said
    "no rules file at 'ttt.yaml'")."""
    game_dir = tmp_path / "game"
    game_dir.mkdir()
    shutil.copy(Path(stratagem.games.rules_path("tic_tac_toe")), game_dir / "ttt.yaml")
    db = tmp_path / "r.sqlite"
    monkeypatch.chdir(game_dir)
    assert main(["arena", "ttt.yaml", "--agents", "random,random", "--games", "2",
                 "--db", str(db), "--quiet"]) is None
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tournament_module, "_games", {})  # as a new process finds it
    capsys.readouterr()
    assert main(["report", str(db)]) is None
    assert "random" in capsys.readouterr().out


def test_an_arena_written_to_a_file_says_how_far_it_is_now_and_then(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With standard error not a terminal the bar draws nothing, so the arena prints a
    progress line every so often (here: at every game) and at the end (a long run written
    to a file said nothing for minutes)."""
    monkeypatch.setattr(arena_cmds, "REPORT_EVERY", 0.0)
    assert main(["arena", "tic_tac_toe", "--agents", "random,random", "--games", "3",
                 "--db", str(tmp_path / "p.sqlite")]) is None
    lines = [x for x in capsys.readouterr().err.splitlines() if x.startswith("arena: ")]
    assert lines and lines[-1].startswith("arena: 3 of 3 games, ")


def test_the_terminal_report_gives_game_length_and_how_games_ended(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`stratagem report` prints what the HTML report's last two sections hold: the length
    of the games and how they ended (it left both out)."""
    db = tmp_path / "l.sqlite"
    assert main(["arena", "tic_tac_toe", "--agents", "random,random", "--games", "3",
                 "--db", str(db), "--quiet"]) is None
    capsys.readouterr()
    assert main(["report", str(db)]) is None
    lines = capsys.readouterr().out.splitlines()
    assert any(x.startswith("game length: ") and "decisions and" in x for x in lines)
    ended = [x for x in lines if x.startswith("ended: ")]
    distinct = next(int(m.group(1)) for x in lines
                    if (m := re.match(r"3 games, (\d+) distinct", x)) is not None)
    assert ended and sum(int(x.rsplit(": ", 1)[1].split()[0]) for x in ended) == distinct


def test_the_terminal_report_counts_each_distinct_game_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """After "4 games, 1 distinct (repeats count once)" the report's length and endings
    counted the four repeats (Sinking Isle's writer read "ended: …: 4 games")."""
    rules = Path(__file__).parent / "outsider" / "coop_island" / "repro" / \
        "04_report_counts_repeats.yaml"
    db = tmp_path / "r.sqlite"
    assert main(["arena", str(rules), "--agents", "random,random", "--games", "4",
                 "--db", str(db), "--quiet"]) is None
    capsys.readouterr()
    assert main(["report", str(db)]) is None
    lines = capsys.readouterr().out.splitlines()
    assert "4 games, 1 distinct (repeats count once)" in lines
    assert "ended: reached the shore: 1 game" in lines
    assert any(x.startswith("game length: ") and x.endswith("over 1 game)") for x in lines)
