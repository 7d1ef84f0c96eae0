"""Hands: a game's own rounds inside the engine's, and players knocked out of one.

A card game such as Love Letter is played in *hands*: a hand is dealt, players take
turns (several engine rounds of them) until the hand is decided, then the next hand is
dealt. A game declares its hand with ``Hand``:

- ``start``: effects run as each hand begins (the deal), the first one right after the
  game's setup;
- ``end_when``: a condition checked whenever a player is about to be offered actions
  (so after every resolved action, and as every turn begins); when it holds, the turn in
  progress ends, ``end`` runs (score the hand), then the next hand begins (``start``
  again) and play goes on with the next turn in the order. It is checked too just before
  a turn begins: a hand that ended between turns (in a phase's or a round's own effects)
  ends there, and the turn about to begin is the new hand's first, not one spent;
- ``end``: effects run as a hand ends, before the next one's ``start``.

The hand's number (1 for the first) is ``hand_number(state)``.

Elimination comes in two strengths. A ``lose`` end rule takes a player out of the game
for good. ``knock_out`` (the ``KnockOut`` effect) takes a player out of the current hand
only: their turns are skipped until the next hand begins, when every knocked-out player
is back. A player knocked out during their own turn ends that turn. In a game without
hands a knock-out lasts to the end of the game, but is not a loss. Knocked-out players
still count as in the game for end rules and may still react.

The hand number and the knocked-out players are kept in the state's ``counters``
(``hand`` and ``knocked_out``), so they are serialized with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from .context import Ctx
from .effect import Effect, player_of, register_effect
from .errors import RunawayError
from .turns import turn_taker

if TYPE_CHECKING:
    from .runtime import Resolver
    from .spec import Test
    from .state import State

HAND = "hand"
"""The counter holding the current hand's number."""
KNOCKED = "knocked_out"
"""The counter holding the players knocked out of the current hand, in seat order."""
MAX_HANDS = 20_000
"""Hands that may end in one ``apply`` (counted with the reactions and triggers fired, as
``runtime.MAX_FIRINGS`` counts them) before ``end_when`` is declared runaway."""


def hand_number(s: State) -> int:
    """The current hand (1 for the first; 0 before the first begins or without hands)."""
    n: int = s.counters_.get(HAND, 0)
    return n


def knocked_out(s: State) -> tuple[int, ...]:
    """The players knocked out of the current hand, in seat order."""
    out: tuple[int, ...] = s.counters_.get(KNOCKED, ())
    return out


def is_knocked_out(s: State, player: int) -> bool:
    """Whether ``player`` is out of the current hand (not out of the game)."""
    return player in s.counters_.get(KNOCKED, ())


def in_hand(s: State) -> list[int]:
    """The players still in the game and not knocked out of the hand, in seat order."""
    out = s.counters_.get(KNOCKED, ())
    return [p for p, pl in enumerate(s.players) if pl.alive and p not in out]


@register_effect
@dataclass(frozen=True, slots=True)
class NewHand(Effect):
    """Begin the next hand: its number goes up by one and every knocked-out player is
    back (the first effect of ``Hand.opening`` and after ``end`` in ``Hand.closing``)."""

    def run(self, r: Resolver, ctx: Ctx) -> None:
        c = r.s._w_counters()
        c[HAND] = c.get(HAND, 0) + 1
        c.pop(KNOCKED, None)


@register_effect
@dataclass(frozen=True, slots=True)
class KnockOut(Effect):
    """Knock a player out of the current hand (see the module's docstring)."""

    ends_turn = True

    rules_key: ClassVar[str | None] = "knock_out"
    rules_args: ClassVar[dict[str, str]] = {"player": "player"}
    rules_required: ClassVar[tuple[str, ...]] = ("player",)
    rules_doc: ClassVar[str] = (
        "Knock a player out of the current hand (not out of the game, as `lose` does): "
        "their turns are skipped until the next hand begins (`flow: hand:`), when they are "
        "back. A player knocked out in their own turn ends it. Without hands, it lasts to "
        "the end of the game. `knocked_out(p)` and `in_hand()` read it.")
    rules_example: ClassVar[str] = "knock_out: {player: player}"

    player: Any = None

    def run(self, r: Resolver, ctx: Ctx) -> None:
        s = r.s
        p = player_of(self.player, ctx)
        if not 0 <= p < len(s.players):
            raise ValueError(f"knock_out: {p!r} is not a player")
        out = knocked_out(s)
        if p in out:
            return
        s._w_counters()[KNOCKED] = tuple(sorted((*out, p)))
        f = s.flow
        if f.order and f.pos < len(f.order) and turn_taker(s)[0] == p:
            s.flow = f._replace(ended=True)


@dataclass(frozen=True)
class Hand:
    """A game's hands: ``start`` effects, an ``end_when`` condition (of no player) and
    ``end`` effects. ``opening`` and ``closing`` are the effect lists the engine runs as
    the first hand begins and as each hand ends (the next one beginning)."""

    start: tuple[Effect, ...] = ()
    end_when: Test | None = None
    end: tuple[Effect, ...] = ()
    opening: tuple[Effect, ...] = field(init=False, compare=False, repr=False)
    closing: tuple[Effect, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "opening", (NewHand(), *self.start))
        object.__setattr__(self, "closing", (*self.end, NewHand(), *self.start))


def end_hand(r: Resolver, hand: Hand, in_turn: bool = True) -> bool:
    """If the hand's ``end_when`` holds, end the turn in progress (``in_turn``; else it
    holds as a turn is about to begin, and that turn is played in the next hand) and start
    the hand's closing effects; whether it did."""
    s = r.s
    if hand.end_when is None or HAND not in s.counters_:
        return False
    ctx = Ctx(s, None)
    if not hand.end_when(ctx):
        return False
    r.firings += 1
    if r.firings > MAX_HANDS:
        raise RunawayError(f"{r.game.name}: hands kept ending in one action (the hand's "
                           "`end_when` still holds as each new hand begins)")
    if in_turn:
        s.flow = s.flow._replace(ended=True)
    r.push(hand.closing, ctx)
    return True


__all__ = ["HAND", "KNOCKED", "MAX_HANDS", "Hand", "KnockOut", "NewHand", "end_hand",
           "hand_number", "in_hand", "is_knocked_out", "knocked_out"]
