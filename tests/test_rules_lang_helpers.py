"""The expression language's helpers: `let`, the game's own functions (`define:`), lists
joined and mapped, sorting by a key, and values as words (`text`, `format`, `+`)."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from rules_helpers import build, problems, q
from stratagem.engine.actions import Value

HERE = Path(__file__).parent
GAME = """\
game: lang
players: [north, south]
zones:
  hand: owner
entities:
  card:
    params: {value: {default: 1, min: 0, max: 9}}
define:
DEFINES
setup:
  effects:
    - spawn: {type: card, owner: "players()[0]", zone: hand, params: {value: 4}}
    - spawn: {type: card, owner: "players()[0]", zone: hand, params: {value: 7}}
    - spawn: {type: card, owner: "players()[1]", zone: hand, params: {value: 2}}
    - remember: {key: v, value: EXPR}
actions:
  pass: {passes: true}
flow:
  phases: [{name: play, actions: [pass]}]
"""


def rules(expr: str, defines: str = "") -> str:
    lines = defines.strip().splitlines() or ['  nothing: "0"']
    return GAME.replace("DEFINES", "\n".join("  " + ln.strip() for ln in lines)).replace(
        "EXPR", q(expr))


def value(expr: str, defines: str = "") -> Value:
    """What ``expr`` gives at setup, in a game with the defines given."""
    return build(rules(expr, defines)).new_state(seed=0).memory["v"]


def test_let_binds_names_for_the_later_bindings_and_the_body() -> None:
    """`let a = x, b = y; body` names values in order; each binding sees the ones before."""
    assert value("let a = 2, b = a * 3; a + b") == 8
    assert value("let h = zone(players()[0], 'hand'); count(h) > 1") is True
    assert value("let a = 1; let a = a + 1; a") == 2  # an inner let shadows an outer one


def test_let_errors_are_located() -> None:
    """An unknown name in a let's body, or a let named as a function, is reported where
    it stands."""
    found = problems(rules("let a = 1; b + a"))
    assert any("unknown name `b`" in p for p in found), found
    found = problems(rules("let count = 1; count"))
    assert any("`count` is a function" in p for p in found), found


def test_defines_are_called_with_arguments_by_place_or_name() -> None:
    """A define's parameters take the arguments given by place or by name, and a define
    may call the others, written before or after it."""
    defines = """
    total(p): "sum(hand_of(p), of: it.value)"
    hand_of(p): "zone(p, 'hand')"
    has_card(p, v): "any(hand_of(p), where: it.value == v)"
    pi: "3"
    """
    assert value("total(0) + total(p: 1)", defines) == 13
    assert value("[has_card(0, 7), has_card(1, 7), has_card(v: 2, p: 1)]", defines) == (True, False, True)
    assert value("pi * 2", defines) == 6


def test_a_define_names_an_entity_type_bare_or_quoted() -> None:
    """Inside a define an entity type is a name, as anywhere else (`entities(type: card)`),
    though the `entities:` section comes later in the rules."""
    defines = """
    kind: "card"
    placed: "count(entities(type: card)) + count(entities(type: 'card'))"
    """
    assert value("[kind, placed]", defines) == ("card", 0)  # the cards are in hands


def test_an_unknown_name_in_a_define_lists_only_the_names_it_may_use() -> None:
    """A misspelt type is matched against the types; the names listed are those usable in
    a define (not `player` and `actor`, which it refuses)."""
    found = problems(rules("1", 'f(a): "count(entities(type: cardd)) + a"'))
    assert any("unknown name `cardd` — did you mean `card`?" in p for p in found), found
    found = problems(rules("1", 'f(a): "zz + a"'))
    (said,) = [p for p in found if "unknown name `zz`" in p]
    assert "names here: a" in said and "player" not in said and "actor" not in said


@pytest.mark.parametrize(("defines", "expr", "says"), [
    ('f(a, b): "a + b"', "f(1)", "f() needs `b`"),
    ('f(a, b): "a + b"', "f(1, 2, 3)", "f() takes 2 arguments"),
    ('f(a): "a"', "f(b: 1)", "f() has no parameter `b`"),
    ('f(a): "a + c"', "1", "unknown name `c`"),
    ('f(a): "f(a)"', "1", "define `f` calls itself"),
    ('f(a): "g(a) + 1"\n    g(a): "h(a)"\n    h(a): "f(a)"', "1",
     "define `f` calls itself through `g` → `h`"),
    ('count(a): "a"', "1", "`count` is a function of the library"),
    ('f(a): "actor.hp"', "1", "`actor` is not known inside a define"),
    ('"f(p: planet)": "p"', "1", "unknown type `planet`"),
    ('"f(p: player)": "p"', "f((1, 2))", "`p` is a player"),
    ('f(a): "a"', "g(1)", "unknown function `g`"),
])
def test_define_problems_are_reported_at_load(defines: str, expr: str, says: str) -> None:
    """Arity, unknown names, recursion and clashes with the library are load errors, each
    located in the file."""
    found = problems(rules(expr, defines))
    assert any(says in p for p in found), found
    assert all(p.startswith("rules.yaml:") for p in found), found


def test_lists_join_map_filter_and_sort() -> None:
    """`+` joins lists; `map`, `filter`, `sorted` (by a key, either way, stable) and
    `range` give new lists."""
    assert value("[1, 2] + [3]") == [1, 2, 3]
    assert value("map(range(1, 4), to: it * it)") == [1, 4, 9]
    assert value("filter(range(0, 10), where: it % 4 == 0)") == [0, 4, 8]
    assert value("sorted([3, 1, 2])") == [1, 2, 3]
    assert value("sorted([3, 1, 2], descending: true)") == [3, 2, 1]
    assert value("map(sorted(zone(players()[0], 'hand') + zone(players()[1], 'hand'), by: it.value), to: it.value)") \
        == [2, 4, 7]
    # equal keys keep their order, ascending and descending
    assert value("sorted([13, 21, 12, 24], by: it % 10)") == [21, 12, 13, 24]
    assert value("sorted([13, 21, 12, 24], by: it % 10, descending: true)") == [24, 13, 12, 21]
    assert value("sum(range(1, 5))") == 10
    assert value("any([1, 5], where: it > 4)") is True


def test_values_as_words() -> None:
    """`text` gives a player's name, an entity's type and number, a position without a
    tuple's look; `format` and `+` build sentences from them."""
    assert value("text(0)") == "0"
    assert value("text(players()[1])") == "south"  # an item of a list of players
    assert value("text([0, 1][1])") == "1"  # an item of a list of numbers
    assert value("text((6, 7))") == "(6, 7)"
    assert value("text(2.0) + ' and ' + text(2.5)") == "2 and 2.5"
    assert value("text(zone(players()[1], 'hand')[0])") == "card #3"
    assert value("format('{a} has {n}', a: find(players(), where: it == 1), n: 3)") \
        == "south has 3"
    assert value("format('{a} has {n}', a: find([0, 1], where: it == 1), n: 3)") == "1 has 3"
    assert value("'seat ' + text(count(players()))") == "seat 2"
    defines = '"name_of(p: player)": "text(p)"'
    assert value("name_of(players()[1])", defines) == "south"


@pytest.mark.parametrize(("expr", "says"), [
    ("'a' + 3", "`+` joins a text to a text, not to a number"),
    ("[1] + 3", "`+` joins a list to a list, not to a number"),
    ("format('{a} {b}', a: 1)", "the template names `{b}`"),
    ("format('{a}', a: 1, b: 2)", "the template has no `{b}`"),
    ("format('{a}', 1)", "format() takes its values by name"),
    ("format(text(1), a: 1)", "format()'s template must be a text written in the rules"),
])
def test_text_problems_are_reported_at_load(expr: str, says: str) -> None:
    """Joining a text to a number, and a template whose placeholders and arguments do not
    match, are load errors."""
    found = problems(rules(expr))
    assert any(says in p for p in found), found


def test_the_helpers_game_plays() -> None:
    """The test game written with helpers plays, and its sentences name players."""
    game = stratagem.load(str(HERE / "rules_lang" / "helpers_game.yaml"))
    state = game.new_state(seed=1)
    state = game.apply(state, game.legal_actions(state)[0])
    assert state.memory["last"] == "north holds 2 cards, best 5"
    assert state.memory["order"] == "5, 3"
    assert state.players[0].params["score"] == 8
