import assert from "node:assert/strict";
import { reportInputFromResults } from "../../src/report/from_results.ts";
import { ResultsFileError } from "../../src/results/results_file_error.ts";
import { HEADER } from "../results/_header.ts";
import { readResults } from "../../src/results/read_results.ts";
import type { HeaderRecord, ResultRecord } from "../../src/results/records.ts";
import { headerFor, resultRecord, resultsFile } from "./_results.ts";
import { syntheticItems } from "../run/_fixtures.ts";

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

Deno.test("a result whose sample the header does not allow is a broken line, by number", {
  permissions: "none",
}, async () => {
  const item = syntheticItems(1)[0]!;
  const result = resultRecord("base", item, "match");
  const one = headerFor("base", [], 1);
  const four = headerFor("base", [], 1, { sampling: { ...one.sampling, samples: 4 } });
  const cases: [HeaderRecord, ResultRecord, RegExp][] = [
    [one, { ...result, sample: 0 }, /a result with a sample, but the header asks one per item/],
    [four, result, /a result with no sample, but the header asks 4 per item/],
    [four, { ...result, sample: 4 }, /a result with sample 4, but the header asks 4 per item/],
  ];
  for (const [header, record, why] of cases) {
    await assert.rejects(
      readResults(resultsFile(header, [record])),
      (e: unknown) => e instanceof ResultsFileError && e.line === 3 && why.test(e.message),
    );
  }
  await readResults(resultsFile(four, [{ ...result, sample: 3 }]));
  await readResults(resultsFile(one, [result]));
});
