// deno-lint-ignore-file no-explicit-any -- response bodies are JSON read by the test; their shape is what the assertions check.
/**
 * The emulator speaking the families of `tool_families/` other than hermes and the JSON ones:
 * the model writes the family's markup, the emulator runs the port of its vLLM parser and sends
 * what vLLM's serving makes of it; and the reasoning parsers of the families that think.
 */
import assert from "node:assert/strict";
import { toolCallParserMarks, unparsedCallSign } from "../../src/score/tool_call_parsers.ts";
import { body, post, ROWS } from "./emulator_requests.ts";
import { type Emulator, type EmulatorOptions, startEmulator } from "./vllm_emulator.ts";

async function withEmu(options: EmulatorOptions, f: (emu: Emulator) => Promise<void>) {
  const emu = await startEmulator({ rows: ROWS, ...options });
  try {
    await f(emu);
  } finally {
    await emu.close();
  }
}

const message = (r: { json: any }) => r.json.choices[0].message;

/** The tools as assess sends them: each parameter typed (qwen3_coder and glm45 read the types). */
const TYPED = [
  {
    type: "function",
    function: {
      name: "weather",
      parameters: {
        type: "object",
        properties: {
          city: { type: "string" },
          days: { type: "integer" },
          ratio: { type: "number" },
        },
        required: ["city"],
      },
    },
  },
  { type: "function", function: { name: "news", parameters: { type: "object", properties: {} } } },
];

/** Each family: the arguments vLLM sends for row 1's call, whether it calls in parallel, keeps content beside calls, keeps a slip's marker. */
const FAMILIES: [string, string, boolean, boolean, boolean][] = [
  ["pythonic", '{"city": "Paris", "days": 3, "ratio": 1.0}', true, false, true],
  ["llama4_pythonic", '{"city": "Paris", "days": 3, "ratio": 1.0}', true, false, true],
  ["qwen3_coder", '{"city": "Paris", "days": 3, "ratio": 1}', true, true, true],
  ["qwen3_xml", '{"city": "Paris", "days": 3, "ratio": 1}', true, true, true],
  ["deepseek_v3", '{"city": "Paris", "days": 3, "ratio": 1.0}', true, true, false],
  ["deepseek_v31", '{"city": "Paris", "days": 3, "ratio": 1.0}', true, true, false],
  ["glm45", '{"city": "Paris", "days": 3, "ratio": 1.0}', true, true, true],
  ["kimi_k2", '{"city": "Paris", "days": 3, "ratio": 1.0}', true, true, false],
  ["openai", '{"city": "Paris", "days": 3, "ratio": 1.0}', false, false, false],
];

for (const [parser, args, parallel, content, slipKept] of FAMILIES) {
  Deno.test(`emulator: --tool-call-parser ${parser}`, async (t) => {
    const marks = toolCallParserMarks(parser)!;
    await t.step("the answer key: the call as vLLM sends it", async () => {
      await withEmu({ toolCallParser: parser }, async (emu) => {
        const r = await post(emu, body(ROWS[0]!, { tools: TYPED }));
        assert.equal(r.json.choices[0].finish_reason, "tool_calls");
        assert.deepEqual(message(r).tool_calls.map((c: any) => c.function), [
          { name: "weather", arguments: args },
        ]);
        const two = await post(emu, body(ROWS[1]!));
        assert.equal(message(two).tool_calls.length, parallel ? 2 : 1);
      });
    });
    await t.step("no call: the sentence, finish_reason stop", async () => {
      await withEmu({ toolCallParser: parser }, async (emu) => {
        const r = await post(emu, body(ROWS[2]!));
        assert.equal(r.json.choices[0].finish_reason, "stop");
        assert.deepEqual(message(r).tool_calls, []);
        assert.equal(
          message(r).content,
          "I'm sorry, but none of the available tools can help with that request.",
        );
      });
    });
    await t.step("content beside calls, where the parser returns it", async () => {
      await withEmu({ toolCallParser: parser, scripts: { base: "content" } }, async (emu) => {
        const r = await post(emu, body(ROWS[0]!, { tools: TYPED }));
        assert.equal(message(r).tool_calls.length, 1);
        const got = message(r).content;
        if (content) assert.equal(got, "Let me look that up for you.");
        else assert.ok(got === null || got === "", `content ${JSON.stringify(got)}`);
      });
    });
    await t.step("a slip: no call; the marker kept or dropped as vLLM does", async () => {
      for (const seed of [0, 1, 2, 3, 4, 5]) {
        await withEmu(
          { toolCallParser: parser, scripts: { base: "broken" }, seed },
          async (emu) => {
            for (const row of [ROWS[0]!, ROWS[1]!, ROWS[2]!]) {
              const r = await post(emu, body(row, { tools: TYPED }));
              const m = message(r);
              const what = `seed ${seed} row ${row.id}: ${JSON.stringify(m.content)}`;
              assert.deepEqual(m.tool_calls, [], what);
              const sign = unparsedCallSign(marks, m.content ?? "");
              if (slipKept) assert.notEqual(sign, null, what);
              else assert.equal(sign, null, what);
            }
          },
        );
      }
    });
  });
}

Deno.test("emulator: gpt-oss's reasoning is the analysis channel, in the version's field", async () => {
  const fields: [string, string][] = [["legacy", "reasoning_content"], ["main-2026", "reasoning"]];
  for (const [version, field] of fields) {
    await withEmu({ toolCallParser: "openai", version: version as any }, async (emu) => {
      const r = await post(emu, body(ROWS[0]!));
      assert.equal(message(r)[field], "The user needs a tool; call it.");
      const none = await post(emu, body(ROWS[2]!, { tools: TYPED }));
      assert.equal(message(none)[field], "No tool fits; answer.");
      const hidden = await post(emu, body(ROWS[0]!, { include_reasoning: false }));
      assert.equal(message(hidden)[field], null);
    });
  }
});

Deno.test("emulator: --reasoning-parser deepseek_r1 splits at </think>", async () => {
  await withEmu(
    {
      toolCallParser: "deepseek_v31",
      reasoningParserName: "deepseek_r1",
      scripts: { base: "thinking" },
    },
    async (emu) => {
      const r = await post(emu, body(ROWS[0]!, { chat_template_kwargs: { thinking: true } }));
      assert.match(message(r).reasoning, /^\nThe user asks: What is the weather in Paris/);
      assert.equal(message(r).tool_calls.length, 1);
    },
  );
  // Without </think>, deepseek_r1 takes the whole text as reasoning: no content, no call.
  await withEmu(
    { toolCallParser: "deepseek_v31", reasoningParserName: "deepseek_r1" },
    async (emu) => {
      const r = await post(emu, body(ROWS[0]!));
      assert.equal(message(r).content, null);
      assert.deepEqual(message(r).tool_calls, []);
      assert.match(message(r).reasoning, /^<｜tool▁calls▁begin｜>/);
    },
  );
});

Deno.test("emulator: gpt-oss's calls are read whatever tool_choice; without the parser the final text", async () => {
  await withEmu({ toolCallParser: "openai" }, async (emu) => {
    const r = await post(emu, body(ROWS[0]!, { tool_choice: "none" }));
    assert.equal(message(r).tool_calls.length, 1);
    assert.equal(message(r).content, null);
  });
  await withEmu({ toolCallParser: "openai", autoToolChoice: false }, async (emu) => {
    const r = await post(emu, body(ROWS[2]!, { tools: TYPED, tool_choice: "none" }));
    assert.equal(
      message(r).content,
      "I'm sorry, but none of the available tools can help with that request.",
    );
  });
});
