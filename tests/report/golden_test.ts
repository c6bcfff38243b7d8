/**
 * Golden files: `assess report` of one fixed results file (tests/report/golden/results.jsonl: a
 * baseline and two adapters on 100 items, an error, an item never asked, a probe difference), in
 * every format, compared byte for byte with the files beside it. After a deliberate change to a
 * report, rewrite them with `ASSESS_UPDATE_GOLDEN=1 deno test -A tests/report/golden_test.ts` and
 * read the diff.
 */

import assert from "node:assert/strict";
import { REPORT_FORMATS } from "../../src/report/formats.ts";
import { runCli } from "../../src/cli/main.ts";
import { denoIo } from "../../src/cli/deno_io.ts";

const DIR = new URL("./golden/", import.meta.url);
const RESULTS = new URL("results.jsonl", DIR).pathname;
const EXTENSION: Readonly<Record<string, string>> = {
  text: "txt",
  markdown: "md",
  json: "json",
  html: "html",
};

Deno.test("every report format has its golden file", () => {
  assert.deepEqual(REPORT_FORMATS.map((f) => f.name).sort(), Object.keys(EXTENSION).sort());
});

for (const format of REPORT_FORMATS) {
  Deno.test(`golden: assess report -format ${format.name}, byte for byte`, async () => {
    let out = "";
    let err = "";
    const io = {
      ...denoIo(),
      stdout: { isTerminal: false, write: (t: string) => Promise.resolve(void (out += t)) },
      stderr: { isTerminal: false, write: (t: string) => Promise.resolve(void (err += t)) },
    };
    const code = await runCli(["report", "-in", RESULTS, "-format", format.name], io);
    assert.equal(code, 0, err);
    assert.equal(err, "");
    const golden = new URL(`report.${EXTENSION[format.name]}`, DIR);
    if (Deno.env.get("ASSESS_UPDATE_GOLDEN") === "1") await Deno.writeTextFile(golden, out);
    assert.equal(out, await Deno.readTextFile(golden));
  });
}
