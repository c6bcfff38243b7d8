/**
 * `assess report -gate` through the command line: exit 0, 1, 2 and 3 in the four situations the
 * gate decides, the report unchanged on stdout, the gate's lines on stderr; without `-gate` the
 * same files exit 0. As its own process: tests/e2e/report_test.ts.
 */

import assert from "node:assert/strict";
import { times } from "../report/_results.ts";
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
