/**
 * A results file over 1 GiB, past the 512 MiB where reading it into one buffer failed (report
 * exited 70, a resume asked the user to delete a real run): `assess report` and a resuming
 * `assess run` read it line by line, each in a process whose JavaScript heap is capped far below
 * the file's size, so that a reader that kept the file would fail.
 */

import assert from "node:assert/strict";
import { runPermissions } from "../support/permissions.ts";
import { CLI } from "./_spawn.ts";
import { RUN_ENV_NAMES, setupRun } from "../run/_fixtures.ts";
import { answerFor } from "../run/_fixtures.ts";
import { completion, startStub, type StubRequest } from "../run/_stub_server.ts";

/** The heap each process may use: an eighth of the file, and nothing like one buffer of it. */
const HEAP_MB = 128;
/** The file's size to reach. */
const SIZE = 1.1 * 2 ** 30;

async function deno(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const ran = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", `--v8-flags=--max-old-space-size=${HEAP_MB}`, ...args],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: ran.code, out: text(ran.stdout), err: text(ran.stderr) };
}

Deno.test("a results file over 1 GiB: report and resume read it line by line in bounded memory", async () => {
  // The first run: item 2 is refused (a 400, not retried), the others answered.
  let refuse = true;
  const stub = startStub({
    chat: (r: StubRequest) => {
      const call = answerFor(r.body);
      if (refuse && call.arguments === '{"x": 2}') {
        return Response.json({ error: { message: "no", code: 400 } }, { status: 400 });
      }
      return completion(String(r.body.model), { calls: [call] });
    },
  });
  const s = await setupRun(4, { url: stub.url, concurrency: 2 });
  try {
    const host = new URL(stub.url).host;
    const runArgs = [
      ...runPermissions(s, host, RUN_ENV_NAMES),
      CLI,
      "run",
      "-config",
      s.config,
      "-out",
      s.out,
      "-retries",
      "0",
    ];
    const first = await deno(runArgs);
    assert.equal(first.code, 69, first.err);
    // The server check's one chat request with tools (the first item, to the baseline), then the
    // four items.
    assert.equal(stub.requests.length, 1 + 4);

    // Grown past 1 GiB with more records of the refused pair, each holding a 4 MiB body: records
    // a run could have written (an error never takes an answer's place, so nothing else changes).
    const lines = (await Deno.readTextFile(s.out)).split("\n");
    const refused = JSON.parse(lines.find((l) => l.includes('"status":400'))!);
    const big = JSON.stringify({
      ...refused,
      response: { status: 400, body: "x".repeat(4 << 20) },
    }) + "\n";
    const bytes = new TextEncoder().encode(big);
    {
      using file = await Deno.open(s.out, { append: true });
      let size = (await file.stat()).size;
      while (size < SIZE) {
        for (let done = 0; done < bytes.length;) done += await file.write(bytes.subarray(done));
        size += bytes.length;
      }
    }
    assert.ok((await Deno.stat(s.out)).size > SIZE);

    const report = await deno([`--allow-read=${s.out}`, CLI, "report", "-in", s.out]);
    assert.equal(report.code, 0, report.err);
    assert.match(report.out, /^assess report: no adapter against base, 4 items$/m);
    assert.match(report.out, /^ {2}base +baseline +3 +3 +100\.0% .* +1 +0$/m);

    refuse = false;
    const resumed = await deno(runArgs);
    assert.equal(resumed.code, 0, resumed.err);
    assert.equal(resumed.out, `${s.out}: 4 of 4 answers recorded (0 errors, 0 not asked)\n`);
    // The resumed run's server check, then only the refused item again.
    assert.equal(stub.requests.length, 5 + 2, "only the refused item is asked again");
  } finally {
    await stub.close();
    await Deno.remove(s.dir, { recursive: true });
  }
});
