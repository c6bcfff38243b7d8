/**
 * Fuzz: mutations of a valid results file through `assess report`, in every format: 0 (a file
 * still readable), 65 (a file refused, with its line), or 64 for a file `report` cannot read at
 * all; a one-line message; never 70.
 */

import fc from "fast-check";
import { resultsFor, times } from "../report/_results.ts";
import { assertLawful, fuzzParams, jsonEditOf, mutationOf, runInMemory } from "./_fuzz.ts";

const VALID = new TextDecoder().decode(
  resultsFor({
    baseline: "base",
    adapters: ["tuned"],
    outcomes: {
      base: [...times(3, "match"), "no-call", "error:timeout"],
      tuned: [...times(2, "match"), "arguments", "truncated", null],
    },
  }).bytes,
);
const LINES = VALID.split("\n");

/** The file with one line edited as JSON (a value replaced or a member dropped), or duplicated. */
const lineEdit: fc.Arbitrary<string> = fc.tuple(fc.nat(), fc.boolean()).chain(([n, twice]) => {
  const i = n % (LINES.length - 1); // the last element is the empty text after the final newline
  return jsonEditOf(LINES[i]!).map((line) => {
    const lines = [...LINES];
    lines.splice(i, twice ? 0 : 1, line);
    return lines.join("\n");
  });
});

const headerEdit: fc.Arbitrary<string> = jsonEditOf(LINES[0]!).map((header) =>
  [header, ...LINES.slice(1)].join("\n")
);

const results = fc.oneof(
  { arbitrary: lineEdit, weight: 4 },
  { arbitrary: mutationOf(VALID), weight: 2 },
  { arbitrary: headerEdit, weight: 1 },
  { arbitrary: fc.uint8Array({ maxLength: 300 }), weight: 1 },
);

Deno.test("fuzz: report takes any edit of a results file: 0, 64 or 65, one line, never 70", async () => {
  await fc.assert(
    fc.asyncProperty(
      results,
      fc.constantFrom("text", "markdown", "json", "html"),
      fc.boolean(),
      async (file, format, keep) => {
        const args = ["report", "-in", "results.jsonl", "-format", format];
        if (keep) args.push("-keep-verdicts");
        const ran = await runInMemory(args, new Map([["results.jsonl", file]]));
        // Without the run's config and dataset a re-scoring cannot happen: 64, said so.
        assertLawful(ran, [0, 64, 65], undefined, format === "text" || format === "markdown");
      },
    ),
    fuzzParams(4),
  );
});
