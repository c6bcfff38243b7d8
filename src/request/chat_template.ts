/**
 * A model's chat template, read from its `tokenizer_config.json` or a `.jinja` file, and rendered
 * with `@huggingface/jinja` (Hugging Face's own Jinja for chat templates) the way vLLM renders a
 * request with it (through `transformers`): the messages and tools of the request, its
 * `chat_template_kwargs`, the tokenizer's special tokens, and `add_generation_prompt`.
 *
 * @module
 */

import { type ItemId, itemIdShown } from "../dataset/item_id.ts";
import { Environment, Template } from "@huggingface/jinja";
import type { JsonValue } from "../json/json_value.ts";
import { parseJson } from "../json/strict_json.ts";
import { ChatTemplateError } from "./chat_template_error.ts";
import {
  CompatInterpreter,
  pyStr,
  runtimeFunction,
  runtimeValue,
  setName,
  type Value,
} from "./_jinja_compat.ts";

/** An item's request and reply, as the JSON text the training line holds. */
export interface ChatRequestText {
  /** The `messages` array of the request, as JSON text (strings only, so read exactly). */
  readonly messages: string;
  /** The `tools` array of the request, as JSON text; `""` when the request sends none. */
  readonly tools: string;
  /**
   * The assistant message that answers it, as JSON text: its text (`content`), its calls
   * (`tool_calls`, each call's arguments JSON text), or both.
   */
  readonly reply: string;
  /** The request's `chat_template_kwargs`. */
  readonly kwargs: Readonly<Record<string, boolean>>;
}

/** The text of a prompt and of its completion. */
export interface PromptCompletion {
  /** The request as the template writes it, with the generation prompt. */
  readonly prompt: string;
  /** What the template writes after it for the reply: the assistant turn. */
  readonly completion: string;
}

/**
 * The most numbers `range()` gives: Jinja2's sandbox (`MAX_RANGE` in `jinja2/sandbox.py`), in
 * which `transformers` and vLLM render chat templates, refuses a longer range.
 */
const MAX_RANGE = 100_000;

/**
 * Python's `range()` as Jinja2's sandbox gives it: whole numbers only, a step other than 0, and at
 * most {@linkcode MAX_RANGE} numbers, its length known before any number is made (a template asking
 * for `range(100000000000)` is refused at once, in bounded memory).
 */
function range(start: unknown, stop?: unknown, step: unknown = 1): number[] {
  if (stop === undefined) [start, stop] = [0, start];
  for (const n of [start, stop, step]) {
    if (typeof n !== "number" || !Number.isInteger(n)) {
      throw new TypeError(`range() takes whole numbers, not ${JSON.stringify(n) ?? String(n)}`);
    }
  }
  const [first, end, by] = [start as number, stop as number, step as number];
  if (by === 0) throw new Error("range() step must not be zero");
  const length = Math.max(0, Math.ceil((end - first) / by));
  if (length > MAX_RANGE) {
    throw new RangeError(
      `range() of ${length} numbers: Jinja2's sandbox, which transformers and vLLM render chat ` +
        `templates in, refuses a range of more than ${MAX_RANGE}`,
    );
  }
  return Array.from({ length }, (_, k) => first + k * by);
}

const SPECIAL_TOKENS = ["bos_token", "eos_token", "unk_token", "pad_token"] as const;

/**
 * The names every template sees, as `transformers` gives them (`raise_exception`, and `range` as
 * Jinja2's sandbox bounds it), beside the constants Jinja2 knows (`true`, `True`, `none`, …).
 * `strftime_now` is given only with a date ({@linkcode ChatTemplateOptions.date}).
 */
const GLOBALS: Readonly<Record<string, unknown>> = {
  false: false,
  true: true,
  none: null,
  False: false,
  True: true,
  None: null,
  range,
};

/** `raise_exception(message)`: refuses the item with the template's message, as Jinja2's does. */
const RAISE = runtimeFunction(([message]) => {
  throw new Error(message === undefined ? "" : pyStr(message));
});

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * Python's `datetime.strftime(format)` of midnight on a day (`YYYY-MM-DD`), in the C locale, for
 * the directives chat templates use; another is refused.
 */
function strftime(day: string, format: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const yday = Math.round((date.getTime() - Date.UTC(y, 0, 1)) / 86_400_000) + 1;
  return format.replace(/%(-?)(.)/g, (all, dash: string, code: string) => {
    const p = dash === "-" ? (n: number) => String(n) : pad;
    switch (code) {
      case "d":
        return p(d);
      case "e":
        return String(d).padStart(2, " ");
      case "m":
        return p(m);
      case "Y":
        return String(y);
      case "y":
        return pad(y % 100);
      case "b":
      case "h":
        return MONTHS[m - 1]!.slice(0, 3);
      case "B":
        return MONTHS[m - 1]!;
      case "a":
        return DAYS[date.getUTCDay()]!.slice(0, 3);
      case "A":
        return DAYS[date.getUTCDay()]!;
      case "j":
        return dash === "-" ? String(yday) : pad(yday, 3);
      case "H":
      case "M":
      case "S":
        return p(0);
      case "I":
        return p(12);
      case "p":
        return "AM";
      case "F":
        return `${y}-${pad(m)}-${pad(d)}`;
      case "Z":
      case "z":
        return "";
      case "%":
        return dash === "" ? "%" : all;
      default:
        throw new RangeError(`strftime_now: the directive ${all} is not supported`);
    }
  });
}

/** The template's text for these names (and {@linkcode GLOBALS}). */
function renderWith(
  template: Template,
  names: Readonly<Record<string, Value>>,
  date: string | undefined,
): string {
  const env = new Environment();
  for (const [name, value] of Object.entries(GLOBALS)) env.set(name, value);
  setName(env, "raise_exception", RAISE);
  if (date !== undefined) {
    setName(
      env,
      "strftime_now",
      runtimeFunction(([format]) => runtimeValue(strftime(date, format ? pyStr(format) : ""))),
    );
  }
  for (const [name, value] of Object.entries(names)) setName(env, name, value);
  return new CompatInterpreter(env, template.parsed).run(template.parsed).value as string;
}

/** The message of an error thrown by the Jinja engine or the template. */
function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** How {@linkcode ChatTemplate.read} reads a template. */
export interface ChatTemplateOptions {
  /**
   * The day `strftime_now` writes, `YYYY-MM-DD` (at midnight), as `transformers` writes the day
   * it renders on: Llama 3.1 and 3.2's templates write it as their `Today Date`. Default none:
   * then `strftime_now` is not defined (a template that asks `strftime_now is defined` writes its
   * own fixed date; one that calls it is refused), so that a training file does not depend on the
   * day it is written.
   */
  readonly date?: string;
}

/** A model's chat template, ready to render items. */
export class ChatTemplate {
  readonly #default: Template;
  readonly #toolUse: Template;
  readonly #tokens: Readonly<Record<string, string>>;
  readonly #name: string;
  readonly #date: string | undefined;

  private constructor(
    templates: { default: Template; toolUse: Template },
    tokens: Record<string, string>,
    name: string,
    date: string | undefined,
  ) {
    this.#default = templates.default;
    this.#toolUse = templates.toolUse;
    this.#tokens = tokens;
    this.#name = name;
    this.#date = date;
  }

  /**
   * Reads a chat template. A file whose name ends with `.json` is a tokenizer configuration
   * (`tokenizer_config.json`): its `chat_template` is the template (a string, or a list of
   * `{name, template}`, whose `tool_use` renders requests with tools and `default` the others, as
   * `transformers` chooses), and its `bos_token`, `eos_token`, `unk_token` and `pad_token` (a
   * string or `{"content": …}`) are given to the template. Any other file is the template itself,
   * and carries no special tokens: one whose template reads `bos_token`, `eos_token`, `unk_token`
   * or `pad_token` is refused (it would write `""` for it).
   *
   * @param text The file's text.
   * @param name The file's name, to tell the two kinds apart and for messages.
   * @param options The day `strftime_now` writes, if any.
   * @returns The template.
   * @throws {ChatTemplateError} When the file holds no template, the template does not parse, or
   *   a template file (not a `.json`) reads a special token.
   * @throws {RangeError} When the date is not a real day written `YYYY-MM-DD`.
   *
   * @example
   * ```ts
   * import { ChatTemplate } from "./chat_template.ts";
   * import { ChatTemplateError } from "./chat_template_error.ts";
   * import assert from "node:assert/strict";
   *
   * ChatTemplate.read('{"chat_template": "{{ bos_token }}", "bos_token": "<s>"}', "tokenizer_config.json");
   * assert.throws(() => ChatTemplate.read("{{ bos_token }}", "t.jinja"), ChatTemplateError);
   * ```
   */
  static read(text: string, name: string, options: ChatTemplateOptions = {}): ChatTemplate {
    const date = options.date;
    if (date !== undefined && !isDay(date)) {
      throw new RangeError(`the date ${JSON.stringify(date)} is not a day written YYYY-MM-DD`);
    }
    const tokens: Record<string, string> = {};
    let sources: { default: string; toolUse: string };
    if (name.endsWith(".json")) {
      let config: unknown;
      try {
        config = JSON.parse(text);
      } catch (e) {
        throw new ChatTemplateError(`${name} is not JSON (${reason(e)})`);
      }
      const record = (typeof config === "object" && config !== null ? config : {}) as Record<
        string,
        unknown
      >;
      sources = templateSources(record.chat_template, name);
      for (const key of SPECIAL_TOKENS) {
        const token = record[key];
        const content = typeof token === "object" && token !== null
          ? (token as { content?: unknown }).content
          : token;
        if (typeof content === "string") tokens[key] = content;
      }
    } else {
      sources = { default: text, toolUse: text };
    }
    const parse = (source: string): Template => {
      try {
        return new Template(source);
      } catch (e) {
        throw new ChatTemplateError(`the chat template of ${name} does not parse: ${reason(e)}`);
      }
    };
    const parsed = parse(sources.default);
    if (!name.endsWith(".json")) {
      // A template file carries no special tokens: one that names them would write "" for each.
      const token = SPECIAL_TOKENS.find((key) => names(parsed.parsed).has(key));
      if (token !== undefined) {
        throw new ChatTemplateError(
          `the chat template ${name} uses ${token}, which a template file does not carry: give ` +
            `the model's tokenizer_config.json, which holds the template and its special tokens`,
        );
      }
    }
    return new ChatTemplate(
      {
        default: parsed,
        toolUse: sources.toolUse === sources.default ? parsed : parse(sources.toolUse),
      },
      tokens,
      name,
      date,
    );
  }

  /**
   * Renders an item's request and reply: the prompt is the template's text of the request's
   * messages and tools (none when the request sends none: `tools` is then `none`) with
   * `add_generation_prompt` true; the completion is what the text of the whole conversation (the
   * reply added, each call's arguments as an object, as vLLM gives them to a template, and
   * `add_generation_prompt` false) holds after the prompt. The request's `chat_template_kwargs`
   * and the special tokens are given too, and `strftime_now` when the template was read with a
   * date. The values are given as Python's `json` reads them (a number written `5.0` is a float)
   * and rendered as Jinja2 renders them (`_jinja_compat.ts`).
   *
   * @param itemId The item's id, for messages.
   * @param request The item's request and reply.
   * @returns The prompt and the completion.
   * @throws {ChatTemplateError} When the template fails on the item, or does not write the
   *   conversation as the prompt followed by the reply; naming the item and the template's error.
   *
   * @example
   * ```ts
   * import { ChatTemplate } from "./chat_template.ts";
   * import assert from "node:assert/strict";
   *
   * const template = ChatTemplate.read(
   *   "{% for m in messages %}<{{ m.role }}>{{ m.content or m.tool_calls[0].function.arguments | tojson }}" +
   *     "{% endfor %}{% if add_generation_prompt %}<assistant>{% endif %}",
   *   "t.jinja",
   * );
   * const text = template.render(1, {
   *   messages: '[{"role":"user","content":"Hi"}]',
   *   tools: "",
   *   reply: '{"role":"assistant","tool_calls":[{"id":"call_0","type":"function",' +
   *     '"function":{"name":"f","arguments":"{\\"a\\":1}"}}]}',
   *   kwargs: {},
   * });
   * assert.deepEqual(text, { prompt: "<user>Hi<assistant>", completion: '{"a": 1}' });
   * ```
   */
  render(itemId: ItemId, request: ChatRequestText): PromptCompletion {
    const messages = runtimeValue(parseJson(request.messages));
    // An item's own history (a chat-jsonl line's) may hold earlier calls with their arguments as
    // JSON text: a template is given them as objects, as vLLM gives them; and so are the reply's.
    const reply = runtimeValue(parseJson(request.reply));
    for (const message of [...messages.value as Value[], reply]) {
      decodeArguments(message);
      // A message with no text (a reply that only calls) is given `content: ""`, as vLLM's
      // chat_utils gives it to a template whose content format is "string".
      if (message.type === "ObjectValue") {
        const content = message.value.get("content") as Value | undefined;
        if (content === undefined || content.type === "NullValue") {
          message.value.set("content", runtimeValue(""));
        }
      }
    }
    const tools = request.tools === "" ? null : runtimeValue(parseJson(request.tools));
    const template = tools === null ? this.#default : this.#toolUse;
    const context: Record<string, Value> = { tools: tools ?? runtimeValue(null) };
    for (const [key, value] of Object.entries(this.#tokens)) context[key] = runtimeValue(value);
    for (const [key, value] of Object.entries(request.kwargs)) context[key] = runtimeValue(value);
    const conversation = runtimeValue([]);
    conversation.value = [...messages.value as Value[], reply];
    let prompt: string;
    let whole: string;
    try {
      prompt = renderWith(
        template,
        { ...context, messages, add_generation_prompt: runtimeValue(true) },
        this.#date,
      );
      whole = renderWith(
        template,
        { ...context, messages: conversation, add_generation_prompt: runtimeValue(false) },
        this.#date,
      );
    } catch (e) {
      throw new ChatTemplateError(
        `the chat template of ${this.#name} fails on item ${itemIdShown(itemId)}: ${reason(e)}`,
        itemId,
      );
    }
    if (!whole.startsWith(prompt)) {
      throw new ChatTemplateError(
        `the chat template of ${this.#name} fails on item ${
          itemIdShown(itemId)
        }: its text of the conversation does not start ` +
          `with its text of the prompt, so the reply cannot be told from the prompt`,
        itemId,
      );
    }
    return { prompt, completion: whole.slice(prompt.length) };
  }
}

/** Whether a text is a real day written `YYYY-MM-DD`. */
function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** Gives a message's calls their arguments as objects, where they are JSON text. */
function decodeArguments(message: Value): void {
  const calls = message.type === "ObjectValue" ? message.value.get("tool_calls") : undefined;
  if (calls?.type !== "ArrayValue") return;
  for (const call of calls.value as Value[]) {
    const fn = call.type === "ObjectValue" ? call.value.get("function") : undefined;
    const args = fn?.type === "ObjectValue" ? fn.value.get("arguments") : undefined;
    if (args?.type === "StringValue") {
      fn!.value.set("arguments", runtimeValue(parseJson(args.value as string) as JsonValue));
    }
  }
}

/**
 * The names a parsed template reads (its identifiers, less the attributes after a dot: `bos_token`
 * in `{{ bos_token }}` or `{% if bos_token is defined %}`, not in `{{ message.bos_token }}`), found
 * by walking every node of `@huggingface/jinja`'s syntax tree.
 */
function names(node: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) {
    for (const child of node) names(child, found);
  } else if (typeof node === "object" && node !== null) {
    const record = node as Record<string, unknown>;
    if (record.type === "Identifier" && typeof record.value === "string") found.add(record.value);
    for (const [key, child] of Object.entries(record)) {
      const attribute = key === "property" && record.type === "MemberExpression" &&
        !record.computed;
      if (!attribute) names(child, found);
    }
  }
  return found;
}

/** The default and tool-use templates of a tokenizer configuration's `chat_template`. */
function templateSources(value: unknown, name: string): { default: string; toolUse: string } {
  if (typeof value === "string") return { default: value, toolUse: value };
  if (Array.isArray(value)) {
    const named = new Map<unknown, unknown>(
      value.map((entry) => [entry?.name, entry?.template]),
    );
    const fallback = named.get("default");
    const toolUse = named.get("tool_use") ?? fallback;
    if (typeof fallback === "string" && typeof toolUse === "string") {
      return { default: fallback, toolUse };
    }
    throw new ChatTemplateError(
      `${name}'s chat_template is a list with no "default" template (a string)`,
    );
  }
  throw new ChatTemplateError(`${name} has no chat_template (a string, or a list of templates)`);
}
