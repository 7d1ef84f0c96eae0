"""The tactical agent's strategic module: objectives read from the game's end rules (an enemy
leader, a goal square), captures learned from its own moves, and walking distance round
obstacles, on a small Kill the King with a long ridge (tests/rules_fixtures/kill_the_king.yaml)
and on Broken Throne."""

from __future__ import annotations

from pathlib import Path

import stratagem
from stratagem.agents import Agent, make_agent
from stratagem.agents.tactical.objectives import Objectives
from stratagem.arena import play
from stratagem.engine import Game, Pos, State
from stratagem.engine.geometry import path_distance

KING = str(Path(__file__).parent / "rules_fixtures" / "kill_the_king.yaml")


def _turn(game: Game, state: State, agent: Agent) -> tuple[State, list[str]]:
    said = []
    side = state.decision.player if state.decision is not None else 0
    while state.decision is not None and state.decision.player == side:
        choice = agent.choose(state, state.decision)
        said.append(choice.private)
        state = game.apply(state, choice.action)
    return state, said


def test_the_leader_and_the_goal_square_are_read_from_the_lose_rules() -> None:
    """Kill the King: blue's king is the unit whose loss alone ends the game (its soldiers
    are not). Broken Throne: blue's castle is the square whose taking ends it; the villages
    and red's own castle are not goals."""
    game = stratagem.load(KING)
    s = game.new_state(0)
    assert Objectives(game, 0).leaders(s) == [5]
    assert Objectives(game, 1).leaders(s) == [1]
    bt = stratagem.load("broken_throne", "trial_economy")
    assert Objectives(bt, 0).goals(bt.new_state(0)) == [Pos(7, 5)]
    assert Objectives(bt, 1).goals(bt.new_state(0)) == [Pos(0, 0)]


def test_golden_the_king_is_approached_round_the_ridge_from_a_stalled_position() -> None:
    """Red's soldier stands against the ridge, 3 squares from blue's king as the crow flies
    but 14 steps on foot: no square it can reach is nearer as the crow flies, so a module
    that measured so would stand still. It walks toward the gap at the ridge's foot, 3 steps
    nearer the king on foot, and says whom it goes for."""
    game = stratagem.load(KING, "stalled")
    s = game.new_state(0)
    before = path_distance(s, (4, 1), (7, 1), blocked=())
    assert before == 14
    after, said = _turn(game, s, make_agent("tactical:calls=8000", game))
    assert said[0].startswith("strategic module")
    assert "3 closer to leader king #3" in said[0]
    pos = after.entities[2].pos
    assert pos is not None
    assert path_distance(after, pos, (7, 1), blocked=()) == before - 3


def test_tactical_never_stalls_against_random_at_kill_the_king() -> None:
    """Two games against random, seats alternating: each ends with the random side's king
    killed by round 12 of 40 (measured: rounds 5 to 8 over six games; measuring as the crow
    flies, two of six were drawn at the round limit and the others took 10 to 20 rounds;
    the long form is benchmarks/bench_tactical.py)."""
    game = stratagem.load(KING)
    for i in range(2):
        agents: list[Agent | str] = ["random", "random"]
        agents[i] = make_agent("tactical:calls=8000", game, seed=100 + i)
        result = play(game, agents, seed=i)
        assert result.outcome.winners == (i,), result.outcome
        assert "lost the king" in result.outcome.reason
        assert result.state.flow.round <= 12


def test_broken_throne_units_walk_to_villages_and_take_them() -> None:
    """With nothing in reach, Broken Throne's units walk to the villages their moves were
    seen to take (a capture turns the tile red), and the rationale names the village."""
    game = stratagem.load("broken_throne")
    s = game.new_state(0)
    after, said = _turn(game, s, make_agent("tactical:calls=8000", game))
    assert any("closer to the village at" in text for text in said)
    assert after.tiles.count("red_village") >= 1
