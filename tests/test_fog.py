"""Fog of war (engine/fog.py, the `visibility:` section): views, memories, determinize."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

import stratagem
from conftest import random_walk
from stratagem.engine import Action, Ctx, Pos
from stratagem.engine.fog import (
    EXPLORED,
    GONE,
    SEEN,
    UNSEEN_MOVE,
    Fog,
    as_fog,
    explored,
    last_seen,
)
from stratagem.engine.rng import Rng
from stratagem.engine.state import State
from stratagem.rules import RulesError, compile_text, library

FIXTURE = Path(__file__).parent / "rules_fixtures" / "fog_skirmish.yaml"
GAMES = 6


@pytest.fixture(scope="module")
def game() -> stratagem.Game:
    return stratagem.load(str(FIXTURE))


def _random_states(game: stratagem.Game, seed: int, limit: int = 80) -> list[State]:
    return random_walk(game, seed, limit)


def _changed(game: stratagem.Game, s: State, eid: int, pos: Pos | None = None,
             hp: int | None = None) -> State:
    """``s`` with entity ``eid`` moved or wounded, by way of its saved form (whose reader
    works the decision out again from the rules)."""
    doc = json.loads(game.serialize(s))
    for row in doc["entities"]:
        if row[0] == eid:
            if pos is not None:
                row[3] = {"@": [pos.x, pos.y]}
            if hp is not None:
                row[4]["hp"] = hp
    return game.deserialize(json.dumps(doc))


def test_unseen_entities_leave_the_view(game: stratagem.Game) -> None:
    """At the start each side sees only its own corner: the enemy patrol is not in its view."""
    s = game.new_state(0)
    for p in (0, 1):
        v = s.view(p)
        assert {e.owner for e in v.iter_entities()} == {p}
        assert len(list(s.iter_entities())) == 6
        assert v.counters.get(SEEN + str(p), ()) == ()
        assert not any(k.endswith(f":{1 - p}") for k in v.counters)


def test_views_hide_what_the_player_cannot_see(game: stratagem.Game) -> None:
    """The leak test: along random games, for every state and player, moving a hidden enemy
    to another square out of sight, or wounding it, leaves that player's view unchanged."""
    fog = game.fog
    assert fog is not None
    checked = 0
    for seed in range(GAMES):
        for s in _random_states(game, seed):
            if s.decision is None:
                continue
            for p in (0, 1):
                view = s.view(p)
                hidden = [e for e in s.iter_entities() if e.id not in view.entities]
                cells, _ = fog.seen_area(s, p)
                free = [c for c in game.board.cells if c not in cells and c not in s.at
                        and s.tile(c) == "ground"]
                for e in hidden:
                    assert e.owner != p
                    if free:
                        moved = _changed(game, s, e.id, pos=free[(e.id * 7) % len(free)])
                        assert moved != s or free[(e.id * 7) % len(free)] == e.pos
                        assert moved.view(p) == view
                    wounded = _changed(game, s, e.id, hp=1 if e["hp"] != 1 else 2)
                    assert wounded != s
                    assert wounded.view(p) == view
                    checked += 1
    assert checked > 100


def test_options_never_name_a_hidden_unit(game: stratagem.Game) -> None:
    """Shots are offered only at enemies the shooting side sees; a hidden one is never a
    target, even within range."""
    seen_shot = False
    for seed in range(GAMES):
        for s in _random_states(game, seed):
            d = s.decision
            if d is None or d.kind != "action":
                continue
            view = s.view(d.player)
            for a in game.legal_actions(s):
                for _, v in a.targets:
                    if a.type == "shoot":
                        seen_shot = True
                        assert v in view.entities
    assert seen_shot


def test_last_seen_records_and_memory(game: stratagem.Game) -> None:
    """An enemy seen and then lost from sight is recorded where and when it was last seen;
    the record survives saving, and a save without memories loads with empty ones."""
    found = None
    for seed in range(GAMES):
        for s in _random_states(game, seed):
            for p in (0, 1):
                for rec in last_seen(s, p):
                    found = (s, p, rec)
    assert found is not None
    s, p, (eid, etype, owner, _, rnd, _) = found
    assert owner != p and etype in game.entity_types and 1 <= rnd <= s.round
    assert eid not in s.view(p).entities
    assert last_seen(s.view(p), p) == last_seen(s, p)  # the view keeps the viewer's memory
    assert game.deserialize(game.serialize(s)) == s
    assert explored(s, p)
    doc = json.loads(game.serialize(s))
    doc["counters"] = {k: v for k, v in doc["counters"].items() if not k.startswith("fog:")}
    old = game.deserialize(json.dumps(doc))
    assert last_seen(old, p) == () and explored(old, p) == frozenset()


def test_moves_of_others_are_withheld_from_the_log(game: stratagem.Game) -> None:
    """A view's log shows the viewer's own moves and only that others moved."""
    states = _random_states(game, 1, 12)
    s = states[-1]
    for p in (0, 1):
        for rec in s.view(p).history:
            if rec.player == p:
                continue
            assert rec.action in (UNSEEN_MOVE, Action("roll", None, (("value", None),)))
            assert rec.events == ()


def test_determinize_puts_unseen_units_back(game: stratagem.Game) -> None:
    """Determinized worlds hold every enemy the viewer has reason to believe in: those
    last seen stand on their last-seen squares (or the nearest free square out of sight),
    those never seen on their set-up squares, with what they had; seen ones unchanged."""
    fog = game.fog
    assert fog is not None
    start = {e.id: e for e in game.new_state(0).iter_entities()}
    checked = 0
    for seed in range(GAMES):
        for s in _random_states(game, seed, 60):
            for p in (0, 1):
                view = s.view(p)
                records = {r[0]: r for r in view.counters.get(SEEN + str(p), ())}
                gone = set(view.counters.get(GONE + str(p), ()))
                cells, _ = fog.seen_area(view, p)
                world = game.determinize(view, Rng(seed))
                assert world.viewer is None
                for e in view.iter_entities():
                    assert world.entity(e.id) == e
                expected = {eid for eid, e in start.items() if e.owner != p} - gone
                hidden = {eid for eid in world.entities if eid not in view.entities}
                assert hidden == expected - set(view.entities)
                for eid in hidden:
                    e = world.entity(eid)
                    assert e.pos not in cells
                    if eid in records:
                        _, etype, owner, pos, _, params = records[eid]
                        assert (e.type, e.owner, dict(e.params)) == (etype, owner, dict(params))
                        if pos not in cells and pos not in view.at:
                            assert e.pos == pos or world.at[pos] in hidden
                        checked += 1
                    else:
                        assert dict(e.params) == dict(start[eid].params)
                        first = start[eid].pos
                        if first not in cells and first not in view.at:
                            assert e.pos == first or world.at[first] in hidden
                placed = {e.pos: eid for eid, e in world.entities.items() if e.pos is not None}
                assert placed == dict(world.at)
                if world.decision is not None:
                    assert world.decision == view.decision or view.decision.player != p
    assert checked > 10


def test_determinize_moves_a_unit_whose_square_is_seen_empty(game: stratagem.Game) -> None:
    """A unit last seen on a square the viewer now sees empty is put on the nearest free
    square out of sight, never on the seen one."""
    fog = game.fog
    assert fog is not None
    for seed in range(GAMES):
        for s in _random_states(game, seed):
            for p in (0, 1):
                view = s.view(p)
                cells, _ = fog.seen_area(view, p)
                for eid, _, _, pos, _, _ in last_seen(view, p):
                    if pos in cells and eid not in set(view.counters.get(GONE + str(p), ())):
                        world = game.determinize(view, 3)
                        assert world.entity(eid).pos not in cells
                        return
    pytest.fail("no unit was ever last seen on a square later seen empty")


def test_a_unit_killed_in_sight_is_known_gone(game: stratagem.Game) -> None:
    """A unit shot dead in sight of a side goes on that side's gone list and is never
    put back by determinize."""
    for seed in range(40):
        states = _random_states(game, seed, 200)
        for before, after in itertools.pairwise(states):
            lost = set(before.entities) - set(after.entities)
            for eid in lost:
                victim = before.entity(eid)
                shooter = 1 - victim.owner
                assert eid in after.counters.get(GONE + str(shooter), ())
                world = game.determinize(after.view(shooter), 0)
                assert eid not in world.entities
                return
    pytest.fail("no unit died in 40 random games")


def test_mcts_plays_from_the_view_alone(game: stratagem.Game,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """An MCTS agent given views reads nothing hidden: two states that differ only in a
    hidden enemy give the same choice and rationale, every world it searches is made by
    determinize from that view, and none is an empty battlefield."""
    s = next(x for x in _random_states(game, 2, 40)
             if x.decision is not None and len(x.view(x.decision.player).entities) < 6)
    p = s.decision.player
    view = s.view(p)
    hidden = next(e for e in s.iter_entities() if e.id not in view.entities)
    fog = game.fog
    assert fog is not None
    cells, _ = fog.seen_area(s, p)
    other = next(c for c in game.board.cells if c not in cells and c not in s.at
                 and s.tile(c) == "ground" and c != hidden.pos)
    twin = _changed(game, s, hidden.id, pos=other)
    assert twin != s and twin.view(p) == view
    worlds: list[tuple[State, State]] = []
    real = type(game).determinize

    def watched(self: stratagem.Game, v: State, rng: object) -> State:
        world = real(self, v, rng)  # type: ignore[arg-type]
        worlds.append((v, world))
        return world

    monkeypatch.setattr(type(game), "determinize", watched)
    choices = []
    for state in (s, twin):
        agent = stratagem.agent("mcts:iterations=40", game, seed=4)
        choices.append(agent.choose(state.view(p), state.decision))
    assert choices[0].action == choices[1].action
    assert choices[0].rationale == choices[1].rationale
    assert worlds
    enemies = {e.id for e in game.new_state(0).iter_entities() if e.owner != p}
    for v, world in worlds:
        assert v.viewer == p and v == view
        assert {e.id for e in world.iter_entities() if e.owner != p} >= enemies & (
            set(s.entities) - set(s.counters.get(GONE + str(p), ())))


def test_sight_follows_ranges_and_walls(game: stratagem.Game) -> None:
    """A soldier sees 2 squares, a scout its `eyes`; a wall hides what lies behind it."""
    fog = game.fog
    assert fog is not None
    s = game.new_state(0)
    soldier, scout = s.entity(1), s.entity(3)
    assert fog.range_of(soldier) == 2 and fog.range_of(scout) == 4
    assert fog.entity_sees(s, soldier, Pos(2, 2)) and not fog.entity_sees(s, soldier, Pos(3, 0))
    # From (1, 2) the wall at (2, 2) hides (3, 2), which the scout could otherwise reach.
    assert fog.entity_sees(s, scout, Pos(0, 5))
    area, _ = fog.area(s, Pos(1, 2), 4)
    assert Pos(3, 2) not in area and Pos(1, 4) in area
    assert EXPLORED + "0" in s.counters


def test_visible_and_sees_in_expressions(game: stratagem.Game) -> None:
    """`visible(x)` and `sees(a, b)` read the fog: true for one's own units, false for an
    enemy out of sight."""
    s = game.new_state(0)
    fns = {name: f.impl for name, f in library.FUNCTIONS.items()}
    ctx = Ctx(s, 0, 1, {})
    assert fns["visible"](ctx, 1, None) is True
    assert fns["visible"](ctx, 4, None) is False
    assert fns["visible"](ctx, 4, 1) is True
    assert fns["visible"](ctx, Pos(0, 2), None) is True
    assert fns["sees"](ctx, 3, Pos(0, 5)) is True
    assert fns["sees"](ctx, 1, 4) is False


def test_a_python_predicate_still_hides(game: stratagem.Game) -> None:
    """A game built in Python with a visibility predicate gets a fog from it: the view
    hides what the predicate says the viewer does not see."""
    fog = as_fog(lambda state, p, e: e.pos is not None and e.pos[1] < 3)
    assert isinstance(fog, Fog) and fog.predicate is not None
    assert as_fog(None) is None
    s = game.new_state(0)
    assert fog.sees_entity(s, 0, s.entity(1)) and not fog.sees_entity(s, 0, s.entity(4))
    assert fog.sees_entity(s, 1, s.entity(4))  # its own side's


@pytest.mark.parametrize(("old", "new", "message"), [
    ("sight: {default: 2, scout: eyes}", "sight: {default: 2, scuot: eyes}",
     "`sight`: unknown entity type `scuot`"),
    ("sight: {default: 2, scout: eyes}", "sight: {default: 2, scout: ears}",
     "`sight`: no entity has a parameter `ears`"),
    ("sight: {default: 2, scout: eyes}", "sight: -1",
     "a sight range is a number of squares (0 or more) or a parameter name, not `-1`"),
    ("sight: {default: 2, scout: eyes}", "sight: 2\n  teams: [[red], [red, blue]]",
     "player `red` is in two teams"),
    ("sight: {default: 2, scout: eyes}", "sight: 2\n  always_seen: [tower]",
     "unknown entity type `tower`"),
    ("sight: {default: 2, scout: eyes}", "range: 2", "unknown key `range` in `visibility`"),
], ids=["type", "param", "negative", "teams", "always_seen", "key"])
def test_visibility_mistakes_are_located(old: str, new: str, message: str) -> None:
    """Each mistake in a `visibility:` section is one message at its place in the file."""
    text = FIXTURE.read_text(encoding="utf-8")
    assert text.count(old) == 1
    with pytest.raises(RulesError) as err:
        compile_text(text.replace(old, new), "fog.yaml")
    assert message in str(err.value)
    assert "fog.yaml:3" in str(err.value)


def test_teams_share_sight() -> None:
    """Team-mates see with each other's units: a unit seen only by an ally's scout is in
    the view, and its own side's units are never hidden from it."""
    text = FIXTURE.read_text(encoding="utf-8").replace(
        "players: [red, blue]", "players: [red, blue, green]").replace(
        "sight: {default: 2, scout: eyes}",
        "sight: {default: 2, scout: eyes}\n  teams: [[red, green], [blue]]").replace(
        "    - {type: scout, owner: blue, at: [7, 5]}",
        "    - {type: scout, owner: blue, at: [7, 5]}\n"
        "    - {type: scout, owner: green, at: [4, 6]}")
    game = compile_text(text, "teams.yaml")
    s = game.new_state(0)
    fog = game.fog
    assert fog is not None and fog.side(0) == (0, 2) and fog.side(1) == (1,)
    red_view = s.view(0)
    assert 7 in red_view.entities  # green's scout: a team-mate's unit
    # Blue's scout at (7, 5): no red unit sees it, green's scout at (4, 6) does.
    assert not any(fog.entity_sees(s, e, Pos(7, 5)) for e in s.iter_entities(owner=0))
    assert fog.entity_sees(s, s.entity(7), Pos(7, 5))
    assert 6 in red_view.entities and 6 in s.view(2).entities


def _retiled(game: stratagem.Game, s: State, cell: Pos, tile: str) -> State:
    doc = json.loads(game.serialize(s))
    tiles = list(doc["tiles"] or s.tiles)
    tiles[cell.y * game.board.width + cell.x] = tile
    doc["tiles"] = tiles
    return game.deserialize(json.dumps(doc))


def test_tiles_out_of_sight_show_as_last_seen(game: stratagem.Game) -> None:
    """A tile changed where the player does not look leaves its view as it was; one
    changed in sight shows at once, and is remembered once an action has resolved."""
    fog = game.fog
    assert fog is not None
    s = _random_states(game, 4, 10)[-1]
    p = s.decision.player
    cells, _ = fog.seen_area(s, p)
    hidden = next(c for c in game.board.cells if c not in cells and c not in s.at
                  and s.tile(c) == "ground")
    assert _retiled(game, s, hidden, "wall").view(p) == s.view(p)
    seen = next(c for c in sorted(cells) if c not in s.at and s.tile(c) == "ground")
    walled = _retiled(game, s, seen, "wall")
    assert walled.view(p).tile(seen) == "wall"
    after = game.apply(walled, Action("wait"))
    i = seen.y * game.board.width + seen.x
    assert (i, "wall") in after.counters["fog:tiles:" + str(p)]
