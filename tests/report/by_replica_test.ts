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
import { holmAdjust } from "../../src/report/stats/holm.ts";
import { homogeneityTest } from "../../src/report/stats/homogeneity.ts";
import { renderHtml } from "../../src/report/render/html.ts";
import { renderJson } from "../../src/report/render/json.ts";
import { renderMarkdown } from "../../src/report/render/markdown.ts";
import { renderText } from "../../src/report/render/text.ts";
import type { Report } from "../../src/report/report.ts";
import type { Observation } from "../../src/report/report_input.ts";
import { lookupScorer } from "../../src/score/registry.ts";
import { Prng } from "../reference/_prng.ts";
import { homeReplica } from "../../src/run/replicas.ts";
import { syntheticItems } from "../run/_fixtures.ts";
import { reference, skipReason } from "./_python.ts";
import { REPLICA_HOSTS, replicaGoldenResults } from "./_replica_results.ts";
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
            ...(error || (round === 7 && name === "t2" && i === 5)
              ? {}
              : { replyHash: rng.next() % 3 }),
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
          // An adapter's replies identical to the baseline's scored reply of the same item.
          const baseReply = (i: number) => byModel.get("base")!.find((b) => b.itemIndex === i);
          const paired = scored.filter((x) => baseReply(x.o.itemIndex)?.verdict != null);
          const same = paired.filter((x) => x.o.replyHash === baseReply(x.o.itemIndex)!.replyHash);
          const unknown = paired.some((x) =>
            x.o.replyHash === undefined || baseReply(x.o.itemIndex)!.replyHash === undefined
          );
          assert.deepEqual(row.models[m], {
            name,
            scored: scored.length,
            correct,
            accuracy: scored.length === 0 ? null : correct / scored.length,
            identical: m === 0 || unknown ? null : {
              paired: paired.length,
              items: same.length,
              share: paired.length === 0 ? null : same.length / paired.length,
              suspect: paired.length >= 50 && same.length / paired.length >= 0.99,
            },
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
      // Every model scored on two replicas or more is tested, Holm across them.
      const tested = names.flatMap((model, m) => {
        const rows = report.replicas.filter((r) => r.models[m]!.scored > 0);
        if (rows.length < 2) return [];
        const groups = rows.map((r) => ({
          successes: r.models[m]!.correct,
          trials: r.models[m]!.scored,
        }));
        // The furthest: the largest (x − n·p̂)²/(n·p̂(1 − p̂)), the first of ties.
        const p = groups.reduce((a, g) => a + g.successes, 0) /
          groups.reduce((a, g) => a + g.trials, 0);
        const residuals = groups.map((g) => (g.successes - g.trials * p) ** 2 / g.trials);
        const top = residuals.reduce((best, r, i) => r > residuals[best]! + 1e-9 ? i : best, 0);
        return [{ model, test: homogeneityTest(groups), furthest: rows[top]!.host }];
      });
      const adjusted = holmAdjust(tested.map((t) => t.test.pValue));
      const expected = tested.map((t, i) => ({
        model: t.model,
        ...t.test,
        adjustedPValue: adjusted[i]!,
        flagged: adjusted[i]! < 0.05,
        furthest: t.furthest,
      }));
      assert.deepEqual(report.homogeneityByModel, expected);
      assert.deepEqual(report.homogeneity, expected.find((h) => h.model === "base") ?? null);
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
      /^ {2}replicas {6}3 replicas; BASE'S ACCURACY DIFFERS/m,
    );
    assert.match(renderText(report), /^WARNING: base's accuracy differs across replicas/m);
    assert.match(
      renderMarkdown(report),
      /^\| replicas \| 3 replicas; \*\*base's accuracy differs/m,
    );
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
        const warning = "base's accuracy differs across replicas (X² 12.00, df 1, " +
          `p < 0.001, adjusted p = 0.0011; ${CAVEAT}; furthest from the others: 10.0.0.2:8000); ` +
          "see Replicas and Trust";
        const section =
          `caveat: ${CAVEAT} for base (a replica with few scored items, or an accuracy near 0 or 100%): its p-value is rough`;
        const trust = `ACROSS THEM (X² 12.00, df 1, p < 0.001, adjusted p = 0.0011; ${CAVEAT})`;
        assert.ok(text.includes(`WARNING: ${warning}`), text);
        assert.ok(text.includes(`alike ${section}`), text);
        assert.ok(
          text.includes(`replicas 2 replicas; BASE'S ACCURACY DIFFERS ${trust}`),
          text,
        );
        // Markdown escapes "<".
        const md = (x: string) => x.replaceAll("<", "\\<");
        assert.ok(markdown.includes(`> **Warning:** ${md(warning)}`), markdown);
        assert.ok(markdown.includes(`- ${section}`), markdown);
        assert.ok(
          markdown.includes(
            `**base's accuracy differs across them** ${md(trust.slice("ACROSS THEM ".length))};`,
          ),
          markdown,
        );
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
      assert.ok(text.includes(`: alike caveat: ${CAVEAT} for base (`), text);
      assert.match(
        text,
        /base's accuracy alike across them \(X² 3\.27, df 1, p = 0\.07[0-9]*, adjusted p = 0\.14; an expected/,
      );
      // tuned is right on every item: its test has nothing to approximate, and no caveat.
      assert.match(
        text,
        /tuned's accuracy alike across them \(X² 0\.00, df 1, p = 1, adjusted p = 1\)/,
      );
      for (const [name, rendered] of Object.entries({ text, markdown, html })) {
        assert.equal(occurrences(rendered, CAVEAT), 2, name);
      }
    });

    await t.step("large counts: no caveat", async () => {
      const { plan } = misconfiguredReplica();
      const report = buildReport(await reportInputFromResults(resultsFor(plan).bytes, { scorer }));
      for (const h of report.replicas.homogeneityByModel) {
        assert.ok(h.minimumExpected >= 5, `${h.model}: ${h.minimumExpected}`);
      }
      assert.equal(report.replicas.homogeneityByModel[1]!.flagged, true);
      for (const [name, rendered] of Object.entries(formats(report))) {
        assert.ok(!rendered.includes("approximation is unreliable"), name);
        assert.ok(!rendered.includes("caveat"), name);
      }
    });
  },
});

/**
 * Issue 23, defect 5: three replicas, the third answering both adapters' names with the base's
 * replies (as a vLLM that did not apply them does). The baseline is alike on every replica; each
 * adapter is right on every item of the first two and as right as the base on the third.
 */
function misconfiguredReplica() {
  const refs = REPLICA_HOSTS.map((host, index) => ({ index, host }));
  const items = syntheticItems(240);
  const home = (i: number) => homeReplica(items[i]!.id, refs).index;
  const base: Planned[] = items.map((_, i) => i % 5 < 3 ? "match" : i % 5 < 4 ? "no-call" : "name");
  const adapter: Planned[] = items.map((_, i) => home(i) === 2 ? base[i]! : "match");
  const plan: Plan = {
    baseline: "base",
    adapters: ["tuned-a", "tuned-b"],
    items,
    outcomes: { base, "tuned-a": adapter, "tuned-b": adapter },
    replicas: { hosts: REPLICA_HOSTS, of: (_, index) => home(index) },
  };
  return { plan, home, bad: REPLICA_HOSTS[2]! };
}

const chi2Skip = await skipReason("the replicas' tests against scipy");

Deno.test({
  name:
    "replicas: a replica serving the base under the adapters' names is flagged per model (Holm) and by its identical replies, and named",
  permissions: { read: true, run: true, env: true },
  fn: async (t) => {
    const { plan, home, bad } = misconfiguredReplica();
    const scorer = lookupScorer("xlam-tool-call");
    const report = buildReport(await reportInputFromResults(resultsFor(plan).bytes, { scorer }));
    const r = report.replicas;
    const onBad = plan.items!.filter((_, i) => home(i) === 2).length;
    assert.ok(onBad >= 50, `${onBad} items on the bad replica`);

    await t.step("every model is tested, the adapters flagged after Holm, the baseline not", () => {
      assert.deepEqual(r.homogeneityByModel.map((h) => h.model), ["base", "tuned-a", "tuned-b"]);
      const [b, a, c] = r.homogeneityByModel;
      assert.equal(b!.flagged, false, JSON.stringify(b));
      assert.equal(r.homogeneity, b);
      for (const h of [a!, c!]) {
        assert.equal(h.flagged, true, JSON.stringify(h));
        assert.equal(h.furthest, bad);
      }
    });

    await t.step(
      "the bad replica's adapter replies are the base's: suspect, and only there",
      () => {
        for (const row of r.replicas) {
          for (const m of row.models.slice(1)) {
            assert.equal(m.identical!.suspect, row.host === bad, `${m.name} on ${row.host}`);
          }
        }
        const there = r.replicas.find((x) => x.host === bad)!.models[1]!.identical!;
        assert.deepEqual(there, { paired: onBad, items: onBad, share: 1, suspect: true });
      },
    );

    await t.step("the warning, the section and the trust row name the replica", () => {
      const text = renderText(report).replace(/\s+/g, " ");
      const suspect = `tuned-a's replies on ${bad} are identical to base's on 100.0% of its ` +
        `${onBad} paired items: that replica may serve base under tuned-a's name`;
      assert.match(text, /WARNING: tuned-a's accuracy differs across replicas \(X² /);
      assert.ok(text.includes(`furthest from the others: ${bad})`), text);
      assert.ok(text.includes(`WARNING: `) && text.includes(suspect), text);
      assert.ok(text.includes(`IDENTICAL REPLIES: ${suspect}`), text);
      assert.ok(text.includes("TUNED-A'S ACCURACY DIFFERS ACROSS THEM"), text);
      assert.ok(text.includes("base's accuracy alike across them"), text);
      const markdown = renderMarkdown(report);
      assert.match(markdown, /^> \*\*Warning:\*\* tuned-a's accuracy differs across replicas/m);
      assert.match(
        renderHtml(report),
        /<p class="warn" id="replicas-differ">.*tuned-a&#39;s replies on 10\.0\.0\.3:8000/s,
      );
    });

    await t.step("the JSON follows its schema", async () => {
      const schema = JSON.parse(await Deno.readTextFile("schema/report.schema.json"));
      // deno-lint-ignore no-explicit-any
      const validate = new (Ajv2020 as any)({ strict: true, allErrors: true }).compile(schema);
      const parsed = JSON.parse(renderJson(report));
      assert.ok(validate(parsed), JSON.stringify(validate.errors));
      assert.equal(parsed.replicas.homogeneityByModel.length, 3);
    });

    await t.step({
      name: "each test is scipy's chi2_contingency, and the adjustment Holm's, computed apart",
      ignore: chi2Skip !== null,
      fn: async () => {
        const groups = ["base", "tuned-a", "tuned-b"].map((_, m) =>
          r.replicas.map((row) => [row.models[m]!.correct, row.models[m]!.scored])
        );
        const expected = (await reference("chi2", groups.map((g) => ({ groups: g })))) as {
          statistic: number;
          df: number;
          p: number;
        }[];
        // Holm by its definition: sorted ascending, the j-th times (m − j + 1), a running max.
        const order = expected.map((_, i) => i).sort((i, j) => expected[i]!.p - expected[j]!.p);
        const holm: number[] = [];
        let running = 0;
        order.forEach((i, j) => {
          running = Math.max(running, Math.min(1, (expected.length - j) * expected[i]!.p));
          holm[i] = running;
        });
        r.homogeneityByModel.forEach((h, i) => {
          const e = expected[i]!;
          assert.ok(Math.abs(h.statistic - e.statistic) <= 1e-9 * Math.max(1, e.statistic));
          assert.equal(h.degreesOfFreedom, e.df);
          assert.ok(Math.abs(h.pValue - e.p) <= 1e-9 * Math.max(e.p, 1e-300), `${h.pValue} ${e.p}`);
          assert.ok(
            Math.abs(h.adjustedPValue - holm[i]!) <= 1e-9 * Math.max(holm[i]!, 1e-300),
            `${h.model}: ${h.adjustedPValue} against ${holm[i]}`,
          );
          assert.equal(h.flagged, holm[i]! < 0.05);
        });
      },
    });
  },
});
