/**
 * The figures of reference/leak.md's "What is caught, measured": on a dataset's own split, how
 * many held-out items the training file of `assess split -train` shows as `near` and as `sibling`,
 * and, with each kind of edit planted (for every held-out item of 8 words or more that has an
 * answer: with its answer, without one, with an argument added), how many are found.
 *
 *     deno run --allow-read tests/bench/leak_counts.ts DATASET.json SEED SIZE [siblings|time]
 *
 * (the 60,000-row file with "assess-v1" 2000; reference/testdata/xlam-sample.json with "demo" 150).
 * Not a test: a measurement whose output the page quotes.
 *
 * @module
 */

import type { ItemId } from "../../src/dataset/item_id.ts";
import { detachedItem, loadDataset } from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { checkLeaks, type LeakReport } from "../../src/leak/leak.ts";
import { trainingFile } from "../../src/request/training.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { complementItems, heldOutItems, takeSplit } from "../../src/split/split.ts";
import {
  callsOf,
  chat,
  PUNCTUATION_EDITS,
  sibling,
  withArgumentAdded,
  WORD_EDITS,
  words,
} from "../leak/_plant.ts";

const EDITS = [...WORD_EDITS, ...PUNCTUATION_EDITS];

const [path, seed, size] = Deno.args;
if (path === undefined || seed === undefined || size === undefined) {
  throw new TypeError("usage: leak_counts.ts DATASET.json SEED SIZE");
}
const bytes = Deno.readFileSync(path);
const dataset = loadDataset(bytes, sha256Hex(bytes));
const split = takeSplit(dataset, { seed, size: Number(size) });
const heldOut = heldOutItems(dataset, split);
const training = trainingFile(complementItems(dataset, split), "").bytes;
const options = { scorer: xlamToolCall, ordering: "any", keepLines: Infinity } as const;

function kinds(report: LeakReport): string {
  const count = new Map<string, number>();
  for (const leak of report.leaks) count.set(leak.kind, (count.get(leak.kind) ?? 0) + 1);
  return ["exact", "near", "answer", "sibling"].map((k) => `${count.get(k) ?? 0} ${k}`).join(", ");
}

/**
 * The floor: the training file decoded and every line `JSON.parse`d (what leak_bench.ts's floor
 * script does, in this process), in milliseconds.
 */
function floor(): number {
  const started = performance.now();
  const text = new TextDecoder().decode(training);
  for (let at = 0, i = text.indexOf("\n"); i >= 0; at = i + 1, i = text.indexOf("\n", at)) {
    JSON.parse(text.slice(at, i));
  }
  return performance.now() - started;
}

// A fourth argument, "time", times the check of the split's own training file against the floor
// instead (with the lines kept by default, as `assess leak` runs): 3 interleaved pairs (floor, then
// check), medians.
if (Deno.args[3] === "time") {
  const pairs: [number, number][] = [];
  for (let k = 0; k < 3; k++) {
    const f = floor();
    const started = performance.now();
    // As `assess leak` runs: the report's default number of lines kept.
    await checkLeaks(training, heldOut, { scorer: xlamToolCall, ordering: "any" });
    pairs.push([f, performance.now() - started]);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
  const ratio = median(pairs.map(([f, c]) => c / f));
  console.log(
    `${path} split (${seed}, ${size}): floor ${
      pairs.map(([f]) => (f / 1000).toFixed(2)).join(", ")
    } s; check ${pairs.map(([, c]) => (c / 1000).toFixed(2)).join(", ")} s; median ratio ${
      ratio.toFixed(2)
    }×`,
  );
  Deno.exit(0);
}

const started = performance.now();
const own = await checkLeaks(training, heldOut, options);
console.log(
  `${path} split (${seed}, ${size}): ${heldOut.length} held-out items, ${own.examples} training ` +
    `lines: ${own.leaking} leak (${kinds(own)}), ${own.siblings} with siblings; ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`,
);
const lines = own.leaks.filter((l) => l.kind === "near").reduce((n, l) => n + l.matches, 0);
console.log(`  near: ${lines} training lines in all`);

const long = heldOut.map(detachedItem).filter((i) =>
  i.answers.length > 0 && words(i.query).length >= 8
);
const text = new TextDecoder().decode(training);
// A fourth argument, "siblings", plants only the siblings.
for (const { name, edit, two } of Deno.args[3] === "siblings" ? [] : EDITS) {
  const all = two ? long.filter((i) => words(i.query).length >= 16) : long;
  // A punctuation edit is planted only for the queries it changes.
  const items = all.filter((i) => edit(i.query) !== i.query);
  const planted = items.map((item, k) =>
    chat(edit(item.query), [callsOf(item), [], withArgumentAdded(item)][k % 3]!)
  );
  const report = await checkLeaks(
    new TextEncoder().encode(text + planted.join("\n") + "\n"),
    heldOut,
    options,
  );
  const first = own.examples + 1;
  let found = 0;
  for (const [k, item] of items.entries()) {
    const line = first + k;
    if (
      report.leaks.some((l) =>
        l.id === item.id && l.kind === "near" && l.lines.some((m) => m.line === line)
      )
    ) found++;
  }
  console.log(`  ${name}: ${found} of ${items.length} found as near`);
}

// Template siblings: a word of the query that is alone the string value of an argument, changed
// in both to a word of neither.
const siblings: string[] = [];
const siblingIds: ItemId[] = [];
for (const item of heldOut.map(detachedItem)) {
  const s = sibling(item, "Zanzibar");
  if (s === undefined) continue;
  siblingIds.push(item.id);
  siblings.push(chat(s.query, s.calls));
}
const planted = await checkLeaks(
  new TextEncoder().encode(text + siblings.join("\n") + "\n"),
  heldOut,
  options,
);
// How each planted line is found for the item it was made from (it may also be near another
// held-out item of the same template, which is not counted here).
const kindOf = (id: ItemId, line: number) =>
  planted.leaks.find((l) => l.id === id && l.lines.some((m) => m.line === line))?.kind ?? "none";
const byKind = new Map<string, number>();
for (const [k, id] of siblingIds.entries()) {
  const kind = kindOf(id, own.examples + 1 + k);
  byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
}
console.log(
  `  ${siblings.length} template siblings planted, found for their own item as: ${
    [...byKind].map(([k, n]) => `${n} ${k}`).join(", ")
  }; held-out items with a sibling line: ${planted.siblings}, leaking: ${planted.leaking}`,
);
