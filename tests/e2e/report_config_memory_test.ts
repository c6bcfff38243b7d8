/**
 * `assess report -config` keeps its held-out items' texts out of the heap, and a few bytes a
 * (model, item) pair in typed columns while it reads a results file (issue 42): a results file of
 * 80,000 records (2 models × 40,000 items, each a real scorer's verdict on a reply of the item,
 * its response body kept; each item's query about 420 characters) is reported as html under a V8
 * heap cap of 64 MiB. Measured: the report completes under 56 MiB and not under 48 (where loading
 * the 25 MB dataset runs out); before, it needed more than 64 and completed under 80 (each item's
 * texts as strings, and each pair an object, in the heap for the whole read). The file is written
 * here, without a server: its header is the one `assess run` writes for the configuration
 * (`makeHeader`), so that the report reads the dataset and takes the split as for a real run.
 */

import assert from "node:assert/strict";
import { denoIo } from "../../src/cli/deno_io.ts";
import { loadSplit } from "../../src/cli/load_split.ts";
import { readConfig } from "../../src/cli/read_config.ts";
import { configDigest, makeHeader } from "../../src/run/header.ts";
import { heldOutItems } from "../../src/split/split.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import type { Planned } from "../report/_results.ts";
import { resultRecord, sessionFor } from "../report/_results.ts";
import { setupRun, syntheticRows } from "../run/_fixtures.ts";
import { CLI } from "./_spawn.ts";

const ITEMS = 40_000;
const HEAP_MIB = 64;
const MODELS = ["base", "tuned"] as const;

/** What each model answers of item `i`: wrong in a pattern of its own, an error now and then. */
function planned(model: number, i: number): Exclude<Planned, null> {
  if ((i * 7 + model) % 97 === 0) return "error:timeout";
  const wrong = [3, 4][model]!;
  if (i % wrong !== 0) return "match";
  return (["arguments", "no-call", "name", "call-count"] as const)[(i / wrong) % 4]!;
}

/** Writes the results file of a run of the three models on every held-out item of `config`. */
async function writeResults(config: string, out: string): Promise<void> {
  const url = "http://127.0.0.1:8000/v1";
  const io = denoIo();
  const read = await readConfig(config, io);
  const { dataset, split } = await loadSplit(read, io);
  const header = makeHeader(read, {
    assessVersion: "0.1.0",
    startedAt: "2026-12-07T00:00:00.000Z",
    configDigest: configDigest(read),
    splitDigest: split.digest,
    scorerVersion: xlamToolCall.version,
    toolCallParser: read.server.toolCallParser ?? null,
    selftest: { passed: true, items: split.size },
    serverUrl: url,
    serverModels: [...MODELS],
  });
  using file = await Deno.open(out, { write: true, create: true, truncate: true });
  const writer = file.writable.getWriter();
  const enc = new TextEncoder();
  const replica = { index: 0, host: new URL(url).host };
  let lines = [JSON.stringify(header), JSON.stringify(sessionFor(header, [replica]))];
  const items = heldOutItems(dataset, split);
  for (let i = 0; i < items.length; i++) {
    MODELS.forEach((model, m) => {
      lines.push(JSON.stringify({ ...resultRecord(model, items[i]!, planned(m, i)), replica }));
    });
    if (lines.length >= 3000) {
      await writer.write(enc.encode(lines.join("\n") + "\n"));
      lines = [];
    }
  }
  await writer.write(enc.encode(lines.join("\n") + "\n"));
  await writer.close();
}

Deno.test(
  `report -config: ${
    MODELS.length * ITEMS
  } records reported as html under a V8 heap of ${HEAP_MIB} MiB`,
  { permissions: { read: true, write: true, run: true, env: true } },
  async () => {
    // Each query longer than the synthetic rows': the items' texts weigh as a real dataset's.
    const rows = syntheticRows(ITEMS).map((row) => {
      const r = row as { query: string };
      return { ...r, query: `${r.query} ${"word ".repeat(80)}` };
    });
    const s = await setupRun(ITEMS, {
      url: "http://127.0.0.1:8000/v1",
      adapters: [{ name: "tuned" }],
      rows,
    });
    try {
      await writeResults(s.config, s.out);
      const page = `${s.dir}/report.html`;
      const ran = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--quiet",
          `--v8-flags=--max-old-space-size=${HEAP_MIB}`,
          `--allow-read=${s.out},${s.config},${s.dataset},${s.dir}`,
          `--allow-write=${s.dir}`,
          CLI,
          "report",
          "-in",
          s.out,
          "-config",
          s.config,
          "-format",
          "html",
          "-out",
          page,
        ],
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
        env: { NO_COLOR: "1" },
      }).output();
      const stderr = new TextDecoder().decode(ran.stderr);
      // Out of memory, V8 ends the process (a signal, or its code 133) with its report on stderr.
      assert.equal(ran.code, 0, stderr.slice(-2000));
      assert.equal(new TextDecoder().decode(ran.stdout), `${page}: html report written\n`);
      const html = await Deno.readTextFile(page);
      // The adapter's fixed, broken and disputed items are shown, 100 of each list.
      assert.match(html, /tuned/);
      assert.equal((html.match(/<details class="item">/g) ?? []).length, 300);
    } finally {
      await Deno.remove(s.dir, { recursive: true });
    }
  },
);
