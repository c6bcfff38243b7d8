#!/usr/bin/env python3
"""Independent reference values for tests/report/*_test.ts.

Computed with exact integers (fractions) for McNemar and with mpmath at 50 digits for the Wilson and
Newcombe intervals and the binomial tails, straight from the formulas in reference/report.md, so the TypeScript code is
checked against a second implementation in another language and another arithmetic.
Run: python3 tests/report/reference_stats.py  (needs mpmath)
"""
from fractions import Fraction
from math import comb

from mpmath import erfinv, exp, log, loggamma, mp, mpf, sqrt

mp.dps = 50
Z = sqrt(2) * erfinv(mpf("0.95"))


def wilson(x, n):
    x, n = mpf(x), mpf(n)
    c = 2 * x + Z * Z
    r = Z * sqrt(Z * Z + 4 * x * (n - x) / n)
    d = 2 * (n + Z * Z)
    return (c - r) / d, (c + r) / d


def newcombe(a, b, c, d):
    n = a + b + c + d
    p1, p2 = mpf(a + b) / n, mpf(a + c) / n
    l1, u1 = wilson(a + b, n)
    l2, u2 = wilson(a + c, n)
    margins = (a + b, c + d, a + c, b + d)
    if 0 in margins:
        phi = mpf(0)
    else:
        root = sqrt(mpf(margins[0]) * margins[1] * margins[2] * margins[3])
        big_a = a * d - b * c
        if big_a > mpf(n) / 2:
            phi = (big_a - mpf(n) / 2) / root
        elif big_a >= 0:
            phi = mpf(0)
        else:
            phi = big_a / root
    diff = p1 - p2
    lower = diff - sqrt((p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2)
    upper = diff + sqrt((u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2)
    return diff, max(lower, -1), min(upper, 1)


def mcnemar(b, c):
    n, m = b + c, min(b, c)
    tail = sum(comb(n, k) for k in range(m + 1))
    return min(Fraction(1), Fraction(2 * tail, 2**n))


def binomial_pmf(k, n, p):
    return exp(loggamma(n + 1) - loggamma(k + 1) - loggamma(n - k + 1) + k * log(p)
               + (n - k) * log(1 - p))


def binomial_at_least(k, n, p):
    """P(X >= k), X ~ Binomial(n, p), p the double given taken exactly: the tail without the
    mode summed outward from its largest term to 1e-40 of the sum (1 minus it when it holds it)."""
    p = mpf(p)
    if k <= 0:
        return mpf(1)
    if k <= int((n + 1) * p):
        t, j = binomial_pmf(k - 1, n, p), k - 1
        s = t
        while j > 0 and t >= s * mpf(10) ** -40:
            t, j = t * j / (n - j + 1) * (1 - p) / p, j - 1
            s += t
        return 1 - s
    t, j = binomial_pmf(k, n, p), k
    s = t
    while j < n and t >= s * mpf(10) ** -40:
        t, j = t * (n - j) / (j + 1) * p / (1 - p), j + 1
        s += t
    return s


def holm(ps):
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    out, running = [0] * m, Fraction(0)
    for rank, i in enumerate(order):
        running = max(running, min(Fraction(1), (m - rank) * ps[i]))
        out[i] = running
    return out


if __name__ == "__main__":
    for x, n in [(81, 263), (15, 148), (0, 20), (1, 29), (0, 1), (1, 1), (60000, 60000), (0, 60000),
                 (1, 60000), (41234, 60000)]:
        lo, hi = wilson(x, n)
        print("wilson", x, n, mp.nstr(lo, 17), mp.nstr(hi, 17))
    for t in [(59, 6, 16, 80), (1, 1, 7, 12), (14, 5, 0, 22), (10, 0, 0, 5), (5, 0, 0, 0),
              (0, 0, 0, 5), (1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (40000, 3000, 2500, 14500)]:
        diff, lo, hi = newcombe(*t)
        print("newcombe", t, mp.nstr(diff, 17), mp.nstr(lo, 17), mp.nstr(hi, 17))
    for b, c in [(1, 7), (6, 16), (0, 0), (0, 1), (0, 5), (3, 3), (10, 20), (2900, 3100),
                 (29950, 30050), (0, 1000), (30, 1000), (9000, 9400)]:
        p = mcnemar(b, c)
        print("mcnemar", b, c, mp.nstr(mpf(p.numerator) / p.denominator, 17))
    for k, n, p in [(115, 200, 0.6), (150, 200, 0.6), (18300, 60000, 0.3), (30000, 60000, 0.51),
                    (6200, 12000, 0.55), (31000, 60000, 0.5), (2, 60000, 0.0000004),
                    (59990, 60000, 0.9999), (1, 1, 0.5), (7, 10, 0.001)]:
        print("binomial P(X >= k)", k, n, p, mp.nstr(binomial_at_least(k, n, p), 17))
    for k, n, p in [(100, 200, 0.6), (18000, 60000, 0.3), (0, 60000, 0.0000004),
                    (60000, 60000, 0.9999), (3, 10, 0.001), (30000, 60000, 0.5)]:
        print("binomial ln P(X = k)", k, n, p, mp.nstr(log(binomial_pmf(k, n, mpf(p))), 17))
    ps = [Fraction(1, 100), Fraction(4, 100), Fraction(3, 100), Fraction(5, 1000)]
    print("holm", [float(p) for p in holm(ps)])
