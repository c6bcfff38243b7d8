// `deno task sim --clustered` (tests/report/decision_sim.ts): the clustered grid, one line per
// cell with the report's rates and the naive exact test's beside them, then the worst cell of each
// property and the cells outside 3 standard errors.

import {
  clusteredCellName,
  type ClusteredCheck,
  clusteredChecks,
  clusteredGrid,
  clusteredPowerAtFigure,
  type ClusteredRates,
  naiveDecision,
  simulateClusteredCell,
} from "./_simulate_clustered.ts";

/** Runs every `every`-th cell of the grid from `first`, `reps` comparisons each. */
export function clusteredSim(reps: number, every: number, first: number): void {
  const cells = clusteredGrid().filter((_, i) => i % every === first % every);
  const started = performance.now();
  console.log(`clustered: ${cells.length} cells, ${reps} comparisons each`);
  console.log(
    "cell | items | report: coverage, wrong not-worse, wrong better, width | naive: same",
  );
  const report: ClusteredRates[] = [];
  const naive: ClusteredRates[] = [];
  const shown = (r: ClusteredRates) =>
    [
      ...clusteredChecks(r).map((c) => `${c.rate.toFixed(4)}${c.holds ? "" : " FAILS"}`),
      (r.width * 100).toFixed(1),
    ].join(", ");
  cells.forEach((cell, i) => {
    const seed = 7_000_003 * (i * every + first + 1);
    const r = simulateClusteredCell(cell, { reps, seed });
    const n = simulateClusteredCell(cell, { reps, seed, decision: naiveDecision });
    report.push(r);
    naive.push(n);
    console.log(`${clusteredCellName(cell)} | ${r.items} | ${shown(r)} | ${shown(n)}`);
  });
  console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s`);
  for (const [name, rates] of [["report", report], ["naive", naive]] as const) {
    console.log(`${name}: worst cell of each property (bound at 3 SE):`);
    for (const property of ["coverage", "wrong not-worse", "wrong better"] as const) {
      const all = rates.flatMap((r) =>
        clusteredChecks(r).filter((c) => c.property === property).map((c) => ({ r, c }))
      );
      const worse = (a: ClusteredCheck, b: ClusteredCheck) =>
        property === "coverage" ? a.rate < b.rate : a.rate > b.rate;
      const worst = all.reduce((w, x) => worse(x.c, w.c) ? x : w);
      console.log(
        `  ${property}: ${worst.c.rate.toFixed(4)} at ${clusteredCellName(worst.r.cell)} ` +
          `(bound ${worst.c.bound.toFixed(4)}; ${all.length} cells)`,
      );
    }
    const failing = rates.filter((r) => clusteredChecks(r).some((c) => !c.holds));
    console.log(`  cells outside their bound: ${failing.length}`);
    if (name === "report") {
      for (const r of failing) console.log(`    ${clusteredCellName(r.cell)}`);
      if (failing.length > 0) Deno.exitCode = 1;
    }
  }
}

/**
 * `deno task sim --clustered --power`: the power of the clustered test at the detectable
 * difference printed beside it, on every (J, sizes, ρ, δ) of the grid (or those of the J in
 * `only`), `reps` comparisons each (the figure at no difference, then the power at it: see
 * clusteredPowerAtFigure).
 */
export function clusteredPowerSim(reps: number, only: readonly number[] | null = null): void {
  const all = clusteredGrid().filter((c) => c.difference === 0);
  // A cell's seed is its place in the whole grid, so a run of some J gives the whole run's lines.
  const cells = all.filter((c) => only === null || only.includes(c.clusters));
  const started = performance.now();
  console.log(`clustered power at the printed figure: ${cells.length} cells, ${reps} each`);
  console.log("J | sizes | ρ | δ | items | clustered share | design effect | figure | power");
  const found: { name: string; power: number }[] = [];
  cells.forEach((cell) => {
    const r = clusteredPowerAtFigure(cell, { reps, seed: 35_001 + 2 * all.indexOf(cell) });
    const name =
      `J=${cell.clusters} sizes 1-${cell.maxSize} ρ=${cell.icc} δ=${+(cell.discordance * 100)
        .toFixed(4)}%`;
    if (r.power !== null) found.push({ name, power: r.power });
    console.log(
      [
        cell.clusters,
        `1-${cell.maxSize}`,
        cell.icc,
        `${+(cell.discordance * 100).toFixed(4)}%`,
        r.items,
        r.clustered.toFixed(2),
        r.designEffect.toFixed(2),
        r.figure === null ? "none" : (r.figure * 100).toFixed(2),
        r.power === null ? "-" : r.power.toFixed(3),
      ].join(" | "),
    );
  });
  console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s`);
  for (const J of [...new Set(cells.map((c) => c.clusters))]) {
    const some = found.filter((f) => f.name.startsWith(`J=${J} `)).map((f) => f.power);
    if (some.length === 0) {
      console.log(`  J = ${J}: no figure printed`);
      continue;
    }
    console.log(
      `  J = ${J}: ${some.length} cells with a figure, power ${Math.min(...some).toFixed(3)} ` +
        `to ${Math.max(...some).toFixed(3)}`,
    );
  }
}
