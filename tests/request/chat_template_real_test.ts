/**
 * The real chat templates of the model families vLLM serves (tests/request/templates/real/, each
 * with its origin and licence in the README there), rendered by assess and by Python's Jinja2 in
 * the environment `transformers`' `apply_chat_template` renders in
 * (reference/python/chat_template.py), on every bundled row (reference/testdata/xlam-sample.json
 * and rows.json) and every item of the chat example (reference/testdata/chat/tickets.jsonl): the
 * same text, byte for byte, or a refusal by both.
 */

import assert from "node:assert/strict";
import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import { detachedItem, loadDataset } from "../../src/dataset/dataset.ts";
import type { Item } from "../../src/dataset/item.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import type { PromptCompletion } from "../../src/request/chat_template.ts";
import { assistantText } from "../../src/request/training.ts";
import { pythonSkip } from "../support/python.ts";
import { renderBoth, type RenderCase } from "./_render_both.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const REAL = `${ROOT}tests/request/templates/real/`;

/** A real template and the special tokens of its model (a template file carries none). */
interface RealTemplate {
  /** The file in tests/request/templates/real/. */
  readonly file: string;
  /** The special tokens given beside a template file (a `tokenizer_config.json` holds its own). */
  readonly tokens?: Readonly<Record<string, string>>;
}

const LLAMA3 = { bos_token: "<|begin_of_text|>", eos_token: "<|eot_id|>" };
const TEMPLATES: readonly RealTemplate[] = [
  { file: "qwen2_5.tokenizer_config.json" },
  { file: "qwen3.tokenizer_config.json" },
  { file: "llama3_1.tokenizer_config.json" },
  { file: "llama3_2.tokenizer_config.json" },
  { file: "deepseek_v3.tokenizer_config.json" },
  { file: "vllm_hermes.jinja", tokens: { bos_token: "<s>", eos_token: "<|im_end|>" } },
  { file: "vllm_mistral.jinja", tokens: { bos_token: "<s>", eos_token: "</s>" } },
  { file: "vllm_mistral_parallel.jinja", tokens: { bos_token: "<s>", eos_token: "</s>" } },
  { file: "vllm_llama3_1_json.jinja", tokens: LLAMA3 },
  { file: "vllm_llama3_2_json.jinja", tokens: LLAMA3 },
  {
    file: "vllm_deepseekv3.jinja",
    tokens: { bos_token: "<｜begin▁of▁sentence｜>", eos_token: "<｜end▁of▁sentence｜>" },
  },
  { file: "vllm_xlam_qwen.jinja", tokens: {} },
  { file: "vllm_xlam_llama.jinja", tokens: LLAMA3 },
  { file: "vllm_llama3_2_pythonic.jinja", tokens: LLAMA3 },
  { file: "vllm_qwen3coder.jinja", tokens: {} },
  { file: "vllm_phi4_mini.jinja", tokens: {} },
];

/** The template as `-chat-template` reads it: a tokenizer configuration holding it and its tokens. */
function configText(real: RealTemplate): string {
  const text = Deno.readTextFileSync(REAL + real.file);
  return real.tokens === undefined ? text : JSON.stringify({ chat_template: text, ...real.tokens });
}

/** Whether an item has a reply to train on (an answer with no call and no text has none). */
function hasReply(item: Item): boolean {
  try {
    assistantText(item);
    return true;
  } catch {
    return false;
  }
}

/** The inputs: every bundled row, with and without a system prompt, and every chat item. */
function inputs(): { name: string; items: Item[]; system: string }[] {
  const rows = (file: string) => {
    const bytes = Deno.readFileSync(`${ROOT}reference/testdata/${file}`);
    return loadDataset(bytes, sha256Hex(bytes)).items
      .filter((i) => i.ineligible === undefined)
      .map(detachedItem)
      .filter(hasReply);
  };
  const chatBytes = Deno.readFileSync(`${ROOT}reference/testdata/chat/tickets.jsonl`);
  const chat = loadChatDataset(chatBytes, sha256Hex(chatBytes)).items
    .filter((i) => i.ineligible === undefined)
    .map(detachedItem)
    .filter(hasReply);
  return [
    { name: "xlam-sample.json", items: rows("xlam-sample.json"), system: "" },
    {
      name: "xlam-sample.json, system prompt",
      items: rows("xlam-sample.json"),
      system: "Be brief.",
    },
    { name: "rows.json", items: rows("rows.json"), system: "" },
    { name: "chat/tickets.jsonl", items: chat, system: "" },
    { name: "chat/tickets.jsonl, system prompt", items: chat, system: "Be brief." },
  ];
}

/** What both renderers did with one template over a set of inputs. */
interface Tally {
  /** Items rendered to the same prompt and completion, byte for byte. */
  same: number;
  /** Items both refused (the template's own error, or a text that does not start with the prompt). */
  refused: number;
  /** Items rendered otherwise, or refused by one only, with both outcomes. */
  differ: string[];
}

/**
 * Renders every input with every template, by assess and by Jinja2, and tallies the outcomes per
 * template; `date` is the day `strftime_now` writes, if any.
 */
async function compare(
  templates: readonly RealTemplate[],
  date?: string,
): Promise<{ tallies: Map<string, Tally>; texts: Map<string, PromptCompletion[]> }> {
  const cases: RenderCase[] = [];
  const where: { template: string; id: string }[] = [];
  for (const real of templates) {
    const config = configText(real);
    for (const set of inputs()) {
      for (const item of set.items) {
        cases.push({ config, item, system: set.system, ...(date === undefined ? {} : { date }) });
        where.push({ template: real.file, id: `${set.name} ${item.id}` });
      }
    }
  }
  const { ours, theirs } = await renderBoth(cases);
  const tallies = new Map<string, Tally>();
  const texts = new Map<string, PromptCompletion[]>();
  for (const [k, a] of ours.entries()) {
    const b = theirs[k]!;
    const w = where[k]!;
    const tally = tallies.get(w.template) ?? { same: 0, refused: 0, differ: [] };
    tallies.set(w.template, tally);
    if ("error" in a && "error" in b) tally.refused++;
    else if (
      !("error" in a) && !("error" in b) && a.prompt === b.prompt &&
      a.completion === b.completion
    ) {
      tally.same++;
      texts.set(w.template, [...texts.get(w.template) ?? [], a]);
    } else tally.differ.push(`${w.id}: assess ${JSON.stringify(a)}, Jinja2 ${JSON.stringify(b)}`);
  }
  return { tallies, texts };
}

/**
 * Items rendered the same and items refused by both, per template, over the 436 inputs (the 200
 * rows of xlam-sample.json that have a reply, without and with a system prompt; the 14 of
 * rows.json; the 11 eligible chat items, without and with a system prompt). The refusals are the
 * templates' own, made by Jinja2 as by assess: Llama 3.1 and 3.2's one call a turn (103 rows
 * twice, 4 made-up rows, 2 chat items twice), vLLM's Hermes template on a tool result with no
 * `name` (3 chat items twice), vLLM's parallel Mistral template on call ids shorter than 9
 * characters (every item), and vLLM's DeepSeek-V3 template, whose text of a conversation does not
 * start with its text of the prompt (every item).
 */
const EXPECTED: Record<string, [same: number, refused: number]> = {
  "qwen2_5.tokenizer_config.json": [436, 0],
  "qwen3.tokenizer_config.json": [436, 0],
  "llama3_1.tokenizer_config.json": [436, 0],
  "llama3_2.tokenizer_config.json": [222, 214],
  "deepseek_v3.tokenizer_config.json": [436, 0],
  "vllm_hermes.jinja": [430, 6],
  "vllm_mistral.jinja": [436, 0],
  "vllm_mistral_parallel.jinja": [0, 436],
  "vllm_llama3_1_json.jinja": [222, 214],
  "vllm_llama3_2_json.jinja": [222, 214],
  "vllm_deepseekv3.jinja": [0, 436],
  "vllm_xlam_qwen.jinja": [436, 0],
  "vllm_xlam_llama.jinja": [436, 0],
  "vllm_llama3_2_pythonic.jinja": [436, 0],
  "vllm_qwen3coder.jinja": [436, 0],
  "vllm_phi4_mini.jinja": [436, 0],
};

const skip = await pythonSkip("real chat templates against Jinja2", "jinja2");

Deno.test({
  name: "every real template renders every bundled row and chat item as Jinja2 renders it",
  ignore: skip !== null,
  fn: async () => {
    const { tallies, texts } = await compare(TEMPLATES);
    const found: Record<string, [number, number]> = {};
    for (const [template, tally] of tallies) {
      assert.deepEqual(tally.differ, [], `${template} renders otherwise than Jinja2`);
      found[template] = [tally.same, tally.refused];
    }
    assert.deepEqual(found, EXPECTED);
    // With no date, Llama's templates write their own.
    for (const template of ["llama3_2.tokenizer_config.json", "vllm_llama3_1_json.jinja"]) {
      assert(texts.get(template)!.every((t) => t.prompt.includes("\nToday Date: 26 Jul 2024\n")));
    }
    // DeepSeek-V3's own template writes no call when the reply's content is "" (not None): every
    // reply but the 4 that answer in text is its end token alone.
    const deepseek = texts.get("deepseek_v3.tokenizer_config.json")!;
    assert.equal(deepseek.filter((t) => t.completion === "<｜end▁of▁sentence｜>").length, 432);
  },
});

Deno.test({
  name: "with a date, strftime_now writes that day in Llama's templates, as transformers does",
  ignore: skip !== null,
  fn: async () => {
    // The templates that write strftime_now's day: Llama 3.2's, and vLLM's Llama 3.1 and 3.2 ones.
    const llama = TEMPLATES.filter((t) =>
      t.file.startsWith("llama3_2") || /^vllm_llama3_[12]_(json|pythonic)/.test(t.file)
    );
    assert.equal(llama.length, 4);
    const { tallies, texts } = await compare(llama, "2024-09-01");
    const prompts = [...texts.values()].flat().map((t) => t.prompt);
    for (const [template, tally] of tallies) {
      assert.deepEqual(tally.differ, [], `${template} renders otherwise than Jinja2`);
      assert.equal(tally.same, EXPECTED[template]![0], template);
    }
    assert.equal(prompts.length, 3 * 222 + 436);
    assert(prompts.every((p) => p.includes("\nToday Date: 01 Sep 2024\n")));
  },
});
