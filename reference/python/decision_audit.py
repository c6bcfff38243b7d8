#!/usr/bin/env python3
"""Exact error rates of the report's K = 1 decision interval, the exact box interval before it and
the melded interval of Fay & Lumbard (2021), over n = 20 to 5,000 (reference/report.md, "Exact
error rates"). No simulation: every table's probability is summed.

n items; each is discordant with chance theta and a discordant item favours the adapter with chance
pi, so the true difference is d = theta (2 pi - 1) (p10 = theta pi, p01 = theta (1 - pi)). The
number of discordant items is N ~ Binomial(n, theta), and given N, b ~ Binomial(N, pi). Every
interval here depends on (b, N, n) alone and its lower end rises with b for fixed N and n, so for a
value v the event "lower end > v" is b >= x_v(N), x_v(N) the smallest such b (found by bisection
on b, for every N at once), and

    P(lower > v) = sum over N of P(N) P(b >= x_v(N) | N, pi).

The upper end errs as the lower end of the mirrored table: P(upper < d) at (theta, d) is P(lower >
-d) at (theta, -d). So for every d of the grid and every theta >= |d| of the grid:

    wrong lower = P(lower > d),  wrong upper = P(lower > -d at -d),  coverage = 1 - the two.

The intervals, at the report's alpha = 0.05 (one adapter):
  box       the exact box interval (reference/python/decision.py before this change): pi's
            Clopper-Pearson interval at 0.045, delta's at 0.005;
  melded    mcnemarExactDP's interval at 0.025 each side (reference/python/melded.py);
  adopted   the melded interval with each end moved to 0 when the exact McNemar test at 0.045 does
            not reject (what the report prints now: the interval and the test agree).

Also the power of `not-worse` (lower > -margin) and `better` (lower > 0) at a few alternatives.

    python3 reference/python/decision_audit.py [--sizes=20,30,...] [--max-theta=0.3] [--out=FILE.json]

--max-theta leaves out discordances above it (and the d beyond it): the tables with more
discordant items are then not summed, which bounds the time at the largest n.

Prints the worst cells of each n and writes every cell to --out when given;

    python3 reference/python/decision_audit.py --tables=FILE.json[,FILE.json]

prints the tables of reference/report.md from such files.
"""

import json
import sys
import time

import numpy as np
from scipy import stats

import melded

ALPHA = 0.05
TEST = 0.045  # the exact McNemar test's level within the 95% interval (TEST_SHARE 0.9)
TAIL = ALPHA / 2
SIZES = [20, 30, 50, 100, 150, 200, 300, 500, 1000, 2000, 5000]
D_GRID = [0.001, 0.002, 0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75]
THETAS = 60  # geometric grid of discordances from 0.001 to 1, plus every |d| of the grid
AUDIT_ORDER, AUDIT_PANELS = 16, 8  # the quadrature here (checked against the finer one below)


def smallest(predicate, big_n):
    """For each N, the smallest b in [0, N] with predicate(b, N) true (monotone in b), or N + 1."""
    lo = np.full(big_n.shape, -1, dtype=np.int64)  # false (or -1)
    hi = big_n + 1  # true (or N + 1)
    while True:
        open_ = hi - lo > 1
        if not open_.any():
            return hi
        mid = (lo + hi) // 2
        ok = np.zeros(big_n.shape, dtype=bool)
        ok[open_] = predicate(mid[open_], big_n[open_])
        hi = np.where(open_ & ok, mid, hi)
        lo = np.where(open_ & ~ok, mid, lo)


def test_rejects_up(b, big_n):
    """The exact McNemar test at TEST rejects towards the adapter: b > c and 2 P(X >= b) < TEST."""
    return (2 * b > big_n) & (2 * stats.binom.sf(b - 1, big_n, 0.5) < TEST)


def box_lower(b, big_n, n):
    """The box interval's lower end (decision.py's definition before this change)."""
    c = big_n - b
    low = np.minimum(b, c)
    p = np.where(b == c, 1.0, np.minimum(1.0, 2 * stats.binom.cdf(low, big_n, 0.5)))
    lower, _ = box_limits(b, c, n, p < TEST)
    return lower


def box_limits(b, c, n, rejected):
    """The box interval from its definition: Clopper-Pearson for pi at TEST, delta at ALPHA - TEST."""
    from scipy import special
    b, c, n = (np.asarray(v, dtype=float) for v in (b, c, n))
    big_n = b + c

    def cp_lower(x, size, tail):
        with np.errstate(all="ignore"):
            q = special.betaincinv(np.maximum(x, 1), size - x + 1, tail)
        return np.where(x == 0, 0.0, q)

    pi_lo = cp_lower(b, big_n, TEST / 2)
    pi_hi = 1 - cp_lower(c, big_n, TEST / 2)
    pi_lo = np.where(rejected & (b > c), np.maximum(pi_lo, np.nextafter(0.5, 1)), pi_lo)
    pi_lo = np.where(~rejected, np.minimum(pi_lo, 0.5), pi_lo)
    pi_hi = np.where(~rejected, np.maximum(pi_hi, 0.5), pi_hi)
    pi_lo = np.where(big_n == 0, 0.0, pi_lo)
    pi_hi = np.where(big_n == 0, 1.0, pi_hi)
    d_lo = cp_lower(big_n, n, (ALPHA - TEST) / 2)
    d_hi = 1 - cp_lower(n - big_n, n, (ALPHA - TEST) / 2)
    g_lo, g_hi = 2 * pi_lo - 1, 2 * pi_hi - 1
    return (np.where(g_lo < 0, g_lo * d_hi, g_lo * d_lo),
            np.where(g_hi > 0, g_hi * d_hi, g_hi * d_lo))


def melded_above(v, n):
    """The predicate "the melded lower end at TAIL > v" of (b, N): p_lower(v) < TAIL (N >= 1)."""
    def predicate(b, big_n):
        out = np.zeros(b.shape, dtype=bool)
        none = big_n == 0
        out[none] = -(1 - TAIL ** (1 / n)) > v
        some = ~none
        if some.any():
            bb, nn = b[some].astype(float), big_n[some].astype(float)
            # lower = -1 exactly when b = 0 and N = n; otherwise lower > v iff p_lower(v) < TAIL
            p = melded.p_lower(np.full(bb.shape, v), bb, nn - bb, np.full(bb.shape, float(n)),
                               order=AUDIT_ORDER, panels=AUDIT_PANELS)
            out[some] = np.where((bb == 0) & (nn == n), -1.0 > v, p < TAIL)
        return out
    return predicate


def top_count(n, max_theta):
    """The largest N summed: all of them, or where Binomial(n, max_theta) ends (14 sd above)."""
    if max_theta >= 1:
        return n
    return min(n, int(np.ceil(n * max_theta + 14 * np.sqrt(n * max_theta * (1 - max_theta)) + 10)))


def thresholds(n, v, top):
    """For each N = 0..top, the smallest b with lower > v, per interval."""
    big_n = np.arange(top + 1, dtype=np.int64)
    box = smallest(lambda b, m: box_lower(b, m, n) > v, big_n)
    meld = smallest(melded_above(v, n), big_n)
    if v >= 0:
        adopted = np.maximum(meld, smallest(test_rejects_up, big_n))
    else:
        adopted = meld
    return {"box": box, "melded": meld, "adopted": adopted}


def quadrature_check(n, values):
    """How many melded thresholds (of N = 0..n at each v) move with the finer quadrature of
    melded.py (24 nodes on 16 panels): 0 means the audit's quadrature decides every table alike."""
    global AUDIT_ORDER, AUDIT_PANELS
    big_n = np.arange(n + 1, dtype=np.int64)
    coarse = [smallest(melded_above(v, n), big_n) for v in values]
    AUDIT_ORDER, AUDIT_PANELS = melded.ORDER, melded.PANELS
    try:
        fine = [smallest(melded_above(v, n), big_n) for v in values]
    finally:
        AUDIT_ORDER, AUDIT_PANELS = 16, 8
    return int(sum(np.sum(a != b) for a, b in zip(coarse, fine)))


def chance_above(x, n, theta, d):
    """P(b >= x(N)) summed over N ~ Binomial(n, theta), b | N ~ Binomial(N, pi), d = theta(2pi - 1),
    N up to len(x) - 1 (the rest, beyond 14 sd, holds less than 1e-40)."""
    big_n = np.arange(len(x))
    pi = min(1.0, max(0.0, (1 + d / theta) / 2))
    weights = stats.binom.pmf(big_n, n, theta)
    return float(np.sum(weights * stats.binom.sf(x - 1, big_n, pi)))


def thetas(max_theta):
    grid = set(np.geomspace(0.001, 1.0, THETAS).tolist()) | set(D_GRID)
    return sorted(t for t in grid if t <= max_theta)


def audit(n, max_theta):
    """Every (theta, d) cell of one n: wrong lower, wrong upper, coverage per interval."""
    values = sorted(v for v in {0.0} | set(D_GRID) | {-d for d in D_GRID} if abs(v) <= max_theta)
    top = top_count(n, max_theta)
    x = {v: thresholds(n, v, top) for v in values}
    cells = []
    for d in values:
        for theta in thetas(max_theta):
            if theta < abs(d):
                continue
            cell = {"n": n, "theta": theta, "d": d}
            for name in ("box", "melded", "adopted"):
                lower = chance_above(x[d][name], n, theta, d)
                upper = chance_above(x[-d][name] if d != 0 else x[0.0][name], n, theta, -d)
                cell[name] = {"wrongLower": lower, "wrongUpper": upper,
                              "coverage": 1 - lower - upper}
            cells.append(cell)
    return cells, x


POWER_CELLS = [  # (theta, true d, margin): not-worse at d = 0 and 0.5 theta/10, better at d > 0
    (0.05, 0.0, 0.01), (0.1, 0.0, 0.02), (0.1, 0.0, 0.05), (0.2, 0.0, 0.05),
    (0.1, 0.01, 0.02), (0.2, 0.02, 0.05),
]


def power(n, x):
    out = []
    for theta, d, margin in POWER_CELLS:
        row = {"n": n, "theta": theta, "d": d, "margin": margin}
        for name in ("box", "adopted"):
            row[name] = {"notWorse": chance_above(x[-margin][name], n, theta, d),
                         "better": chance_above(x[0.0][name], n, theta, d) if d > 0 else None}
        out.append(row)
    return out


def tables(paths):
    """The markdown tables of reference/report.md from the --out files of one or more runs."""
    cells, power_rows = [], []
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        cells += data["cells"]
        power_rows += data["power"]
    print("| n | cells | box: coverage | wrong lower | wrong upper | melded: coverage | wrong lower "
          "| wrong upper | adopted: coverage | wrong lower | wrong upper |")
    print("| " + " | ".join(["---"] * 11) + " |")
    for n in sorted({c["n"] for c in cells}):
        mine = [c for c in cells if c["n"] == n]
        row = [f"{n:,}", f"{len(mine):,}"]
        for name in ("box", "melded", "adopted"):
            row.append(f"{min(c[name]['coverage'] for c in mine):.4f}")
            row.append(f"{100 * max(c[name]['wrongLower'] for c in mine):.3f}%")
            row.append(f"{100 * max(c[name]['wrongUpper'] for c in mine):.3f}%")
        print("| " + " | ".join(row) + " |")
    print()
    print("| n | discordance | true d | margin | box: not-worse | adopted: not-worse | better (both) |")
    print("| " + " | ".join(["---"] * 7) + " |")
    for r in sorted(power_rows, key=lambda r: (r["n"], r["theta"], r["d"], r["margin"])):
        better = r["box"]["better"]
        print(f"| {r['n']:,} | {100 * r['theta']:g}% | {100 * r['d']:g} points | {100 * r['margin']:g} "
              f"points | {r['box']['notWorse']:.3f} | {r['adopted']['notWorse']:.3f} | "
              f"{'' if better is None else f'{better:.3f}'} |")


def main(argv):
    if argv and argv[0].startswith("--tables="):
        return tables(argv[0][9:].split(","))
    sizes, out_path, max_theta = SIZES, None, 1.0
    for arg in argv:
        if arg.startswith("--max-theta="):
            max_theta = float(arg[12:])
        elif arg.startswith("--sizes="):
            sizes = [int(s) for s in arg[8:].split(",")]
        elif arg.startswith("--out="):
            out_path = arg[6:]
        else:
            raise SystemExit(__doc__)
    everything = {"cells": [], "power": []}
    for n in sizes:
        start = time.time()
        cells, x = audit(n, max_theta)
        everything["cells"] += cells
        everything["power"] += [r for r in power(n, x) if r["theta"] <= max_theta]
        worst = {name: {
            "coverage": min(cells, key=lambda c: c[name]["coverage"]),
            "wrongLower": max(cells, key=lambda c: c[name]["wrongLower"]),
            "wrongUpper": max(cells, key=lambda c: c[name]["wrongUpper"]),
        } for name in ("box", "melded", "adopted")}
        line = [f"n={n} ({len(cells)} cells, {time.time() - start:.0f} s)"]
        if n <= 1000:
            moved = quadrature_check(n, [-0.05, -0.01, 0.0, 0.01, 0.05])
            line[0] += f"; thresholds moved by the finer quadrature: {moved}"
            everything["quadratureMoved"] = everything.get("quadratureMoved", 0) + moved
        for name, w in worst.items():
            cov, lo, up = w["coverage"], w["wrongLower"], w["wrongUpper"]
            line.append(f"{name}: coverage {cov[name]['coverage']:.5f} (theta {cov['theta']:.3g}, "
                        f"d {cov['d']:g}); wrong lower {100 * lo[name]['wrongLower']:.4f}% "
                        f"(theta {lo['theta']:.3g}, d {lo['d']:g}); wrong upper "
                        f"{100 * up[name]['wrongUpper']:.4f}% (theta {up['theta']:.3g}, d {up['d']:g})")
        print("\n  ".join(line), flush=True)
        if out_path:  # after every n, so that a long run keeps what it has done
            with open(out_path, "w") as f:
                json.dump(everything, f)


if __name__ == "__main__":
    main(sys.argv[1:])
