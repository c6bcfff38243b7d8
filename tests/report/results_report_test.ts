/**
 * The report a program builds (`reportFromResults`, `@assess/assess/report`) is the one `assess
 * report` writes: the golden files (one sample per item, replicas, several samples per item) in
 * every format, byte for byte; its gate is `-gate`'s; with the items, the item panels are filled
 * in; and a format that is none of the four is refused.
 */

import assert from "node:assert/strict";
import { reportFromResults } from "../../src/report/results_report.ts";
import { REPORT_FORMATS } from "../../src/report/render/formats.ts";
import { resultsFor, times } from "./_results.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { SAMPLED_ITEMS, sampledGoldenResults } from "./_sampled_results.ts";
import { syntheticItems } from "../run/_fixtures.ts";

const SETS = ["./golden/", "./golden/replicas/", "./golden/sampled/"];
const EXTENSION: Readonly<Record<string, string>> = {
  text: "txt",
  markdown: "md",
  json: "json",
  html: "html",
};

for (const set of SETS) {
  const dir = new URL(set, import.meta.url);
  Deno.test(`reportFromResults renders ${set} as assess report does, in every format`, async () => {
    let opened = 0;
    const report = await reportFromResults(async () => {
      opened++;
      // A stream, read once per call.
      return (await Deno.open(new URL("results.jsonl", dir))).readable;
    });
    assert.equal(report.samples, set.includes("sampled") ? 4 : 1);
    assert.equal(opened, 2, "the header, then the records: no panels without the items");
    for (const format of REPORT_FORMATS) {
      const golden = await Deno.readTextFile(new URL(`report.${EXTENSION[format.name]}`, dir));
      // The command line ends its output with a newline when the rendering has none.
      const text = report.render(format.name as "text" | "markdown" | "json" | "html");
      assert.equal(text.endsWith("\n") ? text : text + "\n", golden, format.name);
    }
  });
}

Deno.test("reportFromResults's gate is the one assess report -gate reads", async () => {
  // 60 items: the adapter right on 30 more than the baseline, which decides `better`.
  const better = resultsFor({
    baseline: "base",
    adapters: ["tuned"],
    outcomes: {
      base: [...times(30, "match"), ...times(30, "arguments")],
      tuned: times(60, "match"),
    },
  });
  const gate = (await reportFromResults(() => better.bytes)).gate();
  assert.equal(gate.outcome, "pass", gate.summary);
  // One item decides nothing.
  const one = resultsFor({
    baseline: "base",
    adapters: ["tuned"],
    outcomes: { base: ["arguments"], tuned: ["match"] },
  });
  assert.equal((await reportFromResults(() => one.bytes)).gate().outcome, "inconclusive");
});

Deno.test("reportFromResults fills in the item panels when the items are given", async () => {
  const run = resultsFor({
    baseline: "base",
    adapters: ["tuned"],
    outcomes: {
      base: [...times(3, "match"), ...times(5, "arguments")],
      tuned: times(8, "match"),
    },
  });
  let opened = 0;
  const open = () => {
    opened++;
    return run.bytes;
  };
  const without = JSON.parse((await reportFromResults(open)).render("json"));
  assert.equal(without.panels, null);
  opened = 0;
  const shown = JSON.parse(
    (await reportFromResults(open, { items: run.items, scorer: xlamToolCall, panels: 2 }))
      .render("json"),
  );
  assert.equal(opened, 3, "the header, the records, then the panels' second pass");
  await assert.rejects(
    () => reportFromResults(open, { items: run.items, scorer: xlamToolCall, panels: 0 }),
    RangeError,
  );
  // The adapter fixed items 3 to 7: the first 2 by id get a panel.
  assert.deepEqual(shown.panels.map((p: { itemId: number }) => p.itemId), [
    run.items[3]!.id,
    run.items[4]!.id,
  ]);
});

Deno.test("reportFromResults refuses a format that is none of the four", async () => {
  const run = resultsFor({ baseline: "base", adapters: [], outcomes: { base: ["match"] } });
  const report = await reportFromResults(() => run.bytes);
  assert.throws(
    () => report.render("pdf" as "text"),
    new RangeError('render: "pdf" is not a report format (text, markdown, json or html)'),
  );
});

Deno.test("reportFromResults fills in the item panels of several samples per item when the items are given", async () => {
  const { bytes } = sampledGoldenResults();
  const items = syntheticItems(SAMPLED_ITEMS);
  const without = JSON.parse((await reportFromResults(() => bytes)).render("json"));
  assert.equal(without.panels, undefined);
  const report = await reportFromResults(() => bytes, { items, panels: 2 });
  // The golden panels (`withSampledPanels` with a limit of 2); the report here made the lenient
  // reading too (the items given, the registered scorer), which rescues none of these replies.
  const golden = JSON.parse(
    await Deno.readTextFile(new URL("./golden/sampled/panels.json", import.meta.url)),
  );
  const json = JSON.parse(report.render("json"));
  assert.equal(json.scoring.lenient.made, true);
  assert.deepEqual(json.panels, golden.panels);
  assert.equal(
    report.render("html").match(/<details class="item">/g)?.length,
    golden.panels.length,
  );
});
