"""Saved states: a mid-reaction state resumes exactly, and malformed text is one clear error."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import stratagem
from conftest import GAMES, check_state, pick, play
from rules_helpers import build
from stratagem.engine import Game, SerializationError, State

REACTIVE = [n for n in GAMES if any(not r.automatic for r in stratagem.load(n).reactions.values())]
"""Games whose players may react to events (reaction decisions, EventFrames on the stack)."""


@cache
def mid_reaction(explicit: bool) -> State:
    """A state waiting on a reaction decision, found by playing the reactive games."""
    for name in REACTIVE:
        game = stratagem.load(name)
        for seed in range(50):
            for state in play(game, seed, [seed, 2, 5, 1, 7], explicit=explicit,
                              max_steps=150).states:
                if state.decision is not None and state.decision.kind == "reaction":
                    return state
    raise AssertionError("no reaction decision reached")


@cache
def mid_chain_chance() -> State:
    """An explicit-chance state rolling dice inside a pending event (a chance node mid-chain)."""
    for name in REACTIVE:
        game = stratagem.load(name)
        for seed in range(50):
            for state in play(game, seed, [seed, 3, 1], explicit=True, max_steps=150).states:
                if state.decision is not None and state.decision.kind == "chance" and len(
                        state.stack) > 1 and any(
                        f[0] == "E" and f[4] == "pending"
                        for f in json.loads(game.serialize(state))["stack"]):
                    return state
    raise AssertionError("no chance node inside a pending event reached")


def continue_identically(game: Game, original: State, copy_: State, choices: list[int]) -> int:
    """Play both states on with the same choices; assert they stay byte-identical. Steps played."""
    a, b = original, copy_
    steps = 0
    for i in range(120):
        assert game.serialize(a) == game.serialize(b)
        if a.decision is None:
            break
        action = pick(a, choices, i)
        a, b = game.apply(a, action), game.apply(b, action)
        steps += 1
    assert a.outcome == b.outcome
    return steps


needs_reactions = pytest.mark.skipif(not REACTIVE, reason="no bundled game has reactions")


@needs_reactions
@pytest.mark.parametrize("explicit", [False, True], ids=["sampled", "explicit"])
def test_a_state_saved_mid_reaction_chain_resumes_identically(explicit: bool) -> None:
    """A state saved at a reaction decision round-trips and plays on exactly like the original."""
    state = mid_reaction(explicit)
    game = state.game
    text = game.serialize(state)
    assert any(f[0] == "E" for f in json.loads(text)["stack"]), "a pending event is on the stack"
    restored = game.deserialize(text)
    assert restored == state
    assert restored.decision.kind == "reaction"
    assert game.serialize(restored) == text
    check_state(game, restored)
    for choices in ([0], [1], [1, 0, 3]):
        assert continue_identically(game, state, restored, choices) > 0


@needs_reactions
def test_a_chance_node_inside_a_pending_event_resumes_identically() -> None:
    """An explicit roll inside a reaction chain survives a save and resolves the same after it."""
    state = mid_chain_chance()
    game = state.game
    text = game.serialize(state)
    assert any(f[0] == "A" for f in json.loads(text)["stack"]), "the roll waits on the stack"
    restored = game.deserialize(text)
    assert restored == state
    for choices in ([0], [5, 2]):
        assert continue_identically(game, state, restored, choices) > 0


# --------------------------------------------------------------- malformed
@cache
def sample_text() -> str:
    """A rich serialized state: mid reaction chain if a game has reactions, else mid game."""
    if REACTIVE:
        state = mid_reaction(True)
    else:
        game = stratagem.load(GAMES[0])
        state = play(game, 1, [1, 2], max_steps=3).final
    return state.game.serialize(state)


@cache
def finished_text() -> str:
    """A serialized finished game, which has an outcome section."""
    game = stratagem.load(GAMES[0])
    state = play(game, 1, [1, 2], max_steps=1000).final
    assert state.outcome is not None
    return game.serialize(state)


def _game_of(text: str) -> Game:
    return stratagem.load(json.loads(text)["game"])


def _edit(edit: Callable[[dict[str, Any]], None], *, finished: bool = False) -> str:
    doc = json.loads(finished_text() if finished else sample_text())
    edit(doc)
    return json.dumps(doc)


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda doc: doc.__setitem__(key, value)


def _entity(index: int, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda doc: doc["entities"][0].__setitem__(index, value)


def assert_rejected(game: Game, text: Any) -> SerializationError:
    """Deserializing ``text`` raises SerializationError (and nothing else)."""
    with pytest.raises(SerializationError) as err:
        game.deserialize(text)
    assert str(err.value)
    return err.value


TOP_KEYS = ["format", "version", "game", "rules_hash", "entities", "tiles", "players", "flow", "stack", "rng",
            "memory", "counters", "log", "decision", "outcome", "explicit", "next_id", "viewer"]


def test_the_sample_texts_hold_every_top_level_key() -> None:
    """The malformation cases below start from texts that are well formed and complete."""
    for text in (sample_text(), finished_text()):
        assert sorted(json.loads(text)) == sorted(TOP_KEYS)
        game = _game_of(text)
        assert game.serialize(game.deserialize(text)) == text


@pytest.mark.parametrize("text", [
    "", "   ", "{", "nope", "{'format': 1}", '{"format": "stratagem/state",', "[1, 2",
    b"\xff\xfe\x00", b"\x80abc",
], ids=repr)
def test_text_that_is_not_json_is_rejected(text: str | bytes) -> None:
    """Text that is not JSON raises SerializationError."""
    assert "JSON" in str(assert_rejected(_game_of(sample_text()), text))


@pytest.mark.parametrize("text", ["[]", "null", "42", '"state"', "{}", "[{}]", "true"])
def test_json_of_the_wrong_shape_is_rejected(text: str) -> None:
    """JSON that is not a state object raises SerializationError."""
    assert_rejected(_game_of(sample_text()), text)


@pytest.mark.parametrize("thing", [None, 42, [], {"format": "stratagem/state"}])
def test_a_non_text_argument_is_rejected(thing: object) -> None:
    """deserialize of something that is not text raises SerializationError."""
    assert_rejected(_game_of(sample_text()), thing)


@pytest.mark.parametrize(("key", "value"), [
    ("format", "stratagem/replay"), ("format", None), ("format", 1),
    ("version", 6), ("version", 0), ("version", "1"), ("version", None), ("version", [1]),
])
def test_a_wrong_format_tag_or_version_is_rejected(key: str, value: Any) -> None:
    """A state of another format or version raises SerializationError naming the field."""
    err = assert_rejected(_game_of(sample_text()), _edit(_set(key, value)))
    assert key in str(err)


def test_a_state_of_another_game_is_rejected() -> None:
    """A state is read only by the game it belongs to."""
    text = sample_text()
    own = _game_of(text)
    for name in GAMES:
        if name != own.name:
            assert "game" in str(assert_rejected(stratagem.load(name), text))
    for wrong in ("no_such_game", None, 3):
        assert_rejected(own, _edit(_set("game", wrong)))


@pytest.mark.parametrize("key", TOP_KEYS)
@pytest.mark.parametrize("finished", [False, True], ids=["mid", "over"])
def test_a_missing_top_level_key_is_rejected(key: str, finished: bool) -> None:
    """Dropping any top-level section raises SerializationError."""
    text = _edit(lambda doc: doc.pop(key), finished=finished)
    assert_rejected(_game_of(sample_text() if not finished else finished_text()), text)


@pytest.mark.parametrize(("section", "key"), [
    ("decision", "kind"), ("decision", "player"), ("decision", "actions"), ("decision", "prompt"),
    ("decision", "actor"), ("decision", "weights"),
    ("players", "params"), ("players", "zones"), ("players", "alive"),
    ("outcome", "winners"), ("outcome", "ranks"), ("outcome", "scores"), ("outcome", "reason"),
])
def test_a_missing_nested_key_is_rejected(section: str, key: str) -> None:
    """Dropping a key of the decision, a player or the outcome raises SerializationError."""
    finished = section == "outcome"

    def drop(doc: dict[str, Any]) -> None:
        part = doc[section][0] if section == "players" else doc[section]
        del part[key]

    text = _edit(drop, finished=finished)
    assert_rejected(_game_of(finished_text() if finished else sample_text()), text)


ENTITY_CASES = {
    "entities not a list": _set("entities", 5),
    "entity not a list": lambda doc: doc["entities"].__setitem__(0, 5),
    "entity too short": lambda doc: doc["entities"][0].pop(),
    "entity too long": lambda doc: doc["entities"][0].append(None),
    "id a string": _entity(0, "1"),
    "id a float": _entity(0, 1.5),
    "id a bool": _entity(0, True),
    "type a number": _entity(1, 5),
    "type unknown": _entity(1, "dragon"),
    "params a list": _entity(4, [1, 2]),
    "params a string": _entity(4, "hp=3"),
    "pos an untagged list": _entity(3, [1, 2]),
    "pos with an unknown tag": _entity(3, {"?": [1, 2]}),
    "pos with three coordinates": _entity(3, {"@": [1, 2, 3]}),
    "pos with string coordinates": _entity(3, {"@": ["a", "b"]}),
    "statuses a number": _entity(5, 5),
    "status too short": _entity(5, [["s", 1]]),
}
ENTITY_BUGS = {
    "owner a string": _entity(2, "zero"),
    "zone a number": _entity(6, 5),
    "pos a string": _entity(3, "(1,2)"),
    "parameter value a string": lambda doc: doc["entities"][0][4].__setitem__(
        next(iter(doc["entities"][0][4])), "abc"),
    "status name a number": _entity(5, [[5, None, None]]),
    "pos off the board": _entity(3, {"@": [99, 99]}),
    "two on one square": lambda doc: doc["entities"][1].__setitem__(3, doc["entities"][0][3]),
    "an id used twice": lambda doc: doc["entities"][1].__setitem__(0, doc["entities"][0][0]),
}


@pytest.mark.parametrize("case", [*ENTITY_CASES, *ENTITY_BUGS])
def test_wrong_types_in_entities_are_rejected(case: str) -> None:
    """An entity with a field of the wrong type raises SerializationError naming the section."""
    text = sample_text()
    edit = ENTITY_CASES.get(case) or ENTITY_BUGS[case]
    assert json.loads(text)["entities"][0][4], "the sample entity has parameters"
    assert json.loads(text)["entities"][0][3] is not None, "the sample entity stands on the board"
    err = assert_rejected(_game_of(text), _edit(edit))
    assert "entities" in str(err)


@pytest.mark.parametrize("case", ["flow", "stack", "memory", "counters", "log", "decision"])
def test_wrong_types_in_other_sections_are_rejected(case: str) -> None:
    """A section of the wrong JSON type raises SerializationError."""
    assert_rejected(_game_of(sample_text()), _edit(_set(case, 7)))


@pytest.mark.parametrize("text", [
    pytest.param("1" * 5000, id="huge-integer"),
    pytest.param("[" * 100_000 + "]" * 100_000, id="deep-nesting"),
])
def test_pathological_json_is_rejected(text: str) -> None:
    """JSON the parser itself refuses (too many digits, too deep) raises SerializationError."""
    assert_rejected(_game_of(sample_text()), text)


def test_a_score_too_large_for_a_float_is_rejected() -> None:
    """An outcome score beyond float range raises SerializationError."""
    text = _edit(lambda doc: doc["outcome"].__setitem__("scores", [10**400, 0]), finished=True)
    assert_rejected(_game_of(finished_text()), text)


# ------------------------------------------------------ truncation, flips
def test_truncated_text_is_rejected_at_many_cut_points() -> None:
    """Every prefix of a serialized mid-game state, cut at twenty points, is refused."""
    texts = [sample_text(), finished_text()]
    if REACTIVE:
        texts += [mid_reaction(False).game.serialize(mid_reaction(False)),
                  mid_chain_chance().game.serialize(mid_chain_chance())]
    cuts = 0
    for text in texts:
        game = _game_of(text)
        for k in range(20):
            cut = k * (len(text) - 1) // 19
            assert cut < len(text)
            assert_rejected(game, text[:cut])
            cuts += 1
    assert cuts >= 40


@settings(max_examples=200, deadline=None)
@given(cut=st.integers(min_value=0), data=st.data())
def test_any_truncation_is_rejected(cut: int, data: st.DataObject) -> None:
    """Any proper prefix of a serialized state raises SerializationError."""
    text = data.draw(st.sampled_from([sample_text(), finished_text()]))
    assert_rejected(_game_of(text), text[: cut % len(text)])


@settings(max_examples=300, deadline=None)
@given(flips=st.lists(st.tuples(st.integers(min_value=0), st.integers(0, 255)),
                      min_size=1, max_size=4),
       as_bytes=st.booleans(), data=st.data())
def test_random_byte_flips_raise_only_serialization_errors(
        flips: list[tuple[int, int]], as_bytes: bool, data: st.DataObject) -> None:
    """A serialized state with random bytes changed is read back or refused, never crashes."""
    text = data.draw(st.sampled_from([sample_text(), finished_text()]))
    game = _game_of(text)
    raw = bytearray(text.encode())
    for where, byte in flips:
        raw[where % len(raw)] = byte
    blob: str | bytes = bytes(raw) if as_bytes else raw.decode("utf-8", errors="replace")
    try:
        state = game.deserialize(blob)
    except SerializationError:
        return
    assert isinstance(state, State)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_json_level_mutations_raise_only_serialization_errors(data: st.DataObject) -> None:
    """A real state with one JSON value replaced by junk is read back or refused, never crashes."""
    text = data.draw(st.sampled_from([sample_text(), finished_text()]))
    doc = json.loads(text)
    paths: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for k, v in items:
            paths.append((node, k))
            if isinstance(v, dict | list):
                walk(v)

    walk(doc)
    assert len(paths) > 50
    parent, key = data.draw(st.sampled_from(paths))
    parent[key] = data.draw(st.one_of(
        st.none(), st.booleans(), st.integers(-3, 10**20), st.floats(allow_nan=False),
        st.text(max_size=5), st.just([]), st.just({}), st.just({"t": [1]}), st.just({"#": "x"}),
        st.just([1, 2, 3])))
    try:
        state = _game_of(text).deserialize(json.dumps(doc))
    except SerializationError:
        return
    assert isinstance(state, State)


def test_a_list_bound_across_a_choice_survives_serialization() -> None:
    """A list named by `let` and waiting on the stack behind a mid-effect choice comes back
    from the text form as the same list."""
    game = build("""\
        game: pick
        players: [solo]
        actions:
          go:
            effects:
              - let: {as: xs, value: "[1, (2, 3), [4]]"}
              - choose: {as: c, from: "[5, 6]"}
              - remember: {key: seen, value: xs}
        flow:
          phases:
            - name: play
              max_actions: 1
              actions: [go]
        end:
          round_limit: 1
        """)
    s = game.apply(game.new_state(), game.legal_actions(game.new_state())[0])
    assert s.decision is not None and s.decision.prompt == "choose c"
    back = game.deserialize(game.serialize(s))
    assert back == s
    done = game.apply(back, game.legal_actions(back)[0])
    assert done == game.apply(s, game.legal_actions(s)[0])
    assert list(done.memory["seen"]) == [1, (2, 3), (4,)]  # memory keeps lists as tuples
