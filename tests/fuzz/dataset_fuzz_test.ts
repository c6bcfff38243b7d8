/**
 * Fuzz: mutations of a valid dataset, pinned by their own hash so that every row is read, through
 * `split` and `selftest`: 0, 64 (a split.size the rows cannot give) or 65, a one-line message,
 * never 70.
 */

import fc from "fast-check";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { assertLawful, fuzzParams, jsonEditOf, mutationOf, runInMemory } from "./_fuzz.ts";

const ROOT = new URL("../../", import.meta.url);
const CONFIG = Deno.readTextFileSync(new URL("reference/testdata/assess.yaml", ROOT));
const ROWS = Deno.readTextFileSync(new URL("reference/testdata/rows.json", ROOT));
const ROWS_PATH = "reference/testdata/rows.json";
const encoder = new TextEncoder();

/** The rows with one of them edited as JSON: a member's value replaced, or dropped. */
const rowEdit: fc.Arbitrary<Uint8Array> = fc.nat().chain((n) => {
  const rows = JSON.parse(ROWS) as unknown[];
  const i = n % rows.length;
  return jsonEditOf(JSON.stringify(rows[i])).map((row) => {
    const text = JSON.stringify(rows.map((r, j) => (j === i ? "@ROW@" : r)));
    return encoder.encode(text.replace('"@ROW@"', row));
  });
});

/** The rows with one row's tools or answers text edited at the byte level. */
const innerEdit: fc.Arbitrary<Uint8Array> = fc.tuple(
  fc.nat(),
  fc.constantFrom("tools", "answers", "query"),
).chain(([n, member]) => {
  const rows = JSON.parse(ROWS) as Record<string, string>[];
  const i = n % rows.length;
  return mutationOf(rows[i]![member]!).map((bytes) => {
    const copy = rows.map((r) => ({ ...r }));
    copy[i]![member] = new TextDecoder().decode(bytes);
    return encoder.encode(JSON.stringify(copy));
  });
});

const dataset = fc.oneof(mutationOf(ROWS), rowEdit, innerEdit, fc.uint8Array({ maxLength: 200 }));

Deno.test("fuzz: split and selftest on an edited dataset: 0, 64 or 65, one line, never 70", async () => {
  await fc.assert(
    fc.asyncProperty(dataset, fc.constantFrom("split", "selftest"), async (bytes, verb) => {
      const config = CONFIG.replace(/sha256: [0-9a-f]{64}/, `sha256: ${sha256Hex(bytes)}`);
      const files = new Map<string, Uint8Array | string>([
        ["assess.yaml", config],
        [ROWS_PATH, bytes],
      ]);
      const args = verb === "split" ? [verb, "-out", "split.json"] : [verb];
      assertLawful(await runInMemory(args, files), [0, 64, 65]);
    }),
    fuzzParams(4),
  );
});
