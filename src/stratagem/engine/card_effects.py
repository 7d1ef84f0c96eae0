"""Effects that change who knows a card: ``look``, ``reveal``, ``show``, ``rule_out`` and
``shuffle``.

Each takes a card or a list of cards (``zone(target, 'hand')``) and records what a player
learns in the state's card knowledge (``engine.knowledge``), which views respect and
``determinize`` deals around. They declare their own rules keys, so a rules file lists
them with no compiling code of their own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .effect import Effect, evaluate, player_of, register_effect
from .knowledge import is_table, learn, rule_out, shuffle

if TYPE_CHECKING:
    from .context import Ctx
    from .runtime import Resolver


def _cards(r: Resolver, value: Any, what: str) -> list[int]:
    """The cards an argument names: one card or a list of them (``None``: no card)."""
    if value is None:
        raise ValueError(f"`{what}` names no card (a `draw` from an empty zone names none: "
                         "test it with `exists(...)` first)")
    items = list(value) if isinstance(value, Iterable) and not isinstance(value, str) \
        else [value]
    out = []
    for x in items:
        if isinstance(x, bool) or not isinstance(x, int) or x not in r.s.entities_:
            raise ValueError(f"`{what}`: {x!r} is not a card in the game")
        out.append(int(x))
    return out


@register_effect
@dataclass(frozen=True, slots=True)
class Look(Effect):
    """One player looks at cards: from now on they know them."""

    teaches = True

    card: Any
    player: Any = None

    rules_key = "look"
    rules_args: ClassVar[Mapping[str, str]] = {"card": "any", "player": "player"}
    rules_required = ("card",)
    rules_doc = ("A player (the acting one by default) looks at a card, or at each card of "
                 "a list: from now on that player knows it, wherever it goes (a priest's "
                 "look at a hand). The others know that they looked, not what they saw.")
    rules_example = "look: {card: card}"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        p = player_of(self.player, ctx)
        for eid in _cards(r, evaluate(self.card, ctx), "look"):
            learn(r.s, eid, {p})


@register_effect
@dataclass(frozen=True, slots=True)
class Reveal(Effect):
    """Cards are shown to everyone."""

    teaches = True

    card: Any

    rules_key = "reveal"
    rules_args: ClassVar[Mapping[str, str]] = {"card": "any"}
    rules_required = ("card",)
    rules_doc = ("Turn a card, or each card of a list, face up for a moment: every player "
                 "knows it from now on, wherever it goes.")
    rules_example = "reveal: {card: \"zone(player, 'hand')\"}"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        everyone = set(range(len(r.game.players)))
        for eid in _cards(r, evaluate(self.card, ctx), "reveal"):
            learn(r.s, eid, everyone)


@register_effect
@dataclass(frozen=True, slots=True)
class Show(Effect):
    """One player shows cards to another."""

    teaches = True

    card: Any
    to: Any

    rules_key = "show"
    rules_args: ClassVar[Mapping[str, str]] = {"card": "any", "to": "player"}
    rules_required = ("card", "to")
    rules_doc = ("The owner of a card (or of each card of a list) shows it to one other "
                 "player: both know it from now on; the others know it was shown, not what "
                 "it is.")
    rules_example = "show: {card: card, to: player}"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        to = player_of(self.to, ctx)
        for eid in _cards(r, evaluate(self.card, ctx), "show"):
            owner = r.s.entities_[eid].owner
            learn(r.s, eid, {to} if owner is None else {to, owner})


@register_effect
@dataclass(frozen=True, slots=True)
class RuleOut(Effect):
    """Everyone learns that cards are not of a type."""

    teaches = True

    card: Any
    type: Any

    rules_key = "rule_out"
    rules_args: ClassVar[Mapping[str, str]] = {"card": "any", "type": "str"}
    rules_required = ("card", "type")
    rules_doc = ("Everyone learns that a card (or each card of a list) is not of an entity "
                 "type — after a wrong guess at a hand. Views keep it, and `determinize` "
                 "never deals that type there. It holds for those cards only: a card drawn "
                 "later is not ruled out.")
    rules_example = "rule_out: {card: \"zone(player, 'hand')\", type: \"'guard'\"}"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        type = evaluate(self.type, ctx)
        if type not in r.game.entity_types:
            raise ValueError(f"rule_out: {type!r} is not an entity type")
        for eid in _cards(r, evaluate(self.card, ctx), "rule_out"):
            rule_out(r.s, eid, type)


@register_effect
@dataclass(frozen=True, slots=True)
class Shuffle(Effect):
    """Shuffle a zone (``zone``, a zone's name; ``player`` whose, for a zone of each
    player's): its faces are dealt again at random and everyone loses track of them. The
    rules' ``shuffle`` (``rules.effect_table``)."""

    zone: str
    player: Any = None

    def run(self, r: Resolver, ctx: Ctx) -> None:
        zone = self.zone
        owner = None if is_table(r.game, zone) or (self.player is None and ctx.player is None) \
            else player_of(self.player, ctx)
        r.draws += shuffle(r.s, owner, zone)


__all__ = ["Look", "Reveal", "RuleOut", "Show", "Shuffle"]
