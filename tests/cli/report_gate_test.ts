/**
 * `assess report -gate` through the command line: exit 0, 1, 2 and 3 in the four situations the
 * gate decides, the report unchanged on stdout, the gate's lines on stderr; without `-gate` the
 * same files exit 0. As its own process: tests/e2e/report_test.ts.
 */

import assert from "node:assert/strict";
import { headerFor, times } from "../report/_results.ts";
import { assess, fixtureFile, GATE_CASES } from "./_report_fixtures.ts";

Deno.test("assess report -gate exits with the decision; without -gate, 0", async (t) => {
  for (const c of GATE_CASES) {
    await t.step(c.name, async () => {
      const { dir, path } = await fixtureFile(c.plan);
      const plain = await assess(["report", "-in", path]);
      assert.equal(plain.code, 0, plain.stderr);
      assert.equal(plain.stderr, "");
      const gated = await assess(["report", "-in", path, "-gate"]);
      assert.equal(gated.code, c.code, gated.stderr);
      assert.equal(gated.stdout, plain.stdout, "the report itself is the same");
      assert.match(gated.stderr, c.line);
      await Deno.remove(dir, { recursive: true });
    });
  }
});

Deno.test("assess report -gate -out: the report written, the decision in the exit code", async () => {
  const { dir, path } = await fixtureFile(GATE_CASES[1]!.plan);
  const out = `${path}.json`;
  const ran = await assess(["report", "-in", path, "-format", "json", "-out", out, "-gate"]);
  assert.equal(ran.code, 1);
  assert.equal(JSON.parse(await Deno.readTextFile(out)).comparisons[0].outcome, "worse");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("assess report -gate on a sweep without split.confirm: every checkpoint read, an early one worse: exit 1", async () => {
  // step-100 breaks 10 of the baseline's 20 right items; step-200, chosen, fixes its 10 wrong ones.
  const { dir, path } = await fixtureFile({
    baseline: "base",
    adapters: ["step-100", "step-200"],
    outcomes: {
      base: [...times(20, "match"), ...times(10, "no-call")],
      "step-100": [...times(10, "match"), ...times(20, "no-call")],
      "step-200": times(30, "match"),
    },
    header: { models: { baseline: "base", adapters: ["step-100", "step-200"], steps: [100, 200] } },
  });
  const ran = await assess(["report", "-in", path, "-gate"]);
  assert.match(ran.stdout, /step-200 \(step 200\) is the checkpoint with the largest paired/);
  assert.match(ran.stdout, /the best of 2 checkpoints is chosen on the same 30 items/);
  assert.equal(ran.code, 1, ran.stderr);
  assert.equal(ran.stderr, "assess report -gate: worse: step-100 worse, step-200 better\n");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("assess help report names -gate and its exit codes", async () => {
  const ran = await assess(["help", "report"]);
  assert.equal(ran.code, 0);
  assert.match(ran.stdout, /-gate/);
  assert.match(ran.stdout, /0 better or not worse, 1 worse, 2 inconclusive, 3 undecided/);
});

/**
 * A sweep of three checkpoints on 40 items, the odd ones kept to confirm on: base right on 20% of
 * them (i % 10 < 2), step-100 on 30%, step-200 on 60%, and every request to step-300 an error.
 */
function erroredSweep(confirm: boolean) {
  const right = (share: number) =>
    Array.from(
      { length: 40 },
      (_, i) => i % 10 < share * 10 ? "match" as const : "no-call" as const,
    );
  const steps = ["step-100", "step-200", "step-300"];
  return fixtureFile({
    baseline: "base",
    adapters: steps,
    outcomes: {
      base: right(0.2),
      "step-100": right(0.3),
      "step-200": right(0.6),
      "step-300": times(40, "error:http"),
    },
    header: {
      models: { baseline: "base", adapters: steps, steps: [100, 200, 300] },
      ...(confirm
        ? {
          split: {
            ...headerFor("base", steps, 40).split,
            confirm: { share: 0.5, items: Array.from({ length: 20 }, (_, k) => 2 * k + 1) },
          },
        }
        : {}),
    },
  });
}

Deno.test("assess report -gate on a sweep with split.confirm whose best checkpoint errored on every item: undecided, exit 3", async () => {
  const { dir, path } = await erroredSweep(true);
  const ran = await assess(["report", "-in", path, "-gate"]);
  // The confirmation alone (step-200 on the odd items: 60% against 20%) is better; but step-300,
  // counted right on its 20 errored selection items, would be +80 points and chosen instead.
  assert.equal(ran.code, 3, ran.stderr);
  const why = "errored selection items could change the checkpoint chosen: step-300 (step 300) " +
    "reaches +80.0 points from base with its 20 errored items counted in its favour, against " +
    "step-200's +40.0 points (none errored)";
  assert.equal(ran.stderr, `assess report -gate: undecided: ${why}\n`);
  // The report says so where the sweep is shown.
  assert.ok(
    ran.stdout.replace(/\s+/g, " ").includes(
      `WARNING: ${why}; assess report -gate calls the sweep undecided until they are answered.`,
    ),
    ran.stdout,
  );
  const json = JSON.parse((await assess(["report", "-in", path, "-format", "json"])).stdout);
  assert.equal(json.sweep.chosen, "step-200");
  assert.equal(json.sweep.confirmation.outcome, "better");
  assert.deepEqual(json.sweep.choiceErrors, {
    errors: 0,
    against: 0.4,
    rivals: [{ adapter: "step-300", step: 300, errors: 20, favour: 0.8 }],
  });
  // Without split.confirm every checkpoint is read, step-300's errors with it: undecided too.
  const { dir: other, path: unconfirmed } = await erroredSweep(false);
  const plain = await assess(["report", "-in", unconfirmed, "-gate"]);
  assert.equal(plain.code, 3, plain.stderr);
  assert.match(plain.stderr, /the 40 errored items of step-300 could change its outcome/);
  await Deno.remove(dir, { recursive: true });
  await Deno.remove(other, { recursive: true });
});

Deno.test("assess report -gate on a sweep whose errors cannot change the choice: the confirmation decides, exit 0", async () => {
  // step-100 errs on 2 selection items the baseline gets wrong: counted in its favour, it is at
  // +20.0 points on them, short of step-200's +40.0.
  const right = (share: number) =>
    Array.from(
      { length: 40 },
      (_, i) => i % 10 < share * 10 ? "match" as const : "no-call" as const,
    );
  const steps = ["step-100", "step-200"];
  const { dir, path } = await fixtureFile({
    baseline: "base",
    adapters: steps,
    outcomes: {
      base: right(0.2),
      "step-100": right(0.3).map((o, i) => i === 8 || i === 18 ? "error:timeout" : o),
      "step-200": right(0.6),
    },
    header: {
      models: { baseline: "base", adapters: steps, steps: [100, 200] },
      split: {
        ...headerFor("base", steps, 40).split,
        confirm: { share: 0.5, items: Array.from({ length: 20 }, (_, k) => 2 * k + 1) },
      },
    },
  });
  const ran = await assess(["report", "-in", path, "-gate", "-format", "json"]);
  assert.equal(ran.code, 0, ran.stderr);
  assert.equal(ran.stderr, "assess report -gate: pass: step-200 (confirmation) better\n");
  assert.equal(JSON.parse(ran.stdout).sweep.choiceErrors, null);
  await Deno.remove(dir, { recursive: true });
});
