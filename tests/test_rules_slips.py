"""Slips reported with what was most likely meant: in an expression, one `=` for a
comparison or a conditional without its `else`; on the command line, a misspelt or
misremembered command (`check` for `validate`) or agent; in a file, a tab where YAML
wants spaces."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.engine import RuleError
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


@pytest.mark.parametrize(("line", "said"), [
    ('  newest(p: player): "highest(entities(owner: p), by: it.id)"',
     "(a key with ': ' inside, such as a define's typed parameter, must be quoted: "
     '"newest(p: player)": ...)'),
    ("  pick: find(players(), where: it.gold: 1)",
     "(a value with ': ' inside, such as an expression, must be quoted: "),
])
def test_a_colon_where_yaml_does_not_take_one_says_what_to_quote(line: str, said: str) -> None:
    with pytest.raises(RulesError) as err:
        compile_text(f"game: t\nplayers: [a, b]\ndefine:\n{line}\n", "colon.yaml")
    assert "not valid YAML: mapping values are not allowed" in str(err.value)
    assert said in str(err.value)


def test_a_draw_that_reads_player_says_why_it_cannot() -> None:
    text = only(BASE + "end:\n  draw:\n    stalemate: \"count(zone(player, 'hand')) > 3\"\n")
    assert "`player` is not known in a draw, which holds for no one player" in text, text
    assert "all(players(), test: …)" in text, text


@pytest.mark.parametrize("cond", ["count(zone(player, 'hand')) >= 'two'", "'two' < 3",
                                  "tile((0, 0)) == 1"])
def test_a_number_compared_with_a_text_is_refused_at_load(cond: str) -> None:
    """A number and a text cannot be ordered, and are never equal: refused where written
    (play raised a Python error, or the test quietly never held)."""
    text = only(sub("  shout:\n    source: player\n",
                    f"  shout:\n    source: player\n    when: \"{cond}\"\n"))
    assert "is a number and" in text and "a text: they" in text, text
    assert "compare a number with a number" in text, text


def test_a_condition_that_fails_at_play_names_its_action_and_target(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A condition that raises while the options are listed (a value of the wrong kind the
    rules could not foresee) is reported at its action, and target, in the rules file."""
    rules = """\
game: rt
players: [red, blue]
player:
  supply: 3
actions:
  buy:
    targets:
      n: {kind: number, from: "[1, 2]", where: "n >= [1, 'two'][1]"}
    effects: [{modify: {what: player.supply, by: -2}}]
  end_turn: {ends_turn: true}
flow:
  phases: [{name: turns, actions: [buy, end_turn]}]
end: {round_limit: 2}
"""
    path = tmp_path / "rt.yaml"
    path.write_text(rules, encoding="utf-8")
    with pytest.raises(RuleError) as err:
        stratagem.load(str(path)).new_state(seed=0)
    assert str(err.value).startswith(f"{path}:6:3: action `buy`, target `n`: a rule failed")
    path.write_text(rules.replace('    targets:\n      n: {kind: number, from: "[1, 2]", '
                                  'where: "n >= [1, \'two\'][1]"}\n',
                                  '    when: "player.supply >= [1, \'two\'][1]"\n'),
                    encoding="utf-8")
    with pytest.raises(RuleError) as err:
        stratagem.load(str(path)).new_state(seed=0)
    assert str(err.value).startswith(f"{path}:6:3: action `buy`: a rule failed"), err.value


def test_an_unknown_layout_symbol_is_the_one_problem_reported() -> None:
    """One bad symbol in the layout is reported alone: the tile types that `display:` and
    the rest name are still known (each was also reported unknown)."""
    text = """\
game: cascade
players: [red, blue]
board:
  tiles: {".": grass, "#": wall}
  tile_types:
    wall: {cost: null}
  layout: |
    . . #
    . Z .
display:
  tiles:
    grass: {glyph: "."}
    wall: {glyph: "#"}
actions:
  end_turn: {ends_turn: true}
flow:
  phases: [{name: turns, actions: [end_turn]}]
end: {round_limit: 1}
"""
    with pytest.raises(RulesError) as err:
        compile_text(text, "cascade.yaml")
    assert [str(p) for p in err.value.problems] == [
        "cascade.yaml:9:7: layout row 2: unknown tile symbol `Z` — declare it under `tiles`: "
        "{'Z': tile_type}"]


def test_a_roll_that_fails_to_compile_still_names_its_result() -> None:
    """A slip inside a roll's dice is the one problem: the effects after it that use the
    roll's name are not reported as using an unknown name."""
    text = sub("  shout:\n    source: player\n",
               "  shout:\n    source: player\n    effects:\n"
               "      - roll: {as: hits, dice: \"successes(nosuch, 6, 5)\"}\n"
               "      - roll: {as: more, dice: \"successes(hits, 6, 5)\"}\n")
    problem = only(text)  # one problem: the roll's, not also `hits` in the next one
    assert "nosuch" in problem and "unknown name `hits`" not in problem, problem


def test_a_labelled_condition_cut_at_a_comma_says_to_quote_it() -> None:
    """`{one step away: distance(actor, target) <= 1}` unquoted is cut by YAML at the `, `:
    one problem names the piece and gives the quoting hint (the parse error of the first
    piece was all there was)."""
    text = sub("  shout:\n    source: player\n",
               "  shout:\n    source: player\n"
               "    when: {far enough: distance((0, 0), (1, 1)) <= 1}\n")
    problem = only(text)
    assert problem == ("bad.yaml:21:37: `far enough: distance((0` goes on as `0)`, a label "
                       "with no condition: the expression was cut where a `,` stands — is "
                       "this part of an expression? Inside `{...}` an expression with `,` or "
                       "`:` must be quoted"), problem
