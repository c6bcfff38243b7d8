/**
 * `assess report` over the shards of one run (`-in a -in b …`, or a pattern assess expands): the
 * same report, byte for byte in every format, as one process's on the same scripted replies (a
 * shard cut off mid-line and resumed too, but for the count of sessions); and
 * the refusals (another run, a shard given twice, shards missing, a whole run among shards, a
 * pattern matching nothing), each exit 64 naming the files or the shards.
 */

import assert from "node:assert/strict";
import { denoIo } from "../../src/cli/deno_io.ts";
import { runCli } from "../../src/cli/main.ts";
import type { Ran } from "./_in_process.ts";
import { answerFor, setupRun } from "../run/_fixtures.ts";
import { completion, startStub, type StubRequest } from "../run/_stub_server.ts";

/** `assess ARGS` in process, its clock fixed: latencies are 0 and every run starts at one time. */
async function assessAt(args: readonly string[]): Promise<Ran> {
  let stdout = "";
  let stderr = "";
  const { onStopSignal: _signals, ...real } = denoIo();
  const code = await runCli([...args], {
    ...real,
    now: () => Date.UTC(2026, 0, 1),
    stdout: { isTerminal: false, write: (t) => Promise.resolve(void (stdout += t)) },
    stderr: { isTerminal: false, write: (t) => Promise.resolve(void (stderr += t)) },
    env: () => undefined,
  });
  return { code, stdout, stderr };
}

/**
 * Scripted replies that depend on the request alone: the baseline misses every fifth item, the
 * adapter every third, and the adapter answers with text on every seventh.
 */
function scripted(r: StubRequest): Response {
  const model = String(r.body.model);
  const answer = answerFor(r.body);
  const n = Number(/"x":\s*(\d+)/.exec(answer.arguments)?.[1] ?? 0);
  if (model === "tuned" && n % 7 === 0) return completion(model, { content: "no idea" });
  const wrong = model === "base" ? n % 5 === 0 : n % 3 === 0;
  const args = wrong ? JSON.stringify({ x: n + 1 }) : answer.arguments;
  return completion(model, { calls: [{ name: answer.name, arguments: args }] });
}

const FORMATS = ["text", "markdown", "html", "json"];

Deno.test("four shards merged by report give one process's report byte for byte, in every format", async () => {
  const stub = startStub({ models: ["base", "tuned"], chat: scripted });
  try {
    const s = await setupRun(60, { url: stub.url, adapters: [{ name: "tuned" }], concurrency: 4 });
    const one = `${s.dir}/one.jsonl`;
    assert.equal((await assessAt(["run", "-config", s.config, "-out", one])).code, 0);
    await Deno.mkdir(`${s.dir}/shards`);
    for (let i = 0; i < 4; i++) {
      const out = `${s.dir}/shards/results-${i}.jsonl`;
      const ran = await assessAt(["run", "-config", s.config, "-out", out, "-shard", `${i}/4`]);
      assert.equal(ran.code, 0, ran.stderr);
    }
    const given = [3, 1, 0, 2].flatMap((i) => ["-in", `${s.dir}/shards/results-${i}.jsonl`]);
    for (const format of FORMATS) {
      const single = await assessAt(["report", "-in", one, "-format", format]);
      assert.equal(single.code, 0, single.stderr);
      // Given one by one, in another order, or as a pattern assess expands.
      const merged = await assessAt(["report", ...given, "-format", format]);
      assert.equal(merged.code, 0, merged.stderr);
      assert.equal(merged.stdout, single.stdout, format);
      assert.equal(merged.stderr, single.stderr, format);
      const pattern = await assessAt([
        "report",
        "-in",
        `${s.dir}/shards/results-*.jsonl`,
        "-format",
        format,
      ]);
      assert.equal(pattern.code, 0, pattern.stderr);
      assert.equal(pattern.stdout, single.stdout, format);
    }
    // The report is not empty of figures: both models, their misses.
    const text = (await assessAt(["report", "-in", one])).stdout;
    assert.match(text, /base/);
    assert.match(text, /tuned/);
  } finally {
    await stub.close();
  }
});

Deno.test("shards of a run of several samples per item merge to one process's sampled report, byte for byte", async () => {
  const stub = startStub({ models: ["base", "tuned"], chat: scripted });
  try {
    const s = await setupRun(30, {
      url: stub.url,
      adapters: [{ name: "tuned" }],
      samples: 3,
      temperature: 1,
    });
    const one = `${s.dir}/one.jsonl`;
    assert.equal((await assessAt(["run", "-config", s.config, "-out", one])).code, 0);
    const given: string[] = [];
    for (let i = 0; i < 3; i++) {
      const out = `${s.dir}/results-${i}.jsonl`;
      const ran = await assessAt(["run", "-config", s.config, "-out", out, "-shard", `${i}/3`]);
      assert.equal(ran.code, 0, ran.stderr);
      given.push("-in", out);
    }
    for (const format of FORMATS) {
      const single = await assessAt(["report", "-in", one, "-format", format]);
      assert.equal(single.code, 0, single.stderr);
      const merged = await assessAt(["report", ...given, "-format", format]);
      assert.equal(merged.code, 0, merged.stderr);
      assert.equal(merged.stdout, single.stdout, format);
    }
  } finally {
    await stub.close();
  }
});

Deno.test("report refuses shards of another run, a shard given twice, shards missing and a whole run among shards, with 64 naming which", async () => {
  const stub = startStub({ models: ["base", "tuned"], chat: scripted });
  try {
    const s = await setupRun(20, { url: stub.url, adapters: [{ name: "tuned" }] });
    const shard = (i: number, dir = s.dir) => `${dir}/results-${i}.jsonl`;
    for (let i = 0; i < 3; i++) {
      const ran = await assessAt([
        "run",
        "-config",
        s.config,
        "-out",
        shard(i),
        "-shard",
        `${i}/3`,
      ]);
      assert.equal(ran.code, 0, ran.stderr);
    }
    // The same run with another sampling seed: another configuration.
    const t = await setupRun(20, { url: stub.url, adapters: [{ name: "tuned" }] });
    const yaml = await Deno.readTextFile(t.config);
    const reseeded = yaml.replace(/seed: 9007199254740993/, "seed: 5");
    assert.notEqual(reseeded, yaml);
    await Deno.writeTextFile(t.config, reseeded);
    const foreign = `${t.dir}/foreign-1.jsonl`;
    assert.equal(
      (await assessAt(["run", "-config", t.config, "-out", foreign, "-shard", "1/3"])).code,
      0,
    );
    const whole = `${s.dir}/whole.jsonl`;
    assert.equal((await assessAt(["run", "-config", s.config, "-out", whole])).code, 0);
    const four = `${s.dir}/four-0.jsonl`;
    assert.equal(
      (await assessAt(["run", "-config", s.config, "-out", four, "-shard", "0/4"])).code,
      0,
    );
    const cases: [string[], string][] = [
      [
        ["-in", shard(0), "-in", foreign, "-in", shard(2)],
        `assess report: ${foreign} is a shard of another run than ${
          shard(0)
        }: its configuration (config digest) differs\n`,
      ],
      [
        ["-in", shard(0), "-in", shard(1), "-in", shard(1), "-in", shard(2)],
        `assess report: ${shard(1)} and ${shard(1)} both hold shard 1/3: give each shard once\n`,
      ],
      [
        ["-in", shard(2), "-in", shard(0)],
        "assess report: shard 1/3 is missing: give every shard's results file of the run\n",
      ],
      [
        ["-in", shard(1)],
        "assess report: shards 0/3, 2/3 are missing: give every shard's results file of the run\n",
      ],
      [
        ["-in", shard(0), "-in", whole],
        `assess report: ${whole} holds a whole run (it was not run with -shard): report it alone\n`,
      ],
      [
        ["-in", shard(0), "-in", shard(1), "-in", shard(2), "-in", four],
        `assess report: ${four} is shard 0/4 and ${
          shard(0)
        } shard 0/3: the shards of one run have one count\n`,
      ],
      [
        ["-in", `${s.dir}/nothing-*.jsonl`],
        `assess report: -in "${s.dir}/nothing-*.jsonl" matches no file\n`,
      ],
      [
        ["-in", `${s.dir}/*/results.jsonl`],
        `assess report: -in "${s.dir}/*/results.jsonl" has a pattern in a folder's name: only the file name may hold one\n`,
      ],
    ];
    for (const [args, expected] of cases) {
      const ran = await assessAt(["report", ...args]);
      assert.equal(ran.code, 64, args.join(" "));
      assert.equal(ran.stdout, "");
      assert.equal(ran.stderr, expected);
    }
    // A broken line in a shard is named by that shard and its own line: 65.
    const lines = (await Deno.readTextFile(shard(2))).split("\n");
    const at = lines.findIndex((l) => l.includes('"kind":"result"'));
    lines[at] = lines[at]!.replace(/"latencyMs":[0-9]+/, '"latencyMs":-5');
    await Deno.writeTextFile(shard(2), lines.join("\n"));
    const broken = await assessAt(["report", "-in", shard(0), "-in", shard(1), "-in", shard(2)]);
    assert.equal(broken.code, 65);
    assert.ok(
      broken.stderr.startsWith(
        `assess report: ${shard(2)}: line ${at + 1} of the results file is broken: latencyMs is -5`,
      ),
      broken.stderr,
    );
  } finally {
    await stub.close();
  }
});

Deno.test("a shard cut off mid-line (as by SIGKILL) and resumed merges to one process's report byte for byte, but for its count of sessions", async () => {
  const stub = startStub({ models: ["base", "tuned"], chat: scripted });
  try {
    const s = await setupRun(60, { url: stub.url, adapters: [{ name: "tuned" }], concurrency: 4 });
    const one = `${s.dir}/one.jsonl`;
    assert.equal((await assessAt(["run", "-config", s.config, "-out", one])).code, 0);
    const given: string[] = [];
    for (let i = 0; i < 4; i++) {
      const out = `${s.dir}/results-${i}.jsonl`;
      const ran = await assessAt(["run", "-config", s.config, "-out", out, "-shard", `${i}/4`]);
      assert.equal(ran.code, 0, ran.stderr);
      given.push("-in", out);
    }
    // Shard 1 killed after its first 3 results, in the middle of writing the fourth.
    const cut = `${s.dir}/results-1.jsonl`;
    const lines = (await Deno.readTextFile(cut)).split("\n");
    const results = lines.flatMap((l, i) => l.includes('"kind":"result"') ? [i] : []);
    const fourth = results[3]!;
    await Deno.writeTextFile(
      cut,
      lines.slice(0, fourth).join("\n") + "\n" + lines[fourth]!.slice(0, 40),
    );
    const asked = stub.requests.length;
    const resumed = await assessAt(["run", "-config", s.config, "-out", cut, "-shard", "1/4"]);
    assert.equal(resumed.code, 0, resumed.stderr);
    // Asked again: the server check and the pairs without a complete line, no more.
    const again = stub.requests.slice(asked).filter((r) => r.requestId !== null).length;
    assert.equal(again, results.length - 3);
    for (const format of FORMATS) {
      const single = await assessAt(["report", "-in", one, "-format", format]);
      const merged = await assessAt(["report", ...given, "-format", format]);
      assert.equal(merged.code, 0, merged.stderr);
      assert.notEqual(merged.stdout, single.stdout, format);
      const sessions = format === "json"
        ? [/"sessions": 2,/g, '"sessions": 1,'] as const
        : [/2 sessions/g, "1 session"] as const;
      assert.equal(merged.stdout.replace(sessions[0], sessions[1]), single.stdout, format);
    }
  } finally {
    await stub.close();
  }
});
