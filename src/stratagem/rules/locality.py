"""How far from its actor an action type's targets read the entities (``deps.Reach``).

The option generator keeps each actor's targets from state to state
(``options.OptionMemo``). Most targets of tactics games look around the actor only: the
squares a unit can walk to, the enemies within its range. A move across the board then
leaves them as they were, and this module says when that holds, from the texts of the
target lists and their conditions:

- an entity target listed by ``entities(...)`` with constant arguments, kept within a
  distance of the actor (``TargetSpec.near``), whose conditions read nothing of the
  entities but the actor and the candidate (``expression_reads`` with the target local);
- a position target listed by ``reachable(actor, budget)`` (a budget that reads nothing
  of the entities but the actor; ``diagonal`` and ``blocked_by`` as they like,
  ``stop_near`` only as ``entities(...)`` with constant arguments) with no conditions.

Anything else has no reach: its targets are worked out again whenever an entity changes.
Only actions with one target qualify.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import lark

from ..engine.deps import Reach, Reads
from .calls import WORDS
from .parsing import parser
from .reads import expression_reads

_WORDS = frozenset().union(*WORDS.values())
_ENTITY_WIDE = ("pos", "exist", "status", "params", "all_params")
"""The parts of ``Reads`` that are about entities (what a reach bounds)."""


def _tree(text: Any) -> Any:
    if not isinstance(text, str):
        return None
    try:
        return parser().parse(text)
    except lark.exceptions.LarkError:
        return None


def _is_constant(node: Any) -> bool:
    """A keyword's word (``enemy``, ``nothing``), a text, a number or a flag: reads
    nothing, and is the same for every actor."""
    return isinstance(node, lark.Tree) and node.data in ("name", "string", "number", "true",
                                                         "false", "none") and \
        (node.data != "name" or str(node.children[0]) in _WORDS)


def _call(tree: Any, name: str) -> list[Any] | None:
    """The arguments of a call of ``name`` (``[]`` without any), or ``None``."""
    if not isinstance(tree, lark.Tree) or tree.data != "call" or \
            str(tree.children[0]) != name:
        return None
    return list(tree.children[1].children) if len(tree.children) > 1 else []


def _entity_wide(r: Reads) -> bool:
    return r.everything or any(bool(getattr(r, k)) for k in _ENTITY_WIDE)


def _rest(r: Reads) -> Reads:
    """``r`` without what it reads of the entities (bounded by the reach)."""
    return Reads(False, r.actor, False, False, False, frozenset(), False, r.player_params,
                 r.all_players, r.zones, r.tiles, r.flow, r.counters, r.memory, r.cards,
                 r.stacks)


def entity_reach(source: Any, wheres: Iterable[Any], name: str, names: Iterable[str],
                 reads: Reads, has_near: bool) -> Reach | None:
    """The reach of an entity target listed by ``source`` with the conditions ``wheres``
    (``reads``: what the list and conditions read in all), or ``None``."""
    if not has_near or reads.everything:
        return None
    args = _call(_tree(source), "entities")
    if args is None:
        return None
    for a in args:
        if not (isinstance(a, lark.Tree) and a.data == "kwarg" and _is_constant(a.children[1])):
            return None
    for text in wheres:
        if _entity_wide(expression_reads(text, names, local=(name,))):
            return None
    owners = None
    for a in args:
        if str(a.children[0]) == "owner" and a.children[1].data == "name":
            word = str(a.children[1].children[0])
            owners = word if word in ("enemy", "ally") else None
    return Reach("near", _rest(reads), owners=owners)


def walk_reach(source: Any, wheres: list[Any], names: Iterable[str],
               reads: Reads) -> tuple[Reach, str] | None:
    """The reach of a position target listed by ``reachable(actor, budget, …)`` without
    conditions, with the budget's text (an expression reading nothing of the entities
    but the actor), or ``None``."""
    if wheres or reads.everything or not isinstance(source, str):
        return None
    args = _call(_tree(source), "reachable")
    if args is None:
        return None
    positional = [a for a in args if not (isinstance(a, lark.Tree) and a.data == "kwarg")]
    margin = 0
    diagonal: Any = None
    for a in args:
        if isinstance(a, lark.Tree) and a.data == "kwarg":
            label, value = str(a.children[0]), a.children[1]
            if label == "diagonal":
                diagonal = value
            if label == "stop_near":  # next to entities: within one more square
                margin = 1
                inner = _call(value, "entities")
                if inner is None or not all(isinstance(k, lark.Tree) and k.data == "kwarg"
                                            and _is_constant(k.children[1]) for k in inner):
                    return None
            elif label not in ("diagonal", "blocked_by"):
                return None
    if len(positional) not in (2, 3):
        return None
    frm, budget = positional[0], positional[1]
    if not (isinstance(frm, lark.Tree) and frm.data == "name"
            and str(frm.children[0]) == "actor"):
        return None
    if len(positional) == 3:
        if not _is_constant(positional[2]):
            return None
        diagonal = positional[2]
    meta = getattr(budget, "meta", None)
    start, end = getattr(meta, "start_pos", None), getattr(meta, "end_pos", None)
    if not isinstance(start, int) or not isinstance(end, int):
        return None
    text = source[start:end]
    if _entity_wide(expression_reads(text, names)):
        return None
    steps = "board" if diagonal is None else "straight" \
        if isinstance(diagonal, lark.Tree) and diagonal.data == "false" else "any"
    return Reach("walk", _rest(reads), None, margin, steps), text


__all__ = ["entity_reach", "walk_reach"]
