"""The Stratega importer's advanced constructs, each from a fixture of our own in
Stratega's format (tests/stratega/adv_*.yaml): the legal actions and the results of
a few actions are pinned as Stratega's engine gives them; and each construct that
cannot be carried over is refused at its place with what to do instead."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest

import stratagem
from stratagem.engine.items import inventory
from stratagem.rules.errors import RulesError
from stratega_helpers import play_side_by_side
from test_cli import run

HERE = Path(__file__).parent / "stratega"


@functools.cache
def _game(name: str) -> Any:
    return stratagem.load(str(HERE / f"{name}.yaml"))


def _play(name: str, *moves: str) -> tuple[Any, Any]:
    game = _game(name)
    state = game.new_state(seed=0)
    for text in moves:
        state = game.apply(state, game.parse_action(state, text))
    return game, state


def _legal(game: Any, state: Any) -> list[str]:
    return sorted(map(str, game.legal_actions(state)))


def _units(state: Any) -> dict[int, tuple[Any, ...]]:
    return {int(i): (e.type, e.owner, tuple(e.pos), dict(e.params))
            for i, e in state.entities.items()}


def _player(state: Any, p: int, *names: str) -> tuple[Any, ...]:
    return tuple(state.players[p].params[n] for n in names)


# ------------------------------------------------------------------ buffs
def test_buffs_add_multiply_and_run_out_as_stratega_counts_ticks() -> None:
    """Might adds 2 attack for 2 ticks, Tough multiplies health by 1 + 0.5 for one tick
    (its maximum widened to 6), Wealth adds 2 income to the player for one tick; a buff
    of one tick is gone before that tick's OnTick income (Stratega removes buffs first),
    a buff of two ticks when the second round ends."""
    game, state = _play("adv_buffs")
    assert _legal(game, state) == ["Bless #1", "Empower #1", "EndTurn", "Harden #1",
                                   "Hit #1 target=#2"]
    game, state = _play("adv_buffs", "Empower #1", "Hit #1 target=#2", "Harden #1",
                        "Bless #1")
    assert _units(state)[1][3] == {"Health": 6, "Attack": 3}
    assert _units(state)[2][3] == {"Health": 1, "Attack": 1}
    assert _player(state, 0, "Gold", "Income") == (0, 3)
    assert _legal(game, state) == ["EndTurn"]  # each buff is held; Hit has its cooldown
    game, state = _play("adv_buffs", "Empower #1", "Harden #1", "Bless #1", "EndTurn",
                        "EndTurn")
    assert _units(state)[1][3] == {"Health": 4, "Attack": 3}
    assert _player(state, 0, "Gold", "Income") == (1, 1)
    assert _legal(game, state) == ["Bless #1", "EndTurn", "Harden #1", "Hit #1 target=#2"]
    game, state = _play("adv_buffs", "Empower #1", "EndTurn", "EndTurn", "EndTurn",
                        "EndTurn")
    assert _units(state)[1][3] == {"Health": 4, "Attack": 1}
    assert _player(state, 0, "Gold") == (2,)


# ------------------------------------------------------------------ continuous actions
def test_a_continuous_build_starts_ticks_completes_and_can_be_aborted() -> None:
    """Build pays 2 gold as it starts (OnStart), is offered again only as its abort
    while in progress, brings a wood each tick (OnTick), and raises a hut when two
    ticks have elapsed (TriggerComplete, OnComplete); aborted, it gives 1 gold back."""
    game, state = _play("adv_continuous")
    assert _legal(game, state) == ["Build #1 where=(0,0)", "Build #1 where=(1,1)", "EndTurn"]
    game, state = _play("adv_continuous", "Build #1 where=(0,0)")
    assert _player(state, 0, "Gold", "Wood") == (3, 0)
    assert _legal(game, state) == ["AbortBuild #1", "EndTurn"]
    game, state = _play("adv_continuous", "Build #1 where=(0,0)", "EndTurn", "EndTurn")
    assert _player(state, 0, "Gold", "Wood") == (3, 1)
    assert 3 not in state.entities
    game, state = _play("adv_continuous", "Build #1 where=(0,0)", "EndTurn", "EndTurn",
                        "EndTurn", "EndTurn")
    assert _player(state, 0, "Gold", "Wood") == (3, 2)
    assert _units(state)[3] == ("Hut", 0, (0, 0), {"Health": 5})
    assert _legal(game, state) == ["Build #1 where=(1,1)", "EndTurn"]
    game, state = _play("adv_continuous", "Build #1 where=(0,0)", "AbortBuild #1")
    assert _player(state, 0, "Gold", "Wood") == (4, 0)
    assert _legal(game, state) == ["Build #1 where=(0,0)", "Build #1 where=(1,1)", "EndTurn"]


# ------------------------------------------------------------------ triggers
def test_triggers_on_spawn_on_advance_and_on_tick() -> None:
    """OnSpawn counts the scouts a player recruits; OnAdvance removes a scout that
    has walked into the pit, right after its move; OnTick runs for each scout (its
    steps), each player (gold) and the game state (ticks) as the round ends."""
    game, state = _play("adv_triggers", "Recruit #1 where=(1,0)")
    assert _units(state)[3] == ("Scout", 0, (1, 0), {"Health": 1, "Steps": 0})
    assert _player(state, 0, "Spawned") == (1,)
    assert _legal(game, state) == ["EndTurn", "Move #3 target=(2,0)"]
    game, state = _play("adv_triggers", "Recruit #1 where=(1,0)", "Move #3 target=(2,0)")
    assert 3 not in state.entities
    game, state = _play("adv_triggers", "Recruit #1 where=(1,0)", "EndTurn", "EndTurn")
    assert _units(state)[3][3] == {"Health": 1, "Steps": 1}
    assert _player(state, 0, "Gold") == _player(state, 1, "Gold") == (1,)
    assert state.counters["state:Ticks"] == 1


def test_on_tick_actions_take_every_choice_as_each_tick_ends() -> None:
    """A totem's OnTickActions mends, as each round ends, every unit of its side within
    reach (itself included) whose health is 2 or less: health 1 becomes 2, then 3, and
    stays there."""
    game, state = _play("adv_tick_actions")
    assert _legal(game, state) == ["EndTurn"]
    game, state = _play("adv_tick_actions", "EndTurn", "EndTurn")
    assert {i: u[3]["Health"] for i, u in _units(state).items()} == {1: 2, 2: 2, 3: 2, 4: 2,
                                                                      5: 2}
    game, state = _play("adv_tick_actions", *["EndTurn"] * 6)
    assert {i: u[3]["Health"] for i, u in _units(state).items()} == {1: 3, 2: 3, 3: 3, 4: 3,
                                                                      5: 3}


def test_effect_packs_sample_targets_and_draw_by_thresholds() -> None:
    """A blast at (3,0) hits both enemy soldiers within 1 of it (SampleEffect with a
    ConditionalEffect), never its own bomber; RandomEffect runs every entry whose
    threshold the draw reaches: no gold at 1/2, one at 1/4, two at 1/4, exactly."""
    game, state = _play("adv_packs")
    assert _legal(game, state) == ["Blast #1 spot=(0,0)", "Blast #1 spot=(1,0)",
                                   "Blast #1 spot=(2,0)", "Blast #1 spot=(3,0)", "EndTurn"]
    action = game.parse_action(state, "Blast #1 spot=(3,0)")
    found = sorted((p, s.players[0].params["Gold"], s.entities[2].params["Health"],
                    s.entities[3].params["Health"]) for p, s in game.outcomes(state, action))
    assert found == [(0.25, 1, 1, 1), (0.25, 2, 1, 1), (0.5, 0, 1, 1)]
    _, state = _play("adv_packs", "Blast #1 spot=(0,0)")
    assert _units(state)[1][3] == {"Health": 3}


# ------------------------------------------------------------------ action queues
def test_enqueued_actions_are_the_only_ones_offered_until_taken() -> None:
    """OnStart queues Place then EndTurn for each player: Place comes first (Tax is
    held back), then only EndTurn; with the queue empty, every action is offered."""
    game, state = _play("adv_queue")
    assert _legal(game, state) == ["EndTurn", "Place where=(0,0)", "Place where=(1,0)",
                                   "Place where=(2,0)"]
    game, state = _play("adv_queue", "Place where=(0,0)")
    assert _legal(game, state) == ["EndTurn"]
    game, state = _play("adv_queue", "Place where=(0,0)", "EndTurn", "Place where=(2,0)",
                        "EndTurn")
    assert _legal(game, state) == ["EndTurn", "Place where=(1,0)", "Tax"]


# ------------------------------------------------------------------ objects
def test_objects_are_picked_up_used_removed_and_dropped() -> None:
    """A hero picks up the potion (it leaves the board), drinks it (OnUseInventory heals
    the holder by the potion's Heal; RemoveObject takes it), or drops it back with the
    id it had; with its one slot taken it cannot pick up more."""
    game, state = _play("adv_objects")
    assert _legal(game, state) == ["EndTurn", "Grab #1 target=#2"]
    game, state = _play("adv_objects", "Grab #1 target=#2")
    assert 2 not in state.entities
    assert [h[1] for h in inventory(state, 1)] == ["Potion"]
    assert _legal(game, state) == ["Drink #1 item=Potion", "Drop #1 item=Potion where=(1,0)",
                                   "EndTurn"]
    game, state = _play("adv_objects", "Grab #1 target=#2", "Drink #1 item=Potion")
    assert _units(state)[1][3] == {"Health": 4}
    assert inventory(state, 1) == ()
    game, state = _play("adv_objects", "Grab #1 target=#2", "Drop #1 item=Potion where=(1,0)")
    assert _units(state)[2] == ("Potion", None, (1, 0), {"Heal": 2})


# ------------------------------------------------------------------ refusals
HEAD = """GameConfig: {Type: TBS, FogOfWar: false}
Agents: [RandomAgent, RandomAgent]
Player:
    Actions: [Study]
    Parameters: {Gold: [0, 5, 9]}
Tiles:
    Plain: {Symbol: ., DefaultTile: true}
Board:
    GenerationType: Manual
    Layout: |-
        h0 h1
ForwardModel:
    LoseConditions:
        Gone: ["HasNoEntity(Source, Hero)"]
"""
HERO = """Entities:
    Hero:
        Symbol: h
        Actions: [Act]
"""


def _refusal(tmp_path: Path, text: str) -> str:
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as info:
        stratagem.load(str(path))
    return str(info.value)


@pytest.mark.parametrize(("body", "where", "words"), [
    (HERO.replace("Actions: [Act]", "Actions: [Act]\n        Slots: [Left hand]") +
     "Actions:\n    Act: {Type: EntityAction}\n", ":19:9:", "`Slots` cannot be carried over"),
    (HERO + "Actions:\n    Act:\n        Type: EntityAction\n        Effects:\n"
            "            - \"EquipObject(Source, Source)\"\n", ":23:16:", "UseObject"),
    (HERO + "Actions:\n    Act:\n        Type: EntityAction\n        OnStart: [\"Empty()\"]\n"
            "        Effects: [\"Empty()\"]\n", ":23:18:", "move them to `OnStart`"),
    (HERO + "Actions:\n    Act:\n        Type: EntityAction\n        Effects:\n"
            "            - \"ApplyBuff(Source, Rage, 2)\"\n", ":23:34:", "expected a buff"),
    (HERO + "Actions:\n    Act:\n        Type: EntityAction\n        Effects:\n"
            "            - \"RemoveBuff(Source, Rage)\"\n", ":23:16:", "unknown Stratega effect"),
    (HERO + "TechnologyTrees:\n    Lore:\n        Runes: {Description: r, Requirements: "
            "[Magic]}\nActions:\n    Act: {Type: EntityAction}\n", ":21:48:",
     "unknown technology `Magic`"),
    (HERO + "Actions:\n    Act: {Type: EntityAction}\n    Study:\n        Type: PlayerAction\n"
            "        Targets:\n            Item: {Type: Object}\n", ":24:26:",
     "a player carries no objects"),
    (HERO + "Actions:\n    Act:\n        Type: EntityAction\n        TriggerComplete:\n"
            "            - \"HasElapsedTick(Source.Time)\"\n", ":23:38:",
     "only a technology has a `Time`"),
    (HERO + "Actions:\n    Act:\n        Type: EntityAction\n"
            "        Preconditions: [\"HasElapsedTick(1)\"]\n", ":22:26:",
     "`HasElapsedTick` counts the ticks of a continuous action"),
])
def test_constructs_that_cannot_be_carried_over_are_refused_at_their_place(
        tmp_path: Path, body: str, where: str, words: str) -> None:
    """Equipment slots, the plain effects of a continuous action, an unknown buff or
    technology, Stratega's unregistered RemoveBuff, an object target of a player action,
    the time of a non-technology and the elapsed ticks outside a continuous action are
    each refused at file:line:column, saying what to do instead where there is
    something to do."""
    message = _refusal(tmp_path, HEAD + body)
    line = next(x for x in message.splitlines() if words in x)
    assert where in line, message


# ------------------------------------------------------------------ carried on, and played
@pytest.mark.parametrize("name", ["tech_realms", "adv_buffs", "adv_continuous",
                                  "adv_triggers", "adv_queue", "adv_objects",
                                  "adv_tick_actions", "adv_packs"])
def test_import_writes_native_rules_that_play_the_same_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    """`import-stratega` writes each fixture as a native file that validates and plays
    the same random game (same options, same units after every action)."""
    code, _, err = run(capsys, "import-stratega", str(HERE / f"{name}.yaml"),
                         "--out", str(tmp_path / name))
    assert code == 0, err
    written = tmp_path / name / "rules.yaml"
    assert run(capsys, "validate", str(written))[0] == 0
    assert play_side_by_side(_game(name), stratagem.load(written), 3, 40) > 5


def test_the_tech_game_plays_at_the_terminal_with_tactical_and_mcts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`stratagem play tech_realms.yaml --agents tactical,mcts` plays it to its end."""
    short = tmp_path / "tech_realms.yaml"
    short.write_text((HERE / "tech_realms.yaml").read_text().replace("RoundLimit: 16",
                                                                      "RoundLimit: 3"))
    code, out, err = run(capsys, "play", str(short), "--agents",
                         "tactical:calls=200,mcts:calls=20", "--seed", "1")
    assert code == 0, err
    assert "round limit (2) reached" in out
