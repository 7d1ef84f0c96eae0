"""Stratega's agent family here: rolling-horizon evolution and portfolio search."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.agents import Budget, make_agent
from stratagem.agents.portfolio import advance_script, attack_script


@pytest.mark.parametrize("code", ["rhea:calls=1500", "portfolio:calls=1500"])
def test_beats_random_at_connect_four(code: str) -> None:
    """With a small budget each wins at least five of six games against random, seats
    alternating."""
    game = stratagem.load("connect_four")
    wins = 0
    for seed in range(6):
        agents = [code, "random"] if seed % 2 == 0 else ["random", code]
        result = stratagem.play(game, agents, seed=seed)
        wins += result.outcome.returns[seed % 2] > 0
    assert wins >= 5, wins


def test_rhea_shifts_its_best_plan_to_the_next_decision() -> None:
    """After a decision the best plan is kept; the next search starts from its tail."""
    game = stratagem.load("connect_four")
    agent = make_agent("rhea:calls=300", game, seed=3)
    state = game.new_state(0)
    first = agent.choose(state, state.decision)  # type: ignore[arg-type]
    kept = list(agent._kept or [])  # type: ignore[attr-defined]
    assert len(kept) == agent.horizon  # type: ignore[attr-defined]
    state = game.apply(state, first.action)
    state = game.apply(state, state.decision.actions[0])  # type: ignore[union-attr]
    agent.choose(state, state.decision)  # type: ignore[arg-type]
    assert agent._kept_at == len(state.history) == 2  # type: ignore[attr-defined]
    assert "generations" in first.private and first.rationale.startswith("Drops into")


def test_scripts_aim_at_enemies_and_step_toward_them() -> None:
    """In the skirmish the attack script takes an attack on an enemy when one is offered,
    and the advance script's move ends nearer the nearest enemy than any other move."""
    game = stratagem.load("skirmish")
    state = game.new_state(1)
    d = state.decision
    assert d is not None
    rng = stratagem.engine.Rng(1)
    attack = attack_script(game, state, d, rng)
    enemy = {e.id for e in state.entities.values() if e.owner not in (None, d.player)}
    if any(v in enemy for a in d.actions for _, v in a.targets):
        assert any(v in enemy for _, v in attack.targets)
    step = advance_script(game, state, d, rng)
    moves = [a for a in d.actions if a.type == "move"]
    assert step in moves

    def nearest(a: object) -> float:
        to = dict(a.targets)["to"]  # type: ignore[attr-defined]
        return min(stratagem.engine.distance(to, e.pos, game.board.metric)
                   for e in state.entities.values()
                   if e.owner not in (None, d.player) and e.pos is not None)
    assert nearest(step) == min(nearest(a) for a in moves)


def test_hidden_information_keeps_the_weighing_private() -> None:
    """In high card both agents say publicly only that they searched worlds that fit what
    they can see; the move they weighed goes to the private reason."""
    game = stratagem.load("high_card")
    state = game.new_state(2)
    d = state.decision
    assert d is not None
    for code in ("rhea", "portfolio"):
        choice = make_agent(code, game, seed=1).choose(state.view(d.player), d, Budget(calls=400))
        assert "worlds that fit what it can see" in choice.rationale
        assert "#" not in choice.rationale and choice.private
