/**
 * `assess report` as a command line, in process: each format and refusal, and end to end after
 * `assess run` against the vLLM emulator (re-scoring included). Spawned with the narrow permissions
 * a user gives it: tests/e2e/report_test.ts.
 */

import assert from "node:assert/strict";
import { readAll } from "../results/_read_all.ts";
import { setupRun, syntheticRows } from "../run/_fixtures.ts";
import { startEmulator } from "../support/vllm_emulator.ts";
import { assess, fixtureFile } from "./_report_fixtures.ts";

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
  assert.equal(json.schema, "assess.report.v6");
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
      /^assess report: -config .*other-split\.yaml is not the run's: split\.seed is "another-seed" there, "test-seed" in the run\n/m,
    );
    assert.match(
      refused.stderr,
      /re-scoring needs the run's assess\.yaml and dataset; -keep-verdicts/,
    );

    // Not re-scoring, -keep-verdicts would not help: the refusal does not suggest it.
    const current = await assess(["report", "-in", s.out, "-config", otherSplit]);
    assert.equal(current.code, 64, current.stderr);
    assert.match(current.stderr, /split\.seed is "another-seed" there, "test-seed" in the run/);
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

Deno.test("assess report -config refuses a configuration that is not the run's (64), naming what differs; the decision and where things are may differ", async (t) => {
  const n = 30;
  const emu = await startEmulator({ rows: syntheticRows(n), adapters: ["tuned"] });
  try {
    const s = await setupRun(n, { url: emu.url, adapters: [{ name: "tuned" }] });
    const ran = await assess(["run", "-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 0, ran.stderr);
    const yaml = await Deno.readTextFile(s.config);
    const plain = await assess(["report", "-in", s.out, "-config", s.config]);
    assert.equal(plain.code, 0, plain.stderr);
    const other = `${s.dir}/other.yaml`;
    const refusals: [string, string, string][] = [
      [
        "another baseline",
        yaml.replace("baseline: base", "baseline: base-2"),
        'models.baseline is "base-2" there, "base" in the run',
      ],
      [
        "other adapters",
        yaml.replace("- name: tuned", "- name: tuned-2"),
        'models.adapters[].name is ["tuned-2"] there, ["tuned"] in the run',
      ],
      [
        "another system prompt",
        yaml.replace('system: "You call tools."', 'system: "Be brief."'),
        'prompt.system is "Be brief." there, "You call tools." in the run',
      ],
      [
        "another temperature",
        yaml.replace("temperature: 0", "temperature: 0.7"),
        "sampling.temperature is 0.7 there, 0 in the run",
      ],
      [
        "two at once, in the order of the keys",
        yaml.replace("maxTokens: 512", "maxTokens: 256").replace("topP: 1", "topP: 0.9"),
        "sampling.topP is 0.9 there, 1 in the run; sampling.maxTokens is 256 there, 512 in the run",
      ],
    ];
    for (const [name, text, says] of refusals) {
      await t.step(name, async () => {
        assert.notEqual(text, yaml);
        await Deno.writeTextFile(other, text);
        for (const args of [[], ["-format", "json", "-gate"], ["-scoring", "lenient"]]) {
          const r = await assess(["report", "-in", s.out, "-config", other, ...args]);
          assert.equal(r.code, 64, r.stderr);
          assert.equal(r.stdout, "");
          // The line, then what the configuration is read for (-scoring lenient says its own).
          const [line, hint, ...rest] = r.stderr.split("\n");
          assert.equal(line, `assess report: -config ${other} is not the run's: ${says}`);
          assert.match(
            hint!,
            args.includes("lenient")
              ? /^ {2}-scoring lenient needs/
              : /^ {2}-config must name the run's assess\.yaml/,
          );
          assert.deepEqual(rest, [""]);
        }
      });
    }
    await t.step("the decision is taken from -config, and said so", async () => {
      await Deno.writeTextFile(other, `${yaml}decision:\n  margin: 2\n  guard: [no-call]\n`);
      const r = await assess(["report", "-in", s.out, "-config", other, "-format", "json"]);
      assert.equal(r.code, 0, r.stderr);
      const json = JSON.parse(r.stdout);
      assert.deepEqual([json.decision.margin, json.decision.guard], [0.02, ["no-call"]]);
      assert.match(json.decision.note, /^the decision is the configuration's \(margin 2/);
    });
    await t.step(
      "where the server is and how many requests are in flight may differ: the same report",
      async () => {
        await Deno.writeTextFile(
          other,
          yaml.replace(/url: .*/, "url: http://127.0.0.1:9/v1").replace(
            "concurrency: 4",
            "concurrency: 1",
          ),
        );
        const r = await assess(["report", "-in", s.out, "-config", other]);
        assert.equal(r.code, 0, r.stderr);
        assert.equal(r.stdout, plain.stdout);
      },
    );
  } finally {
    await emu.close();
  }
});
