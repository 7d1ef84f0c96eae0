"""Terrain on the sides between cells: `board: side_types:` and `sides:` (hexsides, and
walls between squares).

A side adds its `cost` to a step across it (`null`: no crossing; by kind of unit as for
tiles), may block sight, and has fixed `params` the rules read as
`side_between(a, b).NAME`. It lies between two cells that share an edge; a run of them
lies between two lists of cells (a river's banks), and a later side replaces an earlier
one on the same edge (a bridge). The test game is tests/rules_fixtures/river_ford.yaml.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML

import stratagem
from rules_helpers import act, build, problems
from stratagem.agents.program import ProgramAgent, parse_program
from stratagem.cli.board import plain
from stratagem.cli.main import cli
from stratagem.cli.table import TableHuman
from stratagem.engine import ActionBuilder, Pos, hexes
from stratagem.engine.geometry import (
    all_paths,
    cheapest_path,
    line_of_sight,
    path_distance,
    reachable,
    step_cost,
)
from stratagem.engine.state_values import state_key
from stratagem.games.sheet import rules_sheet
from stratagem.web.board_svg import board_svg

FORD = Path(__file__).parent / "rules_fixtures" / "river_ford.yaml"


def ford(scenario: str | None = None) -> stratagem.Game:
    return stratagem.load(str(FORD), scenario=scenario)


def walls(sides: str, size: str = "[5, 4]", extra: str = "") -> stratagem.Game:
    """A square board of 8 neighbours with the sides given (YAML list items)."""
    return build(f"""\
game: walls
players: [a, b]
board:
  size: {size}
  side_types:
    wall: {{cost: null, blocks_sight: true}}
    river: {{cost: 2}}
    road: {{cost: -0.5}}
  sides:
{sides}
{extra}
actions:
  pass_turn: {{ends_turn: true}}
flow:
  phases:
    - name: main
      actions: [pass_turn]
end: {{round_limit: 1}}
""")


# ------------------------------------------------------------------ reading the board
def test_a_run_of_sides_lies_on_every_edge_between_its_banks_and_a_later_side_replaces() -> None:
    """The river between columns 3 and 4 of a pointy-odd hex map zigzags along every
    hexside the two columns share; the bridge entry replaces it on one edge."""
    b = ford().board
    w = b.width
    placed = {(Pos(i % w, i // w), Pos(j % w, j // w)): kind for i, j, kind in b.sides}
    river = {pair for pair, kind in placed.items() if kind == "river"}
    assert river == {(Pos(3, 0), Pos(4, 0)), (Pos(4, 0), Pos(3, 1)), (Pos(3, 1), Pos(4, 1)),
                     (Pos(3, 1), Pos(4, 2)), (Pos(4, 2), Pos(3, 3)), (Pos(3, 3), Pos(4, 3)),
                     (Pos(3, 3), Pos(4, 4)), (Pos(3, 4), Pos(4, 4))}
    assert placed[(Pos(3, 2), Pos(4, 2))] == "bridge"
    assert placed[(Pos(1, 3), Pos(2, 3))] == "hedge"


BAD = """\
game: bad
players: [a, b]
board:
  topology: hex
  size: [5, 4]
  places: {ford: [2, 1]}
  side_types:
    river: {cost: 2, blocks_move: true, params: {cover: {max: 2}}}
    wall: {cost: {armour: null}}
  sides:
    - {type: rivr, between: [0, 0], and: [1, 0]}
    - {type: river, between: [0, 0], and: [2, 0]}
    - {type: river, between: [0, 0], and: [9, 0]}
    - {type: river, between: [[0, 0], [0, 3]], and: [[1, 0]]}
    - {type: river, between: fjord, and: [1, 0]}
    - {type: river, between: [1, 1], and: [1, 1]}
    - {type: river, between: [1, 1]}
actions:
  pass_turn: {ends_turn: true}
flow:
  phases:
    - name: main
      actions: [pass_turn]
end: {round_limit: 1}
"""


def test_each_mistake_in_the_sides_is_one_located_error() -> None:
    """Unknown types, cells that share no edge, cells off the board or touching nothing
    across, unknown places, a cell on both sides, a missing key, `blocks_move`, bounds on
    a parameter and an unknown kind of unit in a cost: each is reported at its
    file:line:column, all in one go."""
    found = problems(BAD, "bad.yaml")
    assert found == [
        "bad.yaml:8:22: a side no unit crosses is written `cost: null`, as a tile no unit "
        "enters — cost: null",
        "bad.yaml:8:57: a side's parameter is a fixed number, not a mapping — cover: 1 "
        "(sides never change, so they have no bounds)",
        "bad.yaml:11:14: unknown side type `rivr` — did you mean `river`?",
        "bad.yaml:12:43: [0, 0] and [2, 0] are not next to each other: a side lies on the "
        "edge two cells share",
        "bad.yaml:13:43: [9, 0] is off the 5x4 board",
        "bad.yaml:14:39: [0, 3] shares an edge with none of the cells of `and` — each cell "
        "of a run of sides touches the other bank",
        "bad.yaml:15:30: no place `fjord` on the board — did you mean `ford`?",
        "bad.yaml:16:43: [1, 1] is on both sides of a side",
        "bad.yaml:17:7: a side needs `and`",
        "bad.yaml:9:19: `armour` in the cost of side type `wall` is neither an entity type "
        "nor a tag of one — keys: entity types, their tags, and `other` for every other "
        "unit",
    ]


def test_squares_that_meet_at_a_corner_have_no_side_between_them() -> None:
    """On a square board a side lies between squares side by side; a diagonal pair is
    refused with where it is written and why."""
    found = problems("""\
game: bad
players: [a, b]
board:
  size: [3, 3]
  side_types: {wall: {cost: null}}
  sides:
    - {type: wall, between: [0, 0], and: [1, 1]}
actions:
  pass_turn: {ends_turn: true}
flow:
  phases: [{name: main, actions: [pass_turn]}]
""", "corner.yaml")
    assert found == ["corner.yaml:7:42: [0, 0] and [1, 1] meet only at a corner: a side "
                     "lies on the edge two cells share — on a square board, squares side "
                     "by side or one above the other"]


def test_an_unknown_side_parameter_and_sides_on_a_map_of_links_are_refused() -> None:
    """`side_between(a, b).NAME` names a declared parameter (located in the expression);
    a point-to-point map has no sides."""
    found = problems("""\
game: bad
players: [a, b]
board:
  size: [3, 1]
  side_types: {river: {params: {cover: 1}}}
  sides: [{type: river, between: [0, 0], and: [1, 0]}]
actions:
  pass_turn:
    ends_turn: true
    when: "side_between((0, 0), (1, 0)).covr == 0"
flow:
  phases: [{name: main, actions: [pass_turn]}]
""", "p.yaml")
    assert found == ["p.yaml:10:41: no side type has a parameter `covr` — did you mean "
                     "`cover`?"]
    found = problems("""\
game: bad
players: [a, b]
board:
  size: [3, 1]
  places: {a: [0, 0], b: [2, 0]}
  links: [a - b]
  side_types: {river: {}}
  sides: [{type: river, between: a, and: b}]
actions:
  pass_turn: {ends_turn: true}
flow:
  phases: [{name: main, actions: [pass_turn]}]
""", "links.yaml")
    assert found == ["links.yaml:8:10: sides lie on the edges between the cells of a square "
                     "or hex grid; a map of `links` has none — leave out `links`, or the "
                     "sides"]


# ------------------------------------------------------------------ moving
def test_wading_costs_the_river_and_armour_crosses_only_by_the_bridge() -> None:
    """Infantry pays the hex and the river (1 + 2) to wade; the tank, whose kind may not
    wade, goes round by the bridge, and what it reaches, its cheapest path and its
    distances say so."""
    game = ford()
    s = game.new_state(seed=1)
    assert step_cost(s, (3, 1), (4, 1), "infantry") == 3
    assert step_cost(s, (3, 1), (4, 1), "tank") is None
    assert step_cost(s, (3, 2), (4, 2), "tank") == 1  # the bridge
    assert step_cost(s, (1, 3), (2, 3)) == 2  # the hedge: 1 more
    assert path_distance(s, (3, 3), (4, 4), blocked=(), mover="infantry") == 3
    assert path_distance(s, (3, 3), (4, 4), blocked=(), mover="tank") == 4
    assert cheapest_path(s, (3, 3), (5, 4), blocked=(), mover="tank") == [
        Pos(3, 2), Pos(4, 2), Pos(4, 3), Pos(5, 4)]
    tank = reachable(s, (3, 3), 3, blocked=(), mover="tank")
    foot = reachable(s, (3, 3), 3, blocked=(), mover="infantry")
    assert Pos(4, 4) not in tank and foot[Pos(4, 4)] == 3
    assert tank[Pos(4, 1)] == 3  # (3,2), the bridge to (4,2), then (4,1)
    # Every cheapest way from (3,1) to (5,1): wading, or round by the bridge, both 4.
    assert all_paths(s, (3, 1), (5, 1), blocked=()) == [
        (Pos(4, 1), Pos(5, 1)), (Pos(3, 2), Pos(4, 2), Pos(4, 1), Pos(5, 1))]


def test_the_moves_offered_in_play_pay_the_sides() -> None:
    """In play, the tank is offered only the far bank's hexes it can reach over the bridge
    within its 4 points, walks there by the bridge, and the infantry wades."""
    game = ford()
    s = game.new_state(seed=1)
    tank_to = {a.target("to") for a in game.legal_actions(s) if str(a).startswith("move #2")}
    # Beyond the river only by the bridge (3,2)-(4,2): 2 points to (4,2), 4 to (4,0),
    # (5,0) and the woods on (5,2); the blue gun on (4,3) bars the way south.
    assert {p for p in tank_to if p.x >= 4} == {Pos(4, 0), Pos(4, 1), Pos(4, 2), Pos(5, 0),
                                               Pos(5, 2)}
    after = act(game, s, "move #2 to=(4,1)")
    assert after.entities[2].pos == Pos(4, 1)
    infantry_to = {a.target("to") for a in game.legal_actions(s)
                   if str(a).startswith("move #1")}
    assert Pos(4, 1) in infantry_to and Pos(6, 0) not in infantry_to


def test_a_diagonal_step_passes_a_corner_by_the_cheaper_way_round() -> None:
    """On a square board of 8 neighbours a diagonal step slips past the end of a wall,
    but not through the corner two walls make; past a river it pays the cheaper way
    round, and a road (a negative cost) never makes a step cost less than nothing."""
    game = walls("    - {type: wall, between: [1, 0], and: [2, 0]}\n"
                 "    - {type: wall, between: [1, 2], and: [1, 3]}\n"
                 "    - {type: wall, between: [2, 2], and: [2, 3]}\n"
                 "    - {type: river, between: [3, 0], and: [4, 0]}\n"
                 "    - {type: river, between: [3, 1], and: [4, 1]}\n"
                 "    - {type: road, between: [0, 3], and: [1, 3]}")
    s = game.new_state(seed=1)
    assert step_cost(s, (1, 0), (2, 0)) is None
    assert step_cost(s, (1, 0), (2, 1)) == 1  # past the wall's end, by (1,1)
    assert step_cost(s, (1, 2), (2, 3)) is None  # the two walls close the corner
    assert step_cost(s, (2, 2), (1, 3)) is None
    assert step_cost(s, (1, 2), (0, 3)) == 1  # the other corner is open
    assert step_cost(s, (3, 0), (4, 1)) == 3  # across the river either way round
    assert step_cost(s, (0, 3), (1, 3)) == 0.5
    assert path_distance(s, (1, 0), (2, 0), blocked=()) == 2  # round the wall's end
    assert path_distance(s, (1, 2), (1, 3), blocked=()) == 1.5  # by (0,3) and the road


# ------------------------------------------------------------------ seeing
def test_a_hedge_blocks_the_guns_sight_in_play() -> None:
    """The gun behind the hedge may shoot the infantry it sees and not the one beyond the
    hedge, though both are in range."""
    game = ford("hedge")
    s = game.new_state(seed=1)
    shots = [str(a) for a in game.legal_actions(s) if str(a).startswith("shoot")]
    assert shots == ["shoot #1 target=#3"]
    assert not line_of_sight(s, (0, 3), (3, 3)) and line_of_sight(s, (0, 3), (2, 2))
    assert not line_of_sight(s, (1, 3), (2, 3))  # the hedge between two neighbours


def test_walls_between_squares_block_sight_and_a_corner_passes_if_either_way_is_clear() -> None:
    """A wall blocks a line crossing its edge, even beside the viewer; a line through a
    corner is blocked only when walls close both ways round it."""
    game = walls("    - {type: wall, between: [[1, 0], [1, 1]], and: [[2, 0], [2, 1]]}\n"
                 "    - {type: wall, between: [3, 2], and: [3, 3]}")
    s = game.new_state(seed=1)
    assert not line_of_sight(s, (0, 0), (3, 0))
    assert not line_of_sight(s, (1, 1), (2, 1))
    assert line_of_sight(s, (0, 2), (3, 2))
    assert line_of_sight(s, (1, 1), (2, 2))  # by the corner (1,2): no wall that way
    assert not line_of_sight(s, (0, 0), (4, 2))  # (1,0)|(2,0) crossed at y 0.75
    assert line_of_sight(s, (2, 2), (4, 4)) == line_of_sight(s, (4, 4), (2, 2))


@pytest.mark.parametrize("topology", ["square", "pointy-odd", "flat-even", "pointy-axial"])
def test_sight_past_sides_is_the_same_both_ways(topology: str) -> None:
    """Whoever sees a cell is seen from it, with walls scattered on the sides of a square
    or hex board."""
    rng = random.Random(7)
    hexed = topology != "square"
    shape = f"  topology: hex\n  hex: {topology}\n" if hexed else ""
    cells = [(x, y) for y in range(6) for x in range(6)]
    game0 = build(f"game: g\nplayers: [a, b]\nboard:\n{shape}  size: [6, 6]\n"
                  "actions: {pass_turn: {ends_turn: true}}\n"
                  "flow: {phases: [{name: main, actions: [pass_turn]}]}\n")
    near = [(a, b) for a in cells for b in cells if a < b and (
        hexes.distance(topology, a, b) == 1 if hexed else abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1)]
    chosen = rng.sample(near, 14)
    items = "\n".join(f"    - {{type: wall, between: [{a[0]}, {a[1]}], and: [{b[0]}, {b[1]}]}}"
                      for a, b in chosen)
    game = build(f"game: g\nplayers: [a, b]\nboard:\n{shape}  size: [6, 6]\n"
                 "  side_types: {wall: {cost: null, blocks_sight: true}}\n"
                 f"  sides:\n{items}\n"
                 "actions: {pass_turn: {ends_turn: true}}\n"
                 "flow: {phases: [{name: main, actions: [pass_turn]}]}\n")
    s, s0 = game.new_state(seed=1), game0.new_state(seed=1)
    blocked = 0
    for a in cells:
        for b in cells:
            seen = line_of_sight(s, a, b)
            assert seen == line_of_sight(s, b, a), (a, b)
            assert not seen or line_of_sight(s0, a, b)  # a side never lets more be seen
            blocked += not seen
    assert blocked > 0


# ------------------------------------------------------------------ reading in rules
def test_an_attack_across_the_river_reads_the_sides_cover() -> None:
    """`side_between(actor, target).cover` is 1 across the river: the tank's 3 damage is
    2 on the gun beyond it."""
    game = ford()
    s = game.new_state(seed=1)
    after = act(game, s, "attack #2 target=#6")
    assert after.entities[6].params["hp"] == 2


def test_side_between_names_the_side_or_none() -> None:
    """`side_between` gives the type between two neighbours (either way round), none with no
    side or for cells that are not neighbours; its parameters read 0 where it lacks them."""
    game = build("""\
game: g
players: [a, b]
board:
  size: [3, 2]
  side_types:
    river: {params: {cover: 1}}
    ditch: {}
  sides:
    - {type: river, between: [0, 0], and: [1, 0]}
    - {type: ditch, between: [1, 0], and: [1, 1]}
state: {got: 0}
actions:
  pass_turn: {ends_turn: true}
setup:
  effects:
    - remember: {key: a, value: "side_between((1, 0), (0, 0))"}
    - remember: {key: b, value: "side_between((1, 1), (1, 0))"}
    - remember: {key: c, value: "side_between((0, 0), (2, 0))"}
    - remember: {key: d, value: "side_between((0, 1), (1, 1))"}
    - set: {what: game.got, to: "10 * side_between((0, 0), (1, 0)).cover + side_between((1, 0), (1, 1)).cover"}
flow:
  phases: [{name: main, actions: [pass_turn]}]
""")
    s = game.new_state(seed=1)
    assert {k: s.memory.get(k) for k in "abcd"} == {"a": "river", "b": "ditch", "c": None,
                                                     "d": None}
    assert s.counters[state_key("got")] == 10


def test_a_program_reads_the_sides_between_cells() -> None:
    """A programmed opponent's rule may test `side_between(...)` and its parameters: it
    attacks only where no river shelters the target."""
    game = ford()
    text = """\
program: careful
game: river_ford
side: red
states:
  only:
    rules:
      - do: attack
        where: "side_between(actor, target).cover == 0"
      - do: end_turn
"""
    agent = ProgramAgent(game, seed=0, program=parse_program(text, game, "p.yaml"))
    s = game.new_state(seed=1)
    choice = agent.choose(s, s.decision)  # the only attack is across the river
    assert choice.action.type == "end_turn"


# ------------------------------------------------------------------ showing
def test_the_terminal_board_draws_the_sides_and_names_them() -> None:
    """The river sits in the gaps between the hexes of a row and on the lines put in
    between rows, the bridge and the hedge in theirs; the legend names each kind."""
    game = ford()
    text = plain(game, game.new_state(seed=1))
    lines = text.splitlines()
    assert lines[1] == "0  ·   ·   ·   · ~ ·   ·   ·"
    assert lines[2].strip() == "~~"
    assert "· = ·" in lines[5] and '· " ·' in lines[7]
    assert 'sides: ~ river  = bridge  " hedge' in text
    dungeon = walls("    - {type: wall, between: [[1, 0], [1, 1]], and: [[2, 0], [2, 1]]}\n"
                    "    - {type: river, between: [0, 1], and: [0, 2]}")
    square = plain(dungeon, dungeon.new_state(seed=1))
    rows = square.splitlines()
    assert rows[1] == "0  ·  ·│ ·  ·  ·" and rows[3] == "  ~~~"
    assert "sides: │ wall  ~ river" in square
    flat = build(FORD.read_text(encoding="utf-8").replace("hex: pointy-odd", "hex: flat-odd"))
    drawn = plain(flat, flat.new_state(seed=1)).splitlines()
    # Flat-topped hexes: each side right of the column-3 hex it touches, on that hex's line
    # for the hex up column 4, on the line below for the one down it: one mark a side.
    assert drawn[2] == "       ·       · ~     ·" and drawn[3] == "1  ·       ♣     ~ ·       ·"
    board = "\n".join(drawn[1:11])
    assert (board.count("~"), board.count("="), board.count('"')) == (8, 1, 1)


def test_the_web_board_and_the_rules_sheet_show_the_sides() -> None:
    """The SVG draws a line along each side's edge, titled with its kind and cells, and
    lists the kinds in its legend; the rules sheet lists each kind with what crossing it
    costs and what else it does."""
    game = ford()
    svg = board_svg(game, game.new_state(seed=1))
    assert svg.count('class="side"') == len(game.board.sides) == 10
    assert "Bridge between (3,2) and (4,2)" in svg and ">Hedge</text>" in svg
    assert rules_sheet(game).sides == (
        ("river", "+2; armor no crossing", "cover 1"), ("bridge", "+0", ""),
        ("hedge", "+1", "blocks sight"))


def test_the_rules_command_and_the_prompts_help_list_the_sides() -> None:
    """`stratagem rules` has a table of the sides between cells, and `?` at the prompt a
    section, each kind with what crossing it costs."""
    out = CliRunner().invoke(cli, ["rules", str(FORD)])
    assert out.exit_code == 0, out.output
    assert "Sides between cells" in out.output
    assert re.search(r"~\s+river\s+\+2; armor no crossing\s+cover 1", out.output)
    game = ford()
    state = game.new_state(seed=1)
    assert state.decision is not None
    text = TableHuman(game).help_text(state, state.decision, ActionBuilder(state))
    assert ("== sides between cells (cost to cross) ==\n  river: +2; armor no crossing "
            "(cover 1)\n  bridge: +0\n  hedge: +1 (blocks sight)\n") in text


def test_a_scenario_with_a_grid_of_its_own_leaves_the_rules_sides_behind(
        tmp_path: Path) -> None:
    """A scenario that draws another grid does not inherit sides that may not fit it; one
    that gives only `sides` keeps the rules' grid."""
    rules = tmp_path / "ford.yaml"
    rules.write_text(FORD.read_text(encoding="utf-8") + """\
  small:
    board:
      size: [2, 2]
    entities:
      - {type: gun, owner: red, at: [0, 0]}
      - {type: gun, owner: blue, at: [1, 1]}
  blown:
    board:
      sides: [{type: river, between: [3, 2], and: [4, 2]}]
""", encoding="utf-8")
    assert stratagem.load(str(rules), scenario="small").board.sides == ()
    blown = stratagem.load(str(rules), scenario="blown").board
    assert blown.sides == ((17, 18, "river"),) and blown.width == 7


def test_random_games_on_the_ford_finish() -> None:
    """Random play on the ford map keeps every move legal and ends."""
    game = ford()
    for seed in range(3):
        s = game.new_state(seed=seed)
        rng = random.Random(seed)
        n = 0
        while s.decision is not None and n < 400:
            options = game.legal_actions(s)
            s = game.apply(s, options[rng.randrange(len(options))])
            n += 1
        assert s.decision is None or n == 400


def test_the_tutorials_stream_and_ford_cost_what_it_says() -> None:
    """docs/tutorial.md's *sides* block, merged into its Patrol game, compiles: wading the
    stream costs 3, the ford 1, the stream's cover reads 1, and the board draws it."""
    text = (Path(__file__).parent.parent / "docs" / "tutorial.md").read_text(encoding="utf-8")
    blocks = dict(re.findall(r"<!-- (.+?) -->\n```\w*\n(.*?)```", text, re.S))
    yaml = YAML(typ="safe")
    rules = yaml.load(blocks["hex rules"])
    rules["board"].update(yaml.load(blocks["sides"])["board"])
    rules["state"] = {"cover": 0}
    rules["setup"]["effects"] = [
        {"set": {"what": "game.cover", "to": "side_between((2, 1), (3, 1)).cover"}}]
    game = build(json.dumps(rules))
    s = game.new_state(seed=0)
    assert step_cost(s, (2, 1), (3, 1)) == 3 and step_cost(s, (2, 3), (3, 3)) == 1
    assert s.counters[state_key("cover")] == 1
    assert "~" in plain(game, s).splitlines()[1]


def test_display_hints_give_a_side_type_its_glyph_and_colour() -> None:
    """`display: tiles:` may name a side type: the terminal draws its glyph in the gaps and
    the web page its colour along the edge."""
    game = walls("    - {type: wall, between: [1, 0], and: [2, 0]}",
                 extra="display: {tiles: {wall: {glyph: '#', colour: '#123456'}}}")
    s = game.new_state(seed=1)
    assert plain(game, s).splitlines()[1] == "0  ·  ·# ·  ·  ·"
    assert 'stroke="#123456"' in board_svg(game, s)


def test_the_sheets_fog_of_war_says_walls_between_cells_block_sight() -> None:
    """Under fog of war the rules sheet says that terrain blocks the line of sight when
    only a side, not a tile, blocks it."""
    game = walls("    - {type: wall, between: [1, 0], and: [2, 0]}",
                 extra="visibility: {sight: 3}")
    assert rules_sheet(game).fog[0].endswith(", line of sight blocked by terrain")
