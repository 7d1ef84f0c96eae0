"""What an expression reads of a state (``engine.deps.Reads``), from its text.

The option generator keeps each actor's options from one state to the next and works
them out again only when something they read has changed; this module tells it what
that is, for the conditions and target lists of an action type (``action_reads``).

The walk is conservative: a name it does not know (a ``define``, a ``state:`` value),
an event field, a library function it has no entry for, or a text it cannot parse
reads everything. Reading a name or a parameter of the acting entity reads the actor
(``Reads.actor``: any change to the actor counts); reading one of another entity (a
target, ``it``, a list of entities) reads that parameter of every entity.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import lark

from ..engine.deps import EVERYTHING, NOTHING, Reads
from .calls import WORDS
from .parsing import parser

_BOARD = Reads(pos=True, exist=True, tiles=True, stacks=True)
"""Who stands where on which terrain: the board queries."""
_STRATEGY = Reads(counters=True, all_params=True, all_players=True, exist=True)
"""Buffs, technologies and items (kept in the counters, applied to parameters)."""
_PURE = frozenset({
    "count", "any", "all", "sum", "map", "filter", "sorted", "min", "max", "abs", "floor",
    "ceil", "range", "text", "format", "is_none", "highest", "lowest", "find", "dice",
    "successes", "on_board", "tech_turns",
})
"""Library functions that read nothing of a state beyond their arguments (the
expressions of `it` they take are walked on their own)."""
# Functions of entities: what they read of the entities they are given. When each
# entity argument is the actor itself, they read the actor only.
_OF_ENTITY: dict[str, Reads] = {
    "distance": Reads(pos=True),
    "side_between": Reads(pos=True),  # the sides are the rules': only where the cells are
    "east": Reads(pos=True),
    "south": Reads(pos=True),
    "exists": Reads(exist=True),
    "is_enemy": Reads(exist=True),
    "is_ally": Reads(exist=True),
    "has_status": Reads(status=True),
    "has_tag": Reads(exist=True),
    "hint": Reads(exist=True),
    "param_max": Reads(exist=True),
}
_QUERIES: dict[str, Reads] = {
    **dict.fromkeys(("path_distance", "line_of_sight", "neighbours", "positions", "cells",
                     "longest_line", "line_through", "open_columns", "count_empty",
                     "lowest_empty", "reachable", "paths", "tiles_on_line", "line",
                     "nearest", "occupant", "entities_at", "count_at", "has_room",
                     "is_empty"), _BOARD),
    "tile": Reads(tiles=True),
    "entities": Reads(pos=True, exist=True, status=True),
    "zone": Reads(zones=True, exist=True, cards=True),
    "table": Reads(exist=True, cards=True),
    "knows": Reads(cards=True, exist=True),
    "players": Reads(zones=True),
    "opponents": Reads(zones=True),
    **dict.fromkeys(("has_buff", "buff_stacks", "buff_rounds", "base", "player_has_buff",
                     "player_base", "researched", "can_research", "researchable",
                     "inventory", "holds", "inventory_free"), _STRATEGY),
    **dict.fromkeys(("busy", "progress", "player_busy", "player_progress"),
                    Reads(counters=True, exist=True)),
    "cooldown": Reads(counters=True, flow=True, exist=True),
    **dict.fromkeys(("hand_number", "knocked_out", "in_hand"),
                    Reads(counters=True, flow=True, zones=True)),
}
"""Library functions that read the state whatever their arguments; any other function
(``sees``, ``visible``, the game's own) reads everything."""
_WORDS = frozenset().union(*WORDS.values())
"""Words of keyword arguments (``owner: enemy``, ``shape: square``), which read nothing
(a name that is bound is read as that name, which reads nothing of itself either)."""
_ENTITY_ATTRS = {"pos": Reads(pos=True), "position": Reads(pos=True), "x": Reads(pos=True),
                 "y": Reads(pos=True), "owner": Reads(exist=True), "type": Reads(exist=True)}
_FLOW_ATTRS = frozenset({"round", "turn", "phase", "repetition"})


def expression_reads(text: Any, names: Iterable[str], local: Iterable[str] = (),
                     tile_params: Iterable[str] = ()) -> Reads:
    """What the expression ``text`` reads, given the names bound while it is evaluated
    (the targets of the action, ``player``, ``actor``). A value that is not a text (a
    number or a flag written in YAML) reads nothing.

    ``local``: bound names of entities whose own parts are not counted (a target's
    position, owner, type, parameters): what the expression reads of the state apart
    from them (``rules.locality``).

    ``tile_params``: the names of the game's tile parameters. ``cell.NAME`` with such a
    name may read a square's parameter, which is kept in the counters."""
    if not isinstance(text, str):
        return NOTHING
    try:
        tree = parser().parse(text)
    except lark.exceptions.LarkError:
        return EVERYTHING
    return _Walk(frozenset(names), frozenset(local), frozenset(tile_params)).walk(tree)


class _Walk:
    """One walk of a parse tree, knowing which names are bound (and locally by `let`)."""

    def __init__(self, names: frozenset[str], local: frozenset[str] = frozenset(),
                 tile_params: frozenset[str] = frozenset()) -> None:
        self.names = names | {"it", "player", "actor"}
        self.local = local
        self.tile_params = tile_params

    def walk(self, node: Any) -> Reads:
        if not isinstance(node, lark.Tree):
            return NOTHING
        kind = node.data
        if kind in ("number", "string", "true", "false", "none", "dice"):
            return NOTHING
        if kind == "name":
            name = str(node.children[0])
            if name == "actor":
                return Reads(actor=True)
            return NOTHING if name in self.names or name in _WORDS else EVERYTHING
        if kind == "attr":
            return self._attr(node)
        if kind == "call":
            return self._call(node)
        if kind == "index":
            base = node.children[0]
            if isinstance(base, lark.Tree) and base.data == "attr":
                return EVERYTHING  # keyed parameters: left to a full recompute
            return self.walk(base) | self.walk(node.children[1])
        if kind == "let_":
            inner = _Walk(self.names, self.local, self.tile_params)
            out = NOTHING
            for b in node.children[:-1]:
                out = out | inner.walk(b.children[1])
                inner.names = inner.names | {str(b.children[0])}
                inner.local = inner.local - {str(b.children[0])}  # rebound: not the target
            return out | inner.walk(node.children[-1])
        if kind in ("cond", "or_", "and_", "not_", "compare", "arith", "neg", "list_",
                    "position", "args", "kwarg"):
            out = NOTHING
            for kid in node.children:
                if kind == "kwarg" and kid is node.children[0]:
                    continue  # the keyword's label
                out = out | self.walk(kid)
            return out
        return EVERYTHING

    def _attr(self, node: Any) -> Reads:
        base, attr = node.children
        name = str(attr)
        if name in self.tile_params:  # a square's parameter, perhaps: in the counters
            return (Reads(params=frozenset({name}), player_params=frozenset({name}),
                          counters=True, tiles=True) | self.walk(base))
        if isinstance(base, lark.Tree) and base.data == "name":
            root = str(base.children[0])
            if root == "game":
                return Reads(flow=True) if name in _FLOW_ATTRS else EVERYTHING
            if root == "actor":
                return Reads(actor=True)
            if root == "player":
                return NOTHING if name == "name" else Reads(player_params=frozenset({name}))
            if root in self.local:
                return NOTHING
        if name in ("id", "name"):
            return self.walk(base)
        here = _ENTITY_ATTRS.get(name)
        if here is None:  # a parameter: of an entity or of a player
            here = Reads(params=frozenset({name}), player_params=frozenset({name}))
        return here | self.walk(base)

    def _call(self, node: Any) -> Reads:
        name = str(node.children[0])
        args = node.children[1] if len(node.children) > 1 else None
        given = self.walk(args) if args is not None else NOTHING
        if name in _PURE:
            return given
        of_entity = _OF_ENTITY.get(name)
        if of_entity is not None:
            kids = args.children if isinstance(args, lark.Tree) else []
            if kids and all(isinstance(k, lark.Tree) and k.data == "name"
                            and str(k.children[0]) == "actor"
                            for k in kids if not _is_label(k)):
                return given | Reads(actor=True)
            if kids and self.local and all(
                    isinstance(k, lark.Tree) and k.data == "name"
                    and str(k.children[0]) in self.local | {"actor"}
                    for k in kids if not _is_label(k)):
                return given | Reads(actor=True)
            return given | of_entity
        query = _QUERIES.get(name)
        return EVERYTHING if query is None else given | query


def _is_label(node: Any) -> bool:
    """Whether an argument is a constant (a text or a number): it names no entity."""
    return isinstance(node, lark.Tree) and node.data in ("string", "number")


def action_reads(texts: Iterable[Any], names: Iterable[str],
                 tile_params: Iterable[str] = ()) -> Reads:
    """What the options of an action type read: the union over the texts of its
    conditions, target lists and target conditions (``expression_reads``)."""
    names = frozenset(names)
    tile_params = frozenset(tile_params)
    out = NOTHING
    for text in texts:
        out = out | expression_reads(text, names, tile_params=tile_params)
        if out.everything:
            break
    return out


__all__ = ["action_reads", "expression_reads"]
