"""docs/interop.md is the code's: its Python examples run, and its table of bounds is measured."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

import stratagem
from stratagem.interop.codec import declared_bounds

DOC = Path(__file__).resolve().parents[1] / "docs" / "interop.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_python_examples_run(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    """Each Python block of the page runs as written."""
    exec(compile(BLOCKS[index], f"{DOC}:block{index}", "exec"), {})
    capsys.readouterr()


def test_the_page_has_examples_of_every_bridge() -> None:
    """The examples cover the four modules."""
    text = "".join(BLOCKS)
    for module in ("openspiel_game", "openspiel_agents", "pettingzoo_env", "gymnasium_env"):
        assert module in text


def test_the_table_of_bounds_is_what_the_bridges_declare() -> None:
    """Every row of the bounds table matches ``declared_bounds`` on that game, and says rightly
    whether the figures were declared by the game or measured."""
    rows = re.findall(r"^\| (\w+) \| (\d+) \| (\d+) \| (\d+) \| (declared|measured) \|$",
                      DOC.read_text(encoding="utf-8"), re.M)
    assert len(rows) >= 3
    for name, actions, chance, length, source in rows:
        bounds = declared_bounds(stratagem.load(name))
        assert (bounds.actions, bounds.chance, bounds.length) == (
            int(actions), int(chance), int(length)), name
        assert bounds.measured == (source == "measured"), name
