/**
 * Fuzz: random bytes and mutations of valid `assess.yaml` files through `validate`, `split` and
 * `selftest`: a documented code (0, 64, or 65 for a dataset), a one-line message, never 70.
 */

import fc from "fast-check";
import { SHORTEST, WHOLE } from "../config/_fixtures.ts";
import { assertLawful, fuzzParams, mutationOf, runInMemory } from "./_fuzz.ts";

const ROOT = new URL("../../", import.meta.url);
const CONFIG = Deno.readTextFileSync(new URL("reference/testdata/assess.yaml", ROOT));
const ROWS = Deno.readFileSync(new URL("reference/testdata/rows.json", ROOT));
const ROWS_PATH = "reference/testdata/rows.json";

const config = fc.oneof(
  mutationOf(WHOLE),
  mutationOf(SHORTEST),
  mutationOf(CONFIG),
  fc.uint8Array({ maxLength: 300 }),
);

Deno.test("fuzz: validate takes any bytes as assess.yaml: 0 or 64, one line first, never 70", async () => {
  await fc.assert(
    fc.asyncProperty(config, async (bytes) => {
      const ran = await runInMemory(["validate"], new Map([["assess.yaml", bytes]]));
      assertLawful(ran, [0, 64]);
    }),
    fuzzParams(4),
  );
});

Deno.test("fuzz: split and selftest with an edited assess.yaml: 0, 64 or 65, never 70", async () => {
  await fc.assert(
    fc.asyncProperty(
      mutationOf(CONFIG),
      fc.constantFrom("split", "selftest"),
      async (bytes, verb) => {
        const files = new Map([["assess.yaml", bytes], [ROWS_PATH, ROWS]]);
        const args = verb === "split" ? [verb, "-out", "split.json"] : [verb];
        assertLawful(await runInMemory(args, files), [0, 64, 65]);
      },
    ),
    fuzzParams(2),
  );
});
