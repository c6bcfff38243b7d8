/**
 * Items rendered with a chat template twice: by assess (`ChatTemplate.render`, as
 * `split -train -chat-template` renders them) and by Python's Jinja2 in the environment
 * `transformers` renders in (reference/python/chat_template.py), for the differential tests.
 *
 * @module
 */

import assert from "node:assert/strict";
import type { Item } from "../../src/dataset/item.ts";
import { ChatTemplate, type PromptCompletion } from "../../src/request/chat_template.ts";
import { ChatTemplateError } from "../../src/request/chat_template_error.ts";
import { promptText } from "../../src/request/request.ts";
import { assistantText } from "../../src/request/training.ts";
import { runScript } from "../support/python.ts";

const SCRIPT = new URL("../../reference/python/chat_template.py", import.meta.url).pathname;

/** A rendering: the prompt and completion, or the refusal's message. */
export type Outcome = PromptCompletion | { error: string };

/** One item to render with one template. */
export interface RenderCase {
  /** A `tokenizer_config.json`'s text: the template and its special tokens. */
  readonly config: string;
  /** The item. */
  readonly item: Item;
  /** The system prompt (`""` for none). */
  readonly system: string;
  /** The day `strftime_now` writes, if any. */
  readonly date?: string;
}

/** The template and special tokens of a configuration, as the Python reference takes them. */
function referenceParts(config: string): { template: string; tokens: Record<string, string> } {
  const parsed = JSON.parse(config) as Record<string, unknown>;
  const tokens: Record<string, string> = {};
  for (const key of ["bos_token", "eos_token", "unk_token", "pad_token"]) {
    const token = parsed[key];
    const content = typeof token === "object" && token !== null
      ? (token as { content?: unknown }).content
      : token;
    if (typeof content === "string") tokens[key] = content;
  }
  return { template: parsed.chat_template as string, tokens };
}

/**
 * Renders each case by assess and by Jinja2, with `enable_thinking` false.
 *
 * @returns The two outcomes of each case, in order.
 */
export async function renderBoth(
  cases: readonly RenderCase[],
): Promise<{ ours: Outcome[]; theirs: Outcome[] }> {
  const templates = new Map<string, ChatTemplate>();
  const ours: Outcome[] = [];
  const lines: string[] = [];
  const kwargs = { enable_thinking: false };
  for (const c of cases) {
    const key = `${c.date ?? ""}\n${c.config}`;
    let template = templates.get(key);
    if (template === undefined) {
      template = ChatTemplate.read(
        c.config,
        "tokenizer_config.json",
        c.date === undefined ? {} : { date: c.date },
      );
      templates.set(key, template);
    }
    const prompt = promptText(c.item, c.system);
    const request = {
      messages: `[${prompt.messages}]`,
      tools: prompt.tools,
      reply: assistantText(c.item),
      kwargs,
    };
    lines.push(
      JSON.stringify({ ...referenceParts(c.config), ...request, date: c.date ?? null }) + "\n",
    );
    try {
      ours.push(template.render(c.item.id, request));
    } catch (e) {
      assert(e instanceof ChatTemplateError, String(e));
      ours.push({ error: e.message });
    }
  }
  const out = await runScript(SCRIPT, { input: lines.join(""), need: "jinja2" });
  const theirs = out.trimEnd().split("\n").map((l) => JSON.parse(l) as Outcome);
  assert.equal(theirs.length, cases.length);
  return { ours, theirs };
}
