/**
 * `assess report` as a command line: in process for each format and refusal, end to end after
 * `assess run` against the vLLM emulator (re-scoring included), and spawned with the narrow
 * permission a user gives it.
 */

import assert from "node:assert/strict";
import { denoIo } from "../../src/cli/deno_io.ts";
import { runCli } from "../../src/cli/main.ts";
import { readAll } from "../results/_read_all.ts";
import { type Plan, resultsFor, times } from "../report/_results.ts";
import { setupRun, syntheticRows } from "../run/_fixtures.ts";
import { startEmulator } from "../support/vllm_emulator.ts";

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

async function assess(args: string[]): Promise<Ran> {
  let stdout = "";
  let stderr = "";
  const { onStopSignal: _signals, ...real } = denoIo();
  const code = await runCli(args, {
    ...real,
    stdout: { isTerminal: false, write: (t) => Promise.resolve(void (stdout += t)) },
    stderr: { isTerminal: false, write: (t) => Promise.resolve(void (stderr += t)) },
    env: () => undefined,
  });
  return { code, stdout, stderr };
}

const PLAN: Plan = {
  baseline: "base",
  adapters: ["tuned"],
  outcomes: {
    base: [...times(20, "match"), ...times(10, "no-call")],
    tuned: [...times(28, "match"), "arguments", "error:timeout"],
  },
};

async function fixtureFile(plan: Plan = PLAN): Promise<{ dir: string; path: string }> {
  const dir = await Deno.makeTempDir({ prefix: "assess_report_" });
  const path = `${dir}/results.jsonl`;
  await Deno.writeFile(path, resultsFor(plan).bytes);
  return { dir, path };
}

Deno.test("assess report prints the text report on stdout, nothing on stderr, exit 0", async () => {
  const { path } = await fixtureFile();
  const ran = await assess(["report", "-in", path]);
  assert.equal(ran.code, 0, ran.stderr);
  assert.equal(ran.stderr, "");
  const lines = ran.stdout.split("\n");
  assert.equal(lines[0], "assess report: tuned against base, 30 items");
  assert.ok(
    lines.some((l) =>
      l.startsWith("INCOMPLETE RUN: 1 of 60 (model, item) pairs have no verdict (1 error, 0")
    ),
  );
  assert.ok(lines.some((l) => l.startsWith("  tuned is better than base: +")), ran.stdout);
  assert.ok(lines.every((l) => l.length <= 100));
});

Deno.test("assess report: every format, to stdout and to -out", async (t) => {
  const { dir, path } = await fixtureFile();
  for (const format of ["text", "markdown", "json", "html"]) {
    await t.step(format, async () => {
      const printed = await assess(["report", "-in", path, "-format", format]);
      assert.equal(printed.code, 0, printed.stderr);
      const out = `${dir}/report.${format}`;
      const written = await assess(["report", "-in", path, "-format", format, "-out", out]);
      assert.equal(written.code, 0, written.stderr);
      assert.equal(written.stdout, `${out}: ${format} report written\n`);
      assert.equal(await Deno.readTextFile(out), printed.stdout);
    });
  }
  const json = JSON.parse((await assess(["report", "-in", path, "-format=json"])).stdout);
  assert.equal(json.schema, "assess.report.v2");
  assert.equal(json.comparisons[0].table.onlyAdapter, 8);
});

Deno.test("assess report refusals: exit 64 with one clear line", async (t) => {
  const { dir, path } = await fixtureFile();
  const cases: [string, string[], RegExp][] = [
    ["no -in", ["report"], /^assess report: flag -in is required/],
    [
      "unknown format",
      ["report", "-in", path, "-format", "pdf"],
      /-format "pdf" is not one of text, markdown, json, html/,
    ],
    [
      "missing file",
      ["report", "-in", `${dir}/none.jsonl`],
      /cannot read .*none\.jsonl: there is no such file/,
    ],
    [
      "unwritable -out",
      ["report", "-in", path, "-out", `${dir}/no/such/dir/r.txt`],
      /cannot write .*r\.txt: its folder does not exist$/m,
    ],
    ["positional", ["report", "-in", path, "extra"], /unexpected argument "extra"/],
  ];
  for (const [name, args, message] of cases) {
    await t.step(name, async () => {
      const ran = await assess(args);
      assert.equal(ran.code, 64, ran.stderr);
      assert.match(ran.stderr, message);
      assert.equal(ran.stdout, "");
    });
  }
  await t.step("not a results file", async () => {
    const other = `${dir}/other.jsonl`;
    await Deno.writeTextFile(other, '{"hello":1}\n');
    const ran = await assess(["report", "-in", other]);
    assert.equal(ran.code, 64);
    assert.equal(
      ran.stderr,
      `assess report: ${other}: not an assess results file (no header on line 1)\n`,
    );
  });
  await t.step("a broken line", async () => {
    const text = await Deno.readTextFile(path);
    const lines = text.split("\n");
    const broken = `${dir}/broken.jsonl`;
    await Deno.writeTextFile(broken, [lines[0], "{nope", ...lines.slice(1)].join("\n"));
    const ran = await assess(["report", "-in", broken]);
    assert.equal(ran.code, 64);
    assert.match(
      ran.stderr,
      /broken\.jsonl: line 2 of the results file is broken: not a JSON record/,
    );
  });
});

Deno.test("assess help lists report, and assess help report shows its flags", async () => {
  const help = await assess(["help"]);
  assert.match(help.stdout, /^ {2}report +report a results file/m);
  const verb = await assess(["help", "report"]);
  assert.equal(verb.code, 0);
  assert.match(
    verb.stdout,
    /^usage: assess report -in RESULTS \[-format text\|markdown\|json\|html\] \[-out FILE\]/,
  );
  assert.match(verb.stdout, /-keep-verdicts/);
});

Deno.test("end to end: assess run against the emulator, then assess report; re-scoring when the scorer version differs", async () => {
  const n = 40;
  const emu = await startEmulator({
    rows: syntheticRows(n),
    adapters: ["errors-10"],
    scripts: { base: "errors:0.4" },
  });
  try {
    const s = await setupRun(n, {
      url: emu.url,
      adapters: [{ name: "errors-10" }],
      concurrency: 4,
    });
    const ran = await assess(["run", "-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 0, ran.stderr);
    const report = await assess(["report", "-in", s.out, "-format", "json"]);
    assert.equal(report.code, 0, report.stderr);
    assert.equal(report.stderr, "");
    const json = JSON.parse(report.stdout);
    const file = await readAll(await Deno.readFile(s.out));
    const right = (model: string) =>
      file.records.filter((r) => r.kind === "result" && r.model === model && r.verdict?.correct)
        .length;
    assert.equal(json.run.complete, true);
    assert.equal(json.models[0].name, "base");
    assert.equal(json.models[0].correct, right("base"));
    assert.equal(json.models[1].correct, right("errors-10"));
    assert.equal(json.trust.scorer.verdicts, "recorded");
    assert.equal(json.trust.digests.split, file.header.split.digest);

    // The same file, as if scored by scorer version 0 with every verdict wrong.
    const lines = (await Deno.readTextFile(s.out)).split("\n");
    const header = JSON.parse(lines[0]!);
    header.scorer.version = "0";
    const older = [
      JSON.stringify(header),
      ...lines.slice(1).map((l) => {
        if (!l.startsWith('{"kind":"result"')) return l;
        const r = JSON.parse(l);
        if (r.verdict !== null) r.verdict = { correct: false, reason: "old", detail: "old" };
        return JSON.stringify(r);
      }),
    ].join("\n");
    const oldPath = `${s.dir}/older.jsonl`;
    await Deno.writeTextFile(oldPath, older);

    const rescored = await assess([
      "report",
      "-in",
      oldPath,
      "-config",
      s.config,
      "-format",
      "json",
    ]);
    assert.equal(rescored.code, 0, rescored.stderr);
    assert.match(
      rescored.stderr,
      /was scored by xlam-tool-call 0; re-scoring its recorded replies with the installed 1 \(no request is sent; -keep-verdicts keeps the recorded verdicts\)/,
    );
    const again = JSON.parse(rescored.stdout);
    assert.equal(again.trust.scorer.verdicts, "rescored");
    assert.equal(again.trust.scorer.selftest.by, "report");
    assert.deepEqual(
      again.models.map((m: { correct: number }) => m.correct),
      json.models.map((m: { correct: number }) => m.correct),
    );
    assert.deepEqual(again.comparisons, json.comparisons);

    const kept = JSON.parse(
      (await assess(["report", "-in", oldPath, "-keep-verdicts", "-format", "json"])).stdout,
    );
    assert.equal(kept.trust.scorer.verdicts, "recorded");
    assert.equal(kept.models[0].correct, 0);

    // A configuration whose split is not the run's is refused, not judged against other answers.
    const otherSplit = `${s.dir}/other-split.yaml`;
    await Deno.writeTextFile(
      otherSplit,
      (await Deno.readTextFile(s.config)).replace('seed: "test-seed"', 'seed: "another-seed"'),
    );
    const refused = await assess(["report", "-in", oldPath, "-config", otherSplit]);
    assert.equal(refused.code, 64, refused.stderr);
    assert.match(
      refused.stderr,
      /the split .*other-split\.yaml gives \(digest [0-9a-f]{64}\) is not the run's/,
    );

    const noConfig = await assess(["report", "-in", oldPath, "-config", `${s.dir}/none.yaml`]);
    assert.equal(noConfig.code, 64);
    assert.match(
      noConfig.stderr,
      /-config and re-scoring need the run's assess\.yaml and dataset; -keep-verdicts reports the recorded verdicts instead of re-scoring/,
    );
  } finally {
    await emu.close();
  }
});

Deno.test("assess report as the real command line, with read access to the results file only", async () => {
  const { path } = await fixtureFile();
  const cli = new URL("../../cli.ts", import.meta.url).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      `--allow-read=${path}`,
      cli,
      "report",
      "-in",
      path,
      "-format",
      "markdown",
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, stderr);
  assert.equal(stderr, "");
  assert.match(new TextDecoder().decode(out.stdout), /^# assess report: tuned against base\n/);
});
