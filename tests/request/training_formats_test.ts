/**
 * The three formats of the training file, each held to what its readers take: OpenAI's
 * fine-tuning line (every member documented by OpenAI, nothing else), the hf line (one type shape
 * on every line), and a chat template's prompt and completion; and, where they are installed, the
 * files as datasets and TRL read them.
 */

import assert from "node:assert/strict";
import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import { loadDataset } from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { ChatTemplate } from "../../src/request/chat_template.ts";
import { trainingFile } from "../../src/request/training.ts";
import type { TrainingOptions } from "../../src/request/training.ts";
import { pythonSkip, runScript } from "../support/python.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const none = { permissions: "none" } as const;
const sampleBytes = Deno.readFileSync(`${ROOT}reference/testdata/xlam-sample.json`);
const sample = loadDataset(sampleBytes, sha256Hex(sampleBytes));

const chatBytes = Deno.readFileSync(`${ROOT}reference/testdata/chat/tickets.jsonl`);
/** The bundled chat example: histories, tool messages, answers in text. */
const chat = loadChatDataset(chatBytes, sha256Hex(chatBytes));

/** The lines of the sample dataset's training file (every item, less those with no line). */
function sampleLines(system: string, options: TrainingOptions = {}): unknown[] {
  const text = new TextDecoder().decode(trainingFile(sample.items, system, options).bytes);
  return text.trimEnd().split("\n").map((line) => JSON.parse(line));
}

/** The lines of the bundled chat example's training file (every item, less hd-010, ineligible). */
function chatLines(system: string, options: TrainingOptions = {}): unknown[] {
  const text = new TextDecoder().decode(trainingFile(chat.items, system, options).bytes);
  return text.trimEnd().split("\n").map((line) => JSON.parse(line));
}

// --- openai ----------------------------------------------------------------------------------

/**
 * The members of a line of a chat fine-tuning file as OpenAI documents them (its API reference,
 * `FineTuneChatRequestInput` and the chat message types it takes): any member not listed here is
 * refused. `schema: "any"` is a value not looked into (a tool's JSON Schema).
 */
type Doc = "string" | "boolean" | "number" | "any" | { array: Doc } | { object: DocObject };
type DocObject = Readonly<Record<string, Doc>>;

const TOOL_CALL: Doc = {
  object: {
    id: "string",
    type: "string",
    function: { object: { name: "string", arguments: "string" } },
  },
};
const MESSAGE_BY_ROLE: Readonly<Record<string, DocObject>> = {
  system: { role: "string", content: "string", name: "string" },
  user: { role: "string", content: "string", name: "string" },
  assistant: {
    role: "string",
    content: "string",
    refusal: "string",
    name: "string",
    tool_calls: { array: TOOL_CALL },
    weight: "number",
  },
  tool: { role: "string", content: "string", tool_call_id: "string" },
};
const TOOL: Doc = {
  object: {
    type: "string",
    function: {
      object: { name: "string", description: "string", parameters: "any", strict: "boolean" },
    },
  },
};
const LINE: DocObject = {
  messages: "any", // each message is checked by its role, below
  tools: { array: TOOL },
  parallel_tool_calls: "boolean",
};

/** Where `value` has a member OpenAI does not document, or a value of another type. */
function undocumented(value: unknown, doc: Doc, where: string): string[] {
  if (doc === "any") return [];
  const type: string = typeof value;
  if (typeof doc === "string") return type === doc ? [] : [`${where} is not a ${doc}`];
  if ("array" in doc) {
    if (!Array.isArray(value)) return [`${where} is not an array`];
    return value.flatMap((v, i) => undocumented(v, doc.array, `${where}[${i}]`));
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return [`${where} is not an object`];
  }
  return Object.entries(value).flatMap(([key, v]) =>
    Object.hasOwn(doc.object, key)
      ? undocumented(v, doc.object[key]!, `${where}.${key}`)
      : [`${where}.${key} is not a member OpenAI documents`]
  );
}

/** Everything wrong with a line as OpenAI's chat fine-tuning takes it. */
function openaiProblems(line: unknown): string[] {
  const problems = undocumented(line, { object: LINE }, "line");
  const { messages, tools } = line as { messages?: unknown; tools?: unknown[] };
  if (!Array.isArray(messages)) return [...problems, "line.messages is not an array"];
  for (const [i, message] of messages.entries()) {
    const role = (message as { role?: string }).role ?? "";
    const doc = MESSAGE_BY_ROLE[role];
    if (doc === undefined) problems.push(`line.messages[${i}] has role ${role}`);
    else problems.push(...undocumented(message, { object: doc }, `line.messages[${i}]`));
    const calls = (message as { tool_calls?: { type: string; function: { arguments: string } }[] })
      .tool_calls;
    for (const [k, call] of (calls ?? []).entries()) {
      if (call.type !== "function") problems.push(`messages[${i}].tool_calls[${k}].type`);
      try {
        JSON.parse(call.function.arguments);
      } catch {
        problems.push(`messages[${i}].tool_calls[${k}] arguments are not JSON text`);
      }
    }
    const ids = (calls ?? []).map((c) => (c as unknown as { id?: string }).id);
    if (ids.some((id) => id === undefined) || new Set(ids).size !== ids.length) {
      problems.push(`messages[${i}]'s tool calls do not each have their own id`);
    }
  }
  for (const [t, tool] of (tools ?? []).entries()) {
    if ((tool as { type?: string }).type !== "function") problems.push(`tools[${t}].type`);
  }
  return problems;
}

Deno.test("the openai check refuses what OpenAI does not document", none, () => {
  const good = {
    messages: [
      { role: "user", content: "q" },
      {
        role: "assistant",
        tool_calls: [{ id: "call_0", type: "function", function: { name: "f", arguments: "{}" } }],
      },
    ],
  };
  assert.deepEqual(openaiProblems(good), []);
  assert.deepEqual(openaiProblems({ id: 7, ...good }), [
    "line.id is not a member OpenAI documents",
  ]);
  const noId = structuredClone(good);
  delete (noId.messages[1]!.tool_calls![0] as { id?: string }).id;
  assert.deepEqual(openaiProblems(noId), [
    "messages[1]'s tool calls do not each have their own id",
  ]);
  const objectArguments = structuredClone(good);
  (objectArguments.messages[1]!.tool_calls![0]!.function as { arguments: unknown }).arguments = {};
  assert.equal(openaiProblems(objectArguments).length, 2);
});

Deno.test(
  "every openai line has only members OpenAI documents: call ids, arguments as JSON text",
  none,
  () => {
    for (const system of ["", "You call tools."]) {
      const lines = sampleLines(system);
      assert(lines.length > 100);
      for (const [n, line] of lines.entries()) {
        assert.deepEqual(openaiProblems(line), [], `line ${n + 1}`);
      }
      // And it is the default.
      assert.deepEqual(sampleLines(system, { format: "openai" }), lines);
    }
  },
);

// --- hf --------------------------------------------------------------------------------------

/**
 * A value's type shape, as a loader that infers one schema (Hugging Face `datasets`, through
 * Arrow) sees it: the type of each value, the members of each object, the one shape of an
 * array's elements (`"?"` for an empty array, which takes any).
 */
function shape(value: unknown): unknown {
  if (value === null) return "null";
  if (Array.isArray(value)) return { array: value.map(shape).reduce(unify, "?") };
  if (typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  }
  return typeof value;
}

/** One shape of two; throws where they differ (a member one lacks, another type). */
function unify(a: unknown, b: unknown): unknown {
  if (a === "?") return b;
  if (b === "?") return a;
  if (typeof a === "string" || typeof b === "string") {
    if (a !== b) throw new TypeError(`${JSON.stringify(a)} and ${JSON.stringify(b)} differ`);
    return a;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  if ("array" in x || "array" in y) {
    if (!("array" in x && "array" in y)) throw new TypeError("an array and an object");
    return { array: unify(x.array, y.array) };
  }
  const keys = Object.keys(x);
  if (keys.join() !== Object.keys(y).join()) {
    throw new TypeError(`members ${keys} and ${Object.keys(y)} differ`);
  }
  return Object.fromEntries(keys.map((k) => [k, unify(x[k], y[k])]));
}

Deno.test("every hf line has the same type shape", none, () => {
  for (const system of ["", "You call tools."]) {
    const lines = sampleLines(system, { format: "hf" });
    const first = lines.map(shape).reduce(unify);
    assert.deepEqual(first, {
      messages: {
        array: {
          role: "string",
          content: "string",
          tool_calls: {
            array: {
              id: "string",
              type: "string",
              function: { name: "string", arguments: "string" },
            },
          },
        },
      },
      tools: "string",
    });
  }
  // The check is not blind: the openai lines of the same items have many shapes.
  assert.throws(() => sampleLines("").map(shape).reduce(unify), TypeError);
});

Deno.test("an hf line decodes to its openai line", none, () => {
  for (const lines of [sampleLines, chatLines]) {
    const openai = lines("You call tools.");
    const hf = lines("You call tools.", { format: "hf" });
    assert.equal(hf.length, openai.length);
    for (const [n, line] of hf.entries()) {
      const { messages, tools } = line as {
        messages: { role: string; content: string; tool_calls: unknown[]; tool_call_id?: string }[];
        tools: string;
      };
      // What reference/split.md's decode does (but for the arguments, left as JSON text here).
      const decoded = messages.map((m) => ({
        role: m.role,
        ...(m.content !== "" || m.tool_calls.length === 0 ? { content: m.content } : {}),
        ...(m.tool_calls.length > 0 ? { tool_calls: m.tool_calls } : {}),
        ...(m.tool_call_id ? { tool_call_id: m.tool_call_id } : {}),
      }));
      const expected = openai[n] as { messages: unknown; tools?: unknown };
      assert.deepEqual(decoded, expected.messages, `line ${n + 1}`);
      assert.deepEqual(JSON.parse(tools), expected.tools ?? [], `line ${n + 1}`);
    }
  }
});

const pythonMissing = await pythonSkip("the Python of reference/split.md", "stdlib");

/** The ```python block of reference/split.md that holds `marker`. */
function pageBlock(marker: string): string {
  const page = Deno.readTextFileSync(`${ROOT}reference/split.md`);
  const block = [...page.matchAll(/```python\n([\s\S]*?)\n```/g)].map((m) => m[1]!)
    .find((source) => source.includes(marker));
  assert(block !== undefined, `reference/split.md has no \`\`\`python block with ${marker}`);
  return block;
}

Deno.test({
  name:
    "reference/split.md's decode, run as it is, gives every hf line's openai messages and tools " +
    "(the xlam sample's, and the chat example's: tool messages, text answers)",
  ignore: pythonMissing !== null,
  fn: async () => {
    const decode = pageBlock("def decode(");
    const dir = await Deno.makeTempDir({ prefix: "assess_decode_" });
    try {
      const script = `${dir}/decode.py`;
      await Deno.writeTextFile(
        script,
        `${decode}\n\nimport sys\nfor line in sys.stdin:\n` +
          `    print(json.dumps(decode(json.loads(line)), ensure_ascii=False))\n`,
      );
      const hf = [sampleLines, chatLines].flatMap((lines) =>
        lines("You call tools.", { format: "hf" })
      );
      const out = await runScript(script, {
        args: [],
        input: hf.map((l) => JSON.stringify(l) + "\n").join(""),
        need: "stdlib",
      });
      const decoded = out.trimEnd().split("\n").map((l) => JSON.parse(l));
      const openai = [sampleLines, chatLines].flatMap((lines) => lines("You call tools.")) as {
        messages: { tool_calls?: { function: { arguments: unknown } }[] }[];
        tools?: unknown[];
      }[];
      assert.equal(decoded.length, openai.length);
      for (const [n, line] of openai.entries()) {
        for (const m of line.messages) {
          for (const c of m.tool_calls ?? []) {
            c.function.arguments = JSON.parse(c.function.arguments as string);
          }
        }
        assert.deepEqual(decoded[n], [line.messages, line.tools ?? null], `line ${n + 1}`);
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "reference/split.md's axolotl segments, run as they are, give each line's prompt untrained " +
    "and its completion trained",
  ignore: pythonMissing !== null,
  fn: async () => {
    const source = pageBlock('"segments"');
    const hermes = Deno.readTextFileSync(`${ROOT}tests/request/templates/hermes_like.jinja`);
    const lines = sampleLines("You call tools.", {
      format: ChatTemplate.read(hermes, "hermes.jinja"),
    }) as { prompt: string; completion: string }[];
    const dir = await Deno.makeTempDir({ prefix: "assess_segments_" });
    try {
      await Deno.writeTextFile(
        `${dir}/train.jsonl`,
        lines.map((l) => JSON.stringify(l) + "\n").join(""),
      );
      // Run as it is, but for the two files' folder.
      const script = `${dir}/segments.py`;
      await Deno.writeTextFile(
        script,
        source.replace('"train.jsonl"', JSON.stringify(`${dir}/train.jsonl`))
          .replace('"segments.jsonl"', JSON.stringify(`${dir}/segments.jsonl`)),
      );
      await runScript(script, { args: [], input: "", need: "stdlib" });
      const segments = (await Deno.readTextFile(`${dir}/segments.jsonl`)).trimEnd().split("\n")
        .map((l) => JSON.parse(l));
      assert.equal(segments.length, lines.length);
      for (const [n, line] of lines.entries()) {
        assert.deepEqual(segments[n], {
          segments: [{ label: false, text: line.prompt }, { label: true, text: line.completion }],
        }, `line ${n + 1}`);
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

// --- The stacks themselves -------------------------------------------------------------------

/**
 * `tests/request/training_stacks.py` runs real datasets, transformers and TRL (a tokenizer and a
 * model made there, no download) on the files, for what reference/split.md says of them: datasets
 * loads the openai file but alters numbers in its tools' schemas, and the hf file as written; TRL
 * given either file as it is writes each call's arguments twice encoded; the page's decode and
 * to_text, run as written, give it the arguments once. Skipped, saying so, where they are not
 * installed (CI included: Debian packages none of them).
 */
const stacksMissing = await pythonSkip("the training files against datasets and TRL", "trl");

Deno.test({
  name: "datasets and TRL on the training files of the bundled rows, as reference/split.md says",
  ignore: stacksMissing !== null,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "assess_stacks_" });
    try {
      for (const format of ["openai", "hf"] as const) {
        await Deno.writeFile(
          `${dir}/${format}.jsonl`,
          trainingFile(sample.items, "You call tools.", { format }).bytes,
        );
      }
      // Prompt and completion, by a template that writes the beginning-of-text token first.
      const bosFirst = ChatTemplate.read(
        JSON.stringify({
          chat_template: "{{ bos_token }}" +
            Deno.readTextFileSync(`${ROOT}tests/request/templates/hermes_like.jinja`),
          bos_token: "<s>",
        }),
        "tokenizer_config.json",
      );
      const pc = trainingFile(sample.items, "You call tools.", { format: bosFirst }).bytes;
      await Deno.writeFile(`${dir}/pc.jsonl`, pc);
      const firstPc = JSON.parse(new TextDecoder().decode(pc).split("\n")[0]!);
      const out = await runScript(`${ROOT}tests/request/training_stacks.py`, {
        input: JSON.stringify({
          template: Deno.readTextFileSync(`${ROOT}tests/request/templates/hermes_like.jinja`),
          decode: pageBlock("def decode("),
          to_text: pageBlock("def to_text("),
          tokenize: pageBlock("def tokenize("),
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
      assert.match(result.features.openai, /'properties': Json\(/);
      assert.doesNotMatch(result.features.hf, /Json\(/);
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
      // Prompt and completion as they are: a second beginning token, a second end token.
      assert(firstPc.prompt.startsWith("<s><|im_start|>system\n"));
      assert(firstPc.completion.endsWith("<|im_end|>\n"));
      assert.equal(result.trl_pc, `<s>${firstPc.prompt}${firstPc.completion}<|im_end|>`);
      // Through the page's tokenize: the text as it is, the loss on the completion only.
      assert.equal(result.tokenized_pc, firstPc.prompt + firstPc.completion);
      const mask = result.completion_mask as number[];
      assert(result.prompt_tokens > 0 && mask.length > result.prompt_tokens);
      assert.deepEqual(mask, mask.map((_, k) => k < result.prompt_tokens ? 0 : 1));
      // max_length=None cuts nothing; SFTConfig's own, 1024, keeps a longer line's first 1024
      // tokens: the end of its completion is not trained on.
      assert.equal(result.longest_trained, result.longest_line);
      assert.equal(result.max_length, 1024);
      assert(result.longest_line > 1024, `${result.longest_line}`);
      assert.equal(result.longest_default, 1024);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
