"""The strategy tutorial at the end of docs/tutorial.md: each step is a playable game, and
each output it shows is what its Python lines print."""

from __future__ import annotations

import contextlib
import io
from typing import Any

import pytest

import stratagem
from stratagem.rules import compile_text
from test_docs import MARKED, TUTORIAL, dump, load, merge

PREFIX = "realms "


def blocks() -> list[tuple[str, str]]:
    """(marker, text) of each block of the strategy tutorial, its prefix taken off."""
    return [(m.group("marker").removeprefix(PREFIX), m.group("body"))
            for m in MARKED.finditer(TUTORIAL.read_text(encoding="utf-8"))
            if m.group("marker").startswith(PREFIX)]


def game_after(n: int) -> stratagem.Game:
    """The game the first ``n`` steps make."""
    data: Any = {}
    for body in [b for m, b in blocks() if m == "step"][:n]:
        data = merge(data, load(body))
    return compile_text(dump(data), f"realms step {n}")


STEPS = sum(1 for m, _ in blocks() if m == "step")
RUNS = [int(m.removeprefix("run (step ").removesuffix(")")) for m, _ in blocks()
        if m.startswith("run (")]


def test_the_tutorial_has_its_steps_and_outputs() -> None:
    """Five steps, each with Python lines and the output they print."""
    markers = [m for m, _ in blocks()]
    assert STEPS == 5
    assert list(range(1, 6)) == RUNS
    assert [m for m in markers if m.startswith("output (")] == [
        f"output (step {n})" for n in RUNS]


@pytest.mark.parametrize("n", range(1, STEPS + 1), ids=lambda n: f"step{n}")
def test_each_step_is_a_playable_game(n: int) -> None:
    """After each step, the file compiles and random players play it to the end."""
    result = stratagem.play(game_after(n), ["random", "random"], seed=n)
    assert result.state.outcome is not None


@pytest.mark.parametrize("n", RUNS, ids=lambda n: f"step{n}")
def test_each_output_is_what_the_lines_print(n: int) -> None:
    """The Python lines shown after step ``n`` print exactly the output shown."""
    found = dict(blocks())
    code, shown = found[f"run (step {n})"], found[f"output (step {n})"]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, f"realms step {n}", "exec"),
             {"game": game_after(n), "stratagem": stratagem})
    assert out.getvalue() == shown
