"""A way written into `move_along: {path: ...}` is checked as it is walked: each step goes
to a neighbour, and never across a side between cells that the walker may not cross (a
wall, or the corner two walls close) — `paths` finds the ways it may take. A mistake stops
the game with the rule's place and what is wrong."""

from __future__ import annotations

import pytest

from rules_helpers import act, build
from stratagem.engine import Pos, StratagemError

RULES = """\
game: corridor
players: [red, blue]
board:
  size: [4, 3]
  side_types:
    wall: {cost: null}
    fence: {cost: {scout: 1, other: null}}
  sides:
    - {type: wall, between: [1, 0], and: [2, 0]}
    - {type: wall, between: [1, 1], and: [1, 2]}
    - {type: wall, between: [2, 1], and: [2, 2]}
    - {type: fence, between: [0, 1], and: [0, 2]}
entities:
  scout:
    actions: [walk]
  trooper:
    actions: [walk]
actions:
  walk:
    targets:
      way: {kind: value, from: "WAYS"}
    effects:
      - move_along: {path: way}
      - end_turn: {}
flow:
  phases:
    - name: main
      actions: [walk]
setup:
  entities:
    - {type: WHO, owner: red, at: [1, 1]}
    - {type: trooper, owner: blue, at: [3, 2]}
end: {round_limit: 2}
"""


def _walk(way: str, who: str = "trooper") -> Pos | None:
    game = build(RULES.replace("WAYS", f"[{way}]").replace("WHO", who))
    s = game.new_state(seed=1)
    (only,) = [a for a in game.legal_actions(s) if a.actor == 1]
    return act(game, s, str(only)).entities[1].pos


def test_a_way_round_the_walls_end_is_walked() -> None:
    assert _walk("[(1, 0), (2, 1)]") == Pos(2, 1)  # (1,0) -> (2,1): past the wall's end


@pytest.mark.parametrize(("way", "said"), [
    ("[(2, 1), (2, 0), (1, 0)]", "from (2,0) to (1,0) across a wall, which trooper may not"),
    ("[(2, 2)]", "from (1,1) to (2,2) across the corner of two sides, which trooper"),
    ("[(1, 2)]", "from (1,1) to (1,2) across a wall"),
    ("[(3, 1)]", "from (1,1) to (3,1), which is not one step"),
])
def test_a_way_through_a_wall_or_not_step_by_step_is_refused(way: str, said: str) -> None:
    with pytest.raises(StratagemError) as caught:
        _walk(way)
    assert said in str(caught.value), str(caught.value)
    assert "move_along" in str(caught.value)


def test_a_side_only_some_units_cross_is_checked_for_the_walker() -> None:
    assert _walk("[(0, 1), (0, 2)]", "scout") == Pos(0, 2)
    with pytest.raises(StratagemError, match="across a fence, which trooper may not cross"):
        _walk("[(0, 1), (0, 2)]")
