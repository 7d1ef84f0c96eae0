"""Rules files are data: they never run code, reach outside their folder, hang or crash.

Each test feeds the loader a hostile or broken file (YAML tags that name Python
objects, alias bombs, oversized and deeply nested files, scenario paths that
leave the game's folder, expressions that try to reach Python, non-UTF-8 and
empty files) and checks that it ends quickly in a ``RulesError`` with a place,
that nothing happened on the side, and that runaway rules in a valid file stop
with a ``RunawayError`` at play time. The last part checks ``stratagem
validate``'s output. Bugs found here are pinned with ``xfail(strict=True)``
while they are open.
"""

from __future__ import annotations

import re
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from stratagem.cli.main import main
from stratagem.engine import RunawayError
from stratagem.rules import RulesError, compile_rules, compile_text, load_rules
from stratagem.rules.source import MAX_BYTES, MAX_DEPTH, MAX_NODES

TIC_TAC_TOE = (Path(__file__).parent.parent / "src" / "stratagem" / "games" / "tic_tac_toe"
               / "rules.yaml")
VALID = TIC_TAC_TOE.read_text(encoding="utf-8")
"""A valid rules file to plant hostile values in."""

QUICK = 5.0
"""Seconds within which every hostile file must be refused."""


class TookTooLong(BaseException):
    """Raised by ``time_limit`` (a BaseException, so no ``except Exception`` swallows it)."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Interrupt the block after ``seconds`` of wall time: a hang becomes a failure."""
    def expire(signum: int, frame: Any) -> None:
        raise TookTooLong(f"took more than {seconds:g}s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def refused(text: str, file: str = "hostile.yaml", seconds: float = QUICK) -> RulesError:
    """Compile ``text``: it must fail within ``seconds`` with a RulesError located inside the file."""
    with time_limit(seconds), pytest.raises(RulesError) as info:
        compile_text(text, file)
    error = info.value
    lines = text.split("\n")
    assert error.problems
    for p in error.problems:
        assert p.loc.file == file, p
        assert 1 <= p.loc.line <= len(lines) and p.loc.col >= 1, p
    return error


def line_of(text: str, needle: str) -> int:
    """The 1-based line of the first occurrence of ``needle`` in ``text``."""
    return text[:text.index(needle)].count("\n") + 1


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the command line; return (exit status, stdout, stderr)."""
    code = 0
    try:
        main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# ------------------------------------------------------------- (a) YAML tags
TAGS = [
    'game: !!python/object/apply:os.system ["echo hi"]',
    "game: !!python/name:os.system",
    "game: !!python/object/new:builtins.dict {}",
    "game: !!python/module:os",
    "game: !foo bar",
    "game: !foo {a: 1}",
    "game: !<tag:yaml.org,2002:python/name:os.system> x",
    "game: !!binary aGk=",
    "game: !!set {a: null}",
]


@pytest.mark.parametrize("tagged", TAGS)
def test_a_yaml_tag_is_refused_at_its_place(tagged: str) -> None:
    """A value carrying a Python, local or non-core YAML tag is a RulesError at the tag's line and column."""
    text = VALID.replace("game: tic_tac_toe", tagged)
    error = refused(text)
    assert len(error.problems) == 1
    p = error.first
    assert "tag" in p.message and "not allowed" in p.message
    assert (p.loc.line, p.loc.col) == (line_of(text, tagged), len("game: ") + 1)


@pytest.mark.parametrize("text", [
    '!!python/object/apply:os.system ["echo hi"]\n',
    "? !!python/name:os.system\n: 1\n",
    "%TAG !py! tag:yaml.org,2002:python/\n---\ngame: !py!object/apply:os.system [x]\n",
    "game: g\nplayers: [!foo a]\n",
])
def test_tags_on_the_root_on_keys_in_lists_and_through_directives_are_refused(text: str) -> None:
    """Tags on the root value, on a key, inside a list or spelled through a %TAG directive are refused."""
    assert "tag" in refused(text).first.message


def test_a_tag_that_would_create_a_file_has_no_effect(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Tags that would call open() or os.system to create a file leave the file uncreated, loaded any way."""
    target = tmp_path / "pwned"
    rules = tmp_path / "game" / "rules.yaml"
    rules.parent.mkdir()
    for tagged in (f'game: !!python/object/apply:builtins.open ["{target}", "w"]',
                   f'game: !!python/object/apply:os.system ["touch {target}"]',
                   f'game: !!python/object/new:pathlib.Path ["{target}"]'):
        text = VALID.replace("game: tic_tac_toe", tagged)
        rules.write_text(text, encoding="utf-8")
        refused(text)
        with pytest.raises(RulesError):
            load_rules(rules)
        with pytest.raises(RulesError):
            compile_rules(rules.parent)
        code, _, err = run_cli(capsys, "validate", str(rules))
        assert code == 1 and "not allowed" in err
        assert not target.exists()
    assert list(tmp_path.iterdir()) == [rules.parent]


def test_a_date_like_value_is_read_as_text() -> None:
    """A plain value that looks like a date (a description) is text, not a refused tag."""
    game = compile_text(VALID.replace("description: Three in a row on a 3x3 grid.",
                                      "description: 2001-12-14"), "dated.yaml")
    assert game.description == "2001-12-14"


@pytest.mark.parametrize(("written", "read"), [
    ("2001-12-14 21:59:43.10 -5", "2001-12-14 21:59:43.10 -5"),
    ("&day 2001-12-14", "2001-12-14"),
    ("=", "="),
    ("<<", "<<"),
])
def test_values_yaml_would_give_another_type_are_read_as_text(written: str, read: str) -> None:
    """Timestamps, anchored dates, `=` and a `<<` value (not a key) are text as written."""
    game = compile_text(VALID.replace("description: Three in a row on a 3x3 grid.",
                                      f"description: {written}"), "typed.yaml")
    assert game.description == read


def test_a_written_timestamp_tag_is_still_refused() -> None:
    """A value that carries `!!timestamp` in the file is refused at the tag, like any other non-core tag."""
    text = VALID.replace("description: Three in a row on a 3x3 grid.",
                         "description: !!timestamp 2001-12-14")
    p = refused(text).first
    assert "!!timestamp" in p.message
    assert (p.loc.line, p.loc.col) == (line_of(text, "!!timestamp"), len("description: ") + 1)


# ----------------------------------------------------------- (b) alias bombs
BOMB_SECONDS = 2.0
"""Each distinct value's expanded size is counted once, before anything is walked, so a
bomb is refused in a fraction of a second: a generous ceiling."""


def laughs(levels: int, width: int = 9) -> str:
    """A 'billion laughs' document: each level repeats the previous one ``width`` times."""
    out = ['lol0: &lol0 ["lol"' + ', "lol"' * (width - 1) + "]"]
    out += [f"lol{i}: &lol{i} [" + ", ".join([f"*lol{i - 1}"] * width) + "]"
            for i in range(1, levels + 1)]
    return "\n".join(out) + "\n"


@pytest.mark.parametrize(("levels", "width"), [(9, 9), (4, 400)])
def test_an_alias_bomb_ends_quickly_at_the_expansion_bound(levels: int, width: int) -> None:
    """A billion-laughs file is refused within seconds with a RulesError naming the expansion bound."""
    error = refused(laughs(levels, width), seconds=BOMB_SECONDS)
    assert str(MAX_NODES) in error.first.message and "expands" in error.first.message


def test_an_alias_bomb_of_mappings_inside_a_valid_file_is_refused() -> None:
    """An alias bomb of mappings hidden under a valid file's `description` is refused the same way."""
    bomb = ["  m0: &m0 {a: 1, b: 1, c: 1, d: 1, e: 1, f: 1, g: 1, h: 1}"]
    for i in range(1, 10):
        keys = ", ".join(f"k{j}: *m{i - 1}" for j in range(8))
        bomb.append(f"  m{i}: &m{i} {{{keys}}}")
    text = VALID.replace("description: Three in a row on a 3x3 grid.",
                         "description:\n" + "\n".join(bomb))
    assert "expands" in refused(text, seconds=BOMB_SECONDS).first.message


def test_a_self_referencing_alias_is_refused() -> None:
    """An anchor whose value contains its own alias ends in a RulesError at that value, not a hang or recursion."""
    for text in ("a: &a [*a]\n", "a: &a {b: *a}\n", "a: &a [1, [2, {c: *a}]]\n"):
        p = refused(text).first
        assert "alias of itself" in p.message and (p.loc.line, p.loc.col) == (1, 4), p


def test_an_alias_bomb_is_refused_at_the_innermost_value_too_large() -> None:
    """The expansion bound names the first value that is too large by itself, not the whole file."""
    text = laughs(9, 9)
    p = refused(text, seconds=1.0).first
    assert (p.loc.line, p.loc.col) == (line_of(text, "lol5:"), len("lol5: ") + 1), p


def test_moderate_alias_use_is_allowed() -> None:
    """A valid file that reuses a block through an anchor and alias compiles."""
    text = VALID.replace("actions: [place]", "actions: &offered [place]")
    text = text.replace("      max_actions: 1", "      max_actions: 1\n    - name: again\n"
                        "      actions: *offered\n      max_actions: 1")
    game = compile_text(text, "aliased.yaml")
    assert [p.name for p in game.phases] == ["play", "again"]


# ---------------------------------------------------------------- (c) size
def test_text_over_the_size_bound_is_refused() -> None:
    """Rules text one byte over the size bound is refused at 1:1 without being parsed."""
    text = VALID + "#" * (MAX_BYTES - len(VALID.encode()) + 1)
    error = refused(text)
    assert str(MAX_BYTES) in error.first.message and error.first.loc.line == 1
    compile_text(VALID + "#" * (MAX_BYTES - len(VALID.encode()) - 1), "just_under.yaml")


def test_the_size_bound_counts_bytes_not_characters() -> None:
    """Text of fewer characters than the bound but more UTF-8 bytes is refused."""
    text = VALID + "# " + "é" * (MAX_BYTES // 2 + 1)
    assert len(text) < MAX_BYTES * 0.6
    assert str(MAX_BYTES) in refused(text).first.message


def test_a_file_over_the_size_bound_is_refused_with_its_name(tmp_path: Path) -> None:
    """A rules file on disk larger than the bound is refused naming the file, folder or not."""
    big = tmp_path / "rules.yaml"
    big.write_text(VALID + "#" * MAX_BYTES, encoding="utf-8")
    for path in (big, tmp_path):
        with pytest.raises(RulesError) as info:
            load_rules(path)
        assert info.value.first.loc.file == str(big)
        assert str(MAX_BYTES) in info.value.first.message


# ------------------------------------------------------------- (d) nesting
DEEP = 10_000


def block_mapping(depth: int) -> str:
    """``depth`` nested block mappings, one space of indentation per level."""
    return "".join(" " * i + "a:\n" for i in range(depth)) + " " * depth + "1\n"


NESTED = {
    "flow sequence": "[" * DEEP + "]" * DEEP,
    "flow mapping": "{a: " * DEEP + "1" + "}" * DEEP,
    "flow, unclosed mappings": "{a: " * DEEP,
    "block sequence": "- " * DEEP + "1\n",
    "block sequence, indented": "".join(" " * i + "-\n" for i in range(1_900)),
    "block mapping": block_mapping(1_900),
    "block, inside a valid file": VALID + "hints:\n" + "".join(
        " " * (i + 1) + "- \n" for i in range(1_500)),
}
"""Nesting far past the bound (block mappings as deep as the size bound allows)."""


@pytest.mark.parametrize("style", list(NESTED))
def test_deep_nesting_is_a_rules_error_not_a_recursion_error(style: str) -> None:
    """Mappings and sequences nested thousands deep, flow or block style, end in a RulesError about nesting."""
    text = NESTED[style]
    assert len(text.encode()) <= MAX_BYTES
    error = refused(text, seconds=30.0)
    assert f"nesting deeper than {MAX_DEPTH}" in error.first.message


@pytest.mark.parametrize("text", ["[" * DEEP, "{a: " * DEEP, "[{a: " * (DEEP // 2),
                                  "a:\n  - " + "[" * DEEP])
def test_deep_flow_nesting_is_refused_quickly(text: str) -> None:
    """A 10 KB file of nested `[` or `{` is refused within a second at the first level past the bound."""
    p = refused(text, seconds=1.0).first
    assert f"nesting deeper than {MAX_DEPTH}" in p.message
    assert p.loc.line == text.count("\n") + 1


def test_nesting_below_the_bound_is_accepted() -> None:
    """Values nested well below the depth bound are read (the bound is not absurdly low)."""
    depth = MAX_DEPTH // 2
    text = VALID.replace("description: Three in a row on a 3x3 grid.",
                         "description: " + "[" * depth + "x" + "]" * depth)
    assert compile_text(text, "nested.yaml").description.count("[") == depth


# ----------------------------------------------------- (e) scenario files
@pytest.fixture
def game_dir(tmp_path: Path) -> Path:
    """A folder ``game/`` beside ``outside.yaml``, a valid scenario file outside the folder."""
    folder = tmp_path / "game"
    folder.mkdir()
    (tmp_path / "outside.yaml").write_text(
        "entities:\n  - {type: x, owner: x, at: [0, 0]}\n", encoding="utf-8")
    return folder


def write_rules(folder: Path, scenario_value: str) -> tuple[Path, str]:
    """Write ``rules.yaml`` naming one scenario; return its path and text."""
    text = VALID + f"scenarios:\n  s: {scenario_value}\n"
    path = folder / "rules.yaml"
    path.write_text(text, encoding="utf-8")
    return path, text


def assert_refused_at_scenario(folder: Path, scenario_value: str, *words: str) -> None:
    """Loading the folder is refused with a problem at the scenario's value."""
    path, text = write_rules(folder, scenario_value)
    with time_limit(QUICK), pytest.raises(RulesError) as info:
        load_rules(folder, "s")
    p = info.value.first
    assert (p.loc.file, p.loc.line, p.loc.col) == (str(path), text.count("\n"), 6), p
    for word in words:
        assert word in p.message, p


def test_a_scenario_file_inside_the_folder_is_loaded(game_dir: Path) -> None:
    """A scenario naming a file inside the game's folder (or a subfolder) is read from it."""
    (game_dir / "sub").mkdir()
    (game_dir / "sub" / "opening.yaml").write_text(
        "entities:\n  - {type: o, owner: o, at: [1, 1]}\n", encoding="utf-8")
    write_rules(game_dir, "sub/opening.yaml")
    game = load_rules(game_dir, "s")
    state = game.new_state(0)
    assert [(e.type, tuple(e.pos)) for e in state.entities.values()] == [("o", (1, 1))]


@pytest.mark.parametrize("name", ["../outside.yaml", "sub/../../outside.yaml",
                                  "./../outside.yaml"])
def test_a_scenario_path_that_climbs_out_of_the_folder_is_refused(game_dir: Path,
                                                                   name: str) -> None:
    """A scenario file named with `..` that leaves the game's folder is a located RulesError."""
    (game_dir / "sub").mkdir()
    assert_refused_at_scenario(game_dir, name, "outside the game's folder")


def test_an_absolute_scenario_path_is_refused(game_dir: Path) -> None:
    """A scenario file named by an absolute path, even to a valid file, is a located RulesError."""
    outside = game_dir.parent / "outside.yaml"
    assert_refused_at_scenario(game_dir, f'"{outside}"', "outside the game's folder")
    inside = game_dir / "inside.yaml"
    inside.write_text(outside.read_text(encoding="utf-8"), encoding="utf-8")
    assert_refused_at_scenario(game_dir, f'"{inside}"', "outside the game's folder")


def test_a_symlink_out_of_the_folder_is_refused(game_dir: Path) -> None:
    """A scenario file that is a symlink to a file outside, or inside a symlinked folder, is refused."""
    (game_dir / "link.yaml").symlink_to(game_dir.parent / "outside.yaml")
    assert_refused_at_scenario(game_dir, "link.yaml", "outside the game's folder")
    (game_dir / "elsewhere").symlink_to(game_dir.parent, target_is_directory=True)
    assert_refused_at_scenario(game_dir, "elsewhere/outside.yaml", "outside the game's folder")


def test_a_missing_or_non_file_scenario_is_refused(game_dir: Path) -> None:
    """A scenario naming a missing file, the folder itself or a subfolder is a located RulesError."""
    (game_dir / "sub").mkdir()
    for name in ("missing.yaml", ".", "sub", '""'):
        assert_refused_at_scenario(game_dir, name, "no file")


def test_a_scenario_file_in_rules_given_as_text_is_refused() -> None:
    """Rules compiled from text (no folder) cannot name a scenario file at all."""
    text = VALID + "scenarios:\n  s: opening.yaml\n"
    p = refused(text).first
    assert "folder" in p.message and p.loc.line == text.count("\n")


def test_a_symlink_loop_is_refused(game_dir: Path) -> None:
    """A scenario file that is a symlink loop is a located RulesError."""
    (game_dir / "a.yaml").symlink_to("b.yaml")
    (game_dir / "b.yaml").symlink_to("a.yaml")
    assert_refused_at_scenario(game_dir, "a.yaml")


def test_a_scenario_path_with_a_nul_byte_is_refused(game_dir: Path) -> None:
    """A scenario path with an embedded NUL is a located RulesError."""
    assert_refused_at_scenario(game_dir, '"a\\0b.yaml"')


@pytest.mark.parametrize("name", ["a" * 300 + ".yaml", "a/" * 3000 + "x.yaml"],
                         ids=["long-name", "deep-path"])
def test_a_scenario_path_too_long_for_the_os_is_refused(game_dir: Path, name: str) -> None:
    """A scenario file name longer than the OS allows is a located RulesError."""
    assert_refused_at_scenario(game_dir, name)


# ---------------------------------------------------- (f) no way to Python
ESCAPES = [
    ("actor.__class__", "__class__"),
    ("actor.__class__.__bases__", "__class__"),
    ("player.__class__", "__class__"),
    ("actor.owner.__dict__", "__dict__"),
    ("game.__class__", "__class__"),
    ("().__class__.__bases__", ""),
    ("(1, 2).__class__", "__class__"),
    ("[1].__class__", "__class__"),
    ("'x'.__class__", "__class__"),
    ("__import__('os')", "__import__"),
    ("__import__('os').system('echo hi')", "__import__"),
    ("eval('1')", "eval"),
    ("exec('1')", "exec"),
    ("open('/etc/passwd')", "open"),
    ("getattr(actor, 'hp')", "getattr"),
    ("globals()", "globals"),
    ("__builtins__", "__builtins__"),
    ("lambda: 1", ""),
    ("[x for x in cells()]", ""),
    ("actor.hp.real", "real"),
]


@pytest.mark.parametrize(("expr", "named"), ESCAPES)
def test_an_expression_cannot_reach_python(expr: str, named: str) -> None:
    """Attribute access to Python internals and calls of Python built-ins are compile-time RulesErrors at the expression."""
    text = VALID.replace("source: player", "source: player\n    when: ok")
    text = text.replace("entities:\n  x: {symbol: x}",
                        "entities:\n  x: {symbol: x, actions: [place], params: {hp: 1}}")
    text = text.replace("source: player\n    when: ok", f"source: entity\n    when: \"{expr}\"")
    error = refused(text)
    p = error.first
    assert p.loc.line == line_of(text, expr), p
    assert named in p.message, p


def test_the_escape_harness_accepts_a_plain_condition() -> None:
    """The same file with an ordinary entity condition compiles (the refusals above are about the expressions)."""
    text = VALID.replace("entities:\n  x: {symbol: x}",
                         "entities:\n  x: {symbol: x, actions: [place], params: {hp: 1}}")
    text = text.replace("source: player", 'source: entity\n    when: "actor.hp > 0"')
    assert "place" in compile_text(text, "plain.yaml").action_types


# ---------------------------------------------------------- (g) runaways
RUNAWAY_SECONDS = 20.0
"""A generous ceiling: the engine's bounds stop a runaway long before anything like a hang."""

RUNAWAY = """\
game: runaway
players: [a, b]
board: {{size: [3, 3]}}
entities:
  pawn:
    params: {{hp: {{default: 100, min: 0}}}}
    reactions: [{reactions}]
actions:
  go:
    source: player
    effects:
{effects}
reactions:
  spite:
    on: damaged
    source: game
    automatic: true
    when: "exists(event.target)"
    effects:
      - damage: {{to: event.target, amount: 1}}
  echo:
    on: damaged
    stage: done
    automatic: true
    when: "event.target == actor"
    effects:
      - damage: {{to: actor, amount: 1}}
triggers:
  again:
    on: ping
    effects:
      - emit: {{event: ping}}
flow:
  phases:
    - name: p
      actions: [go]
setup:
  entities:
    - {{type: pawn, owner: a, at: [0, 0]}}
"""


@pytest.mark.parametrize(("effects", "reactions"), [
    ("      - emit: {event: ping}", ""),                                 # trigger re-emits
    ("      - damage: {to: \"occupant((0, 0))\", amount: 1}", ""),      # game reaction loop
    ("      - damage: {to: \"occupant((0, 0))\", amount: 1}", "echo"),  # entity reaction loop
    ("      - perform: {action: go}", ""),                              # action performs itself
])
def test_a_runaway_rule_in_a_valid_file_ends_in_a_runaway_error(effects: str,
                                                                 reactions: str) -> None:
    """A trigger or reaction that re-triggers itself, or an action that performs itself, stops with RunawayError at play, not a hang."""
    text = RUNAWAY.format(effects=effects, reactions=reactions)
    if "damage" not in effects:
        text = text.replace("  spite:", "  unused:").replace("when: \"exists(event.target)\"",
                                                             "when: \"false\"")
    game = compile_text(text, "runaway.yaml")
    state = game.new_state(0)
    before = game.serialize(state)
    with time_limit(RUNAWAY_SECONDS), pytest.raises(RunawayError):
        game.apply(state, state.decision.actions[0])
    assert game.serialize(state) == before  # the state given to apply is left as it was


def test_a_loop_over_too_many_items_ends_in_a_runaway_error() -> None:
    """A for_each over more items than the loop bound stops with RunawayError."""
    text = RUNAWAY.format(effects='      - for_each: {as: c, in: "cells()", do: []}',
                          reactions="").replace("size: [3, 3]", "size: [500, 500]")
    game = compile_text(text, "runaway.yaml")
    state = game.new_state(0)
    with time_limit(RUNAWAY_SECONDS), pytest.raises(RunawayError):
        game.apply(state, state.decision.actions[0])


def test_a_game_in_which_no_one_can_ever_act_ends_in_a_runaway_error() -> None:
    """A valid file whose only action can never be taken, with no end rule, stops with RunawayError instead of looping."""
    text = RUNAWAY.format(effects="      - emit: {event: ping}", reactions="")
    text = text.replace("    source: player\n", "    source: player\n    when: \"false\"\n")
    game = compile_text(text, "stuck.yaml")
    with time_limit(RUNAWAY_SECONDS), pytest.raises(RunawayError):
        game.new_state(0)


# ------------------------------------------------ (h) encodings and empty files
@pytest.mark.parametrize("raw", [
    b"game: caf\xe9\n",                               # Latin-1
    b"\xff\xfeg\x00a\x00m\x00e\x00",                  # UTF-16 with a byte-order mark
    b"game: ok\n\x80\x81\x82\n",                      # stray continuation bytes
    VALID.encode("utf-8")[:-3] + b"\xc3",             # a character cut in half
], ids=["latin-1", "utf-16", "stray-bytes", "cut-character"])
def test_a_file_that_is_not_utf8_is_a_located_error(tmp_path: Path, raw: bytes) -> None:
    """A rules file that is not UTF-8 is a RulesError at 1:1 of that file, by path and by folder."""
    path = tmp_path / "rules.yaml"
    path.write_bytes(raw)
    for where in (path, tmp_path):
        with pytest.raises(RulesError) as info:
            load_rules(where)
        p = info.value.first
        assert (p.loc.file, p.loc.line, p.loc.col) == (str(path), 1, 1)
        assert "UTF-8" in p.message


def test_a_scenario_file_that_is_not_utf8_is_a_located_error(game_dir: Path) -> None:
    """A scenario file that is not UTF-8 is a RulesError naming the scenario file."""
    (game_dir / "latin.yaml").write_bytes(b"entities: []\n# caf\xe9\n")
    write_rules(game_dir, "latin.yaml")
    with pytest.raises(RulesError) as info:
        load_rules(game_dir, "s")
    assert info.value.first.loc.file == str(game_dir / "latin.yaml")


@pytest.mark.parametrize("text", ["", "\n\n", "   \n", "# only a comment\n", "---\n", "...\n"])
def test_an_empty_file_is_a_located_error(tmp_path: Path, text: str) -> None:
    """An empty, blank, comment-only or empty-document file is a located RulesError, as text and on disk."""
    error = refused(text)
    assert any(w in error.first.message for w in ("empty", "mapping", "not valid YAML"))
    path = tmp_path / "rules.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as info:
        load_rules(path)
    assert info.value.first.loc.file == str(path)


@pytest.mark.parametrize("text", ["hello\n", "- a\n- b\n", "42\n", "a: 1\n---\nb: 2\n",
                                  "\x00\n", "game: [unclosed\n", "\ud800\n"])
def test_a_file_that_is_not_a_rules_mapping_is_a_located_error(text: str) -> None:
    """A scalar, a list, several documents, control characters or broken YAML are located RulesErrors."""
    refused(text)


def test_a_missing_file_is_a_located_error(tmp_path: Path) -> None:
    """Loading a path that does not exist is a RulesError naming it."""
    with pytest.raises(RulesError) as info:
        load_rules(tmp_path / "nope.yaml")
    assert info.value.first.loc.file == str(tmp_path / "nope.yaml")
    assert "cannot read" in info.value.first.message


# --------------------------------------------------------- (i) the validator
PROBLEM_LINE = re.compile(r"^(?P<file>.+):(?P<line>\d+):(?P<col>\d+): (?P<message>\S.*)$")


def test_validate_prints_one_located_problem_per_line_and_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`stratagem validate` on a broken file prints each problem as file:line:col: message and exits 1."""
    path = tmp_path / "broken.yaml"
    text = VALID.replace("longest_line(player) >= 3", "longest_lin(player) >= 3")
    text = text.replace("max_actions: 1", "max_actions: many").replace("flow:", "flo:\n  x: 1\nflow:")
    path.write_text(text, encoding="utf-8")
    code, out, err = run_cli(capsys, "validate", str(path))
    assert code == 1
    assert out == ""
    lines = err.strip().splitlines()
    assert lines and "Traceback" not in err
    for line in lines:
        m = PROBLEM_LINE.match(line)
        assert m is not None, line
        assert m["file"] == str(path)
        assert 1 <= int(m["line"]) <= text.count("\n") + 1 and int(m["col"]) >= 1
    assert any("unknown section `flo`" in line for line in lines)


def test_validate_reports_every_problem_of_a_file(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """`stratagem validate` prints as many lines as the RulesError has problems, in order."""
    path = tmp_path / "broken.yaml"
    path.write_text(VALID.replace("count(cells(empty: true)) == 0", "cont(cells()) == 0")
                    .replace("{position: empty}", "{position: empt}"), encoding="utf-8")
    with pytest.raises(RulesError) as info:
        compile_rules(path)
    code, _, err = run_cli(capsys, "validate", str(path))
    assert code == 1
    assert err.strip().splitlines() == [str(p) for p in info.value.problems]
    assert len(info.value.problems) == 2


def test_validate_prints_a_one_line_summary_for_a_valid_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`stratagem validate` on a valid file or folder prints one summary line each and exits 0."""
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "rules.yaml").write_text(VALID, encoding="utf-8")
    code, out, err = run_cli(capsys, "validate", str(TIC_TAC_TOE), str(folder))
    assert (code, err) == (0, "")
    lines = out.strip().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"{TIC_TAC_TOE}: ok — tic_tac_toe: ")
    assert lines[1].startswith(f"{folder}: ok — tic_tac_toe: ")
    assert "phases: play" in lines[0]


def test_validate_checks_every_path_and_fails_if_any_fails(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With a valid and a broken path, validate summarises one, lists the other's problems and exits 1."""
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: [\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "validate", str(broken), str(TIC_TAC_TOE),
                             str(tmp_path / "missing.yaml"))
    assert code == 1
    assert out.count(": ok — ") == 1
    err_lines = err.strip().splitlines()
    assert [PROBLEM_LINE.match(line)["file"] for line in err_lines] == [  # type: ignore[index]
        str(broken), str(tmp_path / "missing.yaml")]


def test_validate_without_a_path_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """`stratagem validate` with no path exits 2."""
    code, _, _ = run_cli(capsys, "validate")
    assert code == 2


@pytest.mark.parametrize("key", ["[/x]", "[bold]k", "[link=http://e.com]k", ":smile:k"])
def test_validate_prints_problem_text_verbatim(tmp_path: Path, key: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A problem whose text looks like console markup is printed as written, not interpreted."""
    path = tmp_path / "markup.yaml"
    path.write_text(VALID + f'"{key}": 1\n', encoding="utf-8")
    with pytest.raises(RulesError) as info:
        compile_rules(path)
    code, _, err = run_cli(capsys, "validate", str(path))
    assert code == 1
    assert err.strip().splitlines() == [str(p) for p in info.value.problems]


def test_validate_takes_a_bundled_game_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    """`stratagem validate skirmish` checks the bundled game's rules file, as `play skirmish`
    plays it; a game written in Python is said to have none; a name that is neither a file nor
    a bundled game is one line, with the bundled name it is closest to."""
    code, out, err = run_cli(capsys, "validate", "skirmish", "duel")
    assert code == 0, err
    assert out.splitlines()[0].startswith("skirmish: ok — skirmish: 5 entity types")
    assert out.splitlines()[1] == "duel: ok — a bundled game written in Python (no rules file)"
    code, out, err = run_cli(capsys, "validate", "skirmsh", "pig")
    assert code == 1
    assert err.strip() == "skirmsh: no such file or folder; did you mean the bundled game 'skirmish'?"
    assert out.startswith("pig: ok — pig:")


def test_a_folder_without_rules_yaml_is_told_what_a_game_folder_holds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`stratagem validate FOLDER` on a folder whose rules file has another name says what a
    game folder keeps and names the YAML file there (it said only "cannot read the file")."""
    (tmp_path / "mine.yaml").write_text("game: g\n")
    code, _, err = run_cli(capsys, "validate", str(tmp_path))
    assert code == 1
    assert err.strip() == (f"{tmp_path}:1:1: a game folder keeps its rules in `rules.yaml` "
                           "(and the rules in words in `README.md`); this one has none — name "
                           f"the file: {tmp_path / 'mine.yaml'}")
