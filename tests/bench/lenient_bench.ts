/**
 * The lenient reading against the strict scorer on the same replies, in one bench run: 60,000
 * replies to the bundled real rows' items (their answer keys, and one in three written in another
 * form: strings lower-cased, so wrong under strict scoring and rescued by `string-form`). A report
 * that reads the items makes a lenient verdict for every scored pair besides its strict one, so
 * the ratio is what the lenient reading adds to the scoring part of a report.
 *
 * deno bench --allow-read tests/bench/lenient_bench.ts
 *
 * @module
 */

import { loadDataset } from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import type { Item } from "../../src/dataset/item.ts";
import type { Reply } from "../../src/score/scorer.ts";
import { lenientScore, xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import type { JsonValue } from "../../src/json/json_value.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import { stringifyJson } from "../../src/json/stringify.ts";

/** Every string value lower-cased (keys kept). */
function lowered(v: JsonValue): JsonValue {
  if (typeof v === "string") return v.toLowerCase();
  if (Array.isArray(v)) return v.map(lowered);
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, lowered(x)]));
  return v;
}

const bytes = Deno.readFileSync(
  new URL("../../reference/testdata/xlam-sample.json", import.meta.url),
);
const items: Item[] = loadDataset(bytes, sha256Hex(bytes)).items.filter((i) =>
  i.ineligible === undefined && i.answers.length > 0
);
const N = 60_000;
const cases: [Item, Reply][] = [];
for (let k = 0; k < N; k++) {
  const item = items[k % items.length]!;
  const key = xlamToolCall.key(item);
  cases.push([
    item,
    k % 3 === 0
      ? {
        ...key,
        calls: key.calls.map((c) => ({
          ...c,
          arguments: stringifyJson(lowered(parseJson(c.arguments))),
        })),
      }
      : key,
  ]);
}
const options = { ordering: "any" } as const;

Deno.bench("strict: xlam-tool-call, 60,000 replies", { group: "lenient", baseline: true }, () => {
  for (const [item, reply] of cases) xlamToolCall.score(item, reply, options);
});

const rescued =
  cases.filter(([item, reply]) => lenientScore(item, reply, options).rescued.length > 0)
    .length;
console.log(`lenient_bench: ${rescued} of ${N} replies rescued by the lenient reading`);

Deno.bench("lenient reading, the same 60,000 replies", { group: "lenient" }, () => {
  for (const [item, reply] of cases) lenientScore(item, reply, options);
});
