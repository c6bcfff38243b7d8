/**
 * `sampling.samples: 4` end to end: `assess run` at temperature 0.7 against the emulator's sampled
 * models records 4 answers per pair, and `assess report` (text and JSON) gives the figures that the
 * Python reference (reference/python/sampled.py) computes from the results file on its own; the
 * other formats, -gate, -config and -scoring lenient read it too.
 */

import assert from "node:assert/strict";
import type { ResultRecord } from "../../src/results/records.ts";
import { compareItemIds } from "../../src/dataset/item_id.ts";
import { readAll } from "../results/_read_all.ts";
import { categoryRows, setupRun, syntheticRows } from "../run/_fixtures.ts";
import { sampledGoldenResults } from "../report/_sampled_results.ts";
import { pythonSkip, runScript } from "../support/python.ts";
import { startEmulator } from "../support/vllm_emulator.ts";
import { assess } from "./_in_process.ts";

const N = 30;
const K = 4;
const SAMPLED_PY = new URL("../../reference/python/sampled.py", import.meta.url).pathname;
const skip = await pythonSkip("sampled report", "scipy");

Deno.test({
  name: "samples: 4 runs, and its report's figures are the Python reference's from the file",
  ignore: skip !== null,
  fn: async () => {
    const emu = await startEmulator({
      rows: syntheticRows(N),
      adapters: ["tuned"],
      scripts: { base: { sampled: true }, tuned: { sampled: true } },
    });
    try {
      const s = await setupRun(N, {
        url: emu.url,
        adapters: [{ name: "tuned" }],
        samples: K,
        temperature: 0.7,
      });
      const ran = await assess(["run", "-config", s.config, "-out", s.out]);
      assert.equal(ran.code, 0, ran.stderr);
      assert.match(ran.stdout, new RegExp(`${2 * N * K} of ${2 * N * K} answers recorded`));
      const file = await readAll(await Deno.readFile(s.out));
      const results = file.records.filter((r): r is ResultRecord => r.kind === "result");
      assert.equal(results.length, 2 * N * K);

      const json = await assess(["report", "-in", s.out, "-format", "json"]);
      assert.equal(json.code, 0, json.stderr);
      const report = JSON.parse(json.stdout);
      assert.equal(report.samples, K);
      assert.deepEqual(report.models.map((m: { samples: number }) => m.samples), [K, K]);
      const text = await assess(["report", "-in", s.out]);
      assert.equal(text.code, 0, text.stderr);
      assert.match(text.stdout, /4 samples per item/);
      assert.match(text.stdout, /^ {2}tuned +(better|not-worse|worse|inconclusive) /m);

      // The independent computation: each model's [asked, right] per item, from the file.
      const counts = (model: string) => {
        const out = Array.from({ length: N }, () => [0, 0] as [number, number]);
        const order = [...new Set(results.map((r) => r.itemIndex))].sort((a, b) => a - b);
        for (const r of results) {
          if (r.model !== model || r.error !== null) continue;
          const at = out[order.indexOf(r.itemIndex)]!;
          at[0]++;
          if (r.verdict?.correct === true) at[1]++;
        }
        return out;
      };
      const family = { level: 0.05, samples: K, first: counts("tuned"), second: counts("base") };
      const py = JSON.parse(
        await runScript(SAMPLED_PY, { input: JSON.stringify(family) + "\n", need: "scipy" }),
      );
      const tuned = report.models[1];
      const close = (a: number, b: number, what: string) =>
        assert.ok(Math.abs(a - b) < 1e-9, `${what}: report ${a}, Python ${b}`);
      close(tuned.accuracy, py.accuracy, "accuracy");
      close(tuned.interval.lower, py.lower, "lower");
      close(tuned.interval.upper, py.upper, "upper");
      close(tuned.withinVariance, py.within, "within");
      close(tuned.betweenVariance, py.between, "between");
      for (const [k, entry] of tuned.passK.entries()) {
        close(entry.passAt, py.passK[k].passAt, `pass@${k + 1}`);
        close(entry.passAll, py.passK[k].passAll, `pass^${k + 1}`);
      }
      const c = report.comparisons[0];
      close(c.difference, py.difference, "difference");
      close(c.pValue, py.pValue, "p-value");
      // One adapter: Holm's level is the family's, so the interval is the 95% one.
      close(c.interval.lower, py.dLower, "difference lower");
      close(c.interval.upper, py.dUpper, "difference upper");
      close(c.minimumDetectableDifference.difference, py.detectable[0], "detectable");

      // Every format and flag of the one-sample report reads it too.
      const md = await assess(["report", "-in", s.out, "-format", "markdown"]);
      assert.equal(md.code, 0, md.stderr);
      assert.match(md.stdout, /^## Comparisons$/m);
      const html = await assess(["report", "-in", s.out, "-format", "html"]);
      assert.equal(html.code, 0, html.stderr);
      assert.match(html.stdout, /^<!doctype html>/);
      const gated = await assess(["report", "-in", s.out, "-gate"]);
      const exit = { better: 0, "not-worse": 0, worse: 1, inconclusive: 2 }[c.outcome as string];
      assert.equal(gated.code, exit, gated.stderr);
      assert.match(gated.stderr, new RegExp(`^assess report -gate: \\w+: tuned ${c.outcome}`));
      for (const args of [["-config", s.config], ["-scoring", "lenient", "-config", s.config]]) {
        const more = await assess(["report", "-in", s.out, "-format", "json", ...args]);
        assert.equal(more.code, 0, `${args.join(" ")}: ${more.stderr}`);
        const read = JSON.parse(more.stdout);
        assert.equal(read.decision.from, "results");
        assert.equal(read.scoring.lenient.made, true);
        // The emulator's wrong answers are wrong under the lenient reading too.
        assert.equal(read.models[1].accuracy, tuned.accuracy);
      }
    } finally {
      await emu.close();
    }
  },
});

Deno.test({
  name: "samples: 4 with -config: the configuration's decision (margin, guard), not the " +
    "recorded one, decides the outcomes and the -gate exit",
  fn: async () => {
    const n = 32;
    const emu = await startEmulator({
      rows: categoryRows(n),
      adapters: ["tuned"],
      scripts: { tuned: { errorRate: 0.02 } },
    });
    try {
      const s = await setupRun(n, {
        url: emu.url,
        adapters: [{ name: "tuned" }],
        samples: K,
        temperature: 0.7,
        rows: categoryRows(n),
      });
      const ran = await assess(["run", "-config", s.config, "-out", s.out]);
      assert.equal(ran.code, 0, ran.stderr);
      const recorded = JSON.parse(
        (await assess(["report", "-in", s.out, "-format", "json"])).stdout,
      );
      const c = recorded.comparisons[0];
      // Recorded: margin 0, no guard. A few wrong answers leave it inconclusive.
      assert.deepEqual([recorded.decision.margin, recorded.decision.guard], [0, []]);
      assert.equal(c.outcome, "inconclusive");
      assert.equal((await assess(["report", "-in", s.out, "-gate"])).code, 2);
      // The same run's configuration with another decision: a margin of 50 points, every
      // category guarded.
      const other = `${s.dir}/other.yaml`;
      await Deno.writeTextFile(
        other,
        (await Deno.readTextFile(s.config)) +
          "decision:\n  margin: 50\n  guard: [no-call, single, parallel, multiple]\n",
      );
      const json = await assess(["report", "-in", s.out, "-format", "json", "-config", other]);
      assert.equal(json.code, 0, json.stderr);
      const decided = JSON.parse(json.stdout);
      assert.deepEqual([decided.decision.margin, decided.decision.guard], [
        0.5,
        ["no-call", "single", "parallel", "multiple"],
      ]);
      const d = decided.comparisons[0];
      assert.equal(d.outcome, "not-worse");
      assert.equal(d.difference, c.difference);
      assert.deepEqual(
        d.guardWorse,
        d.categories.filter((x: { outcome: string }) => x.outcome === "worse").map((
          x: { name: string },
        ) => x.name),
      );
      const gated = await assess(["report", "-in", s.out, "-gate", "-config", other]);
      assert.equal(gated.code, 0, gated.stderr);
    } finally {
      await emu.close();
    }
  },
});

Deno.test("samples: 4 with a sweep in the header is refused (exit 65), in one line", async () => {
  const dir = await Deno.makeTempDir({ prefix: "assess-sampled-sweep-" });
  try {
    for (
      const [overrides, sweep] of [
        [
          { models: { baseline: "base", adapters: ["tuned-a", "tuned-b"], steps: [100, 200] } },
          "models.adapters[].step",
        ],
        [{
          models: { baseline: "base", adapters: ["tuned-a", "tuned-b"], steps: [100, 200] },
          split: {
            seed: "test-seed",
            size: 40,
            digest: "b".repeat(64),
            confirm: { share: 0.5, items: [1] },
          },
        }, "models.adapters[].step and split.confirm"],
      ] as const
    ) {
      const path = `${dir}/results.jsonl`;
      await Deno.writeFile(path, sampledGoldenResults(overrides).bytes);
      const out = await assess(["report", "-in", path]);
      assert.equal(out.code, 65, out.stderr);
      assert.equal(out.stdout, "");
      const lines = out.stderr.trimEnd().split("\n");
      assert.equal(lines.length, 1, out.stderr);
      assert.match(lines[0]!, new RegExp(`sweep \\(${sweep.replace(/[[\].]/g, "\\$&")}\\)`));
      assert.match(lines[0]!, /4 samples per item \(sampling\.samples\)/);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("samples: 4 with -config: JSON and HTML show the changed items whole, each sample's reply and verdict by each model, the first -panels of each list", async () => {
  const emu = await startEmulator({
    rows: syntheticRows(N),
    adapters: ["tuned"],
    scripts: { base: { sampled: true }, tuned: { sampled: true } },
  });
  try {
    const s = await setupRun(N, {
      url: emu.url,
      adapters: [{ name: "tuned" }],
      samples: K,
      temperature: 0.7,
    });
    const ran = await assess(["run", "-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 0, ran.stderr);
    const file = await readAll(await Deno.readFile(s.out));
    const results = file.records.filter((r): r is ResultRecord => r.kind === "result");
    // The independent computation: each (model, item)'s share of right answers, and each
    // (model, item, sample)'s verdict, from the file (every pair answered once: no retry).
    const verdict = new Map<string, boolean>();
    const share = (model: string, index: number) => {
      const mine = results.filter((r) => r.model === model && r.itemIndex === index);
      return mine.filter((r) => r.verdict?.correct === true).length / mine.length;
    };
    for (const r of results) verdict.set(`${r.model}/${r.itemId}/${r.sample}`, r.verdict!.correct);
    const ids = [...new Map(results.map((r) => [r.itemIndex, r.itemId]))].sort(([a], [b]) => a - b);
    const better = ids.filter(([i]) => share("tuned", i) > share("base", i)).map(([, id]) => id);
    const worse = ids.filter(([i]) => share("tuned", i) < share("base", i)).map(([, id]) => id);
    assert.ok(better.length + worse.length >= 3, "the emulator's samples change a few items");

    const plain = JSON.parse((await assess(["report", "-in", s.out, "-format", "json"])).stdout);
    assert.deepEqual(plain.comparisons[0].changed, { better, worse });
    assert.equal(plain.comparisons[0].differingItems, better.length + worse.length);
    assert.equal(plain.panels, undefined, "no panels without -config");

    const json = await assess(
      ["report", "-in", s.out, "-format", "json", "-config", s.config, "-panels", "2"],
    );
    assert.equal(json.code, 0, json.stderr);
    const report = JSON.parse(json.stdout);
    const shown = [...new Set([...better.slice(0, 2), ...worse.slice(0, 2)])].sort(compareItemIds);
    assert.deepEqual(report.panels.map((p: { itemId: number }) => p.itemId), shown);
    for (const panel of report.panels) {
      assert.deepEqual(
        panel.replies.map((r: { model: string; sample: number }) => `${r.model}/${r.sample}`),
        ["base", "tuned"].flatMap((m) => Array.from({ length: K }, (_, k) => `${m}/${k}`)),
      );
      for (const r of panel.replies) {
        assert.equal(r.verdict.correct, verdict.get(`${r.model}/${panel.itemId}/${r.sample}`));
      }
    }

    const html = await assess(
      ["report", "-in", s.out, "-format", "html", "-config", s.config, "-panels", "2"],
    );
    assert.equal(html.code, 0, html.stderr);
    assert.match(html.stdout, /<h2 id="items">Items changed, shown whole<\/h2>/);
    assert.equal(html.stdout.match(/<details class="item">/g)?.length, shown.length);
    assert.equal(html.stdout.match(/<th>tuned, sample \d<\/th>/g)?.length, shown.length * K);
    const rest = better.length + worse.length - shown.length;
    if (rest > 0) assert.match(html.stdout, new RegExp(`${rest} changed items? not shown whole`));
    // Text and Markdown show no panel.
    const text = await assess(["report", "-in", s.out, "-config", s.config]);
    assert.doesNotMatch(text.stdout, /shown whole/);
  } finally {
    await emu.close();
  }
});
