// The strict JSON reader against the platform's JSON.parse (the baseline of each group), on:
// - the real rows' `answers` and `tools` strings (reference/testdata/xlam-sample.json, 204 rows,
//   408 strings);
// - the `answers` and `tools` strings of the 60,000-row file shaped like the real one
//   (bench-data/xlam-like-60k.json, 120,000 strings; skipped when the file is absent);
// - large generated documents: one wide object, and one deep and mixed (about 4 MB each).
//
// Run: deno bench --allow-read tests/bench/strict_json_bench.ts

import { parseJson } from "../../src/json/strict_json.ts";

const SAMPLE = new URL("../../reference/testdata/xlam-sample.json", import.meta.url);
const BIG = new URL("../../bench-data/xlam-like-60k.json", import.meta.url);

interface Row {
  readonly answers: string;
  readonly tools: string;
}

function strings(rows: readonly Row[]): string[] {
  return rows.flatMap((r) => [r.answers, r.tools]);
}

const real = strings(JSON.parse(await Deno.readTextFile(SAMPLE)));

let big: string[] = [];
try {
  big = strings(JSON.parse(await Deno.readTextFile(BIG)));
} catch (e) {
  if (!(e instanceof Deno.errors.NotFound)) throw e;
}

/** A deterministic pseudo-random number generator (mulberry32), for generated documents. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  "alpha",
  "beta",
  "gamma",
  "Zürich",
  "naïve",
  "東京",
  "emoji 😀",
  'quote "q"',
  "tab\t",
];

function generated(seed: number, wide: boolean): string {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const scalar = (): unknown => {
    const r = rand();
    if (r < 0.3) return pick(WORDS) + Math.floor(rand() * 1000);
    if (r < 0.5) return Math.floor(rand() * 1e6);
    if (r < 0.7) return Math.round(rand() * 1e6) / 1e3;
    if (r < 0.8) return rand() < 0.5;
    if (r < 0.85) return null;
    return -rand() * 1e-5;
  };
  const value = (depth: number): unknown => {
    if (depth > 5 || rand() < 0.4) return scalar();
    if (rand() < 0.5) {
      return Array.from({ length: 1 + Math.floor(rand() * 6) }, () => value(depth + 1));
    }
    const o: Record<string, unknown> = {};
    const n = 1 + Math.floor(rand() * 6);
    for (let i = 0; i < n; i++) o[`${pick(WORDS)}_${i}`] = value(depth + 1);
    return o;
  };
  const root: Record<string, unknown> = {};
  let size = 0;
  for (let i = 0; size < 4_000_000; i++) {
    const v = wide
      ? { id: i, name: pick(WORDS), score: scalar(), tags: [scalar(), scalar()] }
      : value(0);
    root[`k${i}`] = v;
    size += JSON.stringify(v).length + 10;
  }
  return JSON.stringify(root, null, wide ? undefined : 1);
}

const wide = generated(1, true);
const mixed = generated(2, false);

Deno.bench({
  name: "JSON.parse: real rows' answers and tools (408 strings)",
  group: "real",
  baseline: true,
  fn: () => {
    for (const s of real) JSON.parse(s);
  },
});
Deno.bench({
  name: "parseJson: real rows' answers and tools (408 strings)",
  group: "real",
  fn: () => {
    for (const s of real) parseJson(s);
  },
});

if (big.length > 0) {
  Deno.bench({
    name: `JSON.parse: 60k-like answers and tools (${big.length} strings)`,
    group: "60k",
    baseline: true,
    n: 10,
    fn: () => {
      for (const s of big) JSON.parse(s);
    },
  });
  Deno.bench({
    name: `parseJson: 60k-like answers and tools (${big.length} strings)`,
    group: "60k",
    n: 10,
    fn: () => {
      for (const s of big) parseJson(s);
    },
  });
}

Deno.bench({
  name: `JSON.parse: a wide generated object (${(wide.length / 1e6).toFixed(1)} MB)`,
  group: "wide",
  baseline: true,
  fn: () => {
    JSON.parse(wide);
  },
});
Deno.bench({
  name: `parseJson: a wide generated object (${(wide.length / 1e6).toFixed(1)} MB)`,
  group: "wide",
  fn: () => {
    parseJson(wide);
  },
});

Deno.bench({
  name: `JSON.parse: a deep, mixed generated document (${(mixed.length / 1e6).toFixed(1)} MB)`,
  group: "mixed",
  baseline: true,
  fn: () => {
    JSON.parse(mixed);
  },
});
Deno.bench({
  name: `parseJson: a deep, mixed generated document (${(mixed.length / 1e6).toFixed(1)} MB)`,
  group: "mixed",
  fn: () => {
    parseJson(mixed);
  },
});
