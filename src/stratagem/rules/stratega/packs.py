"""Stratega's effect packs ``RandomEffect`` and ``SampleEffect``, in the native format.

``RandomEffect: {p: [effects], …}`` draws ``u`` uniformly from [0, 1) and runs *every*
entry whose key ``p`` is at most ``u`` (thresholds, not a choice of one): here a native
``random`` effect whose options are the intervals between the keys, each running the
entries whose keys it has passed, weighted by its width (so ``outcomes`` is exact).

``SampleEffect: {Targets: {…}, Effects: …}`` samples more targets as the action
resolves, around the source, with the syntax of an action's targets, and runs its
effects for every combination whose conditions hold: here nested ``for_each`` over
each target's candidates (in the alphabetical order of their names) and an ``if`` of
every condition.
"""

from __future__ import annotations

import dataclasses
import itertools
from functools import partial
from typing import Any

from ..reading import Skip
from ..source import Node
from . import calls
from .actions import effect, effect_nodes, native_name, target
from .context import Translation
from .speech import Scope

WEIGHT = 1_000_000
"""The native weights of ``RandomEffect``'s intervals are their widths in millionths."""


def _text(x: Any) -> str:
    return str(x.value) if isinstance(x, Node) else str(x)


def random_effect(t: Translation, node: Node, sc: Scope, rolls: list[int]) -> list[Any]:
    """``RandomEffect``: every entry whose threshold a uniform draw reaches."""
    entries: list[tuple[float, list[Any]]] = []
    for key, sub in t.need_map(node, "`RandomEffect`").items():
        try:
            p = float(key)
        except ValueError:
            p = -1.0
        if not 0 <= p <= 1:
            t.fail(node.key_locs[key], f"a `RandomEffect` key is a probability from 0 to 1, "
                                       f"not `{key}`")
            raise Skip
        out: list[Any] = []
        for e in effect_nodes(t, sub):
            out.extend(effect(t, e, sc, rolls))
        entries.append((p, out))
    bounds = [0.0, *sorted({p for p, _ in entries}), 1.0]
    options = []
    for lo, hi in itertools.pairwise(bounds):
        weight = round((hi - lo) * WEIGHT)
        if weight <= 0:
            continue
        options.append({"weight": weight,
                        "do": [x for p, effs in entries if p <= lo for x in effs]})
    if not any(o["do"] for o in options):
        return []
    return [{"random": {"options": options}}]


def sample_effect(t: Translation, node: Node, sc: Scope, rolls: list[int]) -> list[Any]:
    """``SampleEffect``: the effects for every combination of sampled targets whose
    conditions hold."""
    m = t.keys(node, ("Targets", "Effects"), "`SampleEffect`", ("Targets", "Effects"))
    by_entity = sc.bound.get("Source") is not None and sc.bound["Source"].kind == "entity"
    bound = dict(sc.bound)
    taken = set(t.entities) | set(t.tiles) | set(t.groups) | {v.text for v in bound.values()}
    loops: list[tuple[str, dict[str, Any]]] = []
    conds: list[Node] = []
    for tname, tn in sorted(t.need_map(m["Targets"], "`Targets`").items()):
        if tname in bound:
            t.fail(m["Targets"].key_locs[tname], f"`{tname}` is already a target here")
            raise Skip
        nat = native_name(tname, taken)
        taken.add(nat)
        spec, more, val = target(t, "SampleEffect", tname, nat, tn, by_entity)
        bound[tname] = val
        loops.append((nat, spec))
        conds.extend(more)
    full = dataclasses.replace(sc, bound=bound)
    tests = [_text(w) for _, spec in loops for w in _where(spec)]
    for c in conds:
        text = t.attempt(partial(calls.condition, t, c, full))
        if text is None:
            raise Skip
        tests.append(text)
    inner: list[Any] = []
    for e in effect_nodes(t, m["Effects"]):
        inner.extend(effect(t, e, full, rolls))
    if tests:
        inner = [{"if": {"test": " and ".join(f"({x})" for x in tests), "then": inner}}]
    for nat, spec in reversed(loops):
        default = {"entity": "entities()", "position": "cells()"}.get(spec.get("kind", ""), "[]")
        inner = [{"for_each": {"as": nat, "in": _text(spec.get("from", default)),
                               "do": inner}}]
    return inner


def _where(spec: dict[str, Any]) -> list[Any]:
    w = spec.get("where")
    return [] if w is None else w if isinstance(w, list) else [w]


def install(packs: dict[str, Any]) -> None:
    """Fill in the effect packs of ``actions.PACK_HOOKS``."""
    packs["RandomEffect"] = random_effect
    packs["SampleEffect"] = sample_effect


__all__ = ["WEIGHT", "install", "random_effect", "sample_effect"]
