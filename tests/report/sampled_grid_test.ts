// The K > 1 grid's results file (reference/testdata/sampled_grid.jsonl, written by `deno task sim
// --sampled --grid --out=...`) is what the code computes: each line names the grid's cell at its
// index with that index's seed, no cell twice, and a few cells run again give the same figures,
// exactly. The cells rerun here were written by the code before the betting interval's searches
// were made faster (each end reads its own bettor only; the simulation's Holm p-values without
// the interval), so the faster code is held to the same numbers from the same seeds.

import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { type CellLine, GRID, gridCells, gridShape, runCell } from "./sampled_sim.ts";
import { modelCellName, sampledCellName } from "./_simulate_sampled.ts";

const FILE = new URL("../../reference/testdata/sampled_grid.jsonl", import.meta.url);

const lines: CellLine[] = (await Deno.readTextFile(FILE)).split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l));
const grid = gridCells(gridShape(GRID));

Deno.test("sampled grid file: each line is the grid's cell at its index, with its seed, once", () => {
  assertEquals(grid.length, 3360);
  const names = new Set<string>();
  for (const line of lines) {
    const cell = grid[line.index]!;
    const name = cell.kind === "comparison" ? sampledCellName(cell.cell) : modelCellName(cell.cell);
    assertEquals([line.name, line.kind, line.seed], [
      name,
      cell.kind,
      35_000_011 * (line.index + 1),
    ]);
    names.add(line.name);
  }
  assertEquals(names.size, lines.length);
});

/** The figures of a line, without the CPU time (which is the machine's). */
const figures = (l: CellLine) => ({
  name: l.name,
  seed: l.seed,
  reps: l.reps,
  checks: l.checks.map(({ property, rate, bound, holds }) => ({ property, rate, bound, holds })),
  widthPoints: l.widthPoints,
  notWorseOrBetter: l.notWorseOrBetter,
  zeroWidth: l.zeroWidth,
});

for (
  const index of [
    1650, // n=100 K=2 Beta(1,1) spread d=0% m=3: Holm across 3 adapters, wrong `better` 0.13%
    2161, // n=200 K=8 Beta(0.02,0.02) few d=-5% margin 5: wrong `not-worse` 0.4%
    3300, // models n=200 K=2 Beta(0.02,0.02): accuracy, pass@k and pass^k coverage
  ]
) {
  Deno.test(`sampled grid file: cell ${index} runs again to the same figures`, () => {
    const line = lines.find((l) => l.index === index);
    if (line === undefined) throw new Error(`cell ${index} is not in ${FILE.pathname}`);
    assertEquals(figures(runCell(grid[index]!, index, line.reps)), figures(line));
  });
}
