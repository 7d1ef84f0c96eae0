"""`?` at the prompt prints the README's rules as the terminal reads them, as `stratagem
rules` does — not raw Markdown (the chit-pull writer's finding 7)."""

from __future__ import annotations

from pathlib import Path

import stratagem
from stratagem.cli.table import as_plain_text, rules_text

CHITS = Path(__file__).parent / "outsider" / "chits" / "chits.yaml"


def test_the_rules_at_hand_are_rendered() -> None:
    text = rules_text(stratagem.load(str(CHITS)))
    assert "**" not in text and "| die |" not in text
    assert " 1 Map. Pointy-topped hexes" in text
    assert "die  1:2  1:1  2:1  3:1  4:1" in text  # the table drawn, not piped


def test_markdown_becomes_plain_lines() -> None:
    said = as_plain_text("Some *words* and `code`:\n\n1. **One.** first\n2. Two\n")
    assert "*" not in said and "`" not in said
    assert said.splitlines()[0] == "Some words and code:"
    assert [line.strip() for line in said.splitlines()[-2:]] == ["1 One. first", "2 Two"]
