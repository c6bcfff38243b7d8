#!/usr/bin/env python3
"""Independent reference for the decision statistics of src/report, checked by tests/report/*_test.ts.

Written from the definitions in reference/report.md, not from the TypeScript: the binomial and beta
functions are scipy's (Boost) but for binomial_sf, a sum in 40-digit decimals (the binom.sf of an
older scipy, such as Debian 12's 1.10, is less exact than the test asks), the small-table p-values
exact fractions, the power a sum over every count of discordant items, the simulation draws items.
The decision interval and Holm's procedure around it are reference/python/decision.py's (imported:
one Python implementation of the interval, held to the TypeScript here and by
tests/reference/decision_differential_test.ts). Needs numpy and scipy (1.10 or later).

Run: python3 tests/report/reference_decision.py COMMAND < input.jsonl
Each input line is a JSON object; each output line the answer for it. Commands:

  power        {n, psi, d, alpha, model}         exact power of the exact McNemar test
  mdd          {n, psi, alpha, power, model}     the minimum detectable difference (or null)
  simulate     {n, psi, d, alpha, reps, seed}    the power, by drawing items (seeded)
  interval     {b, c, n, alpha}                  the 1 - alpha decision interval: {lower, upper}
  family       {alpha, tables: [[b, c, n], ...]} Holm's decision at 9 alpha / 10, adjusted p-values, and
               each decision interval at its Holm step: {p, adjusted, rejected, level, testLevel,
               lower, upper} (a table with n = 0 is left out of the family: null)
  sweep        {alpha, others: [[b, c, n]], top} the same for [[b, c, top], *others], every b + c <= top
               (the first table's answer, as lists)
  binomial_sf  {k, n, p}                         P(X >= k), X ~ Binomial(n, p)
  gamma_q      {a, x}                            the upper regularized incomplete gamma function
  chi2         {groups: [[x, n], ...]}           Pearson's chi-square test of homogeneity
"""
import json
import sys
from decimal import Decimal, localcontext
from fractions import Fraction
from functools import lru_cache
from math import factorial
from pathlib import Path

import numpy as np
from scipy import special, stats
from scipy.optimize import brentq

sys.dont_write_bytecode = True  # leave no __pycache__ in the repository
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "reference" / "python"))
import decision  # noqa: E402  (reference/python/decision.py: the decision interval)


def critical(counts, alpha):
    """For each count N, the largest k with 2 P(X <= k) < alpha, X ~ Binomial(N, 1/2); -1 if none."""
    counts = np.asarray(counts, dtype=np.int64)
    k = np.maximum(stats.binom.ppf(alpha / 2, counts, 0.5).astype(np.int64) - 1, -1)
    for _ in range(10):
        up = (2 * (k + 1) < counts) & (2 * stats.binom.cdf(k + 1, counts, 0.5) < alpha)
        down = (k >= 0) & (2 * stats.binom.cdf(k, counts, 0.5) >= alpha)
        if not up.any() and not down.any():
            return k
        k = np.where(up, k + 1, np.where(down, k - 1, k))
    raise RuntimeError("critical values did not settle")


@lru_cache(maxsize=64)
def plan(n, psi, alpha, model):
    """The counts of discordant items with their probabilities (all but 1e-15 of the mass) and
    critical values."""
    if model == "fixed":
        counts, weights = np.array([round(psi * n)]), np.array([1.0])
    else:
        lo, hi = stats.binom.ppf([1e-16, 1 - 1e-16], n, psi).astype(np.int64)
        counts = np.arange(max(0, lo - 1), min(n, hi + 1) + 1)
        weights = stats.binom.pmf(counts, n, psi)
    return counts, weights, critical(counts, alpha)


def power(n, psi, d, alpha, model):
    """P(the exact test says 'better') when the first model is better by d (by symmetry, either)."""
    if psi == 0:
        return 0.0
    pi = (1 + abs(d) / psi) / 2
    counts, weights, k = plan(n, psi, alpha, model)
    # X >= N - k: the region where b is large; binom.sf(N - k - 1) = P(X > N - k - 1)
    tails = np.where(k >= 0, stats.binom.sf(counts - k - 1, counts, pi), 0.0)
    total = float(np.sum(weights * tails))
    return 2 * total if d == 0 else total


def mdd(n, psi, alpha, target, model):
    if psi == 0 or power(n, psi, psi, alpha, model) < target:
        return None
    return brentq(lambda d: power(n, psi, d, alpha, model) - target, 1e-12 * psi, psi, xtol=1e-13)


def simulate(n, psi, d, alpha, reps, seed):
    """Draws `reps` runs of n items (each discordant for the first model with probability
    psi*pi, for the second with psi*(1 - pi)) and counts the runs where the exact test says
    'better' (or 'worse' when d < 0)."""
    rng = np.random.default_rng(seed)
    pi = (1 + d / psi) / 2
    draws = rng.multinomial(n, [psi * pi, psi * (1 - pi), 1 - psi], size=reps)
    b, c = draws[:, 0], draws[:, 1]
    p = np.minimum(1.0, 2 * stats.binom.cdf(np.minimum(b, c), b + c, 0.5))
    p = np.where(b + c == 0, 1.0, p)
    right_way = b > c if d > 0 else c > b
    return {"power": float(np.mean((p < alpha) & right_way)), "reps": reps}


def sweep(alpha, others, top):
    """decision.coherent() for [[b, c, top], *others] for every b + c <= top, the first table's
    answer only, vectorized over the tables."""
    rows = [(b, total - b) for total in range(top + 1) for b in range(total + 1)]
    other_ps = [decision.mcnemar_p(b, c) for b, c, _ in others]
    steps, rejected, p_out = [], [], []
    for b, c in rows:
        p = decision.mcnemar_p(b, c)
        (rej, step), *_ = decision.holm([p, *other_ps], alpha)
        steps.append(step)
        rejected.append(rej)
        p_out.append(float(p))
    step = np.array(steps, dtype=float)
    level, test = alpha / step, alpha * 9 / 10 / step
    lower, upper = decision.limits([r[0] for r in rows], [r[1] for r in rows], top, level,
                                   rejected)
    return {"b": [r[0] for r in rows], "c": [r[1] for r in rows], "p": p_out,
            "level": level.tolist(), "testLevel": test.tolist(), "rejected": rejected,
            "lower": lower.tolist(), "upper": upper.tolist()}


def chi2(groups):
    used = [(x, n) for x, n in groups if n > 0]
    table = np.array([[x for x, _ in used], [n - x for x, n in used]])
    result = stats.chi2_contingency(table, correction=False)
    return {"statistic": float(result.statistic), "df": int(result.dof),
            "p": float(result.pvalue),
            "p_sf": float(stats.chi2.sf(result.statistic, result.dof))}


# Bernoulli numbers B_2 ... B_20, for Stirling's series.
BERNOULLI = [Fraction(1, 6), Fraction(-1, 30), Fraction(1, 42), Fraction(-1, 30), Fraction(5, 66),
             Fraction(-691, 2730), Fraction(7, 6), Fraction(-3617, 510), Fraction(43867, 798),
             Fraction(-174611, 330)]
PI = Decimal("3.14159265358979323846264338327950288419716939937510")


def ln_factorial(x):
    """ln(x!) in the current decimal context (to 40 digits): exact below 30, else Stirling's series
    to B_20 (its error there is below 1e-27, absolute)."""
    if x < 30:
        return Decimal(factorial(x)).ln()
    y = Decimal(x + 1)
    s = (y - Decimal("0.5")) * y.ln() - y + (2 * PI).ln() / 2
    for i, b in enumerate(BERNOULLI, start=1):
        s += Decimal(b.numerator) / b.denominator / (2 * i * (2 * i - 1) * y ** (2 * i - 1))
    return s


def binomial_sf(k, n, p):
    """P(X >= k), X ~ Binomial(n, p), p the double given taken exactly: the terms summed in 40-digit
    decimal arithmetic, from k up when k is above the mean, else 1 less the terms below k. scipy's
    binom.sf is not used here: the one of scipy 1.10 (Debian 12's) is off by 5e-13 at
    P(X >= 11647), n 59635, p 0.1965, more than the test allows."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    with localcontext() as ctx:
        ctx.prec = 40
        p = Decimal(p)
        q = 1 - p
        if p == 0 or q == 0:
            return float(q == 0)
        upper = k > n * p
        j = k if upper else k - 1
        ln_comb = ln_factorial(n) - ln_factorial(j) - ln_factorial(n - j)
        term = (ln_comb + j * p.ln() + (n - j) * q.ln()).exp()
        total = Decimal(0)
        while 0 <= j <= n:
            total += term
            # Past the mode, the terms only fall: stop when they no longer count.
            if (j > n * p if upper else j < n * p) and term < total * Decimal("1e-30"):
                break
            if upper:
                term = term * (n - j) * p / ((j + 1) * q)
                j += 1
            else:
                term = term * j * q / ((n - j + 1) * p)
                j -= 1
        return float(total if upper else 1 - total)


def answer(command, q):
    if command == "power":
        return power(q["n"], q["psi"], q["d"], q["alpha"], q["model"])
    if command == "mdd":
        return mdd(q["n"], q["psi"], q["alpha"], q["power"], q["model"])
    if command == "simulate":
        return simulate(q["n"], q["psi"], q["d"], q["alpha"], q["reps"], q["seed"])
    if command == "interval":
        lower, upper = decision.interval(q["b"], q["c"], q["n"], q["alpha"])
        return {"lower": lower, "upper": upper}
    if command == "family":
        return decision.coherent(q["alpha"], q["tables"])
    if command == "sweep":
        return sweep(q["alpha"], q["others"], q["top"])
    if command == "binomial_sf":
        return binomial_sf(q["k"], q["n"], q["p"])
    if command == "gamma_q":
        return float(special.gammaincc(q["a"], q["x"]))
    if command == "chi2":
        return chi2(q["groups"])
    raise SystemExit(f"unknown command {command}")


if __name__ == "__main__":
    name = sys.argv[1]
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(answer(name, json.loads(line))), flush=True)
