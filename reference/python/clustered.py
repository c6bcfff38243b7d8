#!/usr/bin/env python3
"""Clustered items (issue 35; reference/report.md, "Clustered items"), from the definitions, with
numpy and scipy. Not translated from the TypeScript (src/report/stats/clustered_difference.ts,
clustered_family.ts).

Each item's paired difference d_i is +1 (only the first model right), -1 (only the second) or 0;
the items come in J clusters, cluster j holding m_j items with b_j of +1 and c_j of -1, in the
order of their first items. n = sum m_j, D = sum(b_j - c_j)/n.

  design effect = [J/(J-1) sum_j (S_j - m_j D)^2 / n^2] / [var(d, ddof=1)/n], S_j = b_j - c_j,
      built here from the items' differences themselves (numpy's var over the expanded items and
      over the cluster sums); 1 exactly when every m_j = 1 (J >= 2); else None with J < 2 or
      var(d) = 0.
  effective items = n / design effect (None when it is 0).
  material = J >= 2, some m_j >= 2 and (design effect None or >= 1.1 or J < 50).
  interval = the betting interval (Waudby-Smith & Ramdas 2024) of the clusters' mean differences
      x_j = (S_j/m_j + 1)/2, each bet weighted by w_j = m_j J/n: with mu_t = (1/2 + cumsum(w x))/(1 +
      cumsum(w)) and sigma2_{t-1} = (1/4 + sum_{s<t} (w_s (x_s - mu_s))^2)/t (numpy cumulative
      sums), lambda_t = sqrt(2 log 40/(J sigma2_{t-1})); K+(m) = prod(1 + min(lambda, 3/4/(w m)) w (x -
      m)), K-(m) = prod(1 - min(lambda, 3/4/(w (1 - m))) w (x - m)); the d = 2m - 1 with K+ and K- at
      most 2/level, each end a root by scipy's brentq (the range's end when none), widened to hold
      0 when 0 is not rejected; the p-value of 0 min(1, 2/max(K+(1/2), K-(1/2))).

One family per input line: {"level", "clusters": [[items, onlyFirst, onlySecond], ...]}. One output
line per family: {"items", "clusters", "designEffect", "effectiveItems", "material", "difference",
"lower", "upper", "pValue"}.
"""

import json
import math
import sys

import numpy as np
from scipy.optimize import brentq

EDGE = 2.0**-40


def design(clusters):
    m = np.array([c[0] for c in clusters], dtype=float)
    s = np.array([c[1] - c[2] for c in clusters], dtype=float)
    d = np.concatenate([np.array([1.0] * c[1] + [-1.0] * c[2] + [0.0] * (c[0] - c[1] - c[2])) for c in clusters])
    n = len(d)
    J = len(clusters)
    D = d.mean()
    naive = np.var(d, ddof=1) / n if n > 1 else 0.0
    if J == n and J >= 2:
        return n, J, 1.0, float(n)  # one item per cluster: the two variances are one
    if J < 2 or not naive > 1e-12 / n:
        return n, J, None, None
    robust = J / (J - 1) * np.sum((s - m * D) ** 2) / n**2
    effect = robust / naive
    return n, J, float(effect), (float(n / effect) if effect > 0 else None)


def capitals(x, w, lam, m):
    e = w * (x - m)
    up = np.sum(np.log1p(np.minimum(lam, 0.75 / (w * m)) * e))
    down = np.sum(np.log1p(-np.minimum(lam, 0.75 / (w * (1 - m))) * e))
    return up, down


def interval(clusters, level):
    m = np.array([c[0] for c in clusters], dtype=float)
    s = np.array([c[1] - c[2] for c in clusters], dtype=float)
    n = m.sum()
    J = len(clusters)
    x = (s / m + 1) / 2
    w = m * J / n
    mu = (0.5 + np.cumsum(w * x)) / (1 + np.cumsum(w))
    sq = np.concatenate([[0.0], np.cumsum((w * (x - mu)) ** 2)[:-1]])
    sigma2 = (0.25 + sq) / np.arange(1, J + 1)
    lam = np.sqrt(2 * math.log(40) / (J * sigma2))
    bound = math.log(2 / level)
    at = capitals(x, w, lam, 0.5)
    at_log = max(at)
    p = min(1.0, 2 * math.exp(-at_log))
    up = lambda q: capitals(x, w, lam, q)[0] - bound
    down = lambda q: bound - capitals(x, w, lam, q)[1]
    lo = brentq(up, EDGE, 1 - EDGE, xtol=1e-15, rtol=1e-15) if up(EDGE) > 0 and up(1 - EDGE) < 0 else (0.0 if up(EDGE) <= 0 else 1 - EDGE)
    hi = brentq(down, EDGE, 1 - EDGE, xtol=1e-15, rtol=1e-15) if down(1 - EDGE) < 0 and down(EDGE) > 0 else (1.0 if down(1 - EDGE) >= 0 else EDGE)
    if not at_log > bound:
        lo, hi = min(lo, 0.5), max(hi, 0.5)
    return float(s.sum() / n), 2 * lo - 1, 2 * hi - 1, p


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        f = json.loads(line)
        clusters = f["clusters"]
        n, J, effect, effective = design(clusters)
        material = 2 <= J < n and (effect is None or effect >= 1.1 or J < 50)
        difference, lower, upper, p = interval(clusters, f["level"])
        print(json.dumps({"items": n, "clusters": J, "designEffect": effect, "effectiveItems": effective,
                          "material": material, "difference": difference, "lower": lower, "upper": upper,
                          "pValue": p}))


if __name__ == "__main__":
    main()
