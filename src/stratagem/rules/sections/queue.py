"""The ``enqueue`` effect: an action set aside for a later turn (``engine.queue``).

    enqueue: {action: strike, actor: actor, targets: {target: target}, when: next_turn}
    enqueue: {action: harvest, when: {after: 3}}

``when`` is ``next_turn`` (the default: the start of the player's next turn) or
``{after: N}`` (the start of the N-th turn of theirs from now).
"""

from __future__ import annotations

from typing import Any

from ...engine.queue import Enqueue
from ..core import CompileState
from ..errors import did_you_mean
from ..expr_context import Scope
from ..reading import Skip, show
from ..source import Node


def _declared_targets(c: CompileState, action: str) -> list[str] | None:
    """The target names the rules give the action, read ahead from the file (``None``
    when the action is not written as a mapping)."""
    acts = c.root.get("actions") if c.root.is_map else None
    spec = acts.get(action) if acts is not None and acts.is_map else None
    if spec is None or not spec.is_map:
        return None
    targets = spec.get("targets")
    return list(targets.value) if targets is not None and targets.is_map else []


def compile_enqueue(c: CompileState, m: dict[str, Node], scope: Scope,
                    node: Node) -> tuple[Enqueue, Scope]:
    """``enqueue: {action, actor, targets, when}``."""
    action = c.need_str(m["action"], "an action name")
    if action not in c.action_names:
        c.fail(m["action"].loc, f"unknown action `{action}`",
               did_you_mean(action, c.action_names))
        raise Skip
    known = _declared_targets(c, action)
    targets: dict[str, Any] = {}
    for k, v in c.need_map(m.get("targets"), "`targets`").items():
        if known is not None and k not in known:
            c.fail(v.loc, f"`{action}` has no target `{k}`",
                   did_you_mean(k, known) or f"its targets: {', '.join(known) or 'none'}")
            continue
        targets[k] = c.fn(v, scope)
    after: Any = 1
    when = m.get("when")
    if when is not None:
        if when.is_map:
            w = c.keys(when, ("after",), "`when`", ("after",))
            after = c.fn(w["after"], scope, "number")
            if isinstance(after, bool) or (not callable(after) and (
                    not isinstance(after, int) or after < 1)):
                c.fail(w["after"].loc, f"`after` must be a whole number of turns, 1 or "
                       f"more, not {show(w['after'])}")
                raise Skip
        elif when.value != "next_turn":
            c.fail(when.loc, f"unknown `when` {show(when)}",
                   "next_turn, or {after: N} for the N-th turn from now")
            raise Skip
    actor = c.fn(m["actor"], scope, "entity") if "actor" in m else None
    return Enqueue(action, actor, targets, after), scope


__all__ = ["compile_enqueue"]
