"""Warnings of names the rules give twice: a `let` of an inner block reusing an enclosing
block's name, a name bound with `as:` spelt like an entity type and then read as a type,
a player named like an entity type and compared by the bare name."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..engine import Game
from .errors import Problem
from .source import Node


def lets_shadowed(root: Node) -> Iterator[Problem]:
    """A `let` in an inner block (a loop's `do`, an `if`'s `then`) of a name a `let` of an
    enclosing block bound before: it names a new value for the rest of the inner block
    only, so after it the outer name is unchanged (a cursor stepped in a loop is not)."""
    def block(items: Node, outer: dict[str, Node]) -> Iterator[Problem]:
        bound: dict[str, Node] = {}
        for item in items.value:
            if not item.is_map:
                continue
            let = item.get("let")
            name = let.get("as") if let is not None and let.is_map else None
            if name is not None and isinstance(name.value, str):
                first = outer.get(name.value)
                if first is not None and name.value not in bound:
                    yield Problem(name.loc, f"this `let` names a new `{name.value}` for the "
                                  f"rest of its block only: after the block, `{name.value}` "
                                  f"is still the value bound at {first.loc.line}:"
                                  f"{first.loc.col}",
                                  "a `let` does not change a name of an enclosing block; "
                                  "keep a running value in a parameter (`set`/`modify`), or "
                                  "give the inner name another name")
                bound[name.value] = name
            for spec in item.value.values():
                for child in spec.walk():
                    if child.is_list and child.value and all(c.is_map for c in child.value):
                        yield from block(child, {**outer, **bound})
    for n in root.walk():
        effects = n.get("effects") if n.is_map else None
        if effects is not None and effects.is_list:
            yield from block(effects, {})


def names_hiding_types(game: Game, root: Node) -> Iterator[Problem]:
    """A name bound with `as:` (a `let`, a loop, a draw...) spelt like an entity type, and
    read as a type after it in its block (`type: runner`, `it.type == runner`): there the
    bare name is the bound value, not the type's name. (`spawn: {type: runner}` means the
    type whatever is bound.)"""
    for n in root.walk():
        if not (n.is_list and n.value and all(c.is_map for c in n.value)):
            continue
        for i, item in enumerate(n.value):
            for spec in item.value.values():
                name = spec.get("as") if spec.is_map else None
                if name is None or not isinstance(name.value, str) \
                        or name.value not in game.entity_types:
                    continue
                t = re.escape(name.value)
                as_type = re.compile(rf"(?:\btype\s*(?::|[=!]=)\s*{t}(?![\w.(]))"
                                     rf"|(?:(?<![\w.'\"]){t}\s*[=!]=\s*[\w.]*\btype\b)")
                for later in n.value[i:]:
                    used = next((s for s in later.strings() if as_type.search(s.value)), None)
                    if used is None:
                        continue
                    yield Problem(name.loc, f"`{name.value}` is also an entity type: after "
                                  f"this, `{name.value}` in an expression is the value bound "
                                  f"here, not the type's name (read as a type at "
                                  f"{used.loc.line}:{used.loc.col})",
                                  f"give the value another name (such as `the_{name.value}`), "
                                  f"or write the type as a text: `'{name.value}'`")
                    break


def players_named_like_types(game: Game, root: Node) -> Iterator[Problem]:
    """A player and an entity type of one name, where an expression compares the bare name
    (`player == fox`): the name is the type there (a text), so that is never true."""
    for name in game.players:
        if name not in game.entity_types:
            continue
        bare = re.compile(rf"(?:[=!]=\s*{re.escape(name)}(?![\w.(]))"
                          rf"|(?:(?<![\w.'\"]){re.escape(name)}\s*[=!]=)")
        for node in root.strings():
            m = bare.search(node.value)
            if m is None:
                continue
            yield Problem(node.text_loc(m.start()),
                          f"player `{name}` and entity type `{name}` share a name: in an "
                          f"expression `{name}` is the entity type (a text), so "
                          f"`player == {name}` is never true",
                          f"name the player as `seat('{name}')`, or rename one of them")
            break
