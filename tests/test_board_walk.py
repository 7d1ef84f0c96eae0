"""Moves along paths: `move_along` walks square by square, each step a `stepped` event that
reactions and triggers may answer; overwatch shoots a mover part-way along its way."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from rules_helpers import act, build
from stratagem.engine import Pos
from stratagem.rules import check_rules

# A 5x3 hex strip (pointy-topped, odd rows half a hex right). The trooper walks row 1
# from (0,1) to (4,1): (1,1), (2,1), (3,1), (4,1). The sentry at (3,0) watches its six
# neighbours: (4,0), (2,0), (2,1), (3,1); the first the trooper enters is (2,1), its
# second step. The sentry fires once a round: a 6 kills, a 5 pins the trooper where it
# stands (`stop_move`), anything else lets it go on.
WATCH = """\
game: watch
players: [red, blue]
board:
  topology: hex
  hex: pointy-odd
  tiles: {".": open, "#": wall}
  layout: |
    . . . . .
     . . . . .
    . . . . .
player:
  steps: 0
entities:
  trooper:
    params: {moves: {default: 4, min: 0}}
    actions: [walk, walk_by, wait]
    reactions: [count_step]
  sentry:
    actions: [wait]
    reactions: [overwatch]
actions:
  walk:
    targets:
      to: {kind: position, from: "reachable(actor, actor.moves)"}
    effects:
      - move_along: {to: to}
  walk_by:
    targets:
      to: {kind: position, from: "reachable(actor, actor.moves)"}
      way: {kind: value, from: "paths(actor, to, budget: actor.moves)"}
    effects:
      - move_along: {path: way}
  wait:
    effects: [{remember: {key: waited, value: 1}}]
reactions:
  count_step:
    on: stepped
    stage: done
    automatic: true
    when: "event.mover == reactor"
    effects:
      - modify: {what: reactor.owner.steps, by: 1}
  overwatch:
    on: stepped
    stage: done
    automatic: true
    once_per: round
    when: "is_enemy(event.mover) and distance(reactor, event.to) <= 1"
    effects:
      - roll: {as: d, dice: d6}
      - if:
          test: "d == 6"
          then: [{kill: event.mover}]
          else:
            - if:
                test: "d == 5"
                then: [{stop_move: {what: event.mover}}]
flow:
  phases:
    - name: play
      actions: [walk, walk_by, wait]
      max_actions: 1
setup:
  entities:
    - {type: trooper, owner: red, at: [0, 1]}
    - {type: sentry, owner: blue, at: [3, 0]}
"""


def test_overwatch_shoots_the_mover_on_the_first_watched_square() -> None:
    """Exact outcomes of a walk past a sentry: dead or pinned on (2,1) after two steps, or through to (4,1)."""
    game = build(WATCH)
    s = game.new_state(seed=1)
    action = game.parse_action(s, "walk #1 to=(4,1)")
    found: dict[tuple[object, int], Fraction] = {}
    for p, after in game.outcomes(s, action):
        trooper = after.entities.get(1)
        where = trooper.pos if trooper is not None else None
        key = (where, after.players[0].params["steps"])
        found[key] = found.get(key, Fraction(0)) + Fraction(p).limit_denominator(1000)
    assert found == {(None, 2): Fraction(1, 6), (Pos(2, 1), 2): Fraction(1, 6),
                     (Pos(4, 1), 4): Fraction(4, 6)}


def test_a_walk_that_is_not_shot_reaches_its_square_step_by_step() -> None:
    """With nobody watching, the mover ends on its destination after one event a step."""
    game = build(WATCH.replace("    - {type: sentry, owner: blue, at: [3, 0]}\n",
                               "    - {type: sentry, owner: blue, at: [0, 2]}\n"))
    s = act(game, game.new_state(seed=1), "walk #1 to=(3,1)")
    assert s.entities[1].pos == Pos(3, 1)
    assert s.players[0].params["steps"] == 3


def test_a_chosen_way_is_part_of_the_action() -> None:
    """`paths` lists every way within the budget; the action names the one walked."""
    game = build(WATCH)
    s = game.new_state(seed=1)
    ways = [a for a in game.legal_actions(s) if a.type == "walk_by" and
            dict(a.targets)["to"] == Pos(2, 1)]
    # (0,1) to (2,1) in two steps: along the row, or up through (1,0) or down through (1,2)
    # and back (hexes (1,0) and (1,2) touch both ends); within 4 moves, longer ways too.
    by_length: dict[int, list[tuple[Pos, ...]]] = {}
    for a in ways:
        way = dict(a.targets)["way"]
        by_length.setdefault(len(way), []).append(way)
    # The two hexes share one neighbour, (1,1): one way of two steps. Three steps: a first
    # hex next to (0,1) and a second next to (2,1), next to each other, counted by hand:
    # (1,0)-(2,0), (1,0)-(1,1), (1,1)-(2,0), (1,1)-(2,2), (1,2)-(1,1), (1,2)-(2,2).
    assert by_length[2] == [(Pos(1, 1), Pos(2, 1))]
    assert sorted(w[:2] for w in by_length[3]) == sorted([
        (Pos(1, 0), Pos(2, 0)), (Pos(1, 0), Pos(1, 1)), (Pos(1, 1), Pos(2, 0)),
        (Pos(1, 1), Pos(2, 2)), (Pos(1, 2), Pos(1, 1)), (Pos(1, 2), Pos(2, 2))])
    s2 = act(game, s, str(next(a for a in ways if dict(a.targets)["way"][:2] ==
                               (Pos(1, 2), Pos(2, 2)))))
    assert s2.entities[1].pos == Pos(2, 1)
    assert s2.players[0].params["steps"] == 3
    text = str(ways[0])
    assert game.parse_action(s, text) == ways[0]


def test_cancelling_a_pending_step_leaves_the_mover_where_it_stood() -> None:
    """A reaction that cancels a pending step stops the walk on the square before it."""
    rules = WATCH.replace("""    on: stepped
    stage: done
    automatic: true
    once_per: round
    when: "is_enemy(event.mover) and distance(reactor, event.to) <= 1"
    effects:
      - roll: {as: d, dice: d6}
      - if:
          test: "d == 6"
          then: [{kill: event.mover}]
          else:
            - if:
                test: "d == 5"
                then: [{stop_move: {what: event.mover}}]""", """    on: stepped
    automatic: true
    when: "is_enemy(event.mover) and distance(reactor, event.to) <= 1"
    effects:
      - cancel_event: {}""")
    game = build(rules)
    s = act(game, game.new_state(seed=1), "walk #1 to=(4,1)")
    assert s.entities[1].pos == Pos(1, 1)
    assert s.players[0].params["steps"] == 1


@pytest.mark.parametrize("seed", range(3))
def test_walks_replay_and_serialize(seed: int) -> None:
    """A game of walks replays to the same bytes and round-trips through its saved form."""
    game = build(WATCH)
    s = game.new_state(seed=seed)
    for _ in range(4):
        if s.decision is None:
            break
        a = game.legal_actions(s)[seed % len(game.legal_actions(s))]
        s = game.apply(s, a)
        assert game.deserialize(game.serialize(s)) == s


# A corridor one hex wide, four to a hex: red's armor (size 2) at (0,1), a full stack of
# two infantry (size 2 each) at (2,1), blue's infantry at (6,1).
CORRIDOR = """\
game: corridor
players: [red, blue]
board:
  topology: hex
  capacity: {param: size, max: 4}
  tiles: {".": clear, "~": lake}
  tile_types: {lake: {cost: null}}
  layout: |
    ~ ~ ~ ~ ~ ~ ~
     . . . . . . .
    ~ ~ ~ ~ ~ ~ ~
entities:
  armor: {params: {moves: 5, size: 2}, actions: [march]}
  infantry: {params: {moves: 3, size: 2}, actions: [march]}
actions:
  march:
    targets:
      to: {kind: position, from: "reachable(actor, actor.moves, blocked_by: enemies)"}
    effects:
      - move_along: {to: to@BY@}
  end_turn: {source: player, ends_turn: true}
flow:
  phases:
    - name: turn
      actions: [march, end_turn]
end:
  round_limit: 2
setup:
  entities:
    - {type: armor, owner: red, at: [0, 1]}
    - {type: infantry, owner: red, at: [2, 1]}
    - {type: infantry, owner: red, at: [2, 1]}
    - {type: infantry, owner: blue, at: [6, 1]}
"""


def test_a_walk_told_reachables_blocked_by_passes_over_a_full_friendly_stack() -> None:
    """`reachable(..., blocked_by: enemies)` offers the hexes past a full friendly stack;
    `move_along` with the same `blocked_by` gets there, passing over the stack within one
    step; a walk not told stays where it was, as documented (`validate` warns of it)."""
    told = build(CORRIDOR.replace("@BY@", ", blocked_by: enemies"),
                 "corridor.yaml")
    s = act(told, told.new_state(0), "march #1 to=(4,1)")
    assert s.entities[1].pos == Pos(4, 1)
    assert s.stacks[Pos(2, 1)] == (2, 3)
    untold = build(CORRIDOR.replace("@BY@", ""), "corridor.yaml")
    s = act(untold, untold.new_state(0), "march #1 to=(4,1)")
    assert s.entities[1].pos == Pos(0, 1)


def test_validate_warns_of_a_walk_not_told_its_reachables_blocked_by(tmp_path: Path) -> None:
    """The warning names the walk's place, what it lacks and what to write."""
    path = tmp_path / "corridor.yaml"
    path.write_text(CORRIDOR.replace("@BY@", ""))
    _, warnings = check_rules(path)
    assert [str(w) for w in warnings] == [
        f"{path}:20:21: `move_along` is not told `blocked_by: enemies`, which `reachable` "
        "found its destination with: the walk goes around what `reachable` crossed, and "
        "finds no way past a full friendly stack (the unit then stays where it is) — add "
        "`blocked_by: enemies` to the `move_along`"]
    path.write_text(CORRIDOR.replace("@BY@", ", blocked_by: enemies"))
    assert check_rules(path)[1] == []
