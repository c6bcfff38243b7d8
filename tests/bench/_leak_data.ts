/**
 * Generated data for the leak benchmark, shaped like xlam-function-calling-60k: a dataset of
 * 20,000 rows (queries of about 20 words drawn from a Zipf-distributed vocabulary, a fifth of them
 * opening with one of 150 stock phrases; 1 to 4 tools from a pool of 3,600; 1 to 3 calls with
 * arguments), its split of 2,000 items, and a training file of 1,000,000 chat lines made the same
 * way by `trainingLine`, with 40 held-out items planted in it (10 verbatim, 10 in capitals with
 * doubled spaces, 10 with their first word changed, 10 answers given to another query). The first
 * 100,000 lines are also written to a file of their own (for peak memory against file size).
 *
 * Written into `bench-data/` (gitignored) on first use; the same seed always gives the same bytes.
 * Every tool's first parameter is required and not a boolean, and values are drawn evenly
 * (integers below 10^6, strings of 1 to 3 words of 30,000), so that a random line gives a
 * held-out item's answer by chance about never: what the check finds is what was planted. (A
 * first version drew answers of one boolean, and 39 of its first 100,000 lines gave a held-out
 * answer by chance: such answers are the check's known false alarms, see reference/leak.md.)
 *
 * @module
 */

import { type DatasetItem, detachedItem, loadDataset } from "../../src/dataset/dataset.ts";
import type { AnswerCall, Item, ToolSpec } from "../../src/dataset/item.ts";
import { toolsFromJson } from "../../src/dataset/tools.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import { trainingLine } from "../../src/request/training.ts";
import { heldOutItems, takeSplit } from "../../src/split/split.ts";
import { Prng } from "../reference/_prng.ts";
import { benchConfig, ROOT } from "./_bench_data.ts";

/** The files, in `bench-data/`. */
export const LEAK_DIR: string = `${ROOT}bench-data/leak-v3`;
/** The dataset. */
export const LEAK_DATASET: string = `${LEAK_DIR}/dataset.json`;
/** The training file of 1,000,000 lines. */
export const LEAK_TRAIN: string = `${LEAK_DIR}/train-1m.jsonl`;
/** Its first 100,000 lines. */
export const LEAK_TRAIN_SMALL: string = `${LEAK_DIR}/train-100k.jsonl`;
/** The split's seed and size. */
export const LEAK_SPLIT = { seed: "leak-bench", size: 2000 } as const;
/** How many lines the training file holds, and how many of them are planted. */
export const LEAK_LINES = 1_000_000;
/** How many held-out items are planted, by kind. */
export const PLANTED = { exact: 20, near: 10, answer: 10 } as const;

const ROWS = 20_000;
const VOCABULARY = 30_000;
const SYLLABLES = [
  "ka",
  "lo",
  "mi",
  "ne",
  "ro",
  "ta",
  "vu",
  "zi",
  "pe",
  "sa",
  "do",
  "fe",
  "gu",
  "hi",
  "ja",
  "bo",
  "ce",
  "ri",
  "mo",
  "nu",
  "te",
  "li",
  "da",
  "so",
  "ve",
  "xo",
  "ya",
  "wi",
  "qu",
  "pa",
];
const TYPES = [
  "str",
  "int",
  "float",
  "bool",
  "List[str]",
  "List[int]",
  "str, optional",
  "int, optional",
];
/** The types of a tool's first parameter, which is required. */
const REQUIRED = ["str", "int", "float", "List[str]", "List[int]"];

/** The generator: a vocabulary with Zipf weights, stock phrases and a pool of tools. */
class Generator {
  readonly prng: Prng;
  readonly words: string[] = [];
  readonly cumulative = new Float64Array(VOCABULARY);
  readonly phrases: string[][] = [];
  readonly tools: { text: object; spec: ToolSpec }[] = [];

  constructor(seed: number) {
    this.prng = new Prng(seed);
    let total = 0;
    for (let r = 0; r < VOCABULARY; r++) {
      let w = "";
      for (let n = r, k = 0; k < 2 || n > 0; k++, n = Math.floor(n / 30)) w += SYLLABLES[n % 30];
      this.words.push(w);
      total += 1 / Math.pow(r + 1, 1.07);
      this.cumulative[r] = total;
    }
    for (let i = 0; i < 150; i++) {
      this.phrases.push(Array.from({ length: this.prng.range(3, 5) }, () => this.word(200)));
    }
    for (let i = 0; i < 3600; i++) {
      const params: Record<string, object> = {};
      for (let p = 0, n = this.prng.range(1, 4); p < n; p++) {
        // The first parameter is required, as in most of the dataset's tools.
        const type = p === 0 ? this.prng.pick(REQUIRED) : this.prng.pick(TYPES);
        params[`${this.word()}_${p}`] = type.endsWith("optional")
          ? { description: this.text(5, 12), type, default: type.startsWith("int") ? 10 : "" }
          : { description: this.text(5, 12), type };
      }
      const text = {
        name: `${this.word()}_${this.word()}_${i}`,
        description: this.text(8, 20),
        parameters: params,
      };
      this.tools.push({ text, spec: toolsFromJson(parseJson(JSON.stringify([text])))[0]! });
    }
  }

  /** A word, Zipf-distributed over the vocabulary (or its `top` most frequent). */
  word(top = VOCABULARY): string {
    const x = (this.prng.next() / 0x100000000) * this.cumulative[top - 1]!;
    let lo = 0;
    let hi = top - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return this.words[lo]!;
  }

  text(min: number, max: number): string {
    return Array.from({ length: this.prng.range(min, max) }, () => this.word()).join(" ");
  }

  query(): string {
    const n = 8 + Math.min(60, Math.floor(-Math.log(1 - this.prng.next() / 0x100000001) * 11.5));
    const words = this.prng.chance(0.2) ? [...this.prng.pick(this.phrases)] : [];
    while (words.length < n) {
      words.push(this.prng.chance(0.05) ? String(this.prng.int(2000)) : this.word());
    }
    words[0] = words[0]![0]!.toUpperCase() + words[0]!.slice(1);
    return words.join(" ") + this.prng.pick(["?", ".", ".", ""]);
  }

  /** An argument: its words and numbers drawn evenly, as names, places and ids are. */
  value(type: string): unknown {
    const any = () => this.words[this.prng.int(VOCABULARY)]!;
    if (type.startsWith("str")) return Array.from({ length: this.prng.range(1, 3) }, any).join(" ");
    if (type.startsWith("int")) return this.prng.int(1_000_000);
    if (type === "float") return Math.round(this.prng.next() / 4294.967296) / 10_000;
    if (type === "bool") return this.prng.chance(0.5);
    return Array.from(
      { length: this.prng.range(1, 3) },
      () => type === "List[int]" ? this.prng.int(1_000_000) : any(),
    );
  }

  /** A row: its query, its tools (texts and specs) and its answer. */
  row(): {
    query: string;
    tools: { text: object; spec: ToolSpec }[];
    answers: { name: string; arguments: Record<string, unknown> }[];
  } {
    const tools = new Set<number>();
    for (let k = 0, n = this.prng.range(1, 4); k < n; k++) {
      tools.add(this.prng.int(this.tools.length));
    }
    const chosen = [...tools].map((t) => this.tools[t]!);
    const answers = Array.from({ length: this.prng.pick([1, 1, 1, 2, 2, 3]) }, () => {
      const tool = this.prng.pick(chosen).text as {
        name: string;
        parameters: Record<string, { type: string }>;
      };
      const args: Record<string, unknown> = {};
      for (const [name, p] of Object.entries(tool.parameters)) {
        if (!p.type.endsWith("optional") || this.prng.chance(0.3)) args[name] = this.value(p.type);
      }
      return { name: tool.name, arguments: args };
    });
    return { query: this.query(), tools: chosen, answers };
  }
}

function item(
  id: number,
  query: string,
  tools: readonly ToolSpec[],
  answers: readonly AnswerCall[],
): Item {
  return { id, index: id, query, tools, answers };
}

function answerCalls(answers: { name: string; arguments: unknown }[]): AnswerCall[] {
  return answers.map((a) => ({ name: a.name, arguments: parseJson(JSON.stringify(a.arguments)) }));
}

/**
 * Writes the data when it is not there yet (about 1.7 GB; a few minutes).
 *
 * @returns The dataset's SHA-256.
 */
export async function leakBenchData(): Promise<string> {
  const done = `${LEAK_DIR}/done`;
  try {
    return (await Deno.readTextFile(done)).trim();
  } catch {
    // made below
  }
  await Deno.mkdir(LEAK_DIR, { recursive: true });
  const g = new Generator(20261201);
  const rows = [];
  for (let id = 0; id < ROWS; id++) {
    const r = g.row();
    rows.push({
      id,
      query: r.query,
      answers: JSON.stringify(r.answers),
      tools: JSON.stringify(r.tools.map((t) => t.text)),
    });
  }
  const bytes = new TextEncoder().encode(JSON.stringify(rows, null, 4));
  await Deno.writeFile(LEAK_DATASET, bytes);
  const sha256 = sha256Hex(bytes);
  const dataset = loadDataset(bytes, sha256);
  const held: DatasetItem[] = heldOutItems(dataset, takeSplit(dataset, LEAK_SPLIT));

  // The planted lines, at evenly spread places.
  const planted = new Map<number, string>();
  const total = PLANTED.exact + PLANTED.near + PLANTED.answer;
  const at = (k: number) => Math.floor(((k + 1) * LEAK_LINES) / (total + 1));
  const long = held.filter((h) => h.query.split(" ").length >= 16 && h.answers.length > 0);
  for (let k = 0; k < total; k++) {
    const h = detachedItem(long[k]!);
    let line: string;
    if (k < PLANTED.exact / 2) line = trainingLine(h, "");
    else if (k < PLANTED.exact) {
      line = trainingLine({ ...h, query: h.query.toUpperCase().replaceAll(" ", "  ") }, "");
    } else if (k < PLANTED.exact + PLANTED.near) {
      line = trainingLine(
        { ...h, query: ["Kindly", ...h.query.split(" ").slice(1)].join(" ") },
        "",
      );
    } else {
      line = trainingLine({ ...h, query: g.query() }, "");
    }
    planted.set(at(k), line);
  }

  const big = await Deno.open(LEAK_TRAIN, { write: true, create: true, truncate: true });
  const small = await Deno.open(LEAK_TRAIN_SMALL, { write: true, create: true, truncate: true });
  const enc = new TextEncoder();
  let buffer = "";
  const flush = async (toSmall: boolean) => {
    const data = enc.encode(buffer);
    buffer = "";
    for (let done = 0; done < data.length;) done += await big.write(data.subarray(done));
    if (toSmall) {
      for (let done = 0; done < data.length;) done += await small.write(data.subarray(done));
    }
  };
  for (let n = 1; n <= LEAK_LINES; n++) {
    let line = planted.get(n);
    if (line === undefined) {
      const r = g.row();
      line = trainingLine(
        item(ROWS + n, r.query, r.tools.map((t) => t.spec), answerCalls(r.answers)),
        "",
      );
    }
    buffer += line + "\n";
    if (n % 10_000 === 0) await flush(n <= 100_000);
  }
  await flush(false);
  big.close();
  small.close();
  await Deno.writeTextFile(done, sha256 + "\n");
  return sha256;
}

/**
 * An `assess.yaml` for the dataset and its split.
 *
 * @param sha256 The dataset's SHA-256.
 * @returns The file's text.
 */
export function leakBenchConfig(sha256: string): string {
  return benchConfig(LEAK_SPLIT.seed, LEAK_SPLIT.size, { path: LEAK_DATASET, sha256 });
}
