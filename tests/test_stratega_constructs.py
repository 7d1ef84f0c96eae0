"""The Stratega importer, construct by construct, on small fixtures in Stratega's
format: the legal actions they offer and the results of taking them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import stratagem
from stratagem.engine import Game, State

HERE = Path(__file__).parent / "stratega"


def offered(game: Game, state: State, kind: str) -> list[str]:
    return [str(a).split(" ", 2)[-1] for a in game.legal_actions(state) if a.type == kind]


def act(game: Game, state: State, text: str) -> State:
    return game.apply(state, game.parse_action(state, text))


def at(state: State, pos: tuple[int, int]) -> list[Any]:
    return [e for e in state.entities.values() if e.pos == pos]


def test_sampling_methods_reach_as_stratega_computes() -> None:
    """Square 1 is the 3 by 3 box; Circle 2 and Cross 2 reach 13 and 9 cells; a Tile
    target over AllPositions keeps its tile types; Dijkstra 2 walks two straight steps
    around the rock, onto the stone's cell and the scout's own; Dijkstra 1 with
    diagonals and `IsNotOccupied` the 7 free cells around; entities within a Euclidean 2."""
    game = stratagem.load(HERE / "sampling.yaml")
    state = game.new_state(seed=0)
    counts = Counter(a.type for a in game.legal_actions(state))
    assert counts == {"Square": 9, "Circle": 13, "Cross": 9, "Anywhere": 1, "Walk": 11,
                      "Stride": 7, "Spot": 2, "Aim": 6, "Shove": 1, "EndTurn": 1}
    assert offered(game, state, "Anywhere") == ["cell=(2,3)"]
    assert "cell=(3,3)" in offered(game, state, "Walk")  # its own cell
    assert "cell=(1,3)" not in offered(game, state, "Walk")  # behind the rock: 4 steps
    assert sorted(offered(game, state, "Spot")) == ["thing=#1", "thing=#2"]


def test_targets_combine_in_alphabetical_order_under_conditions_naming_both() -> None:
    """Aim's targets come in Stratega's order (`At` before `Spot`), and the condition
    written under `At` that names `Spot` keeps the pairs within 1 of each other: the
    stone with the cell below it, the scout with each of the five cells."""
    game = stratagem.load(HERE / "sampling.yaml")
    state = game.new_state(seed=0)
    assert sorted(offered(game, state, "Aim")) == [
        "at=(2,3) spot=#2", "at=(3,2) spot=#1", "at=(3,2) spot=#2", "at=(3,3) spot=#2",
        "at=(3,4) spot=#2", "at=(4,3) spot=#2"]


def test_units_share_a_tile_when_a_move_does_not_keep_it_free() -> None:
    """Stratega lets units share a tile: a Walk onto the stone leaves both there."""
    game = stratagem.load(HERE / "sampling.yaml")
    state = act(game, game.new_state(seed=0), "Walk #2 cell=(3,1)")
    assert sorted(e.type for e in at(state, (3, 1))) == ["Scout", "Stone"]


def test_push_moves_the_target_as_far_again_onto_a_free_walkable_cell() -> None:
    """Pushed from two cells below, the stone would leave the board and stays; from the
    cell below, it moves one up."""
    game = stratagem.load(HERE / "sampling.yaml")
    state = game.new_state(seed=0)
    assert act(game, state, "Shove #2 victim=#1").entities[1].pos == (3, 1)
    state = act(game, act(game, state, "Walk #2 cell=(3,2)"), "Shove #2 victim=#1")
    assert state.entities[1].pos == (3, 0)


def test_player_actions_spawn_pay_and_wait_for_their_cooldown() -> None:
    """Recruit (a player action over an entity-type target of a group and a free field)
    pays 2 gold and spawns; Tax, with Cooldown 2, is first offered in round 2 (Stratega's
    first tick is 1) and then not again until round 4; it counts a game-state harvest."""
    game = stratagem.load(HERE / "economy.yaml")
    state = game.new_state(seed=0)
    assert len(offered(game, state, "Recruit")) == 32  # 16 free fields, two kinds
    assert offered(game, state, "Tax") == []
    state = act(game, state, "Recruit kind=Soldier where=(0,0)")
    assert [e.type for e in at(state, (0, 0))] == ["Soldier"]
    assert at(state, (0, 0))[0].owner == 0 and state.players[0].params["Gold"] == 3
    state = act(game, act(game, state, "EndTurn"), "EndTurn")
    assert offered(game, state, "Tax") == ["Tax"]
    state = act(game, state, "Tax")
    assert state.players[0].params["Gold"] == 6
    assert state.counters.get("state:Harvests") == 1
    assert offered(game, state, "Tax") == []
    for _ in range(2):
        state = act(game, act(game, state, "EndTurn"), "EndTurn")
        assert (offered(game, state, "Tax") == ["Tax"]) == (state.round == 4)


def test_transfer_moves_tile_grain_to_gold_and_conditions_see_tile_parameters() -> None:
    """Reap transfers up to 2 grain of a field next to the town into its owner's gold;
    an emptied field is no longer offered; the wall (no grain) never is."""
    game = stratagem.load(HERE / "economy.yaml")
    state = game.new_state(seed=0)
    assert "patch=(2,2)" not in offered(game, state, "Reap")
    state = act(game, state, "Reap #1 patch=(1,1)")
    assert state.players[0].params["Gold"] == 7
    state = act(game, act(game, state, "EndTurn"), "EndTurn")
    assert "patch=(1,1)" not in offered(game, state, "Reap")
    assert "patch=(0,1)" in offered(game, state, "Reap")


def test_neutral_units_change_owner_and_are_healed_to_their_maximum() -> None:
    """A town converts the neutral peasant within 2.5 of it (`IsNeutral`), which then
    belongs to the town's owner at its maximum health (`SetToMaximum`); the other
    town, farther, cannot."""
    game = stratagem.load(HERE / "economy.yaml")
    state = game.new_state(seed=0)
    peasant = at(state, (2, 3))[0]
    assert peasant.owner is None and peasant.params["Health"] == 1
    assert offered(game, state, "Convert") == [f"other=#{peasant.id}"]
    state = act(game, state, f"Convert #1 other=#{peasant.id}")
    assert state.entities[peasant.id].owner == 0
    assert state.entities[peasant.id].params["Health"] == 3
    assert offered(game, state, "Convert") == []


def test_fog_of_war_hides_units_beyond_sight_or_behind_a_wood() -> None:
    """With Stratega's default fog, the scout (sight 3) sees the sentry 2.8 cells away,
    not the one behind the wood nor the far one; a sentry without `LineOfSightRange`
    sees only its own cell, so p1 sees no scout."""
    game = stratagem.load(HERE / "fog.yaml")
    state = game.new_state(seed=0)
    seen = sorted((e.type, e.pos) for e in state.view(0).entities.values())
    assert seen == [("Scout", (0, 0)), ("Sentry", (2, 2))]
    assert all(e.type == "Sentry" for e in state.view(1).entities.values())
