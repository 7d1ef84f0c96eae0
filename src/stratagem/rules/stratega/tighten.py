"""The finished native document made as a person would write it by hand, where the
first form of the translation is right but slower to play (``tighten``, run last).

Each rewrite gives the same legal actions and the same results:

- **Whose units a target takes.** An entity target with the condition
  ``SamePlayer(Source, Target)`` (``actor.owner == target.owner``) takes its candidates
  from ``entities(owner: ally)`` and drops the condition: the acting unit is the
  deciding player's, and a neutral unit is nobody's ally. ``DifferentPlayer(Source,
  Target)`` becomes ``entities(owner: enemy)`` the same way, but only in a game where no
  unit can be neutral (``enemy`` leaves neutral units out, Stratega's ``DifferentPlayer``
  takes them): none is placed without an owner, the game has no objects, and every unit
  spawned or given away goes to the acting player or the actor's owner.
- **Two reaches.** A sampling reach ``distance(actor, target) <= 3`` beside a range
  ``distance(actor, target) <= actor.HealRange`` is dropped when the range can never
  exceed it (the parameter's maximum, buffs included, is within it for every type
  that has the action): the engine then skips far units by the range alone.
- **Preconditions on a constant.** ``actor.AttackDamage >= 1`` is dropped when no
  effect or buff ever changes the parameter and every type that has the action starts
  with a value that passes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..source import Node
from .context import Translation

_OWNER = re.compile(r"^(\w+(?:\.owner)?) (==|!=) (\w+(?:\.owner)?)$")
_REACH = re.compile(r"^distance\(actor, (\w+)\) <= (?:(\d+(?:\.\d+)?)|actor\.(\w+))$")
_CONST = re.compile(r"^actor\.(\w+) (>=|>|<=|<|==|!=) (-?\d+(?:\.\d+)?)$")
_COMPARE = {">=": float.__ge__, ">": float.__gt__, "<=": float.__le__, "<": float.__lt__,
            "==": float.__eq__, "!=": float.__ne__}
SAFE_OWNERS = frozenset({"player", "actor.owner"})
"""Owners of spawned or given units that are always a player (never neutral)."""


def tighten(t: Translation) -> None:
    """Rewrite the native document's actions as a person would write them (above)."""
    out = t.out
    acts: dict[str, Any] = out.get("actions", {})
    types: dict[str, Any] = out.get("entities", {})
    neutral = neutrals_possible(out)
    written = written_params(out)
    for name, spec in acts.items():
        having = [k for k, e in types.items() if name in (e.get("actions") or [])]
        acting = "actor" if spec.get("source") == "entity" else "player"
        for nat, tspec in (spec.get("targets") or {}).items():
            if tspec.get("kind") != "entity" or "from" in tspec \
                    or not isinstance(tspec.get("where", []), list):
                continue
            _whose(tspec, nat, acting, neutral)
            if acting == "actor":
                _reach(tspec, nat, having, types)
            if not tspec.get("where"):
                tspec.pop("where", None)
        when = spec.get("when")
        if acting == "actor" and isinstance(when, list):
            spec["when"] = [w for w in when if not _always(_text(w), having, types, written)]
            if not spec["when"]:
                del spec["when"]


def _text(x: Any) -> str:
    return str(x.value) if isinstance(x, Node) else str(x)


def _whose(tspec: dict[str, Any], nat: str, acting: str, neutral: bool) -> None:
    """Candidates from the ally's or the enemy's units, for a condition on the owner."""
    where = tspec.get("where") or []
    for i, w in enumerate(where):
        m = _OWNER.match(_text(w))
        if m is None:
            continue
        mine = "actor.owner" if acting == "actor" else "player"
        if {m.group(1), m.group(3)} != {mine, f"{nat}.owner"}:
            continue
        if m.group(2) == "!=" and neutral:
            continue
        side = "ally" if m.group(2) == "==" else "enemy"
        text = f"entities(owner: {side})"
        del where[i]
        rest = {k: tspec.pop(k) for k in list(tspec) if k != "kind"}
        tspec["from"] = Node(text, w.loc) if isinstance(w, Node) else text
        tspec.update(rest)  # `from` next to `kind`, as one writes it
        return


def _reach(tspec: dict[str, Any], nat: str, having: list[str], types: dict[str, Any]) -> None:
    """Drop a sampling reach that a range condition on the actor's parameter keeps."""
    where = tspec.get("where") or []
    fixed: list[tuple[int, float]] = []
    ranges: list[str] = []
    for i, w in enumerate(where):
        m = _REACH.match(_text(w))
        if m is None or m.group(1) != nat:
            continue
        if m.group(2) is not None:
            fixed.append((i, float(m.group(2))))
        else:
            ranges.append(m.group(3))
    if not fixed or not ranges or not having:
        return
    drop = set()
    for i, bound in fixed:
        if any(all((high := _param_max(types[k], p)) is not None and high <= bound
                   for k in having) for p in ranges):
            drop.add(i)
    tspec["where"] = [w for i, w in enumerate(where) if i not in drop]


def _param(decl: dict[str, Any], p: str) -> Any:
    params = decl.get("params") or {}
    return params.get(p)


def _param_max(decl: dict[str, Any], p: str) -> float | None:
    v = _param(decl, p)
    if isinstance(v, dict):
        v = v.get("max")
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else None


def _param_default(decl: dict[str, Any], p: str) -> float | None:
    v = _param(decl, p)
    if isinstance(v, dict):
        v = v.get("default")
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else None


def _always(text: str, having: list[str], types: dict[str, Any], written: set[str]) -> bool:
    """Whether a precondition on one of the actor's parameters holds for every unit that
    can take the action, the parameter being one nothing changes."""
    m = _CONST.match(text)
    if m is None or m.group(1) in written or not having:
        return False
    p, op, bound = m.group(1), m.group(2), float(m.group(3))
    values = [_param_default(types[k], p) for k in having]
    return all(v is not None and _COMPARE[op](v, bound) for v in values)


def _walk(x: Any) -> Iterator[dict[str, Any]]:
    """Every mapping in a part of the native document."""
    if isinstance(x, Node):
        x = x.value
    if isinstance(x, dict):
        yield x
        for v in x.values():
            yield from _walk(v)
    elif isinstance(x, list | tuple):
        for v in x:
            yield from _walk(v)


def neutrals_possible(out: dict[str, Any]) -> bool:
    """Whether a unit without an owner may ever stand on the board of the game."""
    setup = out.get("setup", {}).get("entities") or []
    if any(isinstance(p, dict) and "owner" not in p for p in setup):
        return True
    if out.get("items"):
        return True
    for m in _walk(out):
        for key, field in (("spawn", "owner"), ("change_owner", "to")):
            inner = m.get(key)
            if isinstance(inner, Node):
                inner = inner.value
            if isinstance(inner, dict) and _text(inner.get(field)) not in SAFE_OWNERS:
                return True
    return False


def written_params(out: dict[str, Any]) -> set[str]:
    """The names of the parameters some effect sets or changes, or some buff touches
    (whoever holds them: a name is enough to keep a precondition on it)."""
    found: set[str] = set()
    for m in _walk(out):
        for key in ("modify", "set"):
            inner = m.get(key)
            if isinstance(inner, Node):
                inner = inner.value
            if isinstance(inner, dict) and "what" in inner:
                found.update(re.findall(r"\w+", _text(inner["what"])))
    for m in _walk(out.get("buffs", {})):
        found.update(str(k) for k in m)
    return found


__all__ = ["SAFE_OWNERS", "neutrals_possible", "tighten", "written_params"]
