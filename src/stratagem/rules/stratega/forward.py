"""``ForwardModel``: win and lose conditions (and triggers, for the importer's second
part).

Each win or lose condition is a named group of conditions that all must hold, with
``Source`` the player checked. A win ends the game at once; a loser is out, and the
last player left wins — as the native ``end: win`` and ``end: lose`` do.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ..source import Node
from . import calls
from .actions import scope
from .context import Translation
from .speech import Val

TRIGGERS: dict[str, Callable[[Translation, Node], Any] | None] = {
    "OnTick": None, "OnAdvance": None, "OnStart": None, "OnSpawn": None}
"""Each trigger kind, with its translator (None: not yet supported; the importer's
second part fills these in)."""


def forward_model(t: Translation, node: Node) -> None:
    m = t.keys(node, ("WinConditions", "LoseConditions", "Trigger"), "`ForwardModel`")
    sc = scope(t, {"Source": Val("player", "player")})
    for key, native in (("WinConditions", "win"), ("LoseConditions", "lose")):
        groups: dict[str, Node] = {}
        for label, n in t.need_map(m.get(key), f"`{key}`").items():
            tests = [t.attempt(partial(calls.condition, t, c, sc))
                     for c in calls.calls_in(t, n, label)]
            if any(x is None for x in tests):
                continue
            if not tests:
                t.fail(n.loc, f"condition group `{label}` is empty")
                continue
            groups[label] = Node(" and ".join(f"({x})" if len(tests) > 1 else str(x)
                                              for x in tests), n.loc)
            t.origin(("end", native, label), f"ForwardModel.{key}.{label}",
                     m[key].key_locs[label])
        if groups:
            t.put(("end", native), groups)
    for item in t.need_list(m.get("Trigger"), "`Trigger`"):
        if not item.is_map or len(item.value) != 1:
            t.fail(item.loc, "a trigger must be one of OnTick, OnAdvance, OnStart, OnSpawn")
            continue
        kind = next(iter(item.value))
        if kind not in TRIGGERS:
            t.fail(item.key_locs[kind], f"unknown trigger `{kind}`",
                   f"triggers: {', '.join(TRIGGERS)}")
            continue
        fn = TRIGGERS[kind]
        if fn is None:
            t.fail(item.key_locs[kind], f"`{kind}` triggers are not yet supported by the "
                                        "Stratega importer (triggers)",
                   "write them in the native format as `triggers:` (docs/stratega.md)")
            continue
        t.attempt(partial(fn, t, item.value[kind]))


__all__ = ["TRIGGERS", "forward_model"]
