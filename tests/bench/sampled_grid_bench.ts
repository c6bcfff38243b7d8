/**
 * The K > 1 simulation's cells (`deno task sim --sampled --grid`), this checkout's code against an
 * earlier commit's in the same process: for each of four cells of the grid, rounds that run both
 * on the same seed (in alternating order), the CPU seconds of each, and the median of the rounds'
 * ratios (before ÷ now). Each round also checks that both give the same figures. `DIR` is a
 * `git archive` of the earlier commit's `src` and `tests`.
 *
 *     ASSESS_BENCH_BEFORE=DIR deno run --allow-read --allow-env tests/bench/sampled_grid_bench.ts [families] [rounds]
 *
 * @module
 */

import process from "node:process";
import { deepStrictEqual } from "node:assert/strict";
import * as now from "../report/_simulate_sampled.ts";
import { GRID, type GridCell, gridCells, gridShape } from "../report/sampled_sim.ts";

const dir = Deno.env.get("ASSESS_BENCH_BEFORE");
if (dir === undefined) {
  throw new Error("say ASSESS_BENCH_BEFORE=DIR, a git archive of src and tests");
}
const before: typeof now = await import(`${dir}/tests/report/_simulate_sampled.ts`);
const families = Number(Deno.args[0] ?? "60");
const rounds = Number(Deno.args[1] ?? "7");

const grid = gridCells(gridShape(GRID));
/** The grid's cell of these figures (a model cell when `pattern` is left out). */
const find = (
  n: number,
  samples: number,
  beta: string,
  pattern?: string,
  difference?: number,
  adapters?: number,
) =>
  grid.find((g) =>
    g.cell.n === n && g.cell.samples === samples && g.cell.beta.join() === beta &&
    (g.kind === "models"
      ? pattern === undefined
      : g.cell.pattern === pattern && g.cell.difference === difference &&
        g.cell.adapters === adapters)
  )!;
const cells: GridCell[] = [
  find(500, 8, "0.02,0.02", "few", -0.01, 1),
  find(200, 4, "1,1", "spread", 0, 5),
  find(2000, 16, "8,1", "mixed", 0, 1),
  find(200, 16, "0.5,0.5"),
];

const run = (code: typeof now, g: GridCell) =>
  g.kind === "comparison"
    ? code.simulateSampledCell(g.cell, { reps: families, seed: 1 })
    : code.simulateModelCell(g.cell, { reps: families, seed: 1 });
const cpu = (f: () => unknown): [number, unknown] => {
  const start = process.cpuUsage();
  const out = f();
  const used = process.cpuUsage(start);
  return [(used.user + used.system) / 1e6, out];
};
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

for (const g of cells) {
  const [old, fresh, ratios] = [[], [], []] as number[][];
  for (let r = 0; r < rounds; r++) {
    const first = r % 2 === 0 ? before : now;
    const [a, outA] = cpu(() => run(first, g));
    const [b, outB] = cpu(() => run(first === now ? before : now, g));
    deepStrictEqual(outA, outB);
    const [tBefore, tNow] = first === now ? [b, a] : [a, b];
    old!.push(tBefore);
    fresh!.push(tNow);
    ratios!.push(tBefore / tNow);
  }
  const name = g.kind === "comparison" ? now.sampledCellName(g.cell) : now.modelCellName(g.cell);
  console.log(
    `${name}, ${families} families: before ${median(old!).toFixed(3)} s, now ` +
      `${median(fresh!).toFixed(3)} s CPU; ratio ${median(ratios!).toFixed(2)} (rounds ` +
      `${ratios!.map((x) => x.toFixed(2)).join(", ")})`,
  );
}
