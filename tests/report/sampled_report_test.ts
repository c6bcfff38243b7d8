/**
 * The report of several samples per item read with the one-sample report's options: re-scoring
 * and the lenient reading judge every sample (per-item means from the samples judged again), the
 * categories (recorded, or from the items given) and the guard, the errored samples counted both
 * ways, the gate, and the JSON's schema. Each figure is checked against a count of what the fixture planned, not
 * against the code's own figures.
 */

import assert from "node:assert/strict";
import Ajv2020 from "ajv/dist/2020.js";
import { ANSWER_CATEGORIES } from "../../src/dataset/category.ts";
import type { Item } from "../../src/dataset/item.ts";
import { detachedAnswers } from "../../src/dataset/detached.ts";
import type {
  BodyRecord,
  HeaderRecord,
  RecordedReply,
  ResultRecord,
} from "../../src/results/records.ts";
import { sampledReportFromResults } from "../../src/report/sampled_report.ts";
import { withSampledPanels } from "../../src/report/item_panels.ts";
import { gateSampledReport } from "../../src/report/sampled_gate.ts";
import {
  renderSampledHtml,
  renderSampledJson,
  renderSampledMarkdown,
  renderSampledText,
} from "../../src/report/render/sampled.ts";
import { sampledAccuracy } from "../../src/report/stats/sampled_accuracy.ts";
import { sampledDetectable } from "../../src/report/stats/sampled_planning.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import type { JsonObject } from "../../src/json/json_value.ts";
import { stringifyJson } from "../../src/json/stringify.ts";
import { categoryRows, syntheticItems } from "../run/_fixtures.ts";
import { bodyFor, headerFor, type Planned, resultRecord, resultsFile } from "./_results.ts";
import { sampledGoldenResults } from "./_sampled_results.ts";

const none = { permissions: "none" } as const;
const K = 4;
const N = 24;
/** `n` category items (i % 4 gives the category). */
const itemsOf = (n: number): readonly Item[] => syntheticItems(n, categoryRows(n));
const ITEMS: readonly Item[] = itemsOf(N);

type Plan = Readonly<Record<string, (i: number, s: number) => Planned>>;

/**
 * A result record judged by the real scorer: for `match` the answer's calls (no call and a
 * sentence for a no-call item), for `string-form` the answer's calls with their string arguments
 * upper-cased, for any other reason a call of `other`; an error as `resultRecord` makes it.
 */
function record(model: string, item: Item, planned: Exclude<Planned, null>): ResultRecord {
  if (planned.startsWith("error:")) return resultRecord(model, item, planned);
  const form = (
    v: unknown,
  ) => (planned === "string-form" && typeof v === "string" ? v.toUpperCase() : v);
  const calls = planned === "match" || planned === "string-form"
    ? item.answers.map((a) => ({
      name: a.name,
      arguments: stringifyJson(
        new Map([...a.arguments as JsonObject].map(([k, v]) => [k, form(v)])) as JsonObject,
      ),
    }))
    : [{ name: "other", arguments: '{"x": -1}' }];
  const reply: RecordedReply = {
    text: calls.length === 0 ? "No tool is needed." : "",
    calls,
    truncated: false,
    reasoning: null,
    finishReason: calls.length === 0 ? "stop" : "tool_calls",
  };
  const verdict = xlamToolCall.score(item, reply, { ordering: "any", toolCallParser: "hermes" });
  assert.equal(verdict.correct, planned === "match", `fixture: item ${item.id} ${planned}`);
  return {
    ...resultRecord(model, ITEMS[1]!, "match"),
    itemId: item.id,
    itemIndex: item.index,
    response: { status: 200, body: bodyFor(model, reply) },
    reply,
    verdict,
  };
}

/** A results file of these plans on the category items, categories recorded or not. */
function file(
  plan: Plan,
  options: {
    header?: Partial<HeaderRecord>;
    recordCategory?: boolean;
    flip?: boolean;
    /** The items, `ITEMS` unless given. */
    items?: readonly Item[];
    /** Samples per item, `K` unless given. */
    samples?: number;
    /** The records in the reverse order (the last item's first). */
    reverse?: boolean;
  } = {},
): Uint8Array {
  const [baseline, ...adapters] = Object.keys(plan) as [string, ...string[]];
  const items = options.items ?? ITEMS;
  const samples = options.samples ?? K;
  const header = headerFor(baseline, adapters, items.length, {
    formatVersion: 2,
    sampling: { temperature: 0.7, topP: 1, seed: "7", maxTokens: 512, samples },
    decision: { margin: 0, guard: [] },
    ...options.header,
  });
  const records: BodyRecord[] = [];
  for (const model of [baseline, ...adapters]) {
    for (const item of items) {
      for (let s = 0; s < samples; s++) {
        const planned = plan[model]!(item.index, s);
        if (planned === null) continue;
        const r = record(model, item, planned);
        const { category: _, ...bare } = {
          ...r,
          sample: s,
          category: ANSWER_CATEGORIES[item.index % 4]!,
        };
        const kept = options.recordCategory === false ? bare : { ...bare, category: _ };
        // A verdict recorded by another scorer version: every one the other way.
        records.push(
          options.flip === true && r.verdict !== null
            ? { ...kept, verdict: { ...r.verdict, correct: !r.verdict.correct } }
            : kept,
        );
      }
    }
  }
  return resultsFile(header, options.reverse === true ? records.reverse() : records);
}

/** The mean over items of each item's share of planned answers that `right` counts. */
function plannedAccuracy(
  plan: (i: number, s: number) => Planned,
  right: (p: Planned) => boolean,
  keep: (i: number) => boolean = () => true,
  all: readonly Item[] = ITEMS,
): number {
  const items = all.filter((item) => keep(item.index)).map((item) => {
    const planned = Array.from({ length: K }, (_, s) => plan(item.index, s))
      .filter((p) => p !== null && !p.startsWith("error:"));
    return { asked: planned.length, right: planned.filter(right).length };
  });
  return sampledAccuracy(items).accuracy;
}

// The adapter answers in another form (string arguments upper-cased) on the items whose answer
// has a string argument (i % 4 = 3) on half its samples: wrong under strict scoring, right under
// the lenient reading.
const FORM: Plan = {
  base: (i, s) => ((i + s) % 3 === 0 ? "match" : "arguments"),
  tuned: (
    i,
    s,
  ) => (i % 4 === 3 && s % 2 === 0
    ? "string-form"
    : (i + s) % 2 === 0
    ? "match"
    : i % 4 === 0
    ? "name"
    : "arguments"),
};

Deno.test(
  "sampled: -scoring lenient judges every sample by the lenient reading",
  none,
  async () => {
    const bytes = file(FORM);
    const strict = await sampledReportFromResults(bytes, { scorer: xlamToolCall, items: ITEMS });
    const lenient = await sampledReportFromResults(bytes, {
      scorer: xlamToolCall,
      items: ITEMS,
      scoring: "lenient",
    });
    const match = (p: Planned) => p === "match";
    const form = (p: Planned) => p === "match" || p === "string-form";
    assert.equal(strict.models[1]!.accuracy, plannedAccuracy(FORM.tuned!, match));
    assert.equal(lenient.models[1]!.accuracy, plannedAccuracy(FORM.tuned!, form));
    assert.ok(lenient.models[1]!.accuracy > strict.models[1]!.accuracy);
    assert.equal(lenient.models[0]!.accuracy, strict.models[0]!.accuracy);
    assert.equal(lenient.scoring.decides, "lenient");
    assert.equal(strict.scoring.decides, "strict");
    assert.equal(lenient.scoring.lenient.made, true);
    // The per-item differences move by the rescued samples' shares.
    const rescued = plannedAccuracy(FORM.tuned!, form) - plannedAccuracy(FORM.tuned!, match);
    assert.ok(
      Math.abs(lenient.comparisons[0]!.difference - strict.comparisons[0]!.difference - rescued) <
        1e-12,
    );
    await assert.rejects(
      () => sampledReportFromResults(bytes, { scorer: xlamToolCall, scoring: "lenient" }),
      TypeError,
    );
  },
);

Deno.test(
  "sampled: a scorer version moved re-scores every sample; -keep-verdicts keeps them",
  none,
  async () => {
    const scorer = {
      name: "xlam-tool-call",
      version: "0",
      ordering: "any",
      toolCallParser: "hermes",
    };
    const bytes = file(FORM, { header: { scorer } as Partial<HeaderRecord>, flip: true });
    const rescored = await sampledReportFromResults(bytes, { scorer: xlamToolCall, items: ITEMS });
    const kept = await sampledReportFromResults(bytes, {
      scorer: xlamToolCall,
      items: ITEMS,
      keepVerdicts: true,
    });
    const match = (p: Planned) => p === "match";
    for (const [n, model] of ["base", "tuned"].entries()) {
      assert.equal(rescored.models[n]!.accuracy, plannedAccuracy(FORM[model]!, match), model);
      assert.equal(
        kept.models[n]!.accuracy,
        plannedAccuracy(FORM[model]!, (p) => !match(p)),
        model,
      );
    }
    assert.equal(rescored.scorer.verdicts, "rescored");
    assert.equal(rescored.scorer.selftest.by, "report");
    assert.equal(kept.scorer.verdicts, "recorded");
    await assert.rejects(
      () => sampledReportFromResults(bytes, { scorer: xlamToolCall }),
      TypeError,
    );
  },
);

Deno.test(
  "sampled: categories recorded or from the items, each model's and each comparison's, and the guard",
  none,
  async () => {
    const plan: Plan = {
      base: (i, s) => ((i + s) % 2 === 0 ? "match" : "arguments"),
      // Right on every sample but on the parallel items (i % 4 = 2), where it is right on one.
      tuned: (i, s) => (i % 4 !== 2 || s === 0 ? "match" : "arguments"),
    };
    const guard = { decision: { margin: 0, guard: ["parallel" as const] } };
    // 40 items a category: every parallel item's difference is the same -1/4, which the betting
    // interval calls worse at its Holm level (0.05/4) with 32 items or more.
    const items = itemsOf(160);
    const recorded = await sampledReportFromResults(file(plan, { header: guard, items }));
    // Items of their own for the report (making the files built the answers of `items`).
    const fresh = itemsOf(160);
    const computed = await sampledReportFromResults(
      file(plan, { header: guard, recordCategory: false, items }),
      { items: fresh },
    );
    const unknown = await sampledReportFromResults(file(plan, { recordCategory: false }));
    assert.equal(recorded.categoriesFrom, "results");
    assert.equal(computed.categoriesFrom, "dataset");
    // Each item's answers were built for its category and let go: an item that kept them gives
    // the kept list each time, one that did not builds it anew.
    for (const item of fresh) assert.notEqual(detachedAnswers(item), detachedAnswers(item));
    assert.equal(unknown.categoriesFrom, null);
    assert.equal(unknown.models[0]!.categories, null);
    assert.equal(unknown.comparisons[0]!.guardWorse, null);
    assert.deepEqual(computed.models, recorded.models);
    assert.deepEqual(computed.comparisons, recorded.comparisons);
    const match = (p: Planned) => p === "match";
    for (const [c, name] of ANSWER_CATEGORIES.entries()) {
      const inCategory = (i: number) => i % 4 === c;
      for (const [n, model] of ["base", "tuned"].entries()) {
        const got = recorded.models[n]!.categories![c]!;
        assert.equal(got.name, name);
        assert.equal(got.items, items.length / 4);
        assert.equal(got.accuracy, plannedAccuracy(plan[model]!, match, inCategory, items), name);
      }
      const d = recorded.comparisons[0]!.categories![c]!;
      const expected = plannedAccuracy(plan.tuned!, match, inCategory, items) -
        plannedAccuracy(plan.base!, match, inCategory, items);
      assert.ok(Math.abs(d.difference! - expected) < 1e-12, name);
    }
    const parallel = recorded.comparisons[0]!.categories![2]!;
    assert.equal(parallel.outcome, "worse");
    assert.deepEqual(recorded.comparisons[0]!.guardWorse, ["parallel"]);
    const gate = gateSampledReport(recorded);
    assert.equal(gate.outcome, "worse");
    assert.deepEqual(gate.details, ["tuned: guarded categories worse: parallel"]);
    // With 6 items a category, 6 differences alike are no evidence at the Holm level: the guard
    // finds nothing, where the t test's zero-width interval said worse.
    const few = await sampledReportFromResults(file(plan, { header: guard }));
    assert.equal(few.comparisons[0]!.categories![2]!.outcome, "inconclusive");
    assert.deepEqual(few.comparisons[0]!.guardWorse, []);
    // Without the guard the overall outcome decides.
    const unguarded = await sampledReportFromResults(file(plan, { items }));
    assert.deepEqual(unguarded.comparisons[0]!.guardWorse, []);
    assert.equal(gateSampledReport(unguarded).outcome, "pass");
    assert.equal(unguarded.comparisons[0]!.outcome, "better");
  },
);

Deno.test(
  "sampled gate: errored samples that could change the outcome leave it undecided",
  none,
  async () => {
    // The adapter is right on 2 of its 3 answers and errored on a fourth sample of every item; the
    // baseline right on 2 of 4. Left out, the errors leave it better; counted against it, even.
    const plan: Plan = {
      base: (_i, s) => (s < 2 ? "match" : "arguments"),
      tuned: (_i, s) => (s < 2 ? "match" : s === 2 ? "error:timeout" : "arguments"),
    };
    // 48 items: a difference of 1/6 on every item is better with 32 items or more.
    const items = itemsOf(48);
    const report = await sampledReportFromResults(file(plan, { items }));
    const c = report.comparisons[0]!;
    assert.equal(c.outcome, "better");
    const s = c.errorSensitivity!;
    assert.equal(s.errors, items.length);
    assert.equal(s.against.difference, 0);
    assert.equal(s.against.outcome, "inconclusive");
    assert.equal(s.favour.difference, 0.25);
    assert.equal(s.couldChange, true);
    const gate = gateSampledReport(report);
    assert.equal(gate.outcome, "undecided");
    assert.match(gate.summary, /the 48 errored samples of tuned could change its outcome/);
    assert.equal(report.complete, false);
  },
);

Deno.test(
  "sampled gate: a sample never asked leaves it undecided; inconclusive says what more would detect",
  none,
  async () => {
    const { bytes } = sampledGoldenResults();
    const gate = gateSampledReport(await sampledReportFromResults(bytes));
    assert.equal(gate.outcome, "undecided");
    assert.match(gate.summary, /1 of 480 \(model, item, sample\) answers were never asked/);
    const even: Plan = {
      base: (i, s) => ((i + s) % 2 === 0 ? "match" : "arguments"),
      tuned: (i, s) => ((i + s + (i % 3 === 0 ? 1 : 0)) % 2 === 0 ? "match" : "arguments"),
    };
    const open = gateSampledReport(await sampledReportFromResults(file(even)));
    assert.equal(open.outcome, "inconclusive");
    // Every item's two shares are the same (half right each): too few items differ.
    assert.match(
      open.details[0]!,
      /^tuned: no conclusion: too few items differ \(0 of 24; [^)]*\); detects [0-9.]+ points with power 0.8 over 24 items if it rests on a few items changed completely; /,
    );
  },
);

Deno.test("sampled: the JSON follows schema/sampled-report.schema.json, whatever the report holds", async () => {
  const schema = JSON.parse(
    await Deno.readTextFile(new URL("../../schema/sampled-report.schema.json", import.meta.url)),
  );
  // deno-lint-ignore no-explicit-any
  const validate = new (Ajv2020 as any)({ strict: true, allErrors: true }).compile(schema);
  const errors: Plan = {
    base: (_i, s) => (s < 2 ? "match" : "arguments"),
    tuned: (_i, s) => (s < 2 ? "match" : s === 2 ? "error:timeout" : "arguments"),
  };
  const reports = [
    await sampledReportFromResults(sampledGoldenResults().bytes),
    await sampledReportFromResults(file(FORM), {
      scorer: xlamToolCall,
      items: ITEMS,
      scoring: "lenient",
    }),
    await sampledReportFromResults(file(FORM, { recordCategory: false })),
    await sampledReportFromResults(file(errors)),
  ];
  reports.push(
    await withSampledPanels(reports[1]!, file(FORM), ITEMS, { limit: Infinity }),
    await withSampledPanels(reports[3]!, file(errors), ITEMS),
  );
  assert.ok(reports[4]!.panels!.some((p) => p.replies.some((r) => r.rescue !== undefined)));
  assert.ok(reports[5]!.panels!.some((p) => p.replies.some((r) => r.error !== null)));
  for (const report of reports) {
    const json = JSON.parse(renderSampledJson(report));
    assert.ok(validate(json), JSON.stringify(validate.errors));
  }
  // The schema holds the format to its shape: a member it does not name is refused.
  const extra = { ...JSON.parse(renderSampledJson(reports[0]!)), extra: 1 };
  assert.equal(validate(extra), false);
  for (const name of ["report.json", "panels.json"]) {
    const golden = new URL(`./golden/sampled/${name}`, import.meta.url);
    assert.ok(
      validate(JSON.parse(await Deno.readTextFile(golden))),
      JSON.stringify(validate.errors),
    );
  }
});

Deno.test(
  "sampled: 20 items, every sample right for both models, margin 1 point: no conclusion, and " +
    "-gate does not pass (issue 35)",
  none,
  async () => {
    // The t test's zero-spread rule gave [0.0, 0.0], not-worse, and -gate exit 0; one sample per
    // item gives [-25.9, 25.9] and inconclusive on the same items.
    const plan: Plan = { base: () => "match", tuned: () => "match" };
    const margin = { decision: { margin: 1, guard: [] } };
    for (const samples of [4, 16]) {
      const report = await sampledReportFromResults(
        file(plan, { items: itemsOf(20), samples, header: margin }),
      );
      const c = report.comparisons[0]!;
      assert.equal(c.outcome, "inconclusive", `K ${samples}`);
      const gate = gateSampledReport(report);
      assert.equal(gate.outcome, "inconclusive", `K ${samples}`);
      assert.match(
        gate.details[0]!,
        /^tuned: no conclusion: too few items differ \(0 of 20; even all of them one way would decide nothing at level 0\.05\); detects /,
      );
      assert.deepEqual([c.differingItems, c.tooFewDiffer], [0, true]);
      // No number of items to decide it: read at the spread of no differing item (0), it would be
      // the betting interval's floor, as if no further item could differ.
      assert.equal(c.itemsToDecide, null);
      const few = "too few items differ (0 of 20) to say how many items would decide it";
      assert.ok(gate.details[0]!.endsWith(`; ${few}`), gate.details[0]);
      assert.ok(
        renderSampledText(report).replace(/\s+/g, " ").includes(`tuned (inconclusive): ${few}`),
      );
      assert.equal(JSON.parse(renderSampledJson(report)).comparisons[0].itemsToDecide, null);
      assert.equal(c.difference, 0);
      // [-21.7, 21.7] points, as reference/report.md says.
      assert.deepEqual(
        [c.interval.lower, c.interval.upper].map((x) => Math.round(x * 1000)),
        [-217, 217],
        `K ${samples}`,
      );
      assert.equal(c.method, "betting");
      // Every format says under which spread the detectable difference holds (issue 35).
      const spread =
        /The detectable differences are for a difference that rests on a few items, each changed completely/;
      assert.match(renderSampledText(report).replace(/\n +/g, " "), spread);
      assert.match(renderSampledMarkdown(report), spread);
      assert.match(renderSampledHtml(report), spread);
      const json = JSON.parse(renderSampledJson(report)).comparisons[0];
      assert.equal(json.minimumDetectableDifference.holdsFor, "concentrated");
      assert.match(
        gate.details[0]!,
        /with power 0\.8 over 20 items if it rests on a few items changed completely; /,
      );
    }
  },
);

Deno.test(
  "sampled: an inconclusive comparison says how many items of K samples would decide it, in every format and as the gate does",
  none,
  async () => {
    const report = await sampledReportFromResults(sampledGoldenResults().bytes);
    const [a, b] = report.comparisons;
    assert.equal(a!.outcome, "better");
    assert.equal(a!.itemsToDecide, null);
    assert.equal(b!.outcome, "inconclusive");
    const n = b!.itemsToDecide!;
    // The fewest items whose detectable difference at K samples is at most the one observed (or
    // its distance from -margin, when larger), with the variance's parts measured.
    const mdd = b!.minimumDetectableDifference!;
    const parts = { between: mdd.betweenVariance, within: mdd.withinVariance };
    const target = Math.max(Math.abs(b!.difference), b!.difference + report.decision.margin);
    const at = (items: number) =>
      sampledDetectable(parts, { items, samples: K, alpha: b!.interval.level });
    assert.ok(n > b!.items && at(n) <= target && at(n - 1) > target, `${n}`);
    const sentence = `about ${n} items, each asked ${K} times, would decide it, with 80% power; ` +
      `it has ${b!.items}`;
    assert.ok(
      renderSampledText(report).replace(/\s+/g, " ").includes(
        `tuned-b (inconclusive): ${sentence}`,
      ),
    );
    assert.equal(JSON.parse(renderSampledJson(report)).comparisons[1].itemsToDecide, n);
    // The gate says the same (here with the guard, the sample never asked and the errored one
    // left out, which would make it worse and undecided).
    const gate = gateSampledReport({
      ...report,
      models: report.models.map((m) => ({ ...m, notAsked: 0 })),
      comparisons: report.comparisons.map((c) => ({
        ...c,
        guardWorse: [],
        errorSensitivity: null,
      })),
    });
    assert.equal(gate.outcome, "inconclusive");
    assert.ok(gate.details[0]!.endsWith(`; ${sentence}`), gate.details[0]);
  },
);

Deno.test(
  "sampled: the figures do not depend on the order the results file holds the items in",
  none,
  async () => {
    // The betting intervals take the items in an order: the items' indices, not the file's.
    const plan: Plan = {
      base: (i, s) => ((i * 7 + s) % 3 === 0 ? "match" : "arguments"),
      tuned: (i, s) => ((i * 5 + s) % 4 !== 0 ? "match" : "arguments"),
    };
    const forward = await sampledReportFromResults(file(plan));
    const backward = await sampledReportFromResults(file(plan, { reverse: true }));
    assert.deepEqual(backward.models, forward.models);
    assert.deepEqual(backward.comparisons, forward.comparisons);
  },
);

Deno.test(
  "sampled: a detectable difference of 100 points or more is none, in every format and in the " +
    "gate's line (no mean difference of shares is larger)",
  none,
  async () => {
    // Two items: the betting interval's detectable differences are above 100 points.
    const plan: Plan = {
      base: (_, s) => (s % 2 === 0 ? "match" : "arguments"),
      tuned: (i, s) => ((i + s) % 4 === 0 ? "match" : "arguments"),
    };
    const report = await sampledReportFromResults(file(plan, { items: itemsOf(2) }));
    const [c] = report.comparisons;
    const mdd = c!.minimumDetectableDifference!;
    assert.equal(c!.outcome, "inconclusive");
    assert.ok(mdd.difference >= 1 && mdd.withTwiceTheSamples >= 1 && mdd.withTwiceTheItems >= 1);
    const gate = gateSampledReport(report);
    assert.match(
      gate.details[0]!,
      /detects none with power 0\.8 over 2 items; twice the samples would detect none, twice the items none;/,
    );
    // (The figures are 1, the formula's "none found"; the tables print none, never 100.0.)
    const rendered = {
      text: renderSampledText(report),
      markdown: renderSampledMarkdown(report),
      html: renderSampledHtml(report),
    };
    assert.match(
      rendered.html,
      /<td[^>]*>tuned<\/td><td[^>]*>none<\/td><td[^>]*>none<\/td><td[^>]*>none<\/td>/,
    );
    assert.match(rendered.text, /\n {2}tuned +none +none +none +[0-9.]+ +[0-9.]+\n/);
    assert.match(rendered.markdown, /\n\| tuned \| none \| none \| none \| /);
  },
);

// Each item's share of right answers: the baseline's i % 3 of 4, the adapter's (i + 1) % 3 of 4
// (items up, down and the same).
const MIXED: Plan = {
  base: (i, s) => (s < i % 3 ? "match" : "arguments"),
  tuned: (i, s) => (s < (i + 1) % 3 ? "match" : "arguments"),
};

Deno.test(
  "sampled panels: the items whose share an adapter changed, each sample's reply and verdict by each model, the first `limit` of each list",
  none,
  async () => {
    const report = await sampledReportFromResults(file(MIXED), {
      scorer: xlamToolCall,
      items: ITEMS,
    });
    // What the plan says: each item's share of `match` for each model.
    const share = (model: string, i: number) =>
      Array.from({ length: K }, (_, s) => MIXED[model]!(i, s)).filter((p) => p === "match").length;
    const better = ITEMS.filter((x) => share("tuned", x.index) > share("base", x.index));
    const worse = ITEMS.filter((x) => share("tuned", x.index) < share("base", x.index));
    const c = report.comparisons[0]!;
    assert.deepEqual(c.changed, { better: better.map((x) => x.id), worse: worse.map((x) => x.id) });
    assert.ok(better.length > 2 && worse.length > 2, "the fixture changes items both ways");
    const all = await withSampledPanels(report, file(MIXED), ITEMS, { limit: Infinity });
    assert.deepEqual(
      all.panels!.map((p) => p.itemId),
      [...better, ...worse].map((x) => x.id).sort((a, b) => Number(a) - Number(b)),
    );
    for (const panel of all.panels!) {
      const item = ITEMS.find((x) => x.id === panel.itemId)!;
      assert.deepEqual(
        panel.replies.map((r) => [r.model, r.sample, r.verdict?.correct]),
        ["base", "tuned"].flatMap((m) =>
          Array.from({ length: K }, (_, s) => [m, s, MIXED[m]!(item.index, s) === "match"])
        ),
      );
    }
    const two = await withSampledPanels(report, file(MIXED), ITEMS, { limit: 2 });
    assert.deepEqual(
      two.panels!.map((p) => p.itemId),
      [...better.slice(0, 2), ...worse.slice(0, 2)].map((x) => x.id).sort((a, b) =>
        Number(a) - Number(b)
      ),
    );
    // HTML: a panel per item shown, a row per model and sample, the others by id.
    const html = renderSampledHtml(two);
    assert.equal(html.match(/<details class="item">/g)?.length, two.panels!.length);
    assert.equal(html.match(/<th>base, sample \d<\/th>/g)?.length, two.panels!.length * K);
    assert.match(
      html,
      new RegExp(
        `${better.length + worse.length - two.panels!.length} changed items not shown whole`,
      ),
    );
    // Text and Markdown show no panel; the report without panels shows no such section.
    assert.doesNotMatch(renderSampledText(two), /shown whole/);
    assert.doesNotMatch(renderSampledMarkdown(two), /shown whole/);
    assert.doesNotMatch(renderSampledHtml(report), /shown whole/);
    await assert.rejects(
      () => withSampledPanels(report, file(MIXED), ITEMS, { limit: 0 }),
      RangeError,
    );
  },
);
