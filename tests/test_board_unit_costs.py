"""Terrain that costs kinds of unit differently: a tile type's `cost: {armor: 3, other: 2}`.

Each key names an entity type or a tag; a unit pays under the first key naming its type
or one of its tags, `other` for the rest, and `null` keeps a kind out. Every way from an
entity (`reachable`, `path_distance`, `paths`, `move_along`) pays the mover's costs; a way
from a position pays `other`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML

from rules_helpers import act, build, problems, remember
from stratagem.cli.main import cli
from stratagem.engine import Pos, parse_action
from stratagem.engine.geometry import cheapest_path, mover_costs, tile_cost
from stratagem.engine.state_values import state_key
from stratagem.rules import RulesError, check_rules

# A 3x3 square board of 4 neighbours: forest across the top middle, marsh in the centre.
#
#   . f .
#   . m .
#   . . .
#
# The unit at (0,0) is set by UNIT below. Forest: armour 3, everyone else 2. Marsh:
# wheeled 2, armour may not enter, everyone else 1. A truck is both armour and wheeled:
# marsh names `wheeled` first, so it pays 2 there; forest names only `armor`: 3.
RULES = """\
game: terrain
players: [red, blue]
board:
  neighbours: 4
  tiles: {".": clear, f: forest, m: marsh}
  tile_types:
    forest: {cost: {armor: 3, other: 2}}
    marsh: {cost: {wheeled: 2, armor: null, other: 1}}
  layout: |
    . f .
    . m .
    . . .
state:
  wet: 0
entities:
  rifle: {tags: [foot], params: {moves: 3}, actions: [go, walk, gauge], reactions: [splash]}
  tank: {tags: [armor], params: {moves: 3}, actions: [go, walk, gauge], reactions: [splash]}
  truck:
    tags: [armor, wheeled]
    params: {moves: 3}
    actions: [go, walk, gauge]
    reactions: [splash]
  flag: {}
actions:
  go:
    targets:
      to: {kind: position, from: "reachable(actor, actor.moves)"}
    effects:
      - move: {what: actor, to: to}
  walk:
    targets:
      to: {kind: position, from: "positions()", where: "tile(to) == 'clear' and to != actor.pos"}
    effects:
      - move_along: {to: to}
  gauge:
    effects:
      - GAUGE
reactions:
  splash:
    on: stepped
    stage: done
    automatic: true
    when: "event.mover == reactor and tile(event.to) == 'marsh'"
    effects:
      - modify: {what: game.wet, by: 1}
flow:
  phases:
    - name: play
      actions: [go, walk, gauge]
      max_actions: 1
setup:
  entities:
    - {type: UNIT, owner: red, at: [0, 0]}
    - {type: flag, at: [2, 2]}
"""

GAUGE = remember("far", "path_distance(actor, (2, 0))") + "\n      - " + remember(
    "from_square", "path_distance((0, 0), (2, 0))")


def game_with(unit: str, text: str = RULES):
    return build(text.replace("UNIT", unit).replace("- GAUGE", "- " + GAUGE))


def reached(unit: str) -> set[tuple[int, int]]:
    game = game_with(unit)
    s = game.new_state(seed=0)
    return {tuple(dict(a.targets)["to"]) for a in game.legal_actions(s) if a.type == "go"}


def test_each_kind_of_unit_reaches_what_its_costs_allow() -> None:
    # A rifle pays 2 for forest and 1 for marsh: everything but the far corner (cost 4).
    assert reached("rifle") == {(1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2)}
    # A tank pays 3 for forest and may not enter marsh: round the edge, three squares.
    assert reached("tank") == {(1, 0), (0, 1), (0, 2), (1, 2)}
    # A truck is armour in forest (3) and wheeled in marsh (2): marsh is open to it.
    assert reached("truck") == {(1, 0), (0, 1), (1, 1), (0, 2), (1, 2)}


def test_path_distance_pays_the_movers_costs_and_a_square_pays_other() -> None:
    # To (2,0): a rifle through the forest, 2 + 1; a tank the same, 3 + 1 (the way round
    # crosses the marsh); a truck 3 + 1 through the forest or 1 + 2 + 1 + 1 through the marsh.
    for unit, far in (("rifle", 3), ("tank", 4), ("truck", 4)):
        game = game_with(unit)
        s = act(game, game.new_state(seed=0), "gauge #1")
        assert s.memory["far"] == far, unit
        # From a square there is no mover: the tiles' own costs (`other`), forest 2.
        assert s.memory["from_square"] == 3


def test_a_walk_goes_round_what_its_kind_may_not_enter() -> None:
    """A tank may not cross the marsh: its way from (0,0) to (2,1) takes the dear forest
    (the bottom way is shut by the flag at (2,2)); a rifle's way crosses the marsh."""
    for unit, way in (("tank", [(1, 0), (2, 0), (2, 1)]), ("rifle", [(0, 1), (1, 1), (2, 1)])):
        game = game_with(unit)
        s = game.new_state(seed=0)
        mover = s.entities[1]
        assert cheapest_path(s, (0, 0), (2, 1), mover=mover) == [Pos(*p) for p in way]
        after = act(game, s, "walk #1 to=(2,1)")
        assert after.entities[1].pos == Pos(2, 1)
        assert after.counters.get(state_key("wet"), 0) == (1 if unit == "rifle" else 0)  # steps into the marsh
    # Without a mover the tiles' own costs: the marsh costs 1, the rifle's way.
    assert cheapest_path(s, (0, 0), (2, 1)) == [Pos(0, 1), Pos(1, 1), Pos(2, 1)]
    # No way at all leads a tank into the marsh.
    game = game_with("tank")
    s = game.new_state(seed=0)
    assert cheapest_path(s, (0, 0), (1, 1), mover=s.entities[1], blocked=()) is None


def test_the_engine_functions_take_the_mover() -> None:
    game = game_with("truck")
    s = game.new_state(seed=0)
    truck = s.entities[1]
    assert mover_costs(s, truck) == (("forest", 3), ("marsh", 2))
    assert mover_costs(s, "tank") == (("forest", 3), ("marsh", None))
    assert mover_costs(s, "rifle") == ()  # `foot` is named by no tile
    assert mover_costs(s, None) == ()
    assert tile_cost(s, Pos(1, 1)) == 1.0
    assert tile_cost(s, Pos(1, 1), "tank") is None
    assert tile_cost(s, Pos(1, 1), truck) == 2.0
    assert tile_cost(s, Pos(1, 0), "rifle") == 2.0


def test_a_refused_move_says_the_kind_may_not_enter() -> None:
    game = game_with("tank")
    s = game.new_state(seed=0)
    why = game.why_illegal(s, parse_action("go #1 to=(1,1)"))
    assert why is not None and "marsh: no tank may enter it" in why


def test_a_cost_key_that_names_nothing_is_one_problem_at_its_place() -> None:
    text = RULES.replace("UNIT", "rifle").replace("- GAUGE", "- " + GAUGE).replace(
        "forest: {cost: {armor: 3, other: 2}}", "forest: {cost: {armour: 3, other: 2}}")
    found = problems(text)
    assert len(found) == 1
    line = text.splitlines().index("    forest: {cost: {armour: 3, other: 2}}") + 1
    assert found[0].startswith(f"rules.yaml:{line}:")
    assert "`armour` in the cost of tile type `forest` is neither an entity type nor a tag" \
        in found[0]
    assert "armor" in found[0]  # the hint: did you mean


def test_a_cost_must_be_a_number_or_null() -> None:
    text = RULES.replace("UNIT", "rifle").replace("- GAUGE", "- " + GAUGE).replace(
        "armor: 3, other: 2", "armor: lots, other: 2")
    found = problems(text)
    assert len(found) == 1 and "the cost of `armor` on `forest` must be a number" in found[0]


def test_other_alone_is_the_tiles_own_cost() -> None:
    plain = game_with("tank", RULES.replace("forest: {cost: {armor: 3, other: 2}}",
                                            "forest: {cost: 2}"))
    mapped = game_with("tank", RULES.replace("forest: {cost: {armor: 3, other: 2}}",
                                             "forest: {cost: {other: 2}}"))
    for game in (plain, mapped):
        s = game.new_state(seed=0)
        assert {tuple(dict(a.targets)["to"]) for a in game.legal_actions(s)
                if a.type == "go"} == {(1, 0), (2, 0), (0, 1), (0, 2), (1, 2)}


def test_a_unit_placed_where_its_kind_may_not_stand_is_an_error(tmp_path: Path) -> None:
    text = RULES.replace("- GAUGE", "- " + GAUGE)
    for unit, refused in (("tank", True), ("truck", False), ("rifle", False)):
        path = tmp_path / f"{unit}.yaml"
        path.write_text(text.replace("UNIT", unit).replace("at: [0, 0]", "at: [1, 1]"))
        if not refused:
            check_rules(path)
            continue
        with pytest.raises(RulesError) as e:
            check_rules(path)
        assert [str(p).split(": ", 1)[1] for p in e.value.problems] == [
            "a tank is placed at (1,1), on `marsh`, which no tank may enter (impassable to "
            "it) — place it on a tile it can stand on"]


def test_the_rules_sheet_lists_the_terrain(tmp_path: Path) -> None:
    path = tmp_path / "terrain.yaml"
    path.write_text(RULES.replace("UNIT", "rifle").replace("- GAUGE", "- " + GAUGE))
    result = CliRunner().invoke(cli, ["rules", str(path)], terminal_width=100)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    at = lines.index(next(x for x in lines if x.startswith("Terrain")))
    rows = [" ".join(x.split()) for x in lines[at + 1: at + 5]]
    assert rows[1].endswith("forest 2; armor 3")
    assert rows[2].endswith("marsh 1; wheeled 2, armor no entry")
    assert rows[3].endswith("clear 1")


@pytest.mark.parametrize("unit", ["rifle", "tank", "truck"])
def test_random_play_keeps_every_unit_on_ground_its_kind_may_enter(unit: str) -> None:
    """Every offered `go` and `walk` leaves the unit on a square its kind may enter."""
    game = game_with(unit)
    for seed in range(5):
        s = game.new_state(seed=seed)
        for _ in range(20):
            if s.outcome is not None:
                break
            acts = game.legal_actions(s)
            s = game.apply(s, acts[(seed * 7 + len(s.history)) % len(acts)])
            e = s.entities.get(1)
            if e is not None and e.pos is not None:
                assert tile_cost(s, e.pos, e) is not None


def test_the_tutorials_carrier_pays_its_own_hill() -> None:
    """docs/tutorial.md's *kinds* block, merged into its Patrol game, compiles, and the
    carrier pays 4 for the hill where the rifles pay 2."""
    text = (Path(__file__).parent.parent / "docs" / "tutorial.md").read_text()
    blocks = dict((m, b) for m, b in re.findall(r"<!-- (.+?) -->\n```\w*\n(.*?)```", text,
                                                 re.S))
    yaml = YAML(typ="safe")
    rules = yaml.load(blocks["hex rules"])
    kinds = yaml.load(blocks["kinds"])
    rules["board"]["tile_types"].update(kinds["board"]["tile_types"])
    rules["entities"].update(kinds["entities"])
    rules["setup"]["entities"].append({"type": "carrier", "owner": "red", "at": [1, 2]})
    game = build(json.dumps(rules))
    s = game.new_state(seed=0)
    carrier = next(e for e in s.entities.values() if e.type == "carrier")
    rifles = next(e for e in s.entities.values() if e.type == "rifles")
    hill = next(p for p in game.board.cells if s.tile(p) == "hill")
    assert tile_cost(s, hill, carrier) == 4.0
    assert tile_cost(s, hill, rifles) == 2.0
    assert tile_cost(s, hill) == 2.0
    marches = {dict(a.targets)["to"] for a in game.legal_actions(s)
               if a.type == "march" and a.actor == carrier.id}
    assert hill in marches  # 4 moves: exactly enough
