import assert from "node:assert/strict";
import { ConfigError } from "../../src/config/config_issue.ts";
import { parseConfig, validateConfig } from "../../src/config/validate.ts";
import type { Config } from "../../src/config/config.ts";
import type { Scorer } from "../../src/score/scorer.ts";
import { lookupScorer } from "../../src/score/registry.ts";
import { check, edit, lines, SHORTEST, WHOLE } from "./_fixtures.ts";

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
    sampling: { temperature: 0, topP: 1, seed: 0n, maxTokens: 512 },
    thinking: { mode: "off", templateKey: "enable_thinking" },
    serving: { batchInvariant: "required", probe: 8, concurrency: 16 },
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

type Case = [name: string, text: string, expected: string[]];

function table(cases: Case[]) {
  return async (t: Deno.TestContext) => {
    for (const [name, text, expected] of cases) {
      await t.step(name, () => {
        const { config, issues } = check(text);
        assert.deepEqual(lines(issues), expected);
        assert.equal(config === undefined, expected.length > 0);
      });
    }
  };
}

Deno.test(
  "keys: unknown at every level, and in another case",
  none,
  table([
    ["unknown at the top", WHOLE + "retries: 3\n", ["additional properties 'retries' not allowed"]],
    [
      "Version",
      edit(WHOLE, ["version: 1", "Version: 1"]),
      [
        "additional properties 'Version' not allowed (did you mean 'version'?)",
        "missing property 'version'",
      ],
    ],
    [
      "maxtokens",
      edit(WHOLE, ["  maxTokens: 512", "  maxtokens: 512"]),
      [
        "sampling: additional properties 'maxtokens' not allowed (did you mean 'maxTokens'?)",
        "sampling: missing property 'maxTokens'",
      ],
    ],
    [
      "unknown in server",
      edit(WHOLE, ["  insecure: false", "  insecure: false\n  retries: 3"]),
      ["server: additional properties 'retries' not allowed"],
    ],
    [
      "unknown in dataset.source",
      edit(WHOLE, ["    revision: 26d", "    branch: main\n    revision: 26d"]),
      ["dataset.source: additional properties 'branch' not allowed"],
    ],
    [
      "unknown in an adapter",
      edit(WHOLE, ["    - name: tuned-a", "    - name: tuned-a\n      rank: 8"]),
      ["models.adapters.0: additional properties 'rank' not allowed"],
    ],
    [
      "a merge key is just an unknown key",
      edit(WHOLE, ["  probe: 8", "  probe: 8\n  <<: {x: 1}"]),
      ["serving: additional properties '<<' not allowed"],
    ],
    [
      "quoted keys are keys",
      edit(WHOLE, ["version: 1", '"version": 1']),
      [],
    ],
    [
      "required keys, one line each",
      edit(WHOLE, ["  mode: off\n", ""], ["  templateKey: enable_thinking\n", "  x: 1\n"]),
      [
        "thinking: additional properties 'x' not allowed",
        "thinking: missing property 'mode'",
        "thinking: missing property 'templateKey'",
      ],
    ],
  ]),
);

Deno.test(
  "nothing is interpolated: ${ anywhere",
  none,
  table([
    [
      "in a value",
      edit(WHOLE, ["  baseline: base", "  baseline: ${BASE}"]),
      ["line 24, column 13: ${ is refused, since nothing is interpolated"],
    ],
    [
      "in a comment, twice",
      WHOLE + "# ${HOME} and ${USER}\n",
      [
        "line 41, column 3: ${ is refused, since nothing is interpolated",
        "line 41, column 15: ${ is refused, since nothing is interpolated",
      ],
    ],
    ["a $ alone is text", edit(WHOLE, ['  system: ""', '  system: "$HOME {x}"']), []],
  ]),
);

Deno.test(
  "one YAML document",
  none,
  table([
    [
      "a second document",
      WHOLE + "---\nversion: 1\n",
      [
        "line 41: a second YAML document is refused, since it would replace values in the first without saying so",
      ],
    ],
    [
      "an empty second document",
      WHOLE + "---\n",
      [
        "line 41: a second YAML document is refused, since it would replace values in the first without saying so",
      ],
    ],
    [
      "a second document after a ... line",
      WHOLE + "...\nversion: 1\n",
      [
        "line 42: a second YAML document is refused, since it would replace values in the first without saying so",
      ],
    ],
    [
      "a second document after a first that starts with ---",
      "---\n" + WHOLE + "--- \nversion: 1\n",
      [
        "line 42: a second YAML document is refused, since it would replace values in the first without saying so",
      ],
    ],
    ["a --- before the first", "---\n" + WHOLE, []],
    ["a ... after it", WHOLE + "...\n", []],
  ]),
);

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

Deno.test(
  "a key written twice",
  none,
  table([
    [
      "in a section",
      edit(WHOLE, ["  size: 2000", "  size: 2000\n  size: 3000"]),
      ["split.size: key written twice, on lines 17 and 18"],
    ],
    [
      "a whole section, with other refusals in the same pass",
      edit(WHOLE, ["version: 1", "version: 3"]) + "split:\n  seed: x\n  size: 1\n",
      ["split: key written twice, on lines 15 and 41", "version: value must be 1"],
    ],
    [
      "in a flow mapping",
      edit(WHOLE, ["    - name: tuned-a", "    - {name: tuned-a, name: tuned-c}"]),
      ["models.adapters.0.name: key written twice, on lines 26 and 26"],
    ],
  ]),
);

Deno.test(
  "whole numbers are at most 2147483647",
  none,
  table([
    ["split.size 2147483647", edit(WHOLE, ["  size: 2000", "  size: 2147483647"]), []],
    [
      "split.size 2147483648",
      edit(WHOLE, ["  size: 2000", "  size: 2147483648"]),
      ["split.size: value must be at most 2147483647"],
    ],
    ["maxTokens 2147483647", edit(WHOLE, ["  maxTokens: 512", "  maxTokens: 2147483647"]), []],
    [
      "maxTokens 2147483648",
      edit(WHOLE, ["  maxTokens: 512", "  maxTokens: 2147483648"]),
      ["sampling.maxTokens: value must be at most 2147483647"],
    ],
    [
      "concurrency 2147483648",
      edit(WHOLE, ["  concurrency: 16", "  concurrency: 2147483648"]),
      ["serving.concurrency: value must be at most 2147483647"],
    ],
    [
      "probe 2147483647 with size 2147483647",
      edit(WHOLE, ["  size: 2000", "  size: 2147483647"], ["  probe: 8", "  probe: 2147483647"]),
      [],
    ],
    [
      "probe 2147483648",
      edit(WHOLE, ["  size: 2000", "  size: 2147483647"], ["  probe: 8", "  probe: 2147483648"]),
      ["serving.probe: value must be at most 2147483647"],
    ],
    [
      "temperature 2147483647",
      edit(WHOLE, ["  temperature: 0", "  temperature: 2147483647"]),
      [],
    ],
    [
      "temperature 2147483648",
      edit(WHOLE, ["  temperature: 0", "  temperature: 2147483648"]),
      ["sampling.temperature: value must be at most 2147483647"],
    ],
    [
      "temperature 0.5 (not a whole number)",
      edit(WHOLE, ["  temperature: 0", "  temperature: 0.5"]),
      [],
    ],
    [
      "a float in a whole-number key",
      edit(WHOLE, ["  size: 2000", "  size: 20.5"]),
      ["split.size: got number, want integer"],
    ],
    [
      "text in a whole-number key",
      edit(WHOLE, ["  size: 2000", '  size: "2000"']),
      ["split.size: got string, want integer"],
    ],
    ["hex and octal are YAML 1.2 integers", edit(WHOLE, ["  size: 2000", "  size: 0x7D0"]), []],
  ]),
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
    ["1e400", "sampling.seed: got Infinity, want integer"],
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
  table([
    [
      "named twice",
      edit(WHOLE, ["    - name: tuned-b", "    - name: tuned-a"]),
      ["models.adapters.1.name: tuned-a is named twice, first at models.adapters.0.name"],
    ],
    [
      "the baseline's name",
      edit(WHOLE, ["    - name: tuned-b", "    - name: base"]),
      ["models.adapters.1.name: base is the baseline, which is scored already"],
    ],
    [
      "a name that differs only in case is another name",
      edit(WHOLE, ["    - name: tuned-b", "    - name: Base"]),
      [],
    ],
    [
      "no adapters",
      edit(WHOLE, [
        "  adapters:\n    - name: tuned-a\n    - name: tuned-b\n      path: /shared/ckpt/b\n",
        "  adapters: []\n",
      ]),
      [],
    ],
    [
      "an adapter without a name",
      edit(WHOLE, ["    - name: tuned-a", "    - path: /a"]),
      ["models.adapters.0: missing property 'name'"],
    ],
    [
      "indices sort as numbers",
      edit(WHOLE, [
        "    - name: tuned-b\n      path: /shared/ckpt/b\n",
        Array.from({ length: 11 }, (_, i) => `    - name: ${i === 10 ? "base" : `t${i}`}\n`).join(
          "",
        ) +
        "    - name: t2\n",
      ]),
      [
        "models.adapters.11.name: base is the baseline, which is scored already",
        "models.adapters.12.name: t2 is named twice, first at models.adapters.3.name",
      ],
    ],
  ]),
);

Deno.test(
  "thinking.mode on needs maxTokens of 2048 or more",
  none,
  table([
    [
      "on with 2047",
      edit(WHOLE, ["  mode: off", "  mode: on"], ["  maxTokens: 512", "  maxTokens: 2047"]),
      ["sampling.maxTokens: value must be at least 2048 when thinking.mode is on"],
    ],
    [
      "on with 2048",
      edit(WHOLE, ["  mode: off", "  mode: on"], ["  maxTokens: 512", "  maxTokens: 2048"]),
      [],
    ],
    ["off with 1", edit(WHOLE, ["  maxTokens: 512", "  maxTokens: 1"]), []],
    [
      "off with 0",
      edit(WHOLE, ["  maxTokens: 512", "  maxTokens: 0"]),
      ["sampling.maxTokens: value must be at least 1"],
    ],
    [
      "on with 0: one refusal",
      edit(WHOLE, ["  mode: off", "  mode: on"], ["  maxTokens: 512", "  maxTokens: 0"]),
      ["sampling.maxTokens: value must be at least 1"],
    ],
    [
      "mode false is a boolean, not off",
      edit(WHOLE, ["  mode: off", "  mode: false"]),
      ["thinking.mode: value must be one of 'off', 'on'"],
    ],
    [
      "mode no is text in YAML 1.2, and not a mode",
      edit(WHOLE, ["  mode: off", "  mode: no"]),
      ["thinking.mode: value must be one of 'off', 'on'"],
    ],
    [
      'mode "on" quoted',
      edit(WHOLE, ["  mode: off", '  mode: "on"'], ["  maxTokens: 512", "  maxTokens: 4096"]),
      [],
    ],
  ]),
);

Deno.test(
  "serving.probe: 0 and split.size",
  none,
  table([
    [
      "0 with required",
      edit(WHOLE, ["  probe: 8", "  probe: 0"]),
      ["serving.probe: 0 probes nothing, and serving.batchInvariant is required"],
    ],
    [
      "0 with the default",
      edit(SHORTEST, ["  probe: 8", "  probe: 0"]),
      ["serving.probe: 0 probes nothing, and serving.batchInvariant is required"],
    ],
    [
      "0 with asserted",
      edit(WHOLE, ["  probe: 8", "  probe: 0"], [
        "batchInvariant: required",
        "batchInvariant: asserted",
      ]),
      ["serving.probe: 0 probes nothing, and serving.batchInvariant is asserted"],
    ],
    [
      "0 with not-required",
      edit(WHOLE, ["  probe: 8", "  probe: 0"], [
        "batchInvariant: required",
        "batchInvariant: not-required",
      ]),
      [],
    ],
    ["1 with required", edit(WHOLE, ["  probe: 8", "  probe: 1"]), []],
    ["equal to split.size", edit(WHOLE, ["  size: 2000", "  size: 8"]), []],
    [
      "more than split.size",
      edit(WHOLE, ["  size: 2000", "  size: 7"]),
      ["serving.probe: value must be at most split.size, which is 7"],
    ],
    [
      "-1",
      edit(WHOLE, ["  probe: 8", "  probe: -1"]),
      ["serving.probe: value must be at least 0"],
    ],
    [
      "an unknown batchInvariant",
      edit(WHOLE, ["batchInvariant: required", "batchInvariant: maybe"]),
      ["serving.batchInvariant: value must be one of 'required', 'asserted', 'not-required'"],
    ],
  ]),
);

const noParsers: Scorer = { ...lookupScorer("xlam-tool-call")!, name: "mine" };
delete (noParsers as { toolCallParsers?: unknown }).toolCallParsers;

Deno.test("scorer.name and server.toolCallParser", none, async (t) => {
  await table([
    [
      "a name nothing registered",
      edit(WHOLE, ["  name: xlam-tool-call", "  name: nope"]),
      ["scorer.name: no scorer named 'nope' is registered"],
    ],
    [
      "a parser the scorer does not know",
      edit(WHOLE, ["toolCallParser: hermes", "toolCallParser: qwen3_xml"]),
      [
        "server.toolCallParser: 'qwen3_xml' is not a tool-call parser the scorer xlam-tool-call knows: 'hermes'",
      ],
    ],
    [
      "an empty name",
      edit(WHOLE, ["  name: xlam-tool-call", '  name: ""']),
      ["scorer.name: value must not be empty"],
    ],
    ["ordering strict", edit(WHOLE, ["ordering: any", "ordering: strict"]), []],
    [
      "ordering random",
      edit(WHOLE, ["ordering: any", "ordering: random"]),
      ["scorer.ordering: value must be one of 'any', 'strict'"],
    ],
  ])(t);
  await t.step("a scorer that declares no parsers takes any", () => {
    const text = edit(WHOLE, ["  name: xlam-tool-call", "  name: mine"], [
      "toolCallParser: hermes",
      "toolCallParser: qwen3_xml",
    ]);
    const lookup = (name: string) => (name === "mine" ? noParsers : undefined);
    assert.deepEqual(validateConfig(text, { lookupScorer: lookup }).issues, []);
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
  table([
    [
      "sha256 in capitals",
      edit(WHOLE, [
        "4ef5c6f0dc552f2231f93f5853a9ef431e9e806d7aa514d0f6b615606ce576c6",
        "4EF5C6F0DC552F2231F93F5853A9EF431E9E806D7AA514D0F6B615606CE576C6",
      ]),
      [],
    ],
    [
      "sha256 of 65 digits",
      edit(WHOLE, ["606ce576c6", "606ce576c60"]),
      ["dataset.sha256: '4ef5c6f0dc552f2231f93f5853a9ef431e9e806d7aa514d0f6b615606ce576c60' does not match pattern '^[0-9a-fA-F]{64}$'"],
    ],
    [
      "another dataset kind",
      edit(WHOLE, ["kind: xlam-function-calling", "kind: glaive"]),
      ["dataset.kind: value must be 'xlam-function-calling'"],
    ],
    ["version 1.0 is the number 1", edit(WHOLE, ["version: 1", "version: 1.0"]), []],
    ['version "1"', edit(WHOLE, ["version: 1", 'version: "1"']), ["version: value must be 1"]],
    ["topP 1", edit(WHOLE, ["  topP: 1", "  topP: 1"]), []],
    ["topP 1.01", edit(WHOLE, ["  topP: 1", "  topP: 1.01"]), [
      "sampling.topP: value must be at most 1",
    ]],
    ["topP 0.001", edit(WHOLE, ["  topP: 1", "  topP: 0.001"]), []],
    ["topP 0", edit(WHOLE, ["  topP: 1", "  topP: 0"]), [
      "sampling.topP: value must be more than 0",
    ]],
    ["temperature -0.1", edit(WHOLE, ["  temperature: 0", "  temperature: -0.1"]), [
      "sampling.temperature: value must be at least 0",
    ]],
    ["temperature .nan", edit(WHOLE, ["  temperature: 0", "  temperature: .nan"]), [
      "sampling.temperature: got NaN, want number",
    ]],
    ["concurrency 1", edit(WHOLE, ["  concurrency: 16", "  concurrency: 1"]), []],
    ["concurrency 0", edit(WHOLE, ["  concurrency: 16", "  concurrency: 0"]), [
      "serving.concurrency: value must be at least 1",
    ]],
    ["an empty baseline", edit(WHOLE, ["  baseline: base", '  baseline: ""']), [
      "models.baseline: value must not be empty",
    ]],
    ["insecure yes is text in YAML 1.2", edit(WHOLE, ["  insecure: false", "  insecure: yes"]), [
      "server.insecure: got string, want boolean",
    ]],
    ["an empty section", edit(WHOLE, ['prompt:\n  system: ""', "prompt:"]), [
      "prompt: got null, want object",
    ]],
    [
      "a multi-line system prompt",
      edit(WHOLE, ['  system: ""', "  system: |\n    Be brief.\n    Call tools."]),
      [],
    ],
  ]),
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
    "additional properties 'aaa' not allowed",
    "additional properties 'zzz' not allowed",
    "models.adapters.1.name: base is the baseline, which is scored already",
    "sampling.seed: got string, want integer",
    "split.size: value must be at least 1",
    "version: value must be 1",
  ]);
});
