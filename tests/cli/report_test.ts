/**
 * `assess report` as a command line: in process for each format and refusal, end to end after
 * `assess run` against the vLLM emulator (re-scoring included), and spawned with the narrow
 * permission a user gives it.
 */

import assert from "node:assert/strict";
import { assessInProcess } from "./_in_process.ts";
import { readAll } from "../results/_read_all.ts";
import { headerFor, type Plan, resultsFor, times } from "../report/_results.ts";
import {
  categoryRows,
  configText,
  setupRun,
  syntheticDataset,
  syntheticRows,
} from "../run/_fixtures.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { startEmulator } from "../support/vllm_emulator.ts";
import { spawnCli } from "./_spawn.ts";

const assess = assessInProcess;

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
  assert.equal(json.schema, "assess.report.v4");
  assert.equal(json.comparisons[0].table.onlyAdapter, 8);
});

Deno.test("assess report refusals: exit 64 (or 65 for a broken file) with one clear line", async (t) => {
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
    assert.equal(ran.code, 65);
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
    assert.equal(ran.code, 65);
    assert.match(
      ran.stderr,
      /broken\.jsonl: line 2 of the results file is broken: not a JSON record/,
    );
  });
});

Deno.test("assess report refuses a record with a value out of range: 65, its line, one line", async (t) => {
  const { dir, path } = await fixtureFile();
  const lines = (await Deno.readTextFile(path)).split("\n");
  // Line 4 is a result record with a latency and token counts.
  assert.match(lines[3]!, /^\{"kind":"result",.*"latencyMs":[0-9]+,/);
  const cases: [string, (line: string) => string, string][] = [
    [
      "a latency past a double's range",
      (l) => l.replace(/"latencyMs":[0-9]+/, '"latencyMs":1e400'),
      "latencyMs is a number too large to hold, not number or null",
    ],
    [
      "a negative latency",
      (l) => l.replace(/"latencyMs":[0-9]+/, '"latencyMs":-5'),
      "latencyMs is -5, less than 0",
    ],
    [
      "a negative token count",
      (l) => l.replace(/"promptTokens":[0-9]+/, '"promptTokens":-100'),
      "usage.promptTokens is -100, less than 0",
    ],
    [
      "a fractional token count",
      (l) => l.replace(/"completionTokens":[0-9]+/, '"completionTokens":2.5'),
      "usage.completionTokens is 2.5, not integer or null",
    ],
    [
      "a negative attempt count",
      (l) => l.replace(/"attempts":[0-9]+/, '"attempts":-1'),
      "attempts is -1, less than 1",
    ],
  ];
  for (const [name, edit, why] of cases) {
    await t.step(name, async () => {
      const bad = `${dir}/bad.jsonl`;
      const edited = [...lines];
      edited[3] = edit(lines[3]!);
      assert.notEqual(edited[3], lines[3]);
      await Deno.writeTextFile(bad, edited.join("\n"));
      for (const format of ["text", "json"]) {
        const ran = await assess(["report", "-in", bad, "-format", format]);
        assert.equal(ran.code, 65, ran.stderr);
        assert.equal(ran.stdout, "");
        assert.equal(
          ran.stderr,
          `assess report: ${bad}: line 4 of the results file is broken: ${why}\n`,
        );
      }
    });
  }
});

Deno.test("assess report prints control and bidi characters from the results file escaped", async () => {
  const { dir, path } = await fixtureFile();
  // A model name and a reason holding ESC sequences, a C1 control, a line break and an RTL
  // override, as a results file written by another tool (or edited) may hold them.
  const text = (await Deno.readTextFile(path))
    .replaceAll('"tuned"', '"tu\\u001b[2Jn\\u202eed"')
    .replaceAll('"reason":"match"', '"reason":"ma\\u009btch\\nX"');
  const odd = `${dir}/odd.jsonl`;
  await Deno.writeTextFile(odd, text);
  // deno-lint-ignore no-control-regex
  const raw = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
  for (const format of ["text", "markdown"]) {
    const ran = await assess(["report", "-in", odd, "-format", format]);
    assert.equal(ran.code, 0, ran.stderr);
    assert.doesNotMatch(ran.stdout, raw, format);
    // Shown escaped (Markdown escapes the backslash and the bracket once more).
    assert.match(ran.stdout, /tu\\+u001b\\?\[2Jn\\+u202eed/, format);
    assert.match(ran.stdout, /ma\\+u009btch\\+nX/, format);
    assert(!ran.stdout.split("\n").some((line) => line.startsWith("X")), "no line break kept");
  }
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
    // Re-scoring reads the items, so the lenient reading is made too; the rest is the same.
    assert.deepEqual(
      again.comparisons.map((c: object) => ({ ...c, lenient: null, scoringSentence: null })),
      json.comparisons,
    );

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
    // It says what differs, and, re-scoring, that -keep-verdicts reports the recorded verdicts.
    assert.match(
      refused.stderr,
      /the split .*other-split\.yaml gives is not the run's: split\.seed "another-seed", the run's "test-seed"\n/,
    );
    assert.match(
      refused.stderr,
      /re-scoring needs the run's assess\.yaml and dataset; -keep-verdicts/,
    );

    // Not re-scoring, -keep-verdicts would not help: the refusal does not suggest it.
    const current = await assess(["report", "-in", s.out, "-config", otherSplit]);
    assert.equal(current.code, 64, current.stderr);
    assert.match(current.stderr, /split\.seed "another-seed", the run's "test-seed"/);
    assert.match(current.stderr, /-config must name the run's assess\.yaml, with its dataset/);
    assert.doesNotMatch(current.stderr, /keep-verdicts/);

    const noConfig = await assess(["report", "-in", oldPath, "-config", `${s.dir}/none.yaml`]);
    assert.equal(noConfig.code, 64);
    assert.match(
      noConfig.stderr,
      /re-scoring needs the run's assess\.yaml and dataset; -keep-verdicts reports the recorded verdicts instead/,
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

Deno.test("end to end: categories, the decision, an adapter that was not applied and the item panels, from a run against the emulator", async () => {
  const n = 80;
  const emu = await startEmulator({
    rows: categoryRows(n),
    adapters: ["ghost", "tuned"],
    scripts: { base: "errors:0.3", ghost: "not-applied", tuned: "errors:0.1" },
  });
  try {
    const s = await setupRun(n, {
      url: emu.url,
      rows: categoryRows(n),
      adapters: [{ name: "ghost" }, { name: "tuned" }],
      decision: "  margin: 1\n  guard: [no-call]",
    });
    const ran = await assess(["run", "-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 0, ran.stderr);
    assert.match(ran.stderr, /^WARNING: ghost's first 50 replies are byte for byte base's/m);

    // With read access to the results file only: categories, decision and identical replies.
    const cli = new URL("../../cli.ts", import.meta.url).pathname;
    const spawned = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--quiet",
        `--allow-read=${s.out}`,
        cli,
        "report",
        "-in",
        s.out,
        "-format",
        "json",
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(spawned.code, 0, new TextDecoder().decode(spawned.stderr));
    const json = JSON.parse(new TextDecoder().decode(spawned.stdout));
    assert.equal(json.categoriesFrom, "results");
    assert.deepEqual(
      [json.decision.margin, json.decision.guard, json.decision.from],
      [0.01, ["no-call"], "results"],
    );
    assert.equal(json.panels, null);
    // Each model's categories, counted here from the records by item (category i % 4).
    const file = await readAll(await Deno.readFile(s.out));
    const names = ["no-call", "single", "parallel", "multiple"];
    for (const m of json.models) {
      const mine = file.records.filter((r) => r.kind === "result" && r.model === m.name);
      assert.deepEqual(
        m.categories.map((c: { name: string; items: number; correct: number }) => [
          c.name,
          c.items,
          c.correct,
        ]),
        names.map((name, k) => {
          const of = mine.filter((r) => r.kind === "result" && r.itemIndex % 4 === k);
          return [
            name,
            of.length,
            of.filter((r) => r.kind === "result" && r.verdict?.correct).length,
          ];
        }),
      );
    }
    const [ghost, tuned] = json.comparisons;
    assert.deepEqual(ghost.identical, { items: n, share: 1, suspect: true });
    assert.equal(ghost.outcome, "inconclusive");
    assert.match(
      ghost.verdict,
      // 80 items that all agree leave room for 1 − 0.0025^(1/80) = 7.2 points either way.
      /^no conclusion between ghost and base: 0\.0 points \[-7\.2, 7\.2\], p = 1 \(ghost's replies are identical to base's on 100\.0% of the 80 paired items, so the adapter may not be applied; the 95% interval holds 0 and reaches -1 or below\)$/,
    );
    assert.equal(tuned.identical.suspect, false);
    assert.equal(tuned.categories.length, 4);

    // With -config: the HTML shows every changed item whole.
    const html = await assess(["report", "-in", s.out, "-config", s.config, "-format", "html"]);
    assert.equal(html.code, 0, html.stderr);
    const changed = tuned.discordant.fixed.length + tuned.discordant.broke.length;
    assert.ok(changed > 5, `${changed} changed items`);
    assert.equal(html.stdout.match(/<details class="item">/g)?.length, changed);
    assert.match(
      html.stdout,
      /<p class="query"><strong>query:<\/strong> Question number \d+\?<\/p>/,
    );
    const withPanels = JSON.parse(
      (await assess(["report", "-in", s.out, "-config", s.config, "-format", "json"])).stdout,
    );
    assert.equal(withPanels.panels.length, changed);

    // A file of format 1 (no categories, no decision): told so without -config, computed with it.
    const lines = (await Deno.readTextFile(s.out)).split("\n");
    const header = JSON.parse(lines[0]!);
    header.formatVersion = 1;
    delete header.decision;
    const older = [
      JSON.stringify(header),
      ...lines.slice(1).map((l) => {
        if (!l.startsWith('{"kind":"result"')) return l;
        const { category: _, ...r } = JSON.parse(l);
        return JSON.stringify(r);
      }),
    ].join("\n");
    const oldPath = `${s.dir}/older.jsonl`;
    await Deno.writeTextFile(oldPath, older);
    const unknown = await assess(["report", "-in", oldPath]);
    assert.match(unknown.stdout, /^categories: not recorded in this results file/m);
    assert.match(unknown.stdout, /^decision: margin 0 points, guard none \(the default\)/m);
    const computed = JSON.parse(
      (await assess(["report", "-in", oldPath, "-config", s.config, "-format", "json"])).stdout,
    );
    assert.equal(computed.categoriesFrom, "dataset");
    assert.deepEqual(
      computed.models.map((m: { categories: unknown }) => m.categories),
      json.models.map((m: { categories: unknown }) => m.categories),
    );
    assert.deepEqual(
      [computed.decision.margin, computed.decision.from],
      [0.01, "config"],
    );
    assert.match(computed.decision.note, /the results file records none$/);
  } finally {
    await emu.close();
  }
});

Deno.test({
  name:
    "the real command line: a FIFO as -in (64) or as -out (64, left as it is) is refused at once",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const { dir, path } = await fixtureFile();
    const fifo = `${dir}/fifo`;
    assert((await new Deno.Command("mkfifo", { args: [fifo] }).output()).success);
    const input = await spawnCli(dir, [`--allow-read=${fifo}`], ["report", "-in", fifo]);
    assert.deepEqual(input, {
      code: 64,
      out: "",
      err: `assess report: cannot read ${fifo}: it is a FIFO, not a regular file (assess reads ` +
        "only regular files, or links to one)\n",
    });
    const output = await spawnCli(dir, [`--allow-read=${dir}`, `--allow-write=${dir}`], [
      "report",
      "-in",
      path,
      "-out",
      fifo,
    ]);
    assert.deepEqual(output, {
      code: 64,
      out: "",
      err: `assess report: cannot write ${fifo}: it is a FIFO, not a regular file (assess ` +
        "replaces only regular files)\n",
    });
    assert((await Deno.lstat(fifo)).isFifo);
  },
});

Deno.test({
  name:
    "the real command line: an -out that is the results file, however spelled, is refused (64) and the file is left as it was",
  async fn(t) {
    const { dir: made, path: made_ } = await fixtureFile();
    const dir = await Deno.realPath(made);
    const results = await Deno.readFile(made_);
    await Deno.link(`${dir}/results.jsonl`, `${dir}/hard.jsonl`);
    // The README's permissions for -out: read the results file, read and write -out's folder.
    const permissions = ["--allow-read=results.jsonl,.", "--allow-write=."];
    try {
      for (
        const out of ["results.jsonl", "./results.jsonl", `${dir}/results.jsonl`, "hard.jsonl"]
      ) {
        await t.step(`-in results.jsonl -out ${out}`, async () => {
          const r = await spawnCli(dir, permissions, [
            "report",
            "-in",
            "results.jsonl",
            "-format",
            "html",
            "-out",
            out,
          ]);
          assert.deepEqual(r, {
            code: 64,
            out: "",
            err: `assess report: -out ${out} is the same file as -in results.jsonl: an output ` +
              "must not overwrite an input\n",
          });
          assert.deepEqual(await Deno.readFile(`${dir}/results.jsonl`), results);
          assert.deepEqual(
            [...Deno.readDirSync(dir)].map((e) => e.name).sort(),
            ["hard.jsonl", "results.jsonl"],
          );
        });
      }
      await t.step("another -out is written as before", async () => {
        const r = await spawnCli(dir, permissions, [
          "report",
          "-in",
          "./results.jsonl",
          "-out",
          "report.txt",
        ]);
        assert.deepEqual(r, { code: 0, out: "report.txt: text report written\n", err: "" });
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "the real command line: with -config, an -out that is the config or the dataset is refused (64) and both are left as they were",
  async fn(t) {
    const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "assess_report_same_" }));
    try {
      const n = 30;
      const dataset = syntheticDataset(n);
      await Deno.writeFile(`${dir}/data.json`, dataset);
      await Deno.writeTextFile(
        `${dir}/assess.yaml`,
        configText({
          url: "http://127.0.0.1:1/v1",
          adapters: [{ name: "tuned" }],
          datasetPath: "data.json",
          datasetSha256: sha256Hex(dataset),
          size: n,
        }),
      );
      const config = await Deno.readFile(`${dir}/assess.yaml`);
      // The run's split digest, as split gives it, so that the results file is this config's.
      const split = await spawnCli(dir, [
        "--allow-read=assess.yaml,data.json,.",
        "--allow-write=.",
      ], ["split", "-out", "split.json"]);
      assert.equal(split.code, 0, split.err);
      const { digest } = JSON.parse(await Deno.readTextFile(`${dir}/split.json`));
      const plan: Plan = {
        ...PLAN,
        header: {
          dataset: { path: "data.json", sha256: sha256Hex(dataset) },
          split: { ...headerFor("base", ["tuned"], n).split, digest },
        },
      };
      await Deno.writeFile(`${dir}/results.jsonl`, resultsFor(plan).bytes);
      const results = await Deno.readFile(`${dir}/results.jsonl`);
      const permissions = [
        "--allow-read=results.jsonl,older.jsonl,assess.yaml,data.json,.",
        "--allow-write=.",
      ];
      const cases = [
        { out: "assess.yaml", other: "-config assess.yaml" },
        { out: "./data.json", other: "the dataset data.json" },
      ];
      for (const c of cases) {
        await t.step(`-out ${c.out}`, async () => {
          const r = await spawnCli(dir, permissions, [
            "report",
            "-in",
            "results.jsonl",
            "-config",
            "assess.yaml",
            "-out",
            c.out,
          ]);
          assert.deepEqual(r, {
            code: 64,
            out: "",
            err: `assess report: -out ${c.out} is the same file as ${c.other}: an output must ` +
              "not overwrite an input\n",
          });
          assert.deepEqual(await Deno.readFile(`${dir}/assess.yaml`), config);
          assert.deepEqual(await Deno.readFile(`${dir}/data.json`), dataset);
          assert.deepEqual(await Deno.readFile(`${dir}/results.jsonl`), results);
        });
      }
      await t.step("re-scoring reads assess.yaml: -out assess.yaml is refused", async () => {
        const older = `${dir}/older.jsonl`;
        const scorer = headerFor("base", ["tuned"], n).scorer;
        await Deno.writeFile(
          older,
          resultsFor({ ...plan, header: { ...plan.header, scorer: { ...scorer, version: "0" } } })
            .bytes,
        );
        const r = await spawnCli(dir, permissions, [
          "report",
          "-in",
          "older.jsonl",
          "-out",
          "assess.yaml",
        ]);
        assert.equal(r.code, 64);
        assert.match(
          r.err,
          /\nassess report: -out assess\.yaml is the same file as the config assess\.yaml: an output must not overwrite an input\n$/,
        );
        assert.deepEqual(await Deno.readFile(`${dir}/assess.yaml`), config);
        await Deno.remove(older);
      });
      await t.step("the same config with another -out is reported", async () => {
        const r = await spawnCli(dir, permissions, [
          "report",
          "-in",
          "results.jsonl",
          "-config",
          "assess.yaml",
          "-out",
          "report.txt",
        ]);
        assert.deepEqual(r, { code: 0, out: "report.txt: text report written\n", err: "" });
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
