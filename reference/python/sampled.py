#!/usr/bin/env python3
"""The figures of several samples per item (issue 28; reference/report.md), from their definitions,
with scipy. Not translated from the TypeScript (src/report/stats/sampled_accuracy.ts, pass_k.ts,
sampled_difference.ts).

One family per input line: {"level", "samples": K, "first": [[asked, right], ...], "second": [...]},
the two models' answers item by item (an item with asked = 0 has no answer from that model). One
output line per family:

  accuracy (of "first", items it answered): mean of p_i = right_i/asked_i; a t interval
      mean -/+ t.ppf(1 - level/2, n - 1) * std(p, ddof=1)/sqrt(n), clipped to [0, 1]; [0, 1] when
      n < 2; the mean itself when the std is 0;
  within: mean over items with asked >= 2 of p_i (1 - p_i) asked_i/(asked_i - 1) (None if none);
  between: max(0, var(p, ddof=1) - mean over those items of within_i/asked_i) (None when n < 2 or
      no within);
  passK: for k = 1..K over items with asked >= k: passAt_i = 1 - comb(asked - right, k)/comb(asked,
      k), passAll_i = comb(right, k)/comb(asked, k) (scipy.special.comb, exact), each averaged with
      the same t interval;
  difference (items both answered): d_i = p_first_i - p_second_i (exact fractions); its mean, and
      with n <= 16 the exact sign-flip test: the p-value min(1, 2 min(P_up, P_down)), P_up the share
      of the 2^n sign patterns s (itertools.product) with sum s_i |d_i| >= sum d_i (P_down: <=), and
      Hartigan's interval [m_(k), m_(2^n - k)] of the sorted means of the nonempty subsets
      (itertools.combinations), k = floor(level 2^n / 2), [-1, 1] when k = 0; above 16 items the t
      interval clipped to [-1, 1] and the two-sided p-value 2 t.sf(|mean|/(std/sqrt(n)), n - 1),
      except when every d_i is the same c: p 1 when c = 0, else 2^(1 - n), and the interval [c, c];
  planning (items both answered): dWithin = mean over items both answered >= 2 times of
      v_first_i + v_second_i (v = p (1 - p) asked/(asked - 1)); dBetween = max(0, var(d, ddof=1) -
      mean of v_first_i/asked_first_i + v_second_i/asked_second_i); detectable = for (n, K), (n,
      2K) and (2n, K): (t.ppf(1 - level/2, n' - 1) + t.ppf(0.8, n' - 1)) sqrt((dBetween +
      dWithin/K')/n') (None when either part is None); itemsToDecide = the fewest whole n' >= 2
      whose detectable difference at K is at most |difference| (brentq on n' real, rounded up;
      None above 1,000,000 or with no difference).

    python3 reference/python/sampled.py < families.jsonl
    python3 reference/python/sampled.py --check-interval SEED COUNT

The second form checks Hartigan's interval by inverting the brute-force test (check_inversion) and
prints {"families", "failures"}.
"""

import itertools
import json
import math
import operator
import random
import sys
from fractions import Fraction

import numpy as np
from scipy import optimize, special, stats


def t_mean(values, level, lo, hi):
    n = len(values)
    if n == 0:
        return {"mean": 0.0, "lower": lo, "upper": hi, "p": 1.0}
    x = np.array(values, dtype=float)
    mean = float(x.mean())
    if n < 2:
        return {"mean": mean, "lower": lo, "upper": hi, "p": 1.0}
    sd = float(x.std(ddof=1))
    se = sd / math.sqrt(n)
    if se == 0:
        at = min(hi, max(lo, mean))
        return {"mean": mean, "lower": at, "upper": at, "p": 1.0 if mean == 0 else 0.0}
    half = float(stats.t.ppf(1 - level / 2, n - 1)) * se
    p = float(2 * stats.t.sf(abs(mean) / se, n - 1))
    return {"mean": mean, "lower": max(lo, mean - half), "upper": min(hi, mean + half), "p": p}


EXACT_MAX = 16


def sign_flip_p(diffs):
    """The exact two-sided sign-flip p-value of exact differences, every sign pattern counted."""
    n = len(diffs)
    scale = math.lcm(*(d.denominator for d in diffs)) if diffs else 1
    ints = [int(d * scale) for d in diffs]
    observed = sum(ints)
    absolute = [abs(x) for x in ints]
    up = down = 0
    for signs in itertools.product((1, -1), repeat=n):
        t = sum(map(operator.mul, signs, absolute))
        up += t >= observed
        down += t <= observed
    return min(1.0, 2 * min(up, down) / 2 ** n)


def hartigan(diffs, level):
    """Hartigan's interval from the sorted means of the nonempty subsets."""
    n = len(diffs)
    k = math.floor(level * 2 ** n / 2)
    if k == 0:
        return -1.0, 1.0
    means = sorted(float(sum(c) / len(c)) for r in range(1, n + 1) for c in itertools.combinations(diffs, r))
    return means[k - 1], means[2 ** n - k - 1]


def difference_test(diffs, level):
    """The comparison's mean, interval and p-value of exact differences (Fractions)."""
    n = len(diffs)
    if n <= EXACT_MAX:
        lower, upper = hartigan(diffs, level)
        mean = float(sum(diffs) / n) if n else 0.0
        return {"mean": mean, "lower": lower, "upper": upper, "p": sign_flip_p(diffs), "method": "sign-flip"}
    if len(set(diffs)) == 1:
        c = float(diffs[0])
        return {"mean": c, "lower": c, "upper": c, "p": 1.0 if c == 0 else 2.0 ** (1 - n), "method": "sign-flip"}
    return {**t_mean([float(d) for d in diffs], level, -1.0, 1.0), "method": "paired-t"}


def exact_diffs(first, second):
    """d_i = right/asked of the first less the second's, as fractions, on the items both answered."""
    return [Fraction(r1, a1) - Fraction(r2, a2) for (a1, r1), (a2, r2) in zip(first, second) if a1 > 0 and a2 > 0]


def check_inversion(seed, count):
    """Hartigan's interval is the shifts the test does not reject: for `count` random families of
    2 to 8 differences, the brute-force p-value of the differences less delta is above the level
    just inside each end (at the end itself when the interval is a
    point) and at most the level just outside (when an end is not -1 or 1). Returns
    the failures."""
    rng = random.Random(seed)
    failures = []
    for f in range(count):
        k_samples = rng.choice([2, 3, 4, 8])
        n = rng.randint(2, 8)
        diffs = [Fraction(rng.randint(0, k_samples), k_samples) - Fraction(rng.randint(0, k_samples), k_samples)
                 for _ in range(n)]
        level = rng.choice([0.05, 0.1, 0.25, 0.5, 0.05 / 3])
        lower, upper = hartigan(diffs, level)
        eps = Fraction(1, 10 ** 6)
        lo, hi = Fraction(lower).limit_denominator(10 ** 4), Fraction(upper).limit_denominator(10 ** 4)
        shifted = lambda delta: sign_flip_p([d - delta for d in diffs])
        inside = (lo + eps, hi - eps) if lo < hi else (lo, hi)
        checks = [("inside lower", shifted(inside[0]) > level), ("inside upper", shifted(inside[1]) > level)]
        if lower > -1:
            checks.append(("outside lower", shifted(lo - eps) <= level))
        if upper < 1:
            checks.append(("outside upper", shifted(hi + eps) <= level))
        failures += [f"family {f} {[str(d) for d in diffs]} level {level}: {name}" for name, ok in checks if not ok]
    return failures


def items_to_decide(between, within, k, level, target, top=1_000_000):
    """The fewest whole m >= 2 whose detectable difference at K samples is at most target, found
    as the root of detectable(m) - target in m (brentq, m real), then rounded up; None when the
    target is not above 0 or m would pass top."""
    if target <= 0:
        return None
    def detectable(m):
        return (stats.t.ppf(1 - level / 2, m - 1) + stats.t.ppf(0.8, m - 1)) * math.sqrt((between + within / k) / m)
    if detectable(2) <= target:
        return 2
    if detectable(top) > target:
        return None
    m = math.ceil(optimize.brentq(lambda x: detectable(x) - target, 2, top, xtol=1e-9))
    # The root is found to within a hair: the whole number on the right side of it.
    while m > 2 and detectable(m - 1) <= target:
        m -= 1
    while detectable(m) > target:
        m += 1
    return m


def family(f):
    level, big_k = f["level"], f["samples"]
    first = [(a, r) for a, r in f["first"] if a > 0]
    shares = [r / a for a, r in first]
    acc = t_mean(shares, level, 0.0, 1.0)
    within_items = [(r / a * (1 - r / a) * a / (a - 1), a) for a, r in first if a >= 2]
    within = None if not within_items else float(np.mean([w for w, _ in within_items]))
    between = None
    if within is not None and len(shares) >= 2:
        between = max(0.0, float(np.var(shares, ddof=1)) - float(np.mean([w / a for w, a in within_items])))
    pass_k = []
    for k in range(1, big_k + 1):
        at = [1 - special.comb(a - r, k, exact=True) / special.comb(a, k, exact=True) for a, r in first if a >= k]
        al = [special.comb(r, k, exact=True) / special.comb(a, k, exact=True) for a, r in first if a >= k]
        pa, pl = t_mean(at, level, 0.0, 1.0), t_mean(al, level, 0.0, 1.0)
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
    detectable = None
    to_decide = None
    if d_between is not None:
        n = len(diffs)
        to_decide = items_to_decide(d_between, d_within, big_k, level, abs(d["mean"]))
        detectable = [
            float((stats.t.ppf(1 - level / 2, m - 1) + stats.t.ppf(0.8, m - 1)) * math.sqrt((d_between + d_within / k) / m))
            for m, k in [(n, big_k), (n, 2 * big_k), (2 * n, big_k)]
        ]
    return {
        "dWithin": d_within, "dBetween": d_between, "detectable": detectable,
        "itemsToDecide": to_decide,
        "accuracy": acc["mean"], "lower": acc["lower"], "upper": acc["upper"],
        "within": within, "between": between, "passK": pass_k,
        "difference": d["mean"], "dLower": d["lower"], "dUpper": d["upper"], "pValue": d["p"],
        "method": d["method"],
    }


def main():
    if sys.argv[1:2] == ["--check-interval"]:
        failures = check_inversion(int(sys.argv[2]), int(sys.argv[3]))
        print(json.dumps({"families": int(sys.argv[3]), "failures": failures}))
        return
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(family(json.loads(line))))


if __name__ == "__main__":
    main()
