"""Error reporting of the rules compiler: for each kind of designer mistake, the exact
``file:line:column``, message and hint.

Each test starts from ``BASE``, a valid rules file, and breaks it in one place. The
expected line and column are computed from the broken text itself (``at``), so a
problem must point at the very characters that are wrong.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from stratagem.rules import RulesError, compile_text, load_rules
from stratagem.rules.errors import Loc, Problem

FILE = "bad.yaml"

BASE = """\
game: errors
players: [red, blue]
board:
  size: [4, 4]
zones: {hand: public, discard: public}
statuses:
  poisoned: {duration: 2}
entities:
  knight:
    params: {hp: {default: 5, min: 0, max: 5}}
    actions: [strike]
    reactions: [parry]
actions:
  strike:
    targets:
      target: {entity: enemy}
    effects:
      - damage: {to: target, amount: 1}
  shout:
    source: player
reactions:
  parry:
    on: damaged
    effects:
      - set_event: {field: amount, to: 0}
flow:
  phases:
    - name: main
      actions: [strike, shout]
setup:
  entities:
    - {type: knight, owner: red, at: [0, 0]}
    - {type: knight, owner: blue, at: [3, 3]}
"""


def sub(old: str, new: str, text: str = BASE) -> str:
    """``text`` with the first ``old`` replaced by ``new`` (which must be there)."""
    assert old in text, old
    return text.replace(old, new, 1)


def at(text: str, needle: str, after: str = "") -> str:
    """``FILE:line:col`` of the first ``needle`` in ``text`` (after the first ``after``)."""
    start = text.index(after) if after else 0
    offset = text.index(needle, start)
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"{FILE}:{line}:{col}"


def report(text: str) -> list[str]:
    """Every problem reported for ``text``, as its ``str``."""
    with pytest.raises(RulesError) as err:
        compile_text(text, FILE)
    assert str(err.value) == "\n".join(str(p) for p in err.value.problems)
    return [str(p) for p in err.value.problems]


def only(text: str) -> str:
    """The one problem reported for ``text``."""
    found = report(text)
    assert len(found) == 1, found
    return found[0]


# ----------------------------------------------------------------- basics
def test_the_base_file_and_the_bundled_game_compile_without_problems() -> None:
    """A valid rules file raises nothing, as text and as a bundled file on disk."""
    game = compile_text(BASE, FILE)
    assert game.name == "errors" and game.players == ("red", "blue")
    bundled = Path(__file__).parents[1] / "src/stratagem/games/tic_tac_toe/rules.yaml"
    assert load_rules(bundled).name == "tic_tac_toe"


def test_a_problem_prints_as_file_line_column_message_and_hint() -> None:
    """`str(problem)` is `file:line:col: message — hint`, without the dash when there is no hint."""
    assert str(Problem(Loc("a.yaml", 3, 7), "oops", "try this")) == "a.yaml:3:7: oops — try this"
    assert str(Problem(Loc("a.yaml", 3, 7), "oops")) == "a.yaml:3:7: oops"


def test_problems_carry_structured_locations() -> None:
    """Each problem exposes `loc` (file, 1-based line and column), `message` and `hint` separately."""
    text = sub("- damage:", "- damge:")
    with pytest.raises(RulesError) as err:
        compile_text(text, FILE)
    p = err.value.first
    line, col = at(text, "damge").split(":")[1:]
    assert p.loc == Loc(FILE, int(line), int(col))
    assert p.message == "unknown effect `damge`"
    assert p.hint == "did you mean `damage`?"


# --------------------------------------------------------------- sections
def test_unknown_section_suggests_the_closest_one() -> None:
    """An unknown top-level key is reported at the key, with the closest section name."""
    text = sub("zones:", "zoens:")
    assert only(text) == f"{at(text, 'zoens')}: unknown section `zoens` — did you mean `zones`?"


def test_unknown_section_with_nothing_close_lists_the_sections() -> None:
    """An unknown section with no near match lists every section instead."""
    text = sub("zones:", "zzz: 1\nzones:")
    assert only(text).startswith(f"{at(text, 'zzz')}: unknown section `zzz` — sections: game, "
                                 "description, players,")


def test_a_stray_section_is_reported_with_the_problems_of_the_others() -> None:
    """A section the rules do not know and that misspells none they lack (`colour`) does
    not stop the compilation: the mistakes in the other sections come with it."""
    text = sub("zones:", "colour: green\nzones:")
    text = sub("- damage:", "- damge:", text)
    found = sorted(report(text), key=lambda line: "colour" not in line)
    assert len(found) == 2
    assert found[0].startswith(f"{at(text, 'colour')}: unknown section `colour` — sections: ")
    assert found[1] == f"{at(text, 'damge')}: unknown effect `damge` — did you mean `damage`?"


def test_missing_game_players_and_flow_are_all_reported() -> None:
    """A file without `game`, `players` and `flow` gets one problem for each, at its start."""
    assert report("description: nothing else\n") == [
        f"{FILE}:1:1: the rules need a `game` section",
        f"{FILE}:1:1: the rules need a `players` section",
        f"{FILE}:1:1: the rules need a `flow` section",
    ]


def test_a_file_that_is_not_a_mapping_or_empty_is_refused() -> None:
    """A list at the top, or an empty file, is refused with a sentence saying what a rules file is."""
    assert only("- game\n").startswith(f"{FILE}:1:1: a rules file must be a mapping of sections")
    assert only("") == f"{FILE}:1:1: the file is empty"


# ------------------------------------------------------------ unknown keys
@pytest.mark.parametrize(("old", "new", "key", "message", "hint"), [
    ("    targets:\n", "    tragets:\n", "tragets", "unknown key `tragets` in action `strike`",
     "did you mean `targets`?"),
    ("{entity: enemy}", "{entity: enemy, form: x}", "form", "unknown key `form` in target `target`",
     "did you mean `from`?"),
    ("amount: 1}", "amount: 1, knd: melee}", "knd", "unknown key `knd` in `damage`",
     "did you mean `kind`?"),
    ("    on: damaged\n", "    on: damaged\n    wen: true\n", "wen",
     "unknown key `wen` in reaction `parry`", "did you mean `when`?"),
    ("    - name: main\n", "    - name: main\n      oder: alternate\n", "oder",
     "unknown key `oder` in a phase", "did you mean `order`?"),
    ("- {type: knight, owner: red, at: [0, 0]}", "- {type: knight, ownr: red, at: [0, 0]}", "ownr",
     "unknown key `ownr` in a placement", "did you mean `owner`?"),
], ids=["action", "target", "effect", "reaction", "phase", "placement"])
def test_unknown_key_is_reported_at_the_key_with_a_suggestion(old: str, new: str, key: str,
                                                              message: str, hint: str) -> None:
    """A misspelt key in an action, target, effect, reaction, phase or placement points at the key and suggests the right one."""
    text = sub(old, new)
    assert f"{at(text, key)}: {message} — {hint}" in report(text)


@pytest.mark.parametrize(("target", "needle", "message"), [
    ("{entity: enemy, on_board: column}", "column",
     "`on_board` is for number targets; target `target` is of kind entity — leave it out"),
    ('{kind: number, from: "[0, 1]", on_board: diagonal}', "diagonal",
     "unknown `on_board` value `diagonal` — column or row"),
], ids=["not-a-number", "unknown-line"])
def test_on_board_is_a_column_or_row_of_a_number_target(target: str, needle: str,
                                                        message: str) -> None:
    """The interface hint `on_board` fits number targets only, and names a column or row."""
    text = sub("target: {entity: enemy}", f"target: {target}")
    if "number" in target:
        text = sub("damage: {to: target, amount: 1}", "damage: {to: actor, amount: target}", text)
    assert only(text) == f"{at(text, needle)}: {message}"


def test_unknown_key_with_nothing_close_lists_the_keys() -> None:
    """An unknown key with no near match lists the keys that are allowed."""
    text = sub("amount: 1}", "amount: 1, zzz: 1}")
    assert only(text) == (f"{at(text, 'zzz')}: unknown key `zzz` in `damage` — "
                          "keys: to, amount, source, kind, param")


def test_a_missing_required_key_is_reported_at_the_mapping() -> None:
    """An effect without a required key says which key it needs, at the effect's mapping."""
    text = sub("{to: target, amount: 1}", "{to: target}")
    assert only(text) == f"{at(text, '{to: target}')}: `damage` needs `amount`"


# --------------------------------------------------------- unknown effects
def test_unknown_effect_suggests_the_closest_effect() -> None:
    """A misspelt effect name is reported at the name with `did you mean`."""
    text = sub("- damage:", "- damge:")
    assert only(text) == f"{at(text, 'damge')}: unknown effect `damge` — did you mean `damage`?"


def test_an_effect_that_is_not_a_one_key_mapping_is_explained() -> None:
    """An effect written as a bare word is reported with an example of the right shape."""
    text = sub("- damage: {to: target, amount: 1}", "- damage")
    assert only(text) == (f"{at(text, 'damage', after='effects:')}: an effect is a mapping with "
                          "one key, its name — for example `- damage: {to: target, amount: 3}`")


def test_an_effect_without_its_mapping_shows_the_example() -> None:
    """An effect given a scalar where it needs keys is reported with its example."""
    text = sub("- damage: {to: target, amount: 1}", "- damage: target")
    assert only(text) == (f"{at(text, 'target', after='damage:')}: `damage` takes a mapping with "
                          "to, amount, source, kind, param — example: damage: {to: target, "
                          "amount: dmg, kind: melee}")


# ----------------------------------------------------------- expressions
EXPR_LINES = {
    "plain": "          amount: 1 + distanc(actor, target)\n",
    "single-quoted": "          amount: '1 + distanc(actor, target)'\n",
    "double-quoted": "          amount: \"1 + distanc(actor, target)\"\n",
}


@pytest.mark.parametrize("style", list(EXPR_LINES))
def test_unknown_function_points_at_its_name_in_every_scalar_style(style: str) -> None:
    """The column of an unknown function is exact in plain, single- and double-quoted scalars."""
    text = sub("      - damage: {to: target, amount: 1}\n",
               "      - damage:\n          to: target\n" + EXPR_LINES[style])
    line = EXPR_LINES[style]
    assert only(text) == f"{at(text, 'distanc')}: unknown function `distanc` — did you mean `distance`?"
    assert only(text).split(":")[2] == str(line.index("distanc") + 1)


def test_unknown_name_suggests_a_name_in_scope() -> None:
    """A misspelt name is reported where it stands, suggesting a name known there."""
    text = sub("to: target,", "to: targt,")
    assert only(text) == f"{at(text, 'targt')}: unknown name `targt` — did you mean `target`?"


def test_unknown_name_with_nothing_close_lists_the_names_in_scope() -> None:
    """An unknown name with no near match lists the names the expression may use."""
    text = sub("amount: 1}", "amount: zzz}")
    assert only(text) == f"{at(text, 'zzz')}: unknown name `zzz` — names here: actor, player, target"


def test_a_function_used_as_a_name_says_how_to_call_it() -> None:
    """A library function written without parentheses gets a hint to call it."""
    text = sub("amount: 1}", "amount: distance}")
    assert only(text) == (f"{at(text, 'distance}')}: unknown name `distance` — `distance` is a "
                          "function: call it as `distance(...)`")


def test_library_argument_problems_name_the_signature() -> None:
    """A missing argument is reported with the function's signature as hint."""
    text = sub("amount: 1}", "amount: \"distance(actor)\"}")
    assert only(text) == (f"{at(text, 'actor)')}: distance() needs `b` — signature: "
                          "distance(a: any, b: any) -> number")


def test_a_target_used_before_it_is_chosen() -> None:
    """A target's condition naming a later target is refused: targets are chosen in order."""
    text = sub("      target: {entity: enemy}\n",
               "      cell: {position: empty, where: \"distance(cell, target) < 2\"}\n"
               "      target: {entity: enemy}\n")
    assert only(text) == (f"{at(text, 'target) < 2')}: `target` is used before it is chosen "
                          "(targets are chosen in order)")


def test_actor_in_a_player_action_explains_why_there_is_none() -> None:
    """`actor` in a player action is reported with how to make it an entity action."""
    text = sub("    source: player\n", "    source: player\n    when: \"actor.hp > 0\"\n")
    assert only(text) == (f"{at(text, 'actor.hp')}: `actor` is not known: `shout` is a player "
                          "action (no entity type lists it); list it in an entity's `actions` "
                          "or say `source: entity`")


@pytest.mark.parametrize(("old", "new"), [
    ("amount: 1}", "amount: actor.hpp}"),
    ("- damage: {to: target, amount: 1}", "- set: {what: target.hpp, to: 1}"),
    ("- damage: {to: target, amount: 1}", "- modify: {what: 'target.hpp', by: 1}"),
], ids=["expression", "set", "modify-quoted"])
def test_unknown_parameter_points_at_it_and_suggests_the_known_one(old: str, new: str) -> None:
    """`.hpp` is reported at the parameter's name with `did you mean hp`, in expressions and in `what:`."""
    text = sub(old, new)
    assert only(text) == (f"{at(text, 'hpp')}: no entity type has a parameter `hpp` — "
                          "did you mean `hp`?")


def test_unknown_player_parameter_and_game_attribute() -> None:
    """Players and `game` only have their own attributes: the wrong ones are suggested against."""
    text = sub("amount: 1}", "amount: \"player.gld + game.rnd\"}")
    text = sub("zones:", "player:\n  gold: 1\nzones:", text)
    with pytest.raises(RulesError) as err:
        compile_text(text, FILE)
    assert str(err.value.first) == (f"{at(text, 'gld')}: players have no parameter `gld` — "
                                    "did you mean `gold`?")
    text = sub("amount: 1}", "amount: game.rnd}")
    assert only(text) == f"{at(text, 'rnd')}: `game` has no `rnd` — did you mean `round`?"


def test_event_outside_a_reaction_and_a_missing_event_field() -> None:
    """`event` is refused outside reactions and triggers; a wrong field is suggested against."""
    text = sub("amount: 1}", "amount: event.amount}")
    assert only(text) == (f"{at(text, 'event.amount')}: `event` is only known in reactions "
                          "and triggers")
    text = sub("to: 0}", "to: event.amont}")
    assert only(text) == (f"{at(text, 'amont')}: the event has no field `amont` — "
                          "did you mean `amount`?")


def test_dice_compared_without_rolling() -> None:
    """Comparing dice, or using dice as a number, asks for a `roll` first."""
    text = sub("    source: player\n", "    source: player\n    when: \"1 + 2d6 > 7\"\n")
    assert only(text) == (f"{at(text, '1 + 2d6')}: `1 + 2d6` is a dice roll; roll it first — "
                          "bind it with `roll: {as: name, dice: ...}` and compare the name")
    text = sub("amount: 1}", "amount: 2d6}")
    assert only(text) == (f"{at(text, '2d6')}: `2d6` is a dice roll; roll it with `roll:` first "
                          "— bind it with `roll: {as: name, dice: ...}` and use the name")


def test_dice_outside_their_bounds_are_refused() -> None:
    """Too many dice, or keeping more dice than rolled, is reported at the dice."""
    text = sub("      - damage: {to: target, amount: 1}\n",
               "      - roll: {as: r, dice: 1 + 200d6}\n")
    assert only(text) == f"{at(text, '200d6')}: `200d6`: at most 100 dice of at most 1000 sides"
    text = sub("      - damage: {to: target, amount: 1}\n",
               "      - roll: {as: r, dice: 2d6kh3}\n")
    assert only(text) == f"{at(text, '2d6kh3')}: `2d6kh3`: cannot keep 3 of 2 dice"


def test_constant_division_by_zero_is_reported_at_the_operator() -> None:
    """Dividing two constants by zero is caught at load, at the operator."""
    text = sub("amount: 1}", "amount: \"1 / 0\"}")
    assert only(text) == f"{at(text, '/ 0')}: division by zero"


@pytest.mark.parametrize(("expr", "bad", "message"), [
    ("1 + * 2", "* 2", "unexpected `*` in expression `1 + * 2`"),
    ("target.hp >> 2", "> 2", "unexpected `>` in expression `target.hp >> 2`"),
    ("1 $ 2", "$ 2", "cannot read `$ 2` in expression `1 $ 2`"),
    ("max([1, 2)", ")", "unexpected `)` in expression `max([1, 2)`"),
])
def test_unparsable_expression_points_at_the_problem(expr: str, bad: str, message: str) -> None:
    """A syntax error in an expression is reported at the first character that cannot be read."""
    text = sub("amount: 1}", f"amount: \"{expr}\"}}")
    assert only(text) == f"{at(text, bad, after=expr)}: {message}"


def test_an_unfinished_expression_points_at_its_last_token() -> None:
    """An expression that stops too soon is reported at its last token, as an unexpected end."""
    text = sub("amount: 1}", "amount: \"(1 + 2\"}")
    assert only(text) == f"{at(text, '2', after='(1 +')}: unexpected end in expression `(1 + 2`"


@pytest.mark.parametrize("indicator", ["|", ">", "|-", ">+", "|2"])
def test_a_multi_line_block_expression_points_at_the_offending_text(indicator: str) -> None:
    """An expression in a literal or folded block is reported at the offending text, on its own line."""
    text = sub("    source: player\n", f"    source: player\n    when: {indicator}\n"
               "      1 >\n        distanc(1, 2)\n")
    assert only(text) == (f"{at(text, 'distanc')}: unknown function `distanc` — "
                          "did you mean `distance`?")


@pytest.mark.parametrize("written", [
    "1 >\n      distanc(1, 2)",                   # plain, folded onto one line
    "'1 >\n      distanc(1, 2)'",                 # single-quoted
    "\"1 >\n\n      distanc(1, 2)\"",            # double-quoted, with an empty line
    "\"1 >\\\n      \\ distanc(1, 2)\"",          # an escaped line break, an escaped space
    "\"\\t\\x20\\u0020\\U00000020 1 > distanc(1, 2)\"",  # escapes of each length
    "&cond 1 > distanc(1, 2)",                   # after an anchor
    "!!str 1 > distanc(1, 2)",                   # after a tag
])
def test_an_expression_over_several_lines_or_with_escapes_points_at_the_offending_text(
        written: str) -> None:
    """Folded lines, escapes, anchors and tags before the error do not shift its place."""
    text = sub("    source: player\n", f"    source: player\n    when: {written}\n")
    assert only(text) == (f"{at(text, 'distanc')}: unknown function `distanc` — "
                          "did you mean `distance`?")


def test_an_unfinished_multi_line_expression_points_at_its_last_token() -> None:
    """An expression that stops too soon on its second line is reported at its last token, on that line."""
    text = sub("    source: player\n", "    source: player\n    when: \"1 +\n      (2 +\"\n")
    assert only(text) == f"{at(text, '+', after='(2')}: unexpected end in expression `1 + (2 +`"


# ----------------------------------------------------------------- types
@pytest.mark.parametrize(("old", "new", "needle", "message"), [
    ("amount: 1}", "amount: \"'three'\"}", "'three'", "`'three'` is a str, expected a number"),
    ("amount: 1}", "amount: [1, 2]}", "[1, 2]", "expected an expression, not a list"),
    ("      actions: [strike, shout]\n", "      actions: [strike, shout]\n      max_actions: two\n",
     "two", "`max_actions` must be a whole number, not `two`"),
    ("      actions: [strike, shout]\n", "      actions: [strike, shout]\n      max_actions: 0\n",
     "0\n", "`max_actions` must be from 1, not 0"),
    ("statuses:\n  poisoned: {duration: 2}\n", "statuses: [poisoned]\n", "[poisoned]",
     "`statuses` must be a mapping of names to values"),
    ("players: [red, blue]", "players: [red, blue]\ndescription: [1]", "[1]", None),
    ("{default: 5, min: 0, max: 5}", "{default: five, min: 0, max: 5}", "five",
     "`default` must be a number, not `five`"),
    ("  size: [4, 4]", "  size: [4, 4, 4]", "[4, 4, 4]", "`size` is [width, height]"),
    ("{entity: enemy}", "{kind: number, from: \"3\"}", "\"3\"", "`from` must give a list, not a number"),
], ids=["str-for-number", "list-for-expression", "word-for-count", "count-too-small",
        "list-for-mapping", "list-description", "word-for-number", "size", "from-not-list"])
def test_wrong_types_are_reported_at_the_value(old: str, new: str, needle: str,
                                               message: str | None) -> None:
    """A value of the wrong type (string for number, list for mapping, word for count) is reported at that value."""
    text = sub(old, new)
    if message is None:
        compile_text(text, FILE)  # a description may be anything: it is only shown
        return
    assert report(text)[0] == f"{at(text, needle, after=new)}: {message}"


def test_players_must_be_a_list_of_distinct_names() -> None:
    """`players` must be a list; a player named twice is reported at the second name."""
    text = sub("players: [red, blue]", "players: red")
    assert report(text)[0] == f"{at(text, 'red')}: `players` must be a list"
    text = sub("players: [red, blue]", "players: [red, blue, red]")
    assert f"{at(text, 'red]')}: player `red` is named twice" in report(text)


# ---------------------------------------------------------- unknown names
@pytest.mark.parametrize(("old", "new", "needle", "message"), [
    ("- {type: knight, owner: blue", "- {type: knigt, owner: blue", "knigt",
     "unknown entity type `knigt` — did you mean `knight`?"),
    ("actions: [strike, shout]", "actions: [strike, shuot]", "shuot",
     "unknown action `shuot` — did you mean `shout`?"),
    ("    actions: [strike]", "    actions: [strik]", "strik",
     "unknown action `strik` — did you mean `strike`?"),
    ("reactions: [parry]", "reactions: [pary]", "pary",
     "unknown reaction `pary` — did you mean `parry`?"),
    ("- damage: {to: target, amount: 1}", "- add_status: {to: target, status: poisond}", "poisond",
     "unknown status `poisond` — did you mean `poisoned`?"),
    ("- damage: {to: target, amount: 1}", "- move_card: {card: target, to: discrd}", "discrd",
     "unknown zone `discrd` — did you mean `discard`?"),
    ("- {type: knight, owner: blue, at: [3, 3]}", "- {type: knight, owner: blue, zone: hnd}", "hnd",
     "unknown zone `hnd` — did you mean `hand`?"),
    ("on: damaged", "on: damagd", "damagd", "unknown event `damagd` — did you mean `damaged`?"),
    ("owner: blue", "owner: bleu", "bleu", "unknown player `bleu` — did you mean `blue`?"),
    ("    - name: main\n", "    - name: main\n      order: {player: bleu}\n", "bleu",
     "unknown player `bleu` — did you mean `blue`?"),
    ("- damage: {to: target, amount: 1}", "- perform: {action: strik}", "strik",
     "unknown action `strik` — did you mean `strike`?"),
    ("- damage: {to: target, amount: 1}", "- spawn: {type: \"'knigt'\"}", "\"'knigt'",
     "unknown entity type `knigt` — did you mean `knight`?"),
    ("field: amount", "field: amont", "amont", "the event has no field `amont` — did you mean `amount`?"),
    ("{entity: enemy}", "{kind: entty}", "entty", "unknown target kind `entty` — did you mean `entity`?"),
], ids=["entity-type", "phase-action", "entity-action", "reaction", "status", "zone-effect",
        "zone-placement", "event", "player-owner", "player-order", "perform", "spawn-quoted",
        "event-field", "target-kind"])
def test_unknown_names_are_reported_at_the_name_with_a_suggestion(old: str, new: str, needle: str,
                                                                  message: str) -> None:
    """Misspelt entity types, actions, reactions, statuses, zones, events and players point at the name and suggest the right one."""
    text = sub(old, new)
    assert only(text) == f"{at(text, needle, after=new)}: {message}"


def test_unknown_event_with_nothing_close_lists_the_built_in_events() -> None:
    """An event no rule emits and no built-in resembles lists the built-in events."""
    text = sub("on: damaged", "on: zzz")
    assert only(text).startswith(f"{at(text, 'zzz')}: unknown event `zzz` — built-in events: "
                                 "moved, damaged, healed, died,")


def test_an_emitted_event_becomes_known_with_its_fields() -> None:
    """A reaction may listen to a custom event that some `emit` sends, and read its fields."""
    text = sub("      - damage: {to: target, amount: 1}\n",
               "      - emit: {event: roar, fields: {volume: 3}}\n")
    text = sub("on: damaged", "on: roar", text)
    text = sub("      - set_event: {field: amount, to: 0}\n",
               "      - set_event: {field: volume, to: \"event.volume - 1\"}\n", text)
    assert compile_text(text, FILE).name == "errors"


def test_a_bare_misspelt_spawn_type_is_reported_as_an_unknown_entity_type() -> None:
    """`spawn: {type: knigt}` is reported as an unknown entity type suggesting `knight`."""
    text = sub("- damage: {to: target, amount: 1}", "- spawn: {type: knigt}")
    assert only(text) == f"{at(text, 'knigt')}: unknown entity type `knigt` — did you mean `knight`?"


# ------------------------------------------------------------- the board
LAYOUT = """\
  tiles: {'.': grass, '#': wall}
  layout: |
    . . . .
    . # . .
    . . . .
    . . . .
"""


def test_layout_rows_of_different_lengths() -> None:
    """A short layout row is reported just after its last tile, a long one at its first extra tile, with both lengths."""
    text = sub("  size: [4, 4]\n", LAYOUT.replace(". # . .", ". # ."))
    assert report(text)[0] == (f"{at(text, chr(10), after='. # .')}: layout row 2 has 3 tiles, "
                               "row 1 has 4")
    text = sub("  size: [4, 4]\n", LAYOUT.replace(". # . .", ". # . . #"))
    assert report(text)[0] == (f"{at(text, '#' + chr(10))}: layout row 2 has 5 tiles, "
                               "row 1 has 4")


@pytest.mark.parametrize("layout", [
    LAYOUT.replace(". # . .", ". x . ."),
    "  tiles: {'.': grass, '#': wall}\n"
    '  layout: ". . . .\\n\\\n    . x . .\\n\\\n    . . . .\\n\\\n    . . . .\\n"\n',
], ids=["literal", "double-quoted"])
def test_layout_with_an_unknown_tile_symbol(layout: str) -> None:
    """An undeclared tile symbol is reported at the symbol itself, with how to declare it."""
    text = sub("  size: [4, 4]\n", layout)
    assert report(text)[0] == (f"{at(text, 'x', after='layout')}: layout row 2: unknown tile "
                               "symbol `x` — declare it under `tiles`: {'x': tile_type}")


@pytest.mark.parametrize(("old", "new"), [
    ("  size: [4, 4]\n", LAYOUT.replace(". # . .", ". # .")),
    ("  size: [4, 4]", "  size: [4, 4, 4]"),
    ("{default: 5, min: 0, max: 5}", "{default: five, min: 0, max: 5}"),
    ("players: [red, blue]", "players: red"),
], ids=["layout", "size", "parameter", "players"])
def test_one_mistake_is_reported_once_without_false_follow_on_problems(old: str, new: str) -> None:
    """A broken board or entity type gives one problem, not a false one for each placement."""
    assert len(report(sub(old, new))) == 1


def test_a_valid_layout_compiles_with_its_tiles() -> None:
    """A well-formed layout gives the board its size and tile types, row by row."""
    game = compile_text(sub("  size: [4, 4]\n", LAYOUT), FILE)
    assert (game.board.width, game.board.height) == (4, 4)
    assert game.board.tiles[5] == "wall" and game.board.tiles.count("grass") == 15


def test_unknown_metric_and_tile_type_keys() -> None:
    """An unknown metric names the metrics; an unknown tile-type key is suggested against."""
    text = sub("  size: [4, 4]\n", "  size: [4, 4]\n  metric: hex\n")
    assert only(text) == f"{at(text, 'hex')}: unknown metric `hex` — chebyshev, manhattan or euclidean"
    text = sub("  size: [4, 4]\n", "  size: [4, 4]\n  tile_types: {mud: {cots: 2}}\n")
    assert only(text) == f"{at(text, 'cots')}: unknown key `cots` in tile type `mud` — did you mean `cost`?"


@pytest.mark.parametrize(("new", "needle", "message"), [
    ("at: [4, 3]", "[4, 3]", "[4, 3] is off the 4x4 board"),
    ("at: [0, -1]", "[0, -1]", "[0, -1] is off the 4x4 board"),
    ("at: [0, 0]", "[0, 0]", "[0, 0] is already taken (at {first})"),
    ("at: [1]", "[1]", "`at` is [x, y] or a place's name"),
], ids=["off-right", "off-top", "taken", "not-a-pair"])
def test_placement_off_the_board_or_on_a_taken_square(new: str, needle: str, message: str) -> None:
    """A placement off the board, on a square already taken, or not a pair is reported at its `at`."""
    text = sub("at: [3, 3]", new)
    first = at(text, "[0, 0]")
    assert only(text) == f"{at(text, needle, after='owner: blue')}: {message.format(first=first)}"


def test_placement_problems_for_cards() -> None:
    """A card in a zone needs an owner; `count` is only for cards; an unknown parameter is suggested against."""
    text = sub("- {type: knight, owner: blue, at: [3, 3]}", "- {type: knight, zone: hand}")
    assert only(text) == f"{at(text, '{type: knight, zone')}: a card in a zone needs an `owner`"
    text = sub("at: [3, 3]}", "at: [3, 3], count: 2}")
    assert only(text) == f"{at(text, '2}', after='count')}: `count` is for cards in zones, not board places"
    text = sub("at: [3, 3]}", "at: [3, 3], params: {hpp: 2}}")
    assert only(text) == f"{at(text, '2}', after='hpp')}: a knight has no parameter `hpp` — did you mean `hp`?"


# -------------------------------------------------------------- the flow
def test_bad_turn_order_lists_the_orders() -> None:
    """An unknown `order` is reported at its value with every form an order may take."""
    text = sub("    - name: main\n", "    - name: main\n      order: sideways\n")
    assert only(text) == (f"{at(text, 'sideways')}: unknown turn order `sideways` — players, "
                          "alternate, {player: NAME}, {initiative: EXPRESSION}, "
                          "{players: {first: NAME, rotate: true}}")


def test_an_order_with_two_kinds_is_refused() -> None:
    """An order mapping with two kinds is reported at the mapping."""
    text = sub("    - name: main\n", "    - name: main\n      order: {player: red, alternate: x}\n")
    assert only(text) == f"{at(text, '{player: red')}: an order has one kind"


def test_flow_shape_problems() -> None:
    """A phase with both `actions` and `steps` or a flow with no phase is reported where it happens."""
    text = sub("      actions: [strike, shout]\n",
               "      actions: [strike, shout]\n      steps: [{name: a, actions: [strike]}]\n")
    assert only(text) == (f"{at(text, '[strike, shout]')}: give `actions` in each step when a "
                          "phase has steps")
    text = sub("  phases:\n    - name: main\n      actions: [strike, shout]\n", "  phases: []\n")
    assert only(text) == f"{at(text, '[]')}: the flow needs at least one phase"


def test_min_greater_than_max() -> None:
    """A parameter whose min exceeds its max is reported at its mapping, with both bounds."""
    text = sub("{default: 5, min: 0, max: 5}", "{default: 5, min: 6, max: 5}")
    assert only(text) == f"{at(text, '{default: 5')}: parameter `knight.hp`: min 6 > max 5"


@pytest.mark.parametrize(("old", "new", "needle", "message"), [
    ("    source: player\n", "    source: team\n", "team", "unknown source `team` — entity or player"),
    ("    on: damaged\n", "    on: damaged\n    stage: later\n", "later",
     "unknown stage `later` — pending or done"),
    ("    on: damaged\n", "    on: damaged\n    once_per: week\n", "week",
     "unknown period `week` — round, turn or game"),
    ("hand: public", "hand: secret", "secret", "unknown visibility `secret` — public (or everyone), owner, hidden (or nobody), or a list of players"),
], ids=["source", "stage", "once_per", "visibility"])
def test_unknown_words_name_the_allowed_ones(old: str, new: str, needle: str, message: str) -> None:
    """A word outside its fixed set (source, stage, period, visibility) lists the allowed words."""
    text = sub(old, new)
    assert only(text) == f"{at(text, needle)}: {message}"


def test_end_condition_problems() -> None:
    """A draw condition may not use `player`, and `check` is `each` or `active`."""
    text = BASE + "end:\n  draw:\n    odd: \"player == 0\"\n"
    assert only(text).startswith(f"{at(text, 'player ==')}: `player` is not known in a draw")
    text = BASE + "end:\n  win:\n    x: {when: \"true\", check: all}\n"
    assert only(text) == f"{at(text, 'all}')}: unknown check `all` — each or active"


def test_a_draw_label_cannot_name_the_player() -> None:
    """`{player}` names the player an end rule held for; a draw holds for no one, so its label
    may not use it (a win or lose label may)."""
    text = BASE + "end:\n  draw:\n    \"{player} gave up\": \"true\"\n"
    place = at(text, '"true')
    assert only(text) == (f"{place}: the draw `{{player}} gave up` names {{player}}, but a draw "
                          "holds for no one player — leave it out of a draw's label")
    assert compile_text(BASE + "end:\n  lose:\n    \"{player} gave up\": \"false\"\n",
                        FILE).end_rules[0].reason == "{player} gave up"


def test_effects_that_need_an_event_outside_reactions() -> None:
    """`cancel_event` and `set_event` outside a reaction say there is no event there."""
    text = sub("- damage: {to: target, amount: 1}", "- cancel_event: {}")
    assert only(text) == (f"{at(text, '{}', after='cancel_event')}: there is no event to cancel "
                          "here (only in reactions)")
    text = sub("- damage: {to: target, amount: 1}", "- set_event: {field: amount, to: 0}")
    assert only(text) == (f"{at(text, '{field', after='strike')}: `set_event` changes the event "
                          "being reacted to; there is none here")


def test_a_name_bound_by_as_must_be_an_identifier() -> None:
    """`as:` must be a plain name usable in expressions."""
    text = sub("- damage: {to: target, amount: 1}", "- let: {as: 'a b', value: 1}")
    assert only(text) == f"{at(text, chr(39) + 'a b')}: `a b` cannot be a name — letters, digits and _"


# ----------------------------------------------------------------- YAML
def test_yaml_problems_have_places() -> None:
    """Unreadable YAML, a duplicate key and a YAML tag are each reported at their place."""
    text = sub("  strike:\n", "  strike:\n   bad: [1\n")
    assert only(text) == f"{at(text, ':', after='[1')}: not valid YAML: expected ',' or ']', but got ':'"
    text = sub("  shout:\n", "  strike: {}\n  shout:\n")
    assert only(text) == f"{at(text, 'strike: {}')}: key `strike` appears twice"
    text = sub("game: errors", "game: !!python/object errors")
    assert only(text) == (f"{at(text, '!!python')}: YAML tag `!!python/object` is not allowed — "
                          "rules are plain data: remove the tag")


def test_a_folded_block_expression_compiles() -> None:
    """A condition written as a folded block (`>`) compiles like the same text on one line."""
    text = sub("    source: player\n",
               "    source: player\n    when: >\n      1 + 1 >=\n      2\n")
    assert compile_text(text, FILE).action_types["shout"].conditions


@pytest.mark.parametrize("line", [
    "    when: 'tile((0, 0)) == ''grass'' and distanc(1, 2) < 1'\n",
    "    when: \"tile((0, 0)) == \\\"grass\\\" and distanc(1, 2) < 1\"\n",
], ids=["single", "double"])
def test_columns_after_escaped_quotes_are_exact(line: str) -> None:
    """The column of a problem after an escaped quote is still the column in the file."""
    text = sub("    source: player\n", "    source: player\n" + line)
    assert only(text) == f"{at(text, 'distanc')}: unknown function `distanc` — did you mean `distance`?"


# --------------------------------------------------- several problems
def test_every_problem_of_a_file_is_reported_not_just_the_first() -> None:
    """A file with mistakes in many sections reports each one, every one with its place."""
    text = BASE
    for old, new in [
        ("zones:", "zoens:"),
        ("reactions: [parry]", "reactions: [pary]"),
        ("- damage:", "- damge:"),
        ("    on: damaged\n", "    on: damagd\n"),
        ("actions: [strike, shout]", "actions: [strike, shuot]"),
        ("at: [3, 3]", "at: [9, 3]"),
    ]:
        text = sub(old, new, text)
    text = sub("    source: player\n", "    source: player\n    when: \"distanc(1, 2) > 0\"\n", text)
    found = report(text)
    assert sorted(found) == sorted([
        f"{at(text, 'zoens')}: unknown section `zoens` — did you mean `zones`?",
    ]), "an unknown section stops the compilation before the sections are read"
    text = sub("zoens:", "zones:", text)
    found = report(text)
    assert sorted(found) == sorted([
        f"{at(text, 'pary')}: unknown reaction `pary` — did you mean `parry`?",
        f"{at(text, 'damge')}: unknown effect `damge` — did you mean `damage`?",
        f"{at(text, 'damagd')}: unknown event `damagd` — did you mean `damaged`?",
        f"{at(text, 'shuot')}: unknown action `shuot` — did you mean `shout`?",
        f"{at(text, '[9, 3]')}: [9, 3] is off the 4x4 board",
        f"{at(text, 'distanc')}: unknown function `distanc` — did you mean `distance`?",
    ])


def test_several_problems_in_one_section_are_all_reported() -> None:
    """Two bad conditions and two bad targets of one action are all reported."""
    text = sub("  strike:\n    targets:\n",
               "  strike:\n    when:\n      - a: \"zzz > 1\"\n      - b: \"yyy > 1\"\n    targets:\n"
               "      cell: {kind: positon}\n      other: {entity: foes}\n")
    assert report(text) == [
        f"{at(text, 'zzz')}: unknown name `zzz` — names here: actor, player",
        f"{at(text, 'yyy')}: unknown name `yyy` — names here: actor, player",
        f"{at(text, 'positon')}: unknown target kind `positon` — did you mean `position`?",
        f"{at(text, 'foes')}: unknown entity target `foes` — enemy, ally or any",
    ]


# ----------------------------------------------------- files and folders
def test_scenario_files_must_be_inside_the_folder(tmp_path: Path) -> None:
    """A scenario file is read only from inside the game's folder, and must exist there."""
    text = BASE + "scenarios:\n  a: a.yaml\n"
    assert only(text) == f"{at(text, 'a.yaml')}: files can be named only by a rules file in a folder"
    game_dir = tmp_path / "game"
    game_dir.mkdir()
    (tmp_path / "secret.yaml").write_text("entities: []\n", encoding="utf-8")
    rules = BASE + "scenarios:\n  a: ../secret.yaml\n  b: missing.yaml\n"
    (game_dir / "rules.yaml").write_text(rules, encoding="utf-8")
    with pytest.raises(RulesError) as err:
        load_rules(game_dir)
    name = str(game_dir / "rules.yaml")
    assert [str(p) for p in err.value.problems] == [
        f"{at(rules, '../secret').replace(FILE, name)}: `../secret.yaml` is outside the game's "
        "folder — name files inside the folder",
        f"{at(rules, 'missing').replace(FILE, name)}: no file `missing.yaml` in the game's folder",
    ]


def test_problems_inside_a_scenario_file_name_that_file(tmp_path: Path) -> None:
    """A mistake inside a scenario file is reported with that file's name and place."""
    (tmp_path / "rules.yaml").write_text(BASE + "scenarios:\n  duel: duel.yaml\n", encoding="utf-8")
    scenario = "entities:\n  - {type: knigt, owner: red, at: [1, 1]}\n"
    (tmp_path / "duel.yaml").write_text(scenario, encoding="utf-8")
    with pytest.raises(RulesError) as err:
        load_rules(tmp_path, "duel")
    col = scenario.splitlines()[1].index("knigt") + 1
    assert str(err.value) == (f"{tmp_path / 'duel.yaml'}:2:{col}: unknown entity type `knigt` — "
                              "did you mean `knight`?")


def test_a_missing_rules_file_is_a_rules_error(tmp_path: Path) -> None:
    """Loading a folder without rules.yaml is a RulesError naming the folder and what a
    game folder holds, not an OSError; a rules file that is not there is one naming it."""
    with pytest.raises(RulesError) as err:
        load_rules(tmp_path)
    assert err.value.first.loc == Loc(str(tmp_path), 1, 1)
    assert err.value.first.message.startswith("a game folder keeps its rules in `rules.yaml`")
    with pytest.raises(RulesError) as err:
        load_rules(tmp_path / "gone.yaml")
    assert err.value.first.loc == Loc(str(tmp_path / "gone.yaml"), 1, 1)
    assert err.value.first.message.startswith("cannot read the file")



@pytest.mark.parametrize("name", ["roll", "choose"])
def test_an_action_may_not_take_a_name_the_engine_keeps(name: str) -> None:
    """`roll` and `choose` name the engine's own options (a die, a mid-effect choice), so an
    action may not use them. (`pass` may: it is only a reaction option.)"""
    text = ("game: g\nplayers: [a, b]\nactions:\n"
            f"  {name}:\n    effects: [{{end_turn: {{}}}}]\n"
            "flow:\n  phases:\n    - {name: p, actions: [" + name + "]}\n")
    with pytest.raises(RulesError) as info:
        compile_text(text, "g.yaml")
    messages = [str(p) for p in info.value.problems]
    assert any(m.startswith("g.yaml:5:") and f"`{name}`" in m for m in messages), messages


def test_a_comma_in_unquoted_text_in_braces_says_to_quote_it() -> None:
    """`{players: 2, description: Two players, ten dice.}`: YAML ends the text at the comma
    and reads `ten dice.` as a key; the error says so and how to write it."""
    text = BASE + "scenarios:\n  two: {description: Two players, ten dice.}\n"
    (message,) = report(text)
    assert "unknown key `ten dice.` in scenario `two`" in message
    assert "a comma in unquoted text inside `{ }` ends the value there" in message
    assert 'put the text in quotes ("..., ten dice.")' in message
