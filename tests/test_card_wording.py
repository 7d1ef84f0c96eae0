"""A printed card's wording (the chit-pull writer's finding 8): a trigger's sentence that
begins with a player's name keeps its capital ("If Blue has been pushed …"); a step with
no `say:` is "Take" and its action's glossary words, as docs/programs.md says (a
sentence of the writer's own is a `say:`)."""

from __future__ import annotations

from pathlib import Path

import stratagem
from stratagem.agents.program import load_program, render_markdown

REPRO = Path(__file__).parent / "outsider" / "chits" / "repro"
GAME = stratagem.load(str(REPRO / "02_single_option_choose_silent.yaml"))
PROGRAM = (REPRO / "08_card_wording_program.yaml").read_text()


def _card(tmp_path: Path, text: str) -> str:
    path = tmp_path / "p.yaml"
    path.write_text(text)
    return render_markdown(load_program(path, GAME))


def test_a_step_is_take_and_the_glossary_words_or_its_own_say(tmp_path: Path) -> None:
    md = _card(tmp_path, PROGRAM.replace("Shove the blue pawn", "a shove of the blue pawn"))
    assert "- **1.** Take a shove of the blue pawn." in md
    said = _card(tmp_path, PROGRAM.replace("        - do: shove\n",
                                           "        - {do: shove, say: Shove the blue pawn}\n"))
    assert "- **1.** Shove the blue pawn." in said


def test_a_trigger_keeps_a_players_capital_and_lowers_other_words(tmp_path: Path) -> None:
    md = _card(tmp_path, PROGRAM)
    assert "If Blue has been pushed three squares away: go to **rest**." in md
    other = _card(tmp_path, PROGRAM.replace("        say: Blue has been pushed",
                                            "        say: The pawn has been pushed"))
    assert "If the pawn has been pushed three squares away" in other
