"""The text form of actions: str(action) parses back, and bad text fails with a clear error."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import stratagem
from conftest import GAME_MODES, picks, play, seeds
from stratagem.engine import (
    Action,
    ActionParseError,
    IllegalActionError,
    Pos,
    Ref,
    StratagemError,
    parse_action,
)


def same(a: Any, b: Any) -> bool:
    """Equal and of the same types all the way down (``Ref(1) == 1 == True`` otherwise)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def same_action(a: Action, b: Action) -> bool:
    """The same type, actor and targets, with target values of the same types."""
    return (a.type == b.type and a.actor == b.actor
            and [n for n, _ in a.targets] == [n for n, _ in b.targets]
            and all(same(x, y) for (_, x), (_, y) in zip(a.targets, b.targets, strict=True)))


# ------------------------------------------------------------ legal actions
@pytest.mark.parametrize(("name", "explicit"), GAME_MODES)
@settings(max_examples=10, deadline=None)
@given(seed=seeds, choices=picks)
def test_every_legal_action_round_trips_through_text(name: str, explicit: bool, seed: int,
                                                     choices: list[int]) -> None:
    """str of every legal action reached parses back to it, with or without the game."""
    game = stratagem.load(name)
    run = play(game, seed, choices, explicit=explicit, max_steps=40)
    count = 0
    for state in run.states:
        for action in game.legal_actions(state):
            text = str(action)
            parsed = parse_action(text)
            assert same_action(parsed, action), (text, parsed, action)
            assert str(parsed) == text
            assert text in repr(action)
            stored = game.parse_action(state, text)
            assert any(stored is a for a in state.decision.actions)
            assert same_action(stored, action)
            count += 1
    assert count > 0


@pytest.mark.parametrize("name", [p.values[0] for p in GAME_MODES[::2]])
def test_game_parse_action_rejects_text_that_is_not_legal_here(name: str) -> None:
    """game.parse_action raises IllegalActionError for well-formed text of an illegal action."""
    game = stratagem.load(name)
    state = game.new_state(0)
    with pytest.raises(IllegalActionError) as err:
        game.parse_action(state, "no_such_action #99 x=1")
    assert err.value.condition
    with pytest.raises(ActionParseError):
        game.parse_action(state, "pass x=[")


# ------------------------------------------------------------------ values
@pytest.mark.parametrize(("text", "value"), [
    ("#7", Ref(7)),
    ("#0", Ref(0)),
    ("(1,2)", Pos(1, 2)),
    ("(-1,-2)", Pos(-1, -2)),
    ("( 3 , 4 )", Pos(3, 4)),
    ("5", 5),
    ("0", 0),
    ("-3", -3),
    ("true", True),
    ("false", False),
    ("-", None),
    ("name", "name"),
    ("a-b:c.d_1", "a-b:c.d_1"),
    ("[]", ()),
    ("[1]", (1,)),
    ("[#1,[2,3]]", (Ref(1), (2, 3))),
    ("[1, 2]", (1, 2)),
    ("[(0,1),-,true,x,[#2]]", (Pos(0, 1), None, True, "x", (Ref(2),))),
])
def test_target_values_parse_to_their_types(text: str, value: Any) -> None:
    """Each value form reads back as its own type and prints canonically again."""
    action = parse_action(f"act #3 v={text}")
    assert same_action(action, Action("act", Ref(3), (("v", value),)))
    assert isinstance(action.actor, Ref)
    assert same(parse_action(str(action)).target("v"), value)


def test_an_action_without_actor_or_targets_round_trips() -> None:
    """A bare action name, and one with only targets, read back exactly."""
    assert parse_action("pass") == Action("pass")
    assert parse_action("  pass  ") == Action("pass")
    a = Action("place", None, (("cell", Pos(1, 2)), ("mark", "x")))
    assert str(a) == "place cell=(1,2) mark=x"
    assert same_action(parse_action(str(a)), a)
    assert parse_action("move #-1") == Action("move", Ref(-1))


names = st.from_regex(r"[A-Za-z_][A-Za-z0-9_\-:.]{0,6}", fullmatch=True)
leaves = st.one_of(
    st.integers(-50, 10**6).map(Ref),
    st.builds(Pos, st.integers(-20, 20), st.integers(-20, 20)),
    st.integers(-(10**12), 10**12),
    st.booleans(),
    st.none(),
    names.filter(lambda n: n not in ("true", "false")),
)
values = st.recursive(leaves, lambda inner: st.lists(inner, max_size=3).map(tuple),
                      max_leaves=8)
actions = st.builds(
    Action,
    names,
    st.one_of(st.none(), st.integers(-5, 10**6).map(Ref)),
    st.lists(st.tuples(names, values), max_size=4, unique_by=lambda t: t[0]).map(tuple),
)


@settings(max_examples=150, deadline=None)
@given(action=actions)
def test_any_action_value_round_trips_through_text(action: Action) -> None:
    """str then parse_action gives back every action, its target values' types included."""
    text = str(action)
    parsed = parse_action(text)
    assert same_action(parsed, action), (text, parsed)
    assert str(parsed) == text


@pytest.mark.parametrize("word", ["true", "false"])
def test_names_that_spell_booleans_round_trip(word: str) -> None:
    """A name value that reads like a boolean keeps its type through the text form."""
    action = Action("choose", None, (("answer", word),))
    assert same_action(parse_action(str(action)), action)


def test_text_with_spaces_travels_quoted() -> None:
    """A name value with spaces or digits prints quoted and parses back to the same text."""
    for words in ("two words", "3rd rank", "a-b c"):
        action = Action("say", None, (("words", words),))
        assert f"'{words}'" in str(action)
        assert same_action(parse_action(str(action)), action)


def test_values_without_a_text_form_are_refused() -> None:
    """str of an action whose value has no text form raises rather than printing ambiguity."""
    with pytest.raises(ValueError, match="cannot appear"):
        str(Action("say", None, (("words", "it's"),)))
    with pytest.raises(ValueError, match="cannot appear"):
        str(Action("say", None, (("words", "two\nlines"),)))
    with pytest.raises(TypeError):
        str(Action("say", None, (("x", 1.5),)))


# ------------------------------------------------------------------ errors
BAD_TEXT = [
    "attack #1 target=[1,2",      # unbalanced [
    "attack #1 target=(1,2",      # unbalanced (
    "attack #1 target=]",         # closing bracket first
    "attack #1 target",           # name without =
    "attack #1 =3",               # = without name
    "attack x=1 x=2",             # duplicate target names
    "attack x=",                  # missing value
    "attack x=@",                 # unreadable value
    "attack x=(1,2)y",            # trailing junk
    "attack x=[1,,2]",            # empty list item
    "attack x=[1 2]",             # missing comma
    "attack x=#",                 # reference without a number
    "attack #x",                  # bad actor
    "attack #1 #2",               # two actors
    "#1 attack",                  # no action name first
    "1attack",                    # action name starting with a digit
    "x=1",                        # targets without an action name
    "attack 9-3=1",               # bad target name
]


@pytest.mark.parametrize("text", BAD_TEXT)
def test_malformed_action_text_raises_a_parse_error_quoting_it(text: str) -> None:
    """Malformed text raises ActionParseError (a ValueError) whose message quotes the text."""
    with pytest.raises(ActionParseError) as err:
        parse_action(text)
    assert repr(text) in str(err.value)
    assert isinstance(err.value, ValueError) and isinstance(err.value, StratagemError)


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_empty_action_text_raises_a_parse_error(text: str) -> None:
    """Text with no action name raises ActionParseError saying it is empty."""
    with pytest.raises(ActionParseError, match="empty"):
        parse_action(text)


@pytest.mark.parametrize("thing", [None, 5, b"pass", ["pass"], Action("pass")])
def test_non_string_action_text_raises_a_parse_error(thing: object) -> None:
    """A non-string raises ActionParseError naming its type, not AttributeError or TypeError."""
    with pytest.raises(ActionParseError, match=type(thing).__name__):
        parse_action(thing)  # type: ignore[arg-type]


@settings(max_examples=400, deadline=None)
@given(text=st.text(alphabet="ab_x#()[],=- 019tref\t:.", max_size=24))
def test_arbitrary_text_parses_or_raises_only_a_parse_error(text: str) -> None:
    """Any text parses to an action whose text reads back the same, or raises ActionParseError."""
    try:
        action = parse_action(text)
    except ActionParseError as err:
        assert str(err)
        return
    assert same_action(parse_action(str(action)), action)


def test_apply_given_text_says_how_to_read_it() -> None:
    """A string where an Action belongs is a TypeError naming parse_action, not a crash in
    the middle of the legality check."""
    game = stratagem.load("tic_tac_toe")
    state = game.new_state(0)
    with pytest.raises(TypeError, match=r"game.parse_action\(state, text\)"):
        game.apply(state, "place cell=(0,0)")  # type: ignore[arg-type]
    assert not game.is_legal(state, "place cell=(0,0)")  # type: ignore[arg-type]


@pytest.mark.parametrize(("call", "needle"), [
    (lambda g, s: g.outcomes(s, "roll"), r"outcomes takes an Action, not str"),
    (lambda g, s: g.outcomes(s, None), r"outcomes takes an Action, not NoneType"),
    (lambda g, s: g.legal_actions(None), r"legal_actions takes a State, not NoneType"),
    (lambda g, s: g.legal_actions("state"), r"legal_actions takes a State, not str"),
    (lambda g, s: g.new_state(seed="7"), r"new_state takes an integer seed, not str"),
    (lambda g, s: g.determinize(s.view(0), None), r"determinize takes an Rng or an integer"),
], ids=["outcomes-text", "outcomes-none", "legal-none", "legal-text", "seed-text",
        "determinize-none"])
def test_the_forward_model_names_a_wrong_argument(call: Any, needle: str) -> None:
    """A value of the wrong kind given to the forward model is a TypeError that says what
    the call takes, not an AttributeError from deep inside."""
    game = stratagem.load("high_card")
    with pytest.raises(TypeError, match=needle):
        call(game, game.new_state(0))


@pytest.mark.parametrize("player", [-1, 2, 5])
def test_a_view_is_of_a_player_of_the_game(player: int) -> None:
    state = stratagem.load("high_card").new_state(0)
    with pytest.raises(ValueError, match=f"no player {player}"):
        state.view(player)


def test_an_action_builder_is_made_from_a_state() -> None:
    game = stratagem.load("tic_tac_toe")
    with pytest.raises(TypeError, match=r"ActionBuilder takes a State \(ActionBuilder\(state\)\)"):
        stratagem.ActionBuilder(game, game.new_state(0))  # type: ignore[arg-type]
