/**
 * `assess report -gate` through the command line: exit 0, 1, 2 and 3 in the four situations the
 * gate decides, the report unchanged on stdout, the gate's lines on stderr; without `-gate` the
 * same files exit 0.
 */

import assert from "node:assert/strict";
import { assess } from "./_in_process.ts";
import { type Plan, resultsFor, times } from "../report/_results.ts";
import { spawnCli } from "./_spawn.ts";

async function fileOf(plan: Plan): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "assess_gate_" });
  const path = `${dir}/results.jsonl`;
  await Deno.writeFile(path, resultsFor(plan).bytes);
  return path;
}

const BASE = [...times(20, "match"), ...times(10, "no-call")] as const;

const CASES: readonly {
  name: string;
  plan: Plan;
  code: number;
  line: RegExp;
}[] = [
  {
    name: "better: exit 0",
    // 10 items fixed, none broken: p = 0.002.
    plan: {
      baseline: "base",
      adapters: ["tuned"],
      outcomes: { base: BASE, tuned: times(30, "match") },
    },
    code: 0,
    line: /^assess report -gate: pass: tuned better$/m,
  },
  {
    name: "worse: exit 1",
    plan: {
      baseline: "base",
      adapters: ["tuned"],
      outcomes: { base: times(30, "match"), tuned: BASE },
    },
    code: 1,
    line: /^assess report -gate: worse: tuned worse$/m,
  },
  {
    name: "inconclusive: exit 2, with the items that would decide it",
    // 3 fixed, none broken: p = 0.25, no conclusion on 30 items.
    plan: {
      baseline: "base",
      adapters: ["tuned"],
      outcomes: {
        base: [...times(19, "match"), "no-call", ...times(10, "no-call")],
        tuned: [...times(19, "match"), "no-call", ...times(3, "match"), ...times(7, "no-call")],
      },
    },
    code: 2,
    line:
      /^ {2}tuned: about \d+ paired items would decide it at the observed discordance \(10\.0% of items\), with 80% power; it has 30$/m,
  },
  {
    name: "an incomplete run: exit 3",
    plan: {
      baseline: "base",
      adapters: ["tuned"],
      outcomes: { base: BASE, tuned: [...times(29, "match"), "error:timeout"] },
    },
    code: 3,
    line: /^assess report -gate: undecided: the run is not complete$/m,
  },
];

Deno.test("assess report -gate exits with the decision; without -gate, 0", async (t) => {
  for (const c of CASES) {
    await t.step(c.name, async () => {
      const path = await fileOf(c.plan);
      const plain = await assess(["report", "-in", path]);
      assert.equal(plain.code, 0, plain.stderr);
      assert.equal(plain.stderr, "");
      const gated = await assess(["report", "-in", path, "-gate"]);
      assert.equal(gated.code, c.code, gated.stderr);
      assert.equal(gated.stdout, plain.stdout, "the report itself is the same");
      assert.match(gated.stderr, c.line);
    });
  }
});

Deno.test("assess report -gate -out: the report written, the decision in the exit code", async () => {
  const path = await fileOf(CASES[1]!.plan);
  const out = `${path}.json`;
  const ran = await assess(["report", "-in", path, "-format", "json", "-out", out, "-gate"]);
  assert.equal(ran.code, 1);
  assert.equal(JSON.parse(await Deno.readTextFile(out)).comparisons[0].outcome, "worse");
});

Deno.test("assess help report names -gate and its exit codes", async () => {
  const ran = await assess(["help", "report"]);
  assert.equal(ran.code, 0);
  assert.match(ran.stdout, /-gate/);
  assert.match(ran.stdout, /0 better or not worse, 1 worse, 2 inconclusive, 3 undecided/);
});

Deno.test("assess report -gate as its own process: the four exit codes, read permission only", async (t) => {
  for (const c of CASES) {
    await t.step(c.name, async () => {
      const path = await fileOf(c.plan);
      const dir = path.slice(0, path.lastIndexOf("/"));
      const ran = await spawnCli(dir, [`--allow-read=${path}`], ["report", "-in", path, "-gate"]);
      assert.equal(ran.code, c.code, ran.err);
      assert.match(ran.err, c.line);
    });
  }
});
