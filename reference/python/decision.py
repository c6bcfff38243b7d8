#!/usr/bin/env python3
"""The decision interval of the report, from its definition (issue 21; reference/report.md), with
scipy. Not translated from the TypeScript (src/report/stats/decision_interval.ts).

n paired items, N = b + c discordant (b favour the first model, c the second). The difference of
accuracies is d = delta (2 pi - 1): delta the chance that an item is discordant, pi the chance that
a discordant item favours the first model. At level l (a 1 - l interval), the test's share is
l_pi = 9 l / 10 and the discordance's l_delta = l - l_pi:

  pi in [pi_L, pi_U]: the two-sided Clopper-Pearson interval for b of N at l_pi
      pi_L = Beta.ppf(l_pi/2; b, c + 1) (0 when b = 0), pi_U = Beta.ppf(1 - l_pi/2; b + 1, c)
      (1 when c = 0); [0, 1] when N = 0;
  delta in [delta_L, delta_U]: the same for N of n at l_delta;
  g_L = 2 pi_L - 1, g_U = 2 pi_U - 1;
  lower = g_L delta_U if g_L < 0 else g_L delta_L;  upper = g_U delta_U if g_U > 0 else g_U delta_L.

Each upper quantile is taken as 1 less the lower quantile of the other side (Beta.ppf(1 - t; x + 1,
N - x) = 1 - Beta.ppf(t; N - x, x + 1)), so that 1 - t is never rounded and swapping the models
mirrors the interval exactly. scipy's betaincinv (Boost's ibeta_inv) is accurate here to about 2e-14
absolute (checked against a 30-digit binomial sum with mpmath at 200 random limits up to n = 60,000),
well inside the 1e-11 the differential test asks.

pi_L > 1/2 exactly when P(X >= b | 1/2) < l_pi/2, that is when the exact McNemar p-value
(2 P(X <= min(b, c) | 1/2), at most 1) is below l_pi and b > c: the interval excludes 0 exactly when
the test rejects. When p is within a rounding of l_pi, betaincinv may land on the wrong side of 1/2;
the p-value is then decided exactly (in fractions when N <= 2000) and pi_L (pi_U) is moved to the
double next to 1/2 on the decided side. That moves a limit by at most 1e-16.

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
from scipy import special, stats

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


def lower_limit(x, size, tail):
    """The Clopper-Pearson lower limit for x of size at one-sided tail: Beta.ppf(tail; x, size - x
    + 1), 0 when x = 0. Arrays (numpy broadcasting)."""
    x, size = np.asarray(x, dtype=float), np.asarray(size, dtype=float)
    with np.errstate(all="ignore"):
        q = special.betaincinv(np.maximum(x, 1), size - x + 1, tail)
    return np.where(x == 0, 0.0, q)


def limits(b, c, n, test_level, delta_level, rejected):
    """The interval for d, vectorized: b, c, n counts; test_level (l_pi) and delta_level (l_delta)
    levels; rejected whether p < test_level (decided by the caller, exactly where it can be)."""
    b, c, n = (np.asarray(v, dtype=float) for v in (b, c, n))
    test_level, delta_level = np.asarray(test_level, float), np.asarray(delta_level, float)
    rejected = np.asarray(rejected, dtype=bool)
    big_n = b + c
    pi_lo = lower_limit(b, big_n, test_level / 2)
    pi_hi = 1 - lower_limit(c, big_n, test_level / 2)
    # The side of 1/2 each limit is on, as the exact test decides it.
    above, below_half = np.nextafter(0.5, 1), np.nextafter(0.5, 0)
    pi_lo = np.where(rejected & (b > c), np.maximum(pi_lo, above), pi_lo)
    pi_hi = np.where(rejected & (c > b), np.minimum(pi_hi, below_half), pi_hi)
    pi_lo = np.where(~rejected, np.minimum(pi_lo, 0.5), pi_lo)
    pi_hi = np.where(~rejected, np.maximum(pi_hi, 0.5), pi_hi)
    pi_lo = np.where(big_n == 0, 0.0, pi_lo)
    pi_hi = np.where(big_n == 0, 1.0, pi_hi)
    delta_lo = lower_limit(big_n, n, delta_level / 2)
    delta_hi = 1 - lower_limit(n - big_n, n, delta_level / 2)
    g_lo, g_hi = 2 * pi_lo - 1, 2 * pi_hi - 1
    lower = np.where(g_lo < 0, g_lo * delta_hi, g_lo * delta_lo)
    upper = np.where(g_hi > 0, g_hi * delta_hi, g_hi * delta_lo)
    return lower, upper


def interval(b, c, n, alpha):
    """The 1 - alpha decision interval of one table (n >= 1): (lower, upper)."""
    test = alpha * 9 / 10
    rejected = below(mcnemar_p(b, c), rational(alpha) * TEST_SHARE)
    lower, upper = limits(b, c, n, test, alpha - test, rejected)
    return float(lower), float(upper)


def intervals(rows):
    """interval() for many {"b", "c", "n", "alpha"} at once."""
    alpha = np.array([r["alpha"] for r in rows], dtype=float)
    test = alpha * 9 / 10
    rejected = [below(mcnemar_p(r["b"], r["c"]), rational(r["alpha"]) * TEST_SHARE) for r in rows]
    lower, upper = limits([r["b"] for r in rows], [r["c"] for r in rows],
                          [r["n"] for r in rows], test, alpha - test, rejected)
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
        lower, upper = limits(b, c, n, test, level - test, rejected)
        out[i] = {"p": float(p), "adjusted": adjusted, "rejected": rejected, "level": level,
                  "testLevel": test, "lower": float(lower), "upper": float(upper)}
    return out


if __name__ == "__main__":
    if sys.argv[1:] != ["interval"]:
        raise SystemExit("usage: decision.py interval < tables.jsonl")
    rows = [json.loads(line) for line in sys.stdin if line.strip()]
    sys.stdout.write("".join(json.dumps(x) + "\n" for x in intervals(rows)))
