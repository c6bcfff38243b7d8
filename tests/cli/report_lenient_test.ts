/**
 * Strict and lenient scoring end to end, on the bundled real rows: an emulator model that answers
 * right in substance and wrong in form (string arguments lower-cased on some items, optional
 * arguments left out at their defaults or given at them on others) is wrong there under strict
 * scoring and right under lenient scoring, each rescue counted under its rule; `-scoring lenient`
 * makes the lenient verdicts decide; a rescued item's panel shows the rule and the two values. The
 * emulator records which items it wrote in another form: the counts are checked against that, not
 * against the scorer. `assess run` and `assess report` run in this process (no process spawned).
 */

import assert from "node:assert/strict";
import { assess } from "./_in_process.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { configText } from "../run/_fixtures.ts";
import { itemKey, startEmulator } from "../support/vllm_emulator.ts";

const SAMPLE = new URL("../../reference/testdata/xlam-sample.json", import.meta.url).pathname;
const SIZE = 120;

Deno.test("report: a model wrong only in form is wrong under strict scoring and right under lenient, each rescue under its rule", async (t) => {
  const rows = JSON.parse(await Deno.readTextFile(SAMPLE));
  const emu = await startEmulator({
    rows,
    adapters: ["formatting"],
    scripts: { formatting: "lower-case:0.3,at-defaults:0.6" },
  });
  const dir = await Deno.makeTempDir({ prefix: "assess_lenient_" });
  try {
    const config = `${dir}/assess.yaml`;
    await Deno.writeTextFile(
      config,
      configText({
        url: emu.url,
        adapters: [{ name: "formatting" }],
        datasetPath: SAMPLE,
        datasetSha256: sha256Hex(await Deno.readFile(SAMPLE)),
        size: SIZE,
      }),
    );
    const out = `${dir}/results.jsonl`;
    const ran = await assess(["run", "-config", config, "-out", out]);
    assert.equal(ran.code, 0, ran.stderr);

    const formatted = { "lower-case": 0, "at-defaults": 0 };
    for (const [key, how] of emu.stats.formatted) {
      if (key.startsWith(itemKey("formatting", "?").slice(0, -1))) formatted[how]++;
    }
    assert(formatted["lower-case"] >= 10, `only ${formatted["lower-case"]} items lower-cased`);
    assert(formatted["at-defaults"] >= 10, `only ${formatted["at-defaults"]} items at defaults`);
    const changed = formatted["lower-case"] + formatted["at-defaults"];

    const report = await assess(["report", "-in", out, "-config", config, "-format", "json"]);
    assert.equal(report.code, 0, report.stderr);
    const json = JSON.parse(report.stdout);

    await t.step(
      "strict counts the changed items wrong, lenient right, each under its rule",
      () => {
        const [base, model] = json.models;
        assert.equal(base.strict.accuracy, 1);
        assert.deepEqual(base.lenient, {
          correct: SIZE,
          accuracy: 1,
          rescued: { "string-form": 0, "optional-default": 0 },
        });
        assert.equal(model.scored, SIZE);
        assert.equal(model.correct, SIZE - changed);
        assert.deepEqual(model.strict, {
          correct: SIZE - changed,
          accuracy: (SIZE - changed) / SIZE,
        });
        assert.deepEqual(model.lenient, {
          correct: SIZE,
          accuracy: 1,
          rescued: {
            "string-form": formatted["lower-case"],
            "optional-default": formatted["at-defaults"],
          },
        });
        assert.equal(json.scoring.decides, "strict");
        assert.deepEqual(json.scoring.selftest, { passed: true, items: SIZE });
      },
    );

    await t.step("the outcomes differ, and the report says what it means", () => {
      const c = json.comparisons[0];
      assert.equal(c.outcome, "worse");
      assert.deepEqual(c.strict, { difference: -changed / SIZE, outcome: "worse" });
      assert.deepEqual(c.lenient, { difference: 0, outcome: "inconclusive" });
      assert.equal(
        c.scoringSentence,
        "formatting is worse only under strict scoring (lenient: no conclusion): the loss is in formatting",
      );
    });

    await t.step("a rescued item's panel shows the rule and the two values", () => {
      const replies = json.panels.flatMap((p: { replies: { model: string }[] }) =>
        p.replies.filter((r) => r.model === "formatting")
      );
      assert.equal(replies.length, changed);
      const lower = replies.filter((r: { rescue: { rules: string[] } }) =>
        r.rescue.rules.join() === "string-form"
      );
      assert.equal(lower.length, formatted["lower-case"]);
      for (const r of lower) {
        for (const m of r.rescue.matches) {
          assert.equal(m.rule, "string-form");
          assert.equal(m.reply, m.answer.toLowerCase());
        }
      }
      const defaults = replies.filter((r: { rescue: { rules: string[] } }) =>
        r.rescue.rules.join() === "optional-default"
      );
      assert.equal(defaults.length, formatted["at-defaults"]);
      for (const r of defaults) {
        for (const m of r.rescue.matches) {
          assert.equal((m.reply === null) !== (m.answer === null), true);
        }
      }
    });

    await t.step("-scoring lenient makes the lenient verdicts decide", async () => {
      const lenient = await assess([
        "report",
        "-in",
        out,
        "-config",
        config,
        "-format",
        "json",
        "-scoring",
        "lenient",
      ]);
      assert.equal(lenient.code, 0, lenient.stderr);
      const l = JSON.parse(lenient.stdout);
      assert.equal(l.scoring.decides, "lenient");
      assert.equal(l.models[1].accuracy, 1);
      assert.equal(l.models[1].correct, SIZE);
      assert.equal(l.models[1].strict.accuracy, (SIZE - changed) / SIZE);
      assert.equal(l.comparisons[0].outcome, "inconclusive");
      assert.equal(l.comparisons[0].difference, 0);
      assert.deepEqual(l.comparisons[0].strict, json.comparisons[0].strict);
    });

    await t.step("every format shows both", async () => {
      const text = await assess(["report", "-in", out, "-config", config]);
      assert.equal(text.code, 0, text.stderr);
      assert.match(text.stdout, /^Strict and lenient scoring \(the same replies\)$/m);
      assert.match(
        text.stdout,
        /^ {2}formatting against base: worse \(-[0-9.]+ points\) under strict scoring, no conclusion \(0\.0 points\)\n {4}under lenient scoring: formatting is worse only under strict scoring/m,
      );
      for (const format of ["markdown", "html"]) {
        const shown = await assess(["report", "-in", out, "-config", config, "-format", format]);
        assert.equal(shown.code, 0, shown.stderr);
        assert.match(shown.stdout, /Strict and lenient scoring \(the same replies\)/);
        assert.match(shown.stdout, /worse only under strict scoring/);
        if (format === "html") {
          // The drill-down: a rescued reply's panel names the rule and the two values.
          assert.match(
            shown.stdout,
            /right under lenient scoring<\/span>, rescued by <code>string-form<\/code>: call 1 [^<]*: argument [^<]* is [^<]*, the answer(&#39;|&#x27;|')s is [^<]* \(string-form\)/,
          );
        }
      }
    });

    await t.step("-scoring must be strict or lenient", async () => {
      const bad = await assess(["report", "-in", out, "-scoring", "loose"]);
      assert.equal(bad.code, 64);
      assert.match(bad.stderr, /-scoring "loose" is not one of strict, lenient/);
    });
  } finally {
    await emu.close();
    await Deno.remove(dir, { recursive: true });
  }
});
