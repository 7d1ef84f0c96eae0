"""The fog patrol test game (tests/rules_fixtures/fog_patrol.yaml) and twins of its states:
states that differ from one only in what a player cannot know, for the view-leak tests."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import stratagem
from conftest import random_walk
from stratagem.engine import Pos
from stratagem.engine.state import State

PATROL = Path(__file__).parent / "rules_fixtures" / "fog_patrol.yaml"


@cache
def patrol() -> stratagem.Game:
    """The fog patrol game: initiative order, overwatch mid-march, spawns, a cooldown."""
    return stratagem.load(str(PATROL))


def random_states(game: stratagem.Game, seed: int, limit: int = 400) -> list[State]:
    """The states of one game played by random choices, up to ``limit``."""
    return random_walk(game, seed, limit)


def refs(doc: Any) -> set[int]:
    """Every entity id a saved state's JSON names as a value (``{"#": id}``)."""
    found: set[int] = set()
    if isinstance(doc, dict):
        if len(doc) == 1 and "#" in doc:
            found.add(doc["#"])
        for v in doc.values():
            found |= refs(v)
    elif isinstance(doc, list):
        for v in doc:
            found |= refs(v)
    return found


def named_ids(game: stratagem.Game, view: State) -> set[int]:
    """Every entity id a view names outside its entity list: in values anywhere (frames,
    counters, the log), the decision's actor, reaction candidates, the turn order, and
    counter keys such as ``cooldown:brace@#5``."""
    doc = json.loads(game.serialize(view))
    doc.pop("entities")
    found = refs(doc)
    d = doc["decision"]
    if d is not None and d["actor"] is not None:
        found.add(d["actor"])
    for frame in doc["stack"]:
        if frame[0] == "E" and frame[5] is not None:
            found |= {c[1] for c in frame[5] if c[1] is not None}
    if game.phases[view.flow.phase].order.kind == "initiative":
        found |= set(view.flow.order)
    for key in doc["counters"]:
        if "@#" in key:
            found.add(int(key[key.rfind("@#") + 2:]))
    return found


def _edit(game: stratagem.Game, s: State, change: Any) -> State | None:
    doc = json.loads(game.serialize(s))
    change(doc)
    try:
        return game.deserialize(json.dumps(doc))
    except ValueError:
        return None


def twins(game: stratagem.Game, s: State, p: int,
          pick: int | None = None) -> Iterator[tuple[str, State | None]]:
    """States that differ from ``s`` only in what ``p`` cannot know: each hidden enemy
    (one no frame of the stack names) moved to another free square out of ``p``'s
    sight, wounded, braced or unbraced, its cooldown and `acted` changed; and a runner
    of the enemy made where ``p`` does not look. Each with the change it made (``None``
    when the saved form does not load back). With ``pick``, one hidden enemy only."""
    fog = game.fog
    assert fog is not None
    view = s.view(p)
    cells, _ = fog.seen_area(s, p)
    on_stack = refs(json.loads(game.serialize(s))["stack"])
    free = [c for c in game.board.cells if c not in cells and c not in s.at
            and s.tile(c) == "ground"]
    hidden = [e for e in s.iter_entities() if e.id not in view.entities]
    if pick is not None and hidden:  # one of them only, chosen by ``pick``
        hidden = [hidden[pick % len(hidden)]]
    for e in hidden:
        if e.id not in on_stack and free:
            to = free[(e.id * 7) % len(free)]
            yield "moved", _edit_row(game, s, e.id, 3, {"@": [to.x, to.y]})
        if e.type == "soldier":
            yield "wounded", _edit_row(game, s, e.id, 4, {**e.params, "hp": 3 - e["hp"]})
            key = f"cooldown:brace@#{e.id}"
            ready = s.counters.get(key, (0, e.owner))[0] + 3
            yield "cooled", _edit(game, s, _setter("counters", key, {"t": [ready, e.owner]}))
        yield "braced", _edit_row(game, s, e.id, 5, [] if e.statuses else [["braced", 1, None]])
        yield "acted", _edit_row(game, s, e.id, 4, {**e.params, "acted": 1 - e["acted"]})
    enemy = 1 - p
    if free:
        at = free[(s.next_id * 5) % len(free)]

        def spawn(d: Any, at: Pos = at) -> None:
            eid = d["next_id"]
            d["entities"].append([eid, "runner", enemy, {"@": [at.x, at.y]},
                                  {"hp": 1, "init": 3, "acted": 0}, [], None])
            d["next_id"] = eid + 1

        yield "spawned", _edit(game, s, spawn)


def _setter(part: str, key: Any, value: Any) -> Any:
    def change(doc: Any) -> None:
        doc[part][key] = value
    return change


def _edit_row(game: stratagem.Game, s: State, eid: int, column: int, value: Any) -> State | None:
    """``s`` with one column of entity ``eid``'s saved row replaced (3: position, 4:
    parameters, 5: statuses)."""
    def change(doc: Any) -> None:
        row = next(r for r in doc["entities"] if r[0] == eid)
        row[column] = value
    return _edit(game, s, change)
