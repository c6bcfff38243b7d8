// The simulation of several samples per item (issue 35), run by `deno task sim --sampled`
// (decision_sim.ts hands it its arguments). The suite runs a fast subset of it
// (tests/report/stats/sampled_simulation_test.ts).
//
//   deno task sim --sampled --grid [--reps=2000] [--cells=i/N] [--out=FILE] [--corners]
//     [--random=M] [--sizes=5,10,20,50,100,200,500,2000] [--samples=2,4,8,16,64]
//     [--betas=0.02:0.02,0.5:0.5,1:1,8:1] [--patterns=few,spread,mixed] [--adapters=1,3,5]
//     [--models] [--risky-first]
//
// The grid (reference/report.md, "Several samples per item", writes it out): for every n, K, the
// baseline's shares Beta(a, b) and pattern of change, the comparison cells d = −margin at margins
// 1 and 5 points (one adapter), d = 0 at margin 0 with each number of adapters (Holm across
// them), d = +1 at margin 1 and d = +5 points at margin 0, where the pattern can make the
// difference; then for every n, K and Beta the model cells (the coverage of the accuracy, pass@k
// and pass^k intervals, k = 1 to K). Each cell prints one line; each cell's coverage ≥ 95%, wrong
// `not-worse` at d = −margin ≤ 2.5%, wrong `better` at d = 0 ≤ 2.5% and each model interval's
// coverage ≥ 95%, each within 3 Monte-Carlo standard errors, no interval of no width; then the
// worst cell of each property and the cells outside their bound (exit 1 if any).
//
// Selection: every cell, or `--corners` (the cells whose n, K and Beta are each at an end of
// their lists: smallest and largest n and K, the sparsest and the most skewed shares, every
// pattern and difference, the most adapters) and/or `--random=M` (M other cells, a seeded draw
// that does not change between runs); `--models` the model cells only, `--comparisons` the
// comparison cells only, `--only-n=5,2000` the cells of those n; `--risky-first` runs the
// chosen cells in the order of how likely they are to fail (fewest items, sparsest shares, most
// samples, a few items changed, d = −margin, most adapters first), each with its own seed as
// always. `--cells=i/N` runs the i-th of N pieces of the selection (i from 1), so
// that pieces can run apart. `--out=FILE` appends one JSON line per cell as it ends and skips the
// cells FILE already holds, so that a run can stop and continue; the summary is then over every
// cell of FILE.
//
// `--issue35` runs the cells reference/report.md tabulates (2,000 families each); `--power`
// the power of the comparison at its own printed detectable difference (200 families each) on a
// few cells, or with `--grid` on every (n, K, Beta, pattern) of the grid chosen by the options
// above (`--only-n`, `--corners`, `--random`), then its range for each pattern.

import { parseArgs } from "node:util";
import process from "node:process";
import {
  coverageBound,
  type ModelCell,
  modelCellName,
  patternHolds,
  powerAtFigure,
  type SampledCell,
  sampledCell,
  sampledCellName,
  sampledChecks,
  simulateModelCell,
  simulateSampledCell,
} from "./_simulate_sampled.ts";
import { Prng } from "../reference/_prng.ts";

/** One cell of the grid: a comparison of adapters with a baseline, or one model's intervals. */
export type GridCell =
  | { readonly kind: "comparison"; readonly cell: SampledCell }
  | { readonly kind: "models"; readonly cell: ModelCell };

/** A property of a cell measured against its bound (as `sampledChecks`). */
export interface Check {
  readonly property: string;
  readonly rate: number;
  readonly bound: number;
  readonly holds: boolean;
}

/** One line of `--out`: a cell's figures. */
export interface CellLine {
  readonly name: string;
  readonly kind: GridCell["kind"];
  readonly index: number;
  readonly seed: number;
  readonly reps: number;
  /** CPU seconds of this process while the cell ran. */
  readonly cpuSeconds: number;
  readonly checks: readonly Check[];
  /** The mean width of the comparison's interval (points), or null for model cells. */
  readonly widthPoints: number | null;
  /** P(`not-worse` or `better`), or null for model cells. */
  readonly notWorseOrBetter: number | null;
  readonly zeroWidth: number;
}

/** The published grid's lists (reference/report.md), as the command line writes them. */
export const GRID = {
  sizes: "5,10,20,50,100,200,500,2000",
  samples: "2,4,8,16,64",
  betas: "0.02:0.02,0.5:0.5,1:1,8:1",
  patterns: "few,spread,mixed",
  adapters: "1,3,5",
} as const;

/** The lists of a grid. */
export interface GridShape {
  readonly sizes: readonly number[];
  readonly samples: readonly number[];
  readonly betas: readonly (readonly [number, number])[];
  readonly patterns: readonly SampledCell["pattern"][];
  readonly adapters: readonly number[];
}

/** The lists of a grid from their command-line text (`GRID` for the published one). */
export function gridShape(text: { readonly [K in keyof typeof GRID]: string }): GridShape {
  const list = (t: string) => t.split(",").map(Number);
  return {
    sizes: list(text.sizes),
    samples: list(text.samples),
    betas: text.betas.split(",").map((b) => b.split(":").map(Number) as [number, number]),
    patterns: text.patterns.split(",") as SampledCell["pattern"][],
    adapters: list(text.adapters),
  };
}

/** Runs the simulation of several samples per item with the command line's arguments. */
export async function runSampledSimulation(args: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: args.filter((a) => a !== "--sampled"),
    options: {
      grid: { type: "boolean", default: false },
      reps: { type: "string" },
      sizes: { type: "string", default: GRID.sizes },
      samples: { type: "string", default: GRID.samples },
      betas: { type: "string", default: GRID.betas },
      patterns: { type: "string", default: GRID.patterns },
      adapters: { type: "string", default: GRID.adapters },
      cells: { type: "string", default: "1/1" },
      out: { type: "string" },
      corners: { type: "boolean", default: false },
      random: { type: "string" },
      models: { type: "boolean", default: false },
      comparisons: { type: "boolean", default: false },
      "only-n": { type: "string" },
      "risky-first": { type: "boolean", default: false },
      issue35: { type: "boolean", default: false },
      power: { type: "boolean", default: false },
    },
  });
  if (!values.grid && !values.issue35 && !values.power) {
    throw new RangeError("deno task sim --sampled: say --grid, --issue35 or --power");
  }
  const list = (text: string) => text.split(",").map(Number);
  const shape = gridShape(values);
  /** The cells of `xs` that `--only-n`, `--corners` and `--random` choose, in their order. */
  const choose = <T extends { readonly cell: GridCell; readonly index: number }>(
    xs: readonly T[],
    seed: number,
  ): T[] => {
    const onlyN = values["only-n"];
    let out = xs.filter((c) => onlyN === undefined || list(onlyN).includes(c.cell.cell.n));
    if (values.corners || values.random !== undefined) {
      const corner = out.filter((c) => isCorner(c.cell, shape));
      const others = out.filter((c) => !isCorner(c.cell, shape));
      const random = seededSample(others, Number(values.random ?? "0"), seed);
      out = [...(values.corners ? corner : []), ...random].sort((a, b) => a.index - b.index);
    }
    return out;
  };
  if (values.power) {
    const reps = Number(values.reps ?? "200");
    if (!values.grid) return powerCells(POWER_CELLS, reps);
    const combos = gridCells(shape).flatMap((cell, index) =>
      cell.kind === "comparison" && cell.cell.difference === 0 && cell.cell.adapters === 1
        ? [{ cell, index, comparison: cell.cell }]
        : []
    );
    return powerCells(choose(combos, 36).map((c) => c.comparison), reps);
  }
  const reps = Number(values.reps ?? "2000");
  const all = values.issue35
    ? issue35Cells().map((cell): GridCell => ({ kind: "comparison", cell }))
    : gridCells(shape);
  let chosen = all.map((cell, index) => ({ cell, index }));
  if (!values.issue35) {
    if (values.models) chosen = chosen.filter((c) => c.cell.kind === "models");
    if (values.comparisons) chosen = chosen.filter((c) => c.cell.kind === "comparison");
    chosen = choose(chosen, 35);
  }
  const piece = /^(\d+)\/(\d+)$/.exec(values.cells);
  if (piece === null || !(Number(piece[1]) >= 1 && Number(piece[1]) <= Number(piece[2]))) {
    throw new RangeError(`--cells must be i/N with 1 ≤ i ≤ N, not ${values.cells}`);
  }
  const [i, pieces] = [Number(piece[1]), Number(piece[2])];
  chosen = chosen.filter((_, j) => j % pieces === i - 1);
  if (values["risky-first"]) chosen = riskyFirst(chosen, shape.betas);

  const lines: CellLine[] = [];
  const out = values.out;
  if (out !== undefined) {
    let text = "";
    try {
      text = await Deno.readTextFile(out);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
    for (const line of text.split("\n")) {
      if (line.trim() === "") continue;
      try {
        lines.push(JSON.parse(line));
      } catch {
        // A line cut short when a run was stopped: its cell runs again.
        console.log(`${out}: a line that is not JSON left out (its cell runs again)`);
      }
    }
  }
  const done = new Set(lines.map((l) => l.name));
  const todo = chosen.filter((c) => !done.has(nameOf(c.cell)));
  console.log(
    `sampled: ${todo.length} cells to run of ${chosen.length} chosen (${all.length} in the grid; ` +
      `piece ${i}/${pieces}${
        out === undefined ? "" : `; ${chosen.length - todo.length} in ${out}`
      })` +
      `, ${reps} families each`,
  );
  for (const { cell, index } of todo) {
    const line = runCell(cell, index, reps);
    lines.push(line);
    if (out !== undefined) {
      await Deno.writeTextFile(out, JSON.stringify(line) + "\n", { append: true });
    }
    console.log(show(line));
  }
  summary(lines);
}

/**
 * The cells in the order of how likely they are to fail, for a run that may stop before the end:
 * the fewest items first; then the sparsest shares (Beta(0.02, 0.02)), the most skewed (Beta(8, 1))
 * and the rest in their order; the most samples; a few items changed (`few`), then `mixed`, then
 * `spread`; the true difference at −margin, then 0 with the most adapters, then +margin and the
 * rest; each model cell after the comparison cells of its n, Beta and K. Each cell keeps its index, so its
 * seed and figures do not depend on the order.
 */
function riskyFirst<T extends { readonly cell: GridCell; readonly index: number }>(
  xs: readonly T[],
  betas: readonly (readonly [number, number])[],
): T[] {
  const betaRank = (b: readonly [number, number]) => {
    const [a, c] = b;
    if (a === 0.02 && c === 0.02) return 0;
    if (a === 8 && c === 1) return 1;
    return 2 + betas.findIndex((x) => x.join() === b.join());
  };
  const patternRank = { few: 0, mixed: 1, spread: 2 };
  const key = ({ cell: g }: T): number[] => {
    const c = g.cell;
    const common = [c.n, betaRank(c.beta), -c.samples];
    if (g.kind === "models") return [...common, 9, 9, 0];
    const d = g.cell;
    const differenceRank = d.margin > 0 && d.difference === -d.margin
      ? 0
      : d.difference === 0
      ? 1
      : 2;
    return [...common, patternRank[d.pattern], differenceRank, -d.adapters];
  };
  const keyed = xs.map((x) => ({ x, key: key(x) }));
  keyed.sort((a, b) => {
    for (let j = 0; j < a.key.length; j++) {
      if (a.key[j] !== b.key[j]) return a.key[j]! - b.key[j]!;
    }
    return a.x.index - b.x.index;
  });
  return keyed.map((k) => k.x);
}

/** The name a cell is known by in `--out`. */
function nameOf(c: GridCell): string {
  return c.kind === "comparison" ? sampledCellName(c.cell) : modelCellName(c.cell);
}

/** The grid: the comparison cells, then the model cells; a cell's index is its place here. */
export function gridCells(shape: GridShape): GridCell[] {
  const cells: GridCell[] = [];
  for (const n of shape.sizes) {
    for (const samples of shape.samples) {
      for (const beta of shape.betas) {
        for (const pattern of shape.patterns) {
          const base = { n, samples, beta, pattern, adapters: 1 };
          const candidates: SampledCell[] = [
            ...[0.01, 0.05].map((margin) => ({ ...base, difference: -margin, margin })),
            ...shape.adapters.map((m) => ({ ...base, difference: 0, margin: 0, adapters: m })),
            { ...base, difference: 0.01, margin: 0.01 },
            { ...base, difference: 0.05, margin: 0 },
          ];
          for (const cell of candidates.filter(patternHolds)) {
            cells.push({ kind: "comparison", cell });
          }
        }
      }
    }
  }
  for (const n of shape.sizes) {
    for (const samples of shape.samples) {
      for (const beta of shape.betas) cells.push({ kind: "models", cell: { n, samples, beta } });
    }
  }
  return cells;
}

/** Whether a cell's n, K and Beta are each at an end of their lists. */
function isCorner(
  c: GridCell,
  shape: {
    readonly sizes: readonly number[];
    readonly samples: readonly number[];
    readonly betas: readonly (readonly [number, number])[];
  },
): boolean {
  const end = <T>(xs: readonly T[], x: T) => x === xs[0] || x === xs[xs.length - 1];
  return end(shape.sizes, c.cell.n) && end(shape.samples, c.cell.samples) &&
    end(shape.betas, shape.betas.find((b) => b.join() === c.cell.beta.join())!);
}

/** `count` of `xs`, a seeded draw without replacement (the same on every run). */
function seededSample<T>(xs: readonly T[], count: number, seed: number): T[] {
  const prng = new Prng(seed);
  const copy = [...xs];
  for (let j = copy.length - 1; j > 0; j--) {
    const k = prng.next() % (j + 1);
    [copy[j], copy[k]] = [copy[k]!, copy[j]!];
  }
  return copy.slice(0, Math.min(count, copy.length));
}

/** Runs one cell: its seed is fixed by its index in the grid, whatever the order of the run. */
export function runCell(c: GridCell, index: number, reps: number): CellLine {
  const seed = 35_000_011 * (index + 1);
  const before = process.cpuUsage();
  const cpu = () => {
    const used = process.cpuUsage(before);
    return +((used.user + used.system) / 1e6).toFixed(2);
  };
  if (c.kind === "comparison") {
    const rates = simulateSampledCell(c.cell, { reps, seed });
    return {
      name: sampledCellName(c.cell),
      kind: c.kind,
      index,
      seed,
      reps,
      cpuSeconds: cpu(),
      checks: sampledChecks(rates),
      widthPoints: +(rates.width * 100).toFixed(3),
      notWorseOrBetter: rates.notWorse,
      zeroWidth: rates.zeroWidth,
    };
  }
  const rates = simulateModelCell(c.cell, { reps, seed });
  const bound = coverageBound(reps);
  const check = (property: string, rate: number): Check => ({
    property,
    rate,
    bound,
    holds: rate >= bound,
  });
  return {
    name: modelCellName(c.cell),
    kind: c.kind,
    index,
    seed,
    reps,
    cpuSeconds: cpu(),
    checks: [
      check("accuracy coverage", rates.accuracy),
      ...rates.passAt.map((r, j) => check(`pass@${j + 1} coverage`, r)),
      ...rates.passAll.map((r, j) => check(`pass^${j + 1} coverage`, r)),
    ],
    widthPoints: null,
    notWorseOrBetter: null,
    zeroWidth: rates.zeroWidth,
  };
}

/** One cell as a line of the table. */
function show(l: CellLine): string {
  const failed = l.checks.filter((c) => !c.holds).map((c) => `${c.property} FAILS`);
  if (l.zeroWidth > 0) failed.push(`zero width ${l.zeroWidth}`);
  if (l.kind === "models") {
    const worst = l.checks.reduce((w, c) => (c.rate < w.rate ? c : w));
    return `${l.name} | lowest ${worst.property} ${worst.rate.toFixed(4)} | ${l.cpuSeconds} s` +
      (failed.length > 0 ? ` | ${failed.join(", ")}` : "");
  }
  const figure = (property: string) => {
    const c = l.checks.find((k) => k.property === property);
    return c === undefined ? "-" : `${c.rate.toFixed(4)}${c.holds ? "" : " FAILS"}`;
  };
  return [
    l.name,
    `coverage ${figure("coverage")}`,
    `wrong not-worse ${figure("wrong not-worse")}`,
    `wrong better ${figure("wrong better")}`,
    `width ${l.widthPoints}`,
    `${l.cpuSeconds} s`,
    ...(l.zeroWidth > 0 ? [`zero width ${l.zeroWidth}`] : []),
  ].join(" | ");
}

/** The worst cell of each property, the cost, and the cells outside their bound. */
function summary(lines: readonly CellLine[]): void {
  const cpu = lines.reduce((s, l) => s + l.cpuSeconds, 0);
  console.log(`\n${lines.length} cells, ${cpu.toFixed(0)} CPU seconds`);
  const kinds = [
    ["coverage", (p: string) => p === "coverage", -1],
    ["wrong not-worse", (p: string) => p === "wrong not-worse", 1],
    ["wrong better", (p: string) => p === "wrong better", 1],
    ["accuracy coverage", (p: string) => p === "accuracy coverage", -1],
    ["pass@k coverage", (p: string) => p.startsWith("pass@"), -1],
    ["pass^k coverage", (p: string) => p.startsWith("pass^"), -1],
  ] as const;
  for (const [label, matches, side] of kinds) {
    const found = lines.flatMap((l) =>
      l.checks.filter((c) => matches(c.property)).map((c) => ({ ...c, name: l.name, reps: l.reps }))
    );
    if (found.length === 0) continue;
    // The worst is the one nearest its bound (or beyond it), in standard errors at its families.
    const nominal = side < 0 ? 0.95 : 0.025;
    const inSe = (c: { rate: number; bound: number; reps: number }) =>
      side * (c.rate - c.bound) / Math.sqrt((nominal * (1 - nominal)) / c.reps);
    const worst = found.reduce((w, c) => (inSe(c) > inSe(w) ? c : w));
    const extreme = found.reduce((w, c) => (side * c.rate > side * w.rate ? c : w));
    console.log(
      `  worst ${label}: ${worst.rate.toFixed(4)} (${worst.property}) at ${worst.name}, ` +
        `${worst.reps} families (bound ${worst.bound.toFixed(4)}); ` +
        `${side < 0 ? "lowest" : "highest"} ${extreme.rate.toFixed(4)} at ${extreme.name} ` +
        `(${found.length} figures)`,
    );
  }
  const zero = lines.filter((l) => l.zeroWidth > 0);
  console.log(`cells with an interval of no width: ${zero.length}`);
  const failures = lines.flatMap((l) =>
    l.checks.filter((c) => !c.holds).map((c) => `${l.name}: ${c.property} ${c.rate}`)
  );
  console.log(`cells outside their bound: ${failures.length}`);
  for (const f of failures) console.log(`  ${f}`);
  if (failures.length > 0 || zero.length > 0) Deno.exitCode = 1;
}

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

/** The cells reference/report.md cites for the power at the printed detectable difference. */
const POWER_CELLS: readonly SampledCell[] = [
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

/**
 * The power of the comparison at its own printed detectable difference (`--sampled --power`, on
 * the cells above or, with `--grid`, on the grid's (n, K, Beta, pattern) chosen), then the range
 * of the power for each pattern.
 */
function powerCells(cells: readonly SampledCell[], reps: number): void {
  console.log(`power at the printed detectable difference, ${reps} families each`);
  const byPattern = new Map<string, { cell: SampledCell; power: number }[]>();
  for (const [i, cell] of cells.entries()) {
    const r = powerAtFigure(cell, { reps, seed: 91 + 2 * i });
    if (!patternHolds({ ...cell, difference: r.figure })) {
      console.log(
        `${sampledCellName(cell)}: figure ${(r.figure * 100).toFixed(2)} points, ` +
          `which the pattern cannot make (left out)`,
      );
      continue;
    }
    const key = `${cell.pattern}${cell.beta.join() === "0.02,0.02" ? " Beta(0.02,0.02)" : ""}`;
    byPattern.set(key, [...(byPattern.get(key) ?? []), { cell, power: r.power }]);
    console.log(
      `${sampledCellName(cell)}: figure ${(r.figure * 100).toFixed(2)} points, ` +
        `power there ${r.power.toFixed(3)}`,
    );
  }
  for (const [key, found] of byPattern) {
    const sorted = [...found].sort((a, b) => a.power - b.power);
    const outside = found.filter((f) => f.power < 0.75 || f.power > 0.85).length;
    console.log(
      `  ${key}: ${found.length} cells, power ${sorted[0]!.power.toFixed(3)} ` +
        `(${sampledCellName(sorted[0]!.cell)}) to ${sorted.at(-1)!.power.toFixed(3)} ` +
        `(${sampledCellName(sorted.at(-1)!.cell)}); outside 0.75-0.85: ${outside}`,
    );
  }
}
