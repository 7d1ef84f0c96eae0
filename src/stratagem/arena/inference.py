"""The tests behind the arena's claims: exact binomial ones, the score test a Wilson
interval inverts, and Holm's correction when several claims are tested at once.

- ``sign_test`` and ``clopper_pearson``: the exact two-sided test of ``k`` successes in
  ``n`` against one half, and the exact interval of ``k / n``; the interval excludes one
  half exactly when the test's p is below 0.05.
- ``score_test``: the two-sided p of a share against ``p0`` by the score (Wilson) test:
  below 0.05 exactly when the 95% Wilson interval excludes ``p0``.
- ``holm``: Holm's step-down adjustment of several p-values, which keeps the chance of
  any false claim among them at 5% whatever the tests' dependence (each side's win rate
  at a table of three is one of three tests).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

LEVEL = 0.05
"""A claim is made when its (adjusted) p is below this."""


def _log_pmf(k: int, n: int, p: float) -> float:
    if p <= 0.0:
        return 0.0 if k == 0 else -math.inf
    if p >= 1.0:
        return 0.0 if k == n else -math.inf
    return (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
            + k * math.log(p) + (n - k) * math.log1p(-p))


def binomial_cdf(k: int, n: int, p: float) -> float:
    """P(X <= k) for X ~ Binomial(n, p)."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    return min(1.0, sum(math.exp(_log_pmf(i, n, p)) for i in range(k + 1)))


def sign_test(k: int, n: int) -> float:
    """The exact two-sided p-value of ``k`` successes in ``n`` trials against p = 1/2."""
    if n == 0:
        return 1.0
    tail = binomial_cdf(min(k, n - k), n, 0.5)
    return min(1.0, 2 * tail)


def clopper_pearson(k: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """The exact (Clopper-Pearson) interval of a proportion ``k / n``."""
    if n == 0:
        return (0.0, 1.0)
    alpha = (1 - level) / 2

    def solve(target: float, upper: bool) -> float:
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = (lo + hi) / 2
            # upper bound: P(X <= k; p) = alpha; lower: P(X >= k; p) = alpha
            value = (binomial_cdf(k, n, mid) if upper else 1 - binomial_cdf(k - 1, n, mid))
            if (value > target) == upper:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    low = 0.0 if k == 0 else solve(alpha, upper=False)
    high = 1.0 if k == n else solve(alpha, upper=True)
    return (low, high)


def score_test(successes: float, n: int, p0: float) -> float:
    """The two-sided p-value of ``successes / n`` against ``p0`` by the score test (the
    test whose 95% acceptance region is the Wilson interval)."""
    if n <= 0 or not 0 < p0 < 1:
        return 1.0
    z = (successes / n - p0) / math.sqrt(p0 * (1 - p0) / n)
    return math.erfc(abs(z) / math.sqrt(2))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's adjusted p-values, in the order given: the ``i``-th smallest of ``m`` is
    multiplied by ``m - i`` (from ``i = 0``), and none is below a smaller one's."""
    m = len(p_values)
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(sorted(range(m), key=lambda j: p_values[j])):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


__all__ = ["LEVEL", "binomial_cdf", "clopper_pearson", "holm", "score_test", "sign_test"]
