"""The expression language and every function of its library, driven through tiny rules files.

Most cases compile a probe game whose one action stores an expression's value
in the state's memory (``remember``), apply it, and compare what was stored.
The scene (5x5 board unless said otherwise), with red deciding::

    #1 knight red   (2,2) hp 5  tags hero     <- the actor
    #2 orc    blue  (4,2) hp 3
    #3 orc    blue  (0,0) hp 1
    #4 knight red   (2,3) hp 7
    #5 priest blue  (4,4) hp 2  tags holy, status blessed
    #6 boulder none (1,1)
    #7, #8 cards of red in the zone `hand`
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest

from rules_helpers import act, build, problems, q, remember, roll
from stratagem.engine import CHANCE, Distribution, Pos, RuleError, dice, faces, successes
from stratagem.rules import RulesError, library
from stratagem.rules.library import FUNCTIONS

SCENE = """\
    - {type: knight, owner: red, at: [2, 2]}
    - {type: orc, owner: blue, at: [4, 2]}
    - {type: orc, owner: blue, at: [0, 0], params: {hp: 1}}
    - {type: knight, owner: red, at: [2, 3], params: {hp: 7}}
    - {type: priest, owner: blue, at: [4, 4]}
    - {type: boulder, at: [1, 1]}
    - {type: card, owner: red, zone: hand}
    - {type: card, owner: red, zone: hand}
"""

GRID = "size: [5, 5]"

# Corridor: a wall (impassable, opaque) and costly water; x to the right, y down.
#   y0:  .  ~  .  .
#   y1:  .  #  #  .
#   y2:  .  .  .  .
CORRIDOR = """\
tiles: {".": grass, "~": water, "#": wall}
tile_types:
  grass: {cost: 1}
  water: {cost: 5}
  wall: {cost: null, blocks_sight: true}
layout: |
  . ~ . .
  . # # .
  . . . .
"""

PROBE = """\
game: probe
players: [red, blue, green]
board:
@BOARD@
player:
  gold: {default: 5, min: 0, max: 9}
zones: {hand: public, deck: public, pile: {owner: table, visibility: everyone}}
entities:
  knight:
    params: {hp: {default: 5, min: 0, max: 10}, speed: 3}
    tags: [hero]
    hints: {cost: 30}
    actions: [probe]
  orc:
    params: {hp: 3}
  priest:
    params: {hp: 2}
    tags: [holy]
    statuses: [blessed]
  boulder: {}
  card:
    params: {cost: 1}
statuses:
  blessed: {}
actions:
  probe:
    effects:
@EFFECTS@
flow:
  phases:
    - name: main
      actions: [probe]
      max_actions: 1
setup:
  entities:
@SCENE@
@EXTRA@
"""


def indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line if line else line for line in text.splitlines())


def probe_game(effects: str, *, board: str = GRID, scene: str = SCENE, extra: str = ""):
    """The probe game whose action `probe` runs ``effects`` (YAML list items)."""
    text = (PROBE.replace("@BOARD@", indent(board, "  "))
            .replace("@EFFECTS@", indent(effects, "      "))
            .replace("@SCENE@", scene.rstrip("\n"))
            .replace("@EXTRA@", extra))
    return build(text, "probe.yaml")


def value_of(expr: str, *, times: int = 1, **kw: Any) -> Any:
    """The value ``expr`` has when red's knight #1 runs the probe action (``times`` rounds)."""
    game = probe_game("- " + remember("v", expr), **kw)
    s = game.new_state(0)
    for _ in range(times):
        s = act(game, s, "probe #1")
    (value,) = s.memory.values()
    return value


def circle(cx: int, cy: int, r: float, w: int = 5, h: int = 5) -> list[Pos]:
    return [Pos(x, y) for y in range(h) for x in range(w)
            if (x - cx) ** 2 + (y - cy) ** 2 <= r * r]


ALL_CELLS = [Pos(x, y) for y in range(5) for x in range(5)]
OCCUPIED = {Pos(2, 2), Pos(4, 2), Pos(0, 0), Pos(2, 3), Pos(4, 4), Pos(1, 1)}
SOLO = "    - {type: knight, owner: red, at: [0, 0]}\n"
LINES = """\
    - {type: knight, owner: red, at: [0, 0]}
    - {type: knight, owner: red, at: [1, 1]}
    - {type: knight, owner: red, at: [2, 2]}
    - {type: priest, owner: red, at: [3, 3]}
    - {type: knight, owner: red, at: [0, 4]}
    - {type: knight, owner: red, at: [1, 4]}
    - {type: orc, owner: blue, at: [4, 0]}
    - {type: orc, owner: blue, at: [4, 1]}
"""
# Sides between cells: a river east of the knight #1 on (2,2), a ditch south of it.
SIDES = GRID + """
side_types:
  river: {params: {cover: 1}}
  ditch: {}
sides:
  - {type: river, between: [2, 2], and: [3, 2]}
  - {type: ditch, between: [2, 2], and: [2, 3]}"""
# A 3x2 board: column 0 full, column 1 taken at the top only.
STACKED = """\
    - {type: knight, owner: red, at: [0, 0]}
    - {type: orc, owner: blue, at: [0, 1]}
    - {type: orc, owner: blue, at: [1, 0]}
"""
# A knight facing an orc: the orc's zone of control is x 1..3, y 1..3 (`stop_near`).
GUARDED = """\
    - {type: knight, owner: red, at: [0, 2]}
    - {type: orc, owner: blue, at: [2, 2]}
"""
# Green owns nothing: it is out once the first action has resolved (probe twice to see it).
ELIMINATE_GREEN = """\
end:
  lose:
    owns nothing: "count(entities(owner: player)) == 0 and count(zone(player, 'hand')) == 0"
"""

# Strategy parts: the knight #1 holds rage (speed +2, 3 rounds); red holds boom (gold +1)
# and has researched mining; nothing is carried (a knight has no inventory).
STRATEGY = {"extra": """\
  effects:
    - apply_buff: {on: "occupant((2, 2))", buff: rage}
    - apply_buff: {player: "players()[0]", buff: boom}
    - research: {tech: mining, player: "players()[0]"}
buffs:
  rage: {add: {speed: 2}, duration: 3}
  boom: {add: {gold: 1}}
technologies:
  t:
    mining: {cost: {gold: 3}, turns: 2}
    banking: {cost: {gold: 9}, requires: [mining], turns: 1}
    smelting: {cost: {gold: 1}, requires: [mining]}
    tanning: {cost: {gold: 1}, requires: [banking]}
items:
  potion: {}
"""}

# (function, expression, expected value, scene overrides)
CASES: list[tuple[str, str, Any, dict[str, Any]]] = [
    ("distance", "distance(actor, (4, 4))", 2, {}),
    ("distance", "distance(actor, (4, 4))", 4, {"board": GRID + "\nmetric: manhattan"}),
    ("distance", "distance(actor, (4, 3))", math.sqrt(5), {"board": GRID + "\nmetric: euclidean"}),
    ("distance", "distance(actor, occupant((4, 2)))", 2, {}),
    ("distance", "distance((0, 0), (3, 1))", 3, {}),
    # east/south: a cell's centre as drawn; on pointy-odd hexes an odd row sits a half
    # hex further east, so (2,1) is east of (2,2) though both are column 2
    ("east", "east(actor)", 2, {}),
    ("east", "[east((2, 1)), east((2, 2)), east((3, 2))]", (5, 4, 6),
     {"board": GRID + "\ntopology: hex"}),
    ("east", "east((2, 1))", 2, {"board": GRID + "\ntopology: hex\nhex: flat-odd"}),
    ("south", "south(actor)", 2, {}),
    ("south", "[south((1, 2)), south((2, 2))]", (5, 4),
     {"board": GRID + "\ntopology: hex\nhex: flat-odd"}),
    ("south", "south((1, 2))", 2, {"board": GRID + "\ntopology: hex"}),
    ("path_distance", "path_distance(actor, (2, 0))", 5.0, {"board": CORRIDOR, "scene": SOLO}),
    ("path_distance", "path_distance(actor, (2, 0), diagonal: false)", 6.0,
     {"board": CORRIDOR, "scene": SOLO}),
    ("path_distance", "path_distance(actor, (1, 1))", math.inf, {"board": CORRIDOR, "scene": SOLO}),
    ("path_distance", "path_distance(actor, (0, 2))", 2.0, {"board": CORRIDOR, "scene": SOLO}),
    ("path_distance", "path_distance(actor, (2, 0), stop_near: entities(owner: enemy))", 3.0,
     {"scene": GUARDED}),
    ("path_distance", "path_distance(actor, (1, 2), stop_near: entities(owner: enemy))", 1.0,
     {"scene": GUARDED}),
    ("path_distance", "path_distance(actor, (4, 2), stop_near: entities(owner: enemy))", 6.0,
     {"scene": GUARDED}),
    ("path_distance", "path_distance(actor, (4, 2), diagonal: false, stop_near: [(2, 2)])",
     8.0, {"scene": GUARDED}),
    ("line_of_sight", "line_of_sight(actor, (2, 2))", False, {"board": CORRIDOR, "scene": SOLO}),
    ("line_of_sight", "line_of_sight(actor, (3, 0))", True, {"board": CORRIDOR, "scene": SOLO}),
    ("line_of_sight", "line_of_sight(actor, (1, 1))", True, {"board": CORRIDOR, "scene": SOLO}),
    ("sees", "sees(actor, (3, 0))", True, {"board": CORRIDOR, "scene": SOLO}),
    ("sees", "sees(actor, (2, 2))", False, {"board": CORRIDOR, "scene": SOLO}),
    ("sees", "sees(actor, (3, 0))", False,
     {"board": CORRIDOR, "scene": SOLO, "extra": "visibility:\n  sight: 2"}),
    ("sees", "sees(actor, (2, 0))", True,
     {"board": CORRIDOR, "scene": SOLO, "extra": "visibility:\n  sight: 2"}),
    ("visible", "visible((3, 0))", True, {"board": CORRIDOR, "scene": SOLO}),
    ("visible", "visible((3, 0))", False,
     {"board": CORRIDOR, "scene": SOLO, "extra": "visibility:\n  sight: 2"}),
    ("visible", "visible(actor)", True,
     {"board": CORRIDOR, "scene": SOLO, "extra": "visibility:\n  sight: 2"}),
    ("entities", "entities()", [1, 2, 3, 4, 5, 6], {}),
    ("entities", "entities(owner: enemy)", [2, 3, 5], {}),
    ("entities", "entities(owner: ally)", [1, 4], {}),
    ("entities", "entities(owner: neutral)", [6], {}),
    ("entities", "entities(owner: any)", [1, 2, 3, 4, 5, 6], {}),
    ("entities", "entities(owner: opponents()[0])", [2, 3, 5], {}),
    ("entities", "entities(type: orc)", [2, 3], {}),
    ("entities", "entities(tag: 'holy')", [5], {}),
    ("entities", "entities(near: actor, within: 1)", [1, 4, 6], {}),
    ("entities", "entities(status: 'blessed')", [5], {}),
    ("entities", "entities(owner: enemy, where: it.hp < 3)", [3, 5], {}),
    ("entities", "entities(owner: enemy, type: orc, near: (0, 1), within: 1)", [3], {}),
    ("positions", "positions(shape: 'square', center: actor, radius: 1)",
     [Pos(x, y) for y in (1, 2, 3) for x in (1, 2, 3)], {}),
    ("positions", "positions(shape: 'cross', center: actor, radius: 1)",
     [Pos(2, 1), Pos(1, 2), Pos(2, 2), Pos(3, 2), Pos(2, 3)], {}),
    ("positions", "positions(shape: 'diamond', center: actor, radius: 2)",
     [p for p in ALL_CELLS if abs(p.x - 2) + abs(p.y - 2) <= 2], {}),
    ("positions", "positions(shape: 'circle', center: actor, radius: 2.3)", circle(2, 2, 2.3), {}),
    ("positions", "positions(shape: 'all')", ALL_CELLS, {}),
    ("positions", "positions()", ALL_CELLS, {}),
    ("positions", "positions(shape: 'square', center: (0, 0), radius: 1)",
     [Pos(0, 0), Pos(1, 0), Pos(0, 1), Pos(1, 1)], {}),
    ("positions", "positions(shape: 'square', center: actor, radius: 1, empty: true)",
     [Pos(2, 1), Pos(3, 1), Pos(1, 2), Pos(3, 2), Pos(1, 3), Pos(3, 3)], {}),
    ("positions", "positions(shape: 'cross', center: actor, radius: 2, where: it.x == 2)",
     [Pos(2, y) for y in range(5)], {}),
    ("cells", "cells()", ALL_CELLS, {}),
    ("cells", "cells(empty: true)", [p for p in ALL_CELLS if p not in OCCUPIED], {}),
    ("longest_line", "longest_line(player)", 4, {"scene": LINES}),
    ("longest_line", "longest_line(player, type: knight)", 3, {"scene": LINES}),
    ("longest_line", "longest_line(opponents()[0])", 2, {"scene": LINES}),
    ("line_through", "line_through((1, 1))", 4, {"scene": LINES}),
    ("group", "group(actor)", [1, 2, 3, 4], {"scene": LINES}),
    ("group", "group(actor, diagonal: false)", [1], {"scene": LINES}),
    ("group", "group(actor, where: it.type == 'knight')", [1, 2, 3], {"scene": LINES}),
    ("group", "group(entities(owner: opponents()[0])[0])", [7, 8], {"scene": LINES}),
    ("line_through", "line_through(occupant((0, 4)))", 2, {"scene": LINES}),
    ("line_through", "line_through((4, 1))", 2, {"scene": LINES}),
    ("line_through", "line_through((2, 0))", 0, {"scene": LINES}),
    ("open_columns", "open_columns()", [0, 1, 2, 3, 4], {}),
    ("open_columns", "open_columns()", [1, 2], {"board": "size: [3, 2]", "scene": STACKED}),
    ("count_empty", "count_empty()", 19, {}),
    ("count_empty", "count_empty()", 3, {"board": "size: [3, 2]", "scene": STACKED}),
    ("lowest_empty", "lowest_empty(2)", Pos(2, 4), {}),
    ("lowest_empty", "lowest_empty(actor.pos.x + 2)", Pos(4, 3), {}),
    ("lowest_empty", "lowest_empty(1)", Pos(1, 1), {"board": "size: [3, 2]", "scene": STACKED}),
    ("lowest_empty", "lowest_empty(0)", None, {"board": "size: [3, 2]", "scene": STACKED}),
    ("lowest_empty", "lowest_empty(7)", None, {}),
    ("reachable", "reachable(actor, 2)", [Pos(0, 1), Pos(0, 2), Pos(1, 2)],
     {"board": CORRIDOR, "scene": SOLO}),
    ("reachable", "reachable(actor, 2, diagonal: false)", [Pos(0, 1), Pos(0, 2)],
     {"board": CORRIDOR, "scene": SOLO}),
    ("reachable", "reachable(actor, 2)", [Pos(0, 1), Pos(0, 2)],
     {"board": CORRIDOR, "scene": SOLO + "    - {type: orc, owner: blue, at: [1, 2]}\n"}),
    ("reachable", "reachable((3, 2), 1)", [Pos(3, 1), Pos(2, 2)], {"board": CORRIDOR, "scene": SOLO}),
    ("reachable", "reachable(actor, 2, stop_near: entities(owner: enemy))",
     [Pos(0, 0), Pos(1, 0), Pos(0, 1), Pos(1, 1), Pos(1, 2), Pos(0, 3), Pos(1, 3), Pos(0, 4),
      Pos(1, 4)], {"scene": GUARDED}),
    ("reachable", "reachable(actor, 2, stop_near: [(2, 2)])",
     [Pos(0, 0), Pos(1, 0), Pos(0, 1), Pos(1, 1), Pos(1, 2), Pos(0, 3), Pos(1, 3), Pos(0, 4),
      Pos(1, 4)], {"scene": GUARDED}),
    ("reachable", "count(reachable(actor, 2))", 13, {"scene": GUARDED}),
    ("reachable", "[(2, 4) in reachable(actor, 2, diagonal: false), "
     "(2, 4) in reachable(actor, 2, diagonal: false, blocked_by: enemies), "
     "(2, 3) in reachable(actor, 2, blocked_by: nothing)]", (False, True, False), {}),
    ("path_distance", "[path_distance(actor, (2, 4), diagonal: false), "
     "path_distance(actor, (2, 4), diagonal: false, blocked_by: enemies), "
     "path_distance(actor, (4, 1), diagonal: false, blocked_by: enemies), "
     "path_distance(actor, (4, 1), diagonal: false, blocked_by: nothing)]", (4, 2, 3, 3), {}),
    ("neighbours", "neighbours((0, 0))", [Pos(1, 0), Pos(0, 1), Pos(1, 1)], {}),
    ("paths", "paths(actor, (2, 0))", [(Pos(2, 1), Pos(2, 0)), (Pos(3, 1), Pos(2, 0))], {}),
    ("paths", "count(paths(actor, (2, 0), budget: 4, diagonal: false))", 4, {}),
    ("entities_at", "entities_at(actor)", [1], {}),
    ("count_at", "[count_at(actor), count_at((3, 3))]", (1, 0), {}),
    ("has_room", "[has_room((3, 3)), has_room(actor), has_room((4, 2))]",
     (True, True, False), {}),
    ("neighbours", "count(neighbours(actor, diagonal: false))", 4, {}),
    ("reachable", "[(3, 1) in reachable(actor, 3, stop_near: entities(owner: enemy)), "
     "(3, 2) in reachable(actor, 3, stop_near: entities(owner: enemy)), "
     "(3, 2) in reachable(actor, 3)]", (True, False, True),
     {"scene": GUARDED, "board": GRID + "\nmetric: manhattan"}),
    ("line", "line(actor, (1, 0), 3)", [Pos(3, 2), Pos(4, 2)], {}),
    ("line", "line((0, 0), (1, 1), 3)", [Pos(1, 1), Pos(2, 2), Pos(3, 3)], {}),
    ("line", "line(actor, (0, -1), 1)", [Pos(2, 1)], {}),
    ("nearest", "nearest((0, 1), entities(owner: enemy))", 3, {}),
    ("nearest", "nearest(actor, entities(owner: enemy))", 2, {}),
    ("nearest", "nearest(actor, cells(empty: true))", Pos(2, 1), {}),
    ("nearest", "nearest(actor, [])", None, {}),
    ("highest", "highest(entities(), by: it.hp)", 4, {}),
    ("highest", "highest(entities(owner: enemy), by: 1)", 2, {}),
    ("lowest", "lowest(entities(owner: enemy), by: it.hp)", 3, {}),
    ("lowest", "lowest(entities(owner: enemy), by: distance((4, 3), it))", 2, {}),
    ("count", "count(entities(owner: enemy))", 3, {}),
    ("count", "count([])", 0, {}),
    ("any", "any(entities(owner: neutral))", True, {}),
    ("any", "any(entities(type: orc, near: actor, within: 1))", False, {}),
    ("all", "all(entities(owner: ally), test: it.hp >= 5)", True, {}),
    ("all", "all(entities(owner: enemy), test: it.hp >= 2)", False, {}),
    ("all", "all([], test: false)", True, {}),
    ("sum", "sum([1, 2, 3])", 6, {}),
    ("sum", "sum(entities(owner: ally), of: it.hp)", 12, {}),
    ("min", "min([3, actor.hp, 9])", 3, {}),
    ("min", "min([])", 0, {}),
    ("max", "max([0, actor.hp - 2])", 3, {}),
    ("max", "max([])", 0, {}),
    ("abs", "abs(2 - actor.hp)", 3, {}),
    ("floor", "floor(actor.hp / 2)", 2, {}),
    ("floor", "floor(-actor.hp / 2)", -3, {}),
    ("ceil", "ceil(actor.hp / 2)", 3, {}),
    ("ceil", "ceil(-actor.hp / 2)", -2, {}),
    ("occupant", "occupant((4, 2))", 2, {}),
    ("occupant", "occupant((0, 1))", None, {}),
    ("is_empty", "is_empty((0, 1))", True, {}),
    ("is_empty", "is_empty(actor.pos)", False, {}),
    ("tile", "tile((1, 0))", "water", {"board": CORRIDOR, "scene": SOLO}),
    ("tile", "tile((1, 1))", "wall", {"board": CORRIDOR, "scene": SOLO}),
    ("tile", "tile((9, 9))", None, {"board": CORRIDOR, "scene": SOLO}),
    ("side_between", "side_between(actor, (3, 2))", "river", {"board": SIDES}),
    ("side_between", "side_between((2, 3), actor)", "ditch", {"board": SIDES}),
    ("side_between", "side_between(actor, (1, 2))", None, {"board": SIDES}),  # no side
    ("side_between", "side_between(actor, (4, 2))", None, {"board": SIDES}),  # not neighbours
    ("side_between", "[side_between(actor, (3, 2)).cover, side_between(actor, (2, 3)).cover, "
     "side_between(actor, (1, 2)).cover]", (1, 0, 0), {"board": SIDES}),
    ("place", "place('gate')", Pos(4, 2), {"board": GRID + "\nplaces: {gate: [4, 2]}"}),
    ("place_name", "place_name((4, 2))", "gate", {"board": GRID + "\nplaces: {gate: [4, 2]}"}),
    ("place_name", "place_name(actor.pos)", "", {"board": GRID + "\nplaces: {gate: [4, 2]}"}),
    ("type_param", "type_param('knight', 'hp')", 5, {}),
    ("type_param", "type_param(actor, 'speed')", 3, {}),
    ("same_team", "same_team(player, player)", True, {}),
    ("same_team", "same_team(player, seat('blue'))", False, {}),
    ("on_board", "on_board((4, 4))", True, {}),
    ("on_board", "on_board((5, 0))", False, {}),
    ("on_board", "on_board((-1, 0))", False, {}),
    ("exists", "exists(occupant((4, 2)))", True, {}),
    ("exists", "exists(occupant((0, 1)))", False, {}),
    ("is_enemy", "is_enemy(occupant((4, 2)))", True, {}),
    ("is_enemy", "is_enemy(occupant((1, 1)))", False, {}),
    ("is_enemy", "is_enemy(actor)", False, {}),
    ("is_ally", "is_ally(occupant((2, 3)))", True, {}),
    ("is_ally", "is_ally(occupant((4, 2)))", False, {}),
    ("is_ally", "is_ally(occupant((1, 1)))", False, {}),
    ("has_status", "has_status(occupant((4, 4)), 'blessed')", True, {}),
    ("has_status", "has_status(actor, 'blessed')", False, {}),
    ("has_tag", "has_tag(actor, 'hero')", True, {}),
    ("has_tag", "has_tag(actor, 'holy')", False, {}),
    ("zone", "zone(player, 'hand')", [7, 8], {}),
    ("zone", "zone(opponents()[0], 'hand')", [], {}),
    ("zone", "zone(player, 'deck')", [], {}),
    ("zone", "zone(player, 'hand', type: card)", [7, 8], {}),
    ("zone", "zone(player, 'hand', type: orc)", [], {}),
    ("zone", "zone(player, 'hand', where: it.id == 8)", [8], {}),
    ("table", "table('pile')", [], {}),
    ("table", "table('pile')", [9, 10],
     {"scene": SCENE + "    - {type: card, zone: pile, count: 2}\n"}),
    ("table", "table('pile', where: it.id == 10)", [10],
     {"scene": SCENE + "    - {type: card, zone: pile, count: 2}\n"}),
    ("knows", "knows(player, zone(player, 'hand')[0])", True, {}),
    ("find", "find(entities(), where: it.hp > 5)", 4, {}),
    ("find", "find(entities(owner: enemy), where: it.hp > 5)", None, {}),
    ("find", "find([3, 8, 9], where: it > 4)", 8, {}),
    ("tiles_on_line", "tiles_on_line(actor, (3, 0))", ["grass", "water"],
     {"board": CORRIDOR, "scene": SOLO}),
    ("tiles_on_line", "tiles_on_line(actor, (3, 2))", ["grass", "wall"],
     {"board": CORRIDOR, "scene": SOLO}),
    ("tiles_on_line", "tiles_on_line(actor, (9, 9))", [], {"board": CORRIDOR, "scene": SOLO}),
    ("tiles_on_line", "tiles_on_line(actor, (0, 2)) == ['grass']", True,
     {"board": CORRIDOR, "scene": SOLO}),
    ("tiles_on_line", "tiles_on_line(actor, (3, 0)) != ['grass']", True,
     {"board": CORRIDOR, "scene": SOLO}),
    ("map", "map(entities(owner: ally), to: it.hp)", [5, 7], {}),
    ("map", "map([], to: it + 1)", [], {}),
    ("filter", "filter([3, 8, 9], where: it > 4)", [8, 9], {}),
    ("sorted", "sorted([3, 8, 1], by: -it)", [8, 3, 1], {}),
    ("sorted", "sorted([3, 8, 1])", [1, 3, 8], {}),
    ("range", "range(2, 5)", [2, 3, 4], {}),
    ("text", "text(actor)", "knight #1", {}),
    ("text", "text(player)", "red", {}),
    ("format", "format('{p} at {x}', p: player, x: (1, 2))", "red at (1, 2)", {}),
    ("players", "players()", [0, 1, 2], {}),
    ("players", "players()", [0, 1], {"extra": ELIMINATE_GREEN, "times": 2}),
    ("opponents", "opponents()", [1, 2], {}),
    ("seat", "seat('green')", 2, {}),
    ("seat", "seat('green')", 2, {"extra": ELIMINATE_GREEN, "times": 2}),  # out, still named
    ("seat", "green", 2, {}),
    ("seat_number", "seat_number(player)", 0, {}),
    ("seat_number", "seat_number(green)", 2, {}),
    ("next_player", "next_player(player)", 1, {}),
    ("next_player", "next_player(player, steps: -1)", 2, {}),
    ("next_player", "next_player(player, steps: 2)", 0,
     {"extra": ELIMINATE_GREEN, "times": 2}),  # green is out: passed over
    ("opponents", "opponents()", [1], {"extra": ELIMINATE_GREEN, "times": 2}),
    ("dice", "dice(2, 6)", dice(2, 6), {}),
    ("successes", "successes(3, 6, 5)", successes(3, 6, 5), {}),
    ("successes", "successes(actor.hp, 6, 7)", successes(5, 6, 7), {}),
    ("faces", "faces(actor.hp - 2, 4)", faces(3, 4), {}),
    ("dice", "dice(actor.hp - 3, 4)", dice(2, 4), {}),
    ("hint", "hint(actor, 'cost')", 30, {}),
    ("hint", "hint('knight', 'cost')", 30, {}),
    ("hint", "hint(occupant((4, 2)), 'cost', default: 7)", 7, {}),
    ("hint", "hint(occupant((0, 1)), 'cost')", 0, {}),
    ("param_max", "param_max(actor, 'hp')", 10, {}),
    ("param_max", "actor.hp < param_max(actor, 'hp')", True, {}),
    ("param_max", "param_max('knight', 'speed')", math.inf, {}),
    ("param_max", "param_max(occupant((4, 2)), 'speed')", 0, {}),
    ("param_max", "param_max(occupant((0, 1)), 'hp')", 0, {}),
    ("has_buff", "has_buff(actor, 'rage')", True, STRATEGY),
    ("has_buff", "has_buff(occupant((2, 3)), 'rage')", False, STRATEGY),
    ("buff_stacks", "buff_stacks(actor, 'rage')", 1, STRATEGY),
    ("buff_rounds", "buff_rounds(actor, 'rage')", 3, STRATEGY),
    ("buff_rounds", "buff_rounds(actor, 'rage')", 2, {**STRATEGY, "times": 2}),
    ("base", "[actor.speed, base(actor, 'speed')]", (5, 3), STRATEGY),
    ("player_has_buff", "player_has_buff(player, 'boom')", True, STRATEGY),
    ("player_base", "[player.gold, player_base(player, 'gold')]", (6, 5), STRATEGY),
    ("buff_ending", "buff_ending(actor, 'rage')", 0, STRATEGY),
    ("buff_ending", "buff_ending(actor, 'rage')", 1,
     {"extra": STRATEGY["extra"].replace("buff: rage}", "buff: rage, turns: 1}")}),
    ("player_buff_ending", "player_buff_ending(player, 'boom')", 0, STRATEGY),
    ("player_buff_ending", "player_buff_ending(player, 'boom')", 1,
     {"extra": STRATEGY["extra"].replace("buff: boom}", "buff: boom, turns: 1}")}),
    ("researched", "researched(player, 'mining')", True, STRATEGY),
    ("researched", "researched(player, 'banking')", False, STRATEGY),
    ("can_research", "can_research(player, 'smelting')", True, STRATEGY),
    ("can_research", "can_research(player, 'banking')", False, STRATEGY),  # 9 gold
    ("can_research", "can_research(player, 'mining')", False, STRATEGY),   # known already
    ("researchable", "researchable(player)", ["smelting"], STRATEGY),
    ("tech_turns", "tech_turns('mining')", 2, STRATEGY),
    ("busy", "busy(actor, 'probe')", False, STRATEGY),
    ("progress", "progress(actor, 'probe')", -1, STRATEGY),
    ("player_busy", "player_busy(player, 'probe')", False, STRATEGY),
    ("player_progress", "player_progress(player, 'probe')", -1, STRATEGY),
    ("inventory", "inventory(actor)", [], STRATEGY),
    ("holds", "holds(actor, 'potion')", False, STRATEGY),
    ("inventory_free", "inventory_free(actor)", 0, STRATEGY),
    ("is_none", "is_none(none)", True, {}),
    ("is_none", "is_none(actor)", False, {}),
    ("is_none", "is_none(find(entities(), where: it.hp > 50))", True, {}),
    ("cooldown", "cooldown(actor, 'probe')", 0, {}),
    ("cooldown", "cooldown(player, 'no_such_action')", 0, {}),
    ("hand_number", "hand_number()", 0, {}),
    ("knocked_out", "knocked_out(player)", False, {}),
    ("in_hand", "in_hand()", [0, 1, 2], {}),
    ("in_hand", "in_hand()", [0, 1], {"extra": ELIMINATE_GREEN, "times": 2}),
]


def test_every_library_function_has_a_case() -> None:
    """The function registry and the cases below name exactly the same functions."""
    assert {name for name, *_ in CASES} == set(FUNCTIONS)


@pytest.mark.parametrize(("name", "expr", "expected", "scene"),
                         [pytest.param(*c, id=f"{c[0]}:{c[1]}") for c in CASES])
def test_library_function(name: str, expr: str, expected: Any, scene: dict[str, Any]) -> None:
    """Each library function, called in an action's effects, gives the value its description promises."""
    got = value_of(expr, **scene)
    if isinstance(expected, float):
        assert got == pytest.approx(expected)
    else:
        assert got == expected
    if isinstance(expected, list) and expected and isinstance(expected[0], Pos):
        assert all(isinstance(p, Pos) for p in got)


CROWD = "".join(f"    - {{type: {'orc' if (x + y) % 2 else 'knight'}, owner: "
                f"{'blue' if (x + y) % 2 else 'red'}, at: [{x}, {y}]}}\n"
                for y in range(5) for x in range(5) if (x, y) != (2, 2))


@pytest.mark.parametrize("metric", ["chebyshev", "manhattan", "euclidean"])
def test_entities_near_a_point_in_a_crowd_agree_with_the_distances(metric: str) -> None:
    """With more entities than squares around the center, `entities(near:, within:)` looks at
    those squares only, and finds exactly the entities within the distance, in id order."""
    board = GRID + f"\nmetric: {metric}"
    for within, expr in ((1.5, "entities(near: (2, 2), within: 1.5)"),
                         (1, "entities(owner: enemy, near: (1, 1), within: 1)"),
                         (0, "entities(near: (0, 0), within: 0)")):
        got = value_of(expr, scene=CROWD, board=board)
        cells = [(x, y) for y in range(5) for x in range(5) if (x, y) != (2, 2)]
        center = (2, 2) if "(2, 2)" in expr else ((1, 1) if "(1, 1)" in expr else (0, 0))
        dist = {"chebyshev": lambda a, b: max(abs(a[0] - b[0]), abs(a[1] - b[1])),
                "manhattan": lambda a, b: abs(a[0] - b[0]) + abs(a[1] - b[1]),
                "euclidean": math.dist}[metric]
        expected = [i + 1 for i, cell in enumerate(cells) if dist(cell, center) <= within
                    and ("enemy" not in expr or sum(cell) % 2)]
        assert got == expected, (metric, expr)


@pytest.mark.parametrize("query", [
    "", "owner: enemy", "owner: ally", "owner: neutral", "owner: any", "owner: player",
    "type: 'orc'", "owner: enemy, near: (1, 1), within: 1", "where: it.hp > 2"])
def test_counting_entities_agrees_with_the_list(query: str) -> None:
    """`count(entities(...))` and `any(entities(...))`, which only count, agree with the list
    `entities(...)` gives (cards in zones left out), whatever the filter."""
    listed = value_of(f"entities({query})", scene=CROWD)
    assert value_of(f"count(entities({query}))", scene=CROWD) == len(listed)
    assert value_of(f"any(entities({query}))", scene=CROWD) == bool(listed)
    assert value_of(f"count(items: entities({query})) == 0", scene=CROWD) == (not listed)
    assert value_of(f"count(entities({query}))") == len(value_of(f"entities({query})"))


def test_entities_lists_cards_in_zones_never() -> None:
    """`entities()` leaves out cards held in zones while `zone()` lists them, so the two never overlap."""
    assert set(value_of("entities()")).isdisjoint(value_of("zone(player, 'hand')"))


def test_distance_to_an_entity_gone_from_the_board_is_infinite() -> None:
    """`distance` to an entity that is not on the board (a card in a zone) is infinite."""
    assert value_of("distance(actor, zone(player, 'hand')[0])") == math.inf


def test_library_functions_filter_targets_and_gate_actions() -> None:
    """Library calls work in an action's `when:` and in a target's `from:` and `where:`."""
    game = build(f"""\
        game: g
        players: [red, blue]
        board: {{size: [5, 5]}}
        entities:
          knight:
            params: {{hp: 5}}
            actions: [strike, step]
          orc:
            params: {{hp: 3}}
        actions:
          strike:
            when: {q("any(entities(owner: enemy, near: actor, within: 1))")}
            targets:
              target:
                kind: entity
                from: {q("entities(owner: enemy)")}
                where: {q("distance(actor, target) <= 1")}
            effects:
              - damage: {{to: target, amount: 1}}
          step:
            targets:
              cell: {{kind: position, from: {q("positions(shape: 'cross', center: actor, radius: 1, empty: true)")}, where: {q("cell.y > 0")}}}
            effects:
              - move: {{to: cell}}
        flow:
          phases:
            - name: main
              actions: [strike, step]
        setup:
          entities:
            - {{type: knight, owner: red, at: [0, 0]}}
            - {{type: orc, owner: blue, at: [1, 1]}}
            - {{type: orc, owner: blue, at: [3, 3]}}
        """)
    s = game.new_state(0)
    assert sorted(str(a) for a in s.decision.actions) == ["step #1 cell=(0,1)", "strike #1 target=#2"]


# ----------------------------------------------------------------- operators
OPERATORS: list[tuple[str, Any]] = [
    ("2 + 3 * 4", 14),
    ("(2 + 3) * 4", 20),
    ("actor.hp - 8", -3),
    ("-actor.hp", -5),
    ("7 / 2", 3.5),
    ("actor.hp / 2", 2.5),
    ("7 // 2", 3),
    ("-7 // 2", -4),
    ("actor.hp // 2", 2),
    ("7 % 3", 1),
    ("actor.hp % 3", 2),
    ("actor.hp / 0", 0),
    ("actor.hp // 0", 0),
    ("actor.hp % 0", 0),
    ("10 / (actor.hp - 5)", 0),
    ("actor.hp == 5", True),
    ("actor.hp != 5", False),
    ("actor.hp < 5", False),
    ("actor.hp <= 5", True),
    ("actor.hp > 4", True),
    ("actor.hp >= 6", False),
    ("3 in [1, 2, 3]", True),
    ("4 in [1, 2, 3]", False),
    ("actor in entities(owner: enemy)", False),
    ("actor in entities(owner: ally)", True),
    ("(4, 2) in cells()", True),
    ("'orc' in ['orc', 'elf']", True),
    ("actor.hp > 1 and actor.hp > 9", False),
    ("actor.hp > 9 or actor.hp > 1", True),
    ("actor.hp > 1 and actor.hp > 2 and actor.hp > 3", True),
    ("actor.hp > 9 or actor.hp > 8 or actor.hp > 7", False),
    ("not actor.hp > 3", False),
    ("not not actor.hp", True),
    ("false and [1][5] == 1", False),
    ("true or [1][5] == 1", True),
    ("false and true and [1][5] == 1", False),
    ("true or false or [1][5] == 1", True),
    ("'big' if actor.hp > 3 else 'small'", "big"),
    ("'big' if actor.hp > 6 else 'small'", "small"),
    ("1 if false else 2 if true else 3", 2),
    ("[1, actor.hp, 'x']", (1, 5, "x")),
    ("[]", ()),
    ("[10, 20, 30][1]", 20),
    ("(1, actor.hp)", Pos(1, 5)),
    ("(actor.hp - 4, 2 * 2)", Pos(1, 4)),
    ("actor.owner", 0),
    ("actor.type", "knight"),
    ("actor.pos", Pos(2, 2)),
    ("actor.position", Pos(2, 2)),
    ("actor.pos.x", 2),
    ("actor.pos.y", 2),
    ("actor.id", 1),
    ("actor.hp", 5),
    ("actor.speed", 3),
    ("occupant((4, 2)).hp", 3),
    ("occupant((1, 1)).hp", 0),
    ("player", 0),
    ("player.gold", 5),
    ("player.name", "red"),
    ("actor.owner.gold", 5),
    ("actor.owner.name", "red"),
    ("game.round", 1),
    ("game.turn", 1),
    ("game.phase", "main"),
    ("'single'", "single"),
    ('"double"', "double"),
    ("none", None),
    ("orc", "orc"),
    ("2.5 * 2", 5.0),
]


@pytest.mark.parametrize(("expr", "expected"), OPERATORS, ids=[e for e, _ in OPERATORS])
def test_expression_operators(expr: str, expected: Any) -> None:
    """Each operator and attribute of the expression language gives the value Python semantics would."""
    got = value_of(expr)
    assert got == expected
    if expected is None or isinstance(expected, bool | str | tuple):
        assert type(got) is type(expected), (got, expected)


def test_game_round_and_turn_count_on_across_rounds() -> None:
    """`game.round` and `game.turn` count rounds and turns begun (three players: red's 2nd turn is turn 4)."""
    game = probe_game("- " + remember("v", "[game.round, game.turn]"))
    s = game.new_state(0)
    s = game.apply(s, s.decision.actions[0])
    assert s.memory["v"] == (1, 1)
    s = game.apply(s, s.decision.actions[0])
    assert s.memory["v"] == (2, 4)


# ---------------------------------------------------------------------- dice
def convolve(a: Distribution, b: Distribution) -> dict[int, int]:
    out: dict[int, int] = {}
    for va, wa in zip(a.values, a.weights, strict=True):
        for vb, wb in zip(b.values, b.weights, strict=True):
            out[va + vb] = out.get(va + vb, 0) + wa * wb
    return out


DICE: list[tuple[str, dict[int, int]]] = [
    ("d20", {v: 1 for v in range(1, 21)}),
    ("1d6", {v: 1 for v in range(1, 7)}),
    ("2d6+1", dict(zip((v + 1 for v in dice(2, 6).values), dice(2, 6).weights, strict=True))),
    ("2d6 - 1", dict(zip((v - 1 for v in dice(2, 6).values), dice(2, 6).weights, strict=True))),
    ("4d6kh3", dict(zip(dice(4, 6, keep_highest=3).values, dice(4, 6, keep_highest=3).weights,
                        strict=True))),
    ("2d20kl1", dict(zip(dice(2, 20, keep_lowest=1).values, dice(2, 20, keep_lowest=1).weights,
                         strict=True))),
    ("2d6+1d4", convolve(dice(2, 6), dice(1, 4))),
    ("1 + 1d4", {2: 1, 3: 1, 4: 1, 5: 1}),
    ("1d4 + actor.hp", {6: 1, 7: 1, 8: 1, 9: 1}),
    ("dice(actor.hp - 3, 2)", {2: 1, 3: 2, 4: 1}),
    ("3", {3: 1}),
    ("actor.hp", {5: 1}),
    # successes: how many dice reach a target; 2 of 6 faces succeed on 5+.
    ("successes(2, 6, 5)", {0: 16, 1: 16, 2: 4}),
    ("successes(actor.hp - 3, 6, 1)", {2: 1}),
    ("successes(2, 6, 7)", {0: 1}),
]


@pytest.mark.parametrize(("expr", "expected"), DICE, ids=[e for e, _ in DICE])
def test_dice_expressions_roll_their_exact_distribution(expr: str, expected: dict[int, int]) -> None:
    """A `roll` of a dice expression surfaces, in explicit-chance mode, its exact outcomes and weights."""
    game = probe_game(f"- roll: {{as: r, dice: {q(expr)}}}\n- " + remember("v", "r"))
    s = game.new_state(0, explicit_chance=True)
    s = game.apply(s, s.decision.actions[0])
    d = s.decision
    assert d.kind == "chance" and d.player == CHANCE
    values = [a.targets[0][1] for a in d.actions]
    total = sum(expected.values())
    got = {v: Fraction(w, sum(d.weights)) for v, w in zip(values, d.weights, strict=True)}
    assert got == {v: Fraction(w, total) for v, w in expected.items()}
    top = max(values)
    s = roll(game, s, top)
    assert s.memory["v"] == top


def test_dice_keep_highest_matches_a_brute_force_count() -> None:
    """`4d6kh3` has the classic ability-score distribution: 18 in 21 of 1296 rolls, 3 in 1."""
    game = probe_game("- roll: {as: r, dice: 4d6kh3}")
    s = game.new_state(0, explicit_chance=True)
    s = game.apply(s, s.decision.actions[0])
    weights = dict(zip((a.targets[0][1] for a in s.decision.actions), s.decision.weights,
                       strict=True))
    assert sum(weights.values()) == 6**4
    assert weights[18] == 21 and weights[3] == 1


def test_a_sampled_roll_stays_within_its_outcomes_and_is_recorded() -> None:
    """Without explicit chance a roll is sampled from the state's seed and recorded in the history."""
    game = probe_game("- roll: {as: r, dice: 2d6+1}\n- " + remember("v", "r"))
    seen = set()
    for seed in range(20):
        s = game.new_state(seed)
        s = game.apply(s, s.decision.actions[0])
        assert 3 <= s.memory["v"] <= 13
        assert s.history[-1].rolls == (s.memory["v"],)
        seen.add(s.memory["v"])
    assert len(seen) > 3


# ------------------------------------------------------- known library bugs
def test_positions_accepts_the_bare_shape_word_of_its_example() -> None:
    """The documented example `positions(shape: square, center: actor, radius: 1, empty: true)` compiles."""
    got = value_of(FUNCTIONS["positions"].example)
    assert got == [Pos(2, 1), Pos(3, 1), Pos(1, 2), Pos(3, 2), Pos(1, 3), Pos(3, 3)]


def test_entity_x_and_y_read_its_position() -> None:
    """`actor.x` and `actor.y` read the column and row of an entity, as in `abs(target.x - actor.x)`."""
    assert value_of("[actor.x, actor.y, abs(occupant((4, 2)).x - actor.x)]") == (2, 2, 2)


def test_it_x_and_y_read_an_entity_or_a_position() -> None:
    """`it.x` of a list's item reads a position's column, or an entity's on the board (an
    entity raised a Python error)."""
    assert value_of("filter(entities(), where: it.x == 2)") == [1, 4]
    assert value_of("filter([(1, 1), (2, 3)], where: it.y == 3)") == [(2, 3)]
    assert value_of("count(filter(zone(player, 'hand'), where: it.x == none))") == 2


def test_positions_rejects_an_unknown_shape_at_load() -> None:
    """An unknown shape name is a load-time error naming the shapes there are."""
    with pytest.raises(RulesError, match="unknown shape `hexagon` — shapes: circle, square, "
                       "cross, diamond, all"):
        probe_game("- " + remember("v", "positions(shape: 'hexagon', center: actor, radius: 1)"))


def test_a_library_call_with_a_bad_argument_is_reported_at_load() -> None:
    """Unknown keyword arguments, missing ones and too many are reported when the rules load."""
    found = problems(PROBE.replace("@BOARD@", "  size: [5, 5]").replace(
        "@EFFECTS@", "\n".join("      - " + remember("v", e) for e in (
            "distance(actor, (0, 0), 3)", "distance(actor)", "entities(ownr: enemy)"))).replace(
        "@SCENE@", SCENE.rstrip("\n")).replace("@EXTRA@", ""))
    assert any("distance() takes at most 2 arguments" in p for p in found)
    assert any("distance() needs `b`" in p for p in found)
    assert any("entities() has no argument `ownr` — did you mean `owner`?" in p for p in found)


TYPE_TESTS = [
    "entities(where: it.type == 'orc')",
    "entities(where: 'orc' == it.type)",
    "zone(player, 'hand', where: it.type == 'card')",
    "zone(player, 'hand', where: it.type == actor.type)",
    "find(entities(), where: it.type == 'priest')",
    "find(entities(), where: it.type == 'dragon')",
    "any(entities(owner: enemy), where: it.type == 'boulder')",
    "filter(entities(), where: (it.type) == none)",
    "filter([(1, 1), 3, actor], where: it.type == none)",
    "all(entities(owner: enemy), test: it.type == 'orc')",
    "positions('all', where: it.type == none)",
    "let k = 'knight'; count(filter(entities(), where: it.type == k))",
]


@pytest.mark.parametrize("expr", TYPE_TESTS)
def test_a_type_test_agrees_with_the_condition_evaluated_per_item(
        expr: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`where: it.type == kind` (kind not reading `it`) compares each item's type with `kind`
    worked out once, without evaluating the condition per item; what it gives is what the
    same condition evaluated per item gives (`true and …` is not a type test)."""
    made: list[Any] = []

    class Counted(library._It):
        def __init__(self, *args: Any) -> None:
            made.append(args)
            super().__init__(*args)

    monkeypatch.setattr(library, "_It", Counted)
    fast = value_of(expr)
    assert made == []
    slow = value_of(_per_item(expr))
    assert made, "the rewritten condition should be evaluated per item"
    assert fast == slow


def _per_item(expr: str) -> str:
    """``expr`` with its condition `c` written `true and (c)`: no longer a type test."""
    for key in ("where: ", "test: "):
        if key in expr:
            head, cond = expr.split(key, 1)
            depth, end = 0, len(cond)
            for i, ch in enumerate(cond):
                depth += (ch in "([") - (ch in ")]")
                if depth < 0:
                    end = i
                    break
            return f"{head}{key}true and ({cond[:end]}){cond[end:]}"
    raise AssertionError(expr)


TYPE_AND_TESTS = [
    "entities(where: it.type == 'orc' and it.hp > 1)",
    "count(entities(where: it.type == 'knight' and it.hp > 5))",
    "zone(player, 'hand', where: it.type == 'card' and it.cost == 1)",
    "count(zone(player, 'hand', where: it.type == 'card' and it.cost > 1))",
    "any(zone(player, 'hand', where: 'card' == it.type and it.cost == 1 and true))",
    "count(zone(player, 'hand', where: it.type == none and true))",
    "filter(entities(), where: it.type == actor.type and it.x == 2 and it.y > 2)",
]


@pytest.mark.parametrize("expr", TYPE_AND_TESTS)
def test_a_type_test_and_more_tests_the_rest_on_that_type_only(
        expr: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`where: it.type == kind and …` compares types first and evaluates the rest only for
    the items of that type; it gives what the condition evaluated per item gives."""
    tested: list[Any] = []

    class Counted(library._It):
        def __call__(self, item: Any) -> Any:
            tested.append(item)
            return super().__call__(item)

    monkeypatch.setattr(library, "_It", Counted)
    fast = value_of(expr)
    fast_items = len(tested)
    tested.clear()
    slow = value_of(_per_item(expr))
    assert fast == slow
    if "entities(" in expr:  # the board holds several types: fewer items get the rest
        assert fast_items < len(tested), "only the items of the type should be tested further"
    else:  # the hand holds cards only
        assert fast_items <= len(tested)


@pytest.mark.parametrize("where", ["", ", where: it.cost == 1", ", where: it.type == 'card'",
                                   ", type: 'card'", ", type: 'orc'",
                                   ", where: it.type == 'card' and it.cost > 1"])
def test_counting_a_zone_agrees_with_its_list(where: str) -> None:
    """`count(zone(...))` and `any(zone(...))` count without listing: the same numbers as
    the list's length, for players' zones and table zones."""
    for zone in ("zone(player, 'hand'", "zone(player, 'deck'", "table('pile'"):
        call = zone + where + ")"
        listed = f"filter({call}, where: true)"
        assert value_of(f"[count({call}), any({call})]") == \
            value_of(f"[count({listed}), any({listed})]")


def test_a_type_test_is_lazy_and_reads_it_only_as_the_item() -> None:
    """A kind that would fail is not worked out for no items, as the condition would not be;
    a kind that reads `it` is evaluated per item."""
    assert value_of("any([], where: it.type == [1, 2][5])") is False
    with pytest.raises(RuleError, match="no item 5 in a list of 2"):
        value_of("any(entities(), where: it.type == [1, 2][5])")
    assert value_of("filter(entities(), where: it.type == find(entities(), "
                    "where: it.type == 'orc').type)") == value_of("entities(type: 'orc')")
    assert value_of("count(entities(where: it.type == it.type))") == len(value_of("entities()"))
