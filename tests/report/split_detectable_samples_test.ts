import assert from "node:assert/strict";
import { detectableLines } from "../../src/report/split_detectable.ts";
import { sampledDetectableLines } from "../../src/report/split_detectable_samples.ts";

Deno.test("split: K samples give each one-sample detectable difference as a range d/√K to d", {
  permissions: "none",
}, () => {
  assert.equal(sampledDetectableLines(2000, 2, 1), "");
  // reference/cli.md's example.
  assert.equal(
    sampledDetectableLines(60000, 1, 16),
    "with 16 samples per item (sampling.samples), each becomes between 1/√16 of it (an item's " +
      "answers vary as much as items differ) and all of it (they never vary); assess report " +
      "measures which:\n" +
      "  5% of items discordant: 0.07 to 0.26 points\n" +
      "  10% of items discordant: 0.09 to 0.37 points\n" +
      "  20% of items discordant: 0.13 to 0.52 points\n",
  );
  for (const [items, adapters, k] of [[2000, 1, 4], [500, 3, 2], [60000, 1, 16]] as const) {
    const one = detectableLines(items, adapters).trim().split("\n").slice(1);
    const many = sampledDetectableLines(items, adapters, k).trim().split("\n");
    assert.match(many[0]!, new RegExp(`^with ${k} samples per item`));
    assert.equal(many.length - 1, one.length);
    one.forEach((line, i) => {
      const d = /: ([0-9.]+) points$/.exec(line);
      const range = /: ([0-9.]+) to ([0-9.]+) points$/.exec(many[i + 1]!);
      if (d === null) return assert.match(many[i + 1]!, /: none$/);
      assert.equal(range![2], d[1]);
      // The low end is d/√K, to the shown decimals (from the shown d: within rounding).
      assert.ok(Math.abs(Number(range![1]) - Number(d[1]) / Math.sqrt(k)) < 0.06, many[i + 1]);
    });
  }
});
