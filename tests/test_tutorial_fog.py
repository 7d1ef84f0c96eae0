"""The tutorial's fog-of-war section: its rules compile and its Python prints what it shows."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

TUTORIAL = Path(__file__).parent.parent / "docs" / "tutorial.md"


def _block(marker: str) -> str:
    text = TUTORIAL.read_text(encoding="utf-8")
    m = re.search(rf"<!-- {re.escape(marker)} -->\n```\w*\n(.*?)```", text, re.S)
    assert m, f"no block marked {marker} in the tutorial"
    return m.group(1)


def test_fog_section_prints_what_it_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`fog.yaml` (the complete game plus the section's `visibility:`) loads, and the
    section's Python prints exactly the output the tutorial shows."""
    (tmp_path / "fog.yaml").write_text(_block("complete") + "\n" + _block("fog: rules"),
                                       encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(_block("fog: python"), "tutorial.md", "exec"), {})
    assert out.getvalue() == _block("fog: output")


def test_reaction_limits_of_unseen_units_are_withheld(tmp_path: Path) -> None:
    """In the tutorial's fog game, a view keeps no count of the reactions an unseen unit
    has used (`limit:…@#id` in the state's counters), which would tell that it reacted."""
    import stratagem  # noqa: PLC0415 - only this test plays the game
    from stratagem.engine.rng import Rng  # noqa: PLC0415

    path = tmp_path / "fog.yaml"
    path.write_text(_block("complete") + "\n" + _block("fog: rules"), encoding="utf-8")
    game = stratagem.load(str(path))
    withheld = 0
    for seed in range(6):
        rng = Rng(seed)
        state = game.new_state(seed)
        while state.decision is not None:
            for p in (0, 1):
                view = state.view(p)
                for key in state.counters:
                    if not key.startswith("limit:"):
                        continue
                    eid = int(key[key.rfind("@#") + 2:])
                    hidden = eid in state.entities and eid not in view.entities
                    assert (key in view.counters) != hidden
                    withheld += key not in view.counters
            options = game.legal_actions(state)
            state = game.apply(state, options[rng.below(len(options))])
    assert withheld > 0
