"""Stratega's `SpawnRandom`, `SpawnEntityRandomLocation` and `SpawnEntityGrid`
(tests/stratega/city_capturing.yaml): `SpawnRandom` takes the first free walkable cell
around its source (no dice, as in Stratega's turn-based engine); a spawn at a random
location is a chance event the engine's RNG draws, `outcomes` lists and explicit chance
asks for, all three agreeing; a grid spawn is a spawn at the chosen cell."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.engine import Game, State
from stratega_helpers import play_side_by_side
from test_cli import run

HERE = Path(__file__).parent / "stratega"
CITY = HERE / "city_capturing.yaml"


def act(game: Game, state: State, text: str) -> State:
    return game.apply(state, game.parse_action(state, text))


def warriors(state: State) -> list[tuple[int, int]]:
    return sorted((e.pos.x, e.pos.y) for e in state.entities.values()
                  if e.type == "Warrior" and e.pos is not None)


def gold(state: State, player: int) -> float:
    return state.players[player].params["Gold"]


def test_a_random_spawn_takes_the_first_free_walkable_cell_beside_the_city() -> None:
    """The city in its walled corner recruits for 3 gold; the new warrior stands on (1,0),
    the first free walkable cell of the 3 by 3 around it (row by row from the top left;
    (1,1) is free too), with certainty: Stratega's turn-based `SpawnRandom` rolls no dice.
    It belongs to the city's owner."""
    game = stratagem.load(CITY)
    state = game.new_state(seed=0)
    offered = sorted(str(a) for a in game.legal_actions(state))
    assert offered == ["EndTurn", "Move #2 where=(0,2)", "Move #2 where=(1,1)",
                       "Move #2 where=(1,3)", "Move #2 where=(2,2)", "Recruit #1"]
    outcomes = game.outcomes(state, game.parse_action(state, "Recruit #1"))
    assert [(p, warriors(s)) for p, s in outcomes] == [(1.0, [(1, 0), (1, 2), (5, 3)])]
    after = outcomes[0][1]
    assert gold(after, 0) == 1
    new = [e for e in after.entities.values() if e.type == "Warrior" and e.id > 5]
    assert [e.owner for e in new] == [0]


def test_sampled_and_explicit_chance_play_the_same_spawn() -> None:
    """Whatever the seed, the warrior lands on (1,0); with explicit chance the recruit
    asks no chance decision."""
    game = stratagem.load(CITY)
    landed = {tuple(warriors(act(game, game.new_state(seed=seed), "Recruit #1")))
              for seed in range(6)}
    assert landed == {((1, 0), (1, 2), (5, 3))}
    waiting = act(game, game.new_state(seed=0, explicit_chance=True), "Recruit #1")
    assert waiting.decision is not None and waiting.decision.kind != "chance"
    assert warriors(waiting) == [(1, 0), (1, 2), (5, 3)]


def test_no_free_cell_spawns_nothing() -> None:
    """With both free cells beside the city taken, the recruit is paid for and spawns
    nothing (Stratega finds no cell); with the first taken, the other is used."""
    game = stratagem.load(CITY)
    state = act(game, game.new_state(seed=0), "Move #2 where=(1,1)")
    outcomes = game.outcomes(state, game.parse_action(state, "Recruit #1"))
    assert [(p, warriors(s)) for p, s in outcomes] == [(1.0, [(1, 0), (1, 1), (5, 3)])]
    full = game.apply(state, game.parse_action(state, "Recruit #1"))
    for _ in range(4):  # two rounds: each round's end pays the city's owner a gold
        full = act(game, full, "EndTurn")
    assert gold(full, 0) == 3
    full = act(game, full, "Recruit #1")
    assert warriors(full) == [(1, 0), (1, 1), (5, 3)]
    assert gold(full, 0) == 0


def test_a_grid_spawn_puts_the_unit_on_the_chosen_cell() -> None:
    """After a round the city holds 5 gold: `Garrison` (SpawnEntityGrid) is offered on
    each free walkable cell of the square around it and puts a warrior of the city's
    owner on the one chosen."""
    game = stratagem.load(CITY)
    state = act(game, act(game, game.new_state(seed=0), "EndTurn"), "EndTurn")
    assert gold(state, 0) == 5
    spots = sorted(str(a) for a in game.legal_actions(state) if a.type == "Garrison")
    assert spots == ["Garrison #1 spot=(1,0)", "Garrison #1 spot=(1,1)"]
    after = act(game, state, "Garrison #1 spot=(1,1)")
    assert warriors(after) == [(1, 1), (1, 2), (5, 3)]
    assert gold(after, 0) == 0


def test_warriors_capture_neutral_and_enemy_cities() -> None:
    """`DifferentPlayer` takes the neutral city in the middle (a neutral unit is another
    player's in Stratega): p1's warrior, once beside it, may capture it, and the city
    then pays p1 a gold as the round ends, beside p1's own city."""
    game = stratagem.load(CITY)
    state = act(game, game.new_state(seed=0), "EndTurn")
    assert "Capture #4 city=#3" not in [str(a) for a in game.legal_actions(state)]
    state = act(game, state, "Move #4 where=(4,3)")  # within 1 (Euclidean, as Stratega)
    assert "Capture #4 city=#3" in [str(a) for a in game.legal_actions(state)]
    state = act(game, state, "Capture #4 city=#3")
    assert state.entities[3].owner == 1
    assert gold(act(game, state, "EndTurn"), 1) == 4 + 2


@pytest.mark.parametrize("name", ["city_capturing"])
def test_plays_at_the_terminal_and_imports(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           name: str) -> None:
    """`stratagem play FILE --agents tactical,mcts` plays the fixture to its end, and
    `import-stratega` writes a native file that validates, with the spawn on the first
    free cell, and plays the same random game (same seeds, same draws)."""
    short = tmp_path / f"{name}.yaml"
    short.write_text((HERE / f"{name}.yaml").read_text().replace("RoundLimit: 40",
                                                                  "RoundLimit: 3"))
    code, out, err = run(capsys, "play", str(short), "--agents",
                         "tactical:calls=200,mcts:calls=20", "--seed", "1")
    assert code == 0, err
    assert "round limit (2) reached" in out or "wins" in out
    code, _, err = run(capsys, "import-stratega", str(HERE / f"{name}.yaml"),
                       "--out", str(tmp_path / "native"))
    assert code == 0, err
    written = tmp_path / "native" / "rules.yaml"
    assert run(capsys, "validate", str(written))[0] == 0
    assert 'at: "spawn_cells1[0]"' in written.read_text()
    assert play_side_by_side(stratagem.load(HERE / f"{name}.yaml"), stratagem.load(written),
                             2, 60) > 5


ANYWHERE = """\
GameConfig: {Type: TBS, RoundLimit: 5, FogOfWar: false}
Agents: [RandomAgent, RandomAgent]
Player:
    Actions: [Summon]
Tiles:
    Grass: {Symbol: ., IsWalkable: true, DefaultTile: true}
    Rock: {Symbol: R, IsWalkable: false}
Board:
    GenerationType: Manual
    Layout: |-
        s0 .  R
        R  .  s1
Actions:
    Summon:
        Type: PlayerAction
        Effects: ["SpawnEntityRandomLocation(Stone)"]
Entities:
    Soldier: {Symbol: s, Parameters: {Health: 1}}
    Stone: {Symbol: o, Parameters: {Health: 1}}
ForwardModel:
    LoseConditions:
        Gone: ["HasNoEntity(Source, Soldier)"]
"""


def test_a_random_location_is_any_free_walkable_cell_for_a_neutral_unit(
        tmp_path: Path) -> None:
    """`SpawnEntityRandomLocation(Stone)` puts a neutral stone on one of the two free
    walkable cells of the board, each as likely; on a full board it spawns nothing."""
    path = tmp_path / "anywhere.yaml"
    path.write_text(ANYWHERE)
    game = stratagem.load(path)
    state = game.new_state(seed=0)
    outcomes = game.outcomes(state, game.parse_action(state, "Summon"))
    stones = sorted((p, [(e.pos.x, e.pos.y, e.owner) for e in s.entities.values()
                         if e.type == "Stone"]) for p, s in outcomes)
    assert stones == [(0.5, [(1, 0, None)]), (0.5, [(1, 1, None)])]
    full = act(game, act(game, state, "Summon"), "Summon")
    assert [p for p, _ in game.outcomes(full, game.parse_action(full, "Summon"))] == [1.0]
    assert len(act(game, full, "Summon").entities) == 4
