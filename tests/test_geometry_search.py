"""The movement searches of `engine.geometry` (breadth first when every passable tile costs
the same, Dijkstra otherwise, and a shared result when nothing blocks) agree with a plain
Dijkstra written here: the same costs, found in the same order, the same cheapest paths."""

from __future__ import annotations

import heapq
import math
import random
from types import SimpleNamespace
from typing import Any

import pytest

from stratagem.engine import Pos
from stratagem.engine import geometry as geo
from stratagem.engine.spec import Board

TILES = {"g": {}, "w": {"cost": None}, "h": {"cost": 2}, "m": {"cost": 3}, "x": {"cost": -1}}


def reference(state: Any, start: tuple[int, int], budget: float, diagonal: bool | None,
              stops: frozenset[Pos], goal: tuple[int, int] | None,
              blocked: Any) -> tuple[dict[Pos, float], dict[Pos, Pos]]:
    """Dijkstra on positions, ties by row then column: costs in the order found, parents."""
    b = state.game.board
    w = b.width
    if not b.contains(start):
        return {}, {}
    taken = set(state.at_ if blocked is None else blocked)
    costs: dict[Pos, float] = {Pos(*start): 0.0}
    parent: dict[Pos, Pos] = {}
    heap = [(0.0, start[1] * w + start[0])]
    while heap:
        cost, i = heapq.heappop(heap)
        here = Pos(i % w, i // w)
        if cost > costs[here]:
            continue
        if goal is not None and here == tuple(goal):
            break
        if here in stops and here != tuple(start):
            continue
        for q in geo.neighbours(b, here, diagonal):
            enter = geo.tile_cost(state, q)
            if enter is None:
                continue
            total = cost + enter
            if total <= budget and total < costs.get(q, math.inf) \
                    and (q not in taken or (goal is not None and q == tuple(goal))):
                costs[q] = total
                parent[q] = here
                heapq.heappush(heap, (total, q[1] * w + q[0]))
    return costs, parent


def random_state(rng: random.Random, kinds: str, hexed: bool) -> Any:
    w, h = rng.randint(1, 9), rng.randint(1, 8)
    tiles = tuple(rng.choice(kinds) for _ in range(w * h))
    board = Board(w, h, tiles, TILES, topology="hex" if hexed else "square",
                  hex_layout=rng.choice(("pointy-odd", "flat-even", "pointy-axial"))
                  if hexed else "", neighbours=rng.choice((4, 8)))
    cells = [Pos(x, y) for y in range(h) for x in range(w)]
    at = {p: n for n, p in enumerate(rng.sample(cells, rng.randint(0, len(cells) // 3)))}
    return SimpleNamespace(game=SimpleNamespace(board=board), tiles=tiles, at_=at), cells


@pytest.mark.parametrize("kinds", ["g", "gggw", "ggwx", "gh", "ghmw"])
def test_searches_agree_with_dijkstra(kinds: str) -> None:
    rng = random.Random(kinds)
    for trial in range(60):
        state, cells = random_state(rng, kinds, hexed=trial % 3 == 0)
        start = rng.choice(cells)
        budget = rng.choice((0, 1, 2, 3.5, 6, math.inf))
        diagonal = rng.choice((None, True, False))
        blocked = rng.choice((None, frozenset(), frozenset(rng.sample(cells, 2))
                              if len(cells) > 2 else frozenset()))
        stops = frozenset(rng.sample(cells, min(len(cells), rng.randint(0, 3))))
        for goal in (None, rng.choice(cells)):
            want, _ = reference(state, start, budget, diagonal, stops, goal, blocked)
            got = geo.stopping_costs(state, start, budget, diagonal, stops, goal, blocked)
            assert list(got.items()) == list(want.items()), (trial, start, goal)
            again = geo.stopping_costs(state, start, budget, diagonal, stops, goal, blocked)
            assert list(again.items()) == list(want.items())  # a shared result is unchanged
        listed = geo.reachable_cells(state, start, budget, diagonal, stops, blocked)
        want, _ = reference(state, start, budget, diagonal, stops, None, blocked)
        assert listed == sorted((q for q in want if q != start), key=lambda q: (q[1], q[0]))
        goal = rng.choice(cells)
        costs, parent = reference(state, start, math.inf, diagonal, frozenset(), goal, blocked)
        path = geo.cheapest_path(state, start, goal, diagonal, blocked)
        if goal not in costs:
            assert path is None
            continue
        way = []
        q = Pos(*goal)
        while q != tuple(start):
            way.append(q)
            q = parent[q]
        assert path == way[::-1]


def test_a_new_tile_layout_gets_its_own_costs() -> None:
    board = Board(3, 1, ("g", "g", "g"), TILES, neighbours=4)
    open_row = SimpleNamespace(game=SimpleNamespace(board=board), tiles=board.tiles, at_={})
    walled = SimpleNamespace(game=SimpleNamespace(board=board), tiles=("g", "w", "g"), at_={})
    assert geo.reachable_cells(open_row, (0, 0), 5, blocked=()) == [Pos(1, 0), Pos(2, 0)]
    assert geo.reachable_cells(walled, (0, 0), 5, blocked=()) == []
    assert geo.reachable_cells(open_row, (0, 0), 1, blocked=()) == [Pos(1, 0)]
    assert geo.reachable(open_row, (0, 0), 5) == {Pos(0, 0): 0.0, Pos(1, 0): 1.0,
                                                  Pos(2, 0): 2.0}
