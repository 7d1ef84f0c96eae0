"""``flow: hand:``: a game's own rounds inside the engine's (``engine.hands``).

    flow:
      hand:
        start: [...effects]      # as each hand begins: deal
        end_when: "count(in_hand()) <= 1"
        end: [...effects]        # as each hand ends: score it
      phases: [...]

Every part is optional but ``end_when`` (a hand that never ends is the whole game).
The effects and the condition belong to no player, like a phase's ``on_start``.
"""

from __future__ import annotations

from ...engine.hands import Hand
from ..core import CompileState
from ..effect_table import compile_effects
from ..source import Node


def compile_hand(c: CompileState, node: Node) -> Hand:
    """The hands of ``flow: hand:``."""
    m = c.keys(node, ("start", "end_when", "end"), "`hand`", ("end_when",))
    scope = c.playerless_scope("a hand's start, end and end_when",
                               "for each player, use `for_each` over `players()`")
    start = compile_effects(c, m.get("start"), scope)
    end_when = c.attempt(lambda: c.expr(m["end_when"], scope, "bool").fn)
    end = compile_effects(c, m.get("end"), scope)
    return Hand(start, end_when, end)


__all__ = ["compile_hand"]
