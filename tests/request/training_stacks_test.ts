/**
 * The training files as the Python stacks read them, for what reference/split.md says of them:
 * Hugging Face `datasets` loads the `openai` file but alters numbers in its tools' schemas, and the
 * `hf` file as written; TRL's `SFTTrainer`, given either file as it is, writes each call's
 * arguments twice encoded; the page's `decode` and `to_text`, run as written, give it the
 * arguments once. Runs `tests/request/training_stacks.py` with real datasets, transformers and TRL
 * (a tokenizer and a model made there, no download); skipped, saying so, where they are not
 * installed (CI included: Debian packages none of them).
 */

import assert from "node:assert/strict";
import { loadDataset } from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { trainingFile } from "../../src/request/training.ts";
import { pythonSkip, runScript } from "../support/python.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const skip = await pythonSkip("the training files against datasets and TRL", "trl");

/** The ```python block of reference/split.md that holds `marker`. */
function pageBlock(marker: string): string {
  const page = Deno.readTextFileSync(`${ROOT}reference/split.md`);
  const block = [...page.matchAll(/```python\n([\s\S]*?)\n```/g)].map((m) => m[1]!)
    .find((source) => source.includes(marker));
  assert(block !== undefined, `reference/split.md has no \`\`\`python block with ${marker}`);
  return block;
}

Deno.test({
  name: "datasets and TRL on the training files of the bundled rows, as reference/split.md says",
  ignore: skip !== null,
  fn: async () => {
    const bytes = Deno.readFileSync(`${ROOT}reference/testdata/xlam-sample.json`);
    const items = loadDataset(bytes, sha256Hex(bytes)).items;
    const dir = await Deno.makeTempDir({ prefix: "assess_stacks_" });
    try {
      for (const format of ["openai", "hf"] as const) {
        await Deno.writeFile(
          `${dir}/${format}.jsonl`,
          trainingFile(items, "You call tools.", { format }).bytes,
        );
      }
      const out = await runScript(`${ROOT}tests/request/training_stacks.py`, {
        input: JSON.stringify({
          template: Deno.readTextFileSync(`${ROOT}tests/request/templates/hermes_like.jinja`),
          decode: pageBlock("def decode("),
          to_text: pageBlock("def to_text("),
        }),
        need: "trl",
        cwd: dir,
      });
      const result = JSON.parse(out);
      // datasets loads the openai file, and alters numbers of its tools' schemas (through its
      // Json feature), silently; it loads the hf file as written.
      assert.deepEqual(result.altered.openai.map((a: unknown[]) => a.slice(2)), [
        ["0.7", "0.7000000000000001"],
        ["8.854e-12", "0.0"],
        ["8.854e-12", "0.0"],
      ]);
      for (const [, path] of result.altered.openai) {
        assert.match(path, /^\.tools\[\d+\]\.function\.parameters\.properties\.\w+\.default$/);
      }
      assert.deepEqual(result.altered.hf, []);
      // TRL given either file as it is: the tools written once (the hf file's JSON text decoded),
      // each call's arguments twice encoded.
      for (const format of ["openai", "hf"]) {
        assert(
          result.trl[format].includes(
            '<tools>\n{"type": "function", "function": {"name": "live_giveaways_by_type", ',
          ),
          result.trl[format],
        );
        assert(
          result.trl[format].includes(
            '{"name": "live_giveaways_by_type", "arguments": "{\\"type\\":\\"beta\\"}"}',
          ),
          result.trl[format],
        );
      }
      // decode and to_text, then token ids with no special token added: the arguments once.
      assert(
        result.to_text.includes(
          '{"name": "live_giveaways_by_type", "arguments": {"type": "beta"}}',
        ),
        result.to_text,
      );
      assert.equal(result.documented, result.to_text);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
