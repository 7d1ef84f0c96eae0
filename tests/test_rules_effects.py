"""Every effect of the rules format, reactions, triggers, statuses, flow, end conditions,
setup and scenarios — each pinned by the observable result of a small rules file.

Most tests use the arena: a 5x5 board, red's knight #1 at (0,0), blue's goblins
#2 at (1,0) and #3 at (4,4); red decides first and the knight's action is `go`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import stratagem.games as games_module
import test_rules_strategy as strategy
from rules_helpers import FAULTY, FAULTY_LINE, act, build, options, problems, q, remember, roll
from stratagem.engine import CHANCE, Game, Pos, Ref, Rng, RuleError, State, Status
from stratagem.engine.hands import knocked_out
from stratagem.rules import Compiler, RulesError, load_rules
from stratagem.rules.effect_table import EFFECT_TABLE
from stratagem.rules.source import parse_yaml

COVERED: set[str] = set()


def covers(*names: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark a test as the one pinning these effects (checked against the effect table)."""
    COVERED.update(names)
    return lambda fn: fn


HEAD = """\
game: arena
players: [red, blue]
board: {size: [5, 5]}
player:
  gold: {default: 5, min: 0, max: 9}
"""

UNITS = """\
entities:
  knight:
    params: {hp: {default: 10, min: 0, max: 10}, armor: {default: 2, min: 0}}
    actions: @KNIGHT_ACTIONS@
@KNIGHT@
  goblin:
    params: {hp: {default: 4, min: 0, max: 4}}
@GOBLIN@
"""

FLOW = """\
flow:
  phases:
    - name: main
      actions: @KNIGHT_ACTIONS@
"""

SETUP = """\
setup:
  entities:
    - {type: knight, owner: red, at: [0, 0]}
    - {type: goblin, owner: blue, at: [1, 0]}
    - {type: goblin, owner: blue, at: [4, 4]}
"""

KNIGHT, GOBLIN, FAR_GOBLIN = 1, 2, 3


def arena(actions: str, *, extra: str = "", knight: str = "", goblin: str = "",
          knight_actions: str = "[go]", flow: str = FLOW, setup: str = SETUP) -> Game:
    """The arena game with these `actions:` entries (and extra sections)."""
    text = (HEAD + UNITS + "actions:\n" + textwrap.indent(textwrap.dedent(actions), "  ")
            + textwrap.dedent(extra) + textwrap.dedent(flow) + textwrap.dedent(setup))
    text = (text.replace("@KNIGHT_ACTIONS@", knight_actions)
            .replace("@KNIGHT@\n", textwrap.indent(textwrap.dedent(knight), "    "))
            .replace("@GOBLIN@\n", textwrap.indent(textwrap.dedent(goblin), "    ")))
    return build(text, "arena.yaml")


def hp(state: State, eid: int) -> Any:
    return state.entity(eid)["hp"]


# ---------------------------------------------------------------- parameters
@covers("set")
def test_set_writes_entity_and_player_parameters_clamped_to_their_bounds() -> None:
    """`set` stores a value, held within the parameter's min and max, on entities and players."""
    game = arena("""\
        go:
          targets: {target: {entity: enemy}}
          effects:
            - set: {what: actor.hp, to: 7}
            - set: {what: target.hp, to: 99}
            - set: {what: player.gold, to: -3}
            - set: {what: actor.armor, to: "actor.hp * 2"}
        """, setup=SETUP.replace("at: [1, 0]}", "at: [1, 0], params: {hp: 1}}"))
    s = act(game, game.new_state(0), "go #1 target=#2")
    assert hp(s, KNIGHT) == 7
    assert hp(s, GOBLIN) == 4, "clamped to the goblin's max"
    assert s.players[0].params["gold"] == 0, "clamped to gold's min"
    assert s.entity(KNIGHT)["armor"] == 14, "no max: stored as is"
    assert s.players[1].params["gold"] == 5


@covers("modify")
def test_modify_adds_to_entity_and_player_parameters_clamped_to_their_bounds() -> None:
    """`modify` adds a (possibly negative) amount and clamps the result, for entities and players."""
    game = arena("""\
        go:
          targets: {target: {entity: enemy}}
          effects:
            - modify: {what: target.hp, by: -3}
            - modify: {what: actor.owner.gold, by: 3}
        """)
    s = act(game, game.new_state(0), "go #1 target=#2")
    assert hp(s, GOBLIN) == 1 and s.players[0].params["gold"] == 8
    s = act(game, s, "go #1 target=#2")
    assert hp(s, GOBLIN) == 0, "clamped at min 0 (modify is not damage: no death)"
    assert s.has_entity(GOBLIN)
    assert s.players[0].params["gold"] == 9


def test_a_value_known_only_in_play_names_a_parameter_by_whose_it_is() -> None:
    """`what:` on a value typed only in play (`find(...)`, a list item) writes an entity's
    parameter when only entities have it, and a player's when only players have it."""
    game = arena("""\
        go:
          effects:
            - let: {as: weakest, value: "find(entities(owner: enemy), where: it.hp < 5)"}
            - modify: {what: weakest.hp, by: -2}
            - modify: {what: "players()[1].gold", by: 3}
        """)
    s = act(game, game.new_state(0), "go #1")
    assert hp(s, GOBLIN) == 2 and hp(s, FAR_GOBLIN) == 4
    assert s.players[1].params["gold"] == 8


def test_a_value_known_only_in_play_with_a_parameter_of_no_one_is_refused() -> None:
    """A parameter neither entities nor players have is a located error, not a guess."""
    found = problems(HEAD + UNITS.replace("@KNIGHT_ACTIONS@", "[go]").replace("@KNIGHT@\n", "")
                     .replace("@GOBLIN@\n", "") + """\
actions:
  go:
    effects:
      - modify: {what: "find(entities(), where: it.hp > 0).mana", by: 3}
      - modify: {what: "players()[1].mana", by: 3}
""" + FLOW.replace("@KNIGHT_ACTIONS@", "[go]") + SETUP)
    assert any("only entities and players have parameters" in p for p in found), found
    # An item of `players()` is known to be a player as the rules load.
    assert any(p.endswith("players have no parameter `mana`") for p in found), found


# -------------------------------------------------------------------- damage
DAMAGE_WATCH = f"""\
triggers:
  hurt:
    on: damaged
    effects:
      - {remember("hurt", "[event.target, event.amount, event.source, event.kind]")}
  fell:
    on: died
    effects:
      - {remember("fell", "[event.entity, event.type, event.owner, event.at, event.by]")}
"""


@covers("damage")
def test_damage_goes_through_damaged_and_kills_through_died_at_zero() -> None:
    """`damage` lowers HP through a `damaged` event; at 0 the target dies through `died`."""
    game = arena("""\
        go:
          targets: {target: {entity: enemy}}
          effects:
            - damage: {to: target, amount: 3, kind: melee}
        """, extra=DAMAGE_WATCH)
    s = act(game, game.new_state(0), "go #1 target=#2")
    assert hp(s, GOBLIN) == 1
    assert s.memory["hurt"] == (GOBLIN, 3, KNIGHT, "melee")
    assert "fell" not in s.memory
    s = act(game, s, "go #1 target=#2")
    assert not s.has_entity(GOBLIN)
    assert s.memory["fell"] == (GOBLIN, "goblin", 1, Pos(1, 0), KNIGHT)
    assert s.at.get(Pos(1, 0)) is None


def test_damage_of_another_parameter_and_an_explicit_source() -> None:
    """`damage` with `param:` lowers that parameter; `source:` names who dealt it."""
    game = arena("""\
        go:
          effects:
            - damage: {to: actor, amount: 1, param: armor, source: "occupant((1, 0))"}
        """, extra=DAMAGE_WATCH)
    s = act(game, game.new_state(0), "go #1")
    assert s.entity(KNIGHT)["armor"] == 1 and hp(s, KNIGHT) == 10
    assert s.memory["hurt"] == (KNIGHT, 1, GOBLIN, None)


@covers("heal")
def test_heal_restores_up_to_the_maximum_through_healed() -> None:
    """`heal` adds to HP through a `healed` event (with the asked amount), clamped to max HP."""
    game = arena("""\
        go:
          targets: {target: {entity: enemy}}
          effects:
            - heal: {to: target, amount: 10}
        """, extra=f"""\
        triggers:
          healed:
            on: healed
            effects:
              - {remember("healed", "[event.target, event.amount]")}
        """, setup=SETUP.replace("at: [1, 0]}", "at: [1, 0], params: {hp: 1}}"))
    s = game.new_state(0)
    assert hp(s, GOBLIN) == 1
    s = act(game, s, "go #1 target=#2")
    assert hp(s, GOBLIN) == 4
    assert s.memory["healed"] == (GOBLIN, 10)


# ---------------------------------------------------------------------- move
MOVE_GAME = dict(
    actions="""\
        go:
          targets: {cell: {position: empty}}
          effects:
            - move: {to: cell}
        """,
    extra=f"""\
        reactions:
          block:
            on: moved
            when: "distance(actor, event.to) <= 1 and is_enemy(event.mover)"
            effects:
              - cancel_event: {{}}
        triggers:
          moved:
            on: moved
            effects:
              - {remember("moved", "[event.mover, event.from, event.to]")}
        """,
    goblin="reactions: [block]\n")


@covers("move", "cancel_event")
def test_move_waits_for_a_reaction_that_may_cancel_it() -> None:
    """`move` is a pending `moved` event: an enemy's `cancel_event` reaction stops it; passing lets it happen."""
    game = arena(**MOVE_GAME)
    s = act(game, game.new_state(0), "go #1 cell=(0,1)")
    d = s.decision
    assert d.kind == "reaction" and d.player == 1 and d.actor == GOBLIN
    assert options(s) == ["block #2", "pass"]
    assert s.entity(KNIGHT).pos == Pos(0, 0), "the move has not happened yet"
    blocked = act(game, s, "block #2")
    assert blocked.entity(KNIGHT).pos == Pos(0, 0)
    assert "moved" not in blocked.memory, "a cancelled event never reaches its done stage"
    passed = act(game, s, "pass")
    assert passed.entity(KNIGHT).pos == Pos(0, 1)
    assert passed.memory["moved"] == (KNIGHT, Pos(0, 0), Pos(0, 1))


def test_move_far_from_the_reactor_is_not_offered_a_reaction() -> None:
    """A reaction whose `when` fails is not offered: the move happens at once."""
    game = arena(**MOVE_GAME)
    s = act(game, game.new_state(0), "go #1 cell=(0,3)")
    assert s.entity(KNIGHT).pos == Pos(0, 3)
    assert s.decision.kind == "action"


def test_move_of_another_entity_with_what() -> None:
    """`move` with `what:` moves that entity instead of the actor."""
    game = arena("""\
        go:
          effects:
            - move: {what: "occupant((4, 4))", to: "(3, 3)"}
        """)
    s = act(game, game.new_state(0), "go #1")
    assert s.entity(FAR_GOBLIN).pos == Pos(3, 3) and s.entity(KNIGHT).pos == Pos(0, 0)


# ------------------------------------------------------ creating and removing
@covers("spawn")
def test_spawn_creates_an_entity_named_by_as_for_later_effects() -> None:
    """`spawn` makes an entity of the acting player (default) with overrides; `as` names it afterwards."""
    game = arena(f"""\
        go:
          targets: {{cell: {{position: empty}}}}
          effects:
            - spawn: {{type: goblin, at: cell, params: {{hp: 3}}, as: minion}}
            - modify: {{what: minion.hp, by: -1}}
            - {remember("minion", "[minion, minion.owner, minion.pos]")}
            - spawn: {{type: goblin, at: "(4, 0)", owner: "opponents()[0]"}}
        """)
    s = act(game, game.new_state(0), "go #1 cell=(2,2)")
    assert s.memory["minion"] == (4, 0, Pos(2, 2))
    minion = s.entity(4)
    assert (minion.type, minion.owner, minion.pos, minion["hp"]) == ("goblin", 0, Pos(2, 2), 2)
    assert s.entity(5).owner == 1 and s.entity(5)["hp"] == 4
    assert s.occupant(Pos(4, 0)).id == 5


def test_spawn_into_a_zone_makes_a_card_of_the_acting_player() -> None:
    """`spawn` with `zone:` puts the new entity at the end of its owner's zone, off the board."""
    game = arena("""\
        go:
          effects:
            - spawn: {type: goblin, zone: hand}
        """, extra="zones: {hand: public}\n")
    s = act(game, game.new_state(0), "go #1")
    assert s.zone(0, "hand") == (4,)
    assert s.entity(4).pos is None and s.entity(4).zone == "hand"


REMOVAL_WATCH = f"""\
triggers:
  fell:
    on: died
    effects:
      - {remember("fell", "event.entity")}
"""


@covers("remove")
def test_remove_takes_an_entity_out_without_a_died_event() -> None:
    """`remove` (mapping or bare shorthand) deletes the entity and frees its square; no `died` fires."""
    game = arena("""\
        go:
          targets: {target: {entity: enemy}}
          effects:
            - remove: target
        """, extra=REMOVAL_WATCH)
    s = act(game, game.new_state(0), "go #1 target=#2")
    assert not s.has_entity(GOBLIN) and Pos(1, 0) not in s.at
    assert "fell" not in s.memory


@covers("kill")
def test_kill_removes_an_entity_through_died() -> None:
    """`kill` deletes the entity through a `died` event that triggers answer."""
    game = arena("""\
        go:
          targets: {target: {entity: enemy}}
          effects:
            - kill: {what: target}
        """, extra=REMOVAL_WATCH)
    s = act(game, game.new_state(0), "go #1 target=#3")
    assert not s.has_entity(FAR_GOBLIN)
    assert s.memory["fell"] == FAR_GOBLIN


@covers("change_owner")
def test_change_owner_gives_an_entity_to_another_player() -> None:
    """`change_owner` hands the entity over: it now counts among the new owner's."""
    game = arena(f"""\
        go:
          targets: {{target: {{entity: enemy}}}}
          effects:
            - change_owner: {{what: target, to: player}}
            - {remember("allies", "entities(owner: ally)")}
        """)
    s = act(game, game.new_state(0), "go #1 target=#2")
    assert s.entity(GOBLIN).owner == 0
    assert s.memory["allies"] == [KNIGHT, GOBLIN]


TERRAIN = """\
game: terrain
players: [red, blue]
board:
  tiles: {".": grass, "#": wall}
  tile_types: {wall: {cost: null, blocks_sight: true}}
  layout: |
    . . .
entities:
  mason:
    actions: [build]
actions:
  build:
    targets: {spot: {kind: position, from: "[(1, 0)]"}, kind: {kind: value, from: @KINDS@}}
    effects:
      - @BEFORE@
      - set_tile: {at: spot, to: @TO@}
      - @AFTER@
flow:
  phases:
    - name: main
      actions: [build]
setup:
  entities:
    - {type: mason, owner: red, at: [0, 0]}
"""


def terrain(to: str = "wall", kinds: str = "['wall']") -> Game:
    return build(TERRAIN.replace("@TO@", to).replace("@KINDS@", q(kinds))
                 .replace("@BEFORE@", remember("before", "[tile((1, 0)), count(reachable(actor, 3)), "
                                               "line_of_sight(actor, (2, 0))]"))
                 .replace("@AFTER@", remember("after", "[tile((1, 0)), count(reachable(actor, 3)), "
                                              "line_of_sight(actor, (2, 0))]")), "terrain.yaml")


@covers("set_tile")
def test_set_tile_changes_the_terrain_that_tile_movement_and_sight_read() -> None:
    """`set_tile` gives a position another tile type: `tile()`, movement costs and sight follow
    it at once, the state before keeps its own terrain, and the change survives a round trip."""
    game = terrain()
    before = game.new_state(0)
    s = act(game, before, "build #1 spot=(1,0) kind=wall")
    assert s.memory["before"] == ("grass", 2, True)  # reaches (1,0) and (2,0), sees (2,0)
    assert s.memory["after"] == ("wall", 0, False)
    assert before.tile(Pos(1, 0)) == "grass" and s.tile(Pos(1, 0)) == "wall"
    assert game.deserialize(game.serialize(s)) == s
    # `to` may be an expression giving the name.
    game = terrain(to="kind", kinds="['grass', 'wall']")
    s = act(game, game.new_state(0), "build #1 spot=(1,0) kind=wall")
    assert s.tile(Pos(1, 0)) == "wall"
    s = act(game, s, "build #1 spot=(1,0) kind=grass")
    assert s.tile(Pos(1, 0)) == "grass"


def test_set_tile_refuses_a_tile_type_the_board_does_not_have() -> None:
    """A misspelt tile type is refused at load, with a suggestion; one computed in play is a RuleError."""
    assert any("unknown tile type `wal`" in p and "wall" in p for p in problems(
        TERRAIN.replace("@TO@", "wal").replace("@KINDS@", '"[1]"')
        .replace("@BEFORE@", "let: {as: a, value: 1}").replace("@AFTER@", "let: {as: b, value: 1}")))
    game = terrain(to="kind", kinds="['lava']")
    with pytest.raises(RuleError, match="unknown tile type 'lava'"):
        act(game, game.new_state(0), "build #1 spot=(1,0) kind=lava")


# ------------------------------------------------------------------ statuses
STATUSES = """\
statuses:
  poisoned: {duration: 2}
  shield: {usages: 2}
  marked: {}
"""
STATUS_FLOW = """\
flow:
  phases:
    - name: main
      actions: [go, wait]
      max_actions: 1
"""


def status_game(effects: str) -> Game:
    actions = ("go:\n  targets: {target: {entity: enemy}}\n  effects:\n"
               + textwrap.indent(textwrap.dedent(effects).rstrip("\n") + "\n", "    ") + "wait: {}\n")
    return arena(actions, extra=STATUSES, knight_actions="[go, wait]", flow=STATUS_FLOW)


@covers("add_status")
def test_add_status_lasts_its_duration_in_rounds() -> None:
    """`add_status` puts a status on with the type's duration; it ticks down at each round's end."""
    game = status_game("- add_status: {to: target, status: poisoned}")
    s = act(game, game.new_state(0), "go #1 target=#2")
    assert s.flow.round == 2, "blue has nothing to do: each red action is a round"
    assert s.entity(GOBLIN).statuses == (Status("poisoned", 1, None),)
    s = act(game, s, "wait #1")
    assert s.entity(GOBLIN).statuses == ()


def test_add_status_with_explicit_duration_and_usages_replaces_the_same_status() -> None:
    """`add_status` with `duration`/`usages` overrides the type's values and replaces a status of that name."""
    game = status_game("""\
        - add_status: {to: target, status: marked, usages: 3}
        - add_status: {to: target, status: marked, duration: 5}
        - add_status: {to: target, status: shield}
        """)
    s = act(game, game.new_state(0), "go #1 target=#2")
    assert s.entity(GOBLIN).statuses == (Status("marked", 4, None), Status("shield", None, 2))


@covers("remove_status")
def test_remove_status_takes_the_status_off() -> None:
    """`remove_status` removes a status and leaves the others."""
    game = status_game("""\
        - add_status: {to: target, status: marked}
        - add_status: {to: target, status: shield}
        - remove_status: {to: target, status: marked}
        """)
    s = act(game, game.new_state(0), "go #1 target=#2")
    assert [st.name for st in s.entity(GOBLIN).statuses] == ["shield"]


@covers("use_status")
def test_use_status_spends_usages_until_the_status_expires() -> None:
    """`use_status` takes one use off; at none left the status is gone."""
    game = status_game("""\
        - if:
            test: "not has_status(target, 'shield')"
            then: [{add_status: {to: target, status: shield}}]
            else: [{use_status: {to: target, status: shield}}]
        """)
    s = act(game, game.new_state(0), "go #1 target=#2")
    assert s.entity(GOBLIN).statuses == (Status("shield", None, 2),)
    s = act(game, s, "go #1 target=#2")
    assert s.entity(GOBLIN).statuses == (Status("shield", None, 1),)
    s = act(game, s, "go #1 target=#2")
    assert s.entity(GOBLIN).statuses == ()


# ------------------------------------------------------------ chance, control
@covers("roll")
def test_roll_binds_the_outcome_chosen_by_chance() -> None:
    """`roll` is a chance decision over the dice's outcomes; the chosen one is bound by `as`."""
    game = arena(f"""\
        go:
          effects:
            - roll: {{as: hit, dice: 1d20 + 2}}
            - {remember("hit", "hit")}
        """)
    s = act(game, game.new_state(0, explicit_chance=True), "go #1")
    d = s.decision
    assert d.kind == "chance" and d.player == CHANCE
    assert [a.targets[0][1] for a in d.actions] == list(range(3, 23))
    assert d.weights == (1,) * 20
    s = roll(game, s, 17)
    assert s.memory["hit"] == 17
    assert s.history[-1].action.type == "roll"


@covers("if")
def test_if_runs_then_or_else() -> None:
    """`if` runs `then` when its test holds and `else` otherwise."""
    game = arena(f"""\
        go:
          targets: {{target: {{entity: enemy}}}}
          effects:
            - if:
                test: "target.hp > 2"
                then:
                  - {remember("branch", "'then'")}
                else:
                  - {remember("branch", "'else'")}
        """, setup=SETUP.replace("at: [4, 4]}", "at: [4, 4], params: {hp: 1}}"))
    s = game.new_state(0)
    assert act(game, s, "go #1 target=#2").memory["branch"] == "then"
    assert act(game, s, "go #1 target=#3").memory["branch"] == "else"


@covers("for_each")
def test_for_each_runs_its_effects_once_per_item_in_order() -> None:
    """`for_each` binds each item of the list in turn (entities keep their parameters readable)."""
    game = arena(f"""\
        go:
          effects:
            - let: {{as: seen, value: 0}}
            - for_each:
                as: e
                in: "entities(owner: enemy)"
                do:
                  - damage: {{to: e, amount: 1}}
                  - modify: {{what: player.gold, by: "e.hp - 2"}}
                  - {remember("last", "e")}
        """)
    s = act(game, game.new_state(0), "go #1")
    assert hp(s, GOBLIN) == 3 and hp(s, FAR_GOBLIN) == 3
    assert s.players[0].params["gold"] == 5 + 1 + 1
    assert s.memory["last"] == FAR_GOBLIN


@covers("random")
def test_random_is_a_weighted_chance_node() -> None:
    """`random` picks one option by weight; in explicit mode the weights are the chance decision's."""
    game = arena(f"""\
        go:
          effects:
            - random:
                options:
                  - {{weight: 2, do: [{{{remember("pick", "'common'")}}}]}}
                  - {{weight: 1, do: [{{{remember("pick", "'rare'")}}}]}}
        """)
    s = act(game, game.new_state(0, explicit_chance=True), "go #1")
    assert s.decision.kind == "chance" and s.decision.weights == (2, 1)
    assert act(game, s, "roll value=1").memory["pick"] == "rare"
    assert act(game, s, "roll value=0").memory["pick"] == "common"
    picks = {act(game, game.new_state(seed), "go #1").memory["pick"] for seed in range(30)}
    assert picks == {"common", "rare"}


# --------------------------------------------------------------------- events
EMIT = f"""\
go:
  effects:
    - emit:
        event: shout
        fields: {{loud: 3, who: actor}}
        do:
          - {remember("done", "true")}
"""
HEARD = f"""\
triggers:
  heard:
    on: shout
    effects:
      - {remember("heard", "[event.loud, event.who]")}
"""


@covers("emit")
def test_emit_sends_a_custom_event_its_do_runs_and_triggers_hear_it() -> None:
    """`emit` sends a custom event with fields; its `do` runs and a trigger on the event sees the fields."""
    game = arena(EMIT, extra=HEARD)
    s = act(game, game.new_state(0), "go #1")
    assert s.memory == {"done": True, "heard": (3, KNIGHT)}


def test_a_reaction_to_a_custom_event_can_change_or_cancel_it() -> None:
    """Reactions see an emitted event while it is pending: `set_event` changes a field, `cancel_event` stops its `do`."""
    game = arena(EMIT, extra=HEARD + textwrap.dedent("""\
        reactions:
          muffle:
            on: shout
            automatic: true
            effects:
              - set_event: {field: loud, to: "event.loud - 1"}
        """), goblin="reactions: [muffle]\n")
    s = act(game, game.new_state(0), "go #1")
    assert s.memory == {"done": True, "heard": (1, KNIGHT)}, "two goblins muffle: 3 → 1"
    solo = arena(EMIT, extra=HEARD + textwrap.dedent("""\
        reactions:
          hush:
            on: shout
            automatic: true
            when: "event.loud > 2"
            effects:
              - cancel_event: {}
        """), knight="reactions: [hush]\n")
    assert act(solo, solo.new_state(0), "go #1").memory == {}


def test_emit_with_narrate_records_the_event_in_the_history() -> None:
    """`emit` with `narrate: true` logs the event and its fields in the action's history record."""
    game = arena(EMIT.replace("event: shout", "event: shout\n        narrate: true"))
    s = act(game, game.new_state(0), "go #1")
    assert s.history[-1].events == (("shout", (("loud", 3), ("who", KNIGHT))),)
    quiet = arena(EMIT)
    assert act(quiet, quiet.new_state(0), "go #1").history[-1].events == ()


def test_emit_do_reads_its_own_event_as_the_reactions_left_it() -> None:
    """In an `emit`'s `do`, `event` is the event just sent, with the fields a reaction changed."""
    muffle = textwrap.dedent("""\
        reactions:
          muffle:
            on: shout
            automatic: true
            effects:
              - set_event: {field: loud, to: "event.loud - 1"}
        """)
    game = arena(EMIT.replace(remember("done", "true"), remember("done", "[event.loud, event.who]")),
                 extra=muffle, goblin="reactions: [muffle]\n")
    s = act(game, game.new_state(0), "go #1")
    assert s.memory["done"] == (1, KNIGHT), "two goblins muffle the shout: 3 → 1"


def test_emit_do_inside_a_reaction_sees_the_new_event_not_the_one_reacted_to() -> None:
    """Inside a reaction to `moved`, an `emit`'s `do` names the emitted event's fields only."""
    reaction = textwrap.dedent("""\
        reactions:
          yell:
            on: moved
            automatic: true
            effects:
              - emit:
                  event: alarm
                  fields: {where: event.to}
                  do:
                    - @DO@
        """)
    step = """\
go:
  targets: {to: {kind: position, from: "[(0, 1)]"}}
  effects:
    - move: {to: to}
"""
    ok = arena(step, extra=reaction.replace("@DO@", remember("alarm", "event.where")),
               goblin="reactions: [yell]\n")
    s = act(ok, ok.new_state(0), "go #1 to=(0,1)")
    assert s.memory["alarm"] == Pos(0, 1)
    with pytest.raises(RulesError, match="the event has no field `mover`"):
        arena(step, extra=reaction.replace("@DO@", remember("alarm", "event.mover")),
              goblin="reactions: [yell]\n")


def test_narration_names_an_entity_field_of_a_custom_event_by_its_type() -> None:
    """A custom event's field that every `emit` fills with an entity reads as "type #id"."""
    game = arena(EMIT.replace("event: shout", "event: shout\n        narrate: true"),
                 extra='narration: {shout: "{who} shouts at volume {loud}"}\n')
    s = act(game, game.new_state(0), "go #1")
    ((name, fields),) = s.history[-1].events
    assert game.narrate(s, name, dict(fields)) == "knight #1 shouts at volume 3"


def test_narration_names_any_entity_value_by_its_type() -> None:
    """A field holding an entity reads as "type #id" even where the rules could not tell it
    would (an event's field passed on); a plain number stays a number."""
    game = arena(EMIT.replace("event: shout", "event: shout\n        narrate: true"),
                 extra='narration: {shout: "{who} shouts at volume {loud}"}\n')
    s = act(game, game.new_state(0), "go #1")
    assert game.narrate(s, "shout", {"who": KNIGHT, "loud": Ref(GOBLIN)}) == \
        "knight #1 shouts at volume goblin #2"
    assert game.narrate(s, "shout", {"who": KNIGHT, "loud": GOBLIN}) == \
        "knight #1 shouts at volume 2"


@covers("perform")
def test_perform_runs_another_actions_effects_with_given_targets() -> None:
    """`perform` carries out another action's effects with the targets it is given."""
    game = arena("""\
        strike:
          targets: {target: {entity: enemy}}
          effects:
            - damage: {to: target, amount: 1}
        go:
          targets: {target: {entity: enemy}}
          effects:
            - perform: {action: strike, targets: {target: target}}
            - perform: {action: strike, actor: actor, targets: {target: "occupant((4, 4))"}}
            - perform: {action: strike, targets: {target: target}}
        """, knight_actions="[go, strike]")
    s = act(game, game.new_state(0), "go #1 target=#2")
    assert hp(s, GOBLIN) == 2 and hp(s, FAR_GOBLIN) == 3


@covers("choose")
def test_choose_asks_the_named_player_mid_effect() -> None:
    """`choose` stops resolution for the named player's pick among the items, then goes on with it bound."""
    game = arena(f"""\
        go:
          effects:
            - choose: {{as: pick, from: "[1, 2, 3]", player: "opponents()[0]", prompt: pick a number}}
            - {remember("pick", "pick")}
            - choose: {{as: victim, from: "entities(owner: enemy)"}}
            - damage: {{to: victim, amount: "victim.hp"}}
            - choose: {{as: only, from: "[7]"}}
            - {remember("only", "only")}
        """)
    s = act(game, game.new_state(0), "go #1")
    d = s.decision
    assert (d.kind, d.player, d.prompt) == ("action", 1, "pick a number")
    assert options(s) == ["choose pick=1", "choose pick=2", "choose pick=3"]
    s = act(game, s, "choose pick=2")
    assert s.memory["pick"] == 2
    assert s.decision.player == 0 and options(s) == ["choose victim=#2", "choose victim=#3"]
    s = act(game, s, "choose victim=#3")
    assert not s.has_entity(FAR_GOBLIN) and s.has_entity(GOBLIN)
    assert s.memory["only"] == 7, "a single option is taken without asking"


# ---------------------------------------------------------------------- cards
CARDS = """\
zones: {deck: public, hand: public, discard: public}
"""
DECK = SETUP + """\
    - {type: goblin, owner: red, zone: deck}
    - {type: goblin, owner: red, zone: deck}
    - {type: goblin, owner: red, zone: deck}
"""


@covers("draw")
def test_draw_moves_a_random_card_between_zones_as_a_chance_node() -> None:
    """`draw` picks a card of a zone uniformly (a chance decision), moves it, and binds it by `as`."""
    game = arena(f"""\
        go:
          effects:
            - draw: {{from: deck, to: hand, as: drawn}}
            - {remember("drawn", "drawn")}
        """, extra=CARDS, setup=DECK)
    s = game.new_state(0, explicit_chance=True)
    assert s.zone(0, "deck") == (4, 5, 6)
    s = act(game, s, "go #1")
    assert s.decision.kind == "chance" and s.decision.weights == (1, 1, 1)
    s = roll(game, s, 1)
    assert s.zone(0, "deck") == (4, 6) and s.zone(0, "hand") == (5,)
    assert s.memory["drawn"] == 5 and s.entity(5).zone == "hand"


def test_draw_from_an_empty_zone_does_nothing() -> None:
    """`draw` from an empty zone does nothing: no chance decision, no card moves."""
    game = arena("""\
        go:
          effects:
            - draw: {player: "opponents()[0]", from: deck, to: hand}
        """, extra=CARDS, setup=DECK)
    s = act(game, game.new_state(0, explicit_chance=True), "go #1")
    assert s.decision.kind == "action"
    assert s.zone(1, "hand") == () and s.zone(0, "deck") == (4, 5, 6)


@covers("move_card")
def test_move_card_moves_a_card_to_the_top_or_bottom_of_another_zone() -> None:
    """`move_card` puts a card at the end of a zone, or first with `bottom: true`."""
    game = arena("""\
        go:
          effects:
            - move_card: {card: "zone(player, 'deck')[0]", to: discard}
            - move_card: {card: "zone(player, 'deck')[0]", to: discard}
            - move_card: {card: "zone(player, 'deck')[0]", to: discard, bottom: true}
        """, extra=CARDS, setup=DECK)
    s = act(game, game.new_state(0), "go #1")
    assert s.zone(0, "deck") == ()
    assert s.zone(0, "discard") == (6, 4, 5)
    assert s.entity(6).zone == "discard"


def test_move_card_takes_a_board_entity_off_the_board() -> None:
    """`move_card` of an entity on the board frees its square and files it in the zone."""
    game = arena("""\
        go:
          targets: {target: {entity: enemy}}
          effects:
            - move_card: {card: target, to: discard}
        """, extra=CARDS)
    s = act(game, game.new_state(0), "go #1 target=#2")
    assert s.entity(GOBLIN).pos is None and Pos(1, 0) not in s.at
    assert s.zone(1, "discard") == (GOBLIN,)


# ---------------------------------------------------------------------- names
@covers("let")
def test_let_names_a_value_for_the_effects_after_it() -> None:
    """`let` binds a computed value by name for the rest of the effects."""
    game = arena(f"""\
        go:
          targets: {{target: {{entity: enemy}}}}
          effects:
            - let: {{as: bonus, value: "actor.armor + 1"}}
            - damage: {{to: target, amount: bonus}}
            - let: {{as: where, value: target.pos}}
            - {remember("let", "[bonus, where]")}
        """)
    s = act(game, game.new_state(0), "go #1 target=#2")
    assert hp(s, GOBLIN) == 1
    assert s.memory["let"] == (3, Pos(1, 0))


@covers("remember")
def test_remember_stores_values_in_the_state_memory() -> None:
    """`remember` stores a value under a key in `state.memory`, overwriting an older one; states before keep theirs."""
    game = arena(f"""\
        go:
          targets: {{target: {{entity: enemy}}}}
          effects:
            - {remember("last_target", "target")}
            - {remember("where", "target.pos")}
        """)
    s0 = game.new_state(0)
    s1 = act(game, s0, "go #1 target=#2")
    s2 = act(game, s1, "go #1 target=#3")
    assert s1.memory == {"last_target": GOBLIN, "where": Pos(1, 0)}
    assert s2.memory == {"last_target": FAR_GOBLIN, "where": Pos(4, 4)}
    assert s0.memory == {}


def test_remember_takes_a_plain_name_as_key_as_documented() -> None:
    """The documented `remember: {key: last_target, value: target}` stores under `last_target`."""
    game = arena(f"""\
        go:
          targets: {{target: {{entity: enemy}}}}
          effects:
            - {EFFECT_TABLE["remember"].example}
        """)
    s = act(game, game.new_state(0), "go #1 target=#2")
    assert s.memory == {"last_target": GOBLIN}


PARRY = """\
reactions:
  parry:
    on: damaged
    when: "event.target == actor"
    effects:
      - set_event: {field: amount, to: "max([0, event.amount - 2])"}
"""


@covers("set_event")
def test_set_event_lowers_a_pending_damage_like_a_parry() -> None:
    """An optional parry reaction's `set_event` lowers the pending damage before it lands."""
    game = arena("""\
        go:
          targets: {target: {entity: enemy}}
          effects:
            - damage: {to: target, amount: 3}
        """, extra=PARRY, goblin="reactions: [parry]\n")
    s = act(game, game.new_state(0), "go #1 target=#2")
    assert s.decision.kind == "reaction" and options(s) == ["parry #2", "pass"]
    assert hp(s, GOBLIN) == 4
    assert hp(act(game, s, "parry #2"), GOBLIN) == 3
    assert hp(act(game, s, "pass"), GOBLIN) == 1


def test_cancel_event_on_damage_prevents_it() -> None:
    """An automatic reaction cancelling a pending `damaged` event leaves HP untouched."""
    game = arena("""\
        go:
          targets: {target: {entity: enemy}}
          effects:
            - damage: {to: target, amount: 3}
        """, extra="""\
        reactions:
          dodge:
            on: damaged
            automatic: true
            when: "event.target == actor and event.amount >= 3"
            effects:
              - cancel_event: {}
        """, goblin="reactions: [dodge]\n")
    s = act(game, game.new_state(0), "go #1 target=#2")
    assert hp(s, GOBLIN) == 4


# ----------------------------------------------------------- turn and phase
@covers("end_turn")
def test_end_turn_hands_the_turn_on_once_the_action_resolves() -> None:
    """After an action with `end_turn`, the next player's turn begins although actions were left."""
    game = arena("""\
        go:
          source: player
          effects:
            - end_turn: {}
        idle:
          source: player
        """, knight_actions="[]", flow="""\
        flow:
          phases:
            - name: main
              actions: [go, idle]
              max_actions: 3
        """)
    s = game.new_state(0)
    s = act(game, s, "idle")
    assert s.decision.player == 0
    s = act(game, s, "go")
    assert s.decision.player == 1


@covers("end_phase")
def test_end_phase_ends_the_phase_after_the_current_turn() -> None:
    """After `end_phase` the remaining turns of the phase are skipped: the next phase begins."""
    game = arena("""\
        go:
          source: player
          effects:
            - end_phase: {}
        idle:
          source: player
        """, knight_actions="[]", flow="""\
        flow:
          phases:
            - name: first
              actions: [go, idle]
              max_actions: 1
            - name: second
              actions: [idle]
              max_actions: 1
        """)
    s = game.new_state(0)
    after_idle = act(game, s, "idle")
    assert after_idle.decision.player == 1 and game.phases[after_idle.flow.phase].name == "first"
    s = act(game, s, "go")
    assert s.decision.player == 0 and game.phases[s.flow.phase].name == "second"
    assert options(s) == ["idle"]


@covers("win")
def test_win_ends_the_game_at_once_for_the_acting_or_named_player() -> None:
    """`win` ends the game with the acting player (or `player:`) as the winner and the reason given."""
    game = arena("""\
        go:
          effects:
            - win: {reason: a daring move}
            - set: {what: actor.hp, to: 1}
        gift:
          effects:
            - win: {player: "opponents()[0]", reason: "{player} is handed the game"}
        """, knight_actions="[go, gift]")
    s = act(game, game.new_state(0), "go #1")
    assert s.outcome.winners == (0,) and s.outcome.reason == "a daring move"
    assert s.decision is None and game.legal_actions(s) == ()
    assert hp(s, KNIGHT) == 10, "the effects after `win` do not run"
    s = act(game, game.new_state(0), "gift #1")
    assert s.outcome.winners == (1,) and s.outcome.ranks == (2, 1)
    assert s.outcome.reason == "blue is handed the game", "`{player}` names the winner"


@covers("end_game")
def test_end_game_ends_the_game_at_once_ranked_by_score() -> None:
    """`end_game` ends the game as the round limit does: by `end: score`, highest first,
    ties sharing the place; the effects after it do not run."""
    game = arena("""\
        go:
          effects:
            - modify: {what: player.gold, by: "2 if player == red else 0"}
            - end_game: {reason: the supply ran out}
            - set: {what: actor.hp, to: 1}
        """, extra="end:\n  score: player.gold\n")
    s = act(game, game.new_state(0), "go #1")
    assert s.outcome.winners == (0,) and s.outcome.ranks == (1, 2)
    assert s.outcome.reason == "the supply ran out" and s.outcome.scores == (7.0, 5.0)
    assert hp(s, KNIGHT) == 10, "the effects after `end_game` do not run"
    tied = arena("""\
        go:
          effects:
            - end_game: {}
        """, extra="end:\n  score: player.gold\n")
    s = act(tied, tied.new_state(0), "go #1")
    assert s.outcome.ranks == (1, 1) and s.outcome.reason == "the game is over"
    with pytest.raises(RulesError, match=r"the reason of an end by score names \{player\}"):
        arena("""\
            go:
              effects:
                - end_game: {reason: "{player} ends it"}
            """)


@covers("draw_game")
def test_draw_game_ends_the_game_at_once_as_a_draw() -> None:
    """`draw_game` ends the game as a draw with the reason given."""
    game = arena("""\
        go:
          effects:
            - draw_game: {reason: truce}
        """)
    s = act(game, game.new_state(0), "go #1")
    assert s.outcome.is_draw and s.outcome.winners == () and s.outcome.reason == "truce"
    with pytest.raises(RulesError, match=r"the reason of a draw names \{player\}"):
        arena("""\
            go:
              effects:
                - draw_game: {reason: "{player} offers a truce"}
            """)


KNOWING = """\
game: cards
players: [red, blue, green]
entities:
  ace: {params: {value: 1}}
  king: {params: {value: 13}}
zones:
  deck: {owner: table, visibility: nobody}
  hand: owner
setup:
  entities:
    - {type: ace, zone: deck, count: 3}
    - {type: king, zone: deck, count: 3}
  effects:
    - for_each: {as: p, in: "players()", do: [{draw: {player: p, from: deck, to: hand}}]}
actions:
  peek:
    effects: [{look: {card: "zone(highest(opponents(), by: 0 - it), 'hand')"}}]
  flash:
    effects: [{reveal: {card: "zone(player, 'hand')"}}]
  tell:
    effects: [{show: {card: "zone(player, 'hand')", to: "highest(opponents(), by: it)"}}]
  guess:
    targets: {kind: {kind: entity_type}}
    effects: [{rule_out: {card: "zone(highest(opponents(), by: 0 - it), 'hand')",
                          type: kind}}]
  stir:
    effects: [{shuffle: {zone: deck}}]
flow:
  phases: [{name: main, actions: [peek, flash, tell, guess, stir]}]
end: {round_limit: 2}
"""


@covers("look", "reveal", "show", "rule_out", "shuffle")
def test_card_knowledge_effects_extend_and_clear_who_knows_a_card() -> None:
    """`look` lets the acting player know cards, `reveal` everyone, `show` the one shown
    to (and the owner); `rule_out` records a type a card is not, for everyone; `shuffle`
    makes a zone's cards known only to who sees the zone and forgets what was ruled out."""
    game = build(KNOWING, "cards.yaml")
    s = game.new_state(1)
    red, blue = s.players[0].zones["hand"][0], s.players[1].zones["hand"][0]
    assert s.cards.known[blue] == frozenset({1})
    assert s.view(0).entity(blue).type == "?"
    s = act(game, s, "peek")
    assert s.cards.known[blue] == frozenset({0, 1})
    assert s.view(0).entity(blue).type == s.entity(blue).type
    assert s.view(2).entity(blue).type == "?"
    s = act(game, s, "tell")
    assert s.cards.known[red] == frozenset({0, 2})
    s = act(game, s, "flash")
    assert s.cards.known[red] == frozenset({0, 1, 2})
    other = "king" if s.entity(blue).type == "ace" else "ace"
    s = act(game, s, f"guess kind={other}")
    assert all(s.view(p).cards.ruled_out == {blue: frozenset({other})} for p in range(3))
    deck = s.cards.table["deck"]
    s = act(game, s, "stir")
    assert all(s.cards.known[c] == frozenset() for c in deck)
    with pytest.raises(RulesError, match="unknown effect `peek_at`"):
        build(KNOWING.replace("{look:", "{peek_at:"), "cards.yaml")


@covers("apply_buff", "remove_buff")
def test_buff_effects() -> None:
    """Buffs given, stacked, run out and taken away (the cases in test_rules_strategy.py)."""
    strategy.test_a_buff_adds_then_multiplies_and_expression_reads_the_base()
    strategy.test_a_buff_lasts_exactly_its_duration_in_rounds()
    strategy.test_stack_adds_up_to_max_stacks_each_with_its_own_rounds()


@covers("research", "pay_research", "abort")
def test_research_and_abort_effects() -> None:
    """Research paid at the start and marked at completion; abort runs on_abort."""
    strategy.test_prerequisites_refuse_and_research_takes_its_rounds()
    strategy.test_abort_by_an_action_runs_on_abort()


@covers("pick_up", "use_item", "drop_item", "give_item", "discard_item")
def test_item_effects() -> None:
    """Items picked up, used up or kept, dropped back, given and discarded."""
    strategy.test_using_a_consumable_item_uses_it_up()
    strategy.test_an_item_that_is_not_consumed_stays_and_drops_back_with_its_id()
    strategy.test_give_and_discard_put_in_and_take_out_items()


@covers("move_along", "stop_move")
def test_move_along_walks_step_by_step_and_stop_move_ends_the_walk() -> None:
    """`move_along` is one `stepped` event a square; a goblin's trigger that `stop_move`s
    the knight when it steps next to it leaves the knight on that square."""
    trigger = """\
        reactions:
          halt:
            on: stepped
            stage: done
            automatic: true
            when: "is_enemy(event.mover) and distance(reactor, event.to) <= 1"
            effects:
              - remember: {key: halted_at, value: event.to}
              - stop_move: {what: event.mover}
        """
    game = arena("""\
        go:
          targets: {cell: {kind: position, from: "cells(empty: true)"}}
          effects:
            - move_along: {to: cell}
        """, extra=trigger, goblin="reactions: [halt]\n", setup="""\
        setup:
          entities:
            - {type: knight, owner: red, at: [0, 0]}
            - {type: goblin, owner: blue, at: [2, 2]}
        """)
    # Down the first column nothing is next to the goblin: the knight walks all the way.
    s = act(game, game.new_state(0), "go #1 cell=(0,4)")
    assert s.entity(KNIGHT).pos == Pos(0, 4) and "halted_at" not in s.memory
    # Towards (4,4) every way passes next to the goblin: the first such square ends it.
    s = act(game, game.new_state(0), "go #1 cell=(4,4)")
    at = s.entity(KNIGHT).pos
    assert s.memory["halted_at"] == at and at != Pos(4, 4)
    assert max(abs(at[0] - 2), abs(at[1] - 2)) == 1


@covers("change_type", "lose")
def test_change_type_keeps_the_piece_and_lose_puts_a_player_out() -> None:
    """A goblin made a knight keeps its number, place and hit points (both types have
    `hp`) and takes the knight's `armor`; `lose` puts its player out, and with one player
    left standing the game ends (more in tests/test_effects_promote_lose.py)."""
    game = arena("""\
        go:
          targets: {target: {entity: enemy}}
          effects:
            - change_type: {what: target, to: knight}
            - lose: {player: target.owner, reason: "{player} yields"}
        """)
    s = act(game, game.new_state(0), "go #1 target=#2")
    turned = s.entity(GOBLIN)
    assert (turned.type, turned.pos, turned["hp"], turned["armor"]) == ("knight", Pos(1, 0), 4, 2)
    assert s.outcome is not None and s.outcome.winners == (0,)
    assert s.outcome.reason == "blue yields"


def test_the_effect_table_and_these_tests_cover_the_same_effects() -> None:
    """Every effect of the table has a test here, and no test names an effect the table lacks."""
    assert set(EFFECT_TABLE) == COVERED


# -------------------------------------------------------------------- targets
def test_target_kinds_filters_and_condition_labels() -> None:
    """Targets of every kind enumerate their `from` list filtered by `where`; a failed condition is explained by its label."""
    game = build(f"""\
        game: picks
        players: [red, blue, green]
        board: {{size: [3, 3]}}
        zones: {{hand: public}}
        entities:
          pawn: {{actions: [pick, wait]}}
          card: {{params: {{cost: 1}}}}
        actions:
          pick:
            when:
              - holds a card: "count(zone(player, 'hand')) > 0"
            targets:
              n: {{kind: number, from: "[1, 2, 3]", where: "n > 1"}}
              who: {{player: opponent}}
              what: {{kind: entity_type}}
              c: {{kind: card, from: "zone(player, 'hand')"}}
              v: {{kind: value, from: "['a', 'b']"}}
            effects:
              - {remember("picked", "[n, who, what, c, c.cost, v]")}
              - remove: c
          wait: {{}}
        flow:
          phases:
            - name: main
              actions: [pick, wait]
        setup:
          entities:
            - {{type: pawn, owner: red, at: [0, 0]}}
            - {{type: card, owner: red, zone: hand}}
        """)
    s0 = game.new_state(0)
    picks = [o for o in options(s0) if o.startswith("pick")]
    assert len(picks) == 2 * 2 * 2 * 1 * 2
    assert picks[0] == "pick #1 n=2 who=1 what=pawn c=#2 v=a"
    action = game.parse_action(s0, "pick #1 n=3 who=2 what=card c=#2 v=b")
    s = game.apply(s0, action)
    assert s.memory["picked"] == (3, 2, "card", 2, 1, "b")
    low = action._replace(targets=(("n", 1), *action.targets[1:]))
    assert game.why_illegal(s0, low) == "target n=1: condition failed: n > 1"
    assert options(s) == ["wait #1"]
    assert game.why_illegal(s, action) == "condition failed: holds a card"


# ------------------------------------------------------------------ reactions
COUNTING = """\
reactions:
  tally:
    on: damaged
    automatic: true
    when: "event.target == actor"
    @LIMIT@
    effects:
      - modify: {what: actor.owner.gold, by: 1}
  other:
    on: damaged
    automatic: true
    when: "event.target == actor"
    @LIMIT2@
    effects:
      - modify: {what: actor.owner.gold, by: -2}
"""


def counting_game(limit: str, limit2: str = "", reactions: str = "[tally]") -> Game:
    return arena("""\
        go:
          targets: {target: {entity: enemy}}
          effects:
            - damage: {to: target, amount: 0}
        rest:
          ends_turn: true
        """, extra=COUNTING.replace("@LIMIT@", limit).replace("@LIMIT2@", limit2),
        goblin=f"reactions: {reactions}\n", knight_actions="[go, rest]")


def blue_gold_after(game: Game, script: list[str]) -> list[int]:
    s = game.new_state(0)
    out = []
    for text in script:
        s = act(game, s, text)
        out.append(s.players[1].params["gold"])
    return out


def test_reaction_once_per_round_fires_once_each_round_for_each_reactor() -> None:
    """`once_per: round` lets an automatic reaction fire once a round per reacting entity, again the next round."""
    game = counting_game("once_per: round")
    golds = blue_gold_after(game, ["go #1 target=#2", "go #1 target=#2", "rest #1",
                                   "go #1 target=#2", "go #1 target=#2", "go #1 target=#3"])
    assert golds == [6, 6, 6, 7, 7, 8]


def test_reaction_limit_per_turn_with_a_count() -> None:
    """`limit: {per: turn, count: 2}` allows two firings in one turn and resets the next turn."""
    game = counting_game("limit: {per: turn, count: 2}")
    golds = blue_gold_after(game, ["go #1 target=#2", "go #1 target=#2", "go #1 target=#2",
                                   "rest #1", "go #1 target=#2"])
    assert golds == [6, 7, 7, 7, 8]


def test_reactions_sharing_a_limit_group_share_the_count() -> None:
    """Two reactions with the same `limit: {group}` share one count: only the first fires."""
    game = counting_game("limit: {per: game, group: g}", "limit: {per: game, group: g}",
                         "[tally, other]")
    golds = blue_gold_after(game, ["go #1 target=#2", "go #1 target=#2", "rest #1",
                                   "go #1 target=#2"])
    assert golds == [6, 6, 6, 6]
    ungrouped = counting_game("limit: {per: game}", "limit: {per: game}", "[tally, other]")
    assert blue_gold_after(ungrouped, ["go #1 target=#2", "go #1 target=#2"]) == [4, 4]


def test_reaction_stage_done_sees_the_change_pending_sees_it_before() -> None:
    """A `stage: done` reaction runs after the change; a pending one (the default) before it."""
    game = arena("""\
        go:
          targets: {target: {entity: enemy}}
          effects:
            - damage: {to: target, amount: 3}
        """, extra=f"""\
        reactions:
          before:
            on: damaged
            automatic: true
            when: "event.target == actor"
            effects:
              - {remember("before", "actor.hp")}
          after:
            on: damaged
            stage: done
            automatic: true
            when: "event.target == actor"
            effects:
              - {remember("after", "actor.hp")}
        """, goblin="reactions: [before, after]\n")
    s = act(game, game.new_state(0), "go #1 target=#2")
    assert s.memory == {"before": 4, "after": 1}


def test_player_reactions_are_offered_to_each_player() -> None:
    """A `source: player` reaction is offered to each living player in seat order, each may pass."""
    game = arena("""\
        go:
          effects:
            - emit: {event: bell}
        """, extra="""\
        reactions:
          cheer:
            on: bell
            source: player
            effects:
              - modify: {what: player.gold, by: 1}
        """)
    s = act(game, game.new_state(0), "go #1")
    assert s.decision.kind == "reaction" and s.decision.player == 0
    assert options(s) == ["cheer", "pass"]
    s = act(game, s, "cheer")
    assert s.decision.kind == "reaction" and s.decision.player == 1
    s = act(game, s, "pass")
    assert [p.params["gold"] for p in s.players] == [6, 5]


# ------------------------------------------------------------------- triggers
def test_triggers_answer_turn_started_and_died() -> None:
    """Triggers run on built-in events: each `turn_started` (with its player) and each `died`."""
    game = arena("""\
        go:
          targets: {target: {entity: enemy}}
          effects:
            - kill: {what: target}
        rest:
          ends_turn: true
        """, extra="""\
        triggers:
          income:
            on: turn_started
            effects:
              - modify: {what: event.player.gold, by: 1}
          rise:
            on: died
            when: "event.type == 'goblin'"
            effects:
              - spawn: {type: knight, at: event.at, owner: event.owner}
        """, knight_actions="[go, rest]")
    s = game.new_state(0)
    assert [p.params["gold"] for p in s.players] == [6, 5], "red's first turn has started"
    s = act(game, s, "go #1 target=#2")
    risen = s.occupant(Pos(1, 0))
    assert risen is not None and (risen.type, risen.owner) == ("knight", 1)
    s = act(game, s, "rest #1")
    assert [p.params["gold"] for p in s.players] == [6, 6], "blue's turn started"


@pytest.mark.parametrize("where", ["trigger", "phase-on_start", "setup-effects"])
def test_player_where_there_is_none_is_refused_at_load(where: str) -> None:
    """`player` where no player decides (trigger, phase hook, setup) fails to load instead of crashing in play."""
    effect = "- modify: {what: player.gold, by: 1}"
    extra, flow, setup = "", FLOW, SETUP
    if where == "trigger":
        extra = f"triggers:\n  income:\n    on: turn_started\n    effects:\n      {effect}\n"
    elif where == "phase-on_start":
        flow = FLOW + f"      on_start:\n        {effect}\n"
    else:
        setup = SETUP.replace("setup:\n", f"setup:\n  effects:\n    {effect}\n")
    try:
        game = arena("go: {}\n", extra=extra, flow=flow, setup=setup)
    except RulesError:
        return
    game.new_state(0)


# ------------------------------------------------------------------- statuses
def test_status_hooks_react_for_their_bearer_and_spend_usages() -> None:
    """A status's hooks are automatic reactions of its bearer: a shield soaks one hit, then is gone."""
    game = arena("""\
        go:
          targets: {target: {entity: enemy}}
          effects:
            - damage: {to: target, amount: 2}
        """, extra="""\
        statuses:
          shielded:
            usages: 1
            hooks:
              - on: damaged
                when: "event.target == actor"
                effects:
                  - set_event: {field: amount, to: 0}
                  - use_status: {to: actor, status: shielded}
        """, goblin="statuses: [shielded]\n")
    s = game.new_state(0)
    assert s.entity(GOBLIN).statuses == (Status("shielded", None, 1),)
    s = act(game, s, "go #1 target=#2")
    assert hp(s, GOBLIN) == 4 and s.entity(GOBLIN).statuses == ()
    assert s.entity(FAR_GOBLIN).statuses == (Status("shielded", None, 1),)
    s = act(game, s, "go #1 target=#2")
    assert hp(s, GOBLIN) == 2


# ----------------------------------------------------------------------- flow
FLOW_GAME = """\
game: flow
players: [red, blue]
board: {size: [4, 4]}
player:
  log: 0
entities:
  pawn:
    params: {speed: 1}
    actions: [step, strike, bid, fold]
actions:
  step: {}
  strike: {}
  bid:
    effects:
      - modify: {what: player.log, by: 1}
  fold:
    passes: true
setup:
  entities:
    - {type: pawn, owner: red, at: [0, 0], params: {speed: 1}}
    - {type: pawn, owner: blue, at: [3, 3], params: {speed: 5}}
    - {type: pawn, owner: red, at: [1, 0], params: {speed: 3}}
"""


def flow_game(flow: str, extra: str = "") -> Game:
    return build(FLOW_GAME + textwrap.dedent(flow) + textwrap.dedent(extra), "flow.yaml")


def test_steps_offer_their_actions_in_order_with_phase_and_step_hooks() -> None:
    """A phase's steps run in order within a turn, each with its actions, `max_actions` and hooks."""
    game = flow_game(f"""\
        flow:
          phases:
            - name: battle
              order: {{player: red}}
              on_start:
                - {remember("phase", "game.phase")}
              on_end:
                - {remember("phase_ended", "game.round")}
              steps:
                - name: move
                  actions: [step]
                  max_actions: 1
                  on_start:
                    - {remember("step_player", "player")}
                - name: fight
                  actions: [strike]
                  max_actions: 1
                  on_end:
                    - {remember("fought", "true")}
        """)
    s = game.new_state(0)
    assert s.memory == {"phase": "battle", "step_player": 0}
    assert options(s) == ["step #1", "step #3"]
    s = act(game, s, "step #1")
    assert options(s) == ["strike #1", "strike #3"]
    s = act(game, s, "strike #3")
    assert s.memory["fought"] is True and s.memory["phase_ended"] == 1
    assert s.flow.round == 2 and options(s) == ["step #1", "step #3"]


def test_order_alternate_runs_until_every_player_has_passed() -> None:
    """`order: alternate` gives one action at a time in turn; a player who passes is out until the phase ends."""
    game = flow_game("""\
        flow:
          phases:
            - name: auction
              order: alternate
              actions: [bid, fold]
        """)
    s = game.new_state(0)
    seen = []
    for text in ["bid #1", "bid #2", "fold #1", "bid #2", "bid #2", "fold #2"]:
        seen.append(s.decision.player)
        s = act(game, s, text)
    assert seen == [0, 1, 0, 1, 1, 1]
    assert s.flow.round == 2 and s.decision.player == 0
    assert [p.params["log"] for p in s.players] == [1, 3]


def test_order_initiative_gives_entities_turns_by_key_highest_first() -> None:
    """`order: {initiative: it.speed}` gives each entity a turn, fastest first (ties by lower id)."""
    game = flow_game("""\
        flow:
          phases:
            - name: melee
              order: {initiative: it.speed}
              actions: [step]
              max_actions: 1
        """)
    s = game.new_state(0)
    turns = []
    for _ in range(4):
        turns.append((s.decision.player, s.decision.actor))
        s = act(game, s, f"step #{s.decision.actor}")
    assert turns == [(1, 2), (0, 3), (0, 1), (1, 2)]


def test_initiative_gives_turns_only_to_entities_on_the_board() -> None:
    """Under initiative order a card in a player's hand takes no turn: a round is the three pawns' turns."""
    text = FLOW_GAME.replace("setup:\n", "zones: {hand: public}\nsetup:\n") + textwrap.dedent("""\
            - {type: pawn, owner: red, zone: hand}
        flow:
          phases:
            - name: melee
              order: {initiative: it.speed}
              actions: [step]
              max_actions: 1
        """)
    game = build(text, "flow.yaml")
    s = game.new_state(0)
    for _ in range(3):
        s = act(game, s, f"step #{s.decision.actor}")
    assert s.flow.round == 2 and s.flow.turn == 4
    assert s.flow.order == (2, 3, 1)


def test_order_player_gives_turns_to_that_player_only() -> None:
    """`order: {player: blue}` gives the phase's turns to blue alone."""
    game = flow_game("""\
        flow:
          phases:
            - name: blue only
              order: {player: blue}
              actions: [step]
              max_actions: 1
        """)
    s = game.new_state(0)
    for _ in range(3):
        assert s.decision.player == 1
        s = act(game, s, "step #2")


def test_order_players_first_and_rotate() -> None:
    """`order: {players: {first: blue, rotate: true}}` starts with blue and moves the first seat on each round."""
    game = flow_game("""\
        flow:
          phases:
            - name: main
              order: {players: {first: blue, rotate: true}}
              actions: [bid]
              max_actions: 1
        """)
    s = game.new_state(0)
    seen = []
    for _ in range(6):
        seen.append((s.flow.round, s.decision.player))
        s = act(game, s, options(s)[0])
    assert seen == [(1, 1), (1, 0), (2, 0), (2, 1), (3, 1), (3, 0)]


def test_max_actions_and_end_when_end_steps_and_phases() -> None:
    """`max_actions` caps a turn's actions; a phase's `end_when` ends it for everyone once it holds."""
    game = flow_game("""\
        flow:
          phases:
            - name: gather
              actions: [bid]
              max_actions: 2
              end_when: "player.log >= 3"
            - name: spend
              order: {player: blue}
              actions: [step]
              max_actions: 1
        """)
    s = game.new_state(0)
    s = act(game, s, "bid #1")
    s = act(game, s, "bid #1")
    assert s.decision.player == 1 and game.phases[s.flow.phase].name == "gather"
    s = act(game, s, "bid #2")
    s = act(game, s, "bid #2")
    assert game.phases[s.flow.phase].name == "spend"
    s = act(game, s, "step #2")
    assert s.flow.round == 2
    s = act(game, s, "bid #1")
    assert [p.params["log"] for p in s.players] == [3, 2]
    assert game.phases[s.flow.phase].name == "spend", "red reached 3: the gather phase ended"


# ------------------------------------------------------------------------ end
END_GAME = """\
game: ending
players: [red, blue]
board: {size: [4, 1]}
player:
  points: 0
entities:
  pawn:
    actions: [grow, kill, wait]
actions:
  grow:
    targets: {cell: {position: empty}}
    effects:
      - spawn: {type: pawn, at: cell}
  kill:
    targets: {target: {entity: enemy}}
    effects:
      - kill: target
      - modify: {what: player.points, by: 2}
  wait:
    effects:
      - modify: {what: player.points, by: 1}
flow:
  phases:
    - name: main
      actions: [grow, kill, wait]
      max_actions: 1
setup:
  entities:
    - {type: pawn, owner: red, at: [0, 0]}
    - {type: pawn, owner: blue, at: [2, 0]}
    - {type: pawn, owner: blue, at: [3, 0]}
"""


def end_game(end: str) -> Game:
    return build(END_GAME + textwrap.dedent(end), "end.yaml")


def test_win_check_active_tests_only_the_player_whose_turn_it_is() -> None:
    """`check: active` tests a win condition for the acting player only; the default tests everyone."""
    each = end_game("""\
        end:
          win:
            two pawns: "count(entities(owner: player)) >= 2"
        """)
    s = act(each, each.new_state(0), "wait #1")
    assert s.outcome.winners == (1,) and s.outcome.reason == "two pawns"
    active = end_game("""\
        end:
          win:
            two pawns: {when: "count(entities(owner: player)) >= 2", check: active}
        """)
    s = act(active, active.new_state(0), "wait #1")
    assert s.outcome is None
    s = act(active, active.new_state(0), "grow #1 cell=(1,0)")
    assert s.outcome.winners == (0,)


def test_lose_eliminates_and_the_last_player_standing_wins() -> None:
    """A `lose` condition eliminates a player; with one player left, that player wins, and the
    reason names the loser."""
    game = end_game("""\
        end:
          lose:
            no pawns: "count(entities(owner: player)) == 0"
        """)
    s = act(game, game.new_state(0), "kill #1 target=#3")
    assert s.outcome is None
    s = act(game, s, "wait #2")
    s = act(game, s, "kill #1 target=#2")
    assert s.outcome.winners == (0,) and s.outcome.ranks == (1, 2)
    assert s.outcome.reason == "blue: no pawns"


def test_draw_condition_ends_the_game_level() -> None:
    """A `draw` condition (checked with no player) ends the game with every player first."""
    game = end_game("""\
        end:
          draw:
            crowded: "count_empty() == 0"
        """)
    s = act(game, game.new_state(0), "grow #1 cell=(1,0)")
    assert s.outcome.is_draw and s.outcome.reason == "crowded"


def test_round_limit_ends_by_score() -> None:
    """`round_limit` ends the game after that many rounds; `score` ranks the players and is their score."""
    game = end_game("""\
        end:
          round_limit: 2
          score: "player.points"
        """)
    s = game.new_state(0)
    for text in ["kill #1 target=#3", "wait #2", "wait #1", "wait #2"]:
        assert s.outcome is None
        s = act(game, s, text)
    assert s.outcome.reason == "round limit (2) reached"
    assert s.outcome.winners == (0,) and s.outcome.scores == (3.0, 2.0)
    assert game.info.max_rounds == 2


def test_flow_round_limit_without_score_is_a_draw() -> None:
    """`flow: round_limit` with no score ends the game after that round with everyone sharing first place."""
    game = build(END_GAME.replace("flow:\n", "flow:\n  round_limit: 1\n"), "end.yaml")
    s = act(game, game.new_state(0), "wait #1")
    s = act(game, s, "wait #2")
    assert s.outcome.is_draw and s.outcome.ranks == (1, 1)


# ------------------------------------------------------------ setup, scenarios
SCENARIOS = f"""\
game: scenic
players: [red, blue]
board: {{size: [3, 3]}}
entities:
  pawn:
    params: {{hp: 2}}
    actions: [wait]
actions:
  wait: {{}}
flow:
  phases:
    - name: main
      actions: [wait]
setup:
  effects:
    - {remember("ready", "count(entities())")}
    - spawn: {{type: pawn, at: "(2, 2)", owner: "players()[1]"}}
  entities:
    - {{type: pawn, owner: red, at: [0, 0]}}
scenarios:
  crowd:
    description: more pawns
    entities:
      - {{type: pawn, owner: red, at: [0, 0]}}
      - {{type: pawn, owner: 1, at: [1, 1], params: {{hp: 5}}}}
  wide:
    board: {{size: [6, 3]}}
    entities:
      - {{type: pawn, owner: blue, at: [5, 1]}}
"""


def pawns(s: State) -> list[tuple[int | None, Pos | None, Any]]:
    return [(e.owner, e.pos, e["hp"]) for e in s.iter_entities()]


def test_setup_places_entities_then_runs_its_effects() -> None:
    """Setup entities are placed first; setup effects then run once when the game starts."""
    game = build(SCENARIOS)
    s = game.new_state(0)
    assert s.memory == {"ready": 1}
    assert pawns(s) == [(0, Pos(0, 0), 2), (1, Pos(2, 2), 2)]


def test_scenarios_replace_the_setup_entities_and_may_bring_a_board() -> None:
    """`Parts.build(scenario)` places that scenario's entities (and board) instead of the setup's."""
    parts = Compiler(parse_yaml(SCENARIOS, "scenic.yaml")).compile()
    assert set(parts.placements) == {"", "crowd", "wide"}
    crowd = parts.build("crowd").new_state(0)
    assert pawns(crowd) == [(0, Pos(0, 0), 2), (1, Pos(1, 1), 5), (1, Pos(2, 2), 2)]
    wide = parts.build("wide")
    assert (wide.board.width, wide.board.height) == (6, 3)
    assert pawns(wide.new_state(0)) == [(1, Pos(5, 1), 2), (1, Pos(2, 2), 2)]
    assert parts.build().board.width == 3
    with pytest.raises(KeyError):
        parts.build("missing")


def test_without_setup_entities_the_first_scenario_is_the_default() -> None:
    """When the setup places nothing, the first scenario is what `build()` plays."""
    text = SCENARIOS.replace("  entities:\n    - {type: pawn, owner: red, at: [0, 0]}\n", "")
    parts = Compiler(parse_yaml(text, "scenic.yaml")).compile()
    assert parts.default == "crowd"
    assert [e.pos for e in parts.build().new_state(0).iter_entities()][:2] == [Pos(0, 0),
                                                                             Pos(1, 1)]


def test_load_rules_reads_a_folder_with_a_scenario_given_as_a_file(tmp_path: Path) -> None:
    """`load_rules(folder, scenario)` reads rules.yaml; a scenario named by a file is read from the folder."""
    (tmp_path / "rules.yaml").write_text(SCENARIOS + "  duel: scenarios/duel.yaml\n",
                                         encoding="utf-8")
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "duel.yaml").write_text(textwrap.dedent("""\
        description: one each
        entities:
          - {type: pawn, owner: red, at: [0, 1]}
          - {type: pawn, owner: blue, at: [2, 1], params: {hp: 9}}
        """), encoding="utf-8")
    game = load_rules(tmp_path, "duel")
    assert pawns(game.new_state(0)) == [(0, Pos(0, 1), 2), (1, Pos(2, 1), 9), (1, Pos(2, 2), 2)]
    by_file = load_rules(tmp_path / "rules.yaml", "crowd")
    assert len(pawns(by_file.new_state(0))) == 3
    assert pawns(load_rules(tmp_path).new_state(0))[0] == (0, Pos(0, 0), 2)
    with pytest.raises(RulesError) as err:
        load_rules(tmp_path, "nope")
    assert err.value.first.message == "no scenario `nope`"
    assert err.value.first.hint == "scenarios: crowd, wide, duel"
    text = (tmp_path / "rules.yaml").read_text(encoding="utf-8")  # at the list of scenarios
    listed = text[:text.index("scenarios:")].count("\n") + 2
    assert err.value.first.loc.line == listed, (err.value.first.loc, listed)
    assert load_rules(tmp_path).scenarios == ("crowd", "wide", "duel")
    with pytest.raises(RulesError) as err:
        load_rules(Path(games_module.__file__).parent / "tic_tac_toe", "nope")
    assert err.value.first.hint == "the game has one set-up: leave it out"




@pytest.mark.parametrize("explicit", [False, True])
def test_a_rule_failing_in_play_names_the_effect_where_it_was_written(explicit: bool) -> None:
    """An effect that fails while it resolves (an index off a list) is a RuleError at the
    file:line:column of that effect, even nested in another and on the quick paths."""
    game = build(FAULTY, "faulty.yaml")
    state = game.new_state(0, explicit_chance=explicit)
    line = FAULTY_LINE
    with pytest.raises(RuleError) as failed:
        act(game, state, "advance")
    assert str(failed.value).startswith(f"faulty.yaml:{line}:15: effect `let`: a rule failed "
                                        "while resolving: `[1, 2][5]`: no item 5 in a list "
                                        "of 2")
    with pytest.raises(RuleError, match=f"faulty.yaml:{line}:15: effect `let`"):
        game.playout(state, Rng(1))


# ------------------------------------------------- knock_out and enqueue (issue 16)
@covers("knock_out")
def test_knock_out_without_hands_skips_the_player_for_the_rest_of_the_game() -> None:
    """`knock_out` takes a player out of the turn order but not out of the game: without
    hands they never come back, and no end rule counts them as lost."""
    game = arena("""\
        go:
          ends_turn: true
          effects: [{knock_out: {player: "opponents()[0]"}}]
        """, goblin="actions: [go]\n", extra="""\
        end:
          win: {never: "false"}
        """)
    s = act(game, game.new_state(), f"go #{KNIGHT}")
    assert knocked_out(s) == (1,) and s.players[1].alive
    assert s.decision is not None and s.decision.player == 0 and s.round == 2


@covers("enqueue")
def test_enqueue_runs_the_action_as_the_players_next_turn_begins() -> None:
    """`enqueue` with `when: next_turn` carries the action out at the start of the
    player's next turn, not before."""
    game = arena("""\
        go:
          ends_turn: true
          effects: [{enqueue: {action: bonus, when: next_turn}}]
        bonus:
          effects: [{modify: {what: player.gold, by: 1}}]
        """)
    s = game.new_state()
    assert s.players[0].params["gold"] == 5
    s = act(game, s, f"go #{KNIGHT}")                 # blue has no action: red again
    assert s.round == 2 and s.players[0].params["gold"] == 6
