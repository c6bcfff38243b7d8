import assert from "node:assert/strict";
import { type HeaderRecord, RESULTS_FORMAT_VERSION } from "../../src/results/records.ts";
import type { Below, Equal } from "../support/type_equal.ts";

type Versions = HeaderRecord["formatVersion"];
type Current = typeof RESULTS_FORMAT_VERSION;

Deno.test("formatVersion's union is the versions read, the newest RESULTS_FORMAT_VERSION", () => {
  // The version written is one a header may hold ...
  const written: Versions = RESULTS_FORMAT_VERSION;
  // ... no version a header may hold is newer (the union's largest member is it) ...
  const newer: Equal<Exclude<Versions, Below<Current> | Current>, never> = true;
  // ... and the constant is a single version, not a wider number.
  const single: Equal<Current, 2> = true;
  assert.equal(written, 2);
  assert(newer && single);
});
