/**
 * Synthetic datasets and configs for the run tests: rows whose answers a scripted server can
 * give back, written to a temporary directory.
 *
 * @module
 */

import { loadDataset } from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import type { Item } from "../../src/dataset/item.ts";
import { RUN_ENV } from "../../src/run/server_settings.ts";
import type { RequestSettings } from "../../src/request/request.ts";
import type { Timers } from "../../src/run/timers.ts";

/** The environment variables `assess run` may read, as `--allow-env=` lists them. */
export const RUN_ENV_NAMES: string = RUN_ENV.join(",");

/** What every request of the session tests sends besides its item and model. */
export const TEST_REQUEST: RequestSettings = {
  system: "",
  temperature: 0,
  topP: 1,
  seed: 0n,
  maxTokens: 512,
  templateKey: "enable_thinking",
  thinking: false,
};

/** The platform's timers, each `setTimeout` delay noted in `set`. */
export function countingTimers(): { readonly timers: Timers; readonly set: number[] } {
  const set: number[] = [];
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      set.push(ms);
      return setTimeout(fn, ms);
    },
    clearTimeout: (handle) => clearTimeout(handle as number),
    performance: globalThis.performance,
  };
  return { timers, set };
}

/** Timers on a clock the test moves: `advance` fires, in time order, each timer that comes due. */
export class FakeTime implements Timers {
  now = 0;
  readonly performance = { now: () => this.now };
  readonly delays: number[] = [];
  #timers = new Map<number, { at: number; fn: () => void }>();
  #next = 1;

  setTimeout(fn: () => void, ms: number): number {
    this.delays.push(ms);
    const id = this.#next++;
    this.#timers.set(id, { at: this.now + ms, fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number);
  }

  get pending(): number {
    return this.#timers.size;
  }

  advance(to: number): void {
    while (true) {
      let first: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.#timers) {
        if (first === undefined || entry[1].at < first[1].at) first = entry;
      }
      if (first === undefined || first[1].at > to) break;
      this.#timers.delete(first[0]);
      this.now = Math.max(this.now, first[1].at);
      first[1].fn();
    }
    this.now = Math.max(this.now, to);
  }
}

/** Waits until `ready` holds, with a deadline: the tests' one `until`. */
export { until } from "../support/until.ts";

/** The rows of a synthetic dataset of `n` items: item i asks for `tool_i` with `{"x": i}`. */
export function syntheticRows(n: number): unknown[] {
  const rows = [];
  for (let i = 0; i < n; i++) {
    rows.push({
      id: i,
      query: `Question number ${i}?`,
      answers: JSON.stringify([{ name: `tool_${i % 7}`, arguments: { x: i } }]),
      tools: JSON.stringify([{
        name: `tool_${i % 7}`,
        description: "A tool.",
        parameters: { x: { description: "x", type: "int" } },
      }]),
    });
  }
  return rows;
}

/**
 * The same rows, each also offering a tool of its own (`only_{id}`, never called), so that every
 * item is a cluster of its own: for tests of what the report does with independent items, which
 * rows sharing their tools would otherwise have decided by the clustered test (reference/report.md,
 * "Clustered items").
 */
export function apartRows(rows: readonly unknown[]): unknown[] {
  return rows.map((row) => {
    const r = row as { id: number; tools: string };
    const tools = JSON.parse(r.tools) as unknown[];
    const own = { name: `only_${r.id}`, description: "Never called.", parameters: {} };
    return { ...r, tools: JSON.stringify([...tools, own]) };
  });
}

/**
 * The rows of a synthetic dataset of `n` items of every category, in turn: item i asks for no call
 * (i % 4 = 0), one call (`tool_{i % 7}` with `{"x": i}`), two calls to `repeat` (`{"x": i}`, then
 * `{"x": i + 1}`), or `first` then `second` (`{"x": i}`, `{"y": "s{i}"}`); every row offers the
 * tools its answer names and `other`.
 */
export function categoryRows(n: number): unknown[] {
  const tool = (name: string) => ({
    name,
    description: "A tool.",
    parameters: { x: { description: "x", type: "int" }, y: { description: "y", type: "str" } },
  });
  const rows = [];
  for (let i = 0; i < n; i++) {
    const answers = [
      [],
      [{ name: `tool_${i % 7}`, arguments: { x: i } }],
      [{ name: "repeat", arguments: { x: i } }, { name: "repeat", arguments: { x: i + 1 } }],
      [{ name: "first", arguments: { x: i } }, { name: "second", arguments: { y: `s${i}` } }],
    ][i % 4]!;
    const names = [...new Set(answers.map((a) => a.name)), "other"];
    rows.push({
      id: i,
      query: `Question number ${i}?`,
      answers: JSON.stringify(answers),
      tools: JSON.stringify(names.map(tool)),
    });
  }
  return rows;
}

/** The dataset file's bytes. */
export function syntheticDataset(n: number, rows: unknown[] = syntheticRows(n)): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(rows));
}

/** The items of a synthetic dataset, as the run sees them. */
export function syntheticItems(n: number, rows: unknown[] = syntheticRows(n)): Item[] {
  const bytes = syntheticDataset(n, rows);
  return [...loadDataset(bytes, sha256Hex(bytes)).items];
}

/** The answer a correct model gives to a request body: the item's number read from the query. */
export function answerFor(body: Record<string, unknown>): { name: string; arguments: string } {
  const messages = body.messages as { role: string; content: string }[];
  const query = messages[messages.length - 1]!.content;
  const i = Number(/([0-9]+)/.exec(query)![1]);
  return { name: `tool_${i % 7}`, arguments: `{"x": ${i}}` };
}

/** Options of a test config. */
export interface ConfigOptions {
  url: string;
  /** Several replicas' URLs: written as server.urls instead of server.url. */
  urls?: readonly string[];
  /** `server.toolCallParser`. Default `hermes`. */
  toolCallParser?: string;
  datasetPath: string;
  datasetSha256: string;
  size: number;
  adapters?: { name: string; path?: string; step?: number }[];
  /** `split.confirm` (none when left out). */
  confirm?: number;
  batchInvariant?: "required" | "asserted" | "not-required";
  probe?: number;
  concurrency?: number;
  /** `sampling.samples` (left out when not given). */
  samples?: number;
  /** `sampling.temperature`. Default 0. */
  temperature?: number;
  maxTokens?: number;
  seed?: string;
  /** The `decision` section's lines, as written (none when left out). */
  decision?: string;
  /** `serving.routingHeader` (left out when not given). */
  routingHeader?: string;
}

/** An assess.yaml for the tests. */
export function configText(o: ConfigOptions): string {
  const adapters = (o.adapters ?? []).map((a) =>
    `    - name: ${a.name}\n` + (a.path ? `      path: ${a.path}\n` : "") +
    (a.step === undefined ? "" : `      step: ${a.step}\n`)
  ).join("");
  const where = o.urls === undefined
    ? `  url: ${o.url}\n`
    : `  urls:\n${o.urls.map((u) => `    - ${u}\n`).join("")}`;
  return `version: 1
server:
${where}  toolCallParser: ${o.toolCallParser ?? "hermes"}
dataset:
  kind: xlam-function-calling
  path: ${o.datasetPath}
  sha256: ${o.datasetSha256}
  source:
    repo: test/synthetic
    revision: "1"
split:
  seed: "test-seed"
  size: ${o.size}
${o.confirm === undefined ? "" : `  confirm: ${o.confirm}\n`}scorer:
  name: xlam-tool-call
  ordering: any
prompt:
  system: "You call tools."
models:
  baseline: base
${adapters ? `  adapters:\n${adapters}` : ""}sampling:
  temperature: ${o.temperature ?? 0}
  topP: 1
  seed: ${o.seed ?? "9007199254740993"}
  maxTokens: ${o.maxTokens ?? 512}
${o.samples === undefined ? "" : `  samples: ${o.samples}\n`}thinking:
  mode: off
  templateKey: enable_thinking
serving:
  batchInvariant: ${o.batchInvariant ?? "not-required"}
  probe: ${o.probe ?? 0}
  concurrency: ${o.concurrency ?? 4}
${o.routingHeader === undefined ? "" : `  routingHeader: ${o.routingHeader}\n`}${
    o.decision === undefined ? "" : `decision:\n${o.decision}\n`
  }`;
}

/** Writes a dataset and a config into a new temporary directory. */
export async function setupRun(
  n: number,
  options: Omit<ConfigOptions, "datasetPath" | "datasetSha256" | "size"> & {
    size?: number;
    rows?: unknown[];
  },
): Promise<{ dir: string; config: string; out: string; dataset: string }> {
  const dir = await Deno.makeTempDir({ prefix: "assess_run_" });
  const bytes = syntheticDataset(n, options.rows);
  const dataset = `${dir}/data.json`;
  await Deno.writeFile(dataset, bytes);
  const config = `${dir}/assess.yaml`;
  await Deno.writeTextFile(
    config,
    configText({
      ...options,
      datasetPath: dataset,
      datasetSha256: sha256Hex(bytes),
      size: options.size ?? n,
    }),
  );
  return { dir, config, out: `${dir}/results.jsonl`, dataset };
}
