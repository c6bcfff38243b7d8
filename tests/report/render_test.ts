import assert from "node:assert/strict";
import Ajv2020 from "ajv/dist/2020.js";
import { buildReport } from "../../src/report/build_report.ts";
import { reportInputFromResults } from "../../src/report/from_results.ts";
import { renderHtml } from "../../src/report/render_html.ts";
import { renderJson } from "../../src/report/render_json.ts";
import { renderMarkdown } from "../../src/report/render_markdown.ts";
import { renderText } from "../../src/report/render_text.ts";
import type { Report } from "../../src/report/report.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { type Plan, resultsFor, times } from "./_results.ts";

async function reportOf(plan: Plan): Promise<Report> {
  return buildReport(
    await reportInputFromResults(resultsFor(plan).bytes, { scorer: xlamToolCall }),
  );
}

const PLAN: Plan = {
  baseline: "base",
  adapters: ["tuned-a", "tuned-b"],
  outcomes: {
    base: [...times(60, "match"), ...times(20, "no-call"), ...times(20, "arguments")],
    "tuned-a": [
      ...times(75, "match"),
      ...times(5, "no-call"),
      ...times(18, "arguments"),
      "error:http",
      null,
    ],
    "tuned-b": [
      ...times(58, "match"),
      "truncated",
      "name",
      ...times(20, "no-call"),
      ...times(20, "arguments"),
    ],
  },
  probe: [{
    model: "tuned-a",
    itemId: 3,
    outcome: "different",
    detail: "the text differs at character 0",
  }],
};

// Many adapters with long names: the text must still fit 100 columns.
const WIDE: Plan = {
  baseline: "Qwen/Qwen3-8B-base-model-with-a-rather-long-served-name",
  adapters: Array.from({ length: 7 }, (_, i) => `org/tuned-adapter-number-${i}-with-a-long-name`),
  outcomes: Object.fromEntries([
    ["Qwen/Qwen3-8B-base-model-with-a-rather-long-served-name", [
      ...times(30, "match"),
      ...times(10, "no-call"),
    ]],
    ...Array.from({ length: 7 }, (_, i) => [
      `org/tuned-adapter-number-${i}-with-a-long-name`,
      [...times(30 + (i % 3), "match"), ...times(10 - (i % 3), "arguments")],
    ]),
  ]),
};

Deno.test({
  name: "renderText: aligned, every line within 100 columns, the issue's figures present",
  permissions: "none",
  fn: async () => {
    for (const plan of [PLAN, WIDE]) {
      const text = renderText(await reportOf(plan));
      for (const line of text.split("\n")) {
        assert.ok(line.length <= 100, `line of ${line.length} columns: ${line}`);
      }
    }
    const lines = renderText(await reportOf(PLAN)).split("\n");
    const has = (start: string) =>
      assert.ok(lines.some((l) => l.startsWith(start)), `no line starts ${JSON.stringify(start)}`);
    has("INCOMPLETE RUN: 2 of 300 (model, item) pairs have no verdict");
    has("  tuned-a is better than base: +");
    has("  base     baseline     100       60     60.0%  [50.2%, 69.1%]");
    has("  tuned-a: http 1");
    has("  tuned-a right          60          15");
    has("  McNemar exact test: p < 0.001 on 15 discordant items; Holm-adjusted over 2 adapters");
    has("  difference: +");
    has("  accuracy on these items: ");
    has("    no-call -> match  15");
    has("  fixed (only tuned-a right), 15 items: 60, 61, ");
    has("  broke (only base right), 2 items: 58, 59");
    has("  probe         DIFFERENCES FOUND");
    has("                tuned-a item 3: the text differs at character 0");
  },
});

Deno.test({
  name: "renderJson: valid against schema/report.schema.json, and the report itself",
  permissions: { read: true },
  fn: async () => {
    const schema = JSON.parse(await Deno.readTextFile("schema/report.schema.json"));
    // deno-lint-ignore no-explicit-any
    const ajv = new (Ajv2020 as any)({ strict: true, allErrors: true });
    const validate = ajv.compile(schema);
    for (const plan of [PLAN, WIDE]) {
      const report = await reportOf(plan);
      const parsed = JSON.parse(renderJson(report));
      assert.ok(validate(parsed), JSON.stringify(validate.errors));
      assert.deepEqual(parsed, JSON.parse(JSON.stringify(report)));
    }
    const noPairs = await reportOf({
      baseline: "b",
      adapters: ["a"],
      outcomes: { b: ["match"], a: ["error:timeout"] },
    });
    assert.ok(validate(JSON.parse(renderJson(noPairs))), JSON.stringify(validate.errors));
    // The schema refuses what is not a report.
    assert.equal(validate({ schema: "assess.report.v1" }), false);
  },
});

Deno.test({
  name: "renderMarkdown: tables, verdicts, transitions and collapsed discordant ids",
  permissions: "none",
  fn: async () => {
    const md = renderMarkdown(await reportOf(PLAN));
    assert.match(md, /^# assess report: tuned-a, tuned-b against base$/m);
    assert.match(md, /^> \*\*Incomplete run:\*\*/m);
    assert.match(md, /^- \*\*tuned-a is better than base: \+/m);
    assert.match(md, /^\| model \| role \| scored \| correct \| accuracy \|/m);
    assert.match(md, /^\| base \| baseline \| 100 \| 60 \| 60\.0% \|/m);
    assert.match(md, /^\| `no-call` \| 5 \| · \| \*\*15\*\* \|$/m);
    assert.match(md, /^<summary>fixed \(only tuned-a right\): 15 items<\/summary>$/m);
    assert.match(md, /^60, 61, 62/m);
    // A name with a pipe cannot break a table.
    const piped = renderMarkdown(
      await reportOf({ baseline: "a|b", adapters: [], outcomes: { "a|b": ["match"] } }),
    );
    assert.match(piped, /^\| a\\\|b \| baseline \|/m);
  },
});

Deno.test({
  name: "renderHtml: one self-contained file with both charts",
  permissions: "none",
  fn: async () => {
    const html = renderHtml(await reportOf(PLAN));
    assert.match(html, /^<!doctype html>\n<html lang="en">/);
    assert.doesNotMatch(html, /<script|<link|<img|<iframe|@import|url\(/i);
    assert.doesNotMatch(html, /(src|href)\s*=/i);
    assert.match(html, /<svg id="accuracy-chart" /);
    assert.match(html, /<svg id="difference-chart" /);
    // A dot per model with an interval, and one per adapter.
    const accuracy = html.slice(html.indexOf('<svg id="accuracy-chart"'), html.indexOf("</svg>"));
    assert.equal(accuracy.match(/<circle /g)?.length, 3);
    assert.match(html, /<li><span class="verdict better">tuned-a is better than base/);
    assert.match(html, /<p class="warn" id="incomplete">/);
    // Names are escaped.
    const evil = renderHtml(
      await reportOf({
        baseline: "<b>&x",
        adapters: ["a\"'"],
        outcomes: { "<b>&x": ["match"], "a\"'": ["match"] },
      }),
    );
    assert.doesNotMatch(evil, /<b>&x/);
    assert.match(evil, /&#60;b&#62;&#38;x/);
  },
});
