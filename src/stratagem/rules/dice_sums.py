"""Adding and subtracting dice rolls in expressions, exactly (``2d6 + 1d4 - 1``).

A sum of rolls is itself an exact ``Distribution``: worked out once while
compiling when both sides are known then, else when the expression runs (and
cached, as the same few sums recur).
"""

from __future__ import annotations

import itertools
import operator
from functools import lru_cache

from ..engine import Distribution, dice
from .expr_context import Compiled, ExprError, Fn, constant, is_none

MAX_COMBINE = 4_000_000
"""Most pairs of outcomes adding or subtracting two dice rolls may take
(``100d1000 + 100d1000`` would take ten billion)."""


def dice_sum(a: Compiled, op: str, b: Compiled, off: int) -> Compiled:
    """``a op b`` where one side is a dice roll (``op`` is ``+`` or ``-``); ``ExprError``
    at ``off`` for what cannot be added to dice."""
    for side in (a, b):
        if side.type not in ("dice", "number", "any"):
            raise ExprError(off, f"cannot add a {side.type} to dice")
        if is_none(side):
            raise ExprError(off, "cannot add `none` to dice")
    sign = 1 if op == "+" else -1

    def as_dist(c: Compiled) -> Fn:
        f = c.fn
        if c.type == "dice":
            return f
        return lambda ctx: dice(0, 1).shifted(int(f(ctx)))

    if a.type == "dice" and b.type != "dice":
        fa, fb = a.fn, b.fn
        if a.const and b.const:
            d = a.value.shifted(sign * int(b.value))
            return constant(d, "dice")
        return Compiled(lambda c: fa(c).shifted(sign * int(fb(c))), "dice")
    if b.type == "dice" and a.type != "dice" and sign == 1:
        return dice_sum(b, "+", a, off)
    da, db = as_dist(a), as_dist(b)
    if a.const and b.const:
        try:
            d = combine(a.value if a.type == "dice" else da(None),  # type: ignore[arg-type]
                        b.value if b.type == "dice" else db(None), sign)  # type: ignore[arg-type]
        except ValueError as exc:
            raise ExprError(off, str(exc)) from None
        return constant(d, "dice")
    return Compiled(lambda c: combine(da(c), db(c), sign), "dice")


@lru_cache(maxsize=1024)
def combine(a: Distribution, b: Distribution, sign: int = 1) -> Distribution:
    """The distribution of ``a + sign * b`` (independent rolls).

    ``ValueError`` if that takes more than ``MAX_COMBINE`` pairs of outcomes.
    """
    label = f"{a.label}{'+' if sign > 0 else '-'}{b.label}" if a.label and b.label else ""
    if len(a.values) * len(b.values) > MAX_COMBINE:
        raise ValueError(f"`{label or 'these dice'}` has too many outcomes to work out exactly "
                         f"(at most {MAX_COMBINE} pairs)")
    bv = [sign * v for v in b.values]
    bw = list(b.weights)
    if sign < 0:
        bv.reverse()
        bw.reverse()
    # The shorter list of outcomes is walked one by one; against each of its
    # outcomes the other is added as a whole, as one dense list of weights.
    (short_v, short_w), (long_v, long_w) = sorted(
        ((list(a.values), list(a.weights)), (bv, bw)), key=lambda vw: len(vw[0]))
    low, width = long_v[0], long_v[-1] - long_v[0] + 1
    span = short_v[-1] - short_v[0] + width
    if span > 4 * (len(a.values) + len(b.values)):  # sparse outcomes: pair them one by one
        pairs: dict[int, int] = {}
        for va, wa in zip(short_v, short_w, strict=True):
            for vb, wb in zip(long_v, long_w, strict=True):
                pairs[va + vb] = pairs.get(va + vb, 0) + wa * wb
        return Distribution(pairs.items(), label)
    dense = [0] * width
    for v, w in zip(long_v, long_w, strict=True):
        dense[v - low] = w
    out = [0] * span
    for v, w in zip(short_v, short_w, strict=True):
        at = v - short_v[0]
        out[at:at + width] = map(operator.add, out[at:at + width],
                                 map(operator.mul, dense, itertools.repeat(w)))
    base = short_v[0] + low
    return Distribution(((base + i, w) for i, w in enumerate(out)), label)


__all__ = ["MAX_COMBINE", "combine", "dice_sum"]
