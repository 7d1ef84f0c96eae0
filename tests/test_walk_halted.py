"""A walk under fog of war that runs into a unit its side did not see stops short, and
the engine says so: the `walk_halted` event, told in the log by default or in the
rules' own words, answered by triggers, and marked where the walker stopped. Provinces'
writer saw "west scout #1 marches to c" while the scout stood on b, and emitted an event
of their own to say where it stopped."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

import stratagem
from stratagem.arena.narration import tell
from stratagem.cli.board import last_move
from stratagem.cli.main import cli
from stratagem.engine import Game, Pos, State
from stratagem.rules import check_rules
from stratagem.rules.core import BUILTIN_EVENTS
from stratagem.web.board_svg import move_marks

REPRO = Path(__file__).parent / "outsider" / "provinces" / "repro" / "fog_walk_log.yaml"
A, B, C = Pos(0, 0), Pos(2, 0), Pos(4, 0)


def _march_into_hiding(folder: Path, text: str = "") -> tuple[Game, State, State]:
    """West's scout marches from a to c, where east's scout stands unseen (sight 0)."""
    path = folder / "fog_walk.yaml"
    path.write_text(REPRO.read_text() + text)
    game = stratagem.load(path)
    before = game.new_state(0)
    after = game.apply(before, game.parse_action(before, "march #1 to=c"))
    return game, before, after


def test_a_walk_stopped_by_a_hidden_unit_is_told_where_it_stopped(tmp_path: Path) -> None:
    game, before, after = _march_into_hiding(tmp_path)
    assert after.entities[1].pos == B
    events = after.history[-1].events
    assert [name for name, _ in events] == ["walk_halted"]
    fields = dict(events[0][1])
    assert fields == {"mover": 1, "at": B, "to": C, "by": 2}
    step = tell(game, before, 0, after.history[-1].action, after)
    assert step.line == "scout #1 marches to c"
    assert step.events == ("scout #1 halts at b: scout #2 is in the way",)


def test_the_rules_may_tell_it_in_their_own_words_and_answer_it(tmp_path: Path) -> None:
    extra = """
narration:
  walk_halted: "{mover} runs into {by} short of {to}"
triggers:
  ambush:
    on: walk_halted
    effects:
      - remember: {key: ambushed_at, value: event.at}
"""
    game, before, after = _march_into_hiding(tmp_path, extra)
    step = tell(game, before, 0, after.history[-1].action, after)
    assert step.events == ("scout #1 runs into scout #2 short of c",)
    assert after.memory["ambushed_at"] == B


def test_a_walk_that_is_not_stopped_tells_nothing_more() -> None:
    game = stratagem.load(REPRO)
    before = game.new_state(0)
    after = game.apply(before, game.parse_action(before, "march #1 to=b"))
    assert after.entities[1].pos == B and after.history[-1].events == ()


def test_the_last_move_is_marked_where_the_walk_stopped(tmp_path: Path) -> None:
    game, before, after = _march_into_hiding(tmp_path)
    action = after.history[-1].action
    marks = last_move(game, before, action, after)
    assert (marks.came_from, marks.went_to) == (A, B)  # not c, which it never reached
    cells = [m.pos for m in move_marks(game, before, 0, action, None, after)]
    assert cells == [(0, 0), (2, 0)]
    # Without the state after it the page still outlines what the action named.
    assert [m.pos for m in move_marks(game, before, 0, action)] == [(0, 0), (4, 0)]


def test_the_terminal_log_tells_the_halt() -> None:
    result = CliRunner().invoke(cli, ["play", str(REPRO), "--agents", "random,random",
                                      "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "west scout #1 marches to c" in result.output
    assert "scout #1 halts at b: scout #2 is in the way" in result.output


def test_emitting_an_engine_event_with_fields_of_ones_own_is_warned_of(
        tmp_path: Path) -> None:
    rules = REPRO.read_text().replace(
        "      - end_turn: {}",
        "      - emit: {event: walk_halted, fields: {unit: actor}, narrate: true}\n"
        "      - end_turn: {}")
    path = tmp_path / "own_halt.yaml"
    path.write_text(rules)
    _, warnings = check_rules(path)
    said = [w for w in warnings if "sends itself" in w.message]
    assert len(said) == 1
    assert "`unit`" in said[0].message and "mover, at, to, by" in said[0].message
    assert said[0].loc.line == rules.splitlines().index(
        "      - emit: {event: walk_halted, fields: {unit: actor}, narrate: true}") + 1


def test_a_file_that_gives_an_engine_event_fields_leaves_the_next_file_alone(
        tmp_path: Path) -> None:
    """Compiling one file that emitted `walk_halted` with a field of its own added that
    field to the engine's table of events for every file compiled after it."""
    before = {k: dict(v) for k, v in BUILTIN_EVENTS.items()}
    path = tmp_path / "own_halt.yaml"
    path.write_text(REPRO.read_text().replace(
        "      - end_turn: {}",
        "      - emit: {event: walk_halted, fields: {unit: actor}}\n      - end_turn: {}"))
    check_rules(path)
    assert before == BUILTIN_EVENTS
    assert check_rules(path)[1]  # and the second compile still warns
