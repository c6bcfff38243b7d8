/**
 * A run on several replicas, each a vLLM emulator in its own process. As the real command line,
 * with the narrow permissions a user gives it: a replica SIGKILLed mid-run and the run still
 * exiting 0 with nothing lost; the replicas given by `ASSESS_SERVER_URL`, one left out with its
 * warning line. Through the run's core (`runAssessment`) with the real network, so that the test
 * holds the clock of the replicas' checks: what each replica process saw, recorded once; a replica
 * that comes back and is used again; a replica without an adapter left out and named; a
 * batch-variant replica failing a required probe; a replica with another base flagged by the
 * report; and a run resumed on another set of replicas.
 */

import assert from "node:assert/strict";
import { parseConfig } from "../../src/config/validate.ts";
import { buildReport } from "../../src/report/build_report.ts";
import { reportInputFromResults } from "../../src/report/from_results.ts";
import { latestResults } from "../../src/results/latest.ts";
import type { ReplicaRecord, ResultRecord, SessionRecord } from "../../src/results/records.ts";
import { readResume } from "../../src/run/resume.ts";
import { runAssessment, type RunEffects, type RunOutcome } from "../../src/run/run.ts";
import { ServerError } from "../../src/run/run_errors.ts";
import { RECHECK_MS } from "../../src/run/session.ts";
import type { Timers } from "../../src/run/timers.ts";
import { lookupScorer } from "../../src/score/registry.ts";
import { readAll } from "../results/_read_all.ts";
import {
  answerFor,
  configText,
  setupRun,
  syntheticItems,
  syntheticRows,
  until,
} from "../run/_fixtures.ts";
import { completion, startStub } from "../run/_stub_server.ts";
import { denoFetch } from "../../src/cli/deno_fetch.ts";
import { type EmulatorProcess, startEmulatorProcess } from "../support/emulator_process.ts";
import { runCommand } from "./_spawn.ts";

const N = 60;
const ITEMS = syntheticItems(N);
const DIR = await Deno.makeTempDir({ prefix: "assess_replicas_" });
const DATASET = `${DIR}/rows.json`;
await Deno.writeTextFile(DATASET, JSON.stringify(syntheticRows(N)));

type Replica = EmulatorProcess;

const replica = (args: string[] = [], port = 0): Promise<Replica> =>
  startEmulatorProcess(DATASET, args, port);

async function withReplicas(
  specs: string[][],
  body: (replicas: Replica[]) => Promise<void>,
): Promise<void> {
  const replicas = await Promise.all(specs.map((args) => replica(args)));
  try {
    await body(replicas);
  } finally {
    await Promise.all(replicas.map((r) => r.kill()));
  }
}

interface Options {
  adapters?: { name: string; path?: string }[];
  probe?: number;
  batchInvariant?: "required" | "asserted" | "not-required";
  concurrency?: number;
}

function config(urls: readonly string[], o: Options = {}) {
  return parseConfig(
    configText({
      url: "",
      urls,
      datasetPath: DATASET,
      datasetSha256: "a".repeat(64),
      size: N,
      adapters: o.adapters ?? [{ name: "tuned" }],
      concurrency: o.concurrency ?? 3,
      probe: o.probe ?? 0,
      batchInvariant: o.batchInvariant ?? "not-required",
    }),
    { lookupScorer },
  );
}

/** The run's world: the real network, a results file in memory, checks fired by the test. */
function world(initial = "", fetchFn: typeof fetch = fetch) {
  let text = initial;
  const notices: string[] = [];
  const rechecks: (() => void)[] = [];
  const stop = new AbortController();
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      if (ms !== RECHECK_MS) return globalThis.setTimeout(fn, ms);
      rechecks.push(fn);
      return -rechecks.length;
    },
    clearTimeout: (handle) => {
      if (typeof handle === "number" && handle < 0) rechecks[-handle - 1] = () => {};
      else globalThis.clearTimeout(handle as number);
    },
    performance: globalThis.performance,
  };
  const effects: RunEffects = {
    fetch: fetchFn,
    open: (truncateTo) => {
      text = text.slice(0, truncateTo);
      return Promise.resolve({
        write: (bytes: Uint8Array) =>
          Promise.resolve(void (text += new TextDecoder().decode(bytes))),
        close: () => Promise.resolve(),
      });
    },
    now: () => Date.now(),
    random: () => 0.5,
    sleep: () => Promise.resolve(),
    timers,
    stop: stop.signal,
    notice: (line) => notices.push(line),
  };
  return { effects, notices, rechecks, stop, text: () => text };
}

async function run(
  urls: readonly string[],
  w: ReturnType<typeof world>,
  o: Options = {},
): Promise<Extract<RunOutcome, { summary: string }>> {
  const bytes = new TextEncoder().encode(w.text());
  const outcome = await runAssessment({
    config: config(urls, o),
    items: ITEMS,
    splitDigest: "b".repeat(64),
    scorer: lookupScorer("xlam-tool-call")!,
    server: {
      urls,
      toolCallParser: "hermes",
      reasoningParser: null,
      urlSource: "file",
    },
    limits: { timeoutMs: 600_000, maxResponseBytes: 1 << 20, retries: 5 },
    resume: bytes.length === 0 ? null : await readResume(bytes),
    assessVersion: "0.1.0",
    out: "results.jsonl",
  }, w.effects);
  assert.notEqual(outcome.kind, "selftest-failed");
  return outcome as Extract<RunOutcome, { summary: string }>;
}

async function file(text: string) {
  const read = await readAll(new TextEncoder().encode(text));
  const results = read.records.filter((r): r is ResultRecord => r.kind === "result");
  const replicas = read.records.filter((r): r is ReplicaRecord => r.kind === "replica");
  const sessions = read.records.filter((r): r is SessionRecord => r.kind === "session");
  return { read, results, replicas, sessions, latest: latestResults(read.records) };
}

/** Every pair answered, and recorded as an answer exactly once. */
function answeredOnce(results: readonly ResultRecord[], models = ["base", "tuned"]): void {
  const answers = results.filter((r) => r.error === null);
  const keys = answers.map((r) => `${r.model}/${r.itemIndex}`);
  assert.equal(new Set(keys).size, keys.length, "a pair answered twice");
  assert.equal(answers.length, N * models.length);
  assert(answers.every((r) => r.verdict?.correct === true));
}

/**
 * The warning every complete run of these tests gives: the emulator's `tuned` answers every item
 * with its answer key, as `base` does, so its replies are byte for byte the baseline's (the watch
 * of `src/run/identical_replies.ts`).
 */
const IDENTICAL =
  "WARNING: tuned's first 50 replies are byte for byte base's (text, calls and finish reason): " +
  "the adapter may not be applied; check that the server loaded it and serves it under that name";

/** The notices other than {@linkcode IDENTICAL}, which must be among them once. */
function replicaNotices(notices: readonly string[]): string[] {
  assert.equal(notices.filter((n) => n === IDENTICAL).length, 1, notices.join("\n"));
  return notices.filter((n) => n !== IDENTICAL);
}

Deno.test("three replica processes: each chat request a replica saw is one result record (the server check's on the first), and the header and the session name the replicas", async () => {
  // Every pair once, each item on one replica, each replica used and its concurrency: the
  // session's tests hold these (tests/run/session_replicas_test.ts); here, what only processes
  // over the real network show.
  await withReplicas(
    [["--lora", "tuned"], ["--lora", "tuned"], ["--lora", "tuned"]],
    async (rs) => {
      const w = world();
      const outcome = await run(rs.map((r) => r.url), w);
      assert.equal(outcome.kind, "complete", outcome.lines.join("\n"));
      assert.equal(
        outcome.summary,
        `results.jsonl: ${2 * N} of ${2 * N} answers recorded (0 errors, 0 not asked)`,
      );
      assert.deepEqual(w.notices, [IDENTICAL]);
      const { results, sessions, read } = await file(w.text());
      assert.equal(results.length, 2 * N);
      assert.equal(read.header.formatVersion, 2);
      assert.equal(read.header.server.url, rs[0]!.url);
      assert.deepEqual(sessions[0]!.replicas, rs.map((r, index) => ({ index, host: r.host })));
      let total = 0;
      for (const [i, r] of rs.entries()) {
        const stats = await r.stats();
        total += stats.chatRequests!;
        // The first replica also got the server check's chat request.
        assert.equal(
          stats.chatRequests,
          (i === 0 ? 1 : 0) + results.filter((x) => x.replica!.host === r.host).length,
          "each request the replica saw is one result record",
        );
      }
      assert.equal(total, 1 + 2 * N);
    },
  );
});

// ---- The real command line, with the README's permissions (each replica's host in --allow-net) ----

Deno.test("assess run on three replica processes, one SIGKILLed mid-run: exit 0, nothing lost, it is named on stderr and in the file", async () => {
  // The middle replica takes ten minutes a request: once its three workers are all waiting on it,
  // the run cannot be over, and it is killed.
  await withReplicas(
    [["--lora", "tuned"], ["--lora", "tuned", "--service-ms", "600000"], ["--lora", "tuned"]],
    async (rs) => {
      const s = await setupRun(N, {
        url: "",
        urls: rs.map((r) => r.url),
        adapters: [{ name: "tuned" }],
        concurrency: 3,
      });
      const child = runCommand(s, rs.map((r) => r.host)).spawn();
      await until(async () => (await rs[1]!.stats()).inFlight === 3, {
        what: "3 requests in flight on replica 1",
      });
      await rs[1]!.kill("SIGKILL");
      const out = await child.output();
      const stdout = new TextDecoder().decode(out.stdout);
      const stderr = new TextDecoder().decode(out.stderr);
      assert.equal(out.code, 0, stderr);
      assert.equal(
        stdout,
        `${s.out}: ${2 * N} of ${2 * N} answers recorded (0 errors, 0 not asked)\n`,
      );
      const warnings = stderr.split("\n").filter((l) => l.startsWith("assess run: WARNING"));
      assert.equal(warnings.length, 1, stderr);
      assert.match(
        warnings[0]!,
        new RegExp(
          `^assess run: WARNING: replica 1 \\(${
            rs[1]!.host
          }\\) is down: 3 requests in a row failed: .+; its items go to the other replicas, and it is checked again every 30 s$`,
        ),
      );
      assert.doesNotMatch(stderr, /http:/, "never a URL");
      const { results, replicas, latest } = await file(await Deno.readTextFile(s.out));
      answeredOnce(results);
      assert.equal(latest.size, 2 * N);
      assert.equal(results.length, 2 * N, "no error record: the requests in flight moved");
      assert(results.every((r) => r.replica!.host !== rs[1]!.host));
      assert.deepEqual(replicas.map((r) => [r.index, r.host, r.state]), [[1, rs[1]!.host, "down"]]);
    },
  );
});

Deno.test("ASSESS_SERVER_URL with several URLs: a replica without the adapter is left out with one line", async () => {
  await withReplicas([["--lora", "tuned"], []], async (rs) => {
    const s = await setupRun(N, { url: "", adapters: [{ name: "tuned" }], concurrency: 2 });
    const text = await Deno.readTextFile(s.config);
    await Deno.writeTextFile(s.config, text.replace(/^ {2}url: .*\n/m, ""));
    const out = await runCommand(s, rs.map((r) => r.host), {
      ASSESS_SERVER_URL: rs.map((r) => r.url).join(","),
    }).output();
    const stderr = new TextDecoder().decode(out.stderr);
    assert.equal(out.code, 0, stderr);
    // The emulator's tuned answers every item with its key, as base does: the identical-replies
    // warning is given at once and again at the end; the replica's warning is one line.
    const lines = stderr.split("\n");
    assert.equal(
      lines.filter((l) => l.startsWith("WARNING: tuned's first 50 replies are byte for byte"))
        .length,
      2,
      stderr,
    );
    assert.equal(
      lines.filter((l) => l.startsWith("assess run: WARNING")).join("\n"),
      `assess run: WARNING: replica 1 (${
        rs[1]!.host
      }) is left out: the server does not serve the adapter "tuned", and it has no path to load it from: serve it, or give models.adapters[].path; it serves: "base"`,
    );
    assert.equal((await rs[1]!.stats()).chatRequests, 0);
    const { sessions, latest } = await file(await Deno.readTextFile(s.out));
    assert.equal(latest.size, 2 * N);
    assert.deepEqual(sessions[0]!.replicas, [{ index: 0, host: rs[0]!.host }]);
  });
});

// ---- The run's core on replica processes, the replicas' checks fired by the test ----

Deno.test("a replica that comes back (a new process on its port) is checked again and used again", async () => {
  // The other replica holds every request until the test lets it go, so that work is left for
  // the one that comes back.
  let open = (): void => {};
  const gate = new Promise<void>((resolve) => open = resolve);
  const held = startStub({
    models: ["base", "tuned"],
    chat: async (r) => {
      await gate;
      return completion(String(r.body.model), { calls: [answerFor(r.body)] });
    },
  });
  let back: Replica | undefined;
  const first = await replica(["--lora", "tuned"]);
  try {
    const w = world();
    const running = run([first.url, held.url], w);
    await until(async () => (await first.stats()).answered! >= 2);
    await first.kill("SIGKILL");
    await until(() => w.rechecks.length === 1);
    // Still down: the check fails, and another is set.
    w.rechecks[0]!();
    await until(() => w.rechecks.length === 2);
    back = await replica(["--lora", "tuned"], first.port);
    w.rechecks[1]!();
    await until(async () => (await back!.stats()).answered! >= 1);
    open();
    const outcome = await running;
    assert.equal(outcome.kind, "complete", outcome.lines.join("\n"));
    const { results, replicas, read } = await file(w.text());
    answeredOnce(results);
    assert.deepEqual(replicas.map((r) => [r.index, r.state]), [[0, "down"], [0, "up"]]);
    const up = read.records.indexOf(replicas[1]!);
    const after = read.records.slice(up).filter((r) => r.kind === "result") as ResultRecord[];
    assert(after.some((r) => r.replica!.index === 0), "used again after its comeback");
    assert.match(
      replicaNotices(w.notices).at(-1)!,
      /^assess run: replica 0 \(127\.0\.0\.1:\d+\) is back: /,
    );
  } finally {
    open();
    await first.kill();
    await back?.kill();
    await held.close();
  }
});

Deno.test("a replica without an adapter is left out, named, and gets no request; one with its path loads it", async () => {
  await withReplicas(
    [["--lora", "tuned"], [], ["--lora", "tuned"], ["--no-dynamic-lora"]],
    async (rs) => {
      const w = world();
      const outcome = await run(rs.map((r) => r.url), w);
      assert.equal(outcome.kind, "complete");
      assert.deepEqual(replicaNotices(w.notices), [
        `assess run: WARNING: replica 1 (${
          rs[1]!.host
        }) is left out: the server does not serve the adapter "tuned", and it has no path to load it from: serve it, or give models.adapters[].path; it serves: "base"`,
        `assess run: WARNING: replica 3 (${
          rs[3]!.host
        }) is left out: the server does not serve the adapter "tuned", and it has no path to load it from: serve it, or give models.adapters[].path; it serves: "base"`,
      ]);
      assert.equal((await rs[1]!.stats()).chatRequests, 0);
      assert.equal((await rs[3]!.stats()).chatRequests, 0);
      const { results, sessions } = await file(w.text());
      answeredOnce(results);
      assert.deepEqual(sessions[0]!.replicas!.map((r) => r.index), [0, 2]);
      // With a path, the adapter is loaded on the replica that lacks it (runtime loading is per
      // replica); the one that cannot load is still left out.
      const again = world();
      const loaded = await run(rs.map((r) => r.url), again, {
        adapters: [{ name: "tuned", path: "/ckpt/tuned" }],
      });
      assert.equal(loaded.kind, "complete");
      assert.equal((await rs[1]!.stats()).loads, 1);
      assert.equal((await rs[0]!.stats()).loads, 0);
      assert(
        again.notices.includes(
          `assess run: loaded the adapter tuned on replica 1 (${rs[1]!.host})`,
        ),
      );
      assert.match(
        replicaNotices(again.notices).at(-1)!,
        /^assess run: WARNING: replica 3 .* is left out: the server refused to load the adapter "tuned": runtime LoRA loading is not enabled on it; loading an adapter at run time needs/,
      );
    },
  );
});

Deno.test("no replica usable: exit 69 naming each replica's reason", async () => {
  await withReplicas([[], []], async (rs) => {
    const dead = await replica([]);
    await dead.kill("SIGKILL");
    // The run's fetch, which says why a connection failed.
    const http = denoFetch();
    const w = world("", http.fetch);
    const urls = [...rs.map((r) => r.url), dead.url];
    await assert.rejects(run(urls, w).finally(() => http.close()), (error: unknown) => {
      assert(error instanceof ServerError);
      assert.equal(error.message, "none of the 3 replicas can be used: each failed its checks");
      assert.match(
        error.lines[0]!,
        /^ {2}replica 0 \(127\.0\.0\.1:\d+\): the server does not serve the adapter "tuned"/,
      );
      assert.match(
        error.lines[2]!,
        /^ {2}replica 2 \(127\.0\.0\.1:\d+\): cannot reach it: connection refused\. Start the server, or fix its URL$/,
      );
      assert.doesNotMatch(error.lines.join("\n"), /http:/);
      return true;
    });
    assert.equal(w.text(), "", "nothing written");
  });
});

Deno.test("a batch-variant replica fails a required probe, named", async () => {
  await withReplicas(
    [["--lora", "tuned"], ["--lora", "tuned", "--script", "tuned=batch-variant"], [
      "--lora",
      "tuned",
    ]],
    async (rs) => {
      const w = world();
      const outcome = await run(rs.map((r) => r.url), w, {
        probe: 3,
        batchInvariant: "required",
        concurrency: 4,
      });
      assert.equal(outcome.kind, "probe-failed");
      // Warnings may come first: tuned answers as base does here, and when the probe's loaded sends
      // are slow, more than 50 replies are in by the time it fails.
      const at = outcome.lines.findIndex((l) => !l.startsWith("WARNING: "));
      assert.match(
        outcome.lines[at]!,
        new RegExp(
          `^assess run: replica 1 \\(${
            rs[1]!.host
          }\\) is not batch invariant \\(serving\\.batchInvariant is required\\): \\d+ probe item\\(s\\) answered differently`,
        ),
      );
      assert(
        outcome.lines.slice(at + 1, -1).every((l) => l.includes(`on replica 1 (${rs[1]!.host})`)),
      );
      const different = outcome.checks.filter((c) => c.outcome === "different");
      assert(
        different.length > 0 &&
          different.every((c) => c.replica!.index === 1 && c.model === "tuned"),
      );
      // Every replica ran the probe's lone sends.
      const { read } = await file(w.text());
      const alone = new Set(
        read.records.filter((r) => r.kind === "probe" && r.phase === "alone").map((r) =>
          (r as ResultRecord).replica!.index
        ),
      );
      assert.deepEqual([...alone].sort(), [0, 1, 2]);
    },
  );
});

Deno.test("a replica serving another base is flagged by the report's homogeneity test", async () => {
  // Which items land on that replica follows its port (the OS picks it), and the emulator's wrong
  // answers follow the items: at 0.6 wrong, 19 items with 13 right gave p = 0.00075, a hair under
  // the bound, and one run in CI went over it. At 0.9 wrong, six runs gave p from 1e-10 to 1e-13
  // (13 right of about 20 would take binomial odds of a few in a billion).
  await withReplicas(
    [["--lora", "tuned"], ["--lora", "tuned", "--script", "base=errors:0.9"], ["--lora", "tuned"]],
    async (rs) => {
      const w = world();
      const outcome = await run(rs.map((r) => r.url), w);
      assert.equal(outcome.kind, "complete");
      const report = buildReport(
        await reportInputFromResults(new TextEncoder().encode(w.text()), {
          scorer: lookupScorer("xlam-tool-call"),
        }),
      );
      const odd = report.replicas.replicas.find((r) => r.host === rs[1]!.host)!;
      assert(odd.models[0]!.accuracy! < 0.8, JSON.stringify(odd));
      assert.equal(odd.models[1]!.accuracy, 1, "its adapter is fine");
      assert.equal(report.replicas.homogeneity?.flagged, true, JSON.stringify(report.replicas));
      assert(report.replicas.homogeneity!.pValue < 0.001);
    },
  );
});

Deno.test("a run resumed on another set of replicas asks only what is missing (and items half-answered on a replica gone, whole); sessions record their replicas", async () => {
  await withReplicas(
    [["--lora", "tuned"], ["--lora", "tuned"], ["--lora", "tuned"]],
    async (rs) => {
      const w = world();
      // The first session, on replicas 0 and 1, is stopped after some answers.
      const first = run([rs[0]!.url, rs[1]!.url], w);
      await until(() => (w.text().match(/"kind":"result"/g) ?? []).length >= 20);
      w.stop.abort("SIGINT");
      assert.equal((await first).kind, "interrupted");
      const before = (await file(w.text())).results.filter((r) => r.error === null).length;
      assert(before >= 20 && before < 2 * N, String(before));
      // Resumed on replicas 2 and 0, in that order.
      const w2 = world(w.text());
      const second = await run([rs[2]!.url, rs[0]!.url], w2);
      assert.equal(second.kind, "complete", second.lines.join("\n"));
      const { results, sessions } = await file(w2.text());
      // A pair is answered twice only when its item was answered in part on replica 1, gone in
      // the second session: the item is asked again whole there (every model of it, once).
      const firstSession = results.filter((r) => r.session === 1 && r.error === null);
      const gone = new Set(
        firstSession.filter((r) => r.replica!.host === rs[1]!.host).map((r) => r.itemIndex),
      );
      const again = results.filter((r) =>
        r.session === 2 && r.error === null &&
        firstSession.some((f) => f.model === r.model && f.itemIndex === r.itemIndex)
      );
      assert(again.every((r) => gone.has(r.itemIndex)), "asked again: only items of replica 1");
      answeredOnce(results.filter((r) =>
        !(r.session === 1 && gone.has(r.itemIndex) &&
          again.some((a) => a.itemIndex === r.itemIndex))
      ));
      assert.deepEqual(sessions.map((s) => s.replicas!.map((r) => r.host)), [
        [rs[0]!.host, rs[1]!.host],
        [rs[2]!.host, rs[0]!.host],
      ]);
      // Every item's models are answered on one replica: an item answered in part keeps its
      // replica when that replica is in use, and is asked again whole when it is not.
      const hosts = (await readResume(new TextEncoder().encode(w2.text()))).hosts;
      assert.equal(hosts.mixed, 0, `items answered on two replicas: ${hosts.mixed}`);
    },
  );
});
