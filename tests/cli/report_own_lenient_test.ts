/**
 * A registered scorer's lenient reading is its `lenient` member: `assess report` makes it beside
 * the strict reading and `-scoring lenient` makes it decide, as for `xlam-tool-call`; a registered
 * scorer without one refuses `-scoring lenient` (exit 64). The emulator's model answers right in
 * substance and wrong in form on the items it records; the own reading forgives every argument.
 */

import assert from "node:assert/strict";
import { assess } from "./_in_process.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { register } from "../../src/score/registry.ts";
import type { Reply, Scorer } from "../../src/score/scorer.ts";
import type { Item } from "../../src/dataset/item.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { configText } from "../run/_fixtures.ts";
import { itemKey, startEmulator } from "../support/vllm_emulator.ts";

const SAMPLE = new URL("../../reference/testdata/xlam-sample.json", import.meta.url).pathname;
const SIZE = 60;

/** The tools a list of calls names, in a fixed order. */
const names = (calls: readonly { readonly name: string }[]) =>
  calls.map((c) => c.name).sort().join(",");

/** A lenient reading of its own: the answer's tools, whatever the arguments. */
const sameTools: Scorer = {
  name: "own-strict (lenient)",
  version: "1",
  reasons: xlamToolCall.reasons,
  key: xlamToolCall.key,
  score: (item: Item, reply: Reply) =>
    names(reply.calls) === names(item.answers) && !reply.truncated
      ? { correct: true, reason: "match", detail: "the answer's tools" }
      : { correct: false, reason: "name", detail: "other tools" },
};

/** Strict as `xlam-tool-call`, under names of their own: one with the reading, one without. */
const withReading: Scorer = {
  name: "own-strict",
  version: "1",
  reasons: xlamToolCall.reasons,
  key: xlamToolCall.key,
  score: xlamToolCall.score,
  lenient: sameTools,
};
const { lenient: _reading, ...strictOnly } = withReading;
const without: Scorer = { ...strictOnly, name: "own-strict-only" };
register(withReading);
register(without);

Deno.test("report: a registered scorer's lenient reading is made and decides; one without refuses -scoring lenient", async (t) => {
  const rows = JSON.parse(await Deno.readTextFile(SAMPLE));
  const emu = await startEmulator({
    rows,
    adapters: ["formatting"],
    scripts: { formatting: "lower-case:0.3,at-defaults:0.6" },
  });
  const dir = await Deno.makeTempDir({ prefix: "assess_own_lenient_" });
  try {
    const text = configText({
      url: emu.url,
      adapters: [{ name: "formatting" }],
      datasetPath: SAMPLE,
      datasetSha256: sha256Hex(await Deno.readFile(SAMPLE)),
      size: SIZE,
    });
    /** Runs with the scorer named, returning the config's and the results' paths. */
    const runWith = async (scorer: string) => {
      const config = `${dir}/${scorer}.yaml`;
      await Deno.writeTextFile(config, text.replace("name: xlam-tool-call", `name: ${scorer}`));
      const out = `${dir}/${scorer}.jsonl`;
      const ran = await assess(["run", "-config", config, "-out", out]);
      assert.equal(ran.code, 0, ran.stderr);
      return { config, out };
    };
    const report = (files: { config: string; out: string }, ...more: string[]) =>
      assess(["report", "-in", files.out, "-config", files.config, "-format", "json", ...more]);

    const own = await runWith(withReading.name);
    let changed = 0;
    for (const key of emu.stats.formatted.keys()) {
      if (key.startsWith(itemKey("formatting", "?").slice(0, -1))) changed++;
    }
    assert(changed >= 5, `only ${changed} items changed in form`);

    await t.step(
      "the reading is made beside the strict one, its rescues under no rule",
      async () => {
        const r = await report(own);
        assert.equal(r.code, 0, r.stderr);
        const json = JSON.parse(r.stdout);
        const model = json.models[1];
        assert.equal(model.strict.correct, SIZE - changed);
        assert.deepEqual(model.lenient, {
          correct: SIZE,
          accuracy: 1,
          rescued: { "string-form": 0, "optional-default": 0 },
        });
        assert.equal(json.scoring.decides, "strict");
        assert.deepEqual(json.scoring.selftest, { passed: true, items: SIZE });
      },
    );

    await t.step("-scoring lenient makes it decide", async () => {
      const r = await report(own, "-scoring", "lenient");
      assert.equal(r.code, 0, r.stderr);
      const json = JSON.parse(r.stdout);
      assert.equal(json.scoring.decides, "lenient");
      assert.equal(json.models[1].correct, SIZE);
      assert.equal(json.models[1].strict.correct, SIZE - changed);
    });

    await t.step("a scorer without one: no reading, and -scoring lenient refused", async () => {
      const plain = await runWith(without.name);
      const r = await report(plain);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout).models[1].lenient, null);
      const refused = await report(plain, "-scoring", "lenient");
      assert.equal(refused.code, 64);
      assert.match(
        refused.stderr,
        /-scoring lenient: the scorer own-strict-only has no lenient reading/,
      );
    });
  } finally {
    await emu.close();
    await Deno.remove(dir, { recursive: true });
  }
});
