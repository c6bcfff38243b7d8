/**
 * Chat templates: the text of a prompt and its completion, checked by hand on two templates
 * written for these tests (Hermes-like: tools in the system turn, calls in `<tool_call>` tags;
 * Llama-like: tools in the first user turn, one call a turn, `tojson` on the arguments), their
 * refusals, and every item of the bundled rows rendered as Python's Jinja2 renders them in the
 * environment `transformers` gives a template (reference/python/chat_template.py).
 */

import assert from "node:assert/strict";
import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import { detachedItem, loadDataset } from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import { ChatTemplate } from "../../src/request/chat_template.ts";
import { ChatTemplateError } from "../../src/request/chat_template_error.ts";
import { trainingLine } from "../../src/request/training.ts";
import { pythonSkip, runScript } from "../support/python.ts";
import { renderBoth } from "./_render_both.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const none = { permissions: "none" } as const;
const HERMES = Deno.readTextFileSync(`${ROOT}tests/request/templates/hermes_like.jinja`);
const LLAMA = Deno.readTextFileSync(`${ROOT}tests/request/templates/llama_like.jinja`);

const TOOL = {
  name: "weather",
  description: "The weather.",
  parameters: parseJson('{"type": "object", "properties": {"city": {"type": "string"}}}') as never,
};
const ITEM = {
  id: 41,
  index: 0,
  query: "Weather in Paris?",
  tools: [TOOL],
  answers: [{ name: "weather", arguments: parseJson('{"city": "Paris", "days": 2}') }],
};

/** The line of an item as `-chat-template` writes it, read back. */
function rendered(
  template: ChatTemplate,
  item: typeof ITEM,
  system = "",
  kwargs: Record<string, boolean> = { enable_thinking: false },
) {
  return JSON.parse(trainingLine(item, system, { format: template, templateKwargs: kwargs }));
}

Deno.test("a Hermes-like template: the request's tools and query, then the calls", none, () => {
  const line = rendered(ChatTemplate.read(HERMES, "hermes.jinja"), ITEM, "Be brief.");
  assert.deepEqual(Object.keys(line), ["prompt", "completion"]);
  assert.equal(
    line.prompt,
    "<|im_start|>system\nBe brief.\n\nYou may call functions. Their signatures:\n<tools>\n" +
      '{"type": "function", "function": {"name": "weather", "description": "The weather.", ' +
      '"parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}\n' +
      "</tools><|im_end|>\n<|im_start|>user\nWeather in Paris?<|im_end|>\n<|im_start|>assistant\n",
  );
  assert.equal(
    line.completion,
    '<tool_call>\n{"name": "weather", "arguments": {"city": "Paris", "days": 2}}\n</tool_call>\n' +
      "<|im_end|>\n",
  );
});

Deno.test(
  "a Llama-like template from a tokenizer configuration: special tokens, kwargs, tojson with indent, no clock",
  none,
  () => {
    const config = JSON.stringify({
      bos_token: { content: "<|begin|>", lstrip: false },
      eos_token: "<|eot|>",
      chat_template: [
        { name: "default", template: "{{ bos_token }}no tools" },
        { name: "tool_use", template: LLAMA },
      ],
    });
    const template = ChatTemplate.read(config, "tokenizer_config.json");
    const line = rendered(template, ITEM, "", { enable_thinking: true });
    assert.equal(
      line.prompt,
      "<|begin|><|header|>system<|end_header|>\n\nToday: 1 Jan 2000\nThinking: on\n<|eot|>" +
        "<|header|>user<|end_header|>\n\nFunctions:\n" +
        '{\n    "type": "function",\n    "function": {\n        "name": "weather",\n' +
        '        "description": "The weather.",\n        "parameters": {\n' +
        '            "type": "object",\n            "properties": {\n                "city": {\n' +
        '                    "type": "string"\n                }\n            }\n        }\n' +
        "    }\n}\n\nWeather in Paris?<|eot|><|header|>assistant<|end_header|>\n\n",
    );
    assert.equal(
      line.completion,
      '{"name": "weather", "parameters": {"city": "Paris", "days": 2}}<|eot|>',
    );
    // No tools: the default template, which sees none.
    assert.deepEqual(rendered(template, { ...ITEM, tools: [] }), {
      prompt: "<|begin|>no tools",
      completion: "",
    });
  },
);

Deno.test(
  "a template that fails on an item is refused with the item's id and its error",
  none,
  () => {
    const template = ChatTemplate.read(
      JSON.stringify({ chat_template: LLAMA, bos_token: "<|begin|>" }),
      "tokenizer_config.json",
    );
    const twoCalls = { ...ITEM, answers: [ITEM.answers[0]!, ITEM.answers[0]!] };
    assert.throws(() => rendered(template, twoCalls), (e: unknown) => {
      assert(e instanceof ChatTemplateError);
      assert.equal(e.itemId, 41);
      assert.equal(
        e.message,
        "the chat template of tokenizer_config.json fails on item 41: This model only supports single tool-calls at once!",
      );
      return true;
    });
    // A template that writes the conversation otherwise than as the prompt and then the reply.
    const reordered = ChatTemplate.read(
      "{% if add_generation_prompt %}<gen>{% endif %}{% for m in messages %}{{ m.role }}{% endfor %}",
      "r.jinja",
    );
    assert.throws(
      () => rendered(reordered, ITEM),
      /^ChatTemplateError: the chat template of r\.jinja fails on item 41: its text of the conversation does not start with its text of the prompt/,
    );
    // A template that calls strftime_now is refused: there is no clock.
    assert.throws(
      () => rendered(ChatTemplate.read("{{ strftime_now('%Y') }}", "d.jinja"), ITEM),
      (e: unknown) => e instanceof ChatTemplateError && e.itemId === 41,
    );
  },
);

Deno.test(
  "a template file may name a special token as an attribute, a string or in a comment",
  none,
  () => {
    const template = ChatTemplate.read(
      "{# no bos_token here #}{% for m in messages %}{{ m.bos_token }}{{ m['eos_token'] }}" +
        "{{ 'pad_token' }}{% endfor %}",
      "t.jinja",
    );
    const text = template.render(1, {
      messages: '[{"role":"user","content":"Hi","bos_token":"<b>","eos_token":"<e>"}]',
      tools: "",
      reply: '{"role":"assistant","tool_calls":[]}',
      kwargs: {},
    });
    assert.equal(text.prompt, "<b><e>pad_token");
  },
);

Deno.test("a chat template file that holds no usable template is refused", none, async (t) => {
  const cases: [string, string, RegExp][] = [
    ["{% if %}", "t.jinja", /^the chat template of t\.jinja does not parse: /],
    ["{", "tokenizer_config.json", /^tokenizer_config\.json is not JSON \(/],
    ["{}", "tokenizer_config.json", /has no chat_template \(a string, or a list of templates\)$/],
    [
      '{"chat_template": [{"name": "tool_use", "template": ""}]}',
      "tokenizer_config.json",
      /a list with no "default" template/,
    ],
    // A template file carries no special tokens: one that reads them would write "" for each.
    [
      "{{ bos_token }}{{ messages[0].content }}",
      "models/t.jinja",
      /^the chat template models\/t\.jinja uses bos_token, which a template file does not carry: give the model's tokenizer_config\.json, which holds the template and its special tokens$/,
    ],
    [
      "{% if eos_token is defined %}x{% endif %}",
      "t.jinja",
      /^the chat template t\.jinja uses eos_token, /,
    ],
    ["{% set p = pad_token %}", "t.jinja", /uses pad_token, /],
    ["{{ unk_token or 'x' }}", "t.txt", /^the chat template t\.txt uses unk_token, /],
  ];
  for (const [text, name, message] of cases) {
    await t.step(`${name}: ${text}`, () => {
      assert.throws(() => ChatTemplate.read(text, name), (e: unknown) => {
        assert(e instanceof ChatTemplateError);
        assert.match(e.message, message);
        assert.equal(e.itemId, undefined);
        return true;
      });
    });
  }
});

// --- Against Python's Jinja2, as transformers renders --------------------------------------

const skip = await pythonSkip("chat template differential", "jinja2");
const SCRIPT = `${ROOT}reference/python/chat_template.py`;

/** A tokenizer configuration holding a test template and a beginning-of-text token. */
function config(source: string): string {
  return JSON.stringify({ chat_template: source, bos_token: "<|begin|>" });
}

Deno.test({
  name: "every bundled row renders as Python's Jinja2 renders it, with both templates",
  ignore: skip !== null,
  fn: async () => {
    const bytes = Deno.readFileSync(`${ROOT}reference/testdata/xlam-sample.json`);
    const items = loadDataset(bytes, sha256Hex(bytes)).items
      .filter((i) => i.ineligible === undefined)
      .map(detachedItem)
      .filter((i) => i.answers.length > 0);
    const cases = [[HERMES, "You call tools."], [LLAMA, ""]].flatMap(([source, system]) =>
      items.map((item) => ({ config: config(source!), item, system: system! }))
    );
    const { ours, theirs } = await renderBoth(cases);
    let same = 0;
    let refused = 0;
    for (const k of cases.keys()) {
      const a = ours[k]!;
      const b = theirs[k]!;
      if ("error" in a || "error" in b) {
        // Refused by both (the Llama-like template and an item of two calls).
        assert("error" in a && "error" in b, `case ${k}: ${JSON.stringify([a, b])}`);
        refused++;
      } else {
        assert.deepEqual(a, b, `case ${k}`);
        same++;
      }
    }
    // 398 cases: 295 the same text, 103 refused by both.
    assert(refused > 50 && same > 250, `${same} same, ${refused} refused`);
  },
});

Deno.test("values are written as Python writes them, not as JavaScript does", none, () => {
  const text = (source: string, names = {}) =>
    ChatTemplate.read(source, "t.jinja").render(1, {
      messages: "[]",
      tools: "",
      reply: '{"role":"assistant","tool_calls":[]}',
      kwargs: names,
    }).prompt;
  // A boolean made text: Python writes True and False.
  assert.equal(text("{{ flag | string }}|{{ flag }}", { flag: true }), "True|True");
  // A number with a zero fraction, read from the request's JSON: Python keeps 5.0.
  const tool = '[{"type":"function","function":{"name":"f","parameters":{"default":5.0}}}]';
  const line = ChatTemplate.read("{{ tools | tojson }}|{{ tools[0].function }}", "t.jinja").render(
    1,
    { messages: "[]", tools: tool, reply: '{"role":"assistant","tool_calls":[]}', kwargs: {} },
  );
  assert.equal(
    line.prompt,
    '[{"type": "function", "function": {"name": "f", "parameters": {"default": 5.0}}}]|' +
      "{'name': 'f', 'parameters': {'default': 5.0}}",
  );
});

Deno.test(
  "range() is bounded as in Jinja2's sandbox: 100,000 numbers at most, refused at once past it",
  none,
  async (t) => {
    const count = (source: string) =>
      ChatTemplate.read(source, "range.jinja").render(7, {
        messages: "[]",
        tools: "",
        reply: '{"role":"assistant","tool_calls":[]}',
        kwargs: {},
      }).prompt;
    const refusal = (numbers: string) =>
      `the chat template of range.jinja fails on item 7: range() of ${numbers} numbers: ` +
      "Jinja2's sandbox, which transformers and vLLM render chat templates in, refuses a range " +
      "of more than 100000";
    await t.step("100,001 numbers are refused", () => {
      assert.throws(() => count("{{ range(100001) | length }}"), (e: unknown) => {
        assert(e instanceof ChatTemplateError);
        assert.equal(e.itemId, 7);
        assert.equal(e.message, refusal("100001"));
        return true;
      });
      assert.throws(() => count("{{ range(-5, 200000, 2) | length }}"), /range\(\) of 100003 /);
    });
    await t.step("100,000 numbers are given, as Python gives them", () => {
      assert.equal(count("{{ range(100000) | length }}"), "100000");
      assert.equal(count("{{ range(-100000, 0) | last }}"), "-1");
      assert.equal(count("{{ range(10, 0, -3) | join(',') }}"), "10,7,4,1");
      assert.equal(count("{{ range(3, 3) | length }}{{ range(5, 0) | length }}"), "00");
    });
    await t.step("a huge range is refused before any number is made", () => {
      assert.throws(() => count("{% for i in range(100000000000) %}{% endfor %}"), (e: unknown) => {
        assert(e instanceof ChatTemplateError);
        assert.equal(e.message, refusal("100000000000"));
        return true;
      });
      assert.throws(
        () => count("{% for i in range(0, 100000000000000000000, 1) %}{% endfor %}"),
        ChatTemplateError,
      );
    });
    await t.step("a step of 0, or what is not a whole number, is refused", () => {
      assert.throws(() => count("{{ range(1, 5, 0) }}"), /range\(\) step must not be zero/);
      // A string's `+=` would make ever longer strings, never reaching the end.
      assert.throws(() => count("{{ range('0', '99') }}"), /range\(\) takes whole numbers/);
      assert.throws(() => count("{{ range(0.5) }}"), /range\(\) takes whole numbers/);
    });
  },
);

Deno.test({
  name: "range()'s bound is that of Python's Jinja2 sandbox: 100,000 given, 100,001 refused",
  ignore: skip !== null,
  fn: async () => {
    const cases = ["{{ range(100000) | length }}", "{{ range(100001) | length }}"].map((
      template,
    ) => ({
      template,
      tokens: {},
      messages: "[]",
      tools: "",
      reply: '{"role":"assistant","tool_calls":[]}',
      kwargs: {},
    }));
    const out = await runScript(SCRIPT, {
      input: cases.map((c) => JSON.stringify(c) + "\n").join(""),
      need: "jinja2",
    });
    const [given, refused] = out.trimEnd().split("\n").map((l) => JSON.parse(l));
    assert.equal(given.prompt, "100000");
    assert.match(refused.error, /Range too big/);
    assert.equal(
      ChatTemplate.read(cases[0]!.template, "t.jinja").render(1, cases[0]!).prompt,
      "100000",
    );
    assert.throws(() => ChatTemplate.read(cases[1]!.template, "t.jinja").render(1, cases[1]!));
  },
});

Deno.test({
  name:
    "every item of the bundled chat example, its history and its text answers, renders as Python's Jinja2 renders it",
  ignore: skip !== null,
  fn: async () => {
    const bytes = Deno.readFileSync(`${ROOT}reference/testdata/chat/tickets.jsonl`);
    // And an answer with text beside its call, which the example has not.
    const both = JSON.stringify({
      id: "both",
      messages: [{ role: "user", content: "Where is A1?" }, {
        role: "assistant",
        content: "Let me look.",
        tool_calls: [{ type: "function", function: { name: "f", arguments: '{"id": "A1"}' } }],
      }],
      tools: [{ type: "function", function: { name: "f" } }],
    });
    const all = new Uint8Array([...bytes, ...new TextEncoder().encode(both + "\n")]);
    const items = loadChatDataset(all, sha256Hex(all)).items.map(detachedItem);
    const cases = [HERMES, LLAMA].flatMap((source) =>
      items.map((item) => ({ config: config(source), item, system: "Be brief." }))
    );
    const { ours, theirs } = await renderBoth(cases);
    const texts = [];
    for (const [k, a] of ours.entries()) {
      const b = theirs[k]!;
      if ("error" in a || "error" in b) {
        assert("error" in a && "error" in b, `case ${k}: ${JSON.stringify([a, b])}`);
      } else {
        assert.deepEqual(a, b, `case ${k}`);
        texts.push(a.completion);
      }
    }
    // The text answers are in the completions (the Hermes-like template writes them).
    assert(texts.includes("You're welcome, have a good day!<|im_end|>\n"));
    assert(texts.some((c) => c.startsWith("Let me look.\n<tool_call>\n")));
  },
});
