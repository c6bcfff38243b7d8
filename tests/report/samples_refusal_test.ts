import assert from "node:assert/strict";
import { reportInputFromResults } from "../../src/report/from_results.ts";
import { ResultsFileError } from "../../src/results/results_file_error.ts";
import { HEADER } from "../results/_header.ts";

Deno.test("the report refuses a results file of several samples per item, naming why", {
  permissions: "none",
}, async () => {
  const header = { ...HEADER, sampling: { ...HEADER.sampling, samples: 4 } };
  const text = JSON.stringify(header) + "\n";
  await assert.rejects(
    reportInputFromResults(new TextEncoder().encode(text)),
    (e: unknown) =>
      e instanceof ResultsFileError && e.line === 1 &&
      /holds 4 samples per item \(sampling\.samples\), which this report cannot read yet/.test(
        e.message,
      ),
  );
  // One sample (the key absent) is read as ever.
  const one = await reportInputFromResults(new TextEncoder().encode(JSON.stringify(HEADER) + "\n"));
  assert.ok(one !== undefined);
});
