/**
 * A checkpoint sweep end to end: `assess split` and `assess run` against the vLLM emulator with
 * three checkpoints of rising accuracy and `split.confirm`, then `assess report` in every format
 * and with `-gate`: the curve is drawn on the selection items, the last checkpoint is chosen there
 * and confirmed on the other items alone.
 */

import type { ItemId } from "../../src/dataset/item_id.ts";
import assert from "node:assert/strict";
import { assess } from "./_in_process.ts";
import { readAll } from "../results/_read_all.ts";
import { apartRows, categoryRows, setupRun } from "../run/_fixtures.ts";
import { startEmulator } from "../support/vllm_emulator.ts";
import Ajv2020 from "ajv/dist/2020.js";

async function reportSchemaCheck(): Promise<(value: unknown) => void> {
  const schema = JSON.parse(await Deno.readTextFile("schema/report.schema.json"));
  // deno-lint-ignore no-explicit-any
  const validate = new (Ajv2020 as any)({ strict: true, allErrors: true }).compile(schema);
  return (value) => assert.ok(validate(value), JSON.stringify(validate.errors));
}

function assertClose(got: number, expected: number): void {
  assert.ok(Math.abs(got - expected) < 1e-12, `${got} is not ${expected}`);
}

const CHECKPOINTS = [
  { name: "ckpt-500", step: 500, script: "errors:0.6" },
  { name: "ckpt-1000", step: 1000, script: "errors:0.3" },
  { name: "ckpt-1500", step: 1500, script: "errors:0" },
];

async function sweepRun(confirm: number | undefined) {
  const n = 160;
  const rows = apartRows(categoryRows(n)); // every item its own cluster
  const emu = await startEmulator({
    rows,
    adapters: CHECKPOINTS.map((c) => c.name),
    scripts: {
      base: "errors:0.7",
      ...Object.fromEntries(CHECKPOINTS.map((c) => [c.name, c.script])),
    },
  });
  try {
    const s = await setupRun(n, {
      url: emu.url,
      rows,
      size: 120,
      // Written out of step order: the curve is drawn in step order.
      adapters: [CHECKPOINTS[2]!, CHECKPOINTS[0]!, CHECKPOINTS[1]!].map((c) => ({
        name: c.name,
        step: c.step,
      })),
      ...(confirm === undefined ? {} : { confirm }),
      concurrency: 4,
    });
    const ran = await assess(["run", "-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 0, ran.stderr);
    return s;
  } finally {
    await emu.close();
  }
}

Deno.test("a sweep with split.confirm: the curve on the selection items, the last chosen, confirmed on the rest", async () => {
  const s = await sweepRun(0.5);
  const file = await readAll(await Deno.readFile(s.out));
  const confirmIds = file.header.split.confirm!.items;
  // Half of each category's 30 held-out items, rounded half up: 15 or 16 each.
  const confirmed = confirmIds.length;
  assert.ok(confirmed >= 60 && confirmed <= 64, String(confirmed));
  assert.deepEqual(file.header.models.steps, [1500, 500, 1000]);

  // The split file holds the same confirmation items, and the same digest.
  const splitOut = `${s.dir}/split.json`;
  const split = await assess(["split", "-config", s.config, "-out", splitOut]);
  assert.equal(split.code, 0, split.stderr);
  const splitFile = JSON.parse(await Deno.readTextFile(splitOut));
  assert.deepEqual(splitFile.confirm, { share: 0.5, items: confirmIds });
  assert.equal(splitFile.digest, file.header.split.digest);

  const report = await assess(["report", "-in", s.out, "-format", "json"]);
  assert.equal(report.code, 0, report.stderr);
  const json = JSON.parse(report.stdout);
  (await reportSchemaCheck())(json);
  const sweep = json.sweep;
  assert.deepEqual(sweep.points.map((p: { step: number }) => p.step), [500, 1000, 1500]);
  assert.equal(sweep.selectItems, 120 - confirmed);
  assert.equal(sweep.confirmItems, confirmed);
  assert.equal(sweep.chosen, "ckpt-1500");

  // Each point, counted again from the results file on the selection items.
  const confirmSet = new Set(confirmIds);
  const verdicts = (model: string, onConfirm: boolean) =>
    new Map(
      file.records.flatMap((r) =>
        r.kind === "result" && r.model === model && r.verdict !== null &&
          confirmSet.has(r.itemId) === onConfirm
          ? [[r.itemId, r.verdict.correct] as const]
          : []
      ),
    );
  const accuracy = (m: Map<ItemId, boolean>) => [...m.values()].filter((x) => x).length / m.size;
  const base = verdicts("base", false);
  let last = -Infinity;
  for (const p of sweep.points) {
    const own = verdicts(p.adapter, false);
    assert.equal(own.size, 120 - confirmed);
    assert.equal(p.accuracy, accuracy(own));
    assertClose(p.difference, accuracy(own) - accuracy(base));
    assert.ok(p.interval.lower <= p.difference && p.difference <= p.interval.upper);
    assert.ok(p.difference > last, "rising accuracy");
    last = p.difference;
  }
  assert.equal(sweep.baseline.accuracy, accuracy(base));

  // The confirmation: the chosen checkpoint on the other items alone.
  const confirmation = sweep.confirmation;
  assert.equal(confirmation.adapter, "ckpt-1500");
  assert.equal(confirmation.items, confirmed);
  assertClose(
    confirmation.difference,
    accuracy(verdicts("ckpt-1500", true)) - accuracy(verdicts("base", true)),
  );
  assert.equal(confirmation.outcome, "better");
  assert.equal(confirmation.interval.level, 0.05, "one comparison: no multiplicity adjustment");
  assert.deepEqual(sweep.optimism, {
    selection: sweep.points[2].difference,
    confirmation: confirmation.difference,
  });
  assert.match(sweep.how, /^ckpt-1500 \(step 1500\) is the checkpoint with the largest/);
  assert.equal(sweep.warning, null);

  const gate = await assess(["report", "-in", s.out, "-gate"]);
  assert.equal(gate.code, 0, gate.stderr);
  assert.match(gate.stderr, /^assess report -gate: pass: ckpt-1500 \(confirmation\) better$/m);

  for (const format of ["text", "markdown", "html"]) {
    const out = await assess(["report", "-in", s.out, "-format", format]);
    assert.equal(out.code, 0, out.stderr);
    const flat = out.stdout.replace(/\s+/g, " ");
    assert.match(flat, /ckpt-1500 \(step 1500\) is the checkpoint with the largest/, format);
    assert.match(out.stdout, /ckpt-500/);
  }
  const html = (await assess(["report", "-in", s.out, "-format", "html"])).stdout;
  assert.match(html, /<svg[^>]*aria-label="learning curve/);
  const text = (await assess(["report", "-in", s.out])).stdout;
  assert.ok(text.split("\n").every((l) => l.length <= 100));
});

Deno.test("a sweep without split.confirm: drawn, Holm-adjusted as today, with a warning", async () => {
  const s = await sweepRun(undefined);
  const file = await readAll(await Deno.readFile(s.out));
  assert.equal(file.header.split.confirm, undefined);
  const json = JSON.parse((await assess(["report", "-in", s.out, "-format", "json"])).stdout);
  (await reportSchemaCheck())(json);
  assert.equal(json.sweep.chosen, "ckpt-1500");
  assert.equal(json.sweep.confirmation, null);
  assert.equal(json.sweep.selectItems, 120);
  assert.match(json.sweep.warning, /overstates it/);
  assert.equal(json.comparisons.length, 3);
  const text = (await assess(["report", "-in", s.out])).stdout;
  assert.match(text, /overstates it/);
});

Deno.test("a sweep with split.confirm whose best checkpoint is refused on every request: run 69, report -gate 3, not a pass", async () => {
  // Issue 36: checkpoints right on 30%, 60% and 90% of items, every request to the last refused
  // with HTTP 400; the confirmation of the checkpoint chosen without it passed the gate.
  const n = 160;
  const rows = apartRows(categoryRows(n)); // every item its own cluster
  const names = ["ckpt-100", "ckpt-200", "ckpt-300"];
  const emu = await startEmulator({
    rows,
    adapters: names,
    scripts: {
      base: "errors:0.8",
      "ckpt-100": "errors:0.7",
      "ckpt-200": "errors:0.4",
      "ckpt-300": "errors:0.1",
    },
    faults: [{
      kind: "custom",
      status: 400,
      headers: { "content-type": "application/json" },
      body:
        '{"object":"error","message":"refused","type":"BadRequestError","param":null,"code":400}',
      models: ["ckpt-300"],
    }],
  });
  try {
    for (const confirm of [0.5, undefined]) {
      const s = await setupRun(n, {
        url: emu.url,
        rows,
        size: 120,
        adapters: names.map((name, i) => ({ name, step: 100 * (i + 1) })),
        ...(confirm === undefined ? {} : { confirm }),
        concurrency: 4,
      });
      const ran = await assess(["run", "-config", s.config, "-out", s.out, "-retries", "0"]);
      assert.equal(ran.code, 69, ran.stderr);
      assert.match(ran.stdout, /360 of 480 answers recorded \(120 errors, 0 not asked\)/);
      const gate = await assess(["report", "-in", s.out, "-gate", "-format", "json"]);
      assert.equal(gate.code, 3, gate.stderr);
      const json = JSON.parse(gate.stdout);
      (await reportSchemaCheck())(json);
      const sweep = json.sweep;
      assert.equal(sweep.chosen, "ckpt-200");
      if (confirm !== undefined) {
        // The confirmation alone passes: the errors are what leaves it undecided.
        assert.equal(sweep.confirmation.outcome, "better");
        assert.match(
          gate.stderr,
          /^assess report -gate: undecided: errored selection items could change the checkpoint chosen: ckpt-300 \(step 300\) reaches \+[0-9.]+ points from base with its \d+ errored items counted in its favour, against ckpt-200's \+[0-9.]+ points \(none errored\)$/m,
        );
        assert.deepEqual(sweep.choiceErrors.rivals.map((r: { adapter: string }) => r.adapter), [
          "ckpt-300",
        ]);
      } else {
        assert.match(gate.stderr, /the 120 errored items of ckpt-300 could change its outcome/);
      }
      await Deno.remove(s.dir, { recursive: true });
    }
  } finally {
    await emu.close();
  }
});

Deno.test("assess split refuses a split.confirm that keeps no item on one side: exit 64, one line", async () => {
  const s = await setupRun(40, {
    url: "http://127.0.0.1:9/v1",
    rows: categoryRows(40),
    size: 8,
    adapters: [{ name: "ckpt-1", step: 1 }],
    confirm: 0.01,
  });
  const ran = await assess(["split", "-config", s.config, "-out", `${s.dir}/split.json`]);
  assert.equal(ran.code, 64);
  assert.equal(
    ran.stderr,
    "assess split: split.confirm 0.01 of 8 held-out items keeps 0 to confirm and 8 to choose " +
      "on: each side needs at least one; give a share nearer 0.5 or a larger split.size\n",
  );
});
