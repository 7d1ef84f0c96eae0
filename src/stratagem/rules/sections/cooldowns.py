"""An action's ``cooldown:`` key, and the true-or-false keys of optional targets.

``cooldown: 2`` (two of the acting player's turns), ``cooldown: {turns: 2}`` (the same,
spelt out) or ``cooldown: {rounds: 1}`` (not again this round). The compiled action type
carries the cooldown (``ActionType.cooldown``), a condition that keeps the action out of
the legal ones while it cools down, and a first effect that starts it
(``engine.cooldowns``).
"""

from __future__ import annotations

from ...engine.cooldowns import StartCooldown, cooldown_condition
from ...engine.spec import Condition
from ..core import CompileState
from ..reading import Skip, show
from ..source import Node

MAX_COOLDOWN = 1_000
"""The longest cooldown a rules file may give, in turns or rounds."""


def compile_cooldown(c: CompileState, node: Node, action: str, entity: bool,
                     ) -> tuple[tuple[int, str], Condition, StartCooldown]:
    """``(count, per)``, the condition and the starting effect of a ``cooldown:``."""
    per = "turn"
    count_node = node
    if node.is_map:
        m = c.keys(node, ("turns", "rounds"), "`cooldown`")
        if len(m) != 1:
            c.fail(node.loc, "a cooldown counts either `turns` or `rounds`",
                   "cooldown: {turns: 2} or cooldown: {rounds: 1}")
            raise Skip
        (key, count_node), = m.items()
        per = "turn" if key == "turns" else "round"
    elif isinstance(node.value, bool) or not isinstance(node.value, int):
        c.fail(node.loc, f"`cooldown` must be a whole number of turns, not {show(node)}",
               "cooldown: 2, cooldown: {turns: 2} or cooldown: {rounds: 1}")
        raise Skip
    count = c.need_int(count_node, "`cooldown`", 1, MAX_COOLDOWN)
    return ((count, per), cooldown_condition(action, per, entity),
            StartCooldown(action, count, per, entity))


__all__ = ["MAX_COOLDOWN", "compile_cooldown"]
