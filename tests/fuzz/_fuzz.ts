/**
 * What the fuzz tests share: how many cases they run, the command line run in process against a
 * world held in memory, the mutations of valid inputs, and the laws every run keeps whatever its
 * input: a documented exit code (never 70), a one-line message that says what was wrong, nothing
 * unprintable on the terminal, and never the API key.
 *
 * `deno task test` runs a few cases of each property (ASSESS_FUZZ_RUNS, default 12);
 * `deno task fuzz` runs many more. ASSESS_FUZZ_SEED replays a run that failed (fast-check prints
 * the seed and the path of the case that failed).
 *
 * Each case is bounded by what it is given, never by a clock: inputs are finite, files are regular,
 * and every request has its `-timeout`.
 *
 * @module
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import type { Io } from "../../src/cli/io.ts";
import { runCli } from "../../src/cli/main.ts";
import { oneLine } from "../../src/text/one_line.ts";
import { PIECES } from "../json/_arbitraries.ts";

/** How many cases each property runs (ASSESS_FUZZ_RUNS, a whole number; default 12). */
export const RUNS: number = (() => {
  const text = Deno.env.get("ASSESS_FUZZ_RUNS") ?? "12";
  const runs = Number(text);
  if (!Number.isSafeInteger(runs) || runs < 1) {
    throw new RangeError(`ASSESS_FUZZ_RUNS ${JSON.stringify(text)} is not a whole number of cases`);
  }
  return runs;
})();

/** The fast-check parameters of a property: `scale` times the cases, the seed when replaying. */
export function fuzzParams(scale = 1): fc.Parameters<unknown> {
  const seed = Deno.env.get("ASSESS_FUZZ_SEED");
  return {
    numRuns: Math.max(1, Math.round(RUNS * scale)),
    endOnFailure: true,
    ...(seed === undefined ? {} : { seed: Number(seed) }),
  };
}

/** What a run of the command line did. */
export interface Ran {
  /** The exit code. */
  readonly code: number;
  /** What it printed on stdout. */
  readonly stdout: string;
  /** What it printed on stderr. */
  readonly stderr: string;
}

const encoder = new TextEncoder();

/**
 * The command line in process against files held in memory (no other file, no network), with
 * the environment given.
 */
export async function runInMemory(
  args: readonly string[],
  files: ReadonlyMap<string, Uint8Array | string>,
  env: Readonly<Record<string, string>> = {},
): Promise<Ran> {
  let stdout = "";
  let stderr = "";
  const bytes = (path: string): Uint8Array => {
    const file = files.get(path);
    if (file === undefined) throw new Deno.errors.NotFound(`No such file: ${path}`);
    return typeof file === "string" ? encoder.encode(file) : file;
  };
  const io: Io = {
    stdout: { isTerminal: false, write: (t) => Promise.resolve(void (stdout += t)) },
    stderr: { isTerminal: false, write: (t) => Promise.resolve(void (stderr += t)) },
    readFile: (path, options) =>
      Promise.resolve().then(() => {
        const file = bytes(path);
        const max = options?.maxBytes;
        return max !== undefined && file.length > max + 1 ? file.subarray(0, max + 1) : file;
      }),
    openRead: (path) => Promise.resolve().then(() => ReadableStream.from([bytes(path)])),
    writeFileAtomic: () => Promise.resolve(),
    env: (name) => env[name],
    fetch: () => Promise.reject(new TypeError("no network in this test")),
    now: () => 0,
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

/**
 * Holds a run to the laws: its exit code is one of `codes` (never 70), every line it printed on
 * stderr is one printable line, a failure says why on its first line, and the secret is nowhere.
 *
 * @param ran The run.
 * @param codes The exit codes its input allows.
 * @param secret The API key, when the run had one.
 * @param printedStdout Whether stdout is text for a terminal (a text or Markdown report).
 */
export function assertLawful(
  ran: Ran,
  codes: readonly number[],
  secret?: string,
  printedStdout = true,
): void {
  const context = `exit ${ran.code}\n--- stderr\n${ran.stderr.slice(0, 2000)}`;
  assert.notEqual(ran.code, 70, `a bug (exit 70)\n${context}`);
  assert(codes.includes(ran.code), `an exit code not in ${codes.join(", ")}\n${context}`);
  const printable = (text: string, what: string) => {
    for (const line of text.split("\n")) {
      assert.equal(oneLine(line), line, `${what} printed an unescaped line\n${context}`);
    }
  };
  printable(ran.stderr, "stderr");
  if (printedStdout) printable(ran.stdout, "stdout");
  if (ran.code !== 0) {
    assert(ran.stderr.endsWith("\n"), `no message, or one not ended by a newline\n${context}`);
    const first = ran.stderr.split("\n")[0]!;
    assert(/^\S/.test(first) && first.length > 10, `no one-line message first\n${context}`);
  }
  if (secret !== undefined) {
    assert(!(ran.stdout + ran.stderr).includes(secret), `the key was printed\n${context}`);
  }
}

/**
 * Bytes that break things: near-JSON pieces (the JSON tests' own), controls, bidi controls,
 * escapes, numbers past a double, YAML's interpolation and aliases.
 */
const NASTY: readonly string[] = [
  ...PIECES,
  "\u0000",
  "\u001b[2J",
  "\u0085",
  "\u202e",
  "\u2028",
  "\\u0000",
  "\\ud800",
  "1e400",
  "-1",
  "0.5",
  "9007199254740993",
  '""',
  "${X}",
  "&a [*a]",
];

/** One edit of a text's bytes. */
type Edit =
  | { readonly kind: "flip"; readonly at: number; readonly byte: number }
  | { readonly kind: "insert"; readonly at: number; readonly bytes: Uint8Array }
  | { readonly kind: "delete"; readonly at: number; readonly length: number }
  | { readonly kind: "repeat"; readonly at: number; readonly length: number }
  | { readonly kind: "cut"; readonly at: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant("flip" as const), at: fc.nat(), byte: fc.nat(255) }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    bytes: fc.oneof(
      fc.constantFrom(...NASTY).map((t) => encoder.encode(t)),
      fc.uint8Array({ minLength: 1, maxLength: 8 }),
      fc.string({ maxLength: 12 }).map((t) => encoder.encode(t)),
    ),
  }),
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), length: fc.nat(40) }),
  fc.record({ kind: fc.constant("repeat" as const), at: fc.nat(), length: fc.nat(200) }),
  fc.record({ kind: fc.constant("cut" as const), at: fc.nat() }),
);

function apply(bytes: Uint8Array, e: Edit): Uint8Array {
  const at = bytes.length === 0 ? 0 : e.at % (bytes.length + 1);
  const join = (...parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let i = 0;
    for (const p of parts) {
      out.set(p, i);
      i += p.length;
    }
    return out;
  };
  switch (e.kind) {
    case "flip": {
      if (bytes.length === 0) return bytes;
      const out = bytes.slice();
      out[at % bytes.length] = e.byte;
      return out;
    }
    case "insert":
      return join(bytes.subarray(0, at), e.bytes, bytes.subarray(at));
    case "delete":
      return join(bytes.subarray(0, at), bytes.subarray(at + e.length));
    case "repeat":
      return join(bytes.subarray(0, at + e.length), bytes.subarray(at));
    case "cut":
      return bytes.subarray(0, at);
  }
}

/** A valid input edited 1 to 4 times at the byte level. */
export function mutationOf(valid: Uint8Array | string): fc.Arbitrary<Uint8Array> {
  const bytes = typeof valid === "string" ? encoder.encode(valid) : valid;
  return fc.array(edit, { minLength: 1, maxLength: 4 }).map((edits) => edits.reduce(apply, bytes));
}

/** A JSON value that breaks a reader's expectations. */
export const nastyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    -1,
    -0.5,
    0,
    2.5,
    1e308,
    9007199254740993,
    "",
    "\u001b[31mred\u001b[0m\n\u202e",
    [],
    {},
    { kind: "result" },
  ),
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: "binary", maxLength: 20 }),
);

/** A JSON text with one value somewhere in it replaced by a nasty one, or a member dropped. */
export function jsonEditOf(text: string): fc.Arbitrary<string> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fc.constant(text);
  }
  const paths: (string | number)[][] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    paths.push(path);
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else if (v !== null && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
    }
  };
  walk(value, []);
  return fc.tuple(fc.constantFrom(...paths), nastyJson, fc.boolean()).map(
    ([path, replacement, drop]) => {
      const copy = structuredClone(value);
      if (path.length === 0) return JSON.stringify(replacement);
      let parent = copy as Record<string | number, unknown>;
      for (const key of path.slice(0, -1)) parent = parent[key] as typeof parent;
      const last = path.at(-1)!;
      if (drop && !Array.isArray(parent)) delete parent[last];
      else parent[last] = replacement;
      // 1e400 cannot be written by JSON.stringify: put it in the text.
      return JSON.stringify(copy).replace("1e+308", "1e400");
    },
  );
}
