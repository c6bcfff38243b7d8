import assert from "node:assert/strict";
import {
  coherentIntervals,
  decisionInterval,
  TEST_SHARE,
} from "../../../src/report/stats/decision_interval.ts";
import { holmAdjust } from "../../../src/report/stats/holm.ts";
import { mcnemarExactP } from "../../../src/report/stats/mcnemar.ts";
import type { PairedTable } from "../../../src/report/stats/paired_table.ts";
import { Prng } from "../../reference/_prng.ts";
import { assertClose } from "../_close.ts";
import { reference, skipReason } from "../_python.ts";

/** A table of n items with b and c discordant (the rest right for both). */
function table(b: number, c: number, n: number): PairedTable {
  return { bothRight: n - b - c, onlyFirst: b, onlySecond: c, bothWrong: 0 };
}

const excludesZero = (i: { lower: number; upper: number }) => i.lower > 0 || i.upper < 0;

/** |actual − expected| ≤ tolerance, absolute (the limits are differences of fractions). */
function assertNear(actual: number, expected: number, tolerance: number, what: string): void {
  assert.ok(
    Math.abs(actual - expected) <= tolerance,
    `${what}: expected ${expected}, got ${actual} (off by ${Math.abs(actual - expected)})`,
  );
}

/**
 * Computed by hand with scipy 1.17.1, from the definition (Fay & Lumbard 2021's melded interval,
 * its ends moved to 0 when the exact test does not reject at 0.9·alpha) and not through any
 * reference script: adaptive quad over T's density, brentq for the limit.
 *
 *   from scipy import integrate, optimize, stats
 *   def p_low(D, b, c, n):  # P(T (2 B_L - 1) <= D)
 *       N = b + c
 *       if D == 0: return stats.binom.sf(b - 1, N, 0.5)
 *       T = stats.beta(N, n - N + 1) if D > 0 else (stats.beta(N + 1, n - N) if N < n else None)
 *       if T is None: return stats.beta(b, c + 1).cdf(0.5 + D / 2) if b else 1.0
 *       if b == 0: return 1.0 if D > 0 else T.sf(-D)
 *       B = stats.beta(b, c + 1)
 *       g = lambda t: B.cdf(min(1, 0.5 + D / (2 * t))) * T.pdf(t) if 0.5 + D / (2 * t) > 0 else 0
 *       lo, hi = max(abs(D), T.ppf(1e-18)), T.isf(1e-18)
 *       v = integrate.quad(g, lo, hi, epsabs=1e-15, epsrel=1e-13, limit=2000,
 *                          points=[T.mean()] if lo < T.mean() < hi else None)[0] if lo < hi else 0
 *       return (T.cdf(D) if D > 0 else 0.0) + v
 *   def low(b, c, n, tail):
 *       N = b + c
 *       if N == 0: return -(1 - tail ** (1 / n))
 *       if b == 0 and N == n: return -1.0
 *       f = lambda D: -tail if D <= -1 else p_low(D, b, c, n) - tail
 *       return optimize.brentq(f, -1, 1, xtol=1e-16, rtol=1e-15)
 *   def iv(b, c, n, alpha):  # p: the exact McNemar p-value, in fractions
 *       lower, upper = low(b, c, n, alpha / 2), -low(c, b, n, alpha / 2)
 *       if not p < alpha * 9 / 10: lower, upper = min(lower, 0), max(upper, 0)
 *       return lower, upper
 *
 * [b, c, n, alpha, lower, upper].
 */
const COMPUTED: ReadonlyArray<readonly [number, number, number, number, number, number]> = [
  // Nothing discordant of 50: ±(1 − 0.025^(1/50)), 7.1 points (the box interval gave 11.3).
  [0, 0, 50, 0.05, -0.07112173646419762, 0.07112173646419762],
  // 1,500/150/20/330: [5.2, 7.8] points (the box interval [4.4, 8.9]; Newcombe's [5.3, 7.8]).
  [150, 20, 2000, 0.05, 0.05193377175793042, 0.07823763859290836],
  // 6 vs 16 of 2,000, p = 0.0525 ≥ 0.045: holds 0 (the melded upper end, 0.0049 points, is kept).
  [6, 16, 2000, 0.05, -0.01043377337043352, 4.8912907403911594e-05],
  [1, 59999, 60000, 0.05, -0.9999991560732452, -0.999793077224896],
  [2900, 3100, 6000, 0.05, -0.058767571203657734, -0.007865352745614472],
  // All 10 discordant, all for the second: lower −1.
  [0, 10, 10, 0.05, -1, -0.33801922902713644],
  [3, 7, 10, 0.05, -0.8665209776445311, 0.3049057001199946],
  // 240/0/2/58: [−2.4, 0.8] points (the box interval [−3.3, 2.3]; Newcombe's [−2.1, 0.7]).
  [0, 2, 300, 0.05, -0.023873497572173653, 0.0076459038678994935],
  [40, 17, 900, 0.01, 0.0030687684522535206, 0.04919957747290779],
  // One item, right for the first only: lower 2·0.025 − 1 (B_L ~ Beta(1, 1), T_U = 1).
  [1, 0, 1, 0.05, -0.95, 1],
  // One item, no discordance, at 0.05/3: 1 − 0.05/6 = 0.99166….
  [0, 0, 1, 0.05 / 3, -0.9916666666666667, 0.9916666666666667],
  // 20 vs 25 of 2,000: [−0.97, 0.46] points (the box interval [−1.38, 0.69]).
  [20, 25, 2000, 0.05, -0.009725371720648936, 0.004633154265311147],
];

Deno.test({
  name: "decisionInterval: values computed by hand with scipy (the melded interval, by quad)",
  permissions: "none",
  fn: async (t) => {
    for (const [b, c, n, alpha, lower, upper] of COMPUTED) {
      await t.step(`${b} vs ${c} of ${n} at ${alpha}`, () => {
        const got = decisionInterval(table(b, c, n), { alpha });
        assertNear(got.lower, lower, 1e-12, "lower");
        assertNear(got.upper, upper, 1e-12, "upper");
      });
    }
    // The two the issue names, to 6 digits.
    const none = decisionInterval({ bothRight: 40, onlyFirst: 0, onlySecond: 0, bothWrong: 10 });
    assert.deepEqual([none.lower.toFixed(6), none.upper.toFixed(6)], ["-0.071122", "0.071122"]);
    const lopsided = decisionInterval({
      bothRight: 1500,
      onlyFirst: 150,
      onlySecond: 20,
      bothWrong: 330,
    });
    assert.deepEqual([lopsided.lower.toFixed(6), lopsided.upper.toFixed(6)], [
      "0.051934",
      "0.078238",
    ]);
  },
});

Deno.test({
  name: "decisionInterval: the default level is 0.05; TEST_SHARE is 0.9",
  permissions: "none",
  fn: () => {
    assert.equal(TEST_SHARE, 0.9);
    const t = table(30, 12, 500);
    assert.deepEqual(decisionInterval(t), decisionInterval(t, { alpha: 0.05 }));
  },
});

/** Random tables: n from 1 to 60,000, any discordance, lopsided and balanced b/c. */
function randomTables(seed: number, count: number): [number, number, number][] {
  const rng = new Prng(seed);
  return Array.from({ length: count }, () => {
    const n = rng.chance(0.3) ? 1 + rng.int(50) : 1 + rng.int(60000);
    const N = rng.chance(0.2) ? rng.int(Math.min(n, 5) + 1) : rng.int(n + 1);
    const share = rng.pick([0, 0.02, 0.3, 0.5, 0.5, 0.55, 0.7, 0.98, 1]);
    const b = Math.min(N, Math.max(0, Math.round(N * share) + rng.int(5) - 2));
    return [b, N - b, n];
  });
}

Deno.test({
  name: "decisionInterval: laws",
  permissions: "none",
  fn: async (t) => {
    await t.step("excludes 0 exactly when p < 0.9·alpha: every b + c ≤ 40, two levels", () => {
      for (const alpha of [0.05, 0.05 / 3]) {
        for (let N = 0; N <= 40; N++) {
          for (let b = 0; b <= N; b++) {
            const p = mcnemarExactP(b, N - b);
            for (const n of [N === 0 ? 1 : N, 200]) {
              const i = decisionInterval(table(b, N - b, n), { alpha });
              const what = `${b} vs ${N - b} of ${n} at ${alpha}: p ${p}`;
              assert.equal(excludesZero(i), p < (alpha * 9) / 10, what);
            }
          }
        }
      }
    });
    await t.step("60 random tables: mirrors, holds (b − c)/n, in [−1, 1], nested", () => {
      for (const [b, c, n] of randomTables(20261204, 60)) {
        const what = `${b} vs ${c} of ${n}`;
        const one = decisionInterval(table(b, c, n));
        const two = decisionInterval(table(c, b, n));
        assert.equal(one.lower, -two.upper, `${what}: swapped`);
        assert.equal(one.upper, -two.lower, `${what}: swapped`);
        const d = (b - c) / n;
        assert.ok(one.lower <= d && d <= one.upper, `${what}: [${one.lower}, ${one.upper}]`);
        assert.ok(-1 <= one.lower && one.upper <= 1, `${what}: [${one.lower}, ${one.upper}]`);
        // A smaller alpha, an interval at least as wide on both sides.
        let previous = one;
        for (const alpha of [0.025, 0.05 / 3, 0.01, 0.001]) {
          const wider = decisionInterval(table(b, c, n), { alpha });
          assert.ok(wider.lower <= previous.lower, `${what}: lower at ${alpha}`);
          assert.ok(wider.upper >= previous.upper, `${what}: upper at ${alpha}`);
          previous = wider;
        }
      }
    });
    await t.step("a smaller alpha, strictly wider; a larger one, strictly narrower", () => {
      const at = (alpha: number) => decisionInterval(table(30, 12, 500), { alpha });
      const [wide, middle, narrow] = [at(0.01), at(0.05), at(0.2)];
      assert.ok(wide.lower < middle.lower && wide.upper > middle.upper);
      assert.ok(narrow.lower > middle.lower && narrow.upper < middle.upper);
    });
    await t.step("no discordant item: [−δ_U, δ_U], δ_U = 1 − (alpha/2)^(1/n)", () => {
      for (const n of [1, 2, 10, 50, 300, 2000, 60000]) {
        for (const alpha of [0.05, 0.025, 0.05 / 3, 0.01]) {
          const i = decisionInterval(table(0, 0, n), { alpha });
          assert.equal(i.lower, -i.upper, `${n} at ${alpha}`);
          // Clopper–Pearson's upper limit for 0 of n at one-sided alpha/2, in closed form.
          const deltaUpper = -Math.expm1(Math.log(alpha / 2) / n);
          // Absolute: the end is 1 less a limit near 1, so a rounding of that is 1e-16.
          assertNear(i.upper, deltaUpper, 1e-15, `${n} at ${alpha}`);
        }
      }
    });
    await t.step("one discordant item of 200 (B_L ~ Beta(1, 1)): a value, not a hang", () => {
      // reference/python/decision.py: [-0.014867039231272226, 0.027541898457205692]. The melded
      // integral once asked logBinomialPmf(0, 0, q), NaN, and halved its panels without end.
      const one = decisionInterval(table(1, 0, 200));
      assertNear(one.lower, -0.014867039231272226, 1e-10, "lower");
      assertNear(one.upper, 0.027541898457205692, 1e-10, "upper");
    });
    await t.step("all discordant one way: the far end is ±1", () => {
      assert.equal(decisionInterval(table(0, 8, 8)).lower, -1);
      assert.equal(decisionInterval(table(8, 0, 8)).upper, 1);
      assert.ok(decisionInterval(table(8, 0, 20)).upper < 1);
    });
  },
});

Deno.test({
  name: "decisionInterval and coherentIntervals: refusals",
  permissions: "none",
  fn: async (t) => {
    const refusals: [string, () => unknown, RegExp][] = [
      ["an empty table", () => decisionInterval(table(0, 0, 0)), /the table is empty/],
      [
        "a fraction",
        () => decisionInterval({ bothRight: 1, onlyFirst: 1.5, onlySecond: 0, bothWrong: 0 }),
        /onlyFirst must be a non-negative integer, not 1.5/,
      ],
      ["a negative count", () => decisionInterval(table(0, -1, 3)), /onlySecond must be/],
      [
        "NaN",
        () => decisionInterval({ bothRight: NaN, onlyFirst: 0, onlySecond: 0, bothWrong: 1 }),
        /bothRight must be/,
      ],
      [
        "an unsafe integer",
        () => decisionInterval({ bothRight: 0, onlyFirst: 0, onlySecond: 0, bothWrong: 2 ** 53 }),
        /bothWrong must be/,
      ],
      ["alpha 1", () => decisionInterval(table(1, 0, 3), { alpha: 1 }), /alpha must be/],
      ["alpha 0", () => decisionInterval(table(1, 0, 3), { alpha: 0 }), /alpha must be/],
      ["alpha NaN", () => decisionInterval(table(1, 0, 3), { alpha: NaN }), /alpha must be/],
      ["alpha −0.05", () => decisionInterval(table(1, 0, 3), { alpha: -0.05 }), /alpha must be/],
      ["a family's bad count", () => coherentIntervals([table(1, -1, 3)]), /table 0: onlySecond/],
      [
        "a family's second table",
        () =>
          coherentIntervals([
            table(1, 0, 3),
            { bothRight: 1, onlyFirst: 0.5, onlySecond: 0, bothWrong: 0 },
          ]),
        /table 1: onlyFirst/,
      ],
      ["a family's alpha", () => coherentIntervals([], { alpha: 1.5 }), /alpha must be/],
    ];
    for (const [what, call, message] of refusals) {
      await t.step(what, () =>
        assert.throws(call, (e: unknown) => {
          assert.ok(e instanceof RangeError, `${what}: ${e}`);
          assert.match(e.message, message);
          return true;
        }));
    }
  },
});

Deno.test({
  name: "coherentIntervals: each at its Holm step at 0.9·alpha; empty tables left out",
  permissions: "none",
  fn: () => {
    // p: 4.4e-10 (150 vs 60), 0.0034 (10 vs 29), 0.030 (36 vs 19), 0.0226 (14 vs 30), 0.62 (30
    // vs 35); Holm at 0.045.
    const family = [
      table(150, 60, 2000), // rank 1: 4.4e-10·3 < 0.045, tested at 0.015, interval at 0.05/3
      table(0, 0, 0), // no item: null, not counted
      table(36, 19, 2000), // rank 3: 0.030 < 0.045, at 0.045 and 0.05
      table(10, 29, 2000), // rank 2: 0.0034·2 < 0.045, at 0.0225 and 0.025
    ];
    const [a, none, b, c] = coherentIntervals(family);
    assert.equal(none, null);
    assert.deepEqual([a!.level, b!.level, c!.level], [0.05 / 3, 0.05, 0.05 / 2]);
    assert.deepEqual([a!.testLevel, b!.testLevel, c!.testLevel], [0.015, 0.045, 0.0225]);
    for (const x of [a!, b!, c!]) assert.ok(x.rejected && excludesZero(x));
    assert.deepEqual(
      [a!, b!, c!].map((x) => x.pAdjusted),
      holmAdjust([mcnemarExactP(150, 60), mcnemarExactP(36, 19), mcnemarExactP(10, 29)]),
    );
    assert.equal(c!.difference, -19 / 2000);
    assert.equal(c!.pValue, mcnemarExactP(10, 29));
    // Each is the decision interval at its level (the test's share of it is its testLevel).
    for (const [x, t] of [[a!, family[0]!], [b!, family[2]!], [c!, family[3]!]] as const) {
      const alone = decisionInterval(t, { alpha: x.level });
      assertNear(x.lower, alone.lower, 1e-15, "lower");
      assertNear(x.upper, alone.upper, 1e-15, "upper");
    }
    // A fifth comparison (p 0.62) makes m = 4: steps 1 and 2 reject (4.4e-10·4, 0.0034·3), step 3
    // does not (0.030·2 > 0.045), and the procedure stops there: the rest are decided at step 3.
    const more = coherentIntervals([...family, table(30, 35, 2000)]);
    assert.equal(more[0]!.level, 0.05 / 4);
    assert.equal(more[3]!.level, 0.05 / 3);
    for (const i of [0, 3]) assert.ok(more[i]!.rejected && excludesZero(more[i]!), `${i}`);
    for (const i of [2, 4]) {
      assert.equal(more[i]!.level, 0.05 / 2);
      assert.equal(more[i]!.testLevel, 0.0225);
      assert.ok(!more[i]!.rejected && !excludesZero(more[i]!), `comparison ${i}`);
    }
    // 14 vs 30 (p 0.0226) at rank 2 stops Holm at 0.045 (0.0226·2 > 0.045): 36 vs 19, whose p of
    // 0.030 is below 0.045 alone, is not rejected and its interval holds 0.
    const stopped = coherentIntervals([
      table(150, 60, 2000),
      table(36, 19, 2000),
      table(14, 30, 2000),
    ]);
    assert.ok(stopped[0]!.rejected);
    assert.ok(decisionInterval(table(36, 19, 2000)).lower > 0);
    for (const x of stopped.slice(1)) {
      assert.ok(!x!.rejected && !excludesZero(x!) && x!.level === 0.025);
    }
    // One table: its decision interval at alpha.
    const [single] = coherentIntervals([table(6, 16, 2000)], { alpha: 0.01 });
    assert.deepEqual(
      { lower: single!.lower, upper: single!.upper },
      decisionInterval(table(6, 16, 2000), { alpha: 0.01 }),
    );
    assert.deepEqual(coherentIntervals([]), []);
  },
});

const skip = await skipReason("decision intervals against Python");

interface Sweep {
  readonly b: number[];
  readonly c: number[];
  readonly p: number[];
  readonly level: number[];
  readonly testLevel: number[];
  readonly rejected: boolean[];
  readonly lower: number[];
  readonly upper: number[];
}

/** Each comparison the sweep found different, named, at most a few. */
function disagreements(sweep: Sweep, others: readonly PairedTable[], top: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < sweep.b.length && out.length < 5; i++) {
    const b = sweep.b[i]!;
    const c = sweep.c[i]!;
    const [got] = coherentIntervals([table(b, c, top), ...others]);
    const what = `${b} vs ${c} of ${top} with ${JSON.stringify(others)}`;
    const python = { lower: sweep.lower[i]!, upper: sweep.upper[i]! };
    if (got!.level !== sweep.level[i] || got!.testLevel !== sweep.testLevel[i]) {
      out.push(
        `${what}: levels ${got!.level}, ${got!.testLevel}; Python ${sweep.level[i]}, ${
          sweep.testLevel[i]
        }`,
      );
    } else if (got!.rejected !== sweep.rejected[i]) {
      out.push(`${what}: rejected ${got!.rejected}, Python ${sweep.rejected[i]}`);
    } else if (excludesZero(got!) !== got!.rejected) {
      out.push(`${what}: the interval and the test disagree`);
    } else if (excludesZero(python) !== sweep.rejected[i]) {
      out.push(`${what}: Python's own interval and test disagree (p ${sweep.p[i]})`);
    } else if (
      Math.abs(got!.lower - python.lower) > 1e-10 || Math.abs(got!.upper - python.upper) > 1e-10
    ) {
      out.push(
        `${what}: [${got!.lower}, ${got!.upper}], Python [${python.lower}, ${python.upper}]`,
      );
    }
  }
  return out;
}

Deno.test({
  name: "coherentIntervals: every table with b + c ≤ 40, m = 1, 2, 3, against scipy and fractions",
  ignore: skip !== null,
  fn: async (t) => {
    // Whether an interval excludes 0, and its level, depend on b and c only, so every (b, c) with
    // b + c ≤ 40 at n = 40 covers every decision up to 40 discordant items (each melded interval
    // is a numerical root on both sides, so the sweep is kept small). The other
    // comparisons' p-values stop Holm's step-down at 0.045 at each step: 1.8e-12 (0 vs 40), 0.0034
    // (10 vs 29), 0.0226 (14 vs 30, just above 0.045/2), 0.0275 (13 vs 28), 0.030 (19 vs 36),
    // 0.28 (30 vs 40).
    const families: (readonly [number, number, number])[][] = [
      [],
      [[0, 40, 500]],
      [[14, 30, 500]],
      [[19, 36, 500]],
      [[30, 40, 500]],
      [[0, 40, 500], [0, 40, 600]],
      [[10, 29, 500], [14, 30, 500]],
      [[14, 30, 500], [13, 28, 500]],
      [[19, 36, 500], [30, 40, 500]],
    ];
    const top = 40;
    const sweeps = (await reference(
      "sweep",
      families.map((others) => ({ alpha: 0.05, others, top })),
    )) as Sweep[];
    for (const [f, others] of families.entries()) {
      await t.step(`m = ${others.length + 1}, others ${JSON.stringify(others)}`, () => {
        const sweep = sweeps[f]!;
        assert.equal(sweep.b.length, ((top + 1) * (top + 2)) / 2);
        const tables = others.map(([b, c, n]) => table(b, c, n));
        assert.deepEqual(disagreements(sweep, tables, top), []);
      });
    }
  },
});

interface PythonComparison {
  readonly p: number;
  readonly adjusted: number;
  readonly rejected: boolean;
  readonly level: number;
  readonly testLevel: number;
  readonly lower: number;
  readonly upper: number;
}

Deno.test({
  name: "coherentIntervals: 60 random families up to n = 60,000, near the decision, against scipy",
  ignore: skip !== null,
  fn: async () => {
    const rng = new Prng(20261202);
    const families = Array.from({ length: 60 }, () => {
      const m = 1 + rng.int(4);
      return Array.from({ length: m }, () => {
        const n = 1 + rng.int(60000);
        const N = rng.int(1 + Math.floor(n * (0.01 + rng.int(40) / 100)));
        // b near the two-sided critical value, so that Holm's decisions are close calls.
        const z = [1.6, 2.0, 2.2, 2.4, 2.6, 3.5][rng.int(6)]!;
        const b = Math.max(
          0,
          Math.min(N, Math.round(N / 2 + (z * Math.sqrt(N)) / 2) + rng.int(5) - 2),
        );
        return rng.int(2) === 0 ? [b, N - b, n] as const : [N - b, b, n] as const;
      });
    });
    const python = (await reference(
      "family",
      families.map((tables) => ({ alpha: 0.05, tables })),
    )) as PythonComparison[][];
    let close = 0;
    families.forEach((tables, f) => {
      const got = coherentIntervals(tables.map(([b, c, n]) => table(b, c, n)));
      const py = python[f]!;
      // A p within 1e-9 of one of Holm's thresholds 0.045/j: a rounding may decide it either way
      // in two implementations (and with it the levels of the rest of the family); each must
      // still agree with its own interval, and the limits with each other.
      const m = tables.length;
      const tie = py.some((x) =>
        Array.from({ length: m }, (_, j) => 0.045 / (j + 1)).some((l) =>
          Math.abs(x.p / l - 1) < 1e-9
        )
      );
      if (tie) close++;
      got.forEach((x, i) => {
        const p = py[i]!;
        const what = `family ${JSON.stringify(tables)}, table ${i}`;
        assert.ok(x !== null);
        assert.equal(excludesZero(x), x.rejected, `${what}: interval and test disagree`);
        assert.equal(excludesZero(p), p.rejected, `${what}: Python's interval and test`);
        assertClose(x.pValue, p.p, 1e-9, `${what}: p`);
        assertClose(x.pAdjusted, p.adjusted, 1e-9, `${what}: adjusted p`);
        if (tie) return;
        assert.equal(x.level, p.level, `${what}: level`);
        assert.equal(x.testLevel, p.testLevel, `${what}: test level`);
        assert.equal(x.rejected, p.rejected, `${what}: rejected`);
        assertNear(x.lower, p.lower, 1e-10, `${what}: lower`);
        assertNear(x.upper, p.upper, 1e-10, `${what}: upper`);
      });
    });
    assert.ok(close < 3, `${close} near-ties`);
  },
});
