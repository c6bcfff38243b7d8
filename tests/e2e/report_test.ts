/**
 * `assess report` as the real command line, with the narrow permissions a user gives it: read
 * access to the results file only (after a run against the vLLM emulator, for categories, the
 * decision and an adapter that was not applied), FIFOs, and outputs that are inputs.
 */

import assert from "node:assert/strict";
import { readAll } from "../results/_read_all.ts";
import { headerFor, type Plan, resultsFor } from "../report/_results.ts";
import {
  apartRows,
  categoryRows,
  configText,
  setupRun,
  syntheticDataset,
} from "../run/_fixtures.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { startEmulator } from "../support/vllm_emulator.ts";
import { assess, fixtureFile, GATE_CASES, PLAN } from "../cli/_report_fixtures.ts";
import { spawnCli, type Spawned } from "./_spawn.ts";

/** What the command line gives for an -out that is the same file as an input (`input` as named). */
function sameFile(out: string, input: string): Spawned {
  return {
    code: 64,
    out: "",
    err: `assess report: -out ${out} is the same file as ${input}: an output must not overwrite ` +
      "an input\n",
  };
}

/** What the command line gives for a text report written to -out report.txt. */
const WRITTEN: Spawned = { code: 0, out: "report.txt: text report written\n", err: "" };

Deno.test("assess report as the real command line, with read access to the results file only", async () => {
  const { dir, path } = await fixtureFile();
  const ran = await spawnCli(dir, [`--allow-read=${path}`], [
    "report",
    "-in",
    path,
    "-format",
    "markdown",
  ]);
  assert.equal(ran.code, 0, ran.err);
  assert.equal(ran.err, "");
  assert.match(ran.out, /^# assess report: tuned against base\n/);
});

Deno.test("end to end: categories, the decision, an adapter that was not applied and the item panels, from a run against the emulator", async () => {
  const n = 80;
  const rows = apartRows(categoryRows(n)); // every item its own cluster
  const emu = await startEmulator({
    rows,
    adapters: ["ghost", "tuned"],
    scripts: { base: "errors:0.3", ghost: "not-applied", tuned: "errors:0.1" },
  });
  try {
    const s = await setupRun(n, {
      url: emu.url,
      rows,
      adapters: [{ name: "ghost" }, { name: "tuned" }],
      decision: "  margin: 1\n  guard: [no-call]",
    });
    const ran = await assess(["run", "-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 0, ran.stderr);
    assert.match(ran.stderr, /^WARNING: ghost's first 50 replies are byte for byte base's/m);

    // With read access to the results file only: categories, decision and identical replies.
    const spawned = await spawnCli(s.dir, [`--allow-read=${s.out}`], [
      "report",
      "-in",
      s.out,
      "-format",
      "json",
    ]);
    assert.equal(spawned.code, 0, spawned.err);
    const json = JSON.parse(spawned.out);
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
      /^no conclusion between ghost and base: 0\.0 points \[-4\.5, 4\.5\], p = 1 \(ghost's replies are identical to base's on 100\.0% of the 80 paired items, so the adapter may not be applied; the 95% interval holds 0 and reaches -1 or below\)$/,
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

    // -panels 2: of each adapter's fixed items, of its broken items and of the disputed items,
    // the first 2 by id get a panel (in HTML and JSON); the other changed items are listed by id.
    const cap = 2;
    assert.ok(tuned.discordant.fixed.length > cap, "more fixed items than the cap");
    const lists: number[][] = [
      (json.disputedItems ?? []).map((d: { itemId: number }) => d.itemId),
      ...json.comparisons.flatMap((c: { discordant: { fixed: number[]; broke: number[] } }) => [
        c.discordant.fixed,
        c.discordant.broke,
      ]),
    ];
    const shown = [...new Set(lists.flatMap((l) => l.slice(0, cap)))].sort((a, b) => a - b);
    const changedIds = [...new Set(lists.slice(1).flat())].sort((a, b) => a - b);
    const rest = changedIds.filter((id) => !shown.includes(id));
    assert.ok(rest.length > 0, "some changed items left without a panel");
    const capped = JSON.parse(
      (await assess([
        "report",
        "-in",
        s.out,
        "-config",
        s.config,
        "-format",
        "json",
        "-panels",
        String(cap),
      ])).stdout,
    );
    assert.deepEqual(capped.panels.map((p: { itemId: number }) => p.itemId), shown);
    // The JSON lists every changed item still, in each comparison's lists.
    assert.deepEqual(capped.comparisons.map((c: { discordant: unknown }) => c.discordant), [
      ghost.discordant,
      tuned.discordant,
    ]);
    const page = await assess([
      "report",
      "-in",
      s.out,
      "-config",
      s.config,
      "-format",
      "html",
      "-panels",
      String(cap),
    ]);
    assert.equal(page.code, 0, page.stderr);
    const anchors = [...page.stdout.matchAll(/<span id="item-(\d+)"><\/span>/g)].map((m) =>
      Number(m[1])
    );
    assert.deepEqual(anchors.sort((a, b) => a - b), shown);
    assert.equal(page.stdout.match(/<details class="item">/g)?.length, shown.length);
    assert.ok(
      page.stdout.includes(
        `<p>${changedIds.length} items an adapter fixed or broke; ${
          changedIds.length - rest.length
        } of them shown whole, the other ${rest.length} listed by id below.`,
      ),
    );
    const listed = page.stdout.match(
      /<h3 id="items-not-shown">Changed items not shown whole<\/h3>\n<p>(\d+) changed items? not shown whole: [^\n]*-panels all[^\n]*\n<details><summary>\d+ items? by id<\/summary>\n<p class="ids">([^<]*)<\/p>/,
    );
    assert.ok(listed, "the items not shown, listed by id");
    assert.equal(Number(listed[1]), rest.length);
    assert.deepEqual(listed[2]!.split(", ").map(Number), rest);
    // -panels all shows every one; a -panels that is not a whole number of at least 1 is refused.
    const all = await assess([
      "report",
      "-in",
      s.out,
      "-config",
      s.config,
      "-format",
      "html",
      "-panels",
      "all",
    ]);
    assert.equal(all.stdout.match(/<details class="item">/g)?.length, changed);
    assert.doesNotMatch(all.stdout, /items-not-shown/);
    for (const bad of ["0", "-1", "1.5", "many"]) {
      const refused = await assess(["report", "-in", s.out, "-config", s.config, "-panels", bad]);
      assert.equal(refused.code, 64, bad);
      assert.equal(
        refused.stderr,
        `assess report: -panels "${bad}" is not a whole number of at least 1, or all\n`,
      );
    }

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
    const report = (args: string[]) => spawnCli(dir, permissions, ["report", ...args]);
    try {
      for (
        const out of ["results.jsonl", "./results.jsonl", `${dir}/results.jsonl`, "hard.jsonl"]
      ) {
        await t.step(`-in results.jsonl -out ${out}`, async () => {
          const r = await report(["-in", "results.jsonl", "-format", "html", "-out", out]);
          assert.deepEqual(r, sameFile(out, "-in results.jsonl"));
          assert.deepEqual(await Deno.readFile(`${dir}/results.jsonl`), results);
          assert.deepEqual(
            [...Deno.readDirSync(dir)].map((e) => e.name).sort(),
            ["hard.jsonl", "results.jsonl"],
          );
        });
      }
      await t.step("another -out is written as before", async () => {
        const r = await report(["-in", "./results.jsonl", "-out", "report.txt"]);
        assert.deepEqual(r, WRITTEN);
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
        // What the configuration gives: a -config that is not the run's is refused.
        header: {
          dataset: { path: "data.json", sha256: sha256Hex(dataset) },
          split: { ...headerFor("base", ["tuned"], n).split, digest },
          system: "You call tools.",
          sampling: { ...headerFor("base", ["tuned"], n).sampling, seed: "9007199254740993" },
        },
      };
      await Deno.writeFile(`${dir}/results.jsonl`, resultsFor(plan).bytes);
      const results = await Deno.readFile(`${dir}/results.jsonl`);
      const permissions = [
        "--allow-read=results.jsonl,older.jsonl,assess.yaml,data.json,.",
        "--allow-write=.",
      ];
      const report = (args: string[]) => spawnCli(dir, permissions, ["report", ...args]);
      const cases = [
        { out: "assess.yaml", other: "-config assess.yaml" },
        { out: "./data.json", other: "the dataset data.json" },
      ];
      for (const c of cases) {
        await t.step(`-out ${c.out}`, async () => {
          const r = await report(["-in", "results.jsonl", "-config", "assess.yaml", "-out", c.out]);
          assert.deepEqual(r, sameFile(c.out, c.other));
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
        const r = await report(["-in", "older.jsonl", "-out", "assess.yaml"]);
        assert.equal(r.code, 64);
        assert.match(
          r.err,
          /\nassess report: -out assess\.yaml is the same file as the config assess\.yaml: an output must not overwrite an input\n$/,
        );
        assert.deepEqual(await Deno.readFile(`${dir}/assess.yaml`), config);
        await Deno.remove(older);
      });
      await t.step("the same config with another -out is reported", async () => {
        const r = await report([
          "-in",
          "results.jsonl",
          "-config",
          "assess.yaml",
          "-out",
          "report.txt",
        ]);
        assert.deepEqual(r, WRITTEN);
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("assess report -gate as its own process: the four exit codes, read permission only", async (t) => {
  for (const c of GATE_CASES) {
    await t.step(c.name, async () => {
      const { dir, path } = await fixtureFile(c.plan);
      const ran = await spawnCli(dir, [`--allow-read=${path}`], ["report", "-in", path, "-gate"]);
      assert.equal(ran.code, c.code, ran.err);
      assert.match(ran.err, c.line);
      await Deno.remove(dir, { recursive: true });
    });
  }
});
