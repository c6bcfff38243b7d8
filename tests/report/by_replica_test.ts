/**
 * The report's replicas: each replica's figures and the items answered on more than one, against
 * a count done here the plain way over random outcomes; the homogeneity test on the baseline's
 * groups; the JSON against its schema; and a run on one replica reported exactly as before.
 */

import assert from "node:assert/strict";
import Ajv2020 from "ajv/dist/2020.js";
import { replicasReport } from "../../src/report/by_replica.ts";
import { buildReport } from "../../src/report/build_report.ts";
import { reportInputFromResults } from "../../src/report/from_results.ts";
import { homogeneityTest } from "../../src/report/homogeneity.ts";
import { renderHtml } from "../../src/report/render_html.ts";
import { renderJson } from "../../src/report/render_json.ts";
import { renderMarkdown } from "../../src/report/render_markdown.ts";
import { renderText } from "../../src/report/render_text.ts";
import type { Report } from "../../src/report/report.ts";
import type { Observation } from "../../src/report/report_input.ts";
import { lookupScorer } from "../../src/score/registry.ts";
import { Prng } from "../reference/_prng.ts";
import { replicaGoldenResults } from "./_replica_results.ts";
import { type Plan, type Planned, resultsFor, times } from "./_results.ts";

Deno.test({
  name: "replicasReport: each replica's figures and the mixed items, as counted the plain way",
  permissions: "none",
  fn: () => {
    const rng = new Prng(21);
    const hosts = ["b.example:443", "a.example:9000", "a.example:10000"];
    const names = ["base", "t1", "t2"];
    for (let round = 0; round < 50; round++) {
      const byModel = new Map<string, Observation[]>();
      for (const name of names) {
        const list: Observation[] = [];
        for (let i = 0; i < 60; i++) {
          if (rng.next() % 10 === 0) continue; // never asked
          const error = rng.next() % 8 === 0;
          list.push({
            itemIndex: i,
            itemId: 1000 + i,
            verdict: error ? null : { correct: rng.next() % 3 !== 0, reason: "r" },
            error: error ? "timeout" : null,
            latencyMs: rng.next() % 5 === 0 ? null : rng.next() % 500,
            usage: null,
            ...(rng.next() % 20 === 0 ? {} : { replica: hosts[rng.next() % 3]! }),
          });
        }
        byModel.set(name, list);
      }
      const report = replicasReport(names, byModel);
      // The plain way: every outcome looked at once per question.
      const all = names.flatMap((name, m) => byModel.get(name)!.map((o) => ({ o, m })));
      const named = all.filter(({ o }) => o.replica !== undefined);
      assert.equal(report.unnamed, all.length - named.length);
      const seen = [...new Set(named.map(({ o }) => o.replica!))];
      // By host, then by port as a number: a.example:9000 before a.example:10000.
      const order = ["a.example:9000", "a.example:10000", "b.example:443"].filter((h) =>
        seen.includes(h)
      );
      assert.deepEqual(report.replicas.map((r) => r.host), order);
      for (const row of report.replicas) {
        const here = named.filter(({ o }) => o.replica === row.host);
        assert.equal(row.items, new Set(here.map(({ o }) => o.itemIndex)).size);
        assert.equal(row.errors, here.filter(({ o }) => o.verdict === null).length);
        names.forEach((name, m) => {
          const scored = here.filter((x) => x.m === m && x.o.verdict !== null);
          const correct = scored.filter((x) => x.o.verdict!.correct).length;
          assert.deepEqual(row.models[m], {
            name,
            scored: scored.length,
            correct,
            accuracy: scored.length === 0 ? null : correct / scored.length,
          });
        });
        const latencies = here.filter(({ o }) => o.verdict !== null && o.latencyMs !== null)
          .map(({ o }) => o.latencyMs!).sort((a, b) => a - b);
        const mid = latencies.length >> 1;
        const median = latencies.length === 0
          ? null
          : latencies.length % 2 === 1
          ? latencies[mid]!
          : (latencies[mid - 1]! + latencies[mid]!) / 2;
        assert.equal(row.latencyMedianMs, median);
      }
      const hostsOf = new Map<number, Set<string>>();
      for (const { o } of named) {
        if (!hostsOf.has(o.itemIndex)) hostsOf.set(o.itemIndex, new Set());
        hostsOf.get(o.itemIndex)!.add(o.replica!);
      }
      assert.equal(report.mixedItems, [...hostsOf.values()].filter((s) => s.size > 1).length);
      const groups = report.replicas.map((r) => ({
        successes: r.models[0]!.correct,
        trials: r.models[0]!.scored,
      }));
      const expected = groups.filter((g) => g.trials > 0).length < 2
        ? null
        : homogeneityTest(groups);
      assert.deepEqual(
        report.homogeneity,
        expected === null ? null : { ...expected, flagged: expected.pValue < 0.05 },
      );
    }
  },
});

Deno.test({
  name: "replicas: a replica that serves the baseline worse is flagged in every format",
  permissions: { read: true },
  fn: async () => {
    const input = await reportInputFromResults(replicaGoldenResults(), {
      scorer: lookupScorer("xlam-tool-call"),
    });
    const report = buildReport(input);
    assert.equal(report.replicas.replicas.length, 3);
    assert.equal(report.replicas.homogeneity?.flagged, true);
    assert.equal(report.replicas.mixedItems, 2);
    assert.match(
      renderText(report),
      /^ {2}replicas {6}3 replicas; THE BASELINE'S ACCURACY DIFFERS/m,
    );
    assert.match(renderText(report), /^WARNING: the baseline's accuracy differs across replicas/m);
    assert.match(renderMarkdown(report), /^\| replicas \| 3 replicas; \*\*the baseline/m);
    assert.match(renderHtml(report), /<p class="warn" id="replicas-differ">/);
    const schema = JSON.parse(await Deno.readTextFile("schema/report.schema.json"));
    // deno-lint-ignore no-explicit-any
    const validate = new (Ajv2020 as any)({ strict: true, allErrors: true }).compile(schema);
    const parsed = JSON.parse(renderJson(report));
    assert.ok(validate(parsed), JSON.stringify(validate.errors));
    assert.equal(parsed.replicas.homogeneity.degreesOfFreedom, 2);
    assert.equal(parsed.trust.probe.differences[0].replica, "10.0.0.2:8000");
  },
});

Deno.test({
  name: "replicas: a run on one replica is reported as a run on one server always was",
  permissions: "none",
  fn: async () => {
    const plan: Plan = {
      baseline: "base",
      adapters: ["tuned"],
      outcomes: { base: times(30, "match"), tuned: [...times(20, "match"), ...times(10, "name")] },
      probe: [{ model: "tuned", itemId: 2, outcome: "different", detail: "the text differs" }],
    };
    const scorer = lookupScorer("xlam-tool-call");
    const before = buildReport(await reportInputFromResults(resultsFor(plan).bytes, { scorer }));
    const one = { hosts: ["127.0.0.1:8000"], of: () => 0 };
    const after = buildReport(
      await reportInputFromResults(resultsFor({ ...plan, replicas: one }).bytes, { scorer }),
    );
    assert.equal(renderText(after), renderText(before));
    assert.equal(renderMarkdown(after), renderMarkdown(before));
    assert.equal(renderHtml(after), renderHtml(before));
    assert.deepEqual(after.replicas.replicas.map((r) => r.host), ["127.0.0.1:8000"]);
    assert.equal(after.replicas.homogeneity, null);
    assert.equal(before.replicas.unnamed, 60);
  },
});

Deno.test({
  name:
    "replicas: a test on expected counts below 5 says its approximation is unreliable in every format; on large counts it does not",
  permissions: { read: true },
  fn: async (t) => {
    const scorer = lookupScorer("xlam-tool-call");
    const CAVEAT = "an expected count is below 5, so the chi-square approximation is unreliable";
    // 9 of the baseline's items on one replica, 3 on the other (items 9 to 11).
    const small = async (onSecond: readonly Planned[]) => {
      const plan: Plan = {
        baseline: "base",
        adapters: ["tuned"],
        outcomes: { base: [...times(9, "match"), ...onSecond], tuned: times(12, "match") },
        replicas: { hosts: ["10.0.0.1:8000", "10.0.0.2:8000"], of: (_, i) => i < 9 ? 0 : 1 },
      };
      return buildReport(await reportInputFromResults(resultsFor(plan).bytes, { scorer }));
    };
    // Each format, its text wrapped at 100 columns or not: spaces and line breaks as one space.
    const formats = (report: Report) => ({
      text: renderText(report).replace(/\s+/g, " "),
      markdown: renderMarkdown(report).replace(/\s+/g, " "),
      html: renderHtml(report).replace(/\s+/g, " "),
    });
    const occurrences = (text: string, part: string) => text.split(part).length - 1;

    await t.step(
      "flagged on 3 items: the warning, the section and the trust row say so",
      async () => {
        // 9 of 9 against 0 of 3: X² = 12, p = 0.0005; the smallest expected count is 3·3/12 = 0.75.
        const report = await small(times(3, "no-call"));
        const h = report.replicas.homogeneity!;
        assert.equal(h.minimumExpected, 0.75);
        assert.equal(h.flagged, true);
        const { text, markdown, html } = formats(report);
        const warning = "the baseline's accuracy differs across replicas (X² 12.00, df 1, " +
          `p < 0.001; ${CAVEAT}); see Replicas and Trust`;
        const section =
          `caveat: ${CAVEAT} (a replica with few scored items, or an accuracy near 0 or 100%): its p-value is rough`;
        const trust = `ACROSS THEM (X² 12.00, df 1, p < 0.001; ${CAVEAT})`;
        assert.ok(text.includes(`WARNING: ${warning}`), text);
        assert.ok(text.includes(`set ${section}`), text);
        assert.ok(
          text.includes(`replicas 2 replicas; THE BASELINE'S ACCURACY DIFFERS ${trust}`),
          text,
        );
        // Markdown escapes "<".
        const md = (x: string) => x.replaceAll("<", "\\<");
        assert.ok(markdown.includes(`> **Warning:** ${md(warning)}`), markdown);
        assert.ok(markdown.includes(`- ${section}`), markdown);
        assert.ok(markdown.includes(`${md(trust.slice("ACROSS THEM ".length))} |`), markdown);
        assert.ok(html.includes(`<li>${section}`), html);
        for (const [name, rendered] of Object.entries({ text, markdown, html })) {
          assert.equal(occurrences(rendered, CAVEAT), 3, name);
        }
      },
    );

    await t.step("alike on 3 items: the section and the trust row still say so", async () => {
      // 9 of 9 against 2 of 3: X² = 3.27, p = 0.07; the smallest expected count is 3·1/12.
      const report = await small([...times(2, "match"), "no-call"]);
      const h = report.replicas.homogeneity!;
      assert.equal(h.flagged, false);
      assert.equal(h.minimumExpected, 0.25);
      const { text, markdown, html } = formats(report);
      assert.ok(!text.includes("WARNING"), text);
      assert.ok(text.includes(`: alike caveat: ${CAVEAT}`), text);
      assert.match(
        text,
        /the baseline's accuracy alike across them \(X² 3\.27, df 1, p = 0\.07[0-9]*; an expected/,
      );
      for (const [name, rendered] of Object.entries({ text, markdown, html })) {
        assert.equal(occurrences(rendered, CAVEAT), 2, name);
      }
    });

    await t.step("large counts: no caveat", async () => {
      const report = buildReport(await reportInputFromResults(replicaGoldenResults(), { scorer }));
      const h = report.replicas.homogeneity!;
      assert.ok(h.minimumExpected >= 5, String(h.minimumExpected));
      assert.equal(h.flagged, true);
      for (const [name, rendered] of Object.entries(formats(report))) {
        assert.ok(!rendered.includes("approximation is unreliable"), name);
        assert.ok(!rendered.includes("caveat"), name);
      }
    });
  },
});
