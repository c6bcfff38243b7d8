/**
 * Categories, the guard, disputed answer keys, the decision and the item panels, on crafted
 * results files: the figures against counts made here from the items and the plan (not from the
 * records' own category), and the intervals against scipy.
 */

import { compareItemIds } from "../../src/dataset/item_id.ts";
import assert from "node:assert/strict";
import { answerCategory } from "../../src/dataset/category.ts";
import { itemCluster } from "../../src/dataset/cluster.ts";
import { detachedAnswers } from "../../src/dataset/detached.ts";
import type { Item } from "../../src/dataset/item.ts";
import { buildReport } from "../../src/report/build_report.ts";
import { reportInputFromResults } from "../../src/report/from_results.ts";
import { withItemPanels } from "../../src/report/item_panels.ts";
import Ajv2020 from "ajv/dist/2020.js";
import { renderHtml } from "../../src/report/render/html.ts";
import { renderJson } from "../../src/report/render/json.ts";
import { renderText } from "../../src/report/render/text.ts";
import type { Report } from "../../src/report/report.ts";
import type { HeaderRecord, RecordedReply, ResultRecord } from "../../src/results/records.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { categoryRows, syntheticItems } from "../run/_fixtures.ts";
import { headerFor, resultsFile } from "./_results.ts";
import { reference, skipReason } from "./_python.ts";

const SCORING = { ordering: "any", toolCallParser: "hermes" } as const;

/** A reply with these calls (each `[name, arguments text]`), or text alone. */
function reply(calls: readonly (readonly [string, string])[], text = ""): RecordedReply {
  return {
    text,
    calls: calls.map(([name, args]) => ({ name, arguments: args })),
    truncated: false,
    reasoning: null,
    finishReason: calls.length > 0 ? "tool_calls" : "stop",
  };
}

/** The item's key as a reply: what a right model sends. */
function right(item: Item): RecordedReply {
  const key = xlamToolCall.key(item);
  return { ...key, reasoning: null, finishReason: key.calls.length > 0 ? "tool_calls" : "stop" };
}

/** A result record judged by the real scorer, or an error; `category` written unless `false`. */
function record(
  model: string,
  item: Item,
  r: RecordedReply | "timeout",
  category = true,
): ResultRecord {
  const head = {
    kind: "result" as const,
    model,
    itemId: item.id,
    itemIndex: item.index,
    session: 1,
    requestDigest: "d".repeat(64),
    attempts: 1,
    latencyMs: 10,
    response: null,
    usage: null,
    ...(category ? { category: answerCategory(item.answers) } : {}),
  };
  if (r === "timeout") {
    return {
      ...head,
      reply: null,
      verdict: null,
      error: { kind: "timeout", message: "no answer", status: null, transient: true },
    };
  }
  return { ...head, reply: r, error: null, verdict: xlamToolCall.score(item, r, SCORING) };
}

/** A results file's bytes. */
const file = resultsFile;

/** Asserts that the text holds these lines, one after the other. */
function hasLines(text: string, lines: readonly string[]): void {
  const all = text.split("\n");
  const at = all.indexOf(lines[0]!);
  assert.ok(at >= 0, `no line ${JSON.stringify(lines[0])} in:\n${text}`);
  assert.deepEqual(all.slice(at, at + lines.length), lines);
}

const ITEMS = syntheticItems(400, categoryRows(400)); // 100 of each category, in turn

/**
 * base: right on every no-call item and on every third other; tuned: right on every item but the
 * first 40 no-call ones, where it calls `other`. Better overall, worse on no-call items.
 */
function guardPlan(): ResultRecord[] {
  const out: ResultRecord[] = [];
  for (const item of ITEMS) {
    const noCall = item.answers.length === 0;
    out.push(
      record("base", item, noCall || item.index % 3 === 0 ? right(item) : reply([], "Sorry.")),
    );
    out.push(
      record("tuned", item, noCall && item.index < 160 ? reply([["other", "{}"]]) : right(item)),
    );
  }
  return out;
}

const v2 = (overrides: Partial<HeaderRecord> = {}) =>
  headerFor("base", ["tuned"], ITEMS.length, { formatVersion: 2, ...overrides });

async function reportOf(
  bytes: Uint8Array,
  options: Parameters<typeof reportInputFromResults>[1] = {},
): Promise<Report> {
  return buildReport(await reportInputFromResults(bytes, { scorer: xlamToolCall, ...options }));
}

const skip = await skipReason("categories against Python");

Deno.test({
  name:
    "categories: each model's and each comparison's, counted from the items, Holm across the categories as scipy does it",
  ignore: skip !== null,
  fn: async () => {
    const report = await reportOf(file(v2(), guardPlan()));
    assert.equal(report.categoriesFrom, "results");
    // Counted here from the plan: category by i % 4, 100 items each.
    const names = ["no-call", "single", "parallel", "multiple"];
    const base = report.models[0]!.categories!;
    assert.deepEqual(base.map((c) => [c.name, c.items, c.correct]), [
      ["no-call", 100, 100],
      // Item 4k + r (r the category) is a multiple of 3 for a third of k in 0..99: k = 2 mod 3
      // for single (33), 1 mod 3 for parallel (33), 0 mod 3 for multiple (34).
      ["single", 100, 33],
      ["parallel", 100, 33],
      ["multiple", 100, 34],
    ]);
    const tuned = report.models[1]!.categories!;
    assert.deepEqual(tuned.map((c) => [c.name, c.items, c.correct]), [
      ["no-call", 100, 60],
      ["single", 100, 100],
      ["parallel", 100, 100],
      ["multiple", 100, 100],
    ]);
    const c = report.comparisons[0]!;
    assert.equal(c.outcome, "better");
    const tables = c.categories!.map((x) => [x.table.onlyAdapter, x.table.onlyBaseline, x.items]);
    assert.deepEqual(tables, [[0, 40, 100], [67, 0, 100], [67, 0, 100], [66, 0, 100]]);
    const [python] = (await reference("family", [{ alpha: 0.05, tables }])) as {
      adjusted: number;
      level: number;
      lower: number;
      upper: number;
      rejected: boolean;
    }[][];
    c.categories!.forEach((x, i) => {
      const py = python![i]!;
      assert.equal(x.name, names[i]);
      assert.equal(x.interval!.level, py.level, x.name);
      assert.ok(Math.abs(x.pAdjusted! - py.adjusted) <= 1e-9 * py.adjusted, x.name);
      assert.ok(Math.abs(x.interval!.lower - py.lower) < 1e-10, x.name);
      assert.ok(Math.abs(x.interval!.upper - py.upper) < 1e-10, x.name);
    });
    assert.deepEqual(c.categories!.map((x) => x.outcome), ["worse", "better", "better", "better"]);
    // No guard declared: the verdict says nothing of it.
    assert.deepEqual(c.guardWorse, []);
    assert.match(c.verdict, /^tuned is better than base: \+/);
  },
});

Deno.test({
  name: "the guard: better overall, but worse on a guarded category, and the verdict says so",
  permissions: "none",
  fn: async () => {
    const bytes = file(
      v2({ decision: { margin: 0, guard: ["no-call", "parallel"] } }),
      guardPlan(),
    );
    const report = await reportOf(bytes);
    assert.deepEqual(report.decision, {
      alpha: 0.05,
      margin: 0,
      guard: ["no-call", "parallel"],
      from: "results",
      note: null,
    });
    const c = report.comparisons[0]!;
    assert.equal(c.outcome, "better");
    assert.deepEqual(c.guardWorse, ["no-call"]);
    assert.match(
      c.verdict,
      /^tuned is better than base overall, but worse on no-call items: \+40\.0 points \[/,
    );
    const text = renderText(report);
    hasLines(text, [
      "decision: margin 0 points, guard no-call, parallel (declared when the run started); Holm across 1",
      "  adapter at 0.05",
    ]);
    // reference/python/decision.py: 0 against 40 of 100 at 95%, [-50.28, -28.07] (its p is the
    // largest of the four: Holm's last step; the box interval before it gave [-54.5, -21.8]).
    hasLines(text, [
      "  no-call     100   60.0%  100.0%       -40.0  [-50.3, -28.1]     95%  < 0.001   WORSE",
    ]);
  },
});

Deno.test({
  name:
    "categories of a file written before they were recorded: computed from the items when given, else said to be unknown",
  permissions: "none",
  fn: async () => {
    const old = file(
      headerFor("base", ["tuned"], ITEMS.length),
      guardPlan().map(({ category: _, ...r }) => r),
    );
    const unknown = await reportOf(old);
    assert.equal(unknown.categoriesFrom, null);
    assert.equal(unknown.models[0]!.categories, null);
    assert.equal(unknown.comparisons[0]!.categories, null);
    assert.match(renderText(unknown), /^categories: not recorded in this results file/m);
    const computed = await reportOf(old, { items: ITEMS });
    assert.equal(computed.categoriesFrom, "dataset");
    // As a run records them now: each result's category and cluster (the items give both).
    const recorded = await reportOf(
      file(v2(), guardPlan().map((r) => ({ ...r, cluster: itemCluster(ITEMS[r.itemIndex]!) }))),
    );
    assert.equal(computed.clustersFrom, "dataset");
    assert.equal(recorded.clustersFrom, "results");
    assert.deepEqual(
      computed.models.map((m) => m.categories),
      recorded.models.map((m) => m.categories),
    );
    assert.deepEqual(computed.comparisons[0]!.categories, recorded.comparisons[0]!.categories);
    // A guard that cannot be checked says so.
    const guarded = await reportOf(old, {
      decision: { margin: 0, guard: ["no-call"] },
    });
    assert.equal(guarded.comparisons[0]!.guardWorse, null);
    assert.match(
      guarded.comparisons[0]!.verdict,
      /; the guard \(no-call\) is not checked: the items' categories are not known$/,
    );
  },
});

Deno.test({
  name:
    "categories computed from the items keep none of their answers: each item's answers are read for the category and let go",
  permissions: "none",
  fn: async () => {
    const old = file(
      headerFor("base", ["tuned"], ITEMS.length),
      guardPlan().map(({ category: _, ...r }) => r),
    );
    // Items of their own (ITEMS have built their answers for the plan): nothing read of them yet.
    const items = syntheticItems(400, categoryRows(400));
    const computed = await reportOf(old, { items });
    assert.equal(computed.categoriesFrom, "dataset");
    // An item that kept its answers gives the kept list each time; one that did not builds it anew.
    for (const item of items) assert.notEqual(detachedAnswers(item), detachedAnswers(item));
  },
});

Deno.test({
  name:
    "the decision: the one the run recorded, or the configuration's given to the report (said so), or the default",
  permissions: "none",
  fn: async () => {
    const plan = guardPlan();
    const recorded = await reportOf(file(v2({ decision: { margin: 1, guard: [] } }), plan));
    assert.deepEqual(
      [recorded.decision.margin, recorded.decision.from, recorded.decision.note],
      [0.01, "results", null],
    );
    const same = await reportOf(file(v2({ decision: { margin: 1, guard: [] } }), plan), {
      decision: { margin: 1, guard: [] },
    });
    assert.equal(same.decision.from, "results");
    const other = await reportOf(file(v2({ decision: { margin: 1, guard: [] } }), plan), {
      decision: { margin: 0.5, guard: ["single"] },
    });
    assert.deepEqual([other.decision.margin, other.decision.guard], [0.005, ["single"]]);
    assert.equal(other.decision.from, "config");
    assert.equal(
      other.decision.note,
      "the decision is the configuration's (margin 0.5 points, guard single), not the one the " +
        "run recorded when it started (margin 1 point, guard none)",
    );
    const none = await reportOf(file(headerFor("base", ["tuned"], ITEMS.length), plan));
    assert.deepEqual([none.decision.margin, none.decision.from], [0, "default"]);
    assert.match(none.decision.note!, /^the results file records no decision/);
  },
});

/**
 * Three models on 40 items, all right but for: item 1, the same wrong call written three ways;
 * item 3, the same two wrong calls in two orders; item 13, no call from anyone; item 5, two alike
 * and one other; item 9, two alike and a timeout; item 17, the same malformed arguments.
 */
function disputedPlan(): ResultRecord[] {
  const items = ITEMS.slice(0, 40);
  const out: ResultRecord[] = [];
  const models = ["base", "a", "b"] as const;
  const wrong: Record<number, readonly (RecordedReply | "timeout")[]> = {
    1: [
      reply([["tool_1", '{"x": 5}']]),
      reply([["tool_1", '{"x":5.0}']]),
      reply([["tool_1", '{ "x" : 0.5e1 }']]),
    ],
    3: [
      reply([["first", '{"x": 4}'], ["second", '{"y": "s3"}']]),
      reply([["second", '{"y":"s3"}'], ["first", '{"x":4}']]),
      reply([["first", '{"x": 4}'], ["second", '{"y": "s3"}']]),
    ],
    13: [reply([], "I cannot."), reply([], "No."), reply([], "")],
    5: [
      reply([["tool_5", '{"x": 1}']]),
      reply([["tool_5", '{"x": 1}']]),
      reply([["tool_5", '{"x": 2}']]),
    ],
    9: [reply([["tool_2", '{"x": 1}']]), reply([["tool_2", '{"x": 1}']]), "timeout"],
    17: [
      reply([["tool_3", "{x: 1}"]]),
      reply([["tool_3", "{x: 1}"]]),
      reply([["tool_3", "{x: 1}"]]),
    ],
  };
  for (const item of items) {
    models.forEach((model, m) =>
      out.push(record(model, item, wrong[item.id as number]?.[m] ?? right(item)))
    );
  }
  return out;
}

Deno.test({
  name:
    "disputed answer keys: every model wrong with calls equal by the scorer's equality, listed with how they differ; accuracy without them",
  permissions: "none",
  fn: async () => {
    const header = headerFor("base", ["a", "b"], 40, { formatVersion: 2 });
    const records = disputedPlan();
    const report = await reportOf(file(header, records));
    assert.deepEqual(report.disputedItems, [
      {
        itemId: 1,
        category: "single",
        reason: "arguments",
        detail: "call 1 tool_1: argument x is 5, the answer's is 1",
      },
      {
        itemId: 3,
        category: "multiple",
        reason: "arguments",
        detail: "call 1 first: argument x is 4, the answer's is 3",
      },
      {
        itemId: 13,
        category: "single",
        reason: "no-call",
        detail: "the reply has no calls, the answer has 1",
      },
    ]);
    // Counted here: base and a are wrong on items 1, 3, 5, 9, 13, 17; b on 1, 3, 5, 13, 17 and
    // timed out on 9. Without the 3 disputed items: 34 of 37, and b 34 of 36.
    assert.deepEqual(report.models.map((m) => [m.correct, m.scored]), [[34, 40], [34, 40], [
      34,
      39,
    ]]);
    assert.deepEqual(report.models.map((m) => m.accuracyWithoutDisputed), [
      34 / 37,
      34 / 37,
      34 / 36,
    ]);
    // The order the records come in changes nothing (a detail is kept while an item may be
    // disputed, whichever model answers first).
    const reversed = await reportOf(file(header, [...records].reverse()));
    assert.deepEqual(reversed.disputedItems, report.disputedItems);
    // One model alone cannot dispute a key.
    const alone = await reportOf(
      file(
        headerFor("base", [], 40, { formatVersion: 2 }),
        records.filter((r) => r.model === "base"),
      ),
    );
    assert.equal(alone.disputedItems, null);
    const text = renderText(report);
    assert.match(text, /^Disputed answer keys: 3 items every model answered with the same calls/m);
    hasLines(text, [
      "  item 1 (single), arguments: call 1 tool_1: argument x is 5, the answer's is 1",
    ]);
    hasLines(text, [
      "  accuracy without them (a sensitivity figure, not the verdict): base 91.9%, a 91.9%, b 94.4%",
    ]);
  },
});

Deno.test({
  name:
    "panels: every changed and disputed item whole (query, tools, key, each reply and verdict), from a second pass",
  permissions: "none",
  fn: async () => {
    const header = headerFor("base", ["a", "b"], 40, { formatVersion: 2 });
    const bytes = file(header, disputedPlan());
    const report = await reportOf(bytes, { items: ITEMS.slice(0, 40) });
    assert.equal(report.panels, null);
    const shown = await withItemPanels(report, bytes, ITEMS.slice(0, 40));
    // No item changed (every model is wrong alike on 1, 3, 5, 13 and 17; b's timeout on 9 leaves
    // it unpaired): the panels are the three disputed items.
    assert.deepEqual(
      shown.comparisons.flatMap((c) => [...c.discordant.fixed, ...c.discordant.broke]),
      [],
    );
    assert.deepEqual(shown.panels!.map((p) => p.itemId), [1, 3, 13]);
    const p3 = shown.panels!.find((p) => p.itemId === 3)!;
    assert.deepEqual(p3, {
      itemId: 3,
      category: "multiple",
      query: "Question number 3?",
      // An xlam item: its query alone, and no key text.
      conversation: null,
      tools: ["first", "second", "other"],
      answer: [{ name: "first", arguments: '{"x":3}' }, {
        name: "second",
        arguments: '{"y":"s3"}',
      }],
      answerText: null,
      replies: [
        {
          model: "base",
          text: "",
          calls: [{ name: "first", arguments: '{"x": 4}' }, {
            name: "second",
            arguments: '{"y": "s3"}',
          }],
          verdict: {
            correct: false,
            reason: "arguments",
            detail: "call 1 first: argument x is 4, the answer's is 3",
          },
          error: null,
        },
        {
          model: "a",
          text: "",
          calls: [{ name: "second", arguments: '{"y":"s3"}' }, {
            name: "first",
            arguments: '{"x":4}',
          }],
          verdict: {
            correct: false,
            reason: "arguments",
            detail: "call 2 first: argument x is 4, the answer's call 1 has 3",
          },
          error: null,
        },
        {
          model: "b",
          text: "",
          calls: [{ name: "first", arguments: '{"x": 4}' }, {
            name: "second",
            arguments: '{"y": "s3"}',
          }],
          verdict: {
            correct: false,
            reason: "arguments",
            detail: "call 1 first: argument x is 4, the answer's is 3",
          },
          error: null,
        },
      ],
    });
    const html = renderHtml(shown);
    assert.match(
      html,
      /<details class="item"><summary>item 3 \(multiple\), arguments: call 1 first: argument x is 4, the answer&#39;s is 3<\/summary>/,
    );
    assert.match(
      html,
      /<span id="item-3"><\/span>\n<div class="panel">\n<p class="query"><strong>query:<\/strong> Question number 3\?<\/p>/,
    );
    assert.match(
      html,
      /<strong>tools offered:<\/strong> <code>first<\/code>, <code>second<\/code>, <code>other<\/code>/,
    );
    // The only links are to the page's own panels.
    assert.doesNotMatch(html, /<script|<link|<img|src=|href=(?!"#item-\d+")/i);
    // The guard plan's 40 broken no-call items and 200 fixed others: by default (PANEL_LIMIT,
    // 100) every broken item and the first 100 fixed; with no limit, every changed item.
    const guard = file(v2(), guardPlan());
    const every = await withItemPanels(await reportOf(guard, { items: ITEMS }), guard, ITEMS, {
      limit: Infinity,
    });
    const c = every.comparisons[0]!;
    assert.equal(c.discordant.broke.length, 40);
    assert.equal(c.discordant.fixed.length, 200);
    assert.deepEqual(
      every.panels!.map((p) => p.itemId),
      [...c.discordant.fixed, ...c.discordant.broke].sort(compareItemIds),
    );
    assert.equal(renderHtml(every).match(/<details class="item">/g)?.length, 240);
    const changed = await withItemPanels(await reportOf(guard, { items: ITEMS }), guard, ITEMS);
    assert.deepEqual(
      changed.panels!.map((p) => p.itemId),
      [...c.discordant.fixed.slice(0, 100), ...c.discordant.broke].sort(compareItemIds),
    );
    const fixed = changed.panels!.find((p) => p.itemId === 1)!; // base says "Sorry.", tuned calls
    assert.deepEqual(
      fixed.replies.map((r) => [r.model, r.text, r.calls.length, r.verdict?.reason]),
      [
        ["base", "Sorry.", 0, "no-call"],
        ["tuned", "", 1, "match"],
      ],
    );
    const page = renderHtml(changed);
    assert.equal(page.match(/<details class="item">/g)?.length, 140);
    assert.match(
      page,
      new RegExp(
        "<p>240 items an adapter fixed or broke; 140 of them shown whole, the other 100 listed by " +
          `id below\\.[^]*<p class="ids">${c.discordant.fixed.slice(100).join(", ")}</p>`,
      ),
    );
    assert.match(
      page,
      /<a href="#item-1">1<\/a>[^]*<details class="item"><summary>item 1 \([a-z-]+\): fixed by tuned<\/summary>\n<span id="item-1"><\/span>\n<div class="panel">/,
    );
  },
});

Deno.test({
  name: "the JSON report with categories, a guard, disputed items and panels follows its schema",
  permissions: { read: true },
  fn: async () => {
    const schema = JSON.parse(await Deno.readTextFile("schema/report.schema.json"));
    // deno-lint-ignore no-explicit-any
    const validate = new (Ajv2020 as any)({ strict: true, allErrors: true }).compile(schema);
    const guard = file(v2({ decision: { margin: 0.5, guard: ["no-call"] } }), guardPlan());
    const disputed = file(headerFor("base", ["a", "b"], 40, { formatVersion: 2 }), disputedPlan());
    for (
      const report of [
        await withItemPanels(await reportOf(guard, { items: ITEMS }), guard, ITEMS),
        await withItemPanels(
          await reportOf(disputed, { items: ITEMS.slice(0, 40) }),
          disputed,
          ITEMS.slice(0, 40),
        ),
      ]
    ) {
      const json = JSON.parse(renderJson(report));
      assert.ok(validate(json), JSON.stringify(validate.errors?.slice(0, 3)));
      assert.ok(json.panels.length > 0 && json.models[0].categories.length === 4);
    }
  },
});
