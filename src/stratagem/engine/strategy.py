"""The strategy-game parts of a game — buffs, technologies, multi-turn actions, items —
and the effects that use them.

A game's ``Strategy`` holds the static definitions (``Game.strategy``; empty for a game
that uses none of them); what changes lives in ``State.counters`` (see ``engine.buffs``,
``engine.tech``, ``engine.continuous`` and ``engine.items`` for each part's record). A game
with buffs or multi-turn actions gets one built-in trigger on ``round_ended`` that counts
down buffs and moves tasks on (``TickStrategy``): buffs first, then tasks, each in the
order of their holders.

The effects below declare their rules keys (``engine.effect``); an argument of kind
``name:buff`` (``name:tech``, ``name:item``, ``name:action``) takes a declared name as a
bare word, or an expression giving one (a target, a variable).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from . import buffs as _buffs
from . import continuous as _tasks
from . import items as _items
from . import tech as _tech
from .actions import Ref
from .effect import Effect, evaluate, player_of, register_effect
from .spec import Trigger

if TYPE_CHECKING:
    from .context import Ctx
    from .runtime import Resolver
    from .state import State



@dataclass(frozen=True, eq=False)
class Strategy:
    """The buff types, technologies, item types, multi-turn actions (by action type) and
    inventory sizes (by entity type) of a game."""

    buffs: Mapping[str, _buffs.BuffType] = field(default_factory=dict)
    techs: Mapping[str, _tech.Technology] = field(default_factory=dict)
    items: Mapping[str, _items.ItemType] = field(default_factory=dict)
    tasks: Mapping[str, _tasks.TaskType] = field(default_factory=dict)
    inventory: Mapping[str, int] = field(default_factory=dict)

    def blocks(self) -> tuple[tuple[Effect, ...], ...]:
        """Every effect list the parts may push (for ``Game`` to register)."""
        out = [b for t in self.tasks.values() for b in (t.on_tick, t.on_complete, t.on_abort)]
        out += [i.on_use for i in self.items.values()]
        return tuple(b for b in out if b)

    def triggers(self) -> tuple[Trigger, ...]:
        """The built-in round-end trigger, when buffs or tasks need counting down."""
        if self.buffs or self.tasks:
            return (Trigger("round end: buffs and multi-turn actions", "round_ended",
                            (TickStrategy(),)),)
        return ()


NO_STRATEGY = Strategy()
"""The parts of a game that has none."""


def check_records(game: Any, counters: Mapping[str, Any]) -> None:
    """Check the strategy records of counters read back from text (``ValueError`` naming
    the first that is malformed): each names a buff, technology, action or item of
    ``game``, with numbers where numbers belong."""
    st = game.strategy
    for key, rec in counters.items():
        kind, _, who = key.partition(":")
        if kind not in ("buff", "task", "inv", "tech"):
            continue
        try:
            if kind == "tech":
                assert who.isdigit() and all(t in st.techs for t in rec)
                continue
            assert who[:1] in "ep" and who[1:].isdigit() and (who[0] == "e" or kind != "inv")
            if kind == "buff":
                entries, offsets = rec
                assert all(n in st.buffs and (r is None or isinstance(r, int))
                           for n, r in entries)
                assert all(isinstance(p, str) and isinstance(o, int | float)
                           for p, o in offsets)
            elif kind == "task":
                for action, player, targets, elapsed, duration in rec:
                    assert action in st.tasks and isinstance(player, int)
                    assert isinstance(elapsed, int) and all(isinstance(n, str)
                                                            for n, _ in targets)
                    assert duration is None or isinstance(duration, int | float)
            else:
                for iid, itype, params in rec:
                    assert isinstance(iid, int) and itype in st.items
                    assert all(isinstance(v, int | float) for _, v in params)
        except (AssertionError, TypeError, ValueError):
            raise ValueError(f"malformed record {key!r}: {rec!r}") from None


def held_records(s: State, eid: int) -> list[str]:
    """The names in ``State.counters`` of what an entity holds: its buffs, its actions in
    progress, its inventory (a view drops them with an entity its viewer cannot see)."""
    return [k for k in (f"buff:e{int(eid)}", f"task:e{int(eid)}", f"inv:e{int(eid)}")
            if k in s.counters_]


@register_effect
@dataclass(frozen=True, slots=True)
class TickStrategy(Effect):
    """The round has ended: buffs count down, then multi-turn actions move on."""

    pushes: ClassVar[bool] = True

    def run(self, r: Resolver, ctx: Ctx) -> None:
        if r.game.strategy.buffs:
            _buffs.tick_buffs(r)
        if r.game.strategy.tasks:
            _tasks.tick_tasks(r)


@register_effect
@dataclass(frozen=True, slots=True)
class BeginTask(Effect):
    """Put the action being taken in progress (the last effect of a multi-turn action)."""

    task: _tasks.TaskType
    source: str = "entity"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        _tasks.begin(r, ctx, self.task, self.source)


def _holder(on: Any, player: Any, ctx: Ctx) -> Any:
    """An entity (``on``, as a ``Ref``) or a ``player``; when neither is given, the acting
    entity, else the deciding player."""
    if on is not None:
        v = evaluate(on, ctx)
        if v is None or isinstance(v, bool) or not isinstance(v, int):
            raise ValueError(f"expected an entity, got {v!r}")
        return Ref(v)
    if player is not None:
        return player_of(player, ctx)
    return Ref(ctx.actor) if ctx.actor is not None else ctx.player


def _entity(x: Any, ctx: Ctx, what: str) -> int:
    v = evaluate(x, ctx) if x is not None else ctx.actor
    if v is None or not isinstance(v, int) or isinstance(v, bool):
        raise ValueError(f"{what}: expected an entity, got {v!r}")
    return v


def _name(x: Any, ctx: Ctx, book: Mapping[str, Any], what: str) -> str:
    v = evaluate(x, ctx)
    if v not in book:
        known = ", ".join(sorted(book)) or "none declared"
        raise ValueError(f"unknown {what} {v!r} (known: {known})")
    return str(v)


@register_effect
@dataclass(frozen=True, slots=True)
class ApplyBuff(Effect):
    """Give an entity or a player a buff."""

    buff: Any = None
    on: Any = None
    player: Any = None
    turns: Any = None

    rules_key: ClassVar[str | None] = "apply_buff"
    rules_args: ClassVar[Mapping[str, str]] = {"buff": "name:buff", "on": "entity",
                                               "player": "player", "turns": "number"}
    rules_required: ClassVar[tuple[str, ...]] = ("buff",)
    rules_doc: ClassVar[str] = (
        "Give the entity `on` (or `player`; the acting entity, else the deciding player, "
        "when both are left out) a buff of `buffs:`, for `turns` rounds (the "
        "buff's `duration` when left out; none: until removed). Its stacking rule says "
        "what happens when it holds it already. The buffed parameters change at once.")
    rules_example: ClassVar[str] = "apply_buff: {on: target, buff: rage, turns: 2}"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        book = r.game.strategy.buffs
        bt = book[_name(self.buff, ctx, book, "buff")]
        who = _holder(self.on, self.player, ctx)
        if isinstance(who, Ref) and who not in r.s.entities_:
            return  # gone already: nothing to buff
        turns = bt.duration if self.turns is None else evaluate(self.turns, ctx)
        _buffs.apply_buff(r, who, bt, None if turns is None else int(turns))


@register_effect
@dataclass(frozen=True, slots=True)
class RemoveBuff(Effect):
    """Take a buff (or every buff) from an entity or a player."""

    buff: Any = None
    on: Any = None
    player: Any = None
    stacks: Any = None

    rules_key: ClassVar[str | None] = "remove_buff"
    rules_args: ClassVar[Mapping[str, str]] = {"buff": "name:buff", "on": "entity",
                                               "player": "player", "stacks": "number"}
    rules_doc: ClassVar[str] = (
        "Take a buff from the entity `on` (or `player`; as for `apply_buff`): `stacks` of "
        "them (all when left out), those closest to running out first; every buff it holds "
        "when `buff` is "
        "left out. The parameters go back to their base with the buffs that remain.")
    rules_example: ClassVar[str] = "remove_buff: {on: target, buff: rage}"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        who = _holder(self.on, self.player, ctx)
        if isinstance(who, Ref) and who not in r.s.entities_:
            return
        name = None if self.buff is None else _name(self.buff, ctx, r.game.strategy.buffs,
                                                    "buff")
        count = None if self.stacks is None else evaluate(self.stacks, ctx)
        _buffs.remove_buff(r, who, name, count)


@register_effect
@dataclass(frozen=True, slots=True)
class Research(Effect):
    """Mark a technology researched for a player."""

    tech: Any = None
    player: Any = None

    rules_key: ClassVar[str | None] = "research"
    rules_args: ClassVar[Mapping[str, str]] = {"tech": "name:tech", "player": "player"}
    rules_required: ClassVar[tuple[str, ...]] = ("tech",)
    rules_doc: ClassVar[str] = (
        "Mark a technology of `technologies:` researched for `player` (the deciding player "
        "when left out), at once and with no cost: `researched(player, 'tech')` holds from "
        "here on. A research that takes rounds is a multi-turn action whose `effects` "
        "`pay_research` and whose `on_complete` does this.")
    rules_example: ClassVar[str] = "research: {tech: mining}"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        name = _name(self.tech, ctx, r.game.strategy.techs, "technology")
        _tech.mark_researched(r, player_of(self.player, ctx), name)


@register_effect
@dataclass(frozen=True, slots=True)
class PayResearch(Effect):
    """Take a technology's cost from a player's parameters."""

    tech: Any = None
    player: Any = None

    rules_key: ClassVar[str | None] = "pay_research"
    rules_args: ClassVar[Mapping[str, str]] = {"tech": "name:tech", "player": "player"}
    rules_required: ClassVar[tuple[str, ...]] = ("tech",)
    rules_doc: ClassVar[str] = (
        "Take a technology's `cost` from `player`'s parameters (the deciding player when "
        "left out), each clamped to its bounds. Test `can_research(player, tech)` first: "
        "it says whether the player can afford it.")
    rules_example: ClassVar[str] = "pay_research: {tech: mining}"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        t = r.game.strategy.techs[_name(self.tech, ctx, r.game.strategy.techs, "technology")]
        _tech.pay(r, player_of(self.player, ctx), t)


@register_effect
@dataclass(frozen=True, slots=True)
class Abort(Effect):
    """End a multi-turn action in progress early, running its ``on_abort``."""

    action: Any = None
    on: Any = None
    player: Any = None

    pushes: ClassVar[bool] = True
    rules_key: ClassVar[str | None] = "abort"
    rules_args: ClassVar[Mapping[str, str]] = {"action": "name:action", "on": "entity",
                                               "player": "player"}
    rules_doc: ClassVar[str] = (
        "End the multi-turn action `action` that the entity `on` (or `player`, for a "
        "player action; the acting entity, else the deciding player, when both are left "
        "out) has in progress, running its `on_abort`; every one it has when `action` is "
        "left out. "
        "Nothing happens when none is in progress.")
    rules_example: ClassVar[str] = "abort: {action: research}"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        name = None if self.action is None else str(evaluate(self.action, ctx))
        _tasks.abort(r, _holder(self.on, self.player, ctx), name)


@register_effect
@dataclass(frozen=True, slots=True)
class PickUp(Effect):
    """Move an item into an entity's inventory."""

    item: Any = None
    holder: Any = None

    rules_key: ClassVar[str | None] = "pick_up"
    rules_args: ClassVar[Mapping[str, str]] = {"item": "entity", "holder": "entity"}
    rules_required: ClassVar[tuple[str, ...]] = ("item",)
    rules_doc: ClassVar[str] = (
        "Take the item entity `item` off the board into `holder`'s inventory (the acting "
        "entity when left out). An error when it has no free slot: test "
        "`inventory_free(actor) > 0` in the action's conditions.")
    rules_example: ClassVar[str] = "pick_up: {item: target}"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        _items.pick_up(r, _entity(self.holder, ctx, "pick_up"),
                       _entity(self.item, ctx, "pick_up item"))


@register_effect
@dataclass(frozen=True, slots=True)
class UseItem(Effect):
    """Use an item an entity carries."""

    item: Any = None
    holder: Any = None

    pushes: ClassVar[bool] = True
    rules_key: ClassVar[str | None] = "use_item"
    rules_args: ClassVar[Mapping[str, str]] = {"item": "name:item", "holder": "entity"}
    rules_required: ClassVar[tuple[str, ...]] = ("item",)
    rules_doc: ClassVar[str] = (
        "Use the first item of type `item` that `holder` (the acting entity when left out) "
        "carries: its `on_use` effects run with `holder` bound, and an item whose type is "
        "`consumed` (the default) is gone. Nothing happens when it carries none.")
    rules_example: ClassVar[str] = "use_item: {item: potion}"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        name = _name(self.item, ctx, r.game.strategy.items, "item")
        _items.use(r, ctx, _entity(self.holder, ctx, "use_item"), name)


@register_effect
@dataclass(frozen=True, slots=True)
class DropItem(Effect):
    """Put an item an entity carries back on the board."""

    item: Any = None
    at: Any = None
    holder: Any = None

    rules_key: ClassVar[str | None] = "drop_item"
    rules_args: ClassVar[Mapping[str, str]] = {"item": "name:item", "at": "pos",
                                               "holder": "entity"}
    rules_required: ClassVar[tuple[str, ...]] = ("item", "at")
    rules_doc: ClassVar[str] = (
        "Put the first item of type `item` that `holder` (the acting entity when left out) "
        "carries on the board at `at`, an empty position, with the id and parameters it "
        "had. Nothing happens when it carries none.")
    rules_example: ClassVar[str] = "drop_item: {item: potion, at: cell}"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        name = _name(self.item, ctx, r.game.strategy.items, "item")
        _items.drop(r, _entity(self.holder, ctx, "drop_item"), name, evaluate(self.at, ctx))


@register_effect
@dataclass(frozen=True, slots=True)
class GiveItem(Effect):
    """Put a new item into an entity's inventory."""

    item: Any = None
    holder: Any = None

    rules_key: ClassVar[str | None] = "give_item"
    rules_args: ClassVar[Mapping[str, str]] = {"item": "name:item", "holder": "entity"}
    rules_required: ClassVar[tuple[str, ...]] = ("item",)
    rules_doc: ClassVar[str] = (
        "Put a new item of type `item`, with its type's parameters, into `holder`'s "
        "inventory (the acting entity when left out). An error when it has no free slot.")
    rules_example: ClassVar[str] = "give_item: {item: potion, holder: target}"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        name = _name(self.item, ctx, r.game.strategy.items, "item")
        _items.give(r, _entity(self.holder, ctx, "give_item"), name)


@register_effect
@dataclass(frozen=True, slots=True)
class DiscardItem(Effect):
    """Take an item an entity carries out of the game."""

    item: Any = None
    holder: Any = None

    rules_key: ClassVar[str | None] = "discard_item"
    rules_args: ClassVar[Mapping[str, str]] = {"item": "name:item", "holder": "entity"}
    rules_required: ClassVar[tuple[str, ...]] = ("item",)
    rules_doc: ClassVar[str] = (
        "Take the first item of type `item` that `holder` (the acting entity when left "
        "out) carries out of the game, without using it.")
    rules_example: ClassVar[str] = "discard_item: {item: potion}"

    def run(self, r: Resolver, ctx: Ctx) -> None:
        name = _name(self.item, ctx, r.game.strategy.items, "item")
        _items.discard(r, _entity(self.holder, ctx, "discard_item"), name)


__all__ = ["NO_STRATEGY", "Abort", "ApplyBuff", "BeginTask", "DiscardItem", "DropItem",
           "GiveItem", "PayResearch", "PickUp", "RemoveBuff", "Research", "Strategy",
           "TickStrategy", "UseItem", "check_records", "held_records"]
