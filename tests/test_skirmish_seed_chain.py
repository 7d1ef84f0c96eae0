"""Skirmish: the reaction chain of seed 003, in the `duel` scenario.

"The fighter moves, triggering an opportunity attack from the goblin. The attack hits,
and the fighter reacts with Parry. The parry lowers the damage but does not save the
fighter, who drops, and the move never happens." The goblin, first in initiative, has
wounded the fighter beforehand with a critical hit.
"""

from __future__ import annotations

from skirmish_helpers import act, at, events, hp, options, roll, scenario, start
from stratagem.engine import Pos
from stratagem.engine.runtime import EventFrame


def pending(state) -> list[str]:
    return [f"{f.name} {f.stage}" for f in state.stack if type(f) is EventFrame]


def wounded_fighter(damage: int):
    """The duel after the goblin's opening critical hit for ``damage`` (no parry), at the
    fighter's turn."""
    game = scenario("duel")
    s = start(game, [3, 15])                    # goblin 17, fighter 4
    assert (at(s, 1), at(s, 2)) == (Pos(3, 2), Pos(4, 2))
    s = roll(game, act(game, s, "attack #2 target=#1"), 20, damage)
    s = act(game, s, "pass")                    # the fighter keeps its reaction
    s = act(game, s, "end_turn #2")
    assert s.decision.actor == 1 and hp(s, 1) == 16 - damage
    return game, s


def test_move_opportunity_attack_parry_the_fighter_drops_and_the_move_is_cancelled() -> None:
    """Each link of the chain waits for the next: the move for the strike, the strike's damage
    for the parry; then the fighter drops and its move never happens."""
    game, s = wounded_fighter(13)               # 3 HP left
    first = len(s.history)
    s = act(game, s, "move #1 to=(2,2)")
    assert options(s) == ["opportunity_attack #2", "pass"] and s.decision.player == 1
    assert pending(s) == ["moved pending"] and at(s, 1) == Pos(3, 2)
    s = act(game, s, "opportunity_attack #2")
    s = roll(game, s, 15, 8)                    # 15 + 4 hits AC 17; 1d6 + 2 = 8
    assert options(s) == ["parry #1", "pass"] and s.decision.player == 0
    assert pending(s) == ["moved pending", "attacked pending"] and hp(s, 1) == 3
    s = act(game, s, "parry #1")
    s = roll(game, s, 3)                        # 8 - (3 + 1) = 4 damage: 3 HP is not enough
    assert not s.has_entity(1) and not s.stack
    assert at(s, 2) == Pos(4, 2)
    assert [name for name, _ in events(s, first)] == [
        "attack_hits", "parried", "wounded", "died", "moved_cancelled"]
    assert s.outcome is not None and s.outcome.winners == (1,)
    assert s.outcome.reason == "every creature of heroes is down"
    log = [(r.player, str(r.action)) for r in s.history[first:]]
    assert log == [(0, "move #1 to=(2,2)"), (1, "opportunity_attack #2"),
                   (-1, "roll value=15"), (-1, "roll value=8"),
                   (0, "parry #1"), (-1, "roll value=3")]


def test_the_same_chain_with_the_fighter_standing_lets_the_move_happen_after_it() -> None:
    """With 8 HP left the parried blow (4) wounds the fighter, and then it steps to (2,2)."""
    game, s = wounded_fighter(8)
    first = len(s.history)
    s = act(game, act(game, s, "move #1 to=(2,2)"), "opportunity_attack #2")
    s = roll(game, act(game, roll(game, s, 15, 8), "parry #1"), 3)
    assert hp(s, 1) == 4 and at(s, 1) == Pos(2, 2)
    assert [name for name, _ in events(s, first)] == ["attack_hits", "parried", "wounded"]
    assert s.decision.kind == "action" and s.decision.actor == 1


def test_the_chain_plays_the_same_with_the_dice_given_to_apply() -> None:
    """Without explicit chance, `apply(..., rolls=[...])` forces the same dice: same chain."""
    game = scenario("duel")
    seed = next(n for n in range(100) if game.new_state(n).decision.actor == 2)
    s = game.new_state(seed)                      # the goblin won the initiative
    s = game.apply(s, game.parse_action(s, "attack #2 target=#1"), rolls=[20, 13])
    s = act(game, act(game, s, "pass"), "end_turn #2")
    s = act(game, s, "move #1 to=(2,2)")
    s = game.apply(s, game.parse_action(s, "opportunity_attack #2"), rolls=[15, 8])
    assert options(s) == ["parry #1", "pass"]
    s = game.apply(s, game.parse_action(s, "parry #1"), rolls=[3])
    assert not s.has_entity(1) and s.outcome is not None and s.outcome.winners == (1,)
    assert [name for name, _ in s.history[-1].events] == [
        "parried", "wounded", "died", "moved_cancelled"]
    assert s.history[-2].events == (("attack_hits", s.history[-2].events[0][1]),)
