import assert from "node:assert/strict";
import { detectableLines } from "../../src/report/split_detectable.ts";
import { sampledDetectableLines } from "../../src/report/split_detectable_samples.ts";
import { sampledDetectable } from "../../src/report/stats/sampled_planning.ts";

Deno.test(
  "split: K samples give each share of discordant items the betting comparison's detectable " +
    "difference, from all the variance within items to all of it between",
  { permissions: "none" },
  () => {
    assert.equal(sampledDetectableLines(2000, 2, 1), "");
    // reference/cli.md's example.
    assert.equal(
      sampledDetectableLines(60000, 1, 16),
      "with 16 samples per item (sampling.samples), the comparison (a betting interval of the " +
        "mean per-item difference) detects with power 0.8 from the first figure (an item's " +
        "answers vary as much as items differ) to the second (they never vary); assess report " +
        "measures which:\n" +
        "  5% of items discordant: 0.09 to 0.33 points\n" +
        "  10% of items discordant: 0.12 to 0.47 points\n" +
        "  20% of items discordant: 0.17 to 0.66 points\n",
    );
    for (const [items, adapters, k] of [[2000, 1, 4], [1000, 3, 2], [60000, 1, 16]] as const) {
      const one = detectableLines(items, adapters).trim().split("\n").slice(1);
      const many = sampledDetectableLines(items, adapters, k).trim().split("\n");
      assert.match(many[0]!, new RegExp(`^with ${k} samples per item`));
      assert.equal(many.length - 1, one.length);
      [0.05, 0.1, 0.2].forEach((share, i) => {
        const range = /: ([0-9.]+) to ([0-9.]+) points$/.exec(many[i + 1]!)!;
        const plan = { items, samples: k, alpha: 0.05 / adapters };
        const low = sampledDetectable({ between: 0, within: share }, plan) * 100;
        const high = sampledDetectable({ between: share, within: 0 }, plan) * 100;
        assert.ok(Math.abs(Number(range[1]) - low) < 0.06, many[i + 1]);
        assert.ok(Math.abs(Number(range[2]) - high) < 0.06, many[i + 1]);
        // K samples divide the within part only: the low end is 1/√K of the high end or more.
        assert.ok(low < high && low >= high / Math.sqrt(k) - 1e-9, many[i + 1]);
        // The betting interval costs power: all of it between items is above the exact test's.
        const exact = /: ([0-9.]+) points$/.exec(one[i]!)!;
        assert.ok(high > Number(exact[1]), `${many[i + 1]} against ${one[i]}`);
      });
    }
    // One item finds nothing at all.
    assert.match(sampledDetectableLines(1, 1, 4), /5% of items discordant: none\n/);
  },
);

Deno.test(
  "split: with K samples, a figure above the share of discordant items is none, as the " +
    "one-sample line says (no mean difference is larger than the share of answers that differ)",
  { permissions: "none" },
  () => {
    for (const items of [6, 20, 100, 200, 300, 2000]) {
      for (const k of [2, 4, 16]) {
        const lines = sampledDetectableLines(items, 1, k).trim().split("\n").slice(1);
        [0.05, 0.1, 0.2].forEach((share, i) => {
          const line = lines[i]!;
          const plan = { items, samples: k, alpha: 0.05 };
          const low = sampledDetectable({ between: 0, within: share }, plan);
          const high = sampledDetectable({ between: share, within: 0 }, plan);
          const what = `${items} items, ${k} samples: ${line}`;
          if (low > share) {
            assert.match(line, /: none \(too few discordant items\)$/, what);
          } else if (high > share) {
            assert.match(line, /: [0-9.]+ points to none$/, what);
          } else {
            assert.match(line, /: [0-9.]+ to [0-9.]+ points$/, what);
          }
          for (const figure of line.matchAll(/([0-9.]+) (?:to|points)/g)) {
            assert.ok(Number(figure[1]) <= share * 100 + 0.05, what);
          }
        });
      }
    }
    // The example of the 20 items: the one-sample line finds nothing, and so do K samples.
    assert.equal(
      sampledDetectableLines(20, 1, 4).split("\n").slice(1, 4).join("\n"),
      "  5% of items discordant: none (too few discordant items)\n" +
        "  10% of items discordant: none (too few discordant items)\n" +
        "  20% of items discordant: none (too few discordant items)",
    );
    assert.match(
      sampledDetectableLines(200, 1, 4),
      /\n {2}10% of items discordant: 6\.6 points to none\n/,
    );
  },
);
