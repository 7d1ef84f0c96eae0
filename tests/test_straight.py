"""Blocks of straight effects run in one go (``Game.straight_blocks``); the result must be
exactly what stepping them one effect at a time gives."""

from __future__ import annotations

import copy

import pytest

import stratagem
from conftest import GAMES
from stratagem.engine import Rng
from stratagem.engine.effects import STRAIGHT, Damage, Emit, If, Roll, SetVar, Spawn, Win


def test_straightness_follows_what_an_effect_may_do() -> None:
    assert Spawn("x").straight() and SetVar("n", 1).straight() and Win().straight()
    assert not Roll("r", None).straight()                   # may wait for a chance decision
    assert not Emit("boom").straight()                      # reactions may answer it
    assert not Damage(1, 1).straight()                      # emits `damaged`
    assert If(lambda c: True, (Win(),), (SetVar("n", 1),)).straight()
    assert not If(lambda c: True, (Win(),), (Roll("r", None),)).straight()
    assert all(cls is not If for cls in STRAIGHT)


@pytest.mark.parametrize("name", GAMES)
def test_straight_blocks_give_the_states_stepping_gives(name: str) -> None:
    """Random games of every bundled game, played twice: once as built, once with every
    block stepped through the stack (and no quick path, ``flow.quick_action``, which
    runs straight blocks too). Every state along the way is equal."""
    fast = stratagem.load(name)
    slow = copy.copy(fast)  # `load` shares one Game per name: change a copy
    slow.patch(straight_blocks=frozenset(), quick_action=None, quick_lazy_flow=False)
    assert fast.straight_blocks or name not in ("tic_tac_toe", "connect_four")
    rng = Rng(11)
    for _ in range(15):
        seed = rng.below(2**31)
        a, b = fast.new_state(seed), slow.new_state(seed)
        for _ in range(150):
            assert slow.serialize(b) == fast.serialize(a)
            if a.decision is None:
                break
            options = a.decision.actions
            i = rng.below(len(options))
            a = fast.apply(a, options[i])
            b = slow.apply(b, options[i])


def test_a_connect_four_move_runs_straight() -> None:
    """The drop (a spawn, then a test that may declare the win) is one straight block."""
    game = stratagem.load("connect_four")
    assert id(game.action_types["drop"].effects) in game.straight_blocks
