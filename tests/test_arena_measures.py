"""A designer's own figures in the arena: `--measure` counts a test after an action, or reads
a value at the end, in every game, with the parser `evaluate-program` uses; `--omit` leaves
out the unit and action figures that read a dice race as a battle (the push-your-luck
writer's finding 13)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stratagem.arena.runner import run_tournament
from stratagem.arena.store import read_results
from stratagem.arena.tournament import Tournament, TournamentError
from stratagem.cli.main import main

BUSTS = "busts=throw:player.turn_total == 0"
"""In Pig, a throw after which the turn's points are gone: a one was rolled."""


def test_measures_are_counted_per_seat_in_every_game(tmp_path: Path) -> None:
    """After each throw, whether it lost the turn's points; at the end, each player's moves
    (every throw and stop is one): the counts agree with the actions each seat took."""
    t = Tournament("pig", ("random", "osla"), games=4,
                   measures=(BUSTS, "moves=player.moves", "throws=throw:true"))
    for row in run_tournament(t, tmp_path / "m.sqlite"):
        got = row.stats["measures"]
        uses = row.stats["uses"]
        for p in range(2):
            throws, stops = uses.get("throw", [0, 0])[p], uses.get("stop", [0, 0])[p]
            assert got["throws"]["times"][p] == got["throws"]["held"][p] == throws
            assert got["busts"]["times"][p] == throws
            assert 0 <= got["busts"]["held"][p] <= throws
            assert got["moves"]["value"][p] == throws + stops
        assert sum(got["busts"]["held"]) > 0, "random throws until a one comes up"
    assert read_results(tmp_path / "m.sqlite")[0].measures == t.measures


def test_the_arena_prints_and_writes_the_measures(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The arena prints each measure per side and per agent, `report` prints them again
    from the results file, and --json and the HTML report hold them."""
    db, doc, page = tmp_path / "m.sqlite", tmp_path / "m.json", tmp_path / "m.html"
    assert main(["arena", "pig", "--agents", "random,osla", "--games", "4", "--db", str(db),
                 "--quiet", "--measure", BUSTS, "--measure", "moves=player.moves",
                 "--json", str(doc), "--report", str(page)]) is None
    shown = capsys.readouterr().out
    assert "measure busts (after each throw: player.turn_total == 0), times it held per " \
        "game, of the actions, over 4 distinct games: first " in shown
    assert "measure moves (at the end: player.moves), per game, and in the games won" in shown
    assert "  by agent: random " in shown
    figures = {m["name"]: m for m in json.loads(doc.read_text())["measures"]}
    busts = figures["busts"]
    assert busts["action"] == "throw" and [s["who"] for s in busts["sides"]] == [
        "first", "second"]
    assert {a["who"] for a in busts["agents"]} == {"random", "osla"}
    assert figures["moves"]["sides"][0]["mean"] > 0
    assert "<h2>Measure: busts (after each throw: player.turn_total == 0)</h2>" in \
        page.read_text()
    assert main(["report", str(db)]) is None
    assert "measure busts (after each throw" in capsys.readouterr().out


@pytest.mark.parametrize(("measure", "message"), [
    ("busts=thorw:player.turn_total == 0",
     "--measure 'busts=thorw:player.turn_total == 0': pig has no action 'thorw' (its "
     "actions: stop, throw)"),
    ("busts=throw:player.turn_totl == 0", "--measure busts:1:"),
    ("busts", "write NAME=ACTION:TEST (counted after each ACTION a player takes) or "
     "NAME=EXPR (read for each player at the game's end)"),
])
def test_a_bad_measure_is_one_line_before_any_game(
        measure: str, message: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A measure of an action the game lacks, one that does not compile (its place given),
    or of no shape is one error line, and no results file is written."""
    db = tmp_path / "x.sqlite"
    with pytest.raises(SystemExit) as stop:
        main(["arena", "pig", "--agents", "random,random", "--games", "2", "--db", str(db),
              "--quiet", "--measure", measure])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not db.exists() or not read_results(db)[1]


def test_two_measures_of_one_name_are_refused(tmp_path: Path) -> None:
    """Each measure needs its own name: its figures are filed under it."""
    t = Tournament("pig", ("random", "osla"), games=2, measures=(BUSTS, "busts=stop:true"))
    with pytest.raises(TournamentError, match="two measures are named 'busts'"):
        run_tournament(t, tmp_path / "m.sqlite")


def test_a_measure_that_is_not_a_number_stops_the_game_naming_it(tmp_path: Path) -> None:
    """A measure read at the end must be a number (or true/false): a player's name is not,
    and the tournament stops naming the game and the measure."""
    t = Tournament("pig", ("random", "osla"), games=2, measures=("who=player.name",))
    with pytest.raises(TournamentError, match=r"game 1 .* failed: --measure who: "
                                              r"`player.name` gave str"):
        run_tournament(t, tmp_path / "m.sqlite")


def test_evaluate_program_reads_measures_with_the_same_parser(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`evaluate-program` takes the after-an-action form only, and names the actions a
    mistyped one could be (it said only that the game has no such action)."""
    with pytest.raises(SystemExit):
        main(["evaluate-program", "tlaxcaltec", "--game", "flower_war", "--games", "1",
              "--measure", "turns=player.score"])
    assert "--measure 'turns=player.score': write NAME=ACTION:EXPR" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["evaluate-program", "tlaxcaltec", "--game", "flower_war", "--games", "1",
              "--measure", "x=nothing:true"])
    assert "flower_war has no action 'nothing' (its actions: " in capsys.readouterr().err


def test_omit_leaves_the_unit_and_action_figures_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`report --omit units,actions` prints no unit type's or action's line, and its HTML
    and JSON hold none of those figures; without it they are all there."""
    db = tmp_path / "b.sqlite"
    assert main(["arena", "broken_throne", "--agents", "random,random", "--games", "2",
                 "--db", str(db), "--quiet"]) is None
    capsys.readouterr()
    assert main(["report", str(db)]) is None
    full = capsys.readouterr().out
    assert "losses and kills per game" in full and "\naction " in full
    page, doc = tmp_path / "r.html", tmp_path / "r.json"
    assert main(["report", str(db), "--omit", "units,actions", "--html", str(page),
                 "--json", str(doc)]) is None
    shown = capsys.readouterr().out
    assert "losses and kills" not in shown and "unit type " not in shown
    assert "\naction " not in shown and "game length:" in shown
    html = page.read_text()
    assert "Unit types" not in html and "Actions and abilities" not in html
    assert json.loads(doc.read_text())["balance"]["usage"] == []
    with pytest.raises(SystemExit) as stop:
        main(["report", str(db), "--omit", "pieces"])
    assert stop.value.code == 2
    assert "'pieces' is not a kind of figure to leave out (choose units, actions)" in \
        capsys.readouterr().err


def test_resuming_without_the_measures_names_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A results file remembers its measures: resuming it without them is refused, naming
    the ones it was played with; with them, it is extended."""
    db = tmp_path / "m.sqlite"
    base = ["arena", "pig", "--agents", "random,osla", "--db", str(db), "--quiet"]
    assert main([*base, "--games", "2", "--measure", BUSTS]) is None
    with pytest.raises(SystemExit):
        main([*base, "--games", "4", "--resume"])
    assert f"it was played with --measure '{BUSTS}': give the same to continue it" in \
        capsys.readouterr().err
    assert main([*base, "--games", "4", "--resume", "--measure", BUSTS]) is None
    assert len(read_results(db)[1]) == 4


def test_an_action_measure_reads_the_targets_the_action_chose(tmp_path: Path) -> None:
    """`middle=drop:column == 3` counts the drops into the middle column by the target's
    name; it could not name the target before (tests/outsider/drafting, finding 7)."""
    t = Tournament("connect_four", ("random", "osla"), games=4,
                   measures=("middle=drop:column == 3", "any=drop:column >= 0",
                             "none=drop:column > 6"))
    held = 0
    for row in run_tournament(t, tmp_path / "m.sqlite"):
        got = row.stats["measures"]
        for p in range(2):
            assert got["any"]["held"][p] == got["any"]["times"][p] > 0
            assert got["none"]["held"][p] == 0
            assert 0 <= got["middle"]["held"][p] <= got["middle"]["times"][p]
            held += got["middle"]["held"][p]
    assert held > 0, "osla drops into the middle"


def test_a_target_is_named_only_after_its_own_action(tmp_path: Path) -> None:
    t = Tournament("connect_four", ("random", "osla"), games=2,
                   measures=("late=column > 3",))
    with pytest.raises(TournamentError, match="column"):
        run_tournament(t, tmp_path / "m.sqlite")
