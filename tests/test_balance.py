"""The balance report: distinct games, named tests, claims only where the intervals allow."""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

import stratagem
from stratagem.arena.balance import (
    SIGN_TEST,
    analyse,
    binomial_cdf,
    clopper_pearson,
    game_key,
    sign_test,
)
from stratagem.arena.compare import compare, newcombe
from stratagem.arena.report import render_report
from stratagem.arena.runner import run_tournament
from stratagem.arena.stats import summarize
from stratagem.arena.tournament import GameRow, Tournament
from stratagem.cli import main as cli_main
from stratagem.cli.main import main

DICE = Path(__file__).parent / "rules_fixtures" / "duel_of_dice.yaml"
"""Red's roll plus one against blue's: red wins 26 deals in 36 (72.2%)."""


FIRST = textwrap.dedent('''\
    """A deterministic agent: always the first legal option."""
    from stratagem.agents import Agent, Choice
    class FirstOption(Agent):
        code = "first"
        def choose(self, view, decision, budget=None):
            return Choice(decision.actions[0], "the first option")
    ''')


@pytest.fixture
def first_option(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The code of a deterministic agent (``python:firstbot.FirstOption``)."""
    (tmp_path / "firstbot.py").write_text(FIRST, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    before = list(sys.path)
    yield "python:firstbot.FirstOption"
    sys.path[:] = before
    sys.modules.pop("firstbot", None)


def _play(t: Tournament, db: Path) -> tuple[tuple[str, ...], list[GameRow]]:
    return stratagem.load(t.game).players, run_tournament(t, db)


# ------------------------------------------------------------------ the statistics
def test_exact_binomial_figures_match_known_values() -> None:
    """The sign test and the Clopper-Pearson interval agree with values worked by hand."""
    assert binomial_cdf(1, 10, 0.5) == pytest.approx(11 / 1024)
    assert sign_test(9, 10) == pytest.approx(2 * 11 / 1024)
    assert sign_test(5, 10) == 1.0
    low, high = clopper_pearson(0, 10)
    assert low == 0.0 and high == pytest.approx(1 - 0.025 ** (1 / 10), abs=1e-6)
    low, high = clopper_pearson(10, 10)
    assert high == 1.0 and low == pytest.approx(0.025 ** (1 / 10), abs=1e-6)


def test_newcombe_interval_matches_the_published_example() -> None:
    """Newcombe (1998), method 10: 56/70 against 48/80 gives 0.2 with (0.0524, 0.3339)."""
    low, high = newcombe(48, 80, 56, 70)
    assert low == pytest.approx(0.0524, abs=5e-4)
    assert high == pytest.approx(0.3339, abs=5e-4)


# ------------------------------------------------------------------ distinct games
def test_identical_games_are_one_sample_and_support_no_claim(tmp_path: Path,
                                                            first_option: str) -> None:
    """A game without dice between deterministic agents repeats itself: the report says all
    the games are the same game and claims nothing (as with Broken Throne's tactical agent
    against itself, which takes longer to play)."""
    t = Tournament("connect_four", (first_option, first_option), games=4, seed=1)
    players, rows = _play(t, tmp_path / "same.sqlite")
    b = analyse(t, players, rows)
    assert (b.games, b.distinct) == (4, 1) and b.identical
    assert b.claims == []
    assert any("all 4 games are the same game" in w for w in b.warnings)
    page = render_report(summarize(t, players, rows, 4), rows)
    assert "1 distinct" in page and "advantage:" not in page
    assert "too few distinct" in page


def test_an_opening_deals_distinct_games_and_keeps_pairs_paired(tmp_path: Path,
                                                                first_option: str) -> None:
    """``opening=N`` makes deals differ, while the two seat orders of one deal open alike
    (every seat order asked for: one agent in both seats plays a deal once by default)."""
    t = Tournament("connect_four", (first_option, first_option), games=4, seed=1, opening=3,
                   seat_orders="every")
    players, rows = _play(t, tmp_path / "open.sqlite")
    b = analyse(t, players, rows)
    assert b.distinct == 2  # two deals; the same agent in swapped seats replays its deal
    by_seed: dict[int, list[GameRow]] = {}
    for row in rows:
        by_seed.setdefault(row.seed, []).append(row)
    assert len(by_seed) == 2
    openings = {seed: {json.dumps(json.loads(g.replay)["records"][:3]) for g in games}
                for seed, games in by_seed.items()}
    assert all(len(o) == 1 for o in openings.values())
    assert len({next(iter(o)) for o in openings.values()}) == 2
    assert Tournament("x", ("a", "b")).key == Tournament("x", ("a", "b"), opening=0).key


def test_a_game_with_dice_keeps_deals_whose_dice_fell_alike(tmp_path: Path) -> None:
    """Two deals whose dice fall alike are two samples; the seat-swapped replay of one deal by
    the same agents is one."""
    t = Tournament(str(DICE), ("random", "random"), games=40, seed=2, seat_orders="every")
    players, rows = _play(t, tmp_path / "dice.sqlite")
    records = {json.dumps(json.loads(r.replay)["records"]) for r in rows}
    assert len(records) < 20  # a 36-outcome game: deals repeat each other's dice
    assert analyse(t, players, rows).distinct == 20
    assert len({game_key(r) for r in rows}) == 20


# ------------------------------------------------------------------ claims
def test_a_biased_dice_game_yields_the_right_side_claim_with_its_interval(
        tmp_path: Path) -> None:
    """Red wins 72% of deals: the seat-rotated sign test claims red's advantage, names the
    test, and its interval holds the true share."""
    t = Tournament(str(DICE), ("random", "random"), games=160, seed=4, seat_orders="every")
    players, rows = _play(t, tmp_path / "biased.sqlite")
    b = analyse(t, players, rows)
    assert b.distinct == 80
    assert len(b.claims) == 1 and b.claims[0].startswith("red has an advantage")
    assert SIGN_TEST in b.claims[0]
    assert b.pairs is not None and b.pairs.interval is not None
    low, high = b.pairs.interval
    assert 0.5 < low < 26 / 36 < high
    assert b.pairs.p_value < 0.05
    red = b.sides[0]
    assert red.interval is not None and red.interval[0] < 26 / 36 < red.interval[1]


def test_a_fair_game_gets_no_side_claim(tmp_path: Path) -> None:
    """Tic-tac-toe between equal random players: no side is claimed to be favoured without
    an interval that excludes one half."""
    t = Tournament("tic_tac_toe", ("random", "random"), games=40, seed=0, opening=1)
    players, rows = _play(t, tmp_path / "fair.sqlite")
    b = analyse(t, players, rows)
    assert b.pairs is not None and b.pairs.interval is not None
    low, high = b.pairs.interval
    verdict = b.claims[0]
    if low <= 0.5 <= high:
        assert verdict.startswith("no side advantage shown")
    else:
        assert "has an advantage" in verdict


def test_unequal_agents_are_split_and_warned_about(tmp_path: Path) -> None:
    """Random against a stronger agent: figures are split by agent and side, and the report
    warns that the agents, not only the sides, differ."""
    t = Tournament("tic_tac_toe", ("random", "osla"), games=40, seed=0)
    players, rows = _play(t, tmp_path / "unequal.sqlite")
    b = analyse(t, players, rows)
    assert {(a, s) for a, s in b.agent_sides} == {(a, s) for a in ("random", "osla")
                                                  for s in players}
    assert any("agents differ in strength" in w for w in b.warnings)
    actions = {(u.name, u.agent) for u in b.actions}
    assert actions == {("place", "random"), ("place", "osla")}
    for u in b.actions:
        assert u.used.n == sum(r.n for (a, _), r in b.agent_sides.items() if a == u.agent)


def test_unit_types_have_use_and_win_rates_per_agent(tmp_path: Path) -> None:
    """On Broken Throne each unit type that acted has, per agent, the share of games it acted
    in and the win rate of those games, with the number of games behind each."""
    t = Tournament("broken_throne", ("random", "random"), games=2, seed=5)
    players, rows = _play(t, tmp_path / "units.sqlite")
    b = analyse(t, players, rows)
    assert b.units, "units act in every Broken Throne game"
    for u in b.units:
        assert u.name in stratagem.load("broken_throne").entity_types
        assert 0 < u.used.n <= 2 and u.won_when_used.n + u.won_otherwise.n == u.used.n
        assert u.used.interval is None  # two games: too few for an interval


# ------------------------------------------------------------------ comparing rules
def _variant(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = DICE.read_text()
    assert old in text
    path = tmp_path / f"{name}.yaml"
    path.write_text(text.replace(old, new))
    return path


def test_comparing_rules_versions_detects_a_planted_change(tmp_path: Path) -> None:
    """Red's edge turned into a heavy handicap (red wins 8% of deals) moves red's win rate,
    and the comparison says so with its interval; a copy that changes only a comment moves
    nothing."""
    base = Tournament(str(DICE), ("random", "random"), games=80, seed=9)
    players, rows = _play(base, tmp_path / "base.sqlite")
    before = analyse(base, players, rows)
    planted = _variant(tmp_path, "planted", "player.best + 1 >=", "player.best - 4 >=")
    t2 = Tournament(str(planted), ("random", "random"), games=80, seed=9)
    after = analyse(t2, *_play(t2, tmp_path / "planted.sqlite"))
    moved = compare(before, after)
    names = [s.name for s in moved.moved]
    assert "red's win rate" in names and "blue's win rate" in names
    red = next(s for s in moved.shifts if s.name == "red's win rate")
    assert red.difference < -0.25 and red.interval is not None and red.interval[1] < 0
    assert moved.lines()[0].startswith("the change moved the balance")
    same = _variant(tmp_path, "same", "# A test game", "# The same test game")
    t3 = Tournament(str(same), ("random", "random"), games=80, seed=9)
    unchanged = compare(before, analyse(t3, *_play(t3, tmp_path / "same.sqlite")))
    assert unchanged.moved == []
    assert unchanged.lines()[0].startswith("no shift shown")


def test_cli_report_compares_and_writes_whole_files(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """``stratagem report NEW --compare OLD`` prints the verdict; ``--json`` and ``--html``
    hold every figure."""
    old, new = tmp_path / "old.sqlite", tmp_path / "new.sqlite"
    planted = _variant(tmp_path, "planted", "player.best + 1 >=", "player.best - 4 >=")
    for rules, db in ((DICE, old), (planted, new)):
        assert main(["arena", str(rules), "--agents", "random,random", "--games", "60",
                     "--db", str(db), "--quiet"]) is None
    capsys.readouterr()
    out_json, out_html = tmp_path / "b.json", tmp_path / "b.html"
    assert main(["report", str(new), "--compare", str(old), "--json", str(out_json),
                 "--html", str(out_html)]) is None
    shown = capsys.readouterr().out
    assert "the change moved the balance" in shown and "Newcombe" in shown
    doc = json.loads(out_json.read_text())
    # one agent in both seats: a game per deal, 60 deals
    assert doc["balance"]["distinct"] == 60 and doc["comparison"][0].startswith("the change")
    assert out_html.read_text().startswith("<!DOCTYPE html>")


def test_cli_report_of_a_missing_file_is_one_line(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A results file that is not there is one error line, not a traceback."""
    with pytest.raises(SystemExit) as stop:
        main(["report", str(tmp_path / "none.sqlite")])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "no results file" in err and "Traceback" not in err


def test_tables_are_whole_when_the_output_is_not_a_terminal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A console narrower than the table, writing to a pipe: every column and every number
    is printed whole (no ellipsis, the draws column there)."""
    db = tmp_path / "t.sqlite"
    monkeypatch.setattr(cli_main.out, "width", 40)
    assert main(["arena", "tic_tac_toe", "--agents", "random,osla", "--games", "4",
                 "--db", str(db), "--quiet"]) is None
    shown = capsys.readouterr().out
    assert "…" not in shown
    header = next(line for line in shown.splitlines() if "95% CI" in line)
    assert header.split()[:6] == ["agent", "games", "W", "D", "L", "win%"]
    assert max(len(line) for line in shown.splitlines()) > 40


def _row(index: int, seats: tuple[int, int], seed: int, winner: int | None) -> GameRow:
    """A stored game of two seats: ``winner`` the seat that won (``None``: a draw); its
    replay is its own, so every game is distinct."""
    winners = () if winner is None else (winner,)
    ranks = (1, 1) if winner is None else tuple(1 if s == winner else 2 for s in range(2))
    replay = json.dumps({"records": [[0, f"game {index}"]]})
    return GameRow(index, "k", seats, seed, winners, ranks, (0.0, 0.0), "", 10, 5, 0.1,
                   (0.0, 0.0), (5, 5), (0, 0), None, {}, replay)


def _pairs_of(results: list[tuple[int | None, int | None]]) -> list[GameRow]:
    """Seat-rotated pairs: for deal ``i``, agent 0 as the first side then as the second,
    with the winning *agent* of each game (``None``: a draw)."""
    rows = []
    for i, (first, second) in enumerate(results):
        rows.append(_row(2 * i, (0, 1), i, None if first is None else (0, 1).index(first)))
        rows.append(_row(2 * i + 1, (1, 0), i, None if second is None else (1, 0).index(second)))
    return rows


def test_draws_are_not_read_as_weakness() -> None:
    """Two agents with the same record, most games drawn (3 wins, 14 draws, 3 losses
    each): each wins below one half, and neither is the stronger — no warning."""
    results: list[tuple[int | None, int | None]] = [(None, None)] * 7 + [(0, 1)] * 3
    t = Tournament("tic_tac_toe", ("random", "osla"), games=20, seed=0)
    b = analyse(t, ("x", "o"), _pairs_of(results))
    assert b.agents["random"].value < 0.5 and b.agents["osla"].value < 0.5
    assert not any("differ in strength" in w for w in b.warnings), b.warnings
    assert b.agent_pairs is not None and b.agent_pairs.decided == 0


def test_an_agent_that_wins_its_pairs_is_the_stronger() -> None:
    """Agent 0 wins both games of 14 deals in 20 (the rest split): the pairs one agent won
    name it, with the sign test."""
    results: list[tuple[int | None, int | None]] = [(0, 0)] * 14 + [(0, 1)] * 6
    t = Tournament("tic_tac_toe", ("osla", "random"), games=40, seed=0)
    b = analyse(t, ("x", "o"), _pairs_of(results))
    (warning,) = [w for w in b.warnings if "differ in strength" in w]
    assert "osla won 14 and random 0 of the 14 pairs one of them won" in warning


def test_agents_that_play_a_deal_alike_are_not_told_apart_by_their_seats(
        tmp_path: Path) -> None:
    """Random under two codes plays each deal alike in either seating, so each deal's two
    games repeat each other's moves: that decides nothing between the agents (no strength
    warning), and each agent has figures on both sides, not only the side it first sat."""
    t = Tournament("tic_tac_toe", ("random", "random:calls=1000000"), games=40, seed=0)
    players, rows = _play(t, tmp_path / "alike.sqlite")
    b = analyse(t, players, rows)
    assert b.distinct < b.games
    assert not any("differ in strength" in w for w in b.warnings), b.warnings
    assert {(a, s) for a, s in b.agent_sides} == {(a, s) for a in t.agents for s in players}
    for side in players:
        assert b.agent_sides["random", side].value == b.agent_sides[
            "random:calls=1000000", side].value


def test_the_arena_table_gives_no_interval_for_repeats_of_one_game(
        tmp_path: Path, first_option: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Twelve games that are one game: the arena's table prints no 95% interval for the
    agents (its footer says none is computed), not one over the twelve copies."""
    db = tmp_path / "same.sqlite"
    assert main(["arena", "connect_four", "--agents", f"{first_option},{first_option}",
                 "--games", "12", "--db", str(db), "--quiet"]) in (0, None)
    out = capsys.readouterr().out
    assert "no interval is computed" in out
    table = out.split("by seat")[0]
    rows = [ln.split() for ln in table.splitlines() if ln.strip().startswith("python:firstbot")]
    assert len(rows) == 2 and all(row[6] == "—" for row in rows), rows


def test_a_few_deals_of_many_seat_orders_are_warned_of(tmp_path: Path) -> None:
    """Three players: a deal is played in each of its six seat orders before the next, so
    twelve games are two deals, and the report says so and how many games make ten."""
    rules = tmp_path / "pig3.yaml"
    rules.write_text((Path(stratagem.__file__).parent / "games" / "pig" / "rules.yaml")
                     .read_text(encoding="utf-8").replace("players: [first, second]",
                                                          "players: [first, second, third]"),
                     encoding="utf-8")
    t = Tournament(str(rules), ("random", "osla:calls=20", "random"), games=12, seed=0)
    players, rows = stratagem.load(str(rules)).players, run_tournament(t, tmp_path / "p.sqlite")
    b = analyse(t, players, rows)
    assert b.deals == 2 and b.orders == 6
    assert any(w.startswith("the 12 games are 2 deals: a deal is played in every seat order "
                            "(up to 6 for 3 players)") and w.endswith("`--games 60`.")
               for w in b.warnings)


def test_agents_each_on_one_side_are_said_to_be_confounded_with_it() -> None:
    """A program written for one side sits only there: every game seats random first and
    the program second. The report says the line-up cannot tell agent from side, names who
    played which, and gives no advice about seat-rotated pairs that cannot exist (the crawl
    writer's finding 2)."""
    rows = [_row(i, (0, 1), i, 1 if i % 10 else 0) for i in range(20)]
    t = Tournament("tic_tac_toe", ("random", "osla"), games=20, seed=0)
    b = analyse(t, ("x", "o"), rows)
    assert b.agent_pairs is None
    (warning,) = [w for w in b.warnings if "one side only" in w]
    assert "(random as x, osla as o)" in warning
    assert not any("differ in strength" in w or "seat-rotated pairs" in w
                   for w in b.warnings), b.warnings
    assert any(c.startswith("x (played by random) wins less than an even share")
               for c in b.claims), b.claims
