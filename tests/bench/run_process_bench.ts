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
 * concurrency (default 64). The instant server runs in a process of its own. `deno bench` runs all
 * of one benchmark's rounds, then the other's: on a host whose load moves, `run_process_pairs.ts`
 * alternates them.
 */

import { runDeno, setUpRunProcess } from "./_run_process.ts";

const REQUESTS = Number(Deno.env.get("ASSESS_BENCH_REQUESTS") ?? 20_000);
const CONCURRENCY = Number(Deno.env.get("ASSESS_BENCH_CONCURRENCY") ?? 64);

const setup = await setUpRunProcess(REQUESTS, CONCURRENCY);
let n = 0;

Deno.bench({
  name: `plain fetch loop process, ${REQUESTS} requests, concurrency ${CONCURRENCY}`,
  group: "whole process",
  baseline: true,
  n: 8,
  warmup: 1,
  async fn() {
    await runDeno(setup.plainArgs);
  },
});

Deno.bench({
  name: `assess run process, ${REQUESTS} requests, concurrency ${CONCURRENCY}`,
  group: "whole process",
  n: 8,
  warmup: 1,
  async fn() {
    const out = setup.out(n++);
    await runDeno(setup.assessArgs(out));
    await Deno.remove(out);
  },
});

globalThis.addEventListener("unload", () => setup.close());
