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
  difference (items both answered): d_i = p_first_i - p_second_i; its mean with the t interval
      clipped to [-1, 1] and the two-sided p-value 2 t.sf(|mean|/(std/sqrt(n)), n - 1) (1 when n < 2
      or the std is 0 and the mean is 0; 0 when the std is 0 and the mean is not);
  planning (items both answered): dWithin = mean over items both answered >= 2 times of
      v_first_i + v_second_i (v = p (1 - p) asked/(asked - 1)); dBetween = max(0, var(d, ddof=1) -
      mean of v_first_i/asked_first_i + v_second_i/asked_second_i); detectable = for (n, K), (n,
      2K) and (2n, K): (t.ppf(1 - level/2, n' - 1) + t.ppf(0.8, n' - 1)) sqrt((dBetween +
      dWithin/K')/n') (None when either part is None).

    python3 reference/python/sampled.py < families.jsonl
"""

import json
import math
import sys

import numpy as np
from scipy import special, stats


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
        pass_k.append({"k": k, "passAt": pa["mean"], "passAtLower": pa["lower"], "passAtUpper": pa["upper"],
                       "passAll": pl["mean"], "passAllLower": pl["lower"], "passAllUpper": pl["upper"]})
    diffs = [r1 / a1 - r2 / a2 for (a1, r1), (a2, r2) in zip(f["first"], f["second"]) if a1 > 0 and a2 > 0]
    d = t_mean(diffs, level, -1.0, 1.0)
    both = [((a1, r1), (a2, r2)) for (a1, r1), (a2, r2) in zip(f["first"], f["second"]) if a1 > 0 and a2 > 0]
    var = lambda a, r: (r / a) * (1 - r / a) * a / (a - 1)
    twice = [(var(a1, r1), a1, var(a2, r2), a2) for (a1, r1), (a2, r2) in both if a1 >= 2 and a2 >= 2]
    d_within = None if not twice else float(np.mean([v1 + v2 for v1, _, v2, _ in twice]))
    d_between = None
    if d_within is not None and len(diffs) >= 2:
        over_k = float(np.mean([v1 / k1 + v2 / k2 for v1, k1, v2, k2 in twice]))
        d_between = max(0.0, float(np.var(diffs, ddof=1)) - over_k)
    detectable = None
    if d_between is not None:
        n = len(diffs)
        detectable = [
            float((stats.t.ppf(1 - level / 2, m - 1) + stats.t.ppf(0.8, m - 1)) * math.sqrt((d_between + d_within / k) / m))
            for m, k in [(n, big_k), (n, 2 * big_k), (2 * n, big_k)]
        ]
    return {
        "dWithin": d_within, "dBetween": d_between, "detectable": detectable,
        "accuracy": acc["mean"], "lower": acc["lower"], "upper": acc["upper"],
        "within": within, "between": between, "passK": pass_k,
        "difference": d["mean"], "dLower": d["lower"], "dUpper": d["upper"], "pValue": d["p"],
    }


def main():
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(family(json.loads(line))))


if __name__ == "__main__":
    main()
