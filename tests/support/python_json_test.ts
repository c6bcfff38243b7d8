import assert from "node:assert/strict";
import fc from "fast-check";
import {
  loadsWithSpan,
  pyFloatRepr,
  pyJsonDumps,
  PyJsonError,
  pyJsonLoads,
  pyJsonRawDecode,
  writeAsWritten,
} from "./python_json.ts";
import { pythonFor, pythonSkip } from "./python.ts";

const roundTrip = (s: string): string => pyJsonDumps(pyJsonLoads(s));

Deno.test("python_json: json.dumps(json.loads(s), ensure_ascii=False) on hand-picked cases", async (t) => {
  const cases: [string, string][] = [
    ['{"a":1}', '{"a": 1}'],
    ['{"a": 1.0}', '{"a": 1.0}'],
    ['{"a": 1.10}', '{"a": 1.1}'],
    [
      "[1e400, -1e400, 1E2, 1e-7, 1e16, 1e15, 0.0001, 0.00001]",
      "[Infinity, -Infinity, 100.0, 1e-07, 1e+16, 1000000000000000.0, 0.0001, 1e-05]",
    ],
    ["12345678901234567890123", "12345678901234567890123"],
    ["-0", "0"],
    ["-0.0", "-0.0"],
    ["[NaN, Infinity, -Infinity]", "[NaN, Infinity, -Infinity]"],
    ['{"a": 1, "b": 2, "a": 3}', '{"a": 3, "b": 2}'],
    ['"\\u00e9\\n\\t\\u0001\\"\\\\/"', '"é\\n\\t\\u0001\\"\\\\/"'],
    ['"\\ud83d\\ude00"', '"😀"'],
    [" \t\n\r[ ] ", "[]"],
    ["{}", "{}"],
    ["[true,false,null]", "[true, false, null]"],
    ['"\u007f"', '"\u007f"'],
    ["123456789012345678.5", "1.2345678901234568e+17"],
  ];
  for (const [input, want] of cases) {
    await t.step(input, () => assert.equal(roundTrip(input), want));
  }
});

Deno.test("python_json: refuses what json.loads refuses", async (t) => {
  const bad = [
    "",
    "{",
    '{"a": 1,}',
    "[1,]",
    "01",
    "1.",
    ".5",
    "+1",
    "-",
    "NaNx",
    "'a'",
    '"a\nb"',
    '"\\x41"',
    '"\\u12"',
    '{"a" 1}',
    "[1] [2]",
    "nul",
    "-NaN",
    "\ufeff1",
    "1".repeat(4301),
  ];
  for (const input of bad) {
    await t.step(JSON.stringify(input.slice(0, 30)), () => {
      assert.throws(() => pyJsonLoads(input), PyJsonError);
    });
  }
  assert.doesNotThrow(() => pyJsonLoads("1".repeat(4300)));
});

Deno.test("python_json: float repr follows CPython's thresholds", () => {
  assert.equal(pyFloatRepr(0.1), "0.1");
  assert.equal(pyFloatRepr(1e22), "1e+22");
  assert.equal(pyFloatRepr(1.5e16), "1.5e+16");
  assert.equal(pyFloatRepr(9999999999999998), "9999999999999998.0");
  assert.equal(pyFloatRepr(-2.5e-5), "-2.5e-05");
  assert.equal(pyFloatRepr(5e-324), "5e-324");
  assert.equal(pyFloatRepr(1.7976931348623157e308), "1.7976931348623157e+308");
  assert.equal(pyFloatRepr(123.456), "123.456");
});

Deno.test("python_json: writeAsWritten keeps numbers as written, and the arguments span", () => {
  assert.equal(writeAsWritten(pyJsonLoads('{"x":1.10,"y":[1E2]}')), '{"x": 1.10, "y": [1E2]}');
  const text = '{"name":"f","arguments":  {"b" :2,"a":1} }';
  const { argumentsSpan } = loadsWithSpan(text);
  assert.equal(text.slice(argumentsSpan!.start, argumentsSpan!.end), '{"b" :2,"a":1}');
});

/**
 * Runs CPython on a batch of texts: per input, `json.dumps` of what `json.loads` read, with
 * `ensure_ascii=False` then with the default (true), or "ERR" where json.loads raised.
 */
async function cpython(inputs: readonly string[]): Promise<([string, string] | "ERR")[]> {
  const script = [
    "import json, sys",
    "for line in sys.stdin.read().split('\\n')[:-1]:",
    "    s = json.loads(line)",
    "    try:",
    "        v = json.loads(s)",
    "        out = [json.dumps(v, ensure_ascii=False), json.dumps(v)]",
    "    except Exception:",
    "        out = 'ERR'",
    "    sys.stdout.write(json.dumps(out) + '\\n')",
  ].join("\n");
  const child = new Deno.Command(await pythonFor("stdlib"), {
    args: ["-c", script],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(inputs.map((s) => JSON.stringify(s) + "\n").join("")));
  await w.close();
  const { stdout, success } = await child.output();
  assert(success, "python3 failed");
  return new TextDecoder().decode(stdout).split("\n").slice(0, -1).map((l) => JSON.parse(l));
}

const skip = await pythonSkip("python_json against CPython", "stdlib");

Deno.test({
  name: "python_json: agrees with CPython on generated texts, ensure_ascii false and true",
  ignore: skip !== null,
  fn: async () => {
    const scalar = fc.oneof(
      fc.constantFrom(
        "null",
        "true",
        "false",
        "NaN",
        "Infinity",
        "-Infinity",
        "1e400",
        "-0",
        "0.0",
      ),
      fc.integer().map(String),
      fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
      fc.tuple(fc.integer({ min: -99, max: 99 }), fc.nat(999), fc.integer({ min: -400, max: 400 }))
        .map(([a, b, e]) => `${a}.${b}e${e}`),
      fc.string({ unit: "binary" }).map((s) => JSON.stringify(s)),
      fc.constantFrom('"\\u00e9"', '"\\ud800"', '"a\\/b"', '"\\b\\f"'),
    );
    const value: fc.Arbitrary<string> = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        scalar,
        fc.array(tie("v"), { maxLength: 4 }).map((xs) => `[${xs.join(",")}]`),
        fc.array(fc.tuple(fc.constantFrom("a", "b", "é", "k"), tie("v")), { maxLength: 4 })
          .map((kv) => `{${kv.map(([k, x]) => `${JSON.stringify(k)}: ${x}`).join(", ")}}`),
      ),
    })).v as fc.Arbitrary<string>;
    const mutated = fc.tuple(value, fc.nat(), fc.constantFrom("", "}", ",", "x", " ", "\u0001"))
      .map(([s, at, ins]) => {
        const i = s.length === 0 ? 0 : at % s.length;
        return s.slice(0, i) + ins + s.slice(i);
      });
    const inputs = fc.sample(fc.oneof(value, mutated), { numRuns: 2000, seed: 42 });
    const want = await cpython(inputs);
    let errors = 0;
    inputs.forEach((input, i) => {
      let got: [string, string] | "ERR";
      try {
        const v = pyJsonLoads(input);
        got = [pyJsonDumps(v), pyJsonDumps(v, { ensureAscii: true })];
      } catch {
        got = "ERR";
        errors++;
      }
      assert.deepEqual(got, want[i], `input ${JSON.stringify(input)}`);
    });
    assert(errors > 50 && errors < inputs.length - 50, `a mix of valid and invalid (${errors})`);
  },
});

Deno.test({
  name:
    "python_json: pyJsonRawDecode agrees with CPython's JSONDecoder().raw_decode on generated texts",
  ignore: skip !== null,
  fn: async () => {
    const texts = fc.sample(
      fc.tuple(
        fc.constantFrom("", " "),
        fc.oneof(fc.json(), fc.constantFrom("NaN", "-Infinity", "{'a': 1}", "[1,", "1.")),
        fc.constantFrom("", '; {"x": 1}', "}", " trailing words", "\n", "]"),
      ).map(([lead, json, tail]) => lead + json + tail),
      { numRuns: 800, seed: 7 },
    );
    const script = [
      "import json, sys",
      "dec = json.JSONDecoder()",
      "for line in sys.stdin.read().split('\\n')[:-1]:",
      "    s = json.loads(line)",
      "    try:",
      "        v, end = dec.raw_decode(s)",
      "        out = [json.dumps(v, ensure_ascii=False), end]",
      "    except Exception:",
      "        out = 'ERR'",
      "    sys.stdout.write(json.dumps(out) + '\\n')",
    ].join("\n");
    const child = new Deno.Command(await pythonFor("stdlib"), {
      args: ["-c", script],
      stdin: "piped",
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(texts.map((s) => JSON.stringify(s) + "\n").join("")));
    await w.close();
    const { stdout, success } = await child.output();
    assert(success, "python3 failed");
    const want = new TextDecoder().decode(stdout).split("\n").slice(0, -1).map((l) =>
      JSON.parse(l)
    );
    let errors = 0;
    texts.forEach((text, i) => {
      let got: [string, number] | "ERR";
      try {
        const { value, end } = pyJsonRawDecode(text);
        got = [pyJsonDumps(value), end];
      } catch {
        got = "ERR";
        errors++;
      }
      assert.deepEqual(got, want[i], `text ${JSON.stringify(text)}`);
    });
    assert(errors > 50 && errors < texts.length - 50, `a mix of valid and invalid (${errors})`);
  },
});
