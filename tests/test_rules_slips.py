"""Slips reported with what was most likely meant: in an expression, one `=` for a
comparison or a conditional without its `else`; on the command line, a misspelt or
misremembered command (`check` for `validate`) or agent; in a file, a tab where YAML
wants spaces."""

from __future__ import annotations

import pytest

from stratagem.rules import RulesError, compile_text
from test_cli import run
from test_rules_errors import BASE, only, sub


@pytest.mark.parametrize("expr, hint", [
    ("count(zone(player, 'hand')) = 2", "compare with `==`"),
    ("count(zone(player, 'hand')) + 2 if true", "a choice needs both halves: "
                                                "`x if condition else y`"),
])
def test_a_slip_gets_a_hint(expr: str, hint: str) -> None:
    text = sub("  shout:\n    source: player\n",
               f"  shout:\n    source: player\n    when: \"{expr}\"\n")
    problem = only(text)
    assert f"in expression `{expr}` — {hint}" in problem, problem


def test_a_parse_error_with_no_known_slip_has_no_made_up_hint() -> None:
    text = sub("  shout:\n    source: player\n",
               "  shout:\n    source: player\n    when: \"1 + * 2\"\n")
    assert "—" not in only(text)


def test_an_unknown_command_or_agent_names_the_one_most_likely_meant(capsys) -> None:
    for typed, meant in (("check", "validate"), ("valdate", "validate"), ("plya", "play")):
        code, _, err = run(capsys, typed, "x")
        assert code == 2 and f"did you mean '{meant}'?" in err, err
    code, _, err = run(capsys, "zzz", "x")
    assert code == 2 and "did you mean" not in err and "No such command 'zzz'" in err, err
    code, _, err = run(capsys, "play", "pig", "--agents", "randon,random")
    assert code == 2 and "unknown agent 'randon' (did you mean 'random'?" in err, err


def test_a_tab_in_the_indentation_is_named_as_such() -> None:
    with pytest.raises(RulesError) as err:
        compile_text("game: t\nplayers: [a, b]\nflow:\n\tphases: []\n", "tab.yaml")
    assert str(err.value).startswith("tab.yaml:4:1: not valid YAML: found character '\\t'")
    assert str(err.value).endswith("— indent with spaces: YAML allows no tabs there")


def test_a_draw_that_reads_player_says_why_it_cannot() -> None:
    text = only(BASE + "end:\n  draw:\n    stalemate: \"count(zone(player, 'hand')) > 3\"\n")
    assert "`player` is not known in a draw, which holds for no one player" in text, text
    assert "all(players(), test: …)" in text, text
