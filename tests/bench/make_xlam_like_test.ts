/**
 * The benchmarks' dataset generator writes what the Python script it ports writes. Every expected
 * value below was computed with CPython 3.11 (the script itself, `random.Random`, `round`): the
 * independent computation. The 60,000-row default output takes seconds, too long for the suite; it
 * was checked when the generator was written, and its SHA-256 is the one tests/bench/_bench_data.ts
 * pins (which the benchmarks check on every run).
 */

import assert from "node:assert/strict";
import { sha256Text } from "../../src/dataset/sha256.ts";
import { MAKE_DATA } from "./_bench_data.ts";
import { makeXlamLike, parseArgs, PyRandom, pyRound, templates } from "./make_xlam_like.ts";

const SAMPLE = new URL("../../reference/testdata/xlam-sample.json", import.meta.url);
const BENCHMARKS = new URL("../../BENCHMARKS.md", import.meta.url);
const permissions = { read: [SAMPLE, BENCHMARKS] };

Deno.test({
  name: "make_xlam_like: the same bytes as the Python script, for its arguments",
  permissions,
  fn: async (t) => {
    const sample = await Deno.readTextFile(SAMPLE);
    // `python3 make_xlam_like.py OUT <args>`: its size and SHA-256, as it printed them.
    const cases: [string[], number, string][] = [
      [
        ["--rows", "3000"],
        4757583,
        "75e6ca1053b52030f8e29f90fe03c046c04cd0230d01cbbd48b827460b8d6b16",
      ],
      [
        ["--rows", "2000", "--seed", "-7", "--twins", "0.3", "--ineligible", "0.5"],
        3791602,
        "5acbbc23070443316fe934328bc4ab6c1f276e067c834f443cfc128a03e60ccf",
      ],
      [
        ["--rows", "1500", "--seed", "123456789012345678901234567890", "--twins=0.05"],
        2303988,
        "9afee26309b880f3189c59bd9a2dce461c118a5c7752a64d77a0f9d15481ab95",
      ],
      [["--rows", "0"], 2, "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945"],
    ];
    for (const [args, size, sha256] of cases) {
      await t.step(args.join(" "), () => {
        const parsed = parseArgs(["out.json", ...args]);
        assert(typeof parsed !== "string", String(parsed));
        const text = makeXlamLike(sample, parsed.options);
        assert.equal(text.length, size);
        assert.equal(sha256Text(text), sha256);
      });
    }
  },
});

Deno.test({
  name: "make_xlam_like: refuses a sample that is not the script's templates",
  permissions,
  fn: async () => {
    const rows = JSON.parse(await Deno.readTextFile(SAMPLE)) as { query: string }[];
    rows[7]!.query += ".";
    assert.throws(() => templates(JSON.stringify(rows)), /in the script's order have SHA-256/);
  },
});

Deno.test({
  name: "make_xlam_like: BENCHMARKS.md gives the command the benchmarks print",
  permissions,
  fn: async () => {
    const page = (await Deno.readTextFile(BENCHMARKS)).replaceAll(/\n\s*/g, " ");
    assert(page.includes(`\`${MAKE_DATA}\``), MAKE_DATA);
  },
});

Deno.test("make_xlam_like: PyRandom draws what CPython's random.Random draws", () => {
  const r = new PyRandom(1n);
  assert.deepEqual([r.random(), r.random(), r.random()], [
    0.13436424411240122,
    0.8474337369372327,
    0.763774618976614,
  ]);
  assert.deepEqual([1, 2, 3, 4, 5].map(() => r.randint(-3, 3)), [-1, -3, 0, 3, 0]);
  assert.deepEqual([1, 2, 3].map(() => r.randint(0, 999)), [483, 667, 388]);
  assert.equal(r.uniform(-0.1, 0.1), 0.05774467022710264);
  assert.equal(r.choice([...Array(60_000).keys()]), 6151);
  assert.equal(new PyRandom(2n ** 70n + 5n).random(), 0.46679953776226335);
  assert.equal(new PyRandom(-7n).random(), 0.32383276483316237);
});

Deno.test("make_xlam_like: pyRound rounds as Python's round(x, 6)", () => {
  const cases: [number, number][] = [
    [0.0078125, 0.007812], // an exact tie: half to even
    [0.0234375, 0.023438],
    [-0.0234375, -0.023438],
    [2.675, 2.675],
    [-1e-7, -0],
    [123456.0000005, 123456.000001],
    [1e300, 1e300],
    [5e-324, 0],
    [5e-7, 0],
    [1.5e-6, 2e-6],
    [2.5e-6, 3e-6], // not a tie: the double is above 2.5e-6
  ];
  for (const [x, want] of cases) assert(Object.is(pyRound(x, 6), want), `round(${x}, 6)`);
  assert(Number.isNaN(pyRound(NaN, 6)));
  assert.equal(pyRound(-Infinity, 6), -Infinity);
});

Deno.test("make_xlam_like: the command line, as the script's argparse reads it", () => {
  assert.deepEqual(parseArgs(["a.json"]), { out: "a.json", options: {} });
  assert.deepEqual(
    parseArgs(["--seed=3", "a.json", "--twins", "inf", "--rows", " 12 "]),
    { out: "a.json", options: { seed: 3n, twins: Infinity, rows: 12 } },
  );
  assert.equal(parseArgs([]), "the following arguments are required: out");
  assert.equal(parseArgs(["a", "b"]), "unrecognized argument: b");
  assert.equal(parseArgs(["a", "--rows", "1.5"]), '--rows: invalid int value: "1.5"');
  assert.equal(parseArgs(["a", "--twins", "0x1"]), '--twins: invalid float value: "0x1"');
  assert.equal(parseArgs(["a", "--rows"]), "--rows expects a value");
  assert.equal(parseArgs(["a", "--size", "3"]), "unrecognized argument: --size");
});
