"""Translating one Stratega condition or effect string, with its problems located.

A string is read by ``speech.parse_call``; its function is looked up in
``functions.CONDITIONS`` or ``functions.EFFECTS``; its builder writes the native
text. Any problem — a string that cannot be read, an unknown function, a wrong number
of arguments, an unknown name or parameter, a construct not yet supported — is
recorded at the file, line and column of the offending character of the string.
"""

from __future__ import annotations

from typing import Any

from ..errors import did_you_mean
from ..reading import Skip
from ..source import Node
from .context import Translation
from .functions import CONDITIONS, EFFECTS, Build, Fn
from .speech import Call, Scope, SpeechError, parse_call

SUPPORT = "docs/stratega.md lists what is carried over"
MISSPELT = {
    # names some of Stratega's own configurations use, which its engine does not know
    "NoHasEntity": "Stratega's engine knows it as `HasNoEntity(Source, Type)`",
    "ResourceGreater": "Stratega's engine has `ResourceGreaterEqual(param, value)`: "
                       "for integers, `ResourceGreaterEqual(param, value + 1)`",
}


def builder(t: Translation, scope: Scope) -> Build:
    """A builder's view of the translation, for calls in ``scope``."""
    mins: dict[str, set[float]] = {}
    for info in t.entities.values():
        for name, p in info.params.items():
            mins.setdefault(f"entity:{name}", set()).add(p.low)
    for name, p in t.player_params.items():
        mins.setdefault(f"player:{name}", set()).add(p.low)
    for name, p in t.state_params.items():
        mins.setdefault(f"game:{name}", set()).add(p.low)
    for name, p in t.tile_params.items():
        mins.setdefault(f"tile:{name}", set()).add(p.low)
    return Build(scope, t.walkable, list(t.tiles), t.groups,
                 {k: p.high for k, p in t.player_params.items()}, mins, hooks=t.hooks)


def _call(t: Translation, node: Node, table: dict[str, Fn], other: dict[str, Fn],
          what: str) -> tuple[Call, Fn]:
    text = t.need_str(node, f"a Stratega {what}")
    try:
        call = parse_call(text)
    except SpeechError as exc:
        t.fail(node.text_loc(exc.offset), exc.message, exc.hint)
        raise Skip from None
    fn = table.get(call.name)
    loc = node.text_loc(call.at)
    if fn is None:
        if call.name in other:
            t.fail(loc, f"`{call.name}` is {'an effect' if what == 'condition' else 'a condition'}"
                        f", not {'a condition' if what == 'condition' else 'an effect'}")
        else:
            t.fail(loc, f"unknown Stratega {what} `{call.name}`",
                   MISSPELT.get(call.name) or did_you_mean(call.name, table) or SUPPORT)
        raise Skip
    if fn.later:
        t.fail(loc, f"`{call.name}` is not yet supported by the Stratega importer "
                    f"({fn.later})", "write this part in the native format "
                                     "(`stratagem import-stratega`, docs/stratega.md)")
        raise Skip
    if fn.instead:
        t.fail(loc, f"`{call.name}` cannot be carried over", fn.instead)
        raise Skip
    n = len(call.args)
    if not fn.low <= n <= fn.high:
        want = str(fn.low) if fn.low == fn.high else f"{fn.low} to {fn.high}"
        t.fail(node.text_loc(call.open_at), f"`{call.name}` takes {want} "
                                            f"argument{'s' if fn.high != 1 else ''}, not {n}")
        raise Skip
    return call, fn


def condition(t: Translation, node: Node, scope: Scope) -> str:
    """The native condition a Stratega condition string stands for (``Skip`` on a
    problem, recorded)."""
    call, fn = _call(t, node, CONDITIONS, EFFECTS, "condition")
    b = builder(t, scope)
    assert fn.build is not None
    try:
        text: str = fn.build(b, list(call.args))
    except SpeechError as exc:
        t.fail(node.text_loc(exc.offset), exc.message, exc.hint)
        raise Skip from None
    return text


def effects(t: Translation, node: Node, scope: Scope, rolls: list[int]) -> list[Any]:
    """The native effects a Stratega effect string stands for (``Skip`` on a problem,
    recorded). ``rolls`` numbers the names of the dice rolled, across one action."""
    call, fn = _call(t, node, EFFECTS, CONDITIONS, "effect")
    b = builder(t, scope)
    b.rolls = rolls
    assert fn.build is not None
    try:
        out: list[Any] = fn.build(b, list(call.args))
    except SpeechError as exc:
        t.fail(node.text_loc(exc.offset), exc.message, exc.hint)
        raise Skip from None
    return b.pre + out


def calls_in(t: Translation, node: Node | None, what: str) -> list[Node]:
    """The strings of a list of conditions or effects (a lone string is a list of one)."""
    if node is None:
        return []
    if isinstance(node.value, str):
        return [node]
    return t.need_list(node, f"`{what}`")


__all__ = ["builder", "calls_in", "condition", "effects"]
