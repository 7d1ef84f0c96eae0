"""Keyed parameters: one parameter with a number per key (`player.columns[c]`), the key
chosen in play, each key within its own bounds, checked at load where the key is
written in the rules and in words where it is worked out in play."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from rules_helpers import build, problems
from stratagem.engine import RuleError

COLUMNS = Path(__file__).parent / "rules_lang" / "columns.yaml"

RULES = """\
game: g
players: [a, b]
player:
  columns: {keys: [2, 3, 4], default: 0, min: 0, max: {2: 3, 3: 5, 4: 7}}
state:
  marks: {keys: [x, y], default: {x: 1}}
actions:
  go: {effects: EFFECTS, ends_turn: true}
flow:
  phases: [{name: p, actions: [go]}]
"""


def rules(effects: str) -> str:
    return RULES.replace("EFFECTS", effects)


def test_each_key_is_a_parameter_with_its_own_bounds() -> None:
    """Writing past a key's maximum stops at that key's maximum; defaults may be per key."""
    game = build(rules("[{modify: {what: \"player.columns[1 + 1]\", by: 10}}, "
                       "{modify: {what: \"player.columns[4]\", by: 10}}, "
                       "{set: {what: \"game.marks['y']\", to: \"game.marks['x'] + 5\"}}, "
                       "{remember: {key: r, value: \"[player.columns[2], player.columns[3], "
                       "player.columns[4], game.marks['x'], game.marks['y']]\"}}]"))
    state = game.new_state(seed=0)
    state = game.apply(state, game.legal_actions(state)[0])
    assert state.memory["r"] == (3, 0, 7, 1, 6)
    assert state.players[0].params["columns[2]"] == 3
    assert game.deserialize(game.serialize(state)) == state


def test_a_key_worked_out_in_play_outside_the_keys_is_an_error_in_words() -> None:
    """A key that is not declared, known only in play, stops the game with a sentence
    naming the parameter and its keys, never a bare KeyError."""
    game = build(rules("[{let: {as: k, value: \"count(players()) + 7\"}}, "
                       "{modify: {what: \"player.columns[k]\", by: 1}}]"))
    state = game.new_state(seed=0)
    with pytest.raises(RuleError, match=r"`columns` has no key 9: its keys are 2, 3, 4"):
        game.apply(state, game.legal_actions(state)[0])


def test_a_key_outside_the_keys_is_located_at_its_effect_and_names_the_move() -> None:
    """Like any rule that fails in play, the error names the file, line and column of the
    effect that ran into it (it named none); a played game adds the move that did."""
    game = build(rules("[{let: {as: k, value: \"count(players()) + 7\"}},\n"
                       "                    {remember: {key: r, value: \"game.marks[k]\"}}]"),
                 "keyed.yaml")
    state = game.new_state(seed=0)
    with pytest.raises(RuleError) as failed:
        game.apply(state, game.legal_actions(state)[0])
    assert str(failed.value).startswith("keyed.yaml:9:22: effect `remember`: a rule failed")
    assert str(failed.value).endswith("`marks` has no key 9: its keys are x, y")
    with pytest.raises(RuleError) as played:
        stratagem.play(game, ["random", "random"], seed=0)
    assert str(played.value).endswith("(as a played `go`, decision 1)")


@pytest.mark.parametrize(("effects", "says"), [
    ("[{modify: {what: \"player.columns[5]\", by: 1}}]", "`columns` has no key `5`"),
    ("[{remember: {key: r, value: \"player.columns[9]\"}}]", "`columns` has no key `9`"),
    ("[{remember: {key: r, value: \"player.columns\"}}]", "`columns` is keyed"),
    ("[{remember: {key: r, value: \"game.marks\"}}]", "`marks` is keyed"),
])
def test_keys_written_in_the_rules_are_checked_at_load(effects: str, says: str) -> None:
    """A key written in the rules that is not declared, or a keyed parameter read without
    a key, is a located load error."""
    found = problems(rules(effects))
    assert any(says in p for p in found), found


@pytest.mark.parametrize(("decl", "says"), [
    ("{keys: []}", "needs at least one key"),
    ("{keys: [1, 1]}", "the key `1` of `player.columns` is given twice"),
    ("{keys: [1, 2], max: {3: 4}}", "`3` is not one of its keys"),
    ("{keys: [1], min: 5, max: 2}", "min 5 > max 2"),
])
def test_bad_declarations_are_load_errors(decl: str, says: str) -> None:
    """Empty, repeated or unknown keys and crossed bounds are reported where declared."""
    text = RULES.replace("{keys: [2, 3, 4], default: 0, min: 0, max: {2: 3, 3: 5, 4: 7}}", decl)
    found = problems(text.replace("EFFECTS", "[]"))
    assert any(says in p for p in found), found


def test_the_columns_game_plays_to_a_win() -> None:
    """The Can't Stop-like test game, its eleven columns one keyed parameter, plays to an
    end between random agents."""
    game = stratagem.load(str(COLUMNS))
    record = stratagem.play(game, [stratagem.agent("random", game, seed=0),
                                   stratagem.agent("random", game, seed=1)], seed=3)
    assert record.outcome.reason == "three columns topped"


def test_a_define_reads_a_keyed_parameter_of_an_entity() -> None:
    """An entity's keyed parameter is known to the defines, compiled before the entity
    types: `marks(u, k)` reads one key of it."""
    text = RULES.replace("actions:", """entities:
  unit:
    params: {marks: {keys: [x, y], default: {x: 2, y: 5}}}
define:
  mark(u, k): "u.marks[k]"
setup:
  entities:
    - {type: unit, owner: a, at: [0, 0]}
board: {size: [1, 1]}
actions:""", 1).replace("state:\n  marks: {keys: [x, y], default: {x: 1}}\n", "")
    game = build(rules_of(text, "[{remember: {key: r, value: \"mark(occupant((0, 0)), 'y')\"}}]"))
    state = game.new_state(seed=0)
    state = game.apply(state, game.legal_actions(state)[0])
    assert state.memory["r"] == 5


def rules_of(text: str, effects: str) -> str:
    return text.replace("EFFECTS", effects)
