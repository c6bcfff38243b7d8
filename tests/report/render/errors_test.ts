/**
 * The errors section (issue 24.1): what the errors were, not only how many. A run whose baseline
 * got 100 identical HTTP 400s and a few others: the JSON holds every (kind, status, message) with
 * its count, most frequent first; the text, Markdown and HTML formats show the five most frequent,
 * then how many more, each message cut at 200 characters and escaped for the format.
 */

import assert from "node:assert/strict";
import MarkdownIt from "markdown-it";
import { buildReport } from "../../../src/report/build_report.ts";
import { reportInputFromResults } from "../../../src/report/from_results.ts";
import { renderHtml } from "../../../src/report/render/html.ts";
import { renderJson } from "../../../src/report/render/json.ts";
import { renderMarkdown } from "../../../src/report/render/markdown.ts";
import { renderText } from "../../../src/report/render/text.ts";
import type { Report } from "../../../src/report/report.ts";
import type { BodyRecord, RequestError } from "../../../src/results/records.ts";
import { xlamToolCall } from "../../../src/score/xlam_tool_call.ts";
import { type Planned, resultsFile, resultsFor, times } from "../_results.ts";

/** vLLM's answer to a request with tools when it was started without auto tool choice. */
const AUTO =
  '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set';
/** A message that would make an element, break a code span or a table cell if not escaped. */
const HOSTILE = "<img src=x> `code` a|b";
/** A message longer than the formats show. */
const LONG = "a".repeat(300);

/** The error each errored item of the baseline gets, by its index. */
function errorOf(index: number): RequestError {
  const error = (kind: RequestError["kind"], status: number | null, message: string) => ({
    kind,
    status,
    message,
    transient: false,
  });
  if (index < 100) return error("http", 400, AUTO);
  if (index < 103) return error("http", 502, HOSTILE);
  if (index < 105) return error("timeout", null, "no answer in 60 s");
  if (index < 107) return error("network", null, LONG);
  return error("http", 500, `oops ${index}`);
}

async function errorsReport(): Promise<Report> {
  const base: Planned[] = [
    ...times(100, "error:http"),
    ...times(3, "error:http"),
    ...times(2, "error:timeout"),
    ...times(2, "error:network"),
    ...times(5, "error:http"),
    ...times(8, "match"),
  ];
  const made = resultsFor({
    baseline: "base",
    adapters: ["tuned"],
    outcomes: { base, tuned: times(120, "match") },
  });
  // In the order the records were written, shuffled by item: the order shown is the counts'.
  const records: BodyRecord[] = made.records.map((r) =>
    r.kind === "result" && r.error !== null ? { ...r, error: errorOf(r.itemIndex) } : r
  ).reverse();
  const bytes = resultsFile(made.header, records);
  return buildReport(await reportInputFromResults(bytes, { scorer: xlamToolCall }));
}

/** The section of a rendered report from its heading to the next blank line, whitespace folded. */
function section(rendered: string, heading: string): string {
  const start = rendered.indexOf(heading);
  assert.ok(start >= 0, `no ${heading}`);
  const end = rendered.indexOf("\n\n", start);
  return rendered.slice(start + heading.length, end).replace(/\s+/g, " ").trim();
}

const SHOWN_LONG = `${"a".repeat(200)}…`;

Deno.test({
  name: "buildReport: the errors by kind, status and message, counted, most frequent first",
  permissions: "none",
  fn: async () => {
    const [base, tuned] = (await errorsReport()).models;
    assert.equal(base!.errors, 112);
    assert.deepEqual(base!.errorMessages, [
      { kind: "http", status: 400, message: AUTO, count: 100 },
      { kind: "http", status: 502, message: HOSTILE, count: 3 },
      { kind: "network", status: null, message: LONG, count: 2 },
      { kind: "timeout", status: null, message: "no answer in 60 s", count: 2 },
      ...[107, 108, 109, 110, 111].map((i) => ({
        kind: "http",
        status: 500,
        message: `oops ${i}`,
        count: 1,
      })),
    ]);
    assert.equal(base!.errorMessages.reduce((sum, e) => sum + e.count, 0), base!.errors);
    assert.deepEqual(tuned!.errorMessages, []);
  },
});

Deno.test({
  name: "renderJson: every error's message whole",
  permissions: "none",
  fn: async () => {
    const report = await errorsReport();
    const json = JSON.parse(renderJson(report)) as Report;
    assert.deepEqual(json.models[0]!.errorMessages, report.models[0]!.errorMessages);
    assert.equal(json.models[0]!.errorMessages[2]!.message, LONG);
  },
});

Deno.test({
  name: "renderText: the five most frequent errors, then how many more, a long message cut",
  permissions: "none",
  fn: async () => {
    const text = renderText(await errorsReport());
    assert.equal(
      section(text, "Errors (no verdict, never counted wrong)\n"),
      "base: 112 errors (http 108, network 2, timeout 2) " +
        `http 400 ×100: ${AUTO} ` +
        `http 502 ×3: ${HOSTILE} ` +
        `network ×2: ${SHOWN_LONG} ` +
        "timeout ×2: no answer in 60 s " +
        "http 500 ×1: oops 107 " +
        "and 4 more (4 errors)",
    );
    assert.ok(!text.includes("oops 108"));
  },
});

Deno.test({
  name: "renderMarkdown: the errors as a nested list, each message escaped",
  permissions: "none",
  fn: async () => {
    const markdown = renderMarkdown(await errorsReport());
    const start = markdown.indexOf("### Errors");
    assert.deepEqual(markdown.slice(start, markdown.indexOf("\n\n###", start)).split("\n"), [
      "### Errors (no verdict, never counted wrong)",
      "",
      "- base: 112 errors (http 108, network 2, timeout 2)",
      `  - http 400 ×100: ${AUTO}`,
      "  - http 502 ×3: \\<img src=x\\> \\`code\\` a\\|b",
      `  - network ×2: ${SHOWN_LONG}`,
      "  - timeout ×2: no answer in 60 s",
      "  - http 500 ×1: oops 107",
      "  - and 4 more (4 errors)",
    ]);
    const html = new MarkdownIt({ html: true }).render(markdown);
    assert.ok(!/<img/i.test(html), "an element from an error's message");
    assert.ok(html.includes("<li>http 502 ×3: &lt;img src=x&gt; `code` a|b</li>"));
  },
});

Deno.test({
  name: "renderHtml: the errors as a nested list, each message escaped",
  permissions: "none",
  fn: async () => {
    const html = renderHtml(await errorsReport());
    assert.ok(!/<img/i.test(html), "an element from an error's message");
    assert.ok(
      html.includes(
        "<li>base: 112 errors (http 108, network 2, timeout 2)<ul>" +
          "<li>http 400 ×100: &#34;auto&#34; tool choice requires --enable-auto-tool-choice and " +
          "--tool-call-parser to be set</li>" +
          "<li>http 502 ×3: &#60;img src=x&#62; `code` a|b</li>" +
          `<li>network ×2: ${SHOWN_LONG}</li>` +
          "<li>timeout ×2: no answer in 60 s</li>" +
          "<li>http 500 ×1: oops 107</li>" +
          "<li>and 4 more (4 errors)</li></ul></li>",
      ),
    );
  },
});
