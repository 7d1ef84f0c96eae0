"""Answers to events: the `reactions:`, `triggers:` and `statuses:` sections.

A status's hooks are reactions of the entity that carries it.
"""

from __future__ import annotations

from functools import partial

from ...engine.spec import Reaction, StatusType, Trigger
from ..core import CompileState
from ..effect_table import compile_effects
from ..reading import Skip
from ..source import Node


def _reaction(c: CompileState, name: str, node: Node, automatic_default: bool,
              source_default: str) -> Reaction:
    m = c.keys(node, ("on", "stage", "when", "needs", "effects", "limit", "once_per",
                      "automatic", "source", "description"), f"reaction `{name}`",
               ("on",))
    event = c.event_name(m["on"])
    stage = c.need_str(m["stage"], "`stage`") if "stage" in m else "pending"
    if stage not in ("pending", "done"):
        c.fail(m["stage"].loc, f"unknown stage `{stage}`", "pending or done")
        raise Skip
    source = c.need_str(m["source"], "`source`") if "source" in m else source_default
    if source not in ("entity", "player", "game"):
        c.fail(m["source"].loc, f"unknown source `{source}`", "entity, player or game")
        raise Skip
    base = c.base_scope() if source != "game" else c.playerless_scope(
        "a game reaction", "use a field of the event")
    scope = c.event_scope(base, event)
    if source == "entity":
        scope = scope.child(actor=("entity", lambda ctx: ctx.actor),
                            reactor=("entity", lambda ctx: ctx.actor))
        scope.event_fields = dict(c.events[event])
    when = c.expr(m["when"], scope, "bool").fn if "when" in m else None
    limit = None
    group = None
    if "once_per" in m:
        per = c.need_str(m["once_per"], "`once_per`")
        limit = (per, 1)
    if "limit" in m and "once_per" in m:
        c.fail(m["limit"].loc, "give either `once_per` or `limit`, not both")
    if "limit" in m:
        lm = c.keys(m["limit"], ("per", "count", "group"), "`limit`", ("per",))
        per = c.need_str(lm["per"], "`per`")
        count = c.need_int(lm["count"], "`count`", 1) if "count" in lm else 1
        limit = (per, count)
        group = c.need_str(lm["group"], "`group`") if "group" in lm else None
    if limit is not None and limit[0] not in ("round", "turn", "game"):
        c.fail((m.get("limit") or m["once_per"]).loc, f"unknown period `{limit[0]}`",
               "round, turn or game")
        raise Skip
    effects = compile_effects(c, m.get("effects"), scope)
    automatic = c.flag(m.get("automatic"), "`automatic`", automatic_default)
    needs = c.expr(m["needs"], scope, "bool").fn if "needs" in m else None
    if needs is not None and (automatic or source == "game"):
        c.fail(m["needs"].loc, f"`needs` is for a reaction a player may choose; reaction "
               f"`{name}` fires by itself", "join the conditions in `when` with `and`")
    return Reaction(name, event, stage, when, effects, limit, group, automatic, source, needs)


def compile_reactions(c: CompileState, node: Node | None) -> tuple[Reaction, ...]:
    """`reactions:`: answers a deciding entity or player may give to an event."""
    out = []
    for name, spec in c.need_map(node, "`reactions`").items():
        r = c.attempt(partial(_reaction, c, name, spec, False, "entity"))
        if r is not None:
            out.append(r)
    return tuple(out)


def compile_triggers(c: CompileState, node: Node | None) -> tuple[Trigger, ...]:
    """`triggers:`: effects that run when an event is done, with no one deciding."""
    out = []
    for name, spec in c.need_map(node, "`triggers`").items():
        def one(name: str = name, spec: Node = spec) -> None:
            m = c.keys(spec, ("on", "when", "effects", "description"),
                       f"trigger `{name}`", ("on",))
            event = c.event_name(m["on"])
            hint = ("use `event.player`" if "player" in c.events[event]
                    else "for each player, use `for_each: {as: p, in: players(), do: ...}`")
            scope = c.event_scope(c.playerless_scope("a trigger", hint), event)
            when = c.expr(m["when"], scope, "bool").fn if "when" in m else None
            out.append(Trigger(name, event, compile_effects(c, m.get("effects"), scope), when))
        c.attempt(one)
    return tuple(out)


def compile_statuses(c: CompileState, node: Node | None) -> tuple[StatusType, ...]:
    """`statuses:`: their duration, usages, and hooks (reactions of the carrier)."""
    out = []
    for name, spec in c.need_map(node, "`statuses`").items():
        def one(name: str = name, spec: Node = spec) -> None:
            m = c.keys(spec, ("duration", "usages", "negative", "hooks", "description"),
                       f"status `{name}`")
            hooks = []
            for i, h in enumerate(c.need_list(m.get("hooks"), "`hooks`")):
                r = c.attempt(partial(_reaction, c, f"{name}.hook{i + 1}", h, True,
                                      "entity"))
                if r is not None:
                    hooks.append(r)
            out.append(StatusType(
                name,
                c.need_int(m["duration"], "`duration`", 1) if "duration" in m else None,
                c.need_int(m["usages"], "`usages`", 1) if "usages" in m else None,
                tuple(hooks), c.flag(m.get("negative"), "`negative`")))
        c.attempt(one)
    return tuple(out)

