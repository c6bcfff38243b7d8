#!/usr/bin/env python3
"""The decision interval of the report, from its definition (issues 21 and 35; reference/report.md),
with scipy. Not translated from the TypeScript (src/report/stats/decision_interval.ts).

n paired items, N = b + c discordant (b favour the first model, c the second). At level l (a 1 - l
interval) the test's level is l_test = 9 l / 10 and the interval is

  the melded interval of Fay & Lumbard (2021; exact2x2::mcnemarExactDP) at l/2 each side
  (melded.py), with each end moved to 0 when the exact McNemar test does not reject at l_test:
  lower = min(lower, 0), upper = max(upper, 0).

The melded lower end is above 0 exactly when P(X >= b | 1/2) < l/2, which a rejection at l_test
(2 P(X >= b | 1/2) < 9 l / 10, b > c) implies; so the interval excludes 0 exactly when the test
rejects. The test is decided exactly (in fractions when N <= 2000).

coherent(alpha, tables) runs Holm's step-down on the exact p-values at the family's test level
9 alpha / 10; a comparison decided at Holm step k (k = min(rank, the first rank not rejected)) gets
the test level (9 alpha / 10)/(m - k + 1) and an interval at level alpha/(m - k + 1). A table with
n = 0 is left out of the family (None).

Needs numpy and scipy, unlike the rest of reference/python (the standard library only).

    python3 reference/python/decision.py interval < tables.jsonl

One {"b", "c", "n", "alpha"} per input line; one {"lower", "upper"} per output line, in order.
"""

import json
import sys
from fractions import Fraction
from functools import lru_cache

import numpy as np
from scipy import stats

import melded

TEST_SHARE = Fraction(9, 10)
EXACT_UP_TO = 2000  # the largest N whose p-value is summed in fractions


def rational(level):
    """The fraction a level such as 0.05 or 0.05/3 stands for (1/20, 1/60)."""
    return Fraction(level).limit_denominator(10**9)


@lru_cache(maxsize=None)
def mcnemar_p(b, c):
    """The exact McNemar p-value: a Fraction when b + c <= EXACT_UP_TO, else a float."""
    big_n, low = b + c, min(b, c)
    if big_n <= EXACT_UP_TO:
        term = tail = 1  # C(N, 0); then C(N, k) = C(N, k - 1) (N - k + 1) / k
        for k in range(1, low + 1):
            term = term * (big_n - k + 1) // k
            tail += term
        return min(Fraction(1), Fraction(2 * tail, 2**big_n))
    return min(1.0, 2 * float(stats.binom.cdf(low, big_n, 0.5)))


def below(p, level):
    """Whether p < level: exactly when p is a fraction and level a Fraction."""
    if isinstance(p, Fraction) and isinstance(level, Fraction):
        return p < level
    return float(p) < float(level)


def limits(b, c, n, level, rejected):
    """The interval for d, vectorized: b, c, n counts; level the interval's (l); rejected whether
    the exact test rejects at its test level (decided by the caller, exactly where it can be)."""
    b, c, n = (np.asarray(v, dtype=float) for v in (b, c, n))
    level = np.asarray(level, dtype=float)
    rejected = np.asarray(rejected, dtype=bool)
    lower = melded.lower_limits(b, c, n, level / 2)
    upper = -melded.lower_limits(c, b, n, level / 2)
    return np.where(rejected, lower, np.minimum(lower, 0.0)), np.where(rejected, upper,
                                                                     np.maximum(upper, 0.0))


def interval(b, c, n, alpha):
    """The 1 - alpha decision interval of one table (n >= 1): (lower, upper)."""
    rejected = below(mcnemar_p(b, c), rational(alpha) * TEST_SHARE)
    lower, upper = limits(b, c, n, alpha, rejected)
    return float(lower), float(upper)


def intervals(rows):
    """interval() for many {"b", "c", "n", "alpha"} at once."""
    alpha = np.array([r["alpha"] for r in rows], dtype=float)
    rejected = [below(mcnemar_p(r["b"], r["c"]), rational(r["alpha"]) * TEST_SHARE) for r in rows]
    lower, upper = limits([r["b"] for r in rows], [r["c"] for r in rows],
                          [r["n"] for r in rows], alpha, rejected)
    return [{"lower": float(lo), "upper": float(hi)} for lo, hi in zip(lower, upper)]


def holm(ps, alpha):
    """Holm's step-down at the family test level 9 alpha / 10, ties ranked in the order given: for
    each p, (rejected, step) with step = m - k + 1, k = min(rank, the first rank not rejected)."""
    m = len(ps)
    family_test = rational(alpha) * TEST_SHARE
    order = sorted(range(m), key=lambda i: (float(ps[i]), i))
    out = [None] * m
    stopped = None  # the first rank (from 1) not rejected
    for position, i in enumerate(order):
        rank = position + 1
        if stopped is None and not below(ps[i], family_test / (m - rank + 1)):
            stopped = rank
        k = rank if stopped is None else stopped
        out[i] = (stopped is None, m - k + 1)
    return out


def holm_adjusted(ps):
    """Holm's adjusted p-values, in the order given: min(1, max over j <= i of (m - j + 1) p_(j))."""
    m = len(ps)
    order = sorted(range(m), key=lambda i: (float(ps[i]), i))
    out = [None] * m
    running = 0.0
    for position, i in enumerate(order):
        running = max(running, min(1.0, (m - position) * float(ps[i])))
        out[i] = running
    return out


def coherent(alpha, tables):
    """Each [b, c, n] of a family at its Holm step: {p, adjusted, rejected, level, testLevel,
    lower, upper}, or None for a table with n = 0 (left out of the family)."""
    used = [i for i, (_, _, n) in enumerate(tables) if n > 0]
    ps = [mcnemar_p(tables[i][0], tables[i][1]) for i in used]
    out = [None] * len(tables)
    for i, p, (rejected, step), adjusted in zip(used, ps, holm(ps, alpha), holm_adjusted(ps)):
        b, c, n = tables[i]
        level, test = alpha / step, alpha * 9 / 10 / step
        lower, upper = limits(b, c, n, level, rejected)
        out[i] = {"p": float(p), "adjusted": adjusted, "rejected": rejected, "level": level,
                  "testLevel": test, "lower": float(lower), "upper": float(upper)}
    return out


if __name__ == "__main__":
    if sys.argv[1:] != ["interval"]:
        raise SystemExit("usage: decision.py interval < tables.jsonl")
    rows = [json.loads(line) for line in sys.stdin if line.strip()]
    sys.stdout.write("".join(json.dumps(x) + "\n" for x in intervals(rows)))
