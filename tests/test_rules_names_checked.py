"""Mistakes an outside designer made writing games from the docs alone, which the rules
once accepted without a word and which now fail at load with their place: a yes/no key
given anything but true or false (``ends_turn: no`` is the text "no", which is true), a
tile type in the board's legend a letter off a declared one (whose cost and sight were
then silently lost), and a zone or card type named in ``zone()``/``table()`` that the rules
do not declare (found only when a game first reached the call, at another place)."""

from __future__ import annotations

import pytest

from stratagem.engine import IllegalActionError
from stratagem.rules import RulesError, compile_text, load_rules
from test_cli import run
from test_rules_errors import FILE, at, only, sub


@pytest.mark.parametrize("value", ["no", "yes", "off", "0", "1", "'false'", "sometimes"])
def test_a_yes_no_key_takes_only_true_or_false(value: str) -> None:
    text = sub("  shout:\n    source: player\n",
               f"  shout:\n    source: player\n    ends_turn: {value}\n")
    problem = only(text)
    assert problem.startswith(f"{at(text, value, after='ends_turn')}: `ends_turn` must be "
                              "true or false"), problem
    if value in ("no", "off"):
        assert "write false" in problem, problem
    if value == "yes":
        assert "write true" in problem, problem


@pytest.mark.parametrize("key, where, line", [
    ("passes", "  shout:\n    source: player\n", "    passes: {v}\n"),
    ("keeps_turn", "  shout:\n    source: player\n", "    keeps_turn: {v}\n"),
    ("automatic", "    on: damaged\n", "    automatic: {v}\n"),
    ("negative", "  poisoned: {duration: 2}", "  poisoned: {{duration: 2, negative: {v}}}"),
])
def test_every_yes_no_key_is_checked(key: str, where: str, line: str) -> None:
    text = sub(where, where.rstrip("\n") + ("\n" if where.endswith("\n") else "")
               + line.format(v="no")) if where.endswith("\n") else \
        sub(where, line.format(v="no"))
    assert f"`{key}` must be true or false, not `no`" in only(text)
    good = text.replace(f"{key}: no", f"{key}: false")
    compile_text(good, FILE)


def test_true_and_false_still_work_and_mean_what_they_say() -> None:
    for value, ends in (("true", True), ("false", False)):
        game = compile_text(sub("  shout:\n    source: player\n",
                                f"  shout:\n    source: player\n    ends_turn: {value}\n"),
                            FILE)
        assert game.action_types["shout"].ends_turn is ends


BOARD = """\
board:
  tiles: {".": grass, "#": ROCK}
  tile_types:
    rock: {cost: null, blocks_sight: true}
  layout: |
    . . # .
    . . . .
    . . . .
    . # . .
"""


def test_a_tile_type_a_letter_off_a_declared_one_is_an_error() -> None:
    for typo in ("rocks", "rok", "Rock"):
        text = sub("board:\n  size: [4, 4]\n", BOARD.replace("ROCK", typo))
        problem = only(text)
        assert problem == (f"{at(text, typo + '}')}: tile type `{typo}` is not in "
                           "`tile_types` — did you mean `rock`?"), problem


def test_a_tile_type_with_no_properties_needs_no_declaration() -> None:
    text = sub("board:\n  size: [4, 4]\n", BOARD.replace("ROCK", "rock")
               .replace(": grass,", ": meadow,"))
    game = compile_text(text, FILE)
    assert "meadow" in game.board.tiles and game.board.tile_types["rock"]["cost"] is None


@pytest.mark.parametrize("call, message, hint", [
    ("zone(player, 'hnd')", "unknown zone `hnd`", "did you mean `hand`?"),
    ("zone(player, 'pile')", "unknown zone `pile`", "zones: discard, hand"),
    ("zone(player, 'hand', type: 'knigth')", "unknown entity type `knigth`",
     "did you mean `knight`?"),
    ("table('hand')", "unknown table zone `hand`",
     "`hand` is each player's own zone: read it with zone(player, 'hand')"),
])
def test_a_zone_or_card_type_written_into_a_call_is_checked_at_load(call: str, message: str,
                                                                    hint: str) -> None:
    text = sub("  shout:\n    source: player\n",
               f"  shout:\n    source: player\n    when: \"count({call}) < 7\"\n")
    problem = only(text)
    assert message in problem and hint in problem, problem
    assert problem.startswith(f"{FILE}:{text[:text.index('when')].count(chr(10)) + 1}:"), \
        problem


def test_a_zone_named_right_and_a_masked_card_type_pass() -> None:
    for call in ("zone(player, 'hand')", "zone(player, 'discard', type: 'knight')",
                 "zone(player, 'hand', type: '?')"):
        compile_text(sub("  shout:\n    source: player\n",
                         f"  shout:\n    source: player\n    when: \"count({call}) < 7\"\n"),
                     FILE)


SEATS = """\
game: seats
players: [watch, raiders]
board:
  size: [4, 4]
entities:
  guard: {params: {hp: 2}, actions: [call]}
actions:
  call:
    effects:
      - spawn: {type: guard, owner: raiders, at: "(3, 3)"}
  shout:
    source: player
    when: "player == seat('watch')"
    effects:
      - spawn: {type: guard, owner: "seat('raiders')", at: "(2, 2)"}
flow:
  phases:
    - name: main
      actions: [call, shout]
end:
  round_limit: 3
setup:
  entities:
    - {type: guard, owner: watch, at: [0, 0]}
"""


def test_a_rule_names_a_player_by_the_name_players_gives_it() -> None:
    """A bare player name (``owner: raiders``) or ``seat('raiders')`` is that side, in a
    rule as in a set-up placement."""
    game = compile_text(SEATS, FILE)
    s = game.new_state(0)
    acts = {str(a): a for a in s.decision.actions}
    assert set(acts) == {"call #1", "shout"}  # the watch (seat 0) may shout
    for text, pos in (("shout", (2, 2)), ("call #1", (3, 3))):
        after = game.apply(s, acts[text])
        spawned = [e for e in after.entities.values() if e.pos == pos]
        assert [e.owner for e in spawned] == [1], text


def test_a_misspelt_player_in_seat_is_reported_where_it_is_written() -> None:
    text = SEATS.replace("seat('watch')", "seat('wacth')")
    line = at(text, "wacth").rsplit(":", 1)[0]  # FILE:line of the misspelt name
    problem = only(text)
    assert problem.startswith(line + ":") and problem.endswith(
        "unknown player `wacth` — did you mean `watch`?"), problem


def test_a_player_target_is_told_by_the_players_name_not_its_seat() -> None:
    """An action with no `text` that targets a player reads `peek other=raiders`, as a
    person names the side, not `peek other=1`."""
    text = SEATS.replace("""  shout:
    source: player
""", """  shout:
    source: player
    targets:
      other: {player: opponent}
""")
    game = compile_text(text, FILE)
    s = game.new_state(0)
    shout = next(a for a in s.decision.actions if a.type == "shout")
    assert game.describe_action(s, 0, shout) == "shout other=raiders"


def test_a_player_target_may_be_typed_by_the_players_name(capsys, tmp_path) -> None:
    """`shout other=raiders` is the action `shout other=1`, in the Python API and in
    `stratagem move`; a name that is no player's is still refused."""
    text = SEATS.replace("""  shout:
    source: player
""", """  shout:
    source: player
    targets:
      other: {player: opponent}
""")
    rules = tmp_path / "seats.yaml"
    rules.write_text(text, encoding="utf-8")
    game = compile_text(text, FILE)
    s = game.new_state(0)
    assert game.parse_action(s, "shout other=raiders") == game.parse_action(s, "shout other=1")
    with pytest.raises(IllegalActionError):
        game.parse_action(s, "shout other=pirates")
    saved = tmp_path / "g.json"
    code, _, err = run(capsys, "new", str(rules), "--out", str(saved))
    assert code == 0, err
    code, _, err = run(capsys, "move", str(saved), "shout other=raiders")
    assert code == 0, err
    back = load_rules(rules).deserialize(saved.read_text(encoding="utf-8"))
    assert [str(r.action) for r in back.history] == ["shout other=1"]


CAPACITY = """\
game: cap
players: [red, blue]
board:
  size: [3, 3]
  capacity: {param: size, max: 4}
entities:
  trooper: {params: {SIZE: 2}, actions: [move]}
actions:
  move:
    targets:
      to: {position: empty}
    effects:
      - move: {what: actor, to: to}
flow:
  phases:
    - name: main
      actions: [move]
end:
  round_limit: 3
setup:
  entities:
    - {type: trooper, owner: red, at: [0, 0]}
"""


def test_a_capacity_counting_a_parameter_no_entity_has_is_an_error(tmp_path) -> None:
    """Every unit would count as size 0 and a square would hold any number of them."""
    path = tmp_path / "cap.yaml"
    text = CAPACITY.replace("SIZE", "sise")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as err:
        load_rules(path)
    line, col = at(text, "size, max").split(":")[1:]
    assert str(err.value) == (f"{path}:{line}:{col}: the board's capacity counts `size`, "
                              "which no entity type has — did you mean `sise`?")
    path.write_text(CAPACITY.replace("SIZE", "size"), encoding="utf-8")
    assert load_rules(path).board.stack_param == "size"
