/**
 * The recipes of reference/run.md ("Recipes: a Kubernetes Indexed Job, a Slurm array"), run as
 * written: their shard lines, read from the page, run by `sh` with the variables the schedulers
 * set (`JOB_COMPLETION_INDEX`; `SLURM_ARRAY_TASK_ID` from 1), 4 shards against 3 emulator replica
 * processes, one shard killed with SIGKILL at a point set by the replicas (each answers its first
 * requests and holds the rest) and resumed, then the page's merge line. Held: the merged report is
 * one process's on the same replies (all but the clock's figures: the start time, the latencies,
 * and the sessions, one more for the resumed shard; tests/cli/report_shards_test.ts holds the bytes
 * with the clock fixed); nothing asked twice but what was in flight at the kill; the routing header
 * the same on every request of an item, one key per item, on every replica's log.
 */

import assert from "node:assert/strict";
import { RUN_ENV } from "../../src/run/server_settings.ts";
import { setupRun, until } from "../run/_fixtures.ts";
import { type EmulatorProcess, startEmulatorProcess } from "../support/emulator_process.ts";
import type { RecordedRequest } from "../support/vllm_emulator.ts";
import { CLI, spawnCli } from "./_spawn.ts";
import { results } from "../cli/_run_fixtures.ts";

const N = 120;
const PAGE = await Deno.readTextFile(new URL("../../reference/run.md", import.meta.url));
const SHARD_LINES = [...PAGE.matchAll(/^\s*(?:- )?(assess run -config .* -shard "\$.*)$/gm)].map((
  m,
) => m[1]!);
const MERGE_LINE = /^(assess report -in 'shards\/\*\.jsonl'.*)$/m.exec(PAGE)?.[1];

/** `sh -c LINE` in `cwd`, `assess` the command line with a run's permissions, `exec`ed. */
function shell(cwd: string, line: string, env: Record<string, string>): Deno.Command {
  const assess = `assess() { exec "${Deno.execPath()}" run --quiet --allow-read --allow-write ` +
    `--allow-net=127.0.0.1 --allow-env=${RUN_ENV.join(",")} "${CLI}" "$@"; }`;
  return new Deno.Command("sh", {
    args: ["-c", `${assess}\n${line}`],
    cwd,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", VLLM_API_KEY: "", ASSESS_SERVER_URL: "", ...env },
  });
}

async function ran(command: Deno.Command): Promise<string> {
  const out = await command.output();
  const err = new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, err);
  return new TextDecoder().decode(out.stdout);
}

/**
 * The JSON report without what the clock decides: the start, the sessions, the latencies, and
 * the replicas' shares (a replica whose queue runs dry takes items from another's, so which
 * replica answers an item depends on the replicas' speed, in one process as across shards).
 */
function withoutClock(text: string): unknown {
  const report = JSON.parse(
    text,
    (key, value) =>
      key === "startedAt" || key === "sessions" || /^latency/i.test(key) ? undefined : value,
  );
  delete report.replicas;
  return report;
}

/** The chat requests that asked a pair (the server checks' requests name no request id). */
const asking = (rs: readonly RecordedRequest[]) => rs.filter((r) => "x-request-id" in r.headers);
const pairOf = (r: RecordedRequest) => `${r.model}/${r.itemId}`;

Deno.test("the recipes' 4 shards on 3 replicas, one SIGKILLed and resumed, merge to one process's report; nothing asked twice but what was in flight; one routing key per item", async () => {
  assert.equal(SHARD_LINES.length, 2, "a Kubernetes and a Slurm shard line");
  assert.ok(MERGE_LINE !== undefined, "the merge line");
  const s = await setupRun(N, {
    url: "",
    urls: ["http://127.0.0.1:1/v1"], // replaced below, once the replicas have ports
    adapters: [{ name: "tuned" }],
    concurrency: 2,
    routingHeader: "x-session-id",
  });
  await Deno.mkdir(`${s.dir}/shards`);
  const [k8s, slurm] = SHARD_LINES as [string, string];
  const k8sEnv = (i: number) => ({ JOB_COMPLETION_INDEX: String(i) });
  const slurmEnv = (i: number) => ({ SLURM_ARRAY_TASK_ID: String(i + 1) });

  // Replicas that answer their first 3 chat requests and hold every later one until they end: the
  // killed shard has written exactly 3 × 3 − 1 answers (the first replica's first request is the
  // server check's) and has 2 requests in flight on each replica, whatever the machine's speed.
  const answeredFirst = 3;
  const held = Array.from({ length: 200 }, (_, i) => answeredFirst + 1 + i).join(",");
  const holding = await Promise.all(
    [0, 1, 2].map(() =>
      startEmulatorProcess(s.dataset, ["--lora", "tuned", "--record", "--fault", `hang@${held}`])
    ),
  );
  let replicas: EmulatorProcess[] = [];
  const logs: RecordedRequest[] = [];
  try {
    const yaml = await Deno.readTextFile(s.config);
    await Deno.writeTextFile(
      s.config,
      yaml.replace(
        / {2}urls:\n {4}- .*\n/,
        `  urls:\n${holding.map((r) => `    - ${r.url}\n`).join("")}`,
      ),
    );
    const out1 = `${s.dir}/shards/results-1.jsonl`;
    const child = shell(s.dir, k8s, k8sEnv(1)).spawn();
    const count = async () =>
      ((await Deno.readTextFile(out1).catch(() => "")).match(/"kind":"result"/g) ?? []).length;
    await until(async () => {
      const asked = await Promise.all(holding.map(async (r) => (await r.stats()).chatRequests));
      return asked.every((n) => n === answeredFirst + 2) && await count() === 3 * answeredFirst - 1;
    }, { what: "8 answers written and 2 requests held on each replica" });
    child.kill("SIGKILL");
    assert.equal((await child.output()).signal, "SIGKILL");
    const partial = await results(out1);
    const answeredBefore = new Set(
      partial.file.records.flatMap((r) =>
        r.kind === "result" && r.error === null ? [`${r.model}/${r.itemId}`] : []
      ),
    );
    assert.equal(answeredBefore.size, 3 * answeredFirst - 1);
    for (const r of holding) logs.push(...await r.requests());
    const firstSession = asking(logs).map(pairOf);
    // The same replicas come back on the same ports, answering everything.
    const ports = holding.map((r) => r.port);
    await Promise.all(holding.map((r) => r.kill()));
    replicas = await Promise.all(
      ports.map((port) => startEmulatorProcess(s.dataset, ["--lora", "tuned", "--record"], port)),
    );

    // The killed shard resumed by the same command; the others, two by each recipe.
    await ran(shell(s.dir, k8s, k8sEnv(1)));
    await ran(shell(s.dir, k8s, k8sEnv(0)));
    await ran(shell(s.dir, slurm, slurmEnv(2)));
    await ran(shell(s.dir, slurm, slurmEnv(3)));
    const shardLogs = (await Promise.all(replicas.map((r) => r.requests()))).flat();
    logs.push(...shardLogs);

    // Nothing asked twice but what was in flight at the kill: a pair asked in both sessions had
    // no answer in the file, and at most 2 (the concurrency) were in flight on each replica.
    const again = asking(shardLogs).map(pairOf).filter((p) => firstSession.includes(p));
    for (const p of again) assert.ok(!answeredBefore.has(p), `${p} asked again, answered before`);
    assert.ok(again.length <= 3 * 2, `${again.length} asked again`);
    // And across the 4 shards, every pair asked exactly once but those.
    const counts = new Map<string, number>();
    for (const p of asking(logs).map(pairOf)) counts.set(p, (counts.get(p) ?? 0) + 1);
    assert.equal(counts.size, 2 * N);
    assert.equal([...counts.values()].filter((c) => c > 1).length, again.length);
    assert.ok([...counts.values()].every((c) => c <= 2));

    // The merge, as the page writes it; then one process on the same replicas, and both reports.
    await ran(shell(s.dir, MERGE_LINE!, {}));
    assert.match(await Deno.readTextFile(`${s.dir}/report.html`), /<html/);
    const merged = await ran(shell(s.dir, "assess report -in 'shards/*.jsonl' -format json", {}));
    await ran(shell(s.dir, "assess run -config assess.yaml -out one.jsonl", {}));
    const single = await ran(shell(s.dir, "assess report -in one.jsonl -format json", {}));
    assert.deepEqual(withoutClock(merged), withoutClock(single));
    // The pattern needs no more than reading the shards' folder (reference/report.md).
    const narrow = await spawnCli(s.dir, ["--allow-read=shards"], [
      "report",
      "-in",
      "shards/*.jsonl",
      "-format",
      "json",
    ]);
    assert.equal(narrow.code, 0, narrow.err);
    assert.deepEqual(withoutClock(narrow.out), withoutClock(merged));
    assert.equal(JSON.parse(merged).run.sessions, 2, "the resumed shard's two sessions");

    // One routing key per item, on every request of it (every model, every replica's log).
    const keys = new Map<string, Set<string>>();
    for (const r of [...logs, ...(await Promise.all(replicas.map((r) => r.requests()))).flat()]) {
      const key = r.headers["x-session-id"];
      assert.ok(key !== undefined, `request ${r.n} has no routing header`);
      const set = keys.get(String(r.itemId)) ?? new Set();
      set.add(key);
      keys.set(String(r.itemId), set);
    }
    assert.equal(keys.size, N);
    for (const [item, set] of keys) assert.equal(set.size, 1, `item ${item}: ${[...set]}`);
  } finally {
    await Promise.all([...holding, ...replicas].map((r) => r.kill()));
  }
});

Deno.test("the recipes' shard lines give the shard the scheduler's index: 0 to 3 from both", () => {
  const [k8s, slurm] = SHARD_LINES as [string, string];
  assert.match(k8s, /-shard "\$JOB_COMPLETION_INDEX\/4"/);
  assert.match(slurm, /-shard "\$\(\(SLURM_ARRAY_TASK_ID - 1\)\)\/4"/);
  assert.match(PAGE, /#SBATCH --array=1-4/);
  assert.match(PAGE, /completions: 4/);
});
