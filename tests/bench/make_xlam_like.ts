/**
 * Writes the synthetic dataset the command benchmarks run on: a file shaped like
 * xlam-function-calling-60k, built from the 204 real rows of `reference/testdata/xlam-sample.json`
 * as templates. Each row gets a fresh id, a query with a unique suffix and perturbed argument
 * values, so contents are distinct; a small share of rows are exact twins (an earlier row's content
 * under another id) and a small share repeat a tool name (ineligible), as in the real data. Strings
 * are written as the real file writes them (Python's `json.dumps` defaults, ASCII escapes), the
 * array with `indent=4`.
 *
 * It is a port of the Python script that wrote `bench-data/xlam-like-60k.json` and writes the same
 * bytes for the same arguments: Python's `random.Random(seed)` (MT19937) drawn in the same order,
 * `round(x, 6)` as Python rounds, `json.dumps` as Python writes. Run from the repository's root:
 *
 *   deno run --allow-read=reference/testdata/xlam-sample.json,bench-data --allow-write=bench-data \
 *     tests/bench/make_xlam_like.ts bench-data/xlam-like-60k.json
 *
 * Options: `--rows 60000`, `--seed 1`, `--twins 0.002` (share of rows that copy an earlier row's
 * content), `--ineligible 0.0043` (share of rows whose tools repeat a name). It prints the file's
 * size and SHA-256; the same arguments always give the same bytes. The file is written next to
 * OUT as `OUT.tmp` and renamed, so OUT is never half written; OUT's folder is made if missing.
 *
 * @module
 */

import { sha256Hex, sha256Text } from "../../src/dataset/sha256.ts";
import {
  type PyFloat,
  pyFloatRepr,
  type PyInt,
  pyJsonDumps,
  pyJsonLoads,
  pyJsonString,
  type PyValue,
} from "../support/python_json.ts";

/** The generator's arguments, each defaulting to the Python script's default. */
export interface XlamLikeOptions {
  /** How many rows. Default 60,000. */
  readonly rows?: number;
  /** The seed of Python's `random.Random`, any integer. Default 1. */
  readonly seed?: bigint;
  /** The share of rows that copy an earlier row's content. Default 0.002. */
  readonly twins?: number;
  /** The share of rows whose tools repeat a name. Default 0.0043. */
  readonly ineligible?: number;
}

/** A row of the dataset: `answers` and `tools` are JSON texts. */
export interface Row {
  /** The row's id. */
  readonly id: number;
  /** The user's request. */
  readonly query: string;
  /** The expected calls, as a JSON text. */
  readonly answers: string;
  /** The tools offered, as a JSON text. */
  readonly tools: string;
}

/**
 * The ids of the 39 sample rows that the Python script read from its second file (rows whose
 * source kept `tools` and `answers` as nested JSON), in its order. Its templates are the other 165
 * rows sorted by id, then these.
 */
const REBUILT_IDS: readonly number[] = [
  697,
  900,
  2486,
  2573,
  3375,
  6045,
  9910,
  10138,
  11564,
  11683,
  12075,
  17486,
  23006,
  24964,
  25267,
  25606,
  27575,
  29933,
  31828,
  32497,
  33303,
  34590,
  34814,
  35383,
  35912,
  36600,
  36617,
  36976,
  38670,
  38981,
  40810,
  41223,
  42270,
  43101,
  49257,
  50448,
  53915,
  58077,
  58191,
];

/** SHA-256 of Python's `json.dumps(templates, indent=4)` for the script's templates, in its order. */
const TEMPLATES_SHA256 = "b1b9d04954476187e953b5dd51ee525e128e8668aa1ec01e2e07f07e40f51707";

/**
 * CPython's `random.Random`: MT19937 seeded from an integer with `init_by_array`, and the draws
 * the generator makes, each as CPython 3.11 makes it.
 */
export class PyRandom {
  readonly #mt = new Uint32Array(624);
  #i = 624;

  /** @param seed The seed, as `random.Random(seed)` takes an int (its absolute value is used). */
  constructor(seed: bigint) {
    let n = seed < 0n ? -seed : seed;
    const key: number[] = [];
    do {
      key.push(Number(n & 0xffffffffn));
      n >>= 32n;
    } while (n > 0n);
    this.#initByArray(key);
  }

  #initGenrand(s: number): void {
    const mt = this.#mt;
    mt[0] = s;
    for (let i = 1; i < 624; i++) {
      const p = mt[i - 1]!;
      mt[i] = Math.imul(1812433253, p ^ (p >>> 30)) + i;
    }
  }

  #initByArray(key: readonly number[]): void {
    const mt = this.#mt;
    this.#initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(624, key.length); k > 0; k--) {
      const p = mt[i - 1]!;
      mt[i] = (mt[i]! ^ Math.imul(p ^ (p >>> 30), 1664525)) + key[j]! + j;
      i++;
      j++;
      if (i >= 624) {
        mt[0] = mt[623]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = 623; k > 0; k--) {
      const p = mt[i - 1]!;
      mt[i] = (mt[i]! ^ Math.imul(p ^ (p >>> 30), 1566083941)) - i;
      i++;
      if (i >= 624) {
        mt[0] = mt[623]!;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** @returns The next 32-bit output, as `genrand_uint32`. */
  uint32(): number {
    const mt = this.#mt;
    if (this.#i >= 624) {
      for (let k = 0; k < 624; k++) {
        const y = (mt[k]! & 0x80000000) | (mt[(k + 1) % 624]! & 0x7fffffff);
        mt[k] = mt[(k + 397) % 624]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.#i = 0;
    }
    let y = mt[this.#i++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** @returns `random()`: 53 random bits as a float in [0, 1). */
  random(): number {
    const a = this.uint32() >>> 5;
    const b = this.uint32() >>> 6;
    return (a * 67108864 + b) * (1 / 9007199254740992);
  }

  /**
   * @param n The bound, 1 to 2³² − 1.
   * @returns `_randbelow(n)`: `getrandbits(n.bit_length())` until it is below n.
   */
  below(n: number): number {
    if (!(Number.isInteger(n) && n >= 1 && n < 2 ** 32)) throw new RangeError(`bound ${n}`);
    const shift = Math.clz32(n); // 32 − n.bit_length()
    for (;;) {
      const r = this.uint32() >>> shift;
      if (r < n) return r;
    }
  }

  /**
   * @param a The least value.
   * @param b The greatest value.
   * @returns `randint(a, b)`.
   */
  randint(a: number, b: number): number {
    return a + this.below(b - a + 1);
  }

  /**
   * @param a One end.
   * @param b The other end.
   * @returns `uniform(a, b)`: `a + (b - a) * random()`.
   */
  uniform(a: number, b: number): number {
    return a + (b - a) * this.random();
  }

  /**
   * @param items A non-empty list.
   * @returns `choice(items)`.
   */
  choice<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }
}

/**
 * Python's `round(x, ndigits)` for a float and `ndigits` ≥ 0: the exact value of `x` rounded to
 * `ndigits` decimals, half to even, read back as the nearest double.
 *
 * @param x The double.
 * @param ndigits Decimals to keep, 0 to 100.
 * @returns The rounded double (`NaN` and infinities as they are, the sign of zero kept).
 */
export function pyRound(x: number, ndigits: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const biased = Number(bits >> 52n);
  const fraction = bits & ((1n << 52n) - 1n);
  // |x| = m · 2^e exactly.
  const m = biased === 0 ? fraction : fraction | (1n << 52n);
  const e = (biased === 0 ? 1 : biased) - 1075;
  const scaled = m * 10n ** BigInt(ndigits);
  let q: bigint;
  if (e >= 0) q = scaled << BigInt(e);
  else {
    const shift = BigInt(-e);
    q = scaled >> shift;
    const twice = (scaled - (q << shift)) << 1n;
    const half = 1n << shift;
    if (twice > half || (twice === half && (q & 1n) === 1n)) q++;
  }
  return Number(`${x < 0 ? "-" : ""}${q}e-${ndigits}`);
}

/** The script's `perturb`: a value of the same JSON type, changed so that rows differ. */
function perturb(value: PyValue, rng: PyRandom): PyValue {
  if (value === null || typeof value === "boolean") return value;
  if (typeof value === "string") {
    return value + (rng.random() < 0.5 ? "" : ` ${rng.randint(0, 999)}`);
  }
  if (Array.isArray(value)) return value.map((v) => perturb(v, rng));
  if (value instanceof Map) {
    const out = new Map<string, PyValue>();
    for (const [k, v] of value) out.set(k, perturb(v, rng));
    return out;
  }
  const n = value as PyInt | PyFloat;
  if (n.kind === "int") {
    const v = n.value + BigInt(rng.randint(-3, 3));
    return { kind: "int", value: v, text: v.toString() };
  }
  const v = pyRound(n.value * (1 + rng.uniform(-0.1, 0.1)), 6);
  return { kind: "float", value: v, text: pyFloatRepr(v) };
}

/**
 * Writes rows as Python's `json.dumps(rows, indent=4)` does.
 *
 * @param rows The rows.
 * @returns The JSON text, all ASCII.
 */
function dumpRows(rows: readonly Row[]): string {
  if (rows.length === 0) return "[]";
  const a = { ensureAscii: true };
  const parts = rows.map((r) =>
    `    {\n        "id": ${r.id},\n        "query": ${pyJsonString(r.query, a)},\n` +
    `        "answers": ${pyJsonString(r.answers, a)},\n        "tools": ${
      pyJsonString(r.tools, a)
    }\n    }`
  );
  return `[\n${parts.join(",\n")}\n]`;
}

/**
 * The sample's rows in the Python script's template order, checked against that order's digest.
 *
 * @param sample The text of `reference/testdata/xlam-sample.json`.
 * @returns The 204 template rows.
 * @throws {Error} When the sample is not the one the script's templates came from.
 */
export function templates(sample: string): Row[] {
  const rows = (JSON.parse(sample) as Row[]).toSorted((x, y) => x.id - y.id);
  const rebuilt = new Set(REBUILT_IDS);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = [
    ...rows.filter((r) => !rebuilt.has(r.id)),
    ...REBUILT_IDS.map((id) => byId.get(id)),
  ].filter((r) => r !== undefined);
  const digest = sha256Text(dumpRows(ordered));
  if (digest !== TEMPLATES_SHA256) {
    throw new Error(
      `the sample's rows in the script's order have SHA-256 ${digest}, not ${TEMPLATES_SHA256}`,
    );
  }
  return ordered;
}

/** The names of a row's tools repeat one. */
function repeatsAName(row: Row): boolean {
  const names = (pyJsonLoads(row.tools) as PyDict[]).map((t) => pyJsonDumps(t.get("name")!));
  return new Set(names).size < names.length;
}

type PyDict = ReadonlyMap<string, PyValue>;

/** A template, parsed once: its answers' values and its tools written both ways. */
interface Template {
  readonly query: string;
  readonly answers: readonly PyDict[];
  readonly tools: string;
  readonly toolsIneligible: string;
}

function prepare(row: Row): Template {
  const tools = pyJsonLoads(row.tools) as PyValue[];
  return {
    query: row.query,
    answers: pyJsonLoads(row.answers) as PyDict[],
    tools: pyJsonDumps(tools, { ensureAscii: true }),
    toolsIneligible: pyJsonDumps([...tools, tools[0]!], { ensureAscii: true }),
  };
}

/**
 * The dataset's text, exactly as the Python script writes it for the same arguments.
 *
 * @param sample The text of `reference/testdata/xlam-sample.json`.
 * @param options The script's arguments.
 * @returns The JSON text (all ASCII, so its length is its size in bytes).
 * @throws {Error} When the sample is not the one the script's templates came from.
 */
export function makeXlamLike(sample: string, options: XlamLikeOptions = {}): string {
  const { rows: count = 60_000, seed = 1n, twins = 0.002, ineligible = 0.0043 } = options;
  const eligible = templates(sample).filter((t) => !repeatsAName(t)).map(prepare);
  const rng = new PyRandom(seed);
  const rows: Row[] = [];
  for (let i = 0; i < count; i++) {
    if (rows.length > 0 && rng.random() < twins) {
      rows.push({ ...rng.choice(rows), id: i });
      continue;
    }
    const bad = rng.random() < ineligible;
    const t = rng.choice(eligible);
    const answers = t.answers.map((a) =>
      new Map<string, PyValue>([["name", a.get("name")!], [
        "arguments",
        perturb(a.get("arguments")!, rng),
      ]])
    );
    rows.push({
      id: i,
      query: `${t.query} (case ${i})`,
      answers: pyJsonDumps(answers, { ensureAscii: true }),
      tools: bad ? t.toolsIneligible : t.tools,
    });
  }
  return dumpRows(rows);
}

const USAGE =
  "usage: make_xlam_like.ts OUT.json [--rows 60000] [--seed 1] [--twins 0.002] [--ineligible 0.0043]";
const INT = /^\s*[+-]?\d+\s*$/;
const FLOAT = /^\s*[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf|infinity|nan)\s*$/i;

function pyFloat(text: string): number {
  const t = text.trim().toLowerCase().replace(/^([+-]?)inf(inity)?$/, "$1Infinity");
  return /nan$/.test(t) ? NaN : Number(t);
}

/**
 * Reads the command line as the script's argparse does (options as `--name value` or
 * `--name=value`).
 *
 * @param args The arguments.
 * @returns The output path and the options, or a message saying what is wrong.
 */
export function parseArgs(
  args: readonly string[],
): { out: string; options: XlamLikeOptions } | string {
  let out: string | undefined;
  const options: { rows?: number; seed?: bigint; twins?: number; ineligible?: number } = {};
  for (let k = 0; k < args.length; k++) {
    const arg = args[k]!;
    if (!arg.startsWith("--")) {
      if (out !== undefined) return `unrecognized argument: ${arg}`;
      out = arg;
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    const value = eq < 0 ? args[++k] : arg.slice(eq + 1);
    if (value === undefined) return `--${name} expects a value`;
    if (name === "rows" || name === "seed") {
      if (!INT.test(value)) return `--${name}: invalid int value: ${JSON.stringify(value)}`;
      const n = BigInt(value.trim());
      if (name === "seed") options.seed = n;
      else if (n > 100_000_000n) return `--rows: ${n} is more than this program writes`;
      else options.rows = Number(n);
    } else if (name === "twins" || name === "ineligible") {
      if (!FLOAT.test(value)) return `--${name}: invalid float value: ${JSON.stringify(value)}`;
      options[name] = pyFloat(value);
    } else return `unrecognized argument: ${arg}`;
  }
  if (out === undefined) return "the following arguments are required: out";
  return { out, options };
}

if (import.meta.main) {
  const parsed = parseArgs(Deno.args);
  if (typeof parsed === "string") {
    console.error(`${USAGE}\nmake_xlam_like.ts: ${parsed}`);
    Deno.exit(64);
  }
  const sample = await Deno.readTextFile(
    new URL("../../reference/testdata/xlam-sample.json", import.meta.url),
  );
  const data = new TextEncoder().encode(makeXlamLike(sample, parsed.options));
  const tmp = `${parsed.out}.tmp`;
  const folder = parsed.out.slice(0, parsed.out.lastIndexOf("/"));
  if (folder !== "") await Deno.mkdir(folder, { recursive: true });
  await Deno.writeFile(tmp, data);
  await Deno.rename(tmp, parsed.out);
  const rows = parsed.options.rows ?? 60_000;
  console.log(
    `${parsed.out}: ${Math.max(rows, 0)} rows, ${data.length} bytes, sha256 ${sha256Hex(data)}`,
  );
}
