// The decision's error rates over the whole grid of issue 21 (`deno task sim`): n from 20 to
// 5,000 items, discordance 0.5% to 30%, difference −δ to +δ, margins 0.5 to 5 points, 1 to 5
// adapters. Prints one line per cell, then the worst cell of each property and the cells (if any)
// outside 3 Monte-Carlo standard errors of their nominal level. The test suite runs a small grid
// of the same cells (decision_simulation_test.ts).
//
//   deno task sim [--reps=10000] [--adapters=1,2,3,5] [--method=report|newcombe|tango]
//     [--sizes=20,50,100,300,1000,2000,5000] [--discordances=0.005,0.01,0.02,0.05,0.1,0.2,0.3]
//     [--errors] [--power-reps=2000]
//
// `--errors` runs only the cells where a rate is checked (d = 0, and d = −margin); the power at
// the printed detectable difference follows the grid (`--power-reps=0` leaves it out, `--reps=0`
// runs it alone).
//
// `--sampled` runs the simulation of several samples per item (issue 35) instead: see
// sampled_sim.ts, which takes the arguments that follow.
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
// `--clustered --power` measures instead the power of the clustered test at the detectable
// difference printed beside it (the cells of no difference of that grid, --reps=400 each):
//
//   deno task sim --clustered --power [--reps=400] [--only-j=50,150]
//
// `--method=newcombe` and `--method=tango` measure, on the same draws instead of the report's
// interval, two asymptotic 95% intervals (one comparison at a time, so one adapter): Newcombe's
// hybrid score interval (pairedDifferenceInterval; unlike the report's and Tango's it depends on
// the concordant items, split here half both right, half both wrong) and Tango's score interval.

import { parseArgs } from "node:util";
import { runSampledSimulation } from "./sampled_sim.ts";
import { clusteredPowerSim, clusteredSim } from "./_clustered_sim.ts";
import { pairedDifferenceInterval } from "../../src/report/stats/paired_difference.ts";
import {
  cachedHolmDecisions,
  cachedReportIntervals,
  type Cell,
  cellName,
  type CellRates,
  checks,
  type FamilyIntervals,
  powerAtFigure,
  simulateCell,
  simulateNullCell,
  tangoInterval,
} from "./_simulate.ts";

if (Deno.args.includes("--sampled")) {
  await runSampledSimulation(Deno.args);
  Deno.exit();
}
const { values } = parseArgs({
  args: Deno.args,
  options: {
    reps: { type: "string" },
    adapters: { type: "string" },
    method: { type: "string", default: "report" },
    sizes: { type: "string" },
    discordances: { type: "string" },
    "power-reps": { type: "string", default: "2000" },
    errors: { type: "boolean", default: false },
    every: { type: "string", default: "1" },
    first: { type: "string", default: "0" },
    clustered: { type: "boolean", default: false },
    power: { type: "boolean", default: false },
    "only-j": { type: "string" },
  },
});
if (values.clustered && values.power) {
  const only = values["only-j"]?.split(",").map(Number) ?? null;
  clusteredPowerSim(Number(values.reps ?? "400"), only);
  Deno.exit();
}
if (values.clustered) {
  clusteredSim(Number(values.reps ?? "1000"), Number(values.every), Number(values.first));
  Deno.exit();
}
const REPS = Number(values.reps ?? "10000");

const REPORT = cachedReportIntervals(0.05);
const DECISIONS = cachedHolmDecisions(0.05);
const METHODS: Record<string, FamilyIntervals> = {
  report: REPORT,
  newcombe: (tables) => tables.map((t) => pairedDifferenceInterval(t)),
  tango: (tables) => tables.map(tangoInterval),
};
if (!(values.method in METHODS)) {
  throw new RangeError(`--method must be report, newcombe or tango, not ${values.method}`);
}
const INTERVALS = METHODS[values.method]!;
const ADAPTERS = values.method === "report"
  ? (values.adapters ?? "1,2,3,5").split(",").map(Number)
  : [1];

const SIZES = (values.sizes ?? "20,50,100,300,1000,2000,5000").split(",").map(Number);
const DISCORDANCES = (values.discordances ?? "0.005,0.01,0.02,0.05,0.1,0.2,0.3").split(",")
  .map(Number);
const SHARES = [-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1]; // d/δ
const MARGINS = [0.005, 0.01, 0.02, 0.05]; // and 0: every cell of SHARES

/**
 * The grid: every (n, δ, d/δ, m) at margin 0, and every margin ≤ δ at d = −margin; with
 * `--errors`, only the cells where an error rate is checked (d = 0, and d = −margin).
 */
function grid(): Cell[] {
  const cells: Cell[] = [];
  for (const adapters of ADAPTERS) {
    for (const n of SIZES) {
      for (const discordance of DISCORDANCES) {
        for (const share of values.errors ? [0] : SHARES) {
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

// --reps=0 runs no cell of the grid (only the power, below).
const cells = REPS > 0 ? grid() : [];
const started = performance.now();
const results: CellRates[] = [];
const fixed = (x: number) => x.toFixed(4);
console.log(
  `${values.method}: ${cells.length} cells, ${REPS} families each, adapters ${ADAPTERS.join(",")}`,
);
console.log("cell | coverage | wrong not-worse | wrong better | family any direction");
for (const [index, cell] of cells.entries()) {
  const seed = 1_000_003 * (index + 1);
  // The report's cells of no difference are read from the Holm decisions alone (the same rates).
  const rates = values.method === "report" && cell.difference === 0 && cell.margin === 0
    ? simulateNullCell(cell, { reps: REPS, seed, decisions: DECISIONS })
    : simulateCell(cell, { reps: REPS, seed, intervals: INTERVALS });
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

if (results.length > 0) summarize(results);

// The power at the printed detectable difference: for each (m, n, δ), the median figure printed
// beside the first comparison when no adapter differs, then P(better) when it truly differs by it.
if (values.method === "report" && Number(values["power-reps"]) > 0) {
  const reps = Number(values["power-reps"]);
  console.log(`\npower at the printed detectable difference, ${reps} families each`);
  console.log("m | n | δ | median figure (points) | draws with none | power there");
  const found: { name: string; power: number }[] = [];
  let index = 0;
  for (const adapters of ADAPTERS) {
    for (const n of SIZES) {
      for (const discordance of DISCORDANCES) {
        const r = powerAtFigure(n, discordance, adapters, {
          reps,
          seed: 7_000_003 * ++index,
          decisions: DECISIONS,
        });
        const name = `m=${adapters} n=${n} δ=${+(discordance * 100).toFixed(4)}%`;
        if (r.power !== null) found.push({ name, power: r.power });
        console.log(
          [
            adapters,
            n,
            `${+(discordance * 100).toFixed(4)}%`,
            r.figure === null ? "none" : (r.figure * 100).toFixed(3),
            r.none.toFixed(3),
            r.power === null ? "-" : r.power.toFixed(4),
          ].join(" | "),
        );
      }
    }
  }
  found.sort((a, b) => a.power - b.power);
  const outside = found.filter((f) => f.power < 0.75 || f.power > 0.85);
  console.log(
    `power: ${found.length} cells with a figure, ${found[0]?.power.toFixed(4)} ` +
      `(${found[0]?.name}) to ${found.at(-1)?.power.toFixed(4)} (${found.at(-1)?.name}); ` +
      `outside 0.75–0.85: ${outside.length}`,
  );
  for (const f of outside) console.log(`  ${f.name}: ${f.power.toFixed(4)}`);
}

/** The worst cell of each property, overall and for each family size, and the cells that fail. */
function summarize(results: readonly CellRates[]): void {
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
  for (const adapters of ADAPTERS) {
    const some = results.filter((r) => r.cell.adapters === adapters).flatMap((r) =>
      checks(r).map((c) => ({ cell: r.cell, ...c }))
    );
    const worst = ["coverage", "wrong not-worse", "wrong better", "family any direction"].map(
      (property) => {
        const all = some.filter((c) => c.property === property);
        const w = all.reduce((w, c) =>
          (property === "coverage" ? c.rate < w.rate : c.rate > w.rate) ? c : w
        );
        return `${property} ${fixed(w.rate)} (${cellName(w.cell)})`;
      },
    );
    console.log(`  m = ${adapters}: ${worst.join("; ")}`);
  }
  console.log(`cells outside their bound: ${failures.length}`);
  for (const f of failures) console.log(`  ${f}`);
  if (failures.length > 0) Deno.exitCode = 1;
}
