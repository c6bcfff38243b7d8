/**
 * `assess run` on several replicas, as a whole process with its narrow permissions.
 *
 * **Scaling** (a group per replica count): 1, 2, 4 and 8 vLLM emulator replicas, each serving at
 * most 8 requests at once with a 50 ms service time (at most 160 requests/s each), `assess run` at
 * `serving.concurrency: 8` (per replica). Its throughput is the session's answers over the time
 * from its session record to its end record (start-up, the dataset and the self-test left out),
 * the median of the iterations. Target: at least 0.9 × N × the one-replica throughput, up to where
 * the client saturates. Each group's baseline is a plain `fetch` loop with 8 workers bound to each
 * replica, on the same replicas, in the same run: what this machine and these replicas allow a
 * client that does nothing else, so that the client's saturation can be told from the machine's.
 *
 * The replicas do not take the client's CPU: they run in one process (`_replica_farm.ts`; they
 * mostly sleep, their service time being a timer) with every answer precomputed, and each run
 * prints the CPU time of the client (from `/usr/bin/time`) and of the replicas (from `/proc`).
 * ASSESS_BENCH_NICE runs them under `nice -n N` (default 0: at 19 their timers fire late on a busy
 * host, and they limit the throughput instead of the client).
 *
 * **The client's ceiling** (group `replicas ceiling`): 4 servers that answer at once (one
 * process), `assess run` with the 4 URLs at `serving.concurrency: 16` against a plain `fetch` loop
 * sending the same bodies to the same 4 URLs in turn, 64 at a time, both as processes, in the same
 * run. Target: at least 0.5 of the loop's requests per second as a whole process.
 *
 *     deno bench --allow-read --allow-write --allow-run --allow-net --allow-env tests/bench/replicas_bench.ts
 *
 * ASSESS_BENCH_REPLICAS (default `1,2,4,8`), ASSESS_BENCH_PER_REPLICA (requests per replica in a
 * scaling run, default 400), ASSESS_BENCH_REQUESTS (the ceiling's requests, default 20,000).
 */

import { buildRequestBody, requestSettings } from "../../src/request/request.ts";
import { parseConfig } from "../../src/config/validate.ts";
import { lookupScorer } from "../../src/score/registry.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { configText, syntheticItems, syntheticRows } from "../run/_fixtures.ts";
import { assessRunArgs } from "../support/permissions.ts";

const SIZES = (Deno.env.get("ASSESS_BENCH_REPLICAS") ?? "1,2,4,8").split(",").map(Number);
const PER_REPLICA = Number(Deno.env.get("ASSESS_BENCH_PER_REPLICA") ?? 400);
const CEILING_REQUESTS = Number(Deno.env.get("ASSESS_BENCH_REQUESTS") ?? 20_000);
const NICE = Deno.env.get("ASSESS_BENCH_NICE") ?? "0";
const SEQS = 8;
const SERVICE_MS = 50;
const LOOP = new URL("./_plain_loop.ts", import.meta.url).pathname;
const DIR = await Deno.makeTempDir({ prefix: "assess_replicas_bench_" });

/** Starts a process that prints one URL or port a line, and reads `count` of them. */
async function serve(command: Deno.Command, count: number) {
  const child = command.spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (out.split("\n").length <= count) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the benchmark's servers did not start");
    out += value;
  }
  reader.releaseLock();
  return { child, lines: out.split("\n").slice(0, count) };
}

// The dataset: enough items for the largest scaling run and for the ceiling.
const maxItems = Math.max(PER_REPLICA * Math.max(...SIZES), CEILING_REQUESTS);
const dataset = `${DIR}/data.json`;
const rows = syntheticRows(maxItems);
const bytes = new TextEncoder().encode(JSON.stringify(rows));
await Deno.writeFile(dataset, bytes);
// The replicas of the scaling runs, at the lowest priority.
const farm = await serve(
  new Deno.Command("nice", {
    args: [
      "-n",
      NICE,
      Deno.execPath(),
      "run",
      "--quiet",
      "--allow-net=127.0.0.1",
      `--allow-read=${dataset}`,
      new URL("./_replica_farm.ts", import.meta.url).pathname,
      dataset,
      String(Math.max(...SIZES)),
      String(SEQS),
      String(SERVICE_MS),
    ],
    stdout: "piped",
    stderr: "inherit",
  }),
  Math.max(...SIZES),
);
const replicaUrls = farm.lines;

/** The farm's CPU time so far, in seconds (utime + stime from /proc, read by `cat`: Deno reads
 * /proc only with every permission). */
async function farmCpu(): Promise<number> {
  const cat = await new Deno.Command("cat", { args: [`/proc/${farm.child.pid}/stat`] }).output();
  const stat = new TextDecoder().decode(cat.stdout);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function writeConfig(name: string, urls: readonly string[], size: number, concurrency: number) {
  const yaml = configText({
    url: urls[0]!,
    ...(urls.length > 1 ? { urls } : {}),
    datasetPath: dataset,
    datasetSha256: sha256Hex(bytes),
    size,
    concurrency,
  });
  const path = `${DIR}/${name}.yaml`;
  Deno.writeTextFileSync(path, yaml);
  return { path, yaml };
}

interface Measured {
  readonly throughput: number;
  readonly clientCpu: number;
  readonly farmCpu: number;
  readonly wall: number;
}
const measured = new Map<number, Measured[]>();
let runs = 0;

/** Runs `assess run` as a process under /usr/bin/time; returns the session's throughput. */
async function assessRun(config: string, urls: readonly string[]): Promise<Measured> {
  const out = `${DIR}/results-${runs++}.jsonl`;
  const cpuBefore = await farmCpu();
  const ran = await new Deno.Command("/usr/bin/time", {
    args: [
      "-f",
      "TIME %e %U %S",
      Deno.execPath(),
      ...assessRunArgs({ config, dataset, out }, urls.map((u) => new URL(u).host).join(",")),
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(ran.stderr);
  if (!ran.success) throw new Error(`assess run failed: ${stderr.slice(0, 2000)}`);
  const [, wall, user, sys] = /TIME ([\d.]+) ([\d.]+) ([\d.]+)/.exec(stderr)!.map(Number);
  const lines = (await Deno.readTextFile(out)).trim().split("\n").map((l) => JSON.parse(l));
  await Deno.remove(out);
  const session = lines.find((r) => r.kind === "session");
  const end = lines.find((r) => r.kind === "end");
  const answered = lines.filter((r) => r.kind === "result" && r.error === null).length;
  const seconds = (Date.parse(end.endedAt) - Date.parse(session.startedAt)) / 1000;
  return {
    throughput: answered / seconds,
    clientCpu: user! + sys!,
    farmCpu: (await farmCpu()) - cpuBefore,
    wall: wall!,
  };
}

/** Writes the bodies `assess run` sends for the first `count` items, one JSON string a line. */
async function writeBodies(name: string, yaml: string, count: number): Promise<string> {
  const path = `${DIR}/${name}.jsonl`;
  const settings = requestSettings(parseConfig(yaml, { lookupScorer }));
  await Deno.writeTextFile(
    path,
    syntheticItems(count).map((item) => JSON.stringify(buildRequestBody(item, "base", settings)))
      .join("\n") + "\n",
  );
  return path;
}

/** Runs the plain loop as a process; returns the requests per second it printed. */
async function plainLoop(
  bodies: string,
  urls: readonly string[],
  concurrency: number,
  mode: "in-turn" | "per-url",
): Promise<number> {
  const ran = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      `--allow-read=${bodies}`,
      `--allow-net=${urls.map((u) => new URL(u).host).join(",")}`,
      LOOP,
      bodies,
      urls.map((u) => `${u}/chat/completions`).join(","),
      String(concurrency),
      mode,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!ran.success) throw new Error(new TextDecoder().decode(ran.stderr));
  return parseFloat(new TextDecoder().decode(ran.stdout));
}

const plainRates = new Map<number, number[]>();
for (const n of SIZES) {
  const urls = replicaUrls.slice(0, n);
  const { path, yaml } = writeConfig(`scaling-${n}`, urls, PER_REPLICA * n, SEQS);
  const bodies = await writeBodies(`scaling-${n}`, yaml, PER_REPLICA * n);
  // Its baseline: a plain fetch loop, 8 workers bound to each replica, on the same replicas.
  Deno.bench({
    name: `plain fetch loop, ${n} replica(s), ${SEQS} workers each, ${PER_REPLICA * n} requests`,
    group: `${n} replica(s) of ${SEQS} seqs × ${SERVICE_MS} ms`,
    baseline: true,
    n: 3,
    warmup: 1,
    async fn() {
      const rate = await plainLoop(bodies, urls, SEQS, "per-url");
      if (!plainRates.has(n)) plainRates.set(n, []);
      plainRates.get(n)!.push(rate);
    },
  });
  Deno.bench({
    name: `assess run, ${n} replica(s) at serving.concurrency ${SEQS}, ${PER_REPLICA * n} requests`,
    group: `${n} replica(s) of ${SEQS} seqs × ${SERVICE_MS} ms`,
    n: 3,
    warmup: 1,
    async fn() {
      const m = await assessRun(path, urls);
      if (!measured.has(n)) measured.set(n, []);
      measured.get(n)!.push(m);
    },
  });
}

// The ceiling: four servers that answer at once.
const instant = await serve(
  new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--allow-net=127.0.0.1",
      new URL("./_instant_server.ts", import.meta.url).pathname,
      "4",
    ],
    stdout: "piped",
    stderr: "inherit",
  }),
  4,
);
const instantUrls = instant.lines.map((port) => `http://127.0.0.1:${port}/v1`);
const ceiling = writeConfig("ceiling", instantUrls, CEILING_REQUESTS, 16);
const ceilingBodies = await writeBodies("ceiling", ceiling.yaml, CEILING_REQUESTS);

Deno.bench({
  name: `plain fetch loop process, ${CEILING_REQUESTS} requests to 4 servers, 64 at a time`,
  group: "replicas ceiling",
  baseline: true,
  n: 6,
  warmup: 1,
  async fn() {
    ceilingPlain.push(await plainLoop(ceilingBodies, instantUrls, 64, "in-turn"));
  },
});
const ceilingPlain: number[] = [];

Deno.bench({
  name: `assess run process, ${CEILING_REQUESTS} requests on 4 replicas at 16 each`,
  group: "replicas ceiling",
  n: 6,
  warmup: 1,
  async fn() {
    ceilingRuns.push(await assessRun(ceiling.path, instantUrls));
  },
});
const ceilingRuns: Measured[] = [];

const median = (values: readonly number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

globalThis.addEventListener("unload", () => {
  const one = measured.get(1);
  if (measured.size > 0) {
    const base = one === undefined ? null : median(one.map((m) => m.throughput));
    console.log(
      "\nreplicas  plain loop (req/s)  assess session (req/s)  assess / plain  " +
        "assess / (N × one replica)  assess / ideal (160·N)  client CPU (s)  replicas' CPU (s)  " +
        "(medians; each assess run)",
    );
    for (const [n, list] of [...measured].sort((a, b) => a[0] - b[0])) {
      const t = median(list.map((m) => m.throughput));
      const plain = median(plainRates.get(n) ?? [NaN]);
      console.log(
        `${String(n).padStart(8)}  ${plain.toFixed(0).padStart(18)}  ${
          t.toFixed(0).padStart(22)
        }  ${(t / plain).toFixed(2).padStart(14)}  ${
          (base === null ? "-" : (t / (n * base)).toFixed(2)).padStart(26)
        }  ${(t / (n * SEQS * 1000 / SERVICE_MS)).toFixed(2).padStart(22)}  ${
          median(list.map((m) => m.clientCpu)).toFixed(2).padStart(14)
        }  ${median(list.map((m) => m.farmCpu)).toFixed(2).padStart(16)}  (${
          list.map((m) => m.throughput.toFixed(0)).join(", ")
        }; plain ${(plainRates.get(n) ?? []).map((r) => r.toFixed(0)).join(", ")})`,
      );
    }
  }
  if (ceilingRuns.length > 0) {
    console.log(
      `\nceiling: plain loop ${
        median(ceilingPlain).toFixed(0)
      } req/s (median); assess run's session throughput on 4 instant replicas, median ${
        median(ceilingRuns.map((m) => m.throughput)).toFixed(0)
      } req/s (${ceilingRuns.map((m) => m.throughput.toFixed(0)).join(", ")}); client CPU ${
        median(ceilingRuns.map((m) => m.clientCpu)).toFixed(2)
      } s, wall ${median(ceilingRuns.map((m) => m.wall)).toFixed(2)} s (median)`,
    );
  }
  for (const child of [farm.child, instant.child]) {
    try {
      child.kill("SIGTERM");
    } catch {
      // already gone
    }
  }
  Deno.removeSync(DIR, { recursive: true });
});
