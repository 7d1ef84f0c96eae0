"""Forms of condition the compiler reads in an expression's text, beyond compiling it.

The legal-action generator uses them to try fewer candidates: the names an
expression reads (does an action's condition read the actor?), a test that pins
a name to one entity (``x == actor.id``, ``ActionType.pin``), and a test that
bounds a target's distance (``distance(center, target) <= bound``,
``TargetSpec.near``). Each gives offsets in the text, so that the compiler can
compile the pieces in place.
"""

from __future__ import annotations

from typing import Any

import lark

from .parsing import parser


def names_read(text: str) -> frozenset[str] | None:
    """The names an expression reads (``actor``, ``player``, a target, ``it``), leaving out
    function names, attribute names and keyword labels; ``None`` if it does not parse."""
    try:
        tree = parser().parse(text)
    except lark.exceptions.LarkError:
        return None
    return frozenset(str(n.children[0]) for n in tree.iter_subtrees() if n.data == "name")


def pinned_by(text: str, name: str) -> tuple[int, int] | None:
    """Where the expression ``x`` lies in ``text`` (its start and end offsets) when the test
    holds only if ``name`` is the entity ``x`` gives: the test is ``x == name.id``,
    ``name.id == x`` (or ``name`` without ``.id``), or such a comparison is one of the terms
    of a top-level ``and``, and ``x`` does not read ``name``. ``None`` otherwise.

    The legal-action generator uses it to try that one entity instead of every one
    (``ActionType.pin``).
    """
    try:
        tree = parser().parse(text)
    except lark.exceptions.LarkError:
        return None
    terms = tree.children if tree.data == "and_" else [tree]

    def is_name(node: Any) -> bool:
        if not isinstance(node, lark.Tree):
            return False
        if node.data == "name":
            return str(node.children[0]) == name
        return (node.data == "attr" and str(node.children[1]) == "id"
                and is_name(node.children[0]) and node.children[0].data == "name")

    for term in terms:
        if not isinstance(term, lark.Tree) or term.data != "compare" or len(term.children) != 3:
            continue
        a, op, b = term.children
        if str(op) != "==":
            continue
        other = b if is_name(a) else a if is_name(b) else None
        if other is None or not isinstance(other, lark.Tree) or other.meta.empty:
            continue
        if any(n.data == "name" and str(n.children[0]) == name for n in other.iter_subtrees()):
            continue
        return int(other.meta.start_pos), int(other.meta.end_pos)
    return None


def bounded_distance(text: str, name: str) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """Where ``x`` and ``bound`` lie in ``text`` when the test holds only if
    ``distance(x, name) <= bound`` does (or ``distance(name, x)``; compared by ``<=``, ``<``
    or ``==``, or the other way round), alone or as a term of a top-level ``and``, with
    neither reading ``name``; ``None`` otherwise.

    The legal-action generator uses it to skip, before testing a target's conditions, the
    candidates that stand too far (``TargetSpec.near``).
    """
    try:
        tree = parser().parse(text)
    except lark.exceptions.LarkError:
        return None
    terms = tree.children if tree.data == "and_" else [tree]

    def reads(node: Any) -> bool:
        return any(n.data == "name" and str(n.children[0]) == name
                   for n in node.iter_subtrees())

    def span(node: Any) -> tuple[int, int] | None:
        if not isinstance(node, lark.Tree) or node.meta.empty or reads(node):
            return None
        return int(node.meta.start_pos), int(node.meta.end_pos)

    for term in terms:
        if not isinstance(term, lark.Tree) or term.data != "compare" or len(term.children) != 3:
            continue
        a, op, b = term.children
        # Each of these holds only where `distance <= bound` does.
        call, bound = (a, b) if str(op) in ("<=", "<", "==") else \
            (b, a) if str(op) in (">=", ">", "==") else (None, None)
        if str(op) == "==" and not (isinstance(call, lark.Tree) and call.data == "call"):
            call, bound = b, a  # `1 == distance(actor, target)`
        if not isinstance(call, lark.Tree) or call.data != "call" \
                or str(call.children[0]) != "distance" or len(call.children) != 2:
            continue
        args = call.children[1]
        if not isinstance(args, lark.Tree) or len(args.children) != 2 \
                or any(isinstance(k, lark.Tree) and k.data == "kwarg" for k in args.children):
            continue
        first, second = args.children
        is_target = [isinstance(k, lark.Tree) and k.data == "name"
                     and str(k.children[0]) == name for k in (first, second)]
        if is_target[0] == is_target[1]:
            continue
        center = span(second if is_target[0] else first)
        limit = span(bound)
        if center is not None and limit is not None:
            return center, limit
    return None


__all__ = ["bounded_distance", "names_read", "pinned_by"]
