#!/usr/bin/env python3
"""The melded interval for the difference of two paired proportions (Fay & Lumbard 2021, "Confidence
intervals for difference in proportions for matched pairs compatible with exact McNemar's or sign
tests", Statistics in Medicine 40:1147-1159; R's exact2x2::mcnemarExactDP), from its definition,
with scipy. Not translated from the TypeScript (src/report/stats/_melded_interval.ts).

n pairs, N = b + c discordant (b favour the first model, c the second); the difference is
d = delta (2 pi - 1), delta the chance of a discordant pair, pi the chance that one favours the
first. Melding (Fay, Proschan & Brittain 2015) combines the Clopper-Pearson confidence distributions
of delta and pi:

  T_L ~ Beta(N, n - N + 1), T_U ~ Beta(N + 1, n - N)       (delta's; Beta(0, k) = 0, Beta(k, 0) = 1)
  B_L ~ Beta(b, c + 1),     B_U ~ Beta(b + 1, c)           (pi's)

and the one-sided p-values of d = D:

  p_lower(D) = P(T (2 B_L - 1) <= D),  T = T_L when D > 0, T_U when D < 0 (at D = 0: P(B_L <= 1/2))
  p_upper(D) = P(T (2 B_U - 1) >= D),  T = T_U when D > 0, T_L when D < 0

At one-sided level `tail` the lower limit is the D with p_lower(D) = tail, the upper the D with
p_upper(D) = tail. With N = 0 the limits are -+(1 - tail^(1/n)) (the Clopper-Pearson bound on
delta with no discordant pair); with N = n and b = 0 the lower limit is -1 (and the upper 1 when
c = 0). p_lower(0) = P(Bin(N, 1/2) >= b), the exact one-sided sign test: the lower limit is above 0
exactly when that test rejects at `tail`.

The upper limit of (b, c) is minus the lower limit of (c, b) (B_U = 1 - B_L of the swapped table),
which is how it is computed here.

p_lower is an integral over T, taken in T's probability scale: with t(u) T's quantile,
p_lower(D) = integral over u in (0, 1) of P(B_L <= 1/2 + D / (2 t(u))) du (0 where 1/2 + D/(2t) < 0),
by Gauss-Legendre on PANELS equal panels of ORDER nodes each; the integrand is monotone and bounded
by 0 and 1. `check` holds it to scipy's adaptive quad on random tables.

    python3 reference/python/melded.py interval < tables.jsonl     # {"b", "c", "n", "tail"} a line
    python3 reference/python/melded.py check                       # the quadrature against quad
"""

import json
import sys

import numpy as np
from scipy import integrate, optimize, special, stats

ORDER = 24
PANELS = 16


def nodes(order=ORDER, panels=PANELS):
    """Composite Gauss-Legendre nodes and weights on (0, 1)."""
    x, w = np.polynomial.legendre.leggauss(order)
    edges = np.linspace(0.0, 1.0, panels + 1)
    mid, half = (edges[:-1] + edges[1:]) / 2, (edges[1:] - edges[:-1]) / 2
    return (mid[:, None] + half[:, None] * x).ravel(), (half[:, None] * w).ravel()


def t_shape(big_n, n, positive):
    """T's beta shape: T_L's (N, n - N + 1) for D > 0, T_U's (N + 1, n - N) otherwise."""
    return (np.where(positive, big_n, big_n + 1.0), np.where(positive, n - big_n + 1.0, n - big_n))


def b_lower_cdf(b, c, q):
    """P(B_L <= q), B_L ~ Beta(b, c + 1) (the point 0 when b = 0), for q in [0, 1]."""
    with np.errstate(all="ignore"):
        f = special.betainc(np.maximum(b, 1.0), c + 1.0, q)
    return np.where(b == 0, 1.0, f)


def p_lower(delta, b, c, n, order=ORDER, panels=PANELS):
    """p_lower(delta) for arrays b, c, n (N = b + c >= 1) and delta in (-1, 1) (broadcast).

    Below t = |D| the event is sure (D > 0: 1/2 + D/(2t) >= 1) or impossible (D < 0: 1/2 + D/(2t)
    <= 0), so p_lower(D) = [D > 0] P(T <= |D|) + the integral of P(B_L <= 1/2 + D/(2t)) f_T(t) over
    t from |D| (or T's 1e-17 quantile, if above) to T's 1 - 1e-17 quantile: a smooth integrand
    (a beta density, at least 1 in both shapes, times a smooth function), by Gauss-Legendre.
    """
    b, c, n, delta = np.broadcast_arrays(*(np.asarray(v, dtype=float) for v in (b, c, n, delta)))
    shape = b.shape
    b, c, n, delta = b.ravel(), c.ravel(), n.ravel(), delta.ravel()
    sa, sb = t_shape(b + c, n, delta > 0)
    degenerate = sb == 0  # N = n and D <= 0: T_U = 1
    sb = np.where(degenerate, 1.0, sb)
    with np.errstate(all="ignore"):
        below = special.betainc(sa, sb, np.abs(delta))  # P(T <= |D|)
        lo = np.maximum(np.abs(delta), special.betaincinv(sa, sb, 1e-17))
        hi = special.betainccinv(sa, sb, 1e-17)
        hi = np.where(sb == 1, 1.0, hi)
        lo = np.where(sa == 1, np.maximum(np.abs(delta), 0.0), lo)
    lo = np.minimum(lo, hi)
    x, w = nodes(order, panels)
    t = lo[:, None] + (hi - lo)[:, None] * x[None, :]
    with np.errstate(all="ignore"):
        log_density = ((sa - 1)[:, None] * np.log(t) + (sb - 1)[:, None] * np.log1p(-t)
                       - special.betaln(sa, sb)[:, None])
        density = np.where((sa == 1)[:, None] & (sb == 1)[:, None], 1.0, np.exp(log_density))
        q = 0.5 + delta[:, None] / (2 * t)
    f = np.where(q <= 0, 0.0, b_lower_cdf(b[:, None], c[:, None], np.clip(q, 0.0, 1.0)))
    out = np.where(delta > 0, below, 0.0) + (hi - lo) * ((f * density) @ w)
    # T_U = 1 (N = n, D <= 0): P(B_L <= 1/2 + D/2).
    out = np.where(degenerate, b_lower_cdf(b, c, np.clip(0.5 + delta / 2, 0.0, 1.0)), out)
    out = np.where(delta == 0, b_lower_cdf(b, c, 0.5), out)  # the sign test; T does not matter
    # b = 0: B_L = 0, so p_lower(D) = P(-T <= D) = 1 when D >= 0, else P(T_U >= -D) (1 when N = n).
    out = np.where(b == 0, np.where((delta >= 0) | degenerate, 1.0, 1 - below), out)
    return np.clip(out, 0.0, 1.0).reshape(shape)


def p_lower_quad(delta, b, c, n):
    """p_lower(delta) of one table, by scipy's adaptive quad over T's density (the check)."""
    big_n = b + c
    if delta == 0:
        return float(b_lower_cdf(b, c, 0.5))
    shape = t_shape(big_n, n, delta > 0)
    if shape[1] == 0:  # T = 1
        return float(b_lower_cdf(b, c, min(1.0, max(0.0, 0.5 + delta / 2))))
    dist = stats.beta(*shape)
    if b == 0:
        return 1.0 if delta > 0 else float(dist.sf(-delta))
    lo, hi = max(abs(delta), dist.ppf(1e-17)), dist.isf(1e-17)

    def g(t):
        q = 0.5 + delta / (2 * t)
        return 0.0 if q <= 0 else float(b_lower_cdf(b, c, min(q, 1.0))) * dist.pdf(t)

    mean = dist.mean()
    value = 0.0
    if lo < hi:
        value, _ = integrate.quad(g, lo, hi, epsabs=1e-15, epsrel=1e-13, limit=1000,
                                  points=[mean] if lo < mean < hi else None)
    return (float(dist.cdf(delta)) if delta > 0 else 0.0) + value


def lower_limit(b, c, n, tail):
    """The melded lower limit of one table at one-sided level tail."""
    big_n = b + c
    if big_n == 0:
        return -(1 - tail ** (1 / n))
    if big_n == n and b == 0:
        return -1.0
    def f(x):
        if x <= -1:
            return -tail  # P(T (2 B_L - 1) <= -1) = 0 unless b = 0 and N = n (above)
        return 1 - tail if x >= 1 else float(p_lower(x, b, c, n)) - tail

    return optimize.brentq(f, -1.0, 1.0, xtol=1e-15, rtol=1e-15, maxiter=200)


def lower_limits(b, c, n, tail, tolerance=1e-14):
    """lower_limit for arrays b, c, n (broadcast) at one-sided level tail: regula falsi with the
    Illinois step on every table at once, from the side of 0 that p_lower(0) decides."""
    b, c, n = (np.asarray(v, dtype=float) for v in np.broadcast_arrays(b, c, n))
    shape = b.shape
    b, c, n = b.ravel(), c.ravel(), n.ravel()
    big_n = b + c
    tail = np.broadcast_to(np.asarray(tail, dtype=float), shape).ravel()
    out = np.full(b.shape, np.nan)
    none = big_n == 0
    out[none] = -(1 - tail[none] ** (1 / n[none]))
    out[(b == 0) & (big_n == n) & ~none] = -1.0
    todo = np.isnan(out)
    idx = np.nonzero(todo)[0]
    f0 = p_lower(np.zeros(idx.size), b[idx], c[idx], n[idx]) - tail[idx]
    above = f0 < 0
    lo = np.where(above, 0.0, -1.0)
    hi = np.where(above, 1.0, 0.0)
    flo = np.where(above, f0, -tail[idx])
    fhi = np.where(above, 1 - tail[idx], f0)
    exact = f0 == 0
    side = np.zeros(idx.size)
    for _ in range(200):
        active = (hi - lo > tolerance) & ~exact
        if not active.any():
            break
        a = np.nonzero(active)[0]
        x = (lo[a] * fhi[a] - hi[a] * flo[a]) / (fhi[a] - flo[a])
        bad = ~((x > lo[a]) & (x < hi[a]))
        x = np.where(bad, (lo[a] + hi[a]) / 2, x)
        fx = p_lower(x, b[idx[a]], c[idx[a]], n[idx[a]]) - tail[idx[a]]
        up = fx >= 0
        # Illinois: halve the kept end's value when the same end moves twice.
        flo[a] = np.where(up & (side[a] == 1), flo[a] / 2, flo[a])
        fhi[a] = np.where(~up & (side[a] == -1), fhi[a] / 2, fhi[a])
        hi[a] = np.where(up, x, hi[a])
        fhi[a] = np.where(up, fx, fhi[a])
        lo[a] = np.where(up, lo[a], x)
        flo[a] = np.where(up, flo[a], fx)
        side[a] = np.where(up, 1, -1)
    out[idx] = np.where(exact, 0.0, (lo + hi) / 2)
    return out.reshape(shape)


def interval(b, c, n, tail):
    """The melded interval (lower, upper) of one table at one-sided level tail each side."""
    return lower_limit(b, c, n, tail), -lower_limit(c, b, n, tail)


def check(count=300, seed=20261207):
    """The largest difference between the quadrature and quad on random tables and limits."""
    rng = np.random.default_rng(seed)
    worst = 0.0
    for _ in range(count):
        n = int(rng.choice([20, 50, 150, 500, 2000, 5000, 60000]))
        big_n = int(rng.integers(1, n + 1)) if rng.random() < 0.5 else int(rng.integers(1, min(n, 40) + 1))
        b = int(rng.integers(0, big_n + 1))
        c = big_n - b
        lo = lower_limit(b, c, n, 0.025)
        for delta in (lo, lo / 2, lo + 0.01, 0.0):
            if -1 < delta < 1:
                fast = float(p_lower(delta, b, c, n)[()])
                worst = max(worst, abs(fast - p_lower_quad(delta, b, c, n)))
    return worst


if __name__ == "__main__":
    if sys.argv[1:] == ["check"]:
        print(f"largest |quadrature - quad| of p_lower: {check():.1e}")
    elif sys.argv[1:] == ["interval"]:
        for line in sys.stdin:
            if line.strip():
                r = json.loads(line)
                lower, upper = interval(r["b"], r["c"], r["n"], r["tail"])
                sys.stdout.write(json.dumps({"lower": lower, "upper": upper}) + "\n")
    else:
        raise SystemExit("usage: melded.py interval < tables.jsonl | melded.py check")
