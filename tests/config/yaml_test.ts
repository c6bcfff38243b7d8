import assert from "node:assert/strict";
import { check, edit, lines, WHOLE } from "./_fixtures.ts";
import { table } from "./_rule_cases.ts";

const none = { permissions: "none" } as const;

Deno.test(
  "a file that is not a YAML mapping",
  none,
  table([
    ["empty", "", ["the file holds no YAML document"]],
    ["only a comment", "# nothing\n\n", ["the file holds no YAML document"]],
    ["a list", "- a\n", ["got array, want object"]],
    ["a word", "hello\n", ["got string, want object"]],
    ["null", "~\n", ["got null, want object"]],
  ]),
);

Deno.test("a YAML syntax error has its line and column", none, async (t) => {
  const cases: [string, string, RegExp][] = [
    [
      "an unclosed flow sequence",
      "version: 1\nsplit: [1, 2\nscorer: x\n",
      /^assess\.yaml:3:1: YAML syntax error: /,
    ],
    ["bad indentation", "version: 1\n  size: 2\n", /^assess\.yaml:2:\d+: YAML syntax error: /],
    ["a tab for indentation", "split:\n\tsize: 2\n", /^assess\.yaml:2:\d+: YAML syntax error: /],
    ["an unclosed quote", 'version: "1\n', /^assess\.yaml:\d+:\d+: YAML syntax error: /],
    [
      "nesting deeper than 64",
      "a: " + "[".repeat(70) + "]".repeat(70) + "\n",
      /^assess\.yaml:1:\d+: YAML syntax error: /,
    ],
  ];
  for (const [name, text, pattern] of cases) {
    await t.step(name, () => {
      const { config, issues } = check(text);
      assert.equal(config, undefined);
      assert.equal(issues.length, 1);
      assert.equal(issues[0]!.path, "");
      assert.match(lines(issues)[0]!, pattern);
      assert.match(issues[0]!.message, /^YAML syntax error: /); // the place is in line and column
    });
  }
  await t.step("with ${ in the same file, both are reported", () => {
    assert.deepEqual(lines(check("a: ${x}\nb: [\n").issues).length, 2);
  });
});

Deno.test("UTF-8", none, async (t) => {
  const bytes = new TextEncoder().encode(WHOLE);
  await t.step("a byte that is not UTF-8 is refused with its offset", () => {
    const bad = new Uint8Array([...bytes.subarray(0, 30), 0xff, ...bytes.subarray(30)]);
    assert.deepEqual(lines(check(bad).issues), ["the file is not UTF-8: byte 30 is not valid"]);
  });
  await t.step("a truncated sequence is refused", () => {
    const bad = new Uint8Array([...bytes, 0xc3]);
    assert.deepEqual(lines(check(bad).issues), [
      `the file is not UTF-8: byte ${bytes.length} is not valid`,
    ]);
  });
  await t.step("a byte order mark is allowed", () => {
    assert.deepEqual(check(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes])).issues, []);
  });
  await t.step("text in any script is kept", () => {
    const { config } = check(edit(WHOLE, ['  system: ""', "  system: Réponds brièvement 🙂"]));
    assert.equal(config?.prompt.system, "Réponds brièvement 🙂");
  });
});

Deno.test("YAML 1.2 core schema", none, async (t) => {
  await t.step("off, on, yes and no are text; true and false are booleans", () => {
    const { config } = check(edit(WHOLE, ["  insecure: false", "  insecure: TRUE"]));
    assert.equal(config?.server.insecure, true);
    assert.equal(check(WHOLE).config?.thinking.mode, "off");
  });
  await t.step("a %YAML 1.1 directive is refused", () => {
    assert.deepEqual(lines(check("%YAML 1.1\n---\n" + WHOLE).issues), [
      "the file asks for YAML 1.1, and assess reads YAML 1.2 only",
    ]);
  });
  await t.step("a %YAML 1.2 directive is accepted", () => {
    assert.deepEqual(check("%YAML 1.2\n---\n" + WHOLE).issues, []);
  });
  await t.step("the core tags are honoured", () => {
    const { config, issues } = check(
      edit(WHOLE, ["  seed: assess-v1", "  seed: !!str 42"], [
        "  size: 2000",
        "  size: !!int 2000",
      ]),
    );
    assert.deepEqual(issues, []);
    assert.equal(config?.split.seed, "42");
  });
  await t.step("a tag that does not fit its text is refused", () => {
    assert.deepEqual(lines(check(edit(WHOLE, ["  size: 2000", "  size: !!int x"])).issues), [
      "split.size: got string, want integer",
      "assess.yaml:17:15: split.size: 'x' is not a !!int",
    ]);
  });
  await t.step("another tag is refused", () => {
    assert.deepEqual(
      lines(check(edit(WHOLE, ["  baseline: base", "  baseline: !env BASE"])).issues),
      [
        "assess.yaml:24:18: models.baseline: the tag !env is not accepted",
      ],
    );
    assert.deepEqual(lines(check(edit(WHOLE, ["prompt:\n", "prompt: !!set\n"])).issues), [
      "prompt: the tag !!set is not accepted here",
    ]);
  });
  await t.step("a key must be text", () => {
    assert.deepEqual(lines(check(WHOLE + "? [a, b]\n: 1\n").issues), [
      "assess.yaml:44:3: a key must be text, not a sequence",
    ]);
  });
});

Deno.test("aliases", none, async (t) => {
  await t.step("an alias is its anchor's value", () => {
    const { issues } = check(
      edit(WHOLE, ["  baseline: base", "  baseline: &b base"], [
        "    - name: tuned-b",
        "    - name: *b",
      ]),
    );
    assert.deepEqual(lines(issues), [
      "models.adapters.1.name: base is the baseline, which is scored already",
    ]);
  });
  await t.step("an alias to no anchor is refused where it is", () => {
    assert.deepEqual(lines(check(edit(WHOLE, ["  baseline: base", "  baseline: *nope"])).issues), [
      "assess.yaml:24:13: the alias *nope names no anchor before it",
      "models.baseline: got null, want string",
    ]);
  });
  await t.step("an alias inside the node it names is refused", () => {
    const { issues } = check(WHOLE + "x: &a [1, *a]\n");
    assert.deepEqual(lines(issues), [
      "assess.yaml:44:11: the alias *a is inside the node it names",
      "x: not a setting of assess.yaml at the top level",
    ]);
  });
  await t.step("an alias as a key is refused", () => {
    const { issues } = check(edit(WHOLE, ["version: 1", "k: &k version\n*k : 1"]));
    assert.ok(lines(issues).includes("assess.yaml:2:1: a key must be written out, not an alias"));
  });
  await t.step("a billion laughs is refused without being expanded", () => {
    const levels = [
      'a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
    ];
    for (let i = 1; i <= 9; i++) {
      levels.push(`a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(", ")}]`);
    }
    const { config, issues } = check(levels.join("\n") + "\n");
    assert.equal(config, undefined);
    assert.equal(issues.length, 1);
    assert.match(
      lines(issues)[0]!,
      /^assess\.yaml:\d+:\d+: aliases expand the file by more than 10000 nodes, which is refused$/,
    );
  });
  await t.step("aliases that add fewer than 10000 nodes are read", () => {
    const list = `[${Array(99).fill("1").join(", ")}]`;
    const text = WHOLE + `x: &x ${list}\ny: [${Array(100).fill("*x").join(", ")}]\n`;
    assert.deepEqual(lines(check(text).issues), [
      "x: not a setting of assess.yaml at the top level",
      "y: not a setting of assess.yaml at the top level",
    ]);
  });
  await t.step("aliases that add 10100 nodes are refused", () => {
    const list = `[${Array(99).fill("1").join(", ")}]`;
    const text = WHOLE + `x: &x ${list}\ny: [${Array(100).fill("*x").join(", ")}, *x]\n`;
    const { issues } = check(text);
    assert.equal(issues.length, 1);
    assert.match(issues[0]!.message, /aliases expand the file by more than 10000 nodes/);
  });
});

Deno.test("a 1 MiB file of refusals is read in one pass, each refusal once", none, async (t) => {
  const MiB = 1_048_576;
  await t.step("the same key 209,715 times", () => {
    const text = "k: 1\n".repeat(Math.floor(MiB / 5));
    const { issues } = check(text);
    assert.equal(issues.length, 1 + Math.floor(MiB / 5) - 1 + 8);
    assert.equal(
      issues.filter((i) => i.message.startsWith("key written twice")).length,
      Math.floor(MiB / 5) - 1,
    );
  });
  await t.step("${ 524,288 times", () => {
    const { issues } = check("${".repeat(MiB / 2));
    assert.equal(issues.filter((i) => i.message.includes("${ is refused")).length, MiB / 2);
  });
});
