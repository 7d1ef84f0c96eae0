"""Agents of your own named by import path (`python:package.module.Class`): built like
registered agents, their arguments checked, refused in one line when the path is wrong,
and played by `play` and by the arena's worker processes."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

import stratagem
from stratagem.agents import AgentSpecError, make_agent
from stratagem.arena.runner import run_tournament
from stratagem.arena.tournament import Tournament
from stratagem.cli.main import main

MODULE = textwrap.dedent('''\
    """Two small agents of a user's own, for the tests."""
    from stratagem.agents import Agent, Choice


    class FirstOption(Agent):
        """Always the first legal option."""

        code = "first"
        description = "the first legal option"

        def choose(self, view, decision, budget=None):
            return Choice(decision.actions[0], "the first option")


    class Nth(Agent):
        """The option at a fixed place, counted from the end when negative."""

        code = "nth"
        description = "the option at a fixed place"

        def __init__(self, game, seed=0, *, place: int = 0, **budget):
            super().__init__(game, seed, **budget)
            self.place = place

        def choose(self, view, decision, budget=None):
            options = decision.actions
            return Choice(options[self.place % len(options)], f"option {self.place}")


    NOT_AN_AGENT = 3
    ''')


@pytest.fixture
def user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A directory holding `mybots.py`, made the current directory, as a user's would be."""
    (tmp_path / "mybots.py").write_text(MODULE, encoding="utf-8")
    (tmp_path / "broken_bots.py").write_text("import math\nx = 1 / 0\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    before = list(sys.path)
    yield tmp_path
    sys.path[:] = before
    for name in ("mybots", "broken_bots"):
        sys.modules.pop(name, None)


def test_a_class_in_the_current_directory_is_built_with_its_arguments(user_dir: Path) -> None:
    game = stratagem.load("tic_tac_toe")
    first = make_agent("python:mybots.FirstOption", game)
    assert first.code == "first"
    state = game.new_state(0)
    assert first.choose(state, state.decision).action == state.decision.actions[0]
    last = make_agent("python:mybots:Nth,place=-1,seconds=2", game)
    assert last.choose(state, state.decision).action == state.decision.actions[-1]
    assert last.budget.seconds == 2.0


@pytest.mark.parametrize(("code", "message"), [
    ("python:nosuchmodule.Agent", "cannot import 'nosuchmodule'"),
    ("python:mybots.Missing", "module 'mybots' has no 'Missing'"),
    ("python:mybots.NOT_AN_AGENT", "is not an Agent class"),
    ("python:collections.OrderedDict", "is not an Agent class"),
    ("python:broken_bots.Bot", "importing 'broken_bots' failed: ZeroDivisionError"),
    ("python:mybots", "expected python:package.module.Class"),
    ("python:mybots.Nth,place=many", "place must be an integer"),
    ("python:mybots.FirstOption,depth=3", "has no argument 'depth'"),
    ("python:mybots.Nth,seconds=0", "seconds must be a number above 0"),
])
def test_a_wrong_path_or_argument_is_one_agent_spec_error(user_dir: Path, code: str,
                                                          message: str) -> None:
    with pytest.raises(AgentSpecError, match=message):
        make_agent(code, stratagem.load("tic_tac_toe"))


def test_play_from_the_command_line(user_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "tic_tac_toe", "--agents", "python:mybots.FirstOption,random",
                 "--quiet"]) is None
    assert "Result:" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stop:
        main(["play", "tic_tac_toe", "--agents", "python:mybots.Nope,random"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "has no 'Nope'" in err and "Traceback" not in err


def test_the_arena_plays_them_in_worker_processes_as_in_one(user_dir: Path) -> None:
    """Spawned workers import the user's module too, and play the same games."""
    t = Tournament("tic_tac_toe", ("python:mybots.Nth,place=-1", "random"), games=4, seed=2)
    one = run_tournament(t, user_dir / "one.sqlite")
    two = run_tournament(t, user_dir / "two.sqlite", workers=2)
    assert [r.result_key() for r in one] == [r.result_key() for r in two]
    assert len(one) == 4
