// The report with clustered items (issue 35): one item per cluster changes nothing but
// `clustersFrom`; clusters that moved together are decided by the clustered test, and every
// format says so.

import assert from "node:assert/strict";
import Ajv2020 from "ajv/dist/2020.js";
import { buildReport } from "../../src/report/build_report.ts";
import { renderText } from "../../src/report/render/text.ts";
import { renderJson } from "../../src/report/render/json.ts";
import { itemsToDecide } from "../../src/report/items_to_decide.ts";
import { clusteredDifference } from "../../src/report/stats/clustered_difference.ts";
import type { Observation } from "../../src/report/report_input.ts";
import { pairedInput } from "./_paired_input.ts";
import { block } from "./_paired_input.ts";

/** The same input with each observation's cluster set by `cluster(itemIndex)`. */
function withClusters(cluster: (index: number) => string) {
  const input = pairedInput([
    block(30, false, [true]),
    block(12, true, [false]),
    block(158, true, [true]),
  ]);
  const observations = new Map(
    [...input.observations].map(([name, list]) => [
      name,
      list.map((o): Observation => ({ ...o, cluster: cluster(o.itemIndex) })),
    ]),
  );
  return { plain: input, clustered: { ...input, observations } };
}

Deno.test("one item per cluster: the comparisons are the report's without clusters", () => {
  const { plain, clustered } = withClusters((i) => `tool-${i}`);
  const before = buildReport(plain);
  const after = buildReport(clustered);
  assert.equal(before.clustersFrom, null);
  assert.equal(after.clustersFrom, "results");
  assert.deepEqual(after.comparisons, before.comparisons);
  assert.deepEqual({ ...after, clustersFrom: null }, before);
  assert.match(renderText(before), /clusters +not recorded in this results file/);
  assert.doesNotMatch(renderText(after), /clusters/);
});

Deno.test("clusters that moved together: the clustered test decides, and the report says so", () => {
  // 30 fixed items in 3 clusters of 10, the broken ones and the rest in clusters of 10 too.
  const { plain, clustered } = withClusters((i) => `api-${Math.floor(i / 10)}`);
  const before = buildReport(plain).comparisons[0]!;
  const after = buildReport(clustered).comparisons[0]!;
  assert.equal(before.outcome, "better"); // 30 against 12 of 200 items taken alone
  assert.equal(after.clusters?.method, "clustered");
  assert.equal(after.clusters?.clusters, 20);
  assert.ok(after.clusters!.designEffect! > 5, `${after.clusters!.designEffect}`);
  assert.equal(after.difference, before.difference);
  assert.equal(after.outcome, "inconclusive"); // 20 clusters, 5 of them moved: too few to say
  assert.ok(after.interval!.lower < 0 && after.interval!.upper > before.interval!.upper);
  // The items that would decide it: the exact test's independent items times the design effect.
  const alone = itemsToDecide(after, 0);
  assert.ok(alone !== null && after.itemsToDecide !== null);
  assert.equal(after.itemsToDecide, Math.ceil(alone * after.clusters!.designEffect!));
  const text = renderText(buildReport(clustered));
  assert.match(text, /clusters: 20 holding 200 paired items; design\s+effect\s+\d+\.\d\d,/);
  assert.match(text, /the\s+clustered\s+test\s+decides/);
  const json = JSON.parse(renderJson(buildReport(clustered)));
  assert.equal(json.comparisons[0].clusters.method, "clustered");
});

Deno.test("clustered: the errors counted both ways are read by the clustered test, each errored item in its cluster", () => {
  // 20 clusters of 10: clusters 0–2 fixed by the adapter; cluster 3 broken; in cluster 19 the
  // adapter times out on 5 items the baseline gets right.
  const input = pairedInput([
    block(30, false, [true]),
    block(10, true, [false]),
    block(155, true, [true]),
    block(5, true, ["error"]),
  ]);
  const observations = new Map(
    [...input.observations].map(([name, list]) => [
      name,
      list.map((o): Observation => ({ ...o, cluster: `api-${Math.floor(o.itemIndex / 10)}` })),
    ]),
  );
  const c = buildReport({ ...input, observations }).comparisons[0]!;
  assert.equal(c.clusters?.method, "clustered");
  const s = c.errorSensitivity!;
  assert.equal(s.errors, 5);
  const clusters = (last: { onlyFirst: number; onlySecond: number }) =>
    Array.from(
      { length: 20 },
      (_, j) =>
        j < 3
          ? { items: 10, onlyFirst: 10, onlySecond: 0 }
          : j === 3
          ? { items: 10, onlyFirst: 0, onlySecond: 10 }
          : j === 19
          ? { items: 10, ...last }
          : { items: 10, onlyFirst: 0, onlySecond: 0 },
    );
  const level = c.interval!.level;
  const against = clusteredDifference(clusters({ onlyFirst: 0, onlySecond: 5 }), { level });
  const favour = clusteredDifference(clusters({ onlyFirst: 0, onlySecond: 0 }), { level });
  assert.deepEqual(s.against.interval, { lower: against.lower, upper: against.upper });
  assert.equal(s.against.pValue, against.pValue);
  assert.equal(s.against.difference, against.difference);
  assert.deepEqual(s.favour.interval, { lower: favour.lower, upper: favour.upper });
  assert.equal(s.favour.difference, 20 / 200);
});

Deno.test({
  name:
    "clustered: the JSON with clusters (overall and by category) is valid against schema/report.schema.json",
  permissions: { read: true },
  fn: async () => {
    const schema = JSON.parse(await Deno.readTextFile("schema/report.schema.json"));
    // deno-lint-ignore no-explicit-any
    const ajv = new (Ajv2020 as any)({ strict: true, allErrors: true });
    const validate = ajv.compile(schema);
    const input = pairedInput([
      block(30, false, [true], { category: "single" }),
      block(12, true, [false], { category: "no-call" }),
      block(158, true, [true], { category: "single" }),
    ]);
    const observations = new Map(
      [...input.observations].map(([name, list]) => [
        name,
        list.map((o): Observation => ({ ...o, cluster: `api-${Math.floor(o.itemIndex / 10)}` })),
      ]),
    );
    const report = buildReport({ ...input, observations });
    const c = report.comparisons[0]!;
    assert.equal(c.clusters?.method, "clustered");
    assert.equal(c.categories!.find((x) => x.name === "single")!.clusters?.method, "clustered");
    const parsed = JSON.parse(renderJson(report));
    assert.ok(validate(parsed), JSON.stringify(validate.errors));
    const unknown = buildReport(input);
    assert.ok(validate(JSON.parse(renderJson(unknown))), JSON.stringify(validate.errors));
  },
});

Deno.test("one cluster holding every item (the same tools everywhere): the exact test decides, as without clusters", () => {
  const { plain, clustered } = withClusters(() => '["lookup_order","refund_order"]');
  const before = buildReport(plain).comparisons[0]!;
  const after = buildReport(clustered).comparisons[0]!;
  assert.deepEqual(after.clusters, {
    clusters: 1,
    designEffect: null,
    effectiveItems: null,
    method: "exact",
  });
  const { clusters: _, ...rest } = after;
  assert.deepEqual(rest, before);
  assert.match(renderText(buildReport(clustered)), /one cluster holds every\s+item/);
});
