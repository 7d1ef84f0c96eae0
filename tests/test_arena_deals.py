"""Deals: every entrant of a solitaire tournament is dealt the same games whatever its place
in `--agents`, so their results pair deal by deal (the push-your-luck writer's finding 14);
a line-up of a game of several seats is dealt by its number, as docs/arena.md says; and a
results file dealt otherwise than the schedule deals it now is not continued."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from stratagem.arena.runner import run_tournament
from stratagem.arena.tournament import Tournament, TournamentError, deal_seed, schedule

PUSHLUCK = Path(__file__).parent / "outsider" / "pushluck"


def test_solitaire_entrants_are_dealt_the_same_games_wherever_they_are_entered() -> None:
    """One entrant alone, second or third of three: the same seeds, game by game, and the
    same for every entrant of the tournament."""
    alone = [j.seed for j in schedule(Tournament("x", ("m",), games=5), 1)]
    for agents in (("a", "m"), ("a", "b", "m")):
        jobs = schedule(Tournament("x", agents, games=5), 1)
        for entrant in range(len(agents)):
            assert [j.seed for j in jobs if j.seats == (entrant,)] == alone
    assert alone == [deal_seed(0, 0, k) for k in range(5)]  # the first line-up's deals


def test_a_solitaire_agent_scores_the_same_entered_alone_or_after_others(
        tmp_path: Path) -> None:
    """The writer's repro at a small size: the same program on the hard solitaire, entered
    alone and after two others, wins the same games (it was dealt other games by its
    place, and read 28.3% alone against 45.0% third)."""
    rules = str(PUSHLUCK / "pushluck.yaml")
    program = f"program:{PUSHLUCK / 'programs' / 'stop_after_3.yaml'}"
    other = f"program:{PUSHLUCK / 'programs' / 'stop_after_4.yaml'}"
    alone = run_tournament(Tournament(rules, (program,), games=3, scenario="solo_hard"),
                           tmp_path / "a.sqlite")
    third = run_tournament(Tournament(rules, ("random", other, program), games=3,
                                      scenario="solo_hard"), tmp_path / "b.sqlite")
    mine = [r for r in third if r.seats == (2,)]
    assert [(r.seed, r.winners, r.decisions) for r in mine] == [
        (r.seed, r.winners, r.decisions) for r in alone]
    others = [r.seed for r in third if r.seats == (0,)]
    assert others == [r.seed for r in alone]


def test_a_line_up_of_several_seats_is_dealt_by_its_number() -> None:
    """In a two-player round robin the deals follow the line-up's number (the order of
    `--agents`), as docs/arena.md says: a–b is line-up 0 whether b or c is entered third,
    and another line-up's deals are others."""
    first = schedule(Tournament("x", ("a", "b", "c"), games=4), 2)
    again = schedule(Tournament("x", ("a", "b", "d"), games=4), 2)
    assert [j.seed for j in first if j.lineup == 0] == [j.seed for j in again if j.lineup == 0]
    assert [j.seed for j in first if j.lineup == 0] == [deal_seed(0, 0, k) for k in (0, 0, 1, 1)]
    assert {j.seed for j in first if j.lineup == 1}.isdisjoint(
        {j.seed for j in first if j.lineup == 0})


def test_a_file_dealt_otherwise_is_not_continued(tmp_path: Path) -> None:
    """A stored game whose seed is not the one the schedule deals it now (as a solitaire
    file of several entrants written when each had its own deals) is refused for resuming,
    in one message naming the game, instead of mixing two schedules."""
    t = Tournament("pig", ("random", "osla"), games=4)
    db = tmp_path / "r.sqlite"
    run_tournament(Tournament("pig", ("random", "osla"), games=2), db)
    with sqlite3.connect(db) as con:
        con.execute("UPDATE games SET seed = seed + 1 WHERE key = 'L0G1'")
    with pytest.raises(TournamentError) as refused:
        run_tournament(t, db, resume=True)
    message = str(refused.value)
    assert "its game L0G1 was played with seed" in message
    assert "cannot be continued" in message and "stratagem report" in message
