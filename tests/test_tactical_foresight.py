"""The tactical agent's foresight: statuses with no price of their own (no ``negative: true``)
valued by what they lead to, in a small squad game (tests/rules_fixtures/squad.yaml)."""

from __future__ import annotations

from pathlib import Path

import stratagem
from stratagem.agents import Agent, make_agent
from stratagem.engine import Game, State

SQUAD = str(Path(__file__).parent / "rules_fixtures" / "squad.yaml")


def _turn(game: Game, state: State, agent: Agent) -> tuple[State, list[str]]:
    said = []
    while state.decision is not None and state.decision.player == 0:
        choice = agent.choose(state, state.decision)
        said.append(choice.private)
        state = game.apply(state, choice.action)
    return state, said


def test_goes_on_overwatch_when_an_enemy_must_cross_the_watched_lane() -> None:
    """Blue's raider can run down the lane and strike red's trooper next turn (5 damage,
    worth 10); nothing is in the trooper's reach now. Overwatch would shoot the raider as it
    ends its move within 3 squares (6 of its 8 HP), so the raider's blow is worth less than
    staying away: overwatch is worth the 10 it prevents. With foresight weighed at 0 the
    status is worth nothing and the trooper walks toward the raider instead."""
    game = stratagem.load(SQUAD)
    s = game.new_state(0)
    after, said = _turn(game, s, make_agent("tactical:calls=8000", game))
    assert after.entities[1].has_status("overwatch")
    assert said[0].startswith("tactical module: trooper #1 goes on overwatch (+10.00)")
    blind, said = _turn(game, s, make_agent("tactical:calls=8000,weights=default+foresight=0", game))
    assert not blind.entities[1].has_status("overwatch")
    assert said[0].startswith("strategic module")


def test_rallies_a_shaken_unit_that_can_then_shoot() -> None:
    """Red's trooper is shaken (it cannot shoot) with a blue trooper in its range; its
    sergeant rallies it, worth the shot it allows next turn (4 damage, 8), and the trooper,
    steady again, shoots at once. Without foresight nobody rallies."""
    game = stratagem.load(SQUAD, "rally")
    s = game.new_state(0)
    assert s.entities[1].has_status("shaken")
    after, said = _turn(game, s, make_agent("tactical:calls=8000", game))
    assert said[0].startswith("tactical module, best of")
    assert "sergeant #2 rallies trooper #1 (+8.00)" in said[0]
    assert not after.entities[1].has_status("shaken")
    assert after.entities[3].params["hp"] == 6
    blind, _ = _turn(game, s, make_agent("tactical:calls=8000,weights=default+foresight=0", game))
    assert blind.entities[1].has_status("shaken")
