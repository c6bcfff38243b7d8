#!/usr/bin/env python3
"""The figures of several samples per item (issues 28 and 35; reference/report.md), from their
definitions, with numpy and scipy. Not translated from the TypeScript (src/report/stats/
sampled_accuracy.ts, pass_k.ts, sampled_difference.ts, sampled_planning.ts, _betting.ts).

Every interval is the betting confidence interval of a bounded mean (Waudby-Smith & Ramdas 2024,
"Estimating means of bounded random variables by betting"): the values v in [lo, hi] mapped to
x = (v - lo)/(hi - lo), in their order; the predictable plug-in bets for a fixed n,
lambda_t = sqrt(2 log(2/0.05) / (n sigma2_{t-1})), sigma2_{t-1} = (1/4 + sum_{i<t} (x_i -
mu_i)^2)/t, mu_i = (1/2 + sum_{j<=i} x_j)/(i + 2) (numpy cumulative sums); the capitals at the end
K+(m) = prod(1 + min(lambda, 3/4 / m)(x - m)) and K-(m) = prod(1 - min(lambda, 3/4 / (1 - m))(x -
m)); the interval is the m with K+(m) <= 2/level and K-(m) <= 2/level, each end a root found by
scipy's brentq (the whole range's end when there is none), widened to hold the null value when it
is not rejected; the p-value of the null value min(1, 2/max(K+, K-)). No value: the whole range.

One family per input line: {"level", "samples": K, "first": [[asked, right], ...], "second": [...]},
the two models' answers item by item (an item with asked = 0 has no answer from that model). One
output line per family:

  accuracy (of "first", items it answered): mean of p_i = right_i/asked_i; its betting interval on
      [0, 1];
  within: mean over items with asked >= 2 of p_i (1 - p_i) asked_i/(asked_i - 1) (None if none);
  between: max(0, var(p, ddof=1) - mean over those items of within_i/asked_i) (None when n < 2 or
      no within);
  passK: for k = 1..K over items with asked >= k: passAt_i = 1 - comb(asked - right, k)/comb(asked,
      k), passAll_i = comb(right, k)/comb(asked, k) (scipy.special.comb, exact), each averaged with
      its betting interval on [0, 1];
  difference (items both answered): d_i = p_first_i - p_second_i; its mean, its betting interval
      on [-1, 1] and the p-value of 0; method "betting";
  planning (items both answered): dWithin = mean over items both answered >= 2 times of
      v_first_i + v_second_i (v = p (1 - p) asked/(asked - 1)); dBetween = max(0, var(d, ddof=1) -
      mean of v_first_i/asked_first_i + v_second_i/asked_second_i); detectable = for (n, K), (n,
      2K) and (2n, K): with sd = sqrt(dBetween + dWithin/K'), the share q of items changed
      completely (difference +1, the rest sd about 0) that the interval finds with power 0.8
      (concentrated_power below; brentq on q) (None when either part is None); itemsToDecide = the
      fewest whole n' >= 2 whose detectable difference at K is at most the target, max(|difference|,
      difference + margin when the family's "margin" (a fraction, default 0) is above 0) (n'
      doubled from 2, then bisection; None above 1,000,000, with a target not above 0, or without
      the parts).

    python3 reference/python/sampled.py < families.jsonl
"""

import json
import math
import sys
from fractions import Fraction

import numpy as np
from scipy import special, stats
from scipy.optimize import brentq

BET_LEVEL = 0.05
TRUNCATION = 0.75


def betting(values, level, lo, hi, at=None):
    """The betting interval of the mean of `values` in [lo, hi] and the p-value of `at`."""
    n = len(values)
    if n == 0:
        return {"mean": 0.0, "lower": lo, "upper": hi, "p": 1.0}
    v = np.array(values, dtype=float)
    mean = float(v.mean())
    x = np.clip((v - lo) / (hi - lo), 0.0, 1.0)
    t = np.arange(1, n + 1)
    mu = (0.5 + np.cumsum(x)) / (t + 1)
    squares = np.concatenate(([0.0], np.cumsum((x - mu) ** 2)[:-1]))
    sigma2 = (0.25 + squares) / t
    lam = np.sqrt(2 * math.log(2 / BET_LEVEL) / (n * sigma2))

    def up(m):
        return float(np.sum(np.log1p(np.minimum(lam, TRUNCATION / m) * (x - m))))

    def down(m):
        return float(np.sum(np.log1p(-np.minimum(lam, TRUNCATION / (1 - m)) * (x - m))))

    bound = math.log(2 / level)
    eps = 1e-15
    lower = 0.0 if up(eps) <= bound else brentq(lambda m: up(m) - bound, eps, 1 - eps, xtol=1e-15)
    upper = 1.0 if down(1 - eps) <= bound else brentq(lambda m: down(m) - bound, eps, 1 - eps, xtol=1e-15)
    p = 1.0
    if at is not None:
        a = (at - lo) / (hi - lo)
        capital = max(up(a), down(a))
        p = min(1.0, 2 * math.exp(-capital))
        if capital <= bound:
            lower, upper = min(lower, a), max(upper, a)
    return {"mean": mean, "lower": lo + (hi - lo) * lower, "upper": lo + (hi - lo) * upper, "p": p}


def difference_test(diffs, level):
    """The comparison's mean, interval and p-value of the differences (Fractions or floats)."""
    return {**betting([float(d) for d in diffs], level, -1.0, 1.0, at=0.0), "method": "betting"}


def concentrated_power(q, sd, n, level):
    """The chance that the betting interval's lower end is above 0 when a share q of n items has
    the difference +1 (changed completely) and the others differences of sd about 0: the count D
    of changed items ~ Binomial(n, q) (scipy), each adding log(1 + lambda/2) to the log-capital,
    the n - D others a normal total of mean -(n - D) lambda^2 sd^2/8 and variance (n - D) lambda^2
    sd^2/4 (scipy's norm), lambda = min(sqrt(2 log 40/(n v)), 3/2), v = sd^2/4 + q (1 - q)/4;
    passing log(2/level). D within 12 standard deviations of nq and 10 more (numpy)."""
    v0 = sd * sd / 4
    v = v0 + q * (1 - q) / 4
    largest = TRUNCATION / 0.5
    bet = largest if v == 0 else min(math.sqrt(2 * math.log(2 / BET_LEVEL) / (n * v)), largest)
    reach = 12 * math.sqrt(n * q * (1 - q)) + 10
    d = np.arange(max(0, math.floor(n * q - reach)), min(n, math.ceil(n * q + reach)) + 1, dtype=float)
    x = d * math.log1p(bet / 2) - (n - d) * bet * bet * v0 / 2 - math.log(2 / level)
    spread = bet * np.sqrt((n - d) * v0)
    with np.errstate(divide="ignore", invalid="ignore"):
        w = np.where(spread > 0, stats.norm.cdf(x / np.where(spread > 0, spread, 1)), (x > 0) * 1.0)
    return float(np.sum(stats.binom.pmf(d, n, q) * w))


def detectable(between, within, n, k, level, power=0.8):
    """The detectable difference of the betting interval at (n, K), for a difference resting on a
    few items changed completely: the q where concentrated_power reaches power (brentq), 1 when
    not even q = 1 - 2^-40 does."""
    sd = math.sqrt(between + within / k)
    gap = lambda q: concentrated_power(q, sd, n, level) - power
    top = 1 - 2.0 ** -40
    if gap(top) < 0:
        return 1.0
    return brentq(gap, 0.0, top, xtol=1e-14, rtol=1e-13)


def exact_diffs(first, second):
    """d_i = right/asked of the first less the second's, as fractions, on the items both answered."""
    return [Fraction(r1, a1) - Fraction(r2, a2) for (a1, r1), (a2, r2) in zip(first, second) if a1 > 0 and a2 > 0]


def items_to_decide(between, within, k, level, target, top=1_000_000):
    """The fewest whole m >= 2 whose detectable difference at K samples is at most target: m
    doubled from 2 until it is (None past top), then bisection between the last two; None when the
    target is not above 0."""
    if target <= 0:
        return None
    decides = lambda m: detectable(between, within, m, k, level) <= target
    if decides(2):
        return 2
    lo, hi = 2, 4
    while not decides(hi):
        if hi >= top:
            return None
        lo, hi = hi, min(2 * hi, top)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if decides(mid):
            hi = mid
        else:
            lo = mid
    return hi


def family(f):
    level, big_k = f["level"], f["samples"]
    first = [(a, r) for a, r in f["first"] if a > 0]
    shares = [r / a for a, r in first]
    acc = betting(shares, level, 0.0, 1.0)
    within_items = [(r / a * (1 - r / a) * a / (a - 1), a) for a, r in first if a >= 2]
    within = None if not within_items else float(np.mean([w for w, _ in within_items]))
    between = None
    if within is not None and len(shares) >= 2:
        between = max(0.0, float(np.var(shares, ddof=1)) - float(np.mean([w / a for w, a in within_items])))
    pass_k = []
    for k in range(1, big_k + 1):
        at = [1 - special.comb(a - r, k, exact=True) / special.comb(a, k, exact=True) for a, r in first if a >= k]
        al = [special.comb(r, k, exact=True) / special.comb(a, k, exact=True) for a, r in first if a >= k]
        pa, pl = betting(at, level, 0.0, 1.0), betting(al, level, 0.0, 1.0)
        pass_k.append({"k": k, "items": len(at), "passAt": pa["mean"], "passAtLower": pa["lower"], "passAtUpper": pa["upper"],
                       "passAll": pl["mean"], "passAllLower": pl["lower"], "passAllUpper": pl["upper"]})
    exact = exact_diffs(f["first"], f["second"])
    diffs = [float(d) for d in exact]
    d = difference_test(exact, level)
    both = [((a1, r1), (a2, r2)) for (a1, r1), (a2, r2) in zip(f["first"], f["second"]) if a1 > 0 and a2 > 0]
    var = lambda a, r: (r / a) * (1 - r / a) * a / (a - 1)
    twice = [(var(a1, r1), a1, var(a2, r2), a2) for (a1, r1), (a2, r2) in both if a1 >= 2 and a2 >= 2]
    d_within = None if not twice else float(np.mean([v1 + v2 for v1, _, v2, _ in twice]))
    d_between = None
    if d_within is not None and len(diffs) >= 2:
        over_k = float(np.mean([v1 / k1 + v2 / k2 for v1, k1, v2, k2 in twice]))
        d_between = max(0.0, float(np.var(diffs, ddof=1)) - over_k)
    planned = None
    to_decide = None
    if d_between is not None:
        n = len(diffs)
        planned = [
            detectable(d_between, d_within, m, k, level)
            for m, k in [(n, big_k), (n, 2 * big_k), (2 * n, big_k)]
        ]
        margin = f.get("margin", 0.0)
        target = max(abs(d["mean"]), d["mean"] + margin if margin > 0 else 0.0)
        to_decide = items_to_decide(d_between, d_within, big_k, level, target)
    return {
        "dWithin": d_within, "dBetween": d_between, "detectable": planned,
        "itemsToDecide": to_decide,
        "accuracy": acc["mean"], "lower": acc["lower"], "upper": acc["upper"],
        "within": within, "between": between, "passK": pass_k,
        "difference": d["mean"], "dLower": d["lower"], "dUpper": d["upper"], "pValue": d["p"],
        "method": d["method"],
    }


def main():
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(family(json.loads(line))))


if __name__ == "__main__":
    main()
