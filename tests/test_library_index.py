"""`entities(owner, type)` and its count read an index of the entities in play, kept for the
last published state's entities: along random games it gives what a plain reading of the
entities gives, on published states and on a transaction's own (writable) copy alike, and
never an answer kept from an earlier state."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import stratagem
from stratagem.engine import Ctx, Ref
from stratagem.rules.library import COUNTED, FUNCTIONS

OWNERS = ("any", "enemy", "ally", "neutral", 0, 1)


def plain(state: Any, player: int, owner: Any, kind: Any) -> list[int]:
    """The ids in play, by id, that pass the owner and type filters, read one by one."""
    out = []
    for eid in sorted(state.entities):
        e = state.entities[eid]
        if e.zone is not None or (kind is not None and e.type != kind):
            continue
        if owner == "enemy":
            ok = e.owner is not None and e.owner != player
        elif owner == "ally":
            ok = e.owner == player
        elif owner == "neutral":
            ok = e.owner is None
        elif owner == "any":
            ok = True
        else:
            ok = e.owner == owner
        if ok:
            out.append(eid)
    return out


def check(state: Any, types: list[str | None]) -> None:
    listing, counting = FUNCTIONS["entities"].impl, COUNTED["entities"].impl
    for player in (0, 1):
        ctx = Ctx(state, player)
        for owner in OWNERS:
            for kind in types:
                want = plain(state, player, owner, kind)
                got = listing(ctx, owner, kind, None, None, math.inf, None, None)
                assert got == want and all(type(r) is Ref for r in got), (owner, kind)
                assert counting(ctx, owner, kind, None, None, math.inf, None, None) == len(want)


@pytest.mark.parametrize("name", ["broken_throne", "tests/stratega/kill_the_king_native.yaml"])
def test_entities_by_owner_and_type_agree_with_a_plain_reading(name: str) -> None:
    game = stratagem.load(name)
    pick = random.Random(3)
    s = game.new_state(seed=3)
    types: list[str | None] = [None, *sorted(game.entity_types)[:3], "no such type"]
    for _ in range(25):
        if s.decision is None:
            break
        check(s, types)
        check(s, types)  # the second reading comes from the index
        work = s._begin()  # a transaction's own copy: read afresh, and after a write too
        work._w_entities()
        check(work, types)
        if work.entities:
            gone = max(work.entities)
            del work._w_entities()[gone]
            check(work, types)
        options = game.legal_actions(s)
        s = game.apply(s, options[pick.randrange(len(options))])
