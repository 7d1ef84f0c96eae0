"""Which games use hands, knock-outs, cooldowns counted in turns and queued actions.

A ``Game`` works out its ``FlowHooks`` once, when built (``hooks_of``), and the phase
machine (``engine.phases``) reads them: games that use none of these features pay one
attribute test per turn for them. As each turn begins it counts the turn
(``cooldowns.count_turn``) and sets the player's due queued actions going
(``queue.DRAIN``); before offering actions it asks whether the hand is over
(``hands.end_hand``). ``is_straight`` tells the game which effect lists may run in one
go once ``spawned`` events are listened to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .effects import If, Spawn
from .hands import Hand, KnockOut
from .queue import DRAIN, Enqueue

if TYPE_CHECKING:
    from .effect import Effect
    from .game import Game

ANNOUNCED = ("spawned", "action_done")
"""Events the engine emits only for games that listen to them or narrate them."""


@dataclass(frozen=True)
class FlowHooks:
    """Which of the turn-level features a game uses."""

    hand: Hand | None = None
    counts_turns: bool = False
    """Each player's turns are counted (cooldowns per turn, queued actions)."""
    queue: bool = False
    """Some effect may queue an action."""
    knockouts: bool = False
    """Some effect may knock a player out of a hand: turn orders skip them."""

    @property
    def any(self) -> bool:
        """Whether the game uses any of them (then turns are never handed on the quick
        way, ``phases.is_quick``)."""
        return self.hand is not None or self.counts_turns or self.knockouts


NO_HOOKS = FlowHooks()


def _kinds(blocks: list[tuple[Effect, ...]]) -> set[type]:
    return {type(e) for b in blocks for e in b}


def hooks_of(game: Game, hand: Hand | None) -> FlowHooks:
    """The features a built game uses, from its effects and action types."""
    kinds = _kinds(game.blocks)
    queue = Enqueue in kinds
    turn_cooldowns = any(at.cooldown is not None and at.cooldown[1] == "turn"
                         for at in game.action_types.values())
    knockouts = KnockOut in kinds
    if not (hand or queue or turn_cooldowns or knockouts):
        return NO_HOOKS
    return FlowHooks(hand, queue or turn_cooldowns, queue, knockouts)


def extra_blocks(hand: Hand | None, blocks: list[tuple[Effect, ...]]) -> list[tuple[Effect, ...]]:
    """The effect lists the engine itself may push for these features, registered with
    the game after the rules' own (so those keep their numbers in saved states)."""
    out: list[tuple[Effect, ...]] = []
    if hand is not None:
        out += [hand.opening, hand.closing]
    if Enqueue in _kinds(blocks):
        out.append(DRAIN)
    return out


def is_straight(effect: Effect, announce_spawn: bool) -> bool:
    """``effect.straight()``, except that a spawn is not straight when ``spawned`` events
    are announced: its event is then answered at once, before the effects after it."""
    if not announce_spawn:
        return effect.straight()
    if type(effect) is Spawn:
        return False
    if type(effect) is If:
        return all(is_straight(e, True) for e in (*effect.then, *effect.otherwise))
    return effect.straight()


__all__ = ["ANNOUNCED", "NO_HOOKS", "FlowHooks", "extra_blocks", "hooks_of", "is_straight"]
