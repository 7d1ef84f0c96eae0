"""docs/agents.md is the code's: its example agent runs, and its table of arguments is the
roster's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from stratagem.agents.roster import BUDGET_ARGUMENTS, ROSTER, code_text

DOC = Path(__file__).resolve().parents[1] / "docs" / "agents.md"
TEXT = DOC.read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", TEXT, re.S)


def _printed(block: str) -> str:
    """What a block says it prints: its comment lines after the last ``print``, joined."""
    tail = block[block.rindex("print("):].splitlines()[1:]
    return " ".join(line[2:] for line in tail if line.startswith("# "))


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_python_examples_run_and_print_what_they_say(
        index: int, capsys: pytest.CaptureFixture[str]) -> None:
    """Each Python block of the page runs as written (the example agent's own assertion
    included: it beats random), and prints what its closing comment shows (up to `...`)."""
    block = BLOCKS[index]
    exec(compile(block, f"{DOC}:block{index}", "exec"), {"__name__": "agents_doc"})
    out = " ".join(capsys.readouterr().out.split())
    shown = _printed(block)
    assert out, "every example prints something"
    for part in shown.split("..."):
        assert part.strip() in out, (part, out)


def test_the_example_agent_beats_random(capsys: pytest.CaptureFixture[str]) -> None:
    """The page's own agent, in its own loop, wins most of its 20 games against random."""
    block = next(block for block in BLOCKS if "class WinNow(Agent)" in block)
    exec(compile(block, f"{DOC}:WinNow", "exec"), {"__name__": "agents_doc"})
    found = re.search(r"win-now won (\d+) of 20 against random", capsys.readouterr().out)
    assert found is not None and int(found[1]) >= 14


def test_the_table_of_arguments_is_the_rosters() -> None:
    """Every argument a code can set (budget and program file aside) has a row with its
    default, and every row names a real argument."""
    rows = re.findall(r"^\| `([\w-]+)` \| `(\w+)` \| ([^|]*) \|", TEXT, re.M)
    documented = {(code, name): default.strip() for code, name, default in rows}
    expected = {}
    for code, spec in ROSTER.items():
        for name, default in spec.arguments.items():
            if name in BUDGET_ARGUMENTS or name == spec.positional:
                continue
            expected[(code, name)] = code_text(default)
    assert documented == expected
