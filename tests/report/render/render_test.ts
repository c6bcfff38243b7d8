import assert from "node:assert/strict";
import Ajv2020 from "ajv/dist/2020.js";
import { buildReport } from "../../../src/report/build_report.ts";
import { reportInputFromResults } from "../../../src/report/from_results.ts";
import { renderHtml } from "../../../src/report/render/html.ts";
import { renderJson } from "../../../src/report/render/json.ts";
import { renderMarkdown } from "../../../src/report/render/markdown.ts";
import { renderText } from "../../../src/report/render/text.ts";
import type { Report } from "../../../src/report/report.ts";
import { xlamToolCall } from "../../../src/score/xlam_tool_call.ts";
import { withItemPanels } from "../../../src/report/item_panels.ts";
import { type Plan, resultsFor, times } from "../_results.ts";
import { block, pairedInput, rule } from "../_paired_input.ts";
import { parseJson } from "../../../src/json/strict_json.ts";
import type { Scoring } from "../../../src/report/report_input.ts";
import type { Item } from "../../../src/dataset/item.ts";
import { syntheticItems } from "../../run/_fixtures.ts";

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

// Names so long that a sentence naming both is past 100 columns: no item changed reason, so the
// text says so of both ("no item changed reason between …").
const LONG_BASE = `base-${"b".repeat(35)}`;
const LONG_TUNED = `tuned-${"t".repeat(34)}`;
const LONG: Plan = {
  baseline: LONG_BASE,
  adapters: [LONG_TUNED],
  outcomes: {
    [LONG_BASE]: [...times(30, "match"), ...times(10, "no-call")],
    [LONG_TUNED]: [...times(30, "match"), ...times(10, "no-call")],
  },
};

Deno.test({
  name: "renderText: aligned, every line within 100 columns, the issue's figures present",
  permissions: "none",
  fn: async () => {
    for (const plan of [PLAN, WIDE, LONG]) {
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
    has("  tuned-a: 1 error (http 1)");
    has("    http 500 ×1: a http error");
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

/** Items whose answers have a string argument, for the lenient reading to forgive its case. */
const STRING_ITEMS: Item[] = syntheticItems(12).map((item, i) => ({
  id: item.id,
  index: item.index,
  query: item.query,
  tools: item.tools,
  answers: [{
    name: item.answers[0]!.name,
    arguments: parseJson(`{"city": "New York", "x": ${i}}`),
  }],
}));

/**
 * A report with the lenient reading made, read under `scoring`, with its item panels: tuned
 * re-cases the strings of items 6 to 9 (wrong under strict scoring, rescued under lenient
 * scoring), where base is right on 6 and 7, so that a panel shows a rescue under either reading.
 */
async function lenientReport(scoring: Scoring): Promise<Report> {
  const made = resultsFor({
    baseline: "base",
    adapters: ["tuned"],
    items: STRING_ITEMS,
    outcomes: {
      base: [
        ...times(4, "match"),
        ...times(2, "no-call"),
        ...times(2, "match"),
        ...times(4, "no-call"),
      ],
      tuned: [...times(6, "match"), ...times(4, "string-form"), ...times(2, "no-call")],
    },
  });
  const input = await reportInputFromResults(made.bytes, {
    scorer: xlamToolCall,
    items: made.items,
    scoring,
  });
  return await withItemPanels(buildReport(input), made.bytes, made.items);
}

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
    // With the lenient reading made (deciding or not), and item panels with a rescue.
    for (const scoring of ["strict", "lenient"] as const) {
      const report = await lenientReport(scoring);
      assert.equal(report.scoring.lenient, true);
      assert.equal(report.scoring.decides, scoring);
      const rescued = report.panels!.flatMap((p) => p.replies).filter((r) => r.rescue);
      assert.ok(rescued.length > 0, "no panel shows a rescue");
      const parsed = JSON.parse(renderJson(report));
      assert.ok(validate(parsed), JSON.stringify(validate.errors));
      assert.deepEqual(parsed, JSON.parse(JSON.stringify(report)));
    }
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

/** The report of blocks of items (see `_paired_input.ts`), in text, markdown and HTML. */
function formatsOf(input: ReturnType<typeof pairedInput>) {
  const report = buildReport(input);
  return {
    report,
    text: renderText(report),
    md: renderMarkdown(report),
    html: renderHtml(report),
  };
}

/** Everything between the text report's "Decision at a glance" and the next empty line. */
function glance(text: string): string {
  const start = text.indexOf("Decision at a glance\n");
  assert.ok(start >= 0, "no decision summary");
  return text.slice(start, text.indexOf("\n\n", start));
}

Deno.test({
  name: "the decision at a glance: one line per adapter, first, the same in every format",
  permissions: "none",
  fn: async (t) => {
    const parallel = { category: "parallel" } as const;
    const single = { category: "single" } as const;
    const cases: {
      name: string;
      input: ReturnType<typeof pairedInput>;
      lines: string[];
    }[] = [
      {
        name: "better",
        input: pairedInput([
          block(150, true, [true]),
          block(30, false, [true]),
          block(20, false, [false]),
        ], rule(1)),
        lines: [
          "  tuned-0  BETTER (interval above 0): +15.0 points [9.3, 20.7] (95%); margin 1 point; no guard",
        ],
      },
      {
        name: "not worse",
        input: pairedInput([
          block(900, true, [true]),
          block(5, true, [false]),
          block(5, false, [true]),
          block(90, false, [false]),
        ], rule(2)),
        lines: [
          "  tuned-0  NOT WORSE (lower end above -2): 0.0 points [-0.8, 0.8] (95%); margin 2 points; no guard",
        ],
      },
      {
        name: "worse",
        input: pairedInput([
          block(150, true, [true]),
          block(30, true, [false]),
          block(20, false, [false]),
        ], rule(1)),
        lines: [
          "  tuned-0  WORSE (interval below 0): -15.0 points [-20.7, -9.3] (95%); margin 1 point; no guard",
        ],
      },
      {
        // Better overall, its guarded single category inconclusive: the guard held, and says so.
        name: "better, a guarded category inconclusive and one empty",
        input: pairedInput([
          block(150, true, [true], parallel),
          block(40, false, [true], parallel),
          block(10, false, [false], parallel),
          block(15, true, [true], single),
          block(1, true, [false], single),
          block(1, false, [true], single),
          block(3, false, [false], single),
        ], rule(1, ["no-call", "single"])),
        lines: [
          "  tuned-0  BETTER (interval above 0): +18.2 points [12.2, 24.1] (95%); margin 1 point;",
          "           guard no-call, single: held, none shown worse (no-call has no item, single inconclusive)",
        ],
      },
      {
        // The single items all agree: no discordance, so no bound on the loss there.
        name: "no conclusion, the guard held, its category inconclusive",
        input: pairedInput([
          block(150, true, [true], parallel),
          block(3, false, [true], parallel),
          block(3, true, [false], parallel),
          block(44, false, [false], parallel),
          block(20, true, [true], single),
        ], rule(1, ["single"])),
        lines: [
          "  tuned-0  NO CONCLUSION (interval holds 0 and reaches -1): 0.0 points [-2.9, 2.9] (95%);",
          "           margin 1 point; guard single: held, none shown worse (single inconclusive)",
        ],
      },
      {
        // Every guarded category shown better or not worse: the guard held, nothing to add.
        name: "better, the guard held on a category shown better",
        input: pairedInput([
          block(150, true, [true], parallel),
          block(40, false, [true], parallel),
          block(10, false, [false], parallel),
          block(40, true, [true], single),
          block(20, false, [true], single),
        ], rule(1, ["single"])),
        lines: [
          "  tuned-0  BETTER (interval above 0): +23.1 points [17.3, 28.7] (95%); margin 1 point;",
          "           guard single: held, none worse",
        ],
      },
      {
        name: "better, worse on the guarded category",
        input: pairedInput([
          block(150, true, [true], parallel),
          block(60, false, [true], parallel),
          block(40, true, [true], single),
          block(20, true, [false], single),
        ], rule(1, ["single"])),
        lines: [
          "  tuned-0  BETTER (interval above 0): +14.8 points [8.0, 21.4] (95%); margin 1 point;",
          "           guard single: WORSE on single",
        ],
      },
      {
        name: "a guard without categories",
        input: pairedInput([
          block(150, true, [true]),
          block(30, false, [true]),
          block(20, false, [false]),
        ], rule(1, ["single"])),
        lines: [
          "  tuned-0  BETTER (interval above 0): +15.0 points [9.3, 20.7] (95%); margin 1 point;",
          "           guard single: not checked, categories unknown",
        ],
      },
      {
        // Left out: better; counted against the adapter: not worse; in its favour: better.
        name: "decided by the errors",
        input: pairedInput([
          block(900, true, [true]),
          block(40, false, [true]),
          block(10, true, [false]),
          block(15, true, ["error"]),
          block(35, false, [false]),
        ], rule(2)),
        lines: [
          "  tuned-0  NOT WORSE (errors: not worse holds every way): +3.0 points [1.5, 4.6] (95%);",
          "           margin 2 points; no guard",
        ],
      },
      {
        name: "identical replies",
        input: pairedInput([
          block(100, true, [true], { identical: true }),
          block(1, false, [true]),
        ], rule(1)),
        lines: [
          "  tuned-0  NO CONCLUSION (replies identical on 99.0% of items): +1.0 points [-2.9, 5.4] (95%);",
          "           margin 1 point; no guard",
        ],
      },
    ];
    for (const c of cases) {
      await t.step(c.name, () => {
        const { report, text, md, html } = formatsOf(c.input);
        // First: right after the title and run lines, before the verdicts.
        const lines = text.split("\n");
        assert.deepEqual(lines.slice(2, 4), ["", "Decision at a glance"]);
        assert.ok(text.indexOf("Decision at a glance") < text.indexOf("\nVerdicts\n"));
        assert.deepEqual(glance(text).split("\n").slice(1, 1 + c.lines.length), c.lines);
        // The same parts in the markdown and HTML tables.
        const parts = c.lines.join(" ").replace(/^\s*tuned-0\s+/, "").replace(/\s+/g, " ");
        const word = parts.slice(0, parts.indexOf(" ("));
        const decided = parts.slice(parts.indexOf("(") + 1, parts.indexOf("): "));
        const difference = parts.slice(parts.indexOf("): ") + 3, parts.indexOf("; margin"));
        assert.ok(md.indexOf("## Decision at a glance") < md.indexOf("## Verdicts"));
        assert.ok(html.indexOf('id="decision-summary"') < html.indexOf("<h2>Verdicts</h2>"));
        const mdRow = md.split("\n").find((l) => l.startsWith("| tuned-0 | **"))!;
        const htmlRow = html.split("\n").find((l) =>
          l.startsWith('<tr><td data-label="adapter">tuned-0</td><td data-label="outcome"><strong')
        )!;
        for (const shown of [word, decided, difference]) {
          assert.ok(mdRow.includes(shown), `markdown: ${mdRow} has no ${shown}`);
          assert.ok(htmlRow.includes(shown), `html: ${htmlRow} has no ${shown}`);
        }
        assert.match(
          htmlRow,
          new RegExp(
            `<strong class="${
              report.comparisons[0]!.outcome === "better"
                ? "better"
                : report.comparisons[0]!.outcome === "worse"
                ? "worse"
                : "none"
            }">${word}</strong>`,
          ),
        );
        // What decided it agrees with the verdict's outcome; JSON is the report, unchanged.
        assert.equal(
          word,
          ({
            "better": "BETTER",
            "not-worse": "NOT WORSE",
            "worse": "WORSE",
            "inconclusive": "NO CONCLUSION",
          } as const)[report.comparisons[0]!.outcome],
        );
      });
    }
  },
});

Deno.test({
  name: "one interval per comparison: intervals of different levels are said where shown",
  permissions: "none",
  fn: async () => {
    const { text, md, html } = formatsOf(pairedInput([
      block(150, true, [true, true]),
      block(30, false, [true, false]),
      block(2, true, [true, false]),
      block(18, false, [false, false]),
    ], rule(1)));
    const note = "each interval is exact and the one its verdict reads, at the level Holm's " +
      "procedure decides that comparison at: 97.5% for tuned-0, 95% for tuned-1";
    assert.ok(glance(text).replace(/\s+/g, " ").includes(`note: ${note}`));
    assert.ok(md.includes(`E${note.slice(1)}`));
    assert.ok(html.includes(`<p class="caption">E${note.slice(1)}`));
    // The Wilson intervals are each model's alone, and said so where they are drawn.
    assert.match(html, /Each model alone, on the items it was scored on, with its Wilson 95%/);
    assert.match(html, /its Wilson 95% interval \(bar\)<\/text>/);
    const wrong = await reportOf(PLAN);
    assert.match(renderText(wrong), /^ {2}model +role .* 95% interval \(Wilson\)/m);
  },
});

Deno.test({
  name: "the differences chart draws the margin, labelled, and 0; with margin 0, 0 alone",
  permissions: "none",
  fn: () => {
    const blocks = [block(150, true, [true]), block(5, false, [true]), block(45, false, [false])];
    const chart = (html: string) =>
      html.slice(
        html.indexOf('<svg id="difference-chart"'),
        html.indexOf("</svg>", html.indexOf('<svg id="difference-chart"')),
      );
    const withMargin = chart(formatsOf(pairedInput(blocks, rule(2))).html);
    const marks = [
      ...withMargin.matchAll(/<line class="mark" x1="([\d.]+)"[^>]*stroke-dasharray="([^"]+)"/g),
    ];
    assert.equal(marks.length, 2);
    assert.match(withMargin, />margin -2<\/text>/);
    // -2 points sits left of 0, at the chart's scale (the domain is symmetric around 0).
    assert.ok(Number(marks[1]![1]) < Number(marks[0]![1]));
    const noMargin = chart(formatsOf(pairedInput(blocks, rule(0))).html);
    assert.equal([...noMargin.matchAll(/<line class="mark"/g)].length, 1);
    assert.doesNotMatch(noMargin, /margin/);
  },
});

Deno.test({
  name: "categories with no item are left out; a right reason shows - for fixed and broke",
  permissions: "none",
  fn: () => {
    const { text, md, html } = formatsOf(pairedInput([
      block(150, true, [true], { category: "parallel" }),
      block(30, false, [true], { category: "parallel" }),
      block(20, false, [false], { category: "single" }),
    ], rule(1)));
    const byCategory = text.slice(
      text.indexOf("  by category"),
      text.indexOf("\n\n", text.indexOf("  by category")),
    );
    assert.match(byCategory, /^ {2}parallel /m);
    assert.match(byCategory, /^ {2}single /m);
    assert.doesNotMatch(byCategory, /no-call|multiple/);
    const section = (text: string, from: string, to: string) =>
      text.slice(text.indexOf(from), text.indexOf(to, text.indexOf(from)));
    const mdCategories = section(md, "### By category", "### Reasons");
    assert.match(mdCategories, /^\| `parallel` \|/m);
    assert.doesNotMatch(mdCategories, /^\| `(no-call|multiple)` \|/m);
    const htmlCategories = section(html, "<h3>By category", "<h3>Reasons");
    assert.match(htmlCategories, /<tr><td><code>parallel<\/code><\/td>/);
    assert.doesNotMatch(htmlCategories, /<tr><td><code>(no-call|multiple)<\/code><\/td>/);
    // Nor in each model's categories, where no model has an item of them.
    const models = section(text, "Categories (", "Reasons (");
    assert.doesNotMatch(models, /no-call|multiple/);
    // The reasons: no-call was fixed 30 times; match, a right reason, can be neither.
    assert.match(text, /^ {2}no-call +50 +20 +30 +0$/m);
    assert.match(text, /^ {2}match +150 +180 +- +-$/m);
    assert.match(md, /^\| `match` \| 150 \| 180 \| - \| - \|$/m);
  },
});

Deno.test({
  name: "renderHtml: fixed and broken ids link to their one panel; the key's row",
  permissions: "none",
  fn: async () => {
    const made = resultsFor({
      baseline: "base",
      adapters: ["tuned-a", "tuned-b"],
      outcomes: {
        base: [...times(6, "match"), ...times(4, "no-call"), ...times(2, "arguments")],
        "tuned-a": [...times(8, "match"), ...times(2, "no-call"), ...times(2, "arguments")],
        "tuned-b": [...times(5, "match"), ...times(5, "no-call"), ...times(2, "arguments")],
      },
    });
    const report = await withItemPanels(
      buildReport(
        await reportInputFromResults(made.bytes, { scorer: xlamToolCall, items: made.items }),
      ),
      made.bytes,
      made.items,
    );
    const html = renderHtml(report);
    const links = [...html.matchAll(/<a href="#item-(\d+)">/g)].map((m) => Number(m[1]));
    const anchors = [...html.matchAll(/ id="item-(\d+)"/g)].map((m) => Number(m[1]));
    // Each panel once; every id shown links to one.
    assert.deepEqual(anchors, [...new Set(anchors)]);
    assert.deepEqual(anchors.toSorted((x, y) => x - y), report.panels!.map((p) => p.itemId));
    const c = report.comparisons;
    for (const id of [...c[0]!.discordant.fixed, ...c[1]!.discordant.broke]) {
      assert.ok(links.includes(id as number), `item ${id} is not linked`);
    }
    for (const id of links) assert.ok(anchors.includes(id), `a link to item ${id} has no panel`);
    // A disputed item (no adapter changed it) has its panel among the disputed answer keys.
    assert.ok(report.disputedItems!.length > 0);
    for (const d of report.disputedItems!) assert.ok(anchors.includes(d.itemId as number));
    // An item tuned-a fixed and tuned-b did not: its summary says so.
    const fixed = c[0]!.discordant.fixed[0]!;
    assert.match(
      html,
      new RegExp(`<summary>item ${fixed} \\(single\\): fixed by tuned-a</summary>`),
    );
    // The answer key's row: its calls, and nothing in the verdict column; the category above.
    assert.match(html, /<tr><th>answer key<\/th><td><pre>[^<]*<\/pre><\/td><td>-<\/td><\/tr>/);
    assert.match(html, /<p><strong>category:<\/strong> <code>single<\/code><\/p>/);
    // The only links are to the panels in the page.
    assert.doesNotMatch(html, /(src|href)\s*=\s*"(?!#item-\d+")/i);
  },
});

Deno.test({
  name: "every format says at the top that -scoring lenient decides the figures, and only then",
  permissions: "none",
  fn: async () => {
    const lenient = await lenientReport("lenient");
    const strict = await lenientReport("strict");
    const said = "lenient (-scoring lenient): the figures and outcomes below are the lenient " +
      "reading's";
    const formats = [
      {
        name: "text",
        render: renderText,
        line: `scoring: ${said}`,
        glance: "Decision at a glance",
      },
      {
        name: "markdown",
        render: renderMarkdown,
        line: `> **Scoring:** ${said}`,
        glance: "## Decision at a glance",
      },
      {
        name: "html",
        render: renderHtml,
        line: `<p class="note" id="scoring-decides"><strong>Scoring:</strong> ${
          said.replace("'", "&#39;")
        }</p>`,
        glance: "Decision at a glance",
      },
    ];
    for (const f of formats) {
      const shown = f.render(lenient);
      const at = shown.indexOf(f.line);
      assert.ok(at >= 0, `${f.name}: no line ${JSON.stringify(f.line)}`);
      // Before the glance, whose figures it is about, and said once.
      const glance = shown.indexOf(f.glance);
      assert.ok(glance > at, `${f.name}: the glance comes first`);
      assert.equal(shown.indexOf(f.line, at + 1), -1, `${f.name}: said twice`);
      assert.ok(!f.render(strict).includes(f.line), `${f.name}: said under strict scoring`);
    }
  },
});
