"""Stratega's buffs, in the native format.

A ``Buffs:`` entry becomes a native buff: an ``AdditiveModifier`` amount is an ``add``,
a ``MultiplicationModifier`` of ``m`` a factor of ``1 + m`` (Stratega adds ``m`` times
the parameter's base maximum). Every ``ApplyBuff`` adds one more buff in Stratega, so
buffs stack. ``ApplyBuff(x, B, ticks)`` lasts ``ticks`` rounds (at least until the
round ends, as a buff of 0 ticks does in Stratega).

Stratega raises a buffed parameter's maximum and moves its value by as much; the native
buff works its value out from the base and keeps it within the declared bounds. So the
maximum of each parameter a buff raises is widened here by what every buff type could
add (each once), or the buffed value would be cut back to the old maximum. Exact for a
parameter with additions only, or one multiplier, at its maximum; docs/stratega.md
says where it differs.
"""

from __future__ import annotations

from typing import Any

from ..source import Node
from .context import Translation
from .functions import CONDITIONS, EFFECTS, Build, Fn, register
from .speech import Expr, Ref, SpeechError


def buffs(t: Translation, node: Node) -> None:
    """``Buffs``: named additive and multiplying modifiers of parameters."""
    out: dict[str, Any] = {}
    names: dict[str, dict[str, dict[str, float]]] = {}
    known = ({p for e in t.entities.values() for p in e.params} | set(t.player_params))
    for name, n in t.need_map(node, "`Buffs`").items():
        loc = node.key_locs[name]
        if not name.isalpha():
            t.fail(loc, f"`{name}` cannot be a buff name",
                   "Stratega reads names of letters only in its conditions and effects")
            continue
        m = t.keys(n, ("AdditiveModifier", "MultiplicationModifier"), f"buff `{name}`")
        mods: dict[str, dict[str, float]] = {}
        for key in ("AdditiveModifier", "MultiplicationModifier"):
            got: dict[str, float] = {}
            for p, v in t.need_map(m.get(key), f"`{key}` of `{name}`").items():
                if p not in known:
                    t.fail(m[key].key_locs[p], f"no entity or player has a parameter `{p}`")
                    continue
                got[p] = t.need_num(v, "a modifier")
            mods[key] = got
        names[name] = mods
        spec: dict[str, Any] = {"stacking": "stack"}
        if mods["AdditiveModifier"]:
            spec["add"] = {p: _plain(v) for p, v in mods["AdditiveModifier"].items()}
        if mods["MultiplicationModifier"]:
            spec["multiply"] = {p: _plain(1 + v) for p, v in
                                mods["MultiplicationModifier"].items()}
        out[name] = spec
        t.origin(("buffs", name), f"Buffs.{name}", loc)
    t.hooks["buffs"] = names
    t.names.update({name: "buff" for name in names})
    if out:
        t.put(("buffs",), out)
        _widen(t, names)


def _plain(x: float) -> Any:
    return int(x) if float(x).is_integer() else round(x, 12)


def _widen(t: Translation, names: dict[str, dict[str, dict[str, float]]]) -> None:
    """Raise the declared maximum of every parameter a buff can raise, by what all the
    buff types together could add to it (each once)."""
    add: dict[str, float] = {}
    mul: dict[str, float] = {}
    for mods in names.values():
        for p, v in mods["AdditiveModifier"].items():
            add[p] = add.get(p, 0) + max(v, 0)
        for p, v in mods["MultiplicationModifier"].items():
            mul[p] = mul.get(p, 0) + max(v, 0)
    places: list[dict[str, Any]] = [spec.get("params", {}) for spec in
                                    t.out.get("entities", {}).values()]
    places.append(t.out.get("player", {}))
    for params in places:
        for p, decl in params.items():
            if (p not in add and p not in mul) or not isinstance(decl, dict) or "max" not in decl:
                continue
            high = decl["max"]
            decl["max"] = _plain(high * (1 + mul.get(p, 0)) + add.get(p, 0))


def _buff_name(b: Build, e: Expr) -> str:
    known: dict[str, Any] = b.hooks.get("buffs", {})
    if isinstance(e, Ref) and len(e.parts) == 1 and e.parts[0][0] in known:
        return e.parts[0][0]
    name = e.parts[0][0] if isinstance(e, Ref) else ""
    raise SpeechError(e.at, f"expected a buff here{f', not `{name}`' if name else ''}",
                      f"buffs: {', '.join(known)}" if known else "declare it under `Buffs`")


def _holder(b: Build, e: Expr) -> tuple[str, str]:
    """Who holds the buff: ``("on", entity)`` or ``("player", player)``."""
    v = b.val(e)
    if v.kind == "entity":
        return "on", v.text
    if v.kind == "player":
        return "player", v.text
    raise SpeechError(e.at, "a buff is held by an entity or a player (`Target`, "
                            "`Source.Player`)")


def _apply(b: Build, a: list[Expr]) -> list[dict[str, Any]]:
    key, who = _holder(b, a[0])
    name = _buff_name(b, a[1])
    ticks = b.number(a[2])
    try:
        turns: Any = max(1, int(float(ticks)))
    except ValueError:
        turns = f"max([1, floor({ticks})])"
    return [{"apply_buff": {key: who, "buff": name, "turns": turns}}]


def _has(b: Build, a: list[Expr], negate: bool) -> str:
    key, who = _holder(b, a[0])
    name = _buff_name(b, a[1])
    test = f"has_buff({who}, {name!r})" if key == "on" else \
        f"player_has_buff({who}, {name!r})"
    return f"not {test}" if negate else test


def install() -> None:
    """Fill in ``ApplyBuff``, ``HasBuff`` and ``HasNoBuff``."""
    register(EFFECTS, "ApplyBuff", Fn(3, 3, _apply))
    register(CONDITIONS, "HasBuff", Fn(2, 2, lambda b, a: _has(b, a, False)))
    register(CONDITIONS, "HasNoBuff", Fn(2, 2, lambda b, a: _has(b, a, True)))


__all__ = ["buffs", "install"]
