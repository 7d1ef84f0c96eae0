"""Stratega's continuous actions, as native multi-turn actions.

An action with ``OnStart``, ``OnTick``, ``OnComplete``, ``OnAbort`` or
``TriggerComplete`` is continuous in Stratega. Here: ``OnStart`` is its ``effects`` (run
when it is chosen), ``OnTick`` its ``on_tick``, ``OnComplete`` its ``on_complete``,
``OnAbort`` its ``on_abort``, and ``TriggerComplete`` (all its conditions) its
``complete_when``; ``HasElapsedTick(n)`` reads ``elapsed >= n`` (``Target.Time`` of a
technology target reads its research time). Without ``TriggerComplete`` it completes
as the first round ends, as in Stratega.

Stratega never runs the plain ``Effects`` of a continuous action (they are refused
here, with the advice to move them to ``OnStart``), and does not record a cooldown for
it (so its ``Cooldown`` only keeps it back in the first ticks, as for any action).
The abort Stratega generates while the action is in progress is a native action of its
own, ``Abort<Name>``, offered only then.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ..reading import Skip
from ..source import Node
from . import calls
from .actions import effect, effect_nodes
from .context import Translation
from .functions import CONDITIONS, Build, Fn, register
from .kept import kept
from .speech import Expr, Ref, Scope, SpeechError

KEYS = ("TriggerComplete", "OnStart", "OnTick", "OnComplete", "OnAbort")
RUNNING = "continuous_running"
"""The hook that is true while a continuous action's own conditions and effects (those
that see the rounds elapsed) are translated."""


def abort_name(name: str) -> str:
    """The native name of the action that aborts ``name``."""
    return f"Abort{name}"


def hook(t: Translation, name: str, m: dict[str, Node], spec: dict[str, Any], sc: Scope,
         rolls: list[int]) -> None:
    """Make a translated action continuous when it has any of ``KEYS``."""
    if not any(k in m for k in KEYS):
        return
    plain = effect_nodes(t, m.get("Effects"))
    if plain:
        t.fail(m["Effects"].loc, f"Stratega never runs the `Effects` of a continuous action "
                                 f"(`{name}` has {', '.join(k for k in KEYS if k in m)})",
               "move them to `OnStart` (run when the action starts)")
        raise Skip
    if abort_name(name) in t.actions:
        t.fail(t.top["Actions"].key_locs[abort_name(name)],
               f"`{abort_name(name)}` is the name of the action that aborts `{name}`",
               "rename this action")
        raise Skip
    blocks: dict[str, list[Any]] = {}
    for key in ("OnStart", "OnTick", "OnComplete", "OnAbort"):
        out: list[Any] = []
        t.hooks[RUNNING] = key != "OnStart"  # the rounds elapsed are known from OnTick on
        for e in effect_nodes(t, m.get(key)):
            got = t.attempt(partial(effect, t, e, sc, rolls))
            if got is None:
                t.hooks[RUNNING] = False
                raise Skip
            out.extend(got)
        blocks[key] = out
    spec["effects"] = blocks["OnStart"]
    for key, native in (("OnTick", "on_tick"), ("OnComplete", "on_complete"),
                        ("OnAbort", "on_abort")):
        if blocks[key]:
            spec[native] = blocks[key]
    tests = []
    t.hooks[RUNNING] = True
    for c in calls.calls_in(t, m.get("TriggerComplete"), "TriggerComplete"):
        text = t.attempt(partial(calls.condition, t, c, sc))
        if text is None:
            t.hooks[RUNNING] = False
            raise Skip
        tests.append(text)
    t.hooks[RUNNING] = False
    if tests:
        spec["complete_when"] = " and ".join(f"({x})" if len(tests) > 1 else x
                                             for x in tests)
    else:
        spec["duration"] = 1
    spec.pop("cooldown", None)
    kept(t.hooks, "continuous", dict[str, str]())[name] = spec.get("source", "entity")


def add_aborts(t: Translation) -> None:
    """Add the abort action of every continuous action, to the flow and to the entity
    types that have the action (after ``Actions``)."""
    found = kept(t.hooks, "continuous", dict[str, str]())
    acts = t.out.get("actions", {})
    for name, source in found.items():
        if name not in acts:
            continue
        abort = abort_name(name)
        test = (f"busy(actor, {name!r})" if source == "entity"
                else f"player_busy(player, {name!r})")
        acts[abort] = {"source": source, "when": test, "effects": [{"abort": {"action": name}}]}
        t.origin(("actions", abort), f"Stratega's abort of the continuous action {name}",
                 t.actions[name].loc)
        for spec in t.out.get("entities", {}).values():
            if name in spec.get("actions", ()):
                spec["actions"].append(abort)
        for phase in t.out.get("flow", {}).get("phases", ()):
            if name in phase.get("actions", ()):
                phase["actions"].append(abort)


def _elapsed(b: Build, a: list[Expr]) -> str:
    e = a[0]
    if not b.hooks.get(RUNNING):
        raise SpeechError(b.call_at, "`HasElapsedTick` counts the ticks of a continuous "
                                     "action: only its `TriggerComplete`, `OnTick`, "
                                     "`OnComplete` and `OnAbort` can use it")
    if isinstance(e, Ref) and len(e.parts) == 2 and e.parts[1][0] == "Time":
        v = b.scope.bound.get(e.parts[0][0])
        if v is not None and v.kind == "technology":
            return f"elapsed >= tech_turns({v.text})"
        raise SpeechError(e.parts[1][1], "only a technology has a `Time`",
                          "give the ticks as a number")
    return f"elapsed >= {b.number(e)}"


def install() -> None:
    """Fill in ``HasElapsedTick``."""
    register(CONDITIONS, "HasElapsedTick", Fn(1, 1, _elapsed))


__all__ = ["KEYS", "abort_name", "add_aborts", "hook", "install"]
