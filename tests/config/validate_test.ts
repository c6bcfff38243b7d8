import assert from "node:assert/strict";
import { ConfigError } from "../../src/config/config_issue.ts";
import { parseConfig, validateConfig } from "../../src/config/validate.ts";
import type { Config } from "../../src/config/config.ts";
import type { Scorer } from "../../src/score/scorer.ts";
import { lookupScorer } from "../../src/score/registry.ts";
import { check, edit, lines, SHORTEST, WHOLE } from "./_fixtures.ts";
import { ruleCases, RULES, table } from "./_rule_cases.ts";

const none = { permissions: "none" } as const;

Deno.test("the page's whole file gives the typed config", none, () => {
  const { config, issues } = check(WHOLE);
  assert.deepEqual(issues, []);
  const expected: Config = {
    version: 1,
    server: {
      url: "http://127.0.0.1:8000/v1",
      manifest: "/run/launch/serve.json",
      toolCallParser: "hermes",
      reasoningParser: "qwen3",
      insecure: false,
    },
    dataset: {
      kind: "xlam-function-calling",
      path: "/data/xlam_function_calling_60k.json",
      sha256: "4ef5c6f0dc552f2231f93f5853a9ef431e9e806d7aa514d0f6b615606ce576c6",
      maxBytes: 268_435_456,
      source: {
        repo: "Salesforce/xlam-function-calling-60k",
        revision: "26d14ebfe18b1f7b524bd39b404b50af5dc97866",
      },
    },
    split: { seed: "assess-v1", size: 2000 },
    scorer: { name: "xlam-tool-call", ordering: "any" },
    prompt: { system: "" },
    models: {
      baseline: "base",
      adapters: [{ name: "tuned-a" }, { name: "tuned-b", path: "/shared/ckpt/b" }],
    },
    sampling: { temperature: 0, topP: 1, seed: 0n, maxTokens: 512, samples: 1 },
    thinking: { mode: "off", templateKey: "enable_thinking" },
    serving: { batchInvariant: "required", probe: 8, concurrency: 16 },
    decision: { margin: 1, guard: ["no-call"] },
    probes: [],
  };
  assert.deepEqual(config, expected);
});

Deno.test("the shortest file gets every default", none, () => {
  const { config, issues } = check(SHORTEST);
  assert.deepEqual(issues, []);
  assert.deepEqual(config?.server, { insecure: false });
  assert.equal(config?.scorer.ordering, "any");
  assert.deepEqual(config?.prompt, { system: "" });
  assert.deepEqual(config?.models, { baseline: "base", adapters: [] });
  assert.equal(config?.serving.batchInvariant, "required");
  assert.equal(config?.thinking.mode, "off", "YAML 1.2: off is text");
  assert.deepEqual(config?.decision, { margin: 0, guard: [] });
});

Deno.test("parseConfig returns the config or throws ConfigError with every issue", none, () => {
  assert.equal(parseConfig(WHOLE, { lookupScorer }).split.size, 2000);
  const bad = edit(WHOLE, ["version: 1", "version: 2"], ["  probe: 8", "  probe: 0"]);
  assert.throws(() => parseConfig(bad, { lookupScorer }), (e: unknown) => {
    assert.ok(e instanceof ConfigError);
    assert.deepEqual(lines(e.issues), [
      "serving.probe: 0 probes nothing, and serving.batchInvariant is required",
      "version: value must be 1",
    ]);
    assert.equal(
      e.message,
      "the configuration was refused:\n" +
        "  serving.probe: 0 probes nothing, and serving.batchInvariant is required\n" +
        "  version: value must be 1",
    );
    return true;
  });
});

Deno.test("bytes and text are read alike", none, () => {
  assert.deepEqual(check(new TextEncoder().encode(WHOLE)), check(WHOLE));
});

Deno.test(
  "keys: unknown at every level, and in another case",
  none,
  table(ruleCases("keys: unknown at every level, and in another case")),
);

Deno.test(
  "nothing is interpolated: ${ anywhere",
  none,
  table(ruleCases("nothing is interpolated: ${ anywhere")),
);

Deno.test("one YAML document", none, table(ruleCases("one YAML document")));

Deno.test(
  "probes: the four forms, each once",
  none,
  table(ruleCases("probes: the four forms, each once")),
);

Deno.test("probes are typed as the file writes them, in its order; none by default", none, () => {
  assert.deepEqual(check(WHOLE).config!.probes, []);
  const text = WHOLE + 'probes: [shuffled-tools, {system: [null, "Be brief."]}, ' +
    "{distractors: 4}, irrelevance]\n";
  assert.deepEqual(check(text).config!.probes, [
    "shuffled-tools",
    { system: [null, "Be brief."] },
    { distractors: 4 },
    "irrelevance",
  ]);
});

Deno.test("at most 1 MiB, checked before parsing", none, async (t) => {
  const pad = (n: number) => WHOLE + "#" + "x".repeat(n - WHOLE.length - 2) + "\n";
  await t.step("1048576 bytes is read", () => {
    const text = pad(1_048_576);
    assert.equal(new TextEncoder().encode(text).length, 1_048_576);
    assert.deepEqual(check(text).issues, []);
    assert.deepEqual(check(new TextEncoder().encode(text)).issues, []);
  });
  await t.step("1048577 bytes is refused, even when it is not YAML", () => {
    const text = "[" + pad(1_048_577).slice(1);
    const expected = ["the file is over 1 MiB (1048576 bytes), the most that is read"];
    assert.deepEqual(lines(check(text).issues), expected);
    assert.deepEqual(lines(check(new TextEncoder().encode(text)).issues), expected);
  });
  await t.step("bytes are counted, not characters", () => {
    const text = WHOLE + "#" + "é".repeat(524_288) + "\n";
    assert.ok(text.length < 1_048_576);
    assert.deepEqual(lines(check(text).issues), [
      "the file is over 1 MiB (1048576 bytes), the most that is read",
    ]);
  });
});

Deno.test("a key written twice", none, table(ruleCases("a key written twice")));

Deno.test(
  "whole numbers are at most 2147483647",
  none,
  table(ruleCases("whole numbers are at most 2147483647")),
);

Deno.test("sampling.seed: a signed 64-bit whole number, read exactly", none, async (t) => {
  const seed = (text: string) => check(edit(WHOLE, ["  seed: 0\n", `  seed: ${text}\n`]));
  const accepted: [string, bigint][] = [
    ["9223372036854775807", 9223372036854775807n],
    ["-9223372036854775808", -9223372036854775808n],
    ["9007199254740993", 9007199254740993n],
    ["2147483648", 2147483648n],
    ["-1", -1n],
    ["1e3", 1000n],
    ["0x7FFFFFFFFFFFFFFF", 9223372036854775807n],
    ["0o17", 15n],
    ["-0", 0n],
  ];
  for (const [text, value] of accepted) {
    await t.step(`${text} is accepted exactly`, () => {
      const { config, issues } = seed(text);
      assert.deepEqual(issues, []);
      assert.equal(config?.sampling.seed, value);
    });
  }
  const range =
    "sampling.seed: value must fit in 64 bits: -9223372036854775808 to 9223372036854775807";
  const refused: [string, string][] = [
    ["9223372036854775808", range],
    ["-9223372036854775809", range],
    ["18446744073709551615", range],
    ["0x8000000000000000", range],
    ["1e400", "sampling.seed: got a number too large, want integer"],
    ["1.5", "sampling.seed: got number, want integer"],
    ["1.00000000000000000001", "sampling.seed: value must be a whole number"],
    ['"0"', "sampling.seed: got string, want integer"],
  ];
  for (const [text, line] of refused) {
    await t.step(`${text} is refused`, () => assert.deepEqual(lines(seed(text).issues), [line]));
  }
});

Deno.test("split.seed is text: a number is refused", none, async (t) => {
  const seed = (text: string) => check(edit(WHOLE, ["  seed: assess-v1", `  seed: ${text}`]));
  for (
    const [text, value] of [['"42"', "42"], ["twins", "twins"], ["'0x2A'", "0x2A"], ["4 2", "4 2"]]
  ) {
    await t.step(`${text} is accepted`, () => {
      const { config, issues } = seed(text!);
      assert.deepEqual(issues, []);
      assert.equal(config?.split.seed, value);
    });
  }
  for (const text of ["42", "4.2", "0x2A", "-7", "1e3", ".inf"]) {
    await t.step(`${text} is refused`, () => {
      assert.deepEqual(lines(seed(text).issues), [
        `split.seed: YAML reads ${text} as a number; put it in quotes ("${text}") to use it as the seed`,
      ]);
    });
  }
  await t.step("true is refused as a boolean", () => {
    assert.deepEqual(lines(seed("true").issues), ["split.seed: got boolean, want string"]);
  });
});

Deno.test(
  "adapters: named twice, or with the baseline's name",
  none,
  table(ruleCases("adapters: named twice, or with the baseline's name")),
);

Deno.test(
  "sweep: each step once, split.confirm between 0 and 1 with a checkpoint to confirm",
  none,
  table(
    ruleCases("sweep: each step once, split.confirm between 0 and 1 with a checkpoint to confirm"),
  ),
);

Deno.test(
  "thinking.mode on needs maxTokens of 2048 or more",
  none,
  table(ruleCases("thinking.mode on needs maxTokens of 2048 or more")),
);

Deno.test(
  "serving.probe: 0 and split.size",
  none,
  table(ruleCases("serving.probe: 0 and split.size")),
);

const noParsers: Scorer = { ...lookupScorer("xlam-tool-call")!, name: "mine" };
delete (noParsers as { toolCallParsers?: unknown }).toolCallParsers;

Deno.test("scorer.name and server.toolCallParser", none, async (t) => {
  await table(ruleCases("scorer.name and server.toolCallParser"))(t);
  await t.step("a scorer that declares no parsers takes any", () => {
    const text = edit(WHOLE, ["  name: xlam-tool-call", "  name: mine"], [
      "toolCallParser: hermes",
      "toolCallParser: qwen3_xml",
    ]);
    const lookup = (name: string) => (name === "mine" ? noParsers : undefined);
    assert.deepEqual(validateConfig(text, { lookupScorer: lookup }).issues, []);
  });
  await t.step("xlam-tool-call takes every vLLM parser it lists", () => {
    const listed = [
      "hermes",
      "llama3_json",
      "llama4_json",
      "llama4_pythonic",
      "pythonic",
      "mistral",
      "qwen3_coder",
      "qwen3_xml",
      "xlam",
      "granite",
      "granite-20b-fc",
      "phi4_mini_json",
      "deepseek_v3",
      "deepseek_v31",
      "glm45",
      "kimi_k2",
      "openai",
    ];
    for (const parser of listed) {
      const text = edit(WHOLE, ["toolCallParser: hermes", `toolCallParser: ${parser}`]);
      assert.deepEqual(validateConfig(text, { lookupScorer }).issues, [], parser);
    }
  });
  await t.step("the lookup is asked the name as written", () => {
    const asked: string[] = [];
    validateConfig(WHOLE, { lookupScorer: (n) => (asked.push(n), lookupScorer(n)) });
    assert.deepEqual(asked, ["xlam-tool-call"]);
  });
});

Deno.test(
  "the other keys at their boundaries",
  none,
  table(ruleCases("the other keys at their boundaries")),
);

Deno.test("issues come sorted by path in one pass", none, () => {
  const { issues } = check(
    edit(
      WHOLE,
      ["version: 1", "version: 2"],
      ["  size: 2000", "  size: 0"],
      ["    - name: tuned-b", "    - name: base"],
      ["  seed: 0\n", "  seed: x\n"],
    ) + "zzz: 1\naaa: 2\n",
  );
  assert.deepEqual(lines(issues), [
    "aaa: not a setting of assess.yaml at the top level",
    "models.adapters.1.name: base is the baseline, which is scored already",
    "sampling.seed: got string, want integer",
    "split.size: value must be at least 1",
    "version: value must be 1",
    "zzz: not a setting of assess.yaml at the top level",
  ]);
});

Deno.test("sampling.seed and split.seed at their boundaries", none, async (t) => {
  await table(ruleCases("sampling.seed"))(t);
  await table(ruleCases("split.seed"))(t);
  await table(ruleCases("server.url"))(t);
  await table(ruleCases("server.urls"))(t);
});

Deno.test("every rule group has accepted and refused cases", none, () => {
  for (const [group, cases] of RULES) {
    if (group === "one YAML document" || group === "a key written twice") continue;
    assert.ok(cases.some((c) => c[2].length === 0), `${group}: no accepted case`);
    assert.ok(cases.some((c) => c[2].length > 0), `${group}: no refused case`);
  }
});

Deno.test("the editor's schema comment is only a comment", none, () => {
  const text = "# yaml-language-server: $schema=./schema/assess.schema.json\n" + WHOLE;
  assert.deepEqual(check(text).issues, []);
});
