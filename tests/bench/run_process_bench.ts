/**
 * `assess run` as a whole process (start-up, the config, the dataset and its split, the
 * self-test, 20,000 requests at concurrency 64 against a server that answers at once, every record
 * written) against a plain `fetch` loop, also a process of its own, sending the same request
 * bodies at the same concurrency and reading each response, in the same run. Target: `assess run`
 * at least half the loop's requests per second.
 *
 *     deno bench --allow-read --allow-write --allow-run --allow-net --allow-env \
 *       tests/bench/run_process_bench.ts
 *
 * ASSESS_BENCH_REQUESTS sets the number of items (default 20,000), ASSESS_BENCH_CONCURRENCY the
 * concurrency (default 64). The instant server runs in a process of its own.
 */

import { buildRequestBody, requestSettings } from "../../src/request/request.ts";
import { parseConfig } from "../../src/config/validate.ts";
import { lookupScorer } from "../../src/score/registry.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { configText, RUN_ENV_NAMES, syntheticDataset, syntheticItems } from "../run/_fixtures.ts";
import { startInstantServer } from "./_start_instant.ts";
import { runPermissions } from "../cli/_permissions.ts";

const REQUESTS = Number(Deno.env.get("ASSESS_BENCH_REQUESTS") ?? 20_000);
const CONCURRENCY = Number(Deno.env.get("ASSESS_BENCH_CONCURRENCY") ?? 64);
const CLI = new URL("../../cli.ts", import.meta.url).pathname;
const LOOP = new URL("./_plain_loop.ts", import.meta.url).pathname;

const server = await startInstantServer();
const url = server.url;
const host = new URL(url).host;

// The run's files: a dataset of REQUESTS items, all held out, and its config.
const dir = await Deno.makeTempDir({ prefix: "assess_run_process_bench_" });
const dataset = `${dir}/data.json`;
const bytes = syntheticDataset(REQUESTS);
await Deno.writeFile(dataset, bytes);
const config = `${dir}/assess.yaml`;
const yaml = configText({
  url,
  datasetPath: dataset,
  datasetSha256: sha256Hex(bytes),
  size: REQUESTS,
  concurrency: CONCURRENCY,
});
await Deno.writeTextFile(config, yaml);

// The plain loop's bodies: exactly the requests `assess run` sends (in split order or not, the
// bodies are the same set).
const settings = requestSettings(parseConfig(yaml, { lookupScorer }));
const bodies = `${dir}/bodies.jsonl`;
await Deno.writeTextFile(
  bodies,
  syntheticItems(REQUESTS).map((item) => JSON.stringify(buildRequestBody(item, "base", settings)))
    .join("\n") + "\n",
);

let n = 0;
async function run(args: string[]): Promise<void> {
  const out = await new Deno.Command(Deno.execPath(), { args, stdout: "piped", stderr: "piped" })
    .output();
  if (out.code !== 0) {
    throw new Error(`exit ${out.code}: ${new TextDecoder().decode(out.stderr).slice(0, 2000)}`);
  }
}

Deno.bench({
  name: `plain fetch loop process, ${REQUESTS} requests, concurrency ${CONCURRENCY}`,
  group: "whole process",
  baseline: true,
  n: 8,
  warmup: 1,
  async fn() {
    await run([
      "run",
      "--quiet",
      `--allow-read=${bodies}`,
      `--allow-net=${host}`,
      LOOP,
      bodies,
      `${url}/chat/completions`,
      String(CONCURRENCY),
    ]);
  },
});

Deno.bench({
  name: `assess run process, ${REQUESTS} requests, concurrency ${CONCURRENCY}`,
  group: "whole process",
  n: 8,
  warmup: 1,
  async fn() {
    const out = `${dir}/results-${n++}.jsonl`;
    await run([
      "run",
      "--quiet",
      ...runPermissions({ config, dataset, out }, host, RUN_ENV_NAMES),
      CLI,
      "run",
      "-config",
      config,
      "-out",
      out,
    ]);
    await Deno.remove(out);
  },
});

globalThis.addEventListener("unload", () => {
  server.stop();
  Deno.removeSync(dir, { recursive: true });
});
