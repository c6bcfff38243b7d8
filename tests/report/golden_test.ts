/**
 * Golden files: `assess report` of fixed results files in every format, compared byte for byte
 * with the files beside them: tests/report/golden/results.jsonl (results format 1: a baseline and
 * two adapters on 100 items, an error, an item never asked, a probe difference) and
 * tests/report/golden/replicas/results.jsonl (format 2, three replicas, one of which serves the
 * baseline worse; made by `_replica_results.ts`) and tests/report/golden/sampled/results.jsonl (4
 * samples per item, categories and a guard, an errored sample and one never asked; made by
 * `_sampled_results.ts`), and that sampled report with its item panels (`withSampledPanels`, the
 * first 2 of each list: tests/report/golden/sampled/panels.html and panels.json, the formats that
 * show panels). After a deliberate change to a report, rewrite
 * them with `ASSESS_UPDATE_GOLDEN=1 deno test -A tests/report/golden_test.ts` and read the diff.
 */

import assert from "node:assert/strict";
import { REPORT_FORMATS } from "../../src/report/render/formats.ts";
import { runCli } from "../../src/cli/main.ts";
import { denoIo } from "../../src/cli/deno_io.ts";
import { replicaGoldenResults } from "./_replica_results.ts";
import { SAMPLED_ITEMS, sampledGoldenResults } from "./_sampled_results.ts";
import { sampledReportFromResults } from "../../src/report/sampled_report.ts";
import { withSampledPanels } from "../../src/report/item_panels.ts";
import { renderSampledHtml, renderSampledJson } from "../../src/report/render/sampled.ts";
import { syntheticItems } from "../run/_fixtures.ts";

const UPDATE = Deno.env.get("ASSESS_UPDATE_GOLDEN") === "1";
const SETS = [
  new URL("./golden/", import.meta.url),
  new URL("./golden/replicas/", import.meta.url),
  new URL("./golden/sampled/", import.meta.url),
];
const EXTENSION: Readonly<Record<string, string>> = {
  text: "txt",
  markdown: "md",
  json: "json",
  html: "html",
};

Deno.test("every report format has its golden file", () => {
  assert.deepEqual(REPORT_FORMATS.map((f) => f.name).sort(), Object.keys(EXTENSION).sort());
});

for (
  const [set, made] of [
    ["replicas", () => replicaGoldenResults()],
    ["sampled", () => sampledGoldenResults().bytes],
  ] as const
) {
  Deno.test(`the ${set} golden results file is the one its maker makes`, async () => {
    const path = new URL(`./golden/${set}/results.jsonl`, import.meta.url);
    if (UPDATE) await Deno.writeFile(path, made());
    assert.equal(
      new TextDecoder().decode(await Deno.readFile(path)),
      new TextDecoder().decode(made()),
    );
  });
}

for (const dir of SETS) {
  const results = new URL("results.jsonl", dir).pathname;
  const set = dir.pathname.endsWith("/replicas/")
    ? " (replicas)"
    : dir.pathname.endsWith("/sampled/")
    ? " (sampled)"
    : "";
  for (const format of REPORT_FORMATS) {
    Deno.test(`golden${set}: assess report -format ${format.name}, byte for byte`, async () => {
      let out = "";
      let err = "";
      const io = {
        ...denoIo(),
        stdout: { isTerminal: false, write: (t: string) => Promise.resolve(void (out += t)) },
        stderr: { isTerminal: false, write: (t: string) => Promise.resolve(void (err += t)) },
      };
      const code = await runCli(["report", "-in", results, "-format", format.name], io);
      assert.equal(code, 0, err);
      assert.equal(err, "");
      const golden = new URL(`report.${EXTENSION[format.name]}`, dir);
      if (UPDATE) await Deno.writeTextFile(golden, out);
      assert.equal(out, await Deno.readTextFile(golden));
    });
  }
}

for (
  const [format, render] of [["html", renderSampledHtml], ["json", renderSampledJson]] as const
) {
  Deno.test(`golden (sampled): the item panels, ${format}, byte for byte`, async () => {
    const bytes = sampledGoldenResults().bytes;
    const report = await withSampledPanels(
      await sampledReportFromResults(bytes),
      bytes,
      syntheticItems(SAMPLED_ITEMS),
      { limit: 2 },
    );
    const out = render(report);
    const golden = new URL(`./golden/sampled/panels.${format}`, import.meta.url);
    if (UPDATE) await Deno.writeTextFile(golden, out);
    assert.equal(out, await Deno.readTextFile(golden));
  });
}
