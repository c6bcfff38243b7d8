/**
 * The sampled golden report (tests/report/golden/sampled/report.json) against
 * reference/python/sampled_results.py run on its results file (an errored sample and one never
 * asked among them): every figure, the error sensitivity and the detectable difference included,
 * within 1e-9 (tests/reference/_sampled_compare.ts says which). Skipped, with a message, only
 * when there is no python3 with numpy and scipy; a failure instead under `ASSESS_REQUIRE_PYTHON=1`.
 */

import assert from "node:assert/strict";
import { pythonSkip, runScript } from "../support/python.ts";
import { sampledDisagreements } from "./_sampled_compare.ts";

const GOLDEN = new URL("../report/golden/sampled/", import.meta.url);
const SAMPLED_RESULTS_PY = new URL(
  "../../reference/python/sampled_results.py",
  import.meta.url,
).pathname;
const skip = await pythonSkip("the sampled golden check", "scipy");

Deno.test({
  name: "sampled golden report: every figure is sampled_results.py's from its results file",
  ignore: skip !== null,
  fn: async () => {
    const results = new URL("results.jsonl", GOLDEN).pathname;
    const report = JSON.parse(await Deno.readTextFile(new URL("report.json", GOLDEN)));
    const py = JSON.parse(
      await runScript(SAMPLED_RESULTS_PY, { args: [results], input: "", need: "scipy" }),
    );
    // The file exercises what an end-to-end run does not: an errored sample, one never asked.
    assert.deepEqual(report.models.map((m: { errors: number }) => m.errors), [0, 1, 0]);
    assert.deepEqual(report.models.map((m: { notAsked: number }) => m.notAsked), [0, 0, 1]);
    assert.notEqual(report.comparisons[0].errorSensitivity, null);
    assert.deepEqual(sampledDisagreements(report, py), []);
  },
});
