"""The seed-003 reaction chains, played out on the duel game with forced dice.

Dice are forced through explicit-chance mode: every roll surfaces as a
chance decision and the test picks the face.
"""

from __future__ import annotations

import pytest

from stratagem.engine import CHANCE, Action, IllegalActionError, Pos, State
from stratagem.games.python import duel

FIGHTER, GOBLIN = 1, 2


def roll(game, state: State, value: int) -> State:
    """Resolve the pending chance decision with the face ``value``."""
    d = state.decision
    assert d is not None and d.kind == "chance" and d.player == CHANCE, d
    return game.apply(state, Action("roll", None, (("value", value),)))


def act(game, state: State, text: str) -> State:
    return game.apply(state, game.parse_action(state, text))


def start(fighter_hp: int | None = None, fighter_first: bool = True):
    """A duel in explicit-chance mode with initiative forced."""
    game = duel.build(fighter_hp=fighter_hp)
    s = game.new_state(seed=1, explicit_chance=True)
    s = roll(game, s, 15 if fighter_first else 3)   # fighter's initiative d20
    s = roll(game, s, 3 if fighter_first else 15)   # goblin's initiative d20
    assert s.decision is not None and s.decision.kind == "action"
    assert s.decision.player == (0 if fighter_first else 1)
    return game, s


def test_move_provokes_opportunity_attack_parry_and_the_move_is_cancelled_when_the_fighter_drops():
    """Move → opportunity attack hits → parry lowers the damage → the fighter still drops → no move."""
    game, s = start(fighter_hp=5)
    s = act(game, s, "move #1 to=(1,1)")
    # The move waits: the goblin is asked whether to react.
    d = s.decision
    assert d.kind == "reaction" and d.player == 1
    assert {str(a) for a in d.actions} == {"opportunity_attack #2", "pass"}
    assert s.entity(FIGHTER).pos == Pos(2, 1), "the move has not happened yet"
    s = act(game, s, "opportunity_attack #2")
    s = roll(game, s, 15)            # 15 + 4 = 19 against AC 16: a hit
    s = roll(game, s, 8)             # 1d6 + 2 damage: 8
    # The hit is pending: the fighter may parry before the damage lands.
    d = s.decision
    assert d.kind == "reaction" and d.player == 0
    assert {str(a) for a in d.actions} == {"parry #1", "pass"}
    assert s.entity(FIGHTER)["hp"] == 5
    s = act(game, s, "parry #1")
    s = roll(game, s, 1)             # parry: 1d8 + 2 = 3, so 8 - 3 = 5 damage
    assert not s.has_entity(FIGHTER), "5 damage drops a fighter with 5 HP"
    assert s.entity(GOBLIN).pos == Pos(3, 1)
    assert s.outcome is not None and s.outcome.winners == (1,)
    events = [name for rec in s.history for name, _ in rec.events]
    assert "moved_cancelled" in events
    assert "moved" not in events
    attacked = [dict(f) for rec in s.history for n, f in rec.events if n == "attacked"]
    assert attacked == [{"attacker": GOBLIN, "target": FIGHTER, "roll": 15, "hit": True,
                         "damage": 5}]


def test_the_move_resolves_after_the_reaction_chain_when_the_fighter_survives():
    """With enough HP the parried opportunity attack wounds the fighter and then the move happens."""
    game, s = start()
    s = act(game, s, "move #1 to=(1,1)")
    s = act(game, s, "opportunity_attack #2")
    s = roll(game, s, 15)
    s = roll(game, s, 8)
    s = act(game, s, "parry #1")
    s = roll(game, s, 1)
    assert s.entity(FIGHTER)["hp"] == 12 - 5
    assert s.entity(FIGHTER).pos == Pos(1, 1)
    last = s.history[-1]
    names = [n for n, _ in last.events]
    assert names.index("attacked") < names.index("damaged") < names.index("moved")


def test_declining_to_react_lets_the_move_happen_at_once():
    """Passing on the opportunity attack resolves the move with no roll."""
    game, s = start()
    s = act(game, s, "move #1 to=(1,1)")
    s = act(game, s, "pass")
    assert s.entity(FIGHTER).pos == Pos(1, 1)
    assert s.decision.kind == "action" and s.decision.player == 0


def test_riposte_answers_a_missed_attack_and_uses_the_fighters_reaction_for_the_round():
    """A missed melee attack lets the fighter riposte; then no opportunity attack is offered this round."""
    game, s = start(fighter_first=False)
    s = act(game, s, "attack #2 target=#1")
    s = roll(game, s, 2)                         # 2 + 4 = 6 misses AC 16
    d = s.decision
    assert d.kind == "reaction" and d.player == 0
    assert {str(a) for a in d.actions} == {"riposte #1", "pass"}
    s = act(game, s, "riposte #1")
    s = roll(game, s, 18)                        # 18 + 5 = 23 hits AC 15
    s = roll(game, s, 7)                         # 1d8 + 3 comes to 7 (outcomes are totals)
    assert not s.has_entity(GOBLIN), "7 damage drops a 7 HP goblin"
    assert s.outcome is not None and s.outcome.winners == (0,)


def test_one_reaction_per_round_is_shared_across_reaction_kinds():
    """After a riposte the fighter is not offered an opportunity attack until the next round."""
    game, s = start(fighter_first=False)
    s = act(game, s, "attack #2 target=#1")
    s = roll(game, s, 2)
    s = act(game, s, "riposte #1")
    s = roll(game, s, 3)                         # 3 + 5 = 8 misses the goblin
    assert s.decision.kind == "action" and s.decision.player == 1
    s = act(game, s, "move #2 to=(4,1)")         # leaves the fighter's reach: no reaction left
    assert s.decision.kind == "action" and s.decision.player == 1
    assert s.entity(GOBLIN).pos == Pos(4, 1)


def test_a_dropped_actor_loses_the_rest_of_its_turn():
    """When the mover drops to an opportunity attack, the turn passes to the next creature."""
    game, s = start(fighter_hp=3)
    s = act(game, s, "move #1 to=(1,1)")
    s = act(game, s, "opportunity_attack #2")
    s = roll(game, s, 15)
    s = roll(game, s, 8)
    s = act(game, s, "pass")                     # no parry
    assert not s.has_entity(FIGHTER)
    assert s.is_over and s.outcome.reason == "heroes lost every creature"


def test_illegal_actions_name_the_failed_condition_and_leave_the_state_untouched():
    """Attacking twice in a turn, or moving onto an occupied square, is refused with the reason."""
    game, s = start()
    before = game.serialize(s)
    with pytest.raises(IllegalActionError, match="not a possible position"):
        game.apply(s, Action("move", FIGHTER, (("to", Pos(3, 1)),)))
    with pytest.raises(IllegalActionError, match="belong"):
        game.apply(s, Action("move", GOBLIN, (("to", Pos(4, 1)),)))
    s2 = act(game, s, "attack #1 target=#2")
    s2 = roll(game, s2, 1)                       # a natural 1 misses
    with pytest.raises(IllegalActionError, match="condition failed: has not attacked this turn"):
        game.apply(s2, Action("attack", FIGHTER, (("target", GOBLIN),)))
    assert game.serialize(s) == before
