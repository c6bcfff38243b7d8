/**
 * The bounded exchange alone (`src/run/http.ts`: timeout, the size cap on decoded bytes, the UTF-8
 * check, the key cleared from the body) against a plain `fetch` that reads the same body as text,
 * both at concurrency 64 on a server that answers at once (`_instant_server.ts`, in its own
 * process), 20,000 requests an iteration (ASSESS_BENCH_REQUESTS for fewer). What the exchange
 * adds to a request, without the scoring and recording that `run_bench.ts` also counts; and the
 * exchange over the `fetch` `assess run` uses (`src/cli/deno_fetch.ts`: its own client).
 *
 *     deno bench --allow-read --allow-run --allow-net --allow-env tests/bench/exchange_bench.ts
 */

import { exchange } from "../../src/run/http.ts";
import { startInstantServer } from "./_start_instant.ts";
import { denoFetch } from "../../src/cli/deno_fetch.ts";

const REQUESTS = Number(Deno.env.get("ASSESS_BENCH_REQUESTS") ?? 20_000);
const CONCURRENCY = 64;

const server = await startInstantServer();
const url = `${server.url}/chat/completions`;
const body = JSON.stringify({
  model: "base",
  messages: [{ role: "user", content: "What is the weather in Paris for 3 days? ".repeat(12) }],
});
const limits = { timeoutMs: 60_000, maxResponseBytes: 16 << 20, timers: globalThis };

/** Sends REQUESTS requests, CONCURRENCY at a time, each read by `one`. */
async function loop(one: () => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next++ < REQUESTS) await one();
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

Deno.bench({
  name: `plain fetch + text, ${REQUESTS} requests, concurrency ${CONCURRENCY}`,
  group: "exchange",
  baseline: true,
  // An async function: deno bench awaits only those (a function that returns a promise is timed
  // until it returns).
  async fn() {
    await loop(async () => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
      await response.text();
    });
  },
});

Deno.bench({
  name: `exchange, no key, ${REQUESTS} requests, concurrency ${CONCURRENCY}`,
  group: "exchange",
  async fn() {
    await loop(async () => {
      const out = await exchange(fetch, url, { body }, limits);
      if (!out.ok) throw new Error(out.error.message);
    });
  },
});

Deno.bench({
  name: `exchange, with a key, ${REQUESTS} requests, concurrency ${CONCURRENCY}`,
  group: "exchange",
  async fn() {
    await loop(async () => {
      const out = await exchange(fetch, url, { body }, {
        ...limits,
        apiKey: "sk-bench-0123456789",
      });
      if (!out.ok) throw new Error(out.error.message);
    });
  },
});

const runFetch = denoFetch();

Deno.bench({
  name: `exchange over the run's fetch, ${REQUESTS} requests, concurrency ${CONCURRENCY}`,
  group: "exchange",
  async fn() {
    await loop(async () => {
      const out = await exchange(runFetch.fetch, url, { body }, limits);
      if (!out.ok) throw new Error(out.error.message);
    });
  },
});

globalThis.addEventListener("unload", () => {
  runFetch.close();
  server.stop();
});
