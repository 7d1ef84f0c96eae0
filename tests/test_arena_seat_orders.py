"""Seat orders: a line-up of one agent in every seat plays one game per deal (its other seat
orders would replay the deal alike), other line-ups keep every seat order, `--seat-orders`
chooses, and the report says what was done (the push-your-luck writer's finding 6)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import stratagem
from stratagem.arena.balance import analyse
from stratagem.arena.runner import run_tournament
from stratagem.arena.tournament import Tournament, TournamentError, schedule
from stratagem.cli.main import main

DICE = Path(__file__).parent / "rules_fixtures" / "duel_of_dice.yaml"
"""Red's roll plus one against blue's: red wins 26 deals in 36 (72.2%)."""


@pytest.fixture
def pig3(tmp_path: Path) -> Path:
    """Pig for three players."""
    rules = tmp_path / "pig3.yaml"
    rules.write_text((Path(stratagem.__file__).parent / "games" / "pig" / "rules.yaml")
                     .read_text(encoding="utf-8").replace("players: [first, second]",
                                                          "players: [first, second, third]"),
                     encoding="utf-8")
    return rules


def test_one_agent_in_every_seat_plays_a_deal_once_and_others_every_order() -> None:
    """Four seats, 48 games: one code in every seat is 48 deals, its seat orders taking turns
    (each of the 24 twice); four different agents are two deals of 24 orders each."""
    mirror = schedule(Tournament("x", ("p", "p", "p", "p"), games=48), 4)
    assert len({j.seed for j in mirror}) == 48
    assert set(Counter(j.seats for j in mirror).values()) == {2}
    assert len(Counter(j.seats for j in mirror)) == 24
    mixed = schedule(Tournament("x", ("a", "b", "c", "d"), games=48), 4)
    assert len({j.seed for j in mixed}) == 2
    every = schedule(Tournament("x", ("p", "p", "p", "p"), games=48, seat_orders="every"), 4)
    assert [j.seed for j in every] == [j.seed for j in mixed]
    once = schedule(Tournament("x", ("a", "b", "c", "d"), games=48, seat_orders="one"), 4)
    assert len({j.seed for j in once}) == 48 and len({j.seats for j in once}) == 24


def test_a_mixed_entry_keeps_seat_rotation_where_the_agents_differ() -> None:
    """`--agents a,a,b` in a two-player game: a against itself plays one game per deal; a
    against b keeps its seat-rotated pairs."""
    jobs = schedule(Tournament("x", ("a", "a", "b"), games=4), 2)
    by_lineup: dict[int, list[int]] = {}
    for job in jobs:
        by_lineup.setdefault(job.lineup, []).append(job.seed)
    assert [len(set(seeds)) for seeds in by_lineup.values()] == [4, 2, 2]


def test_tournaments_without_a_repeated_code_keep_their_keys() -> None:
    """`auto` means `every` when no code enters twice, and is not written then: the key of a
    tournament played before seat orders could be chosen is the one it had. A stored
    tournament without the field played every order."""
    assert "seat_orders" not in Tournament("x", ("a", "b")).to_json()
    assert Tournament("x", ("a", "b")) == Tournament("x", ("a", "b"), seat_orders="every")
    mirror = Tournament("x", ("a", "a"))
    assert json.loads(mirror.to_json())["seat_orders"] == "auto"
    old = json.loads(mirror.to_json())
    del old["seat_orders"]
    assert Tournament.from_json(json.dumps(old)).seat_orders == "every"
    with pytest.raises(TournamentError, match="unknown seat orders 'some'"):
        Tournament("x", ("a", "a"), seat_orders="some")


def test_three_players_of_one_agent_play_one_game_per_deal_and_the_arena_says_so(
        pig3: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Six games of random in all three seats of Pig are six deals (they were one deal in
    six seat orders, six copies of one game); the arena says why."""
    assert main(["arena", str(pig3), "--agents", "random,random,random", "--games", "6",
                 "--db", str(tmp_path / "p.sqlite"), "--quiet"]) is None
    shown = capsys.readouterr().out
    assert "6 games, of which" not in shown  # no repeats to count once
    assert "one agent in every seat: every line-up played each deal once" in shown
    t = Tournament(str(pig3), ("random",) * 3, games=6)
    rows = run_tournament(t, tmp_path / "q.sqlite")
    b = analyse(t, stratagem.load(str(pig3)).players, rows)
    assert (b.games, b.distinct, b.deals, b.orders) == (6, 6, 6, 1)
    assert not any("deals: a deal is played in every seat order" in w for w in b.warnings)


def test_a_file_of_every_seat_order_is_continued_by_naming_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A results file of one agent in both seats played in every seat order (as every file
    was before seat orders could be chosen) is not mixed with one game per deal: `--resume`
    refuses it and says to pass `--seat-orders every`, which continues it."""
    db = tmp_path / "old.sqlite"
    run_tournament(Tournament("pig", ("random", "random"), games=2, seat_orders="every"), db)
    base = ["arena", "pig", "--agents", "random,random", "--games", "4", "--db", str(db),
            "--quiet", "--resume"]
    with pytest.raises(SystemExit) as stop:
        main(base)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "it was played with --seat-orders every: pass that to continue it" in err
    assert main([*base, "--seat-orders", "every"]) is None


def test_two_players_of_one_agent_are_read_game_by_game(tmp_path: Path) -> None:
    """Random in both seats of a dice duel that favours red: 60 games are 60 deals, and the
    side test reads each game as a deal of its own ("side-decided games")."""
    t = Tournament(str(DICE), ("random", "random"), games=60, seed=4)
    rows = run_tournament(t, tmp_path / "d.sqlite")
    b = analyse(t, ("red", "blue"), rows)
    assert b.distinct == 60 and b.pairs is not None and b.pairs.unit == "games"
    assert b.pairs.pairs == 60 and b.pairs.first + b.pairs.second == 60  # no draw in a duel
    (claim,) = b.claims
    assert claim.startswith(f"red has an advantage: {b.pairs.first} of 60 side-decided games")
    assert "games of one agent against itself, one game per deal" in claim
    assert b.agent_pairs is None and not any("differ in strength" in w for w in b.warnings)
