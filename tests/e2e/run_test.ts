/**
 * `assess run` as the real command line, with the README's permissions: killed with SIGKILL and
 * resumed, stopped by SIGINT or SIGTERM, and hostile inputs (permissions not given, FIFOs, an
 * output that is an input).
 */

import assert from "node:assert/strict";
import { RUN_ENV_NAMES, setupRun, syntheticRows, until } from "../run/_fixtures.ts";
import { startStub, type StubRequest } from "../run/_stub_server.ts";
import { answers, correct, results, withoutUrl } from "../cli/_run_fixtures.ts";
import { startEmulator } from "../support/vllm_emulator.ts";
import { runPermissions } from "../support/permissions.ts";
import { runCommand, spawnCli } from "./_spawn.ts";

/** How many result records the results file holds so far (none while it is not there). */
async function resultCount(path: string): Promise<number> {
  const text = await Deno.readTextFile(path).catch(() => "");
  return (text.match(/"kind":"result"/g) ?? []).length;
}

Deno.test("killed with SIGKILL mid-way and resumed against the emulator: sessions 1 and 2, each pair answered once, the resumed run asking only what was missing", async () => {
  const n = 60;
  const pairs = 2 * n;
  // Chat request 1 is the server check's; the next 40 are answered, and the 4 after them (one per
  // worker) are held until the emulator closes: the run can neither end nor send more, and is
  // killed with exactly 40 answers written, whatever the machine's speed.
  const before = 40;
  const held = [before + 2, before + 3, before + 4, before + 5];
  const emu = await startEmulator({
    rows: syntheticRows(n),
    adapters: ["tuned"],
    faults: [{ kind: "hang", requests: held }],
  });
  try {
    const s = await setupRun(n, { url: emu.url, adapters: [{ name: "tuned" }], concurrency: 4 });
    const hosts = [new URL(emu.url).host];
    const child = runCommand(s, hosts).spawn();
    await until(
      async () => emu.stats.chatRequests === held.at(-1) && (await resultCount(s.out)) === before,
      { what: `${before} answers written and ${held.length} requests held` },
    );
    child.kill("SIGKILL");
    const killed = await child.output();
    assert.equal(killed.signal, "SIGKILL");
    const partial = await results(s.out);
    assert.equal(answers(partial.file.records).length, before, "answered before the kill");
    assert.equal(partial.latest.size, before);
    const asked = emu.stats.chatRequests;

    const resumed = await runCommand(s, hosts).output();
    assert.equal(resumed.code, 0, new TextDecoder().decode(resumed.stderr));
    const { file, latest } = await results(s.out);
    assert.equal(latest.size, pairs);
    const answered = answers(file.records);
    assert.equal(answered.length, pairs, "each (model, item) answered exactly once");
    assert.equal(new Set(answered.map((r) => `${r.model}/${r.itemIndex}`)).size, pairs);
    assert.deepEqual(file.records.filter((r) => r.kind === "session").map((r) => r.session), [
      1,
      2,
    ]);
    // The resumed run asked the server check's request, then each pair that had no answer, once.
    assert.equal(emu.stats.chatRequests - asked, 1 + pairs - before);
  } finally {
    await emu.close();
  }
});

Deno.test("samples: 4 at temperature 0.7, killed with SIGKILL mid-way and resumed: each (model, item, sample) answered once, its seed the same", async () => {
  const n = 20;
  const asks = 2 * n * 4;
  // As above: 40 answers written, then 4 requests held until the emulator closes.
  const before = 40;
  const held = [before + 2, before + 3, before + 4, before + 5];
  const emu = await startEmulator({
    rows: syntheticRows(n),
    adapters: ["tuned"],
    scripts: { base: { sampled: true }, tuned: { sampled: true } },
    faults: [{ kind: "hang", requests: held }],
  });
  try {
    const s = await setupRun(n, {
      url: emu.url,
      adapters: [{ name: "tuned" }],
      concurrency: 4,
      samples: 4,
      temperature: 0.7,
    });
    const hosts = [new URL(emu.url).host];
    const child = runCommand(s, hosts).spawn();
    await until(
      async () => emu.stats.chatRequests === held.at(-1) && (await resultCount(s.out)) === before,
      { what: `${before} answers written and ${held.length} requests held` },
    );
    child.kill("SIGKILL");
    assert.equal((await child.output()).signal, "SIGKILL");
    const partial = await results(s.out);
    const asked = emu.stats.chatRequests;
    const resumed = await runCommand(s, hosts).output();
    assert.equal(resumed.code, 0, new TextDecoder().decode(resumed.stderr));
    const { file, latest } = await results(s.out);
    assert.equal(latest.size, asks);
    const answered = answers(file.records);
    assert.equal(answered.length, asks, "each (model, item, sample) answered exactly once");
    const key = (r: { model: string; itemIndex: number; sample?: number }) =>
      `${r.model}/${r.itemIndex}/${r.sample}`;
    assert.equal(new Set(answered.map(key)).size, asks);
    // The resumed run asked the server check's request, then each missing triple, once.
    assert.equal(emu.stats.chatRequests - asked, 1 + asks - before);
    // The answers written before the kill are the ones a new run of the same config gives.
    const again = await setupRun(n, {
      url: emu.url,
      adapters: [{ name: "tuned" }],
      samples: 4,
      temperature: 0.7,
    });
    assert.equal((await runCommand(again, hosts).output()).code, 0);
    const fresh = new Map(answers((await results(again.out)).file.records).map((r) => [key(r), r]));
    for (const r of answers(partial.file.records)) {
      assert.deepEqual(fresh.get(key(r))?.reply, r.reply, key(r));
    }
  } finally {
    await emu.close();
  }
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.test(`${signal} stops sending, flushes, and says how to resume`, async () => {
    // The first 21 chat requests (the server check's and 20 pairs) are answered; the 4 after them,
    // one per worker, are held until the test lets them go: when the signal comes, no worker can
    // take another pair, so any request the stub sees after it was sent after the stop.
    const answered = 21;
    let release!: () => void;
    const held = new Promise<void>((r) => release = r);
    let calls = 0;
    const stub = startStub({
      models: ["base"],
      chat: async (r: StubRequest) => {
        if (++calls > answered) await held;
        return correct(r);
      },
    });
    try {
      const s = await setupRun(300, { url: stub.url, concurrency: 4 });
      const child = runCommand(s, [new URL(stub.url).host]).spawn();
      await until(() => calls === answered + 4, { what: "4 requests held" });
      child.kill(signal);
      const out = await child.output();
      const stderr = new TextDecoder().decode(out.stderr);
      assert.equal(out.code, 69, stderr);
      assert.equal(calls, answered + 4, "nothing is sent after the stop");
      assert(stderr.includes(`${signal}: sending nothing more; waiting up to 5 s`), stderr);
      assert.match(
        stderr,
        new RegExp(
          `stopped by ${signal}; 20 of 300 answers are in .*; run the same command again to resume`,
        ),
      );
      const { file } = await results(s.out);
      const end = file.records.at(-1)!;
      assert.equal(end.kind, "end");
      assert.equal(end.kind === "end" && end.outcome, "interrupted");
      release();
      const resumed = await runCommand(s, [new URL(stub.url).host]).output();
      assert.equal(resumed.code, 0, new TextDecoder().decode(resumed.stderr));
      const { file: done } = await results(s.out);
      assert.equal(answers(done.records).length, 300);
    } finally {
      release();
      await stub.close();
    }
  });
}

// ---- Hostile inputs to the real command line: permissions, FIFOs, the serve manifest ----

Deno.test("without --allow-net for the server, run names the flag to give (64), not 'start the server'", async () => {
  const stub = startStub({ chat: correct });
  try {
    const s = await setupRun(2, { url: stub.url });
    const host = new URL(stub.url).host;
    const r = await spawnCli(s.dir, runPermissions(s, "127.0.0.1:1", RUN_ENV_NAMES), [
      "run",
      "-config",
      s.config,
      "-out",
      s.out,
    ]);
    assert.deepEqual(r, {
      code: 64,
      out: "",
      err: `assess run: assess was not allowed to connect to the server (give deno ` +
        `--allow-net=${host})\n`,
    });
    assert.equal(stub.requests.length, 0);
  } finally {
    await stub.close();
  }
});

Deno.test("without --allow-env for a variable it needs, run names it and the flag (64), never 'set it'", async () => {
  const stub = startStub({ chat: correct });
  try {
    const s = await setupRun(2, { url: stub.url });
    await withoutUrl(s.config);
    const host = new URL(stub.url).host;
    const args = ["run", "-config", s.config, "-out", s.out];
    const env = { ASSESS_SERVER_URL: stub.url, ASSESS_TOOL_CALL_PARSER: "hermes" };
    const flag = `give deno --allow-env=${RUN_ENV_NAMES}`;
    // Only the key allowed: ASSESS_SERVER_URL is set, but cannot be read.
    const keyOnly = await spawnCli(s.dir, runPermissions(s, host, "VLLM_API_KEY"), args, env);
    assert.deepEqual(keyOnly, {
      code: 64,
      out: "",
      err: "assess run: assess was not allowed to read the environment variables " +
        "ASSESS_SERVER_URL, ASSESS_SERVE_MANIFEST, ASSESS_TOOL_CALL_PARSER, " +
        `ASSESS_REASONING_PARSER (${flag})\n`,
    });
    const noEnv = await spawnCli(s.dir, runPermissions(s, host, ""), args, env);
    assert.equal(noEnv.code, 64);
    assert.match(noEnv.err, /not allowed to read the environment variables VLLM_API_KEY, /);
    // With the flag the hint gives, it runs.
    const allowed = await spawnCli(s.dir, runPermissions(s, host, RUN_ENV_NAMES), args, env);
    assert.equal(allowed.code, 0, allowed.err);
  } finally {
    await stub.close();
  }
});

Deno.test({
  name: "a FIFO as -out or as the serve manifest is refused at once (64), never waited on",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const stub = startStub({ chat: correct });
    try {
      const s = await setupRun(2, { url: stub.url });
      const host = new URL(stub.url).host;
      const mkfifo = async (path: string) =>
        assert((await new Deno.Command("mkfifo", { args: [path] }).output()).success);
      await mkfifo(s.out);
      const out = await spawnCli(s.dir, runPermissions(s, host, RUN_ENV_NAMES), [
        "run",
        "-config",
        s.config,
        "-out",
        s.out,
      ]);
      assert.deepEqual(out, {
        code: 64,
        out: "",
        err: `assess run: the results file ${s.out} cannot be read: it is a FIFO, not a regular ` +
          "file (assess reads only regular files, or links to one)\n",
      });
      await Deno.remove(s.out);
      const manifest = `${s.dir}/serve.json`;
      await mkfifo(manifest);
      await withoutUrl(s.config, manifest);
      const m = await spawnCli(s.dir, runPermissions(s, host, RUN_ENV_NAMES, [manifest]), [
        "run",
        "-config",
        s.config,
        "-out",
        s.out,
      ]);
      assert.deepEqual(m, {
        code: 64,
        out: "",
        err: `assess run: the serve manifest ${manifest} cannot be read: it is a FIFO, not a ` +
          "regular file (assess reads only regular files, or links to one)\n",
      });
      assert.equal(stub.requests.length, 0);
    } finally {
      await stub.close();
    }
  },
});

Deno.test("the real command line: an -out that is the config, the dataset or the serve manifest, however spelled, is refused (64) before anything is read or sent, and is left as it was", async (t) => {
  const s = await setupRun(2, { url: "http://127.0.0.1:1/v1" });
  try {
    const manifest = `${s.dir}/serve.json`;
    await Deno.writeTextFile(manifest, '{"url": "http://127.0.0.1:1/v1"}\n');
    const withManifest = `${s.dir}/manifest.yaml`;
    await Deno.writeTextFile(
      withManifest,
      (await Deno.readTextFile(s.config)).replace(/ {2}url: .*\n/, `  manifest: ${manifest}\n`),
    );
    await Deno.link(s.dataset, `${s.dir}/hard.jsonl`);
    await Deno.symlink(s.dataset, `${s.dir}/link.jsonl`);
    const before = new Map(
      await Promise.all(
        [s.config, s.dataset, manifest, withManifest].map(async (f) =>
          [f, await Deno.readFile(f)] as const
        ),
      ),
    );
    const overwrite = "an output must not overwrite an input";
    const cases = [
      { config: s.config, out: s.dataset, err: `the dataset ${s.dataset}: ${overwrite}` },
      {
        config: s.config,
        out: `${s.dir}/hard.jsonl`,
        err: `the dataset ${s.dataset}: ${overwrite}`,
      },
      {
        config: s.config,
        out: `${s.dir}/link.jsonl`,
        err: `the dataset ${s.dataset}: ${overwrite}`,
      },
      { config: s.config, out: `${s.dir}/./assess.yaml`, err: `-config ${s.config}: ${overwrite}` },
      { config: withManifest, out: manifest, err: `the serve manifest ${manifest}: ${overwrite}` },
    ];
    for (const c of cases) {
      await t.step(`-out ${c.out.slice(s.dir.length + 1)}`, async () => {
        // The README's permissions, with -out as the results file (and the manifest read).
        const r = await spawnCli(
          s.dir,
          runPermissions(
            { config: c.config, dataset: s.dataset, out: c.out },
            "127.0.0.1:1",
            RUN_ENV_NAMES,
            [manifest],
          ),
          ["run", "-config", c.config, "-out", c.out],
        );
        assert.deepEqual(r, {
          code: 64,
          out: "",
          err: `assess run: -out ${c.out} is the same file as ${c.err}\n`,
        });
        for (const [file, bytes] of before) assert.deepEqual(await Deno.readFile(file), bytes);
        assert((await Deno.lstat(`${s.dir}/link.jsonl`)).isSymlink);
      });
    }
  } finally {
    await Deno.remove(s.dir, { recursive: true });
  }
});
