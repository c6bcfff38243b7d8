/**
 * `assess run` as the real command line, with the narrow permissions a user gives it (each
 * replica's host and port in `--allow-net`), on several vLLM emulator processes: a replica
 * SIGKILLed mid-run and the run still exiting 0 with nothing lost; the replicas given by
 * `ASSESS_SERVER_URL`, one left out with its warning line.
 */

import assert from "node:assert/strict";
import { runPermissions } from "./_permissions.ts";
import { CLI } from "./_spawn.ts";
import { latestResults } from "../../src/results/latest.ts";
import type { ResultRecord, SessionRecord } from "../../src/results/records.ts";
import { readAll } from "../results/_read_all.ts";
import { RUN_ENV_NAMES, setupRun, syntheticRows } from "../run/_fixtures.ts";
import { type EmulatorProcess, startEmulatorProcess } from "../support/emulator_process.ts";

const N = 50;

const emulator = (dataset: string, args: string[]): Promise<EmulatorProcess> =>
  startEmulatorProcess(dataset, args);

/** `assess run` with the README's permissions, every replica's host:port in --allow-net. */
function assess(
  s: { config: string; dataset: string; out: string },
  hosts: readonly string[],
  env: Record<string, string> = {},
): Deno.Command {
  return new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      ...runPermissions(s, hosts.join(","), RUN_ENV_NAMES),
      CLI,
      "run",
      "-config",
      s.config,
      "-out",
      s.out,
    ],
    stdout: "piped",
    stderr: "piped",
    // The run's own variables are set here, whatever the tests' environment holds.
    env: {
      NO_COLOR: "1",
      ASSESS_SERVER_URL: "",
      ASSESS_SERVE_MANIFEST: "",
      VLLM_API_KEY: "",
      ...env,
    },
  });
}

async function results(path: string) {
  const file = await readAll(await Deno.readFile(path));
  const records = file.records.filter((r): r is ResultRecord => r.kind === "result");
  return { file, records, latest: latestResults(file.records) };
}

Deno.test("assess run on three replica processes, one SIGKILLed mid-run: exit 0, nothing lost, it is named", async () => {
  const dir = await Deno.makeTempDir({ prefix: "assess_cli_replicas_" });
  const rows = `${dir}/rows.json`;
  await Deno.writeTextFile(rows, JSON.stringify(syntheticRows(N)));
  // The middle replica takes ten minutes a request: once its 3 workers wait on it, it is killed.
  const replicas = await Promise.all([
    emulator(rows, ["--lora", "tuned"]),
    emulator(rows, ["--lora", "tuned", "--service-ms", "600000"]),
    emulator(rows, ["--lora", "tuned"]),
  ]);
  try {
    const s = await setupRun(N, {
      url: "",
      urls: replicas.map((r) => r.url),
      adapters: [{ name: "tuned" }],
      concurrency: 3,
    });
    const child = assess(s, replicas.map((r) => r.host)).spawn();
    while ((await replicas[1]!.stats()).inFlight !== 3) {
      await new Promise((r) => setTimeout(r, 10));
    }
    await replicas[1]!.kill("SIGKILL");
    const out = await child.output();
    const stdout = new TextDecoder().decode(out.stdout);
    const stderr = new TextDecoder().decode(out.stderr);
    assert.equal(out.code, 0, stderr);
    assert.equal(
      stdout,
      `${s.out}: ${2 * N} of ${2 * N} answers recorded (0 errors, 0 not asked)\n`,
    );
    assert.match(
      stderr,
      new RegExp(
        `^assess run: WARNING: replica 1 \\(${
          replicas[1]!.host
        }\\) is down: 3 requests in a row failed: [^\\n]+; its items go to the other replicas, and it is checked again every 30 s$`,
        "m",
      ),
    );
    assert.doesNotMatch(stderr, /http:\/\//);
    const { file, records, latest } = await results(s.out);
    assert.equal(latest.size, 2 * N);
    assert.equal(records.length, 2 * N, "each pair recorded once, no error on the way");
    assert(records.every((r) => r.error === null && r.replica!.host !== replicas[1]!.host));
    assert.deepEqual(
      file.records.filter((r) => r.kind === "replica").map((
        r,
      ) => [r.kind, (r as { state: string }).state]),
      [["replica", "down"]],
    );
  } finally {
    await Promise.all(replicas.map((r) => r.kill()));
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("ASSESS_SERVER_URL with several URLs: a replica without the adapter is left out with one line", async () => {
  const dir = await Deno.makeTempDir({ prefix: "assess_cli_replicas_" });
  const rows = `${dir}/rows.json`;
  await Deno.writeTextFile(rows, JSON.stringify(syntheticRows(N)));
  const replicas = await Promise.all([
    emulator(rows, ["--lora", "tuned"]),
    emulator(rows, []),
  ]);
  try {
    const s = await setupRun(N, { url: "", adapters: [{ name: "tuned" }], concurrency: 2 });
    const text = await Deno.readTextFile(s.config);
    await Deno.writeTextFile(s.config, text.replace(/^ {2}url: .*\n/m, ""));
    const out = await assess(s, replicas.map((r) => r.host), {
      ASSESS_SERVER_URL: replicas.map((r) => r.url).join(","),
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
        replicas[1]!.host
      }) is left out: the server does not serve the adapter "tuned", and it has no path to load it from: serve it, or give models.adapters[].path; it serves: "base"`,
    );
    assert.equal((await replicas[1]!.stats()).chatRequests, 0);
    const { file, latest } = await results(s.out);
    assert.equal(latest.size, 2 * N);
    const session = file.records.find((r): r is SessionRecord => r.kind === "session")!;
    assert.deepEqual(session.replicas, [{ index: 0, host: replicas[0]!.host }]);
  } finally {
    await Promise.all(replicas.map((r) => r.kill()));
    await Deno.remove(dir, { recursive: true });
  }
});
