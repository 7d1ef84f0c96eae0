"""How a state keeps its mappings: the engine's own are exact dicts (``entities_``,
``params_``...), which CPython 3.11 reads by its fastest paths; what a caller reads through
the public names (``state.entities``, ``entity.params``, ``player.zones``...) is a
read-only copy that refuses every write, never lags behind the engine's dict, and is made
once, not at every read. ``tests/test_trust_state.py`` checks the refusals' message,
pickling and equality."""

from __future__ import annotations

import copy
import itertools
import pickle
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import stratagem
from card_helpers import letters, random_game
from conftest import random_walk
from stratagem.engine import Pos, Rng, State
from stratagem.engine.state import Entity, PlayerState, ReadOnlyDict

# Bundled games that between them write the board index (all), stacks and counters
# (Outpost), counters (Skirmish, Court Letters) and players' zones (the card games).
GAMES = ("connect_four", "skirmish", "broken_throne", "court_letters", "high_card", "outpost")

STATE_MAPPINGS = ("entities", "at", "stacks", "memory", "counters")

WRITES: tuple[tuple[str, Callable[[dict[Any, Any]], object]], ...] = (
    ("setitem", lambda d: d.__setitem__("x", 1)),
    ("delitem", lambda d: d.__delitem__(next(iter(d), "x"))),
    ("pop", lambda d: d.pop(next(iter(d), "x"))),
    ("popitem", lambda d: d.popitem()),
    ("clear", lambda d: d.clear()),
    ("update", lambda d: d.update({"x": 1})),
    ("setdefault", lambda d: d.setdefault("x", 1)),
    ("ior", lambda d: d.__ior__({"x": 1})),
)


def _walks(limit: int = 60) -> Iterator[tuple[str, State]]:
    for name in GAMES:
        game = stratagem.load(name)
        for s in random_walk(game, 3, limit):
            yield name, s


def _mappings(s: State) -> Iterator[tuple[str, dict[Any, Any], dict[Any, Any]]]:
    """Every mapping of a state as (where, the public copy, the engine's own dict)."""
    for name in STATE_MAPPINGS:
        yield name, getattr(s, name), getattr(s, name + "_")
    for eid, e in s.entities_.items():
        yield f"entity {eid} params", e.params, e.params_
    for p, pl in enumerate(s.players):
        yield f"player {p} params", pl.params, pl.params_
        yield f"player {p} zones", pl.zones, pl.zones_


def test_the_engine_keeps_exact_dicts_and_callers_read_equal_read_only_copies() -> None:
    """Along random games of games that write every kind of mapping: each engine dict is
    an exact ``dict`` (a subclass would miss the interpreter's fast paths), each public
    name a ``ReadOnlyDict`` equal to it."""
    for name, s in _walks():
        back = s.game.deserialize(s.game.serialize(s))  # a state made another way
        for state in (s, back):
            for where, public, own in _mappings(state):
                assert type(own) is dict, (name, where, type(own))
                assert type(public) is ReadOnlyDict, (name, where, type(public))
                assert public == own, (name, where)


@pytest.mark.parametrize(("how", "write"), WRITES, ids=[w[0] for w in WRITES])
def test_every_public_mapping_refuses_every_write(how: str,
                                                  write: Callable[[dict[Any, Any]], object]
                                                  ) -> None:
    """Every mapping of a state after apply, of each of its entities and players, refuses
    each way of writing a dict, and the engine's dict is left as it was."""
    del how
    for name in ("skirmish", "court_letters"):
        game = stratagem.load(name)
        s = random_walk(game, 5, 12)[-1]
        for where, public, own in _mappings(s):
            before = dict(own)
            with pytest.raises(TypeError, match="read-only"):
                write(public)
            assert own == before, (name, where)


def test_a_copy_is_made_once_and_shared_with_the_entity() -> None:
    """The public copy is kept: read twice, it is the same object; an entity's is shared
    by every state that shares the entity (an action that does not touch a unit does not
    copy its parameters again)."""
    game = stratagem.load("broken_throne")
    states = random_walk(game, 1, 30)
    s = states[-1]
    for name in STATE_MAPPINGS:
        assert getattr(s, name) is getattr(s, name)
    for e in s.entities_.values():
        assert e.params is e.params
    for a, b in itertools.pairwise(states):
        for eid, e in b.entities_.items():
            if a.entities_.get(eid) is e:
                assert a.entities[eid].params is b.entities[eid].params


def test_a_copy_never_lags_behind_a_write_of_the_same_transaction() -> None:
    """A caller reading a mapping while a transaction writes it (a game's own Python code
    runs inside one) sees each write: a copy read before a write is not handed out
    after it."""
    game = stratagem.load("skirmish")
    s = random_walk(game, 2, 4)[-1]
    eid, e = next((i, e) for i, e in s.entities_.items() if "hp" in e.params_)
    pos = Pos(0, 0) if Pos(0, 0) not in s.at_ else Pos(1, 0)
    t = s._begin()
    assert t.at == s.at and t.entities == s.entities
    t._w_at()[pos] = eid
    assert t.at[pos] == eid
    w = t._w_entity(eid)
    assert w.params["hp"] == e.params_["hp"]  # a copy made inside the transaction
    t._w_entity(eid).params_["hp"] = -7
    assert w.params["hp"] == -7
    t._w_player(0).params_["x"] = 3
    seen = t.players[0].params
    t._w_player(0).params_["x"] = 4
    assert t.players[0].params["x"] == 4 and seen["x"] == 3
    t._w_memory()["m"] = 1
    assert t.memory["m"] == 1
    t._w_memory()["m"] = 2
    assert t.memory["m"] == 2
    t._end()
    assert t.at[pos] == eid and t.entities[eid].params["hp"] == -7
    assert t.players[0].params["x"] == 4 and t.memory["m"] == 2
    assert pos not in s.at and s.entities[eid].params["hp"] == e.params_["hp"]
    assert "x" not in s.players[0].params and "m" not in s.memory


def test_entities_and_players_pickle_copy_and_compare_by_their_fields() -> None:
    """An entity or a player pickles and deep-copies by its fields, not by the read-only
    copy it may hold; ``copy()`` gives one whose mappings may be written."""
    game = stratagem.load("court_letters")
    s = random_walk(game, 4, 10)[-1]
    for e in s.entities_.values():
        e.params  # noqa: B018 - a read-only copy made and kept
        for back in (pickle.loads(pickle.dumps(e)), copy.deepcopy(e)):
            assert isinstance(back, Entity) and back == e and hash(back) == hash(e)
            assert back.params == e.params and type(back.params_) is dict
    for pl in s.players:
        pl.zones  # noqa: B018
        for twin in (pickle.loads(pickle.dumps(pl)), copy.deepcopy(pl)):
            assert isinstance(twin, PlayerState) and twin == pl and hash(twin) == hash(pl)
        mine = pl.copy()
        mine.params["x"] = 1
        mine.zones["hand"] = ()
        assert "x" not in pl.params and mine == PlayerState(
            {**pl.params_, "x": 1}, {**pl.zones_, "hand": ()}, pl.alive)


def test_the_engine_reads_no_public_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine, the rules' compiled closures and the games written in Python read the
    exact dicts only: a read of a public name from there would cost a copy a step (and
    would read a copy where the engine means its own dict)."""
    found: set[str] = set()

    def spy(cls: type, name: str) -> None:
        prop = getattr(cls, name)

        def get(self: Any) -> Any:
            f = sys._getframe(1)
            module = f.f_globals.get("__name__", "")
            if module.startswith(("stratagem.engine", "stratagem.rules", "stratagem.games")) \
                    and module != "stratagem.engine.state":
                found.add(f"{f.f_code.co_filename}:{f.f_lineno} reads .{name}")
            return prop.fget(self)

        monkeypatch.setattr(cls, name, property(get))

    for name in STATE_MAPPINGS:
        spy(State, name)
    spy(Entity, "params")
    spy(PlayerState, "params")
    spy(PlayerState, "zones")
    for game_name in (*GAMES, "tic_tac_toe", "duel", "pig", "frontier"):
        game = stratagem.load(game_name)
        for i, s in enumerate(random_walk(game, 11, 80)):
            if i % 10 or s.decision is None:
                continue
            action = s.decision.actions[-1]
            game.why_illegal(s, action)
            game.describe_action(s, s.decision.player, action)
            game.render(s)
            game.describe_flow(s)
            if s.decision.kind != "chance":
                game.outcomes(s, action)
            for p in range(len(game.players)):
                game.determinize(s.view(p), 1)
            game.deserialize(game.serialize(s))
        game.playout(game.new_state(2), Rng(2))
    assert not found, sorted(found)


def test_a_card_games_table_and_knowledge_refuse_every_write() -> None:
    """A card game's table zones and what each player knows of each card (``state.cards``)
    are read-only too, in the state, in each player's view and in a state read back from
    its saved text; a refused write changes nothing."""
    game = letters()
    seen = {"table": 0, "known": 0, "ruled_out": 0}
    for seed in range(4):
        for s in random_game(game, seed):
            back = game.deserialize(game.serialize(s))
            for state in (s, back, *(s.view(p) for p in range(len(game.players)))):
                for name in seen:
                    d = getattr(state.cards, name)
                    assert type(d) is ReadOnlyDict, name
                    seen[name] += bool(d)
                    before = dict(d)
                    for _, write in WRITES:
                        with pytest.raises(TypeError, match="read-only"):
                            write(d)
                    assert getattr(state.cards, name) == before
    assert all(seen.values()), seen  # each mapping was tried with something in it


ENTITY_FIELDS = ("id", "type", "owner", "pos", "params_", "statuses", "zone", "_view")
PLAYER_FIELDS = ("alive", "params_", "zones_", "_views")


def _handed_out(s: State) -> Iterator[tuple[str, Any]]:
    """Every entity and player a caller can get from ``s``, by each public reader."""
    for eid, e in s.entities.items():
        yield f"entities[{eid}]", e
        yield f"entity({eid})", s.entity(eid)
    for pos in s.at:
        yield f"occupant({pos})", s.occupant(pos)
    for e in s.iter_entities():
        yield f"iter_entities() #{e.id}", e
    for p, pl in enumerate(s.players):
        yield f"players[{p}]", pl


def _refused(where: str, write: Callable[..., object], *args: object) -> None:
    try:
        write(*args)
    except AttributeError as exc:
        assert "read-only" in str(exc), (where, str(exc))
    else:
        pytest.fail(f"{where}: a field could be written")


def test_no_field_of_an_entity_or_player_a_state_hands_out_can_be_set() -> None:
    """Setting or deleting any field of an entity or player read from a state (its place,
    owner, type, standing...) is refused with an ``AttributeError`` and changes nothing,
    in the state or in its parent, which shares the entities the step left alone; the
    game plays on from the state as if nobody had tried."""
    tried = 0
    for name, s in _walks(40):
        if s.decision is None:
            continue
        game = s.game
        before = game.serialize(s)
        for where, x in _handed_out(s):
            fields = PLAYER_FIELDS if isinstance(x, PlayerState) else ENTITY_FIELDS
            for field in fields:
                _refused(f"{name}: {where}", setattr, x, field, None)
                _refused(f"{name}: {where}", delattr, x, field)
                tried += 1
        assert game.serialize(s) == before, name
        child = game.apply(s, s.decision.actions[0])
        for where, x in _handed_out(child):
            field = "alive" if isinstance(x, PlayerState) else "pos"
            _refused(f"{name}, a step on: {where}", setattr, x, field, None)
        assert game.serialize(s) == before, name
    assert tried > 1000, tried


def test_a_copy_of_an_entity_or_player_may_be_changed_and_the_state_keeps_its_own() -> None:
    """``copy()`` gives an entity or player whose every field may be set; the state's own
    stays as it was."""
    game = stratagem.load("skirmish")
    s = game.new_state(3)
    e = next(iter(s.entities.values()))
    mine = e.copy()
    mine.pos = Pos(0, 0)
    mine.owner = 1 - (e.owner or 0)
    mine.params["hp"] = 99
    assert (mine.pos, mine.owner, mine.params["hp"]) == (Pos(0, 0), 1 - (e.owner or 0), 99)
    assert s.entity(e.id) == e and s.entity(e.id) != mine
    pl = s.players[0].copy()
    pl.alive = False
    assert s.players[0].alive and not pl.alive
