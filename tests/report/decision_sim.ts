// The decision's error rates over the whole grid of issue 21 (`deno task sim`): n from 20 to
// 5,000 items, discordance 0.5% to 30%, difference −δ to +δ, margins 0.5 to 5 points, 1 to 5
// adapters. Prints one line per cell, then the worst cell of each property and the cells (if any)
// outside 3 Monte-Carlo standard errors of their nominal level. The test suite runs a small grid
// of the same cells (decision_simulation_test.ts).
//
//   deno task sim [--reps=10000] [--adapters=1,2,3,5] [--method=report|newcombe|tango]
//     [--sizes=20,50,100,300,1000,2000,5000]
//
// `--sampled` runs the grid of several samples per item (issue 35) instead, one line per cell
// (coverage, wrong `not-worse`, wrong `better`, mean width), then the worst cell of each property
// and the cells outside 3 standard errors; the suite runs a fast subset of it
// (tests/report/stats/sampled_simulation_test.ts):
//
//   deno task sim --sampled [--reps=2000] [--sizes=5,10,20,50,100,200,500,2000]
//     [--samples=2,4,8,16,64] [--betas=0.02:0.02,0.5:0.5,1:1,8:1] [--patterns=few,spread,mixed]
//     [--adapters=1,3] [--every=1] [--first=0]
//
// Its grid: every (n, K, Beta, pattern) with d = −margin at margins 1 and 5 points (one adapter),
// d = 0 at margin 0 (each adapter count, Holm across them), and d = +5 points (one adapter), where
// the pattern can make the difference. `--every=N --first=F` runs the cells F, F + N, F + 2N, …:
// a sample of the grid on a shared machine.
//
// `--sampled --issue35` runs instead the cells reference/report.md tabulates (issue 35's, 2,000
// families each), and `--sampled --power` the power of the comparison at its own printed
// detectable difference on the cells reference/report.md cites (200 families each).
//
// `--clustered` runs the grid of clustered items instead (one answer per item; items in clusters
// of uneven sizes with an intra-cluster correlation ρ of their differences): J of 5, 20, 50, 150
// and 500 clusters, sizes log-uniform on 1–4 or 1–20, ρ of 0, 0.1, 0.25 and 0.5, discordance 10%
// and 30%, d = −margin, 0 and +margin at margins 2 and 5 points; the report's decision and, beside
// it, the exact test that takes the items as independent; the suite runs a fast subset
// (tests/report/stats/clustered_simulation_test.ts):
//
//   deno task sim --clustered [--reps=1000] [--every=1] [--first=0]
//
// `--method=newcombe` and `--method=tango` measure, on the same draws instead of the report's
// interval, two asymptotic 95% intervals (one comparison at a time, so one adapter): Newcombe's
// hybrid score interval (pairedDifferenceInterval; unlike the report's and Tango's it depends on
// the concordant items, split here half both right, half both wrong) and Tango's score interval.

import { parseArgs } from "node:util";
import {
  patternHolds,
  powerAtFigure,
  type SampledCell,
  sampledCell,
  sampledCellName,
  sampledChecks,
  type SampledRates,
  simulateSampledCell,
} from "./_simulate_sampled.ts";
import { clusteredSim } from "./_clustered_sim.ts";
import { pairedDifferenceInterval } from "../../src/report/stats/paired_difference.ts";
import {
  type Cell,
  cellName,
  type CellRates,
  checks,
  type FamilyIntervals,
  simulateCell,
  tangoInterval,
} from "./_simulate.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    reps: { type: "string" },
    adapters: { type: "string" },
    method: { type: "string", default: "report" },
    sizes: { type: "string" },
    sampled: { type: "boolean", default: false },
    samples: { type: "string", default: "2,4,8,16,64" },
    betas: { type: "string", default: "0.02:0.02,0.5:0.5,1:1,8:1" },
    patterns: { type: "string", default: "few,spread,mixed" },
    every: { type: "string", default: "1" },
    issue35: { type: "boolean", default: false },
    power: { type: "boolean", default: false },
    first: { type: "string", default: "0" },
    clustered: { type: "boolean", default: false },
  },
});
if (values.clustered) {
  clusteredSim(Number(values.reps ?? "1000"), Number(values.every), Number(values.first));
  Deno.exit();
}
if (values.sampled) {
  sampledGrid();
  Deno.exit();
}
const REPS = Number(values.reps ?? "10000");

const METHODS: Record<string, FamilyIntervals | undefined> = {
  report: undefined,
  newcombe: (tables) => tables.map((t) => pairedDifferenceInterval(t)),
  tango: (tables) => tables.map(tangoInterval),
};
if (!(values.method in METHODS)) {
  throw new RangeError(`--method must be report, newcombe or tango, not ${values.method}`);
}
const INTERVALS = METHODS[values.method];
const ADAPTERS = INTERVALS === undefined
  ? (values.adapters ?? "1,2,3,5").split(",").map(Number)
  : [1];

const SIZES = (values.sizes ?? "20,50,100,300,1000,2000,5000").split(",").map(Number);
const DISCORDANCES = [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3];
const SHARES = [-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1]; // d/δ
const MARGINS = [0.005, 0.01, 0.02, 0.05]; // and 0: every cell of SHARES

/** The grid: every (n, δ, d/δ, m) at margin 0, and every margin ≤ δ at d = −margin. */
function grid(): Cell[] {
  const cells: Cell[] = [];
  for (const adapters of ADAPTERS) {
    for (const n of SIZES) {
      for (const discordance of DISCORDANCES) {
        for (const share of SHARES) {
          // d = share·δ, rounded as the decimal it is (0.75·0.1 is 0.07500000000000001).
          const difference = Number((share * discordance).toPrecision(12));
          cells.push({ n, discordance, difference, adapters, margin: 0 });
        }
        for (const margin of MARGINS.filter((m) => m <= discordance)) {
          cells.push({ n, discordance, difference: -margin, adapters, margin });
        }
      }
    }
  }
  return cells;
}

const cells = grid();
const started = performance.now();
const results: CellRates[] = [];
const fixed = (x: number) => x.toFixed(4);
console.log(
  `${values.method}: ${cells.length} cells, ${REPS} families each, adapters ${ADAPTERS.join(",")}`,
);
console.log("cell | coverage | wrong not-worse | wrong better | family any direction");
for (const [index, cell] of cells.entries()) {
  const seed = 1_000_003 * (index + 1);
  const rates = simulateCell(cell, {
    reps: REPS,
    seed,
    ...(INTERVALS ? { intervals: INTERVALS } : {}),
  });
  results.push(rates);
  const shown = checks(rates);
  const figure = (property: string) => {
    const c = shown.find((k) => k.property === property);
    return c === undefined ? "-" : `${fixed(c.rate)}${c.holds ? "" : " FAILS"}`;
  };
  console.log(
    [
      cellName(cell),
      figure("coverage"),
      figure("wrong not-worse"),
      figure("wrong better"),
      figure("family any direction"),
    ].join(" | "),
  );
}

console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s`);
console.log("worst cell of each property (nominal level; bound at 3 SE over the families):");
for (const property of ["coverage", "wrong not-worse", "wrong better", "family any direction"]) {
  const all = results.flatMap((r) =>
    checks(r).filter((c) => c.property === property).map((c) => ({ cell: r.cell, ...c }))
  );
  const worst = all.reduce((w, c) =>
    (property === "coverage" ? c.rate < w.rate : c.rate > w.rate) ? c : w
  );
  console.log(
    `  ${property}: ${fixed(worst.rate)} at ${cellName(worst.cell)} ` +
      `(nominal ${+worst.nominal.toFixed(4)}, bound ${fixed(worst.bound)}; ${all.length} cells)`,
  );
}
const failures = results.flatMap((r) =>
  checks(r).filter((c) => !c.holds).map((c) => `${cellName(r.cell)}: ${c.property} ${c.rate}`)
);
console.log(`cells outside their bound: ${failures.length}`);
for (const f of failures) console.log(`  ${f}`);
if (failures.length > 0) Deno.exitCode = 1;

/** The cells of issue 35 that reference/report.md tabulates, before and after. */
function issue35Cells(): SampledCell[] {
  const S = [0.02, 0.02] as const;
  const c = sampledCell;
  return [
    c(20, 16, S, "few", -2, 2),
    c(20, 16, S, "few", -5, 5),
    c(10, 4, S, "few", -5, 5),
    c(50, 4, S, "few", -2, 2),
    c(100, 4, S, "few", -1, 1),
    c(200, 8, S, "few", -1, 1),
    c(200, 4, S, "mixed", 0),
    c(500, 4, [8, 1], "mixed", 0),
    c(1000, 8, S, "mixed", 0, 0, 3),
    c(100, 4, [1, 1], "spread", 3),
    c(500, 4, [1, 1], "spread", 3),
    c(500, 4, S, "few", 3),
    c(2000, 4, [1, 1], "spread", -1, 1),
    c(2000, 16, S, "few", -1, 1),
  ];
}

/** The power at the printed detectable difference (`--sampled --power`). */
function powerCells(): void {
  const reps = Number(values.reps ?? "200");
  const cells: SampledCell[] = [
    [100, 4, [1, 1], "spread"],
    [500, 4, [1, 1], "spread"],
    [200, 8, [8, 1], "spread"],
    [50, 16, [0.5, 0.5], "spread"],
    [1000, 4, [1, 1], "few"],
    [200, 4, [1, 1], "mixed"],
    [200, 8, [0.02, 0.02], "few"],
    [500, 4, [0.02, 0.02], "few"],
  ].map(([n, samples, beta, pattern]) => ({
    n: n as number,
    samples: samples as number,
    beta: beta as [number, number],
    pattern: pattern as SampledCell["pattern"],
    difference: 0,
    margin: 0,
    adapters: 1,
  }));
  console.log(`power at the printed detectable difference, ${reps} families each`);
  for (const [i, cell] of cells.entries()) {
    const r = powerAtFigure(cell, { reps, seed: 91 + 2 * i });
    console.log(
      `${sampledCellName(cell)}: figure ${(r.figure * 100).toFixed(2)} points, ` +
        `power there ${r.power.toFixed(3)}`,
    );
  }
}

/** The grid of several samples per item (`--sampled`). */
function sampledGrid(): void {
  if (values.power) return powerCells();
  const reps = Number(values.reps ?? "2000");
  const list = (text: string) => text.split(",").map(Number);
  const sizes = list(values.sizes ?? "5,10,20,50,100,200,500,2000");
  const betas = values.betas.split(",").map((b) => b.split(":").map(Number) as [number, number]);
  const patterns = values.patterns.split(",") as SampledCell["pattern"][];
  const adapters = list(values.adapters ?? "1,3");
  const cells: SampledCell[] = [];
  for (const n of sizes) {
    for (const samples of list(values.samples)) {
      for (const beta of betas) {
        for (const pattern of patterns) {
          const base = { n, samples, beta, pattern, adapters: 1 };
          const candidates: SampledCell[] = [
            ...[0.01, 0.05].map((margin) => ({ ...base, difference: -margin, margin })),
            ...adapters.map((m) => ({ ...base, difference: 0, margin: 0, adapters: m })),
            { ...base, difference: 0.05, margin: 0 },
          ];
          cells.push(...candidates.filter(patternHolds));
        }
      }
    }
  }
  const every = Number(values.every);
  const first = Number(values.first);
  const chosen = values.issue35
    ? issue35Cells().map((cell, i) => ({ cell, index: i }))
    : cells.flatMap((c, i) => (i % every === first ? [{ cell: c, index: i }] : []));
  console.log(
    `sampled: ${chosen.length} of ${cells.length} cells, ${reps} families each ` +
      `(every ${every} from ${first})`,
  );
  console.log(
    "cell | coverage | wrong not-worse | wrong better | mean width | not-worse or better",
  );
  const results: SampledRates[] = [];
  const started = performance.now();
  for (const { cell, index } of chosen) {
    const rates = simulateSampledCell(cell, { reps, seed: 35_000_011 * (index + 1) });
    results.push(rates);
    const shown = sampledChecks(rates);
    const figure = (property: string) => {
      const c = shown.find((k) => k.property === property);
      return c === undefined ? "-" : `${c.rate.toFixed(4)}${c.holds ? "" : " FAILS"}`;
    };
    console.log(
      [
        sampledCellName(cell),
        figure("coverage"),
        figure("wrong not-worse"),
        figure("wrong better"),
        (rates.width * 100).toFixed(2),
        rates.notWorse.toFixed(4),
      ].join(" | "),
    );
  }
  console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s`);
  for (const property of ["coverage", "wrong not-worse", "wrong better"]) {
    const all = results.flatMap((r) =>
      sampledChecks(r).filter((c) => c.property === property).map((c) => ({ cell: r.cell, ...c }))
    );
    if (all.length === 0) continue;
    const worst = all.reduce((w, c) =>
      (property === "coverage" ? c.rate < w.rate : c.rate > w.rate) ? c : w
    );
    console.log(
      `  worst ${property}: ${worst.rate.toFixed(4)} at ${sampledCellName(worst.cell)} ` +
        `(bound ${worst.bound.toFixed(4)}; ${all.length} cells)`,
    );
  }
  const failures = results.flatMap((r) =>
    sampledChecks(r).filter((c) => !c.holds).map((c) =>
      `${sampledCellName(r.cell)}: ${c.property} ${c.rate}`
    )
  );
  console.log(`cells outside their bound: ${failures.length}`);
  for (const f of failures) console.log(`  ${f}`);
  if (failures.length > 0) Deno.exitCode = 1;
}
