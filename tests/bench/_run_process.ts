/**
 * What the whole-process run benchmarks share: an instant server in a process of its own, a
 * dataset of synthetic items (all held out) with its config, the exact request bodies `assess run`
 * sends (for the plain `fetch` loop), and the two command lines.
 *
 * @module
 */

import { buildRequestBody, requestSettings } from "../../src/request/request.ts";
import { parseConfig } from "../../src/config/validate.ts";
import { lookupScorer } from "../../src/score/registry.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { configText, syntheticDataset, syntheticItems } from "../run/_fixtures.ts";
import { startInstantServer } from "./_start_instant.ts";
import { assessRunArgs } from "../support/permissions.ts";

const LOOP = new URL("./_plain_loop.ts", import.meta.url).pathname;

/** The files and the server of a whole-process run benchmark. */
export interface RunProcessSetup {
  /** The `deno` arguments of the plain loop. */
  readonly plainArgs: readonly string[];
  /** The request bodies `assess run` sends, one JSON string a line, and where they go. */
  readonly loop: { readonly bodies: string; readonly url: string; readonly concurrency: number };
  /** The `deno` arguments of `assess run` writing `out`. */
  assessArgs(out: string): string[];
  /** A results file path in the setup's directory. */
  out(n: number): string;
  /** Stops the server and removes the files. */
  close(): void;
}

/**
 * Starts the server and writes the files.
 *
 * @param requests How many items (one request each: the config has one model).
 * @param concurrency The concurrency of both clients.
 * @returns The setup.
 */
export async function setUpRunProcess(
  requests: number,
  concurrency: number,
): Promise<RunProcessSetup> {
  const server = await startInstantServer();
  const host = new URL(server.url).host;
  const dir = await Deno.makeTempDir({ prefix: "assess_run_process_" });
  const dataset = `${dir}/data.json`;
  const bytes = syntheticDataset(requests);
  await Deno.writeFile(dataset, bytes);
  const config = `${dir}/assess.yaml`;
  const yaml = configText({
    url: server.url,
    datasetPath: dataset,
    datasetSha256: sha256Hex(bytes),
    size: requests,
    concurrency,
  });
  await Deno.writeTextFile(config, yaml);
  // The plain loop's bodies: exactly the requests `assess run` sends (in split order or not, the
  // bodies are the same set).
  const settings = requestSettings(parseConfig(yaml, { lookupScorer }));
  const bodies = `${dir}/bodies.jsonl`;
  await Deno.writeTextFile(
    bodies,
    syntheticItems(requests).map((item) => JSON.stringify(buildRequestBody(item, "base", settings)))
      .join("\n") + "\n",
  );
  return {
    plainArgs: [
      "run",
      "--quiet",
      `--allow-read=${bodies}`,
      `--allow-net=${host}`,
      LOOP,
      bodies,
      `${server.url}/chat/completions`,
      String(concurrency),
    ],
    loop: { bodies, url: `${server.url}/chat/completions`, concurrency },
    assessArgs: (out) => assessRunArgs({ config, dataset, out }, host),
    out: (n) => `${dir}/results-${n}.jsonl`,
    close() {
      server.stop();
      Deno.removeSync(dir, { recursive: true });
    },
  };
}

/**
 * Runs `deno` with the arguments, its output read and dropped.
 *
 * @param args The arguments.
 * @throws {Error} When it exits with another code than 0, with the start of its standard error.
 */
export async function runDeno(args: readonly string[]): Promise<void> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (out.code !== 0) {
    throw new Error(`exit ${out.code}: ${new TextDecoder().decode(out.stderr).slice(0, 2000)}`);
  }
}
