"""`stratagem validate` speaks up about set-ups that cannot be and designs that are
probably not meant: a unit on an impassable tile is an error (the game does not load);
no end condition, a negative speed and a roll of zero dice are warnings."""

from __future__ import annotations

from pathlib import Path

import pytest

from stratagem.rules import RulesError, check_rules, load_rules
from test_cli import run

BASE = """\
game: lint
players: [red, blue]
board:
  tiles: {".": plain, "#": wall}
  tile_types:
    wall: {cost: null}
  layout: |
    . # .
    . . .
entities:
  scout:
    params: {hp: 3, speed: SPEED}
    actions: [wait]
actions:
  wait:
    effects:
      - roll: {as: r, dice: DICE}
    ends_turn: true
flow:
  phases:
    - name: turns
      actions: [wait]
setup:
  entities:
    - {type: scout, owner: red, at: AT}
END"""


def _rules(tmp_path: Path, *, speed: str = "2", dice: str = "1d6", at: str = "[0, 0]",
           end: str = "end:\n  round_limit: 3\n") -> Path:
    text = (BASE.replace("SPEED", speed).replace("DICE", dice).replace("AT", at)
            .replace("END", end))
    path = tmp_path / "lint.yaml"
    path.write_text(text)
    return path


def test_a_clean_game_has_no_warnings(tmp_path):
    """The base file is quiet: nothing to warn about."""
    _, warnings = check_rules(_rules(tmp_path))
    assert warnings == []


def test_a_unit_on_an_impassable_tile_is_an_error(tmp_path, capsys):
    """Placing a unit on a wall is refused with its place, by validate and by load."""
    path = _rules(tmp_path, at="[1, 0]")
    with pytest.raises(RulesError, match=r"a scout is placed at \(1,0\), on impassable `wall`"):
        load_rules(path)
    code, _, err = run(capsys, "validate", str(path))
    assert code == 1 and "impassable" in err and f"{path}:" in err


def test_no_end_condition_is_a_warning(tmp_path, capsys):
    """A game nothing can end loads, with a warning from validate."""
    path = _rules(tmp_path, end="")
    code, _, err = run(capsys, "validate", str(path))
    assert code == 0, err
    assert "warning:" in err and "no end condition" in err


def test_a_negative_speed_is_a_warning(tmp_path, capsys):
    """speed: -2 is legal, and almost certainly a typo."""
    code, _, err = run(capsys, "validate", str(_rules(tmp_path, speed="-2")))
    assert code == 0 and "negative speed" in err


def test_zero_dice_is_a_warning_at_its_place(tmp_path, capsys):
    """0d6 always rolls 0: validate says so, with the line and column of the roll."""
    path = _rules(tmp_path, dice="0d6")
    code, _, err = run(capsys, "validate", str(path))
    assert code == 0 and "rolls zero dice" in err
    assert f"{path}:" in err


def test_an_end_game_effect_is_an_end_condition(tmp_path):
    """A game ended by the `end_game` effect (rules.md recommends it where no `end:` rule
    fits) is not warned of as having no end."""
    path = _rules(tmp_path, end="")
    text = path.read_text().replace(
        "      - roll: {as: r, dice: 1d6}\n",
        "      - roll: {as: r, dice: 1d6}\n"
        "      - if: {test: 'r == 6', then: [{end_game: {reason: a six}}]}\n")
    path.write_text(text)
    _, warnings = check_rules(path)
    assert not [w for w in warnings if "no end condition" in w.message], warnings


SECRETS = """\
game: secrets
players: [red, blue]
board: {size: [2, 1]}
zones:
  bag: {owner: table, visibility: nobody}
  cup: owner
entities:
  pawn: {params: {card: 0}}
  low: {params: {piece: 0}}
  high: {params: {piece: 0}}
actions:
  pass: {source: player, ends_turn: true}
flow:
  phases: [{name: play, actions: [pass]}]
end: {round_limit: 1}
setup:
  entities:
    - {type: low, zone: bag}
    - {type: high, zone: bag}
    - {type: pawn, owner: red, at: [0, 0]}
  effects:
    - draw: {player: red, from: bag, to: cup, as: c}
    - set: {what: "entities(type: 'pawn')[0].card", to: c.id}
SECRET
"""


@pytest.mark.parametrize(("secret", "said"), [
    ("    - set: {what: c.piece, to: \"entities(type: 'pawn')[0].id\"}",
     "writes an id as `piece` on a card"),
    ("    - random: {options: [{weight: 1, do: [{spawn: {type: low, owner: blue, zone: cup}}]},"
     " {weight: 1, do: [{spawn: {type: high, owner: blue, zone: cup}}]}]}",
     "`spawn` puts a card into `cup`"),
])
def test_a_secret_every_view_knows_is_warned_of_at_its_place(tmp_path, capsys, secret, said):
    """An id written on a hidden card, and a card of a face chosen at random spawned into
    a zone some players do not see: every player's view knows the faces of the cards, so
    the AIs would read the secret. validate says so where it is written, and how to keep
    it (the card's id on the unit; a draw from a bag)."""
    path = tmp_path / "secrets.yaml"
    path.write_text(SECRETS.replace("SECRET", secret))
    code, _, err = run(capsys, "validate", str(path))
    assert code == 0, err
    assert said in err and f"{path}:" in err
    assert "u.card = c.id" in err or "draw" in err


def test_the_cards_id_on_the_unit_and_printed_set_ups_are_not_warned_of(tmp_path):
    """The id of a drawn card written on the public unit, and cards spawned into a hidden
    zone by the set-up itself (the rules print that list), tell no one anything."""
    path = tmp_path / "secrets.yaml"
    path.write_text(SECRETS.replace("SECRET", "    - spawn: {type: low, owner: blue, zone: cup}"))
    _, warnings = check_rules(path)
    assert warnings == [], warnings


NAMESAKE = """\
game: namesake
players: [fox, geese]
board: {size: [3, 1]}
entities:
  fox: {}
actions:
  bite:
    source: player
    effects: [{if: {test: "player == fox", then: [{win: {reason: "{player} bites {who}"}}]}}]
    ends_turn: true
flow:
  phases: [{name: play, actions: [bite]}]
end: {round_limit: 2}
"""


def test_a_player_compared_by_a_types_name_is_warned_of(tmp_path, capsys):
    """`player == fox` where `fox` is a player and an entity type: the name is the type,
    so the test is never true. validate says where, and how to name the player."""
    path = tmp_path / "namesake.yaml"
    path.write_text(NAMESAKE)
    code, _, err = run(capsys, "validate", str(path))
    assert code == 0
    assert f"{path}:9:" in err and "player `fox` and entity type `fox` share a name" in err
    assert "seat('fox')" in err


def test_a_placeholder_a_reason_does_not_fill_is_warned_of(tmp_path, capsys):
    """Only `{player}` is filled in a `win` reason; `{who}` would be printed as written."""
    path = tmp_path / "namesake.yaml"
    path.write_text(NAMESAKE.replace("player == fox", "player == seat('fox')"))
    code, _, err = run(capsys, "validate", str(path))
    assert code == 0
    assert "`{who}` in the reason of `win` is not filled in" in err
    assert "share a name" not in err and "`{player}` in the reason" not in err


def test_a_let_in_a_loop_of_a_name_bound_outside_is_warned_of(tmp_path, capsys):
    """A cursor `let` again in a loop's body names a new value for the body only: after the
    loop the name is the outer one. validate says so at the inner `let`; a name bound only
    in the loop is not warned of."""
    path = tmp_path / "cursor.yaml"
    path.write_text("""\
game: cursor
players: [a, b]
state:
  out: 0
actions:
  go:
    effects:
      - let: {as: last, value: 0}
      - for_each:
          as: k
          in: "range(1, 4)"
          do:
            - let: {as: last, value: k}
            - let: {as: fresh, value: k}
      - set: {what: game.out, to: last}
    ends_turn: true
flow:
  phases: [{name: p, actions: [go]}]
end: {round_limit: 1}
""")
    code, _, err = run(capsys, "validate", str(path))
    assert code == 0
    assert f"{path}:13:" in err and "names a new `last` for the rest of its block only" in err
    assert "bound at 8:" in err and "`fresh`" not in err
