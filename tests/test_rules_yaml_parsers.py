"""Rules files are read by ruamel's C parser (libyaml) where ruamel.yaml.clib is installed, and
by ruamel's pure scanner and parser where it is not. Both feed the same composer and walker,
so a file reads to the same tree, every value at the same place; a text libyaml refuses (it
reads YAML 1.1) is read again by the pure parser, so what is accepted, and how a broken file
is refused, do not depend on which parser is installed."""

from __future__ import annotations

import pytest
from ruamel.yaml.error import YAMLError

from stratagem.games import rules_path
from stratagem.rules import RulesError, source
from stratagem.rules.source import Node

pytestmark = pytest.mark.skipif(source.CParser is None, reason="ruamel.yaml.clib is not installed")


def read(text: str, pure: bool) -> Node:
    return source.parse_yaml(text, "f.yaml", pure=pure)


def flat(node: Node, path: str = "") -> list[tuple[str, object, object, object, object]]:
    """Every value of a tree with its path, place, style and span, in file order."""
    span = (node.span.start, node.span.end) if node.span else None
    here: list[tuple[str, object, object, object, object]] = []
    if node.is_map:
        here.append((path, "{}", node.loc, list(node.key_locs.items()), span))
        for key, child in node.value.items():
            here += flat(child, f"{path}.{key}")
    elif node.is_list:
        here.append((path, "[]", node.loc, None, span))
        for i, child in enumerate(node.value):
            here += flat(child, f"{path}[{i}]")
    else:
        here.append((path, (type(node.value), node.value), node.loc, node.style, span))
    return here


ODD = """\ufeffgame: odd
folded: >
  two
  lines
literal: |
  kept
  as is
quoted: ["a", 'b', "é\\u00e9", plain words]
numbers: [1, -2, 0x1F, 0o17, 017, 1_000, 1.5e3, 1:30, .5]
truths: [true, True, yes, no, on, null, ~, 2024-01-01]
anchors: {a: &x [1, 2], b: *x}
empty:
crlf: [1,\r\n  2]\r\nafter: x
"""


@pytest.mark.parametrize("name", ["pig", "skirmish", "court_letters"])
def test_a_bundled_game_reads_to_the_same_tree_either_way(name: str) -> None:
    path = rules_path(name)
    assert path is not None
    text = path.read_text(encoding="utf-8")
    assert flat(read(text, pure=False)) == flat(read(text, pure=True))


def test_odd_scalars_read_the_same_either_way() -> None:
    c, pure = flat(read(ODD, pure=False)), flat(read(ODD, pure=True))
    assert c == pure
    values = dict((path, value) for path, value, *_ in c)
    assert values[".numbers[4]"] == (int, 17)  # YAML 1.2: 017 is decimal
    assert values[".truths[2]"] == (str, "yes")
    assert values[".folded"] == (str, "two lines\n")


BROKEN = [
    ("a:\n\tb: 1\n", "f.yaml:2:1: not valid YAML: found character '\\t' that cannot start any token"),
    ("a: [1: 2: 3]\n", "f.yaml:1:9: not valid YAML: expected ',' or ']', but got ':'"),
    ("a: !!python/object x\n", "f.yaml:1:4: YAML tag `!!python/object` is not allowed"),
    ("a: x\n  b: y\n", "f.yaml:2:4: not valid YAML: mapping values are not allowed"),
    ("a: *nowhere\n", "f.yaml:1:4: not valid YAML: found undefined alias"),
    ("a: " + "[" * 200 + "\n", "f.yaml:1:69: nesting deeper than 64 levels"),
    ("a: 1\na: 2\n", "f.yaml:2:1: key `a` appears twice"),
]


@pytest.mark.parametrize(("text", "start"), BROKEN)
def test_a_broken_file_is_refused_at_the_same_place_either_way(text: str, start: str) -> None:
    said = []
    for pure in (False, True):
        with pytest.raises(RulesError) as info:
            read(text, pure)
        said.append(str(info.value))
    assert said[0] == said[1]
    assert said[0].startswith(start)


def test_what_yaml_1_2_allows_and_libyaml_refuses_is_still_read() -> None:
    """A colon inside a plain scalar in brackets (`[1:30]`) is YAML 1.2, refused by libyaml."""
    text = "game: clock\ntimes: [1:30, a:b]\n"
    with pytest.raises(YAMLError):
        source._compose(text, pure=False)
    assert flat(read(text, pure=False)) == flat(read(text, pure=True))
    assert [n.value for n in read(text, pure=False).value["times"].value] == ["1:30", "a:b"]  # YAML 1.2 has no base 60


def test_a_yaml_1_1_directive_reads_plain_scalars_as_1_1_either_way() -> None:
    text = "%YAML 1.1\n---\ngame: old\nread: [yes, 1:30, 017]\n"
    assert flat(read(text, pure=False)) == flat(read(text, pure=True))
    assert [n.value for n in read(text, pure=False).value["read"].value] == [True, 90, 17]  # (017 is read as decimal either way)


def test_a_deep_flow_nesting_of_two_megabytes_is_refused_at_once() -> None:
    text = "a: " + "[" * 1_900_000
    with pytest.raises(RulesError, match="nesting deeper than 64 levels"):
        source.parse_yaml(text, "f.yaml")


def test_a_control_character_and_a_lone_surrogate_are_located() -> None:
    for char in ("\x01", "\ud800"):
        with pytest.raises(RulesError) as info:
            source.parse_yaml(f"a: 1\nb: {char}\n", "f.yaml")
        code = f"{ord(char):04x}"
        assert str(info.value) == f"f.yaml:2:4: not valid YAML: the character #x{code} is not allowed in YAML"


def test_a_good_file_is_read_by_the_c_parser() -> None:
    composer = source._Loader("a: 1\n", pure=False)._composer
    assert composer is not None
    assert isinstance(composer.parser, source.CParser)
    root, _ = source._compose("a: [1, 2]\n", pure=False)
    assert root is not None


@pytest.mark.parametrize("brk", ["\x85", "\u2028", "\u2029"])
def test_a_line_separator_in_a_value_keeps_every_later_place_where_an_editor_shows_it(
        brk: str) -> None:
    """libyaml counts NEL and the Unicode line and paragraph separators as line breaks
    (YAML 1.1); editors and YAML 1.2 do not, so a text holding one is read by the pure
    parser, and a place after it is on the line an editor shows (the rules fuzz: an error
    named the line above the one it meant)."""
    text = f"game: '{brk}  g'\nreactions:\n  pity:\n    automatic: g\n"
    node = read(text, pure=False).get("reactions").get("pity").get("automatic")
    assert (node.loc.line, node.loc.col) == (4, 16)
    assert text.split("\n")[3][15:] == "g"
