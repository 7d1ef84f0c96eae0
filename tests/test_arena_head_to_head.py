"""Head to head: each two entrants of a round robin against each other, with a test of the
deals one of them won, Holm-adjusted over the pairings, in the terminal, JSON, CSV and the
HTML report (the push-your-luck writer's finding 7)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from stratagem.arena.head_to_head import head_to_head
from stratagem.arena.report import render_report
from stratagem.arena.stats import summarize
from stratagem.arena.tournament import GameRow, Tournament
from stratagem.cli.main import main


def _game(index: int, seats: tuple[int, ...], seed: int, ranks: tuple[int, ...]) -> GameRow:
    """A stored game: ``ranks[p]`` the place of the player in seat ``p`` (1 first); each
    game's replay is its own, so every game is distinct."""
    winners = tuple(p for p, r in enumerate(ranks) if r == 1)
    replay = json.dumps({"records": [[0, f"game {index}"]]})
    n = len(seats)
    return GameRow(index, f"k{index}", seats, seed, winners, ranks, (0.0,) * n, "", 10, 5,
                   0.1, (0.0,) * n, (5,) * n, (0,) * n, None, {}, replay)


def _round_robin(results: dict[tuple[int, int], list[int]]) -> list[GameRow]:
    """Two-player games of three entrants: for pairing ``(a, b)``, one seat-rotated pair per
    deal, each won by the entrant listed (``-1``: both drawn)."""
    rows: list[GameRow] = []
    for (a, b), winners in results.items():
        for deal, w in enumerate(winners):
            for seats in ((a, b), (b, a)):
                ranks = (1, 1) if w < 0 else tuple(1 if e == w else 2 for e in seats)
                rows.append(_game(len(rows), seats, 1000 * a + 100 * b + deal, ranks))
    return rows


def test_each_pairing_has_its_games_wins_each_way_and_a_holm_adjusted_sign_test() -> None:
    """Three entrants: C beats A in all of 12 deals, the other pairings split. Each pairing
    counts its games and wins each way; a deal won twice by one entrant favours it; the
    p-values are adjusted together, and only C is named ahead of A."""
    t = Tournament("x", ("a", "b", "c"), games=24)
    rows = _round_robin({(0, 1): [0, 1] * 6, (0, 2): [2] * 12, (1, 2): [1, 2, -1] * 4})
    table = {(p.agent, p.opponent): p for p in head_to_head(t, 2, rows)}
    assert list(table) == [("a", "b"), ("a", "c"), ("b", "c")]
    ab, ac, bc = table.values()
    assert (ab.games, ab.wins, ab.losses, ab.draws) == (24, 12, 12, 0)
    assert (ab.deals_won, ab.deals_lost, ab.p_value, ab.ahead) == (6, 6, 1.0, None)
    assert (ac.games, ac.wins, ac.losses, ac.deals, ac.deals_won, ac.deals_lost) == (
        24, 0, 24, 12, 0, 12)
    assert ac.p_value == pytest.approx(2 / 4096)
    assert ac.adjusted == pytest.approx(3 * 2 / 4096)  # the smallest of three p-values
    assert ac.ahead == "c" and ac.interval is not None and ac.interval[1] < 0.5
    assert (bc.wins, bc.losses, bc.draws) == (8, 8, 8) and bc.ahead is None
    assert bc.adjusted >= bc.p_value


def test_holm_withholds_a_verdict_one_pairing_alone_would_get() -> None:
    """A pairing whose own p is just under 0.05 is not called once the other pairings'
    tests are taken into account (its adjusted p is not below 0.05)."""
    t = Tournament("x", ("a", "b", "c"), games=34)
    rows = _round_robin({(0, 1): [0] * 13 + [1] * 4, (0, 2): [0, 2] * 8, (1, 2): [1, 2] * 8})
    ab = head_to_head(t, 2, rows)[0]
    assert ab.p_value < 0.05 <= ab.adjusted and ab.ahead is None


def test_two_entrants_of_a_multiplayer_game_have_no_table_and_one_agent_is_not_compared(
        ) -> None:
    """Two entrants: their results against each other are the results table. The same code
    entered twice is one agent: its numbered names are not compared with each other."""
    two = Tournament("x", ("a", "b"), games=2)
    assert head_to_head(two, 2, _round_robin({(0, 1): [0]})) == []
    same = Tournament("x", ("a", "a", "b"), games=2, seat_orders="every")
    rows = _round_robin({(0, 1): [0], (0, 2): [0], (1, 2): [2]})
    assert [(p.agent, p.opponent) for p in head_to_head(same, 2, rows)] == [
        ("a#1", "b"), ("a#2", "b")]


def test_three_seat_games_compare_ranks_and_read_a_deal_over_its_seat_orders() -> None:
    """At three seats, two entrants meet in every game of their line-up: the one ranked
    above the other wins it. A deal's seat orders together decide the deal."""
    t = Tournament("x", ("a", "b", "c"), games=6)
    rows = [_game(i, seats, 7, ranks) for i, (seats, ranks) in enumerate([
        ((0, 1, 2), (1, 2, 3)), ((1, 0, 2), (2, 1, 3)), ((2, 0, 1), (1, 2, 3)),
        ((0, 2, 1), (3, 1, 2)), ((1, 2, 0), (1, 2, 3)), ((2, 1, 0), (1, 1, 3))])]
    table = {(p.agent, p.opponent): p for p in head_to_head(t, 3, rows)}
    ab = table["a", "b"]
    assert (ab.games, ab.wins, ab.losses, ab.draws) == (6, 3, 3, 0)
    assert (ab.deals, ab.deals_won, ab.deals_lost) == (1, 0, 0)  # 3 against 3: no verdict
    ac = table["a", "c"]
    assert (ac.wins, ac.losses) == (2, 4) and (ac.deals_won, ac.deals_lost) == (0, 1)


def test_solitaire_entrants_are_compared_on_the_same_deals() -> None:
    """A solitaire tournament of two entrants: on each deal both played, the one that won
    where the other lost wins the pairing's game; both won or both lost is a draw."""
    t = Tournament("x", ("easy", "hard"), games=12)
    rows = []
    for deal in range(12):
        rows.append(_game(len(rows), (0,), deal, (1,) if deal < 10 else (2,)))
        rows.append(_game(len(rows), (1,), deal, (2,) if deal < 10 or deal == 11 else (1,)))
    (p,) = head_to_head(t, 1, rows)
    assert (p.agent, p.opponent, p.games) == ("easy", "hard", 12)
    assert (p.wins, p.losses, p.draws) == (10, 1, 1)
    assert p.ahead == "easy" and p.p_value == pytest.approx(2 * 12 / 2048)


def test_the_arena_shows_the_table_and_writes_it_to_json_and_csv(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`arena` with three entrants prints a head-to-head table under the seat table; --json
    holds it as `head_to_head` and --csv as one row per pairing, with the opponent and the
    test's p-values."""
    out_json, out_csv = tmp_path / "r.json", tmp_path / "r.csv"
    assert main(["arena", "tic_tac_toe", "--agents", "random,osla,mcts:iterations=20",
                 "--games", "4", "--db", str(tmp_path / "r.sqlite"), "--quiet",
                 "--json", str(out_json), "--csv", str(out_csv)]) is None
    shown = capsys.readouterr().out
    assert "head to head" in shown and "Holm p" in shown
    assert "Holm-adjusted for the 3 pairings" in shown
    doc = json.loads(out_json.read_text())
    pairs = [(p["agent"], p["opponent"]) for p in doc["head_to_head"]]
    assert pairs == [("random", "osla"), ("random", "mcts:iterations=20"),
                     ("osla", "mcts:iterations=20")]
    for p in doc["head_to_head"]:
        assert p["games"] == 4 == p["wins"] + p["draws"] + p["losses"]
        assert 0 < p["p_value"] <= p["holm_p"] <= 1 and "sign test" in p["test"]
    rows = list(csv.DictReader(out_csv.read_text().splitlines()))
    h2h = [r for r in rows if r["opponent"]]
    assert [(r["agent"], r["opponent"]) for r in h2h] == pairs
    assert all(r["p_value"] and r["holm_p"] and r["seat"] == "" for r in h2h)
    assert len(rows) == 3 + 6 + 3  # agents, agents by seat, pairings


def test_the_balance_report_has_a_head_to_head_section(tmp_path: Path) -> None:
    """The HTML report gives the same table after the agents'."""
    t = Tournament("x", ("a", "b", "c"), games=2)
    rows = _round_robin({(0, 1): [0], (0, 2): [2], (1, 2): [-1]})
    page = render_report(summarize(t, ("x", "o"), rows, len(rows)), rows)
    assert "<h2>Head to head</h2>" in page and "Holm" in page
    assert page.index("<h2>Agents</h2>") < page.index("<h2>Head to head</h2>")
