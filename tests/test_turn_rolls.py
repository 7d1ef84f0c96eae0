"""Dice rolled as a turn begins are told as that turn's, and the set-up's dice are told
at all. Backgammon's writer read "white plays a 2 from 6 (rolls 3, 6)" where 3-6 were
black's dice, rolled as black's turn began, and never saw the opening roll."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import stratagem
from stratagem.arena.narration import TURN_BEGINS, Step, opening_lines, tell, unseen
from stratagem.cli.main import cli
from stratagem.engine import SerializationError
from stratagem.engine.serialize import VERSION, dumps, loads
from stratagem.web.board_svg import dice_svg
from stratagem.web.session import Session

REPRO = Path(__file__).parent / "outsider" / "backgammon" / "repro"
LATE = REPRO / "roll_shown_beside_previous_move.yaml"


def _first_move() -> tuple[stratagem.Game, stratagem.State, stratagem.State]:
    game = stratagem.load(LATE)
    before = game.new_state(1)
    return game, before, game.apply(before, game.legal_actions(before)[0])


def test_the_record_marks_where_the_next_turn_began() -> None:
    _, _, after = _first_move()
    rec = after.history[-1]
    assert len(rec.rolls) == 1 and rec.events == ()  # the events stay the rules' own
    assert rec.turns == ((0, 0, 1, 1, 0),)  # before no event and no roll: b's, round 1


def test_the_dice_are_told_as_the_turn_they_began() -> None:
    game, before, after = _first_move()
    step = tell(game, before, 0, after.history[-1].action, after)
    assert step.line == "uses a 5" and step.rolls == ()  # told beside its seat, "a"
    assert step.then == (Step("round 1, turns", "b", TURN_BEGINS, after.history[-1].rolls,
                              ()),)


def test_the_terminal_tells_each_players_dice_under_their_own_name() -> None:
    out = CliRunner().invoke(cli, ["play", str(LATE), "--agents", "random,random",
                                   "--seed", "1"]).output
    lines = [x.strip() for x in out.splitlines()]
    # a's dice of the first turn, rolled as round 1 began, under round 1's heading
    assert lines[1:8] == ["round 1, turns", "· a rolls 5", "a uses a 5", "b rolls 3",
                          "b uses a 3", "round 2, turns", "a rolls 3"]
    assert "(rolls" not in out


def test_the_set_ups_own_dice_are_told() -> None:
    game = stratagem.load(REPRO / "setup_roll_never_shown.yaml")
    assert opening_lines(game, 1) == (("set-up", ("rolls 5",)),)
    out = CliRunner().invoke(cli, ["play", str(REPRO / "setup_roll_never_shown.yaml"),
                                   "--agents", "random,random", "--seed", "1"]).output
    assert "set-up\n  · rolls 5\nround 1, turns" in out


def test_move_and_the_web_log_tell_them_so_too(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    runner = CliRunner()
    runner.invoke(cli, ["new", str(LATE), "--seed", "1", "--out", str(save)])
    moved = runner.invoke(cli, ["move", str(save), "use n=5"]).output
    assert moved.startswith("a: uses a 5\nb: rolls 3\n")
    game = stratagem.load(LATE)
    session = Session(game, ["random", "random"], seed=1)
    first = session.snapshot()["log"][0]
    assert first["rolls"] == [] and first["then"] == [
        {"where": "round 1, turns", "who": "b", "line": TURN_BEGINS, "rolls": [3],
         "events": []}]
    assert session.snapshot()["opening"] == [{"where": "round 1, turns",
                                              "lines": ["a rolls 5"]}]
    # The dice drawn beside the board are the last thrown: b's 4, as its last turn began.
    assert session.snapshot()["dice"] == dice_svg([4])


def test_a_file_of_the_version_before_loads_and_the_marks_come_back() -> None:
    game, _, after = _first_move()
    old = json.loads(dumps(after, 3))  # the version before ``Record.turns``
    assert old["version"] == 3 < VERSION and all(len(rec) <= 6 for rec in old["log"])
    assert json.loads(dumps(after))["log"][-1][6] == [[0, 0, 1, 1, 0]]
    again = loads(game, json.dumps(old))
    assert again == after and again.history[-1].events == after.history[-1].events
    assert loads(game, dumps(after)) == after


def test_under_fog_a_hidden_move_still_tells_the_viewer_their_own_dice() -> None:
    game = stratagem.load(LATE)
    step = Step("round 1, turns", "a", "a uses a 5", (), (),
                (Step("round 1, turns", "b", TURN_BEGINS, (3,), ("b is ready",)),))
    assert unseen(step, game, 1).then == step.then  # b's own turn: told whole
    assert unseen(step, game, 0).then == (Step("round 1, turns", "b", TURN_BEGINS, (), ()),)


def test_a_forged_or_broken_turn_mark_is_refused_or_harmless() -> None:
    """The marks are only words for the account: out of range they tell nothing odd; not
    five whole numbers, the file is refused with one error."""
    game, before, after = _first_move()
    doc = json.loads(dumps(after))
    doc["log"][-1][6] = [[0, 99, 1, 1, 0]]  # past the record's one roll
    forged = loads(game, json.dumps(doc))
    step = tell(game, before, 0, forged.history[-1].action, forged)
    assert step.then[0].rolls == () and step.rolls == after.history[-1].rolls
    doc["log"][-1][6] = "x"
    with pytest.raises(SerializationError):
        loads(game, json.dumps(doc))
