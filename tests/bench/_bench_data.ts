/**
 * The 60,000-row dataset the command benchmarks run on, and an `assess.yaml` for it: a file shaped
 * like xlam-function-calling-60k at `bench-data/xlam-like-60k.json` (gitignored; `MAKE_DATA`, below,
 * writes it, and its SHA-256 is below), or another named with `ASSESS_BENCH_DATA` and
 * `ASSESS_BENCH_SHA256`.
 *
 * @module
 */

/** The repository's root, as a path ending in `/`. */
export const ROOT: string = new URL("../../", import.meta.url).pathname;

/** The dataset file. */
export const DATA: string = Deno.env.get("ASSESS_BENCH_DATA") ??
  `${ROOT}bench-data/xlam-like-60k.json`;

/** Its SHA-256 (the generator's default arguments always write the same bytes). */
export const SHA256: string = Deno.env.get("ASSESS_BENCH_SHA256") ??
  "a5dc5dff2d39fca682ec4ec091a9388472683b94396bb2a66f843158943e88cd";

/**
 * The command, run from the repository's root, that writes the 60,000-row file
 * (tests/bench/make_xlam_like.ts, from the real rows in reference/testdata/xlam-sample.json), with
 * the narrowest permissions it needs.
 */
export const MAKE_DATA: string = "deno run --allow-read=reference/testdata/xlam-sample.json," +
  "bench-data --allow-write=bench-data tests/bench/make_xlam_like.ts bench-data/xlam-like-60k.json";

/**
 * Whether a path names a file.
 *
 * @param path The path.
 * @returns Whether it is a file (not missing, not a folder).
 */
export function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/**
 * Whether the dataset file is there; says so, naming the benchmark, when it is not.
 *
 * @param bench The benchmark's name, for the message.
 * @returns Whether the benchmarks that need the file can run.
 */
export function benchDataReady(bench: string): boolean {
  if (isFile(DATA)) return true;
  const how = Deno.env.get("ASSESS_BENCH_DATA") === undefined
    ? `make it from the repository's root with: ${MAKE_DATA}`
    : "it is the file ASSESS_BENCH_DATA names";
  console.log(`${bench}: ${DATA} is missing; ${how}`);
  return false;
}

/**
 * An `assess.yaml` for the dataset file (or another) with the given split.
 *
 * @param seed The split's seed.
 * @param size The split's size.
 * @param dataset The dataset file and its SHA-256; default the 60,000-row file.
 * @param kind `dataset.kind`; default `xlam-function-calling` (with its `source`).
 * @returns The file's text.
 */
export function benchConfig(
  seed: string,
  size: number,
  dataset: { readonly path: string; readonly sha256: string } = { path: DATA, sha256: SHA256 },
  kind: "xlam-function-calling" | "chat-jsonl" = "xlam-function-calling",
): string {
  const source = kind === "chat-jsonl"
    ? ""
    : "  source:\n    repo: synthetic/xlam-like-60k\n    revision: make_xlam_like-seed-1\n";
  return `version: 1
dataset:
  kind: ${kind}
  path: ${JSON.stringify(dataset.path)}
  sha256: ${dataset.sha256}
${source}split:
  seed: ${seed}
  size: ${size}
scorer:
  name: xlam-tool-call
models:
  baseline: base
sampling:
  temperature: 0
  topP: 1
  seed: 0
  maxTokens: 512
thinking:
  mode: off
  templateKey: enable_thinking
serving:
  probe: 8
  concurrency: 16
`;
}

/**
 * The `deno` arguments that run `assess split` on a config, writing into a folder, with exactly
 * the permissions the README gives.
 *
 * @param config The assess.yaml.
 * @param out The folder the split file goes in.
 * @param data The dataset file the config names; default the 60,000-row file.
 * @returns The arguments after `deno`.
 */
export function splitArgs(config: string, out: string, data: string = DATA): string[] {
  return [
    "run",
    "--quiet",
    `--allow-read=${config},${data},${out}`,
    `--allow-write=${out}`,
    `${ROOT}cli.ts`,
    "split",
    "-config",
    config,
    "-out",
    `${out}/split.json`,
  ];
}

/**
 * Runs `deno` with the arguments from the repository's root, stdout dropped; throws with its
 * stderr when it fails, so a benchmark never times a failure.
 *
 * @param args The arguments after `deno`.
 */
export async function deno(args: string[]): Promise<void> {
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    stdout: "null",
    stderr: "piped",
  }).output();
  if (code !== 0) {
    throw new Error(`deno ${args.join(" ")}: exit ${code}\n${new TextDecoder().decode(stderr)}`);
  }
}
