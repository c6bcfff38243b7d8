/**
 * `assess run`'s client against a server that answers instantly: requests per second at
 * concurrency 1, 16, 64 and 256, each iteration sending 20,000 requests (set
 * ASSESS_BENCH_REQUESTS for a quicker look), with scoring and recording on (results streamed to a
 * file), against a plain `fetch` loop sending the same bodies with neither, in the same run. The
 * server runs in its own process. Peak memory per benchmark is printed at the end.
 * ASSESS_BENCH_CONCURRENCY (such as `64`) picks the levels.
 *
 *     deno bench --allow-read --allow-write --allow-run --allow-net --allow-env \
 *       --v8-flags=--expose-gc tests/bench/run_bench.ts
 */

import { exchange } from "../../src/run/http.ts";
import { RecordWriter } from "../../src/results/record_writer.ts";
import { buildRequestBody, type RequestSettings } from "../../src/request/request.ts";
import { DEFAULT_RETRY } from "../../src/run/retry.ts";
import { runSession } from "../../src/run/session.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { syntheticItems } from "../run/_fixtures.ts";
import { startInstantServer } from "./_start_instant.ts";
import { PairStates } from "../../src/run/pair_states.ts";

const REQUESTS = Number(Deno.env.get("ASSESS_BENCH_REQUESTS") ?? 20_000);
const CONCURRENCY = (Deno.env.get("ASSESS_BENCH_CONCURRENCY") ?? "1,16,64,256").split(",").map(
  Number,
);

const server = await startInstantServer();
const url = server.url;

const items = syntheticItems(REQUESTS);
const settings: RequestSettings = {
  system: "You are a helpful assistant that calls tools.",
  temperature: 0,
  topP: 1,
  seed: 42n,
  maxTokens: 512,
  templateKey: "enable_thinking",
  thinking: false,
};
const limits = { timeoutMs: 60_000, maxResponseBytes: 16 << 20, timers: globalThis };
const dir = await Deno.makeTempDir({ prefix: "assess_run_bench_" });

const peaks = new Map<string, { rss: number; heap: number; retained: number }>();
const gc = (globalThis as { gc?: () => void }).gc;
function sampleMemory(name: string): () => void {
  const peak = peaks.get(name) ?? { rss: 0, heap: 0, retained: 0 };
  peaks.set(name, peak);
  gc?.();
  const before = Deno.memoryUsage().heapUsed;
  const sample = () => {
    const m = Deno.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed);
  };
  const timer = setInterval(sample, 20);
  return () => {
    sample();
    clearInterval(timer);
    gc?.();
    peak.retained = Math.max(peak.retained, Deno.memoryUsage().heapUsed - before);
  };
}

async function assessRun(concurrency: number): Promise<void> {
  const file = await Deno.open(`${dir}/results-${concurrency}.jsonl`, {
    write: true,
    create: true,
    truncate: true,
  });
  const writer = new RecordWriter({
    async write(bytes) {
      let done = 0;
      while (done < bytes.length) done += await file.write(bytes.subarray(done));
    },
  });
  const outcome = await runSession({
    items,
    models: ["base"],
    previous: new PairStates(),
    probeItems: [],
    batchInvariant: "not-required",
    concurrency,
    session: 1,
    request: settings,
    scorer: xlamToolCall,
    scoring: { ordering: "any" },
    retry: DEFAULT_RETRY,
    graceMs: 5000,
    replicas: [{ index: 0, host: "127.0.0.1:8000" }],
    failAfter: 1000,
  }, {
    post: (body, signal) =>
      exchange(fetch, `${url}/chat/completions`, { body }, { ...limits, signal }),
    write: (record) => writer.append(record),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    random: Math.random,
    now: () => performance.now(),
    timers: globalThis,
    stop: new AbortController().signal,
  });
  await writer.flush();
  file.close();
  if (outcome.end.answered !== REQUESTS) {
    throw new Error(`only ${outcome.end.answered} of ${REQUESTS} answered`);
  }
}

async function plainLoop(concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      const response = await fetch(`${url}/chat/completions`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: buildRequestBody(item, "base", settings),
      });
      await response.text();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

for (const concurrency of CONCURRENCY) {
  const group = `concurrency ${concurrency}`;
  Deno.bench({
    name: `plain fetch loop, ${REQUESTS} requests, concurrency ${concurrency}`,
    group,
    baseline: true,
    async fn(b) {
      const stop = sampleMemory(`plain ${concurrency}`);
      b.start();
      await plainLoop(concurrency);
      b.end();
      stop();
    },
  });
  Deno.bench({
    name: `assess run (score + record), ${REQUESTS} requests, concurrency ${concurrency}`,
    group,
    async fn(b) {
      const stop = sampleMemory(`assess ${concurrency}`);
      b.start();
      await assessRun(concurrency);
      b.end();
      stop();
    },
  });
}

globalThis.addEventListener("unload", () => {
  const mb = (n: number) => `${(n / 2 ** 20).toFixed(0)} MB`;
  console.log(
    `\npeak memory while each benchmark ran (process RSS / JS heap used` +
      (gc
        ? " / heap retained after a run, after GC)"
        : "; run with --v8-flags=--expose-gc for the heap retained)"),
  );
  for (const [name, peak] of peaks) {
    console.log(
      `  ${name}: ${mb(peak.rss)} / ${mb(peak.heap)}${gc ? ` / ${mb(peak.retained)}` : ""}`,
    );
  }
  server.stop();
  Deno.removeSync(dir, { recursive: true });
});
