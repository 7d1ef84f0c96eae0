"""Values as words: what ``text(x)``, ``format(...)`` and ``"a" + b`` give.

An entity reads as its type and number (``scout #4``), a player as its name, a
position as ``(6, 7)``, a whole number without a decimal point, a list as its items
joined by commas. A player is a seat number while the game runs, so it reads as
its name only where the compiler knows the value is a player (``text(player)``,
``text(target)`` of a player target); elsewhere a number stays a number.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..engine import Ctx, Pos, Ref
from .expr_context import Compiled

TEMPLATE_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z_0-9]*)\}")
"""A placeholder of a ``format`` template: ``{name}``."""


def value_text(c: Ctx, v: Any, player: bool = False) -> str:
    """The words for a value; ``player``: an integer is a seat, read as its name."""
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, Ref):
        e = c.state.entities_.get(v)
        return f"{e.type} #{int(v)}" if e is not None else f"#{int(v)}"
    if isinstance(v, int):
        if player and 0 <= v < len(c.game.players):
            return c.game.players[v]
        return str(v)
    if isinstance(v, float):
        if v.is_integer():
            return str(int(v))
        return f"{v:.2f}".rstrip("0")
    if isinstance(v, Pos):
        return f"({v[0]}, {v[1]})"
    if isinstance(v, list | tuple):
        return ", ".join(value_text(c, x, player) for x in v)
    return str(v)


def as_text(value: Compiled) -> Callable[[Ctx], str]:
    """The closure giving the words for a compiled value (a player by name)."""
    fn = value.fn
    if value.type == "str":
        return lambda c: "none" if (v := fn(c)) is None else str(v)
    player = value.type == "player"
    if value.const and value.type in ("number", "bool", "pos", "list"):
        known = value.value
        return lambda c: value_text(c, known)
    return lambda c: value_text(c, fn(c), player)


def fill_template(template: str, parts: dict[str, Callable[[Ctx], str]]) -> Callable[[Ctx], str]:
    """The closure filling each ``{name}`` of ``template`` with its part's text."""
    pieces: list[str | Callable[[Ctx], str]] = []
    at = 0
    for m in TEMPLATE_FIELD.finditer(template):
        pieces.append(template[at:m.start()])
        pieces.append(parts[m.group(1)])
        at = m.end()
    pieces.append(template[at:])
    return lambda c: "".join(p if isinstance(p, str) else p(c) for p in pieces)


__all__ = ["TEMPLATE_FIELD", "as_text", "fill_template", "value_text"]
