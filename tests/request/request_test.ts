import assert from "node:assert/strict";
import { parseJson } from "../../src/json/strict_json.ts";
import { JsonNumber } from "../../src/json/json_value.ts";
import { buildRequestBody, type RequestSettings } from "../../src/request/request.ts";
import { syntheticItems } from "../run/_fixtures.ts";

const SETTINGS: RequestSettings = {
  system: "You call tools.",
  temperature: 0.7,
  topP: 0.95,
  seed: -9223372036854775808n,
  maxTokens: 2048,
  templateKey: "enable_thinking",
  thinking: true,
};

Deno.test("the request body holds every member in order, the seed exact", () => {
  const item = syntheticItems(3)[2]!;
  const body = buildRequestBody(item, "tuned", SETTINGS);
  const value = JSON.parse(body);
  assert.deepEqual(Object.keys(value), [
    "model",
    "messages",
    "tools",
    "temperature",
    "top_p",
    "seed",
    "max_tokens",
    "chat_template_kwargs",
  ]);
  assert.equal(value.model, "tuned");
  assert.deepEqual(value.messages, [
    { role: "system", content: "You call tools." },
    { role: "user", content: "Question number 2?" },
  ]);
  assert.deepEqual(value.tools, [{
    type: "function",
    function: {
      name: "tool_2",
      description: "A tool.",
      parameters: JSON.parse(JSON.stringify(value.tools[0].function.parameters)),
    },
  }]);
  assert.equal(value.tools[0].function.parameters.type, "object");
  assert.equal(value.temperature, 0.7);
  assert.equal(value.top_p, 0.95);
  assert.equal(value.max_tokens, 2048);
  assert.deepEqual(value.chat_template_kwargs, { enable_thinking: true });
  // The seed is written exactly: JSON.parse would round it, the strict reader keeps it.
  const exact = parseJson(body) as ReadonlyMap<string, unknown>;
  assert.deepEqual(exact.get("seed"), new JsonNumber("-9223372036854775808"));
});

Deno.test("no system message for an empty system prompt; thinking off is sent as false", () => {
  const item = syntheticItems(1)[0]!;
  const value = JSON.parse(
    buildRequestBody(item, "base", { ...SETTINGS, system: "", thinking: false }),
  );
  assert.deepEqual(value.messages, [{ role: "user", content: "Question number 0?" }]);
  assert.deepEqual(value.chat_template_kwargs, { enable_thinking: false });
});

Deno.test("an item without tools sends no tools member (vLLM refuses an empty list)", () => {
  const item = { ...syntheticItems(1)[0]!, tools: [] };
  const value = JSON.parse(buildRequestBody(item, "base", SETTINGS));
  assert.equal("tools" in value, false);
});

Deno.test("the same item and model always give the same bytes", () => {
  const item = syntheticItems(5)[4]!;
  assert.equal(buildRequestBody(item, "m", SETTINGS), buildRequestBody(item, "m", SETTINGS));
  assert.notEqual(buildRequestBody(item, "m", SETTINGS), buildRequestBody(item, "n", SETTINGS));
});

Deno.test("the body's bytes are pinned: every sample row's body under two settings", async () => {
  // The SHA-256 of these bodies, one a line, as buildRequestBody wrote them before the messages
  // and tools moved into promptText (shared with the training file): the move changed no byte.
  const { loadDataset } = await import("../../src/dataset/dataset.ts");
  const { sha256Hex } = await import("../../src/dataset/sha256.ts");
  const root = new URL("../../", import.meta.url);
  let all = "";
  for (const file of ["reference/testdata/xlam-sample.json", "reference/testdata/rows.json"]) {
    const bytes = await Deno.readFile(new URL(file, root));
    for (const item of loadDataset(bytes, sha256Hex(bytes)).items) {
      all += buildRequestBody(item, "base", {
        system: "",
        temperature: 0,
        topP: 1,
        seed: 0n,
        maxTokens: 512,
        templateKey: "enable_thinking",
        thinking: false,
      }) + "\n";
      all += buildRequestBody(item, "tuned-a", {
        ...SETTINGS,
        system: 'You call tools. "Quote" é\n',
        temperature: 0.7,
        topP: 0.95,
      }) + "\n";
    }
  }
  assert.equal(all.length, 660192);
  assert.equal(
    sha256Hex(new TextEncoder().encode(all)),
    "d0f3735abeafcfb2d6a3903b9872e413d3cc780ecf3b392d60ec90930ef3c3c5",
  );
});
