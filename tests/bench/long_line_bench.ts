/**
 * The results reader on one long line: a record of 64 MiB arriving in parts of 1 MiB, as a file
 * is read, against a floor in the same run that only decodes the same parts and joins them. The
 * reader must stay linear in the line's length: searching the open line and each new part as one
 * string copied the open line again for every part (a 200 MiB line took 22 s against 0.6 s).
 *
 *   deno bench --allow-read tests/bench/long_line_bench.ts
 *
 * @module
 */

import { readResults } from "../../src/results/read_results.ts";
import { formatRecord } from "../../src/results/record_writer.ts";
import { HEADER } from "../results/_header.ts";

const MiB = 1 << 20;
const PARTS = 64;
const encoder = new TextEncoder();
const head = encoder.encode(formatRecord(HEADER) + '{"kind":"session","pad":"');
const piece = encoder.encode("a".repeat(MiB));
const tail = encoder.encode('"}\n');

async function* parts(): AsyncGenerator<Uint8Array> {
  yield head;
  for (let i = 0; i < PARTS; i++) yield piece;
  yield tail;
}

Deno.bench({
  name: "floor: decode the parts and join them",
  group: "long line",
  baseline: true,
  fn: async () => {
    const decoder = new TextDecoder();
    const texts: string[] = [];
    for await (const part of parts()) texts.push(decoder.decode(part, { stream: true }));
    if (texts.join("").length < PARTS * MiB) throw new Error("short");
  },
});

Deno.bench({
  name: "readResults: one line of 64 MiB in parts of 1 MiB",
  group: "long line",
  fn: async () => {
    // The record is not a valid session record: it is refused once read whole, which is enough.
    const refused = await readResults(parts(), () => {}).then(() => false, () => true);
    if (!refused) throw new Error("the made-up record was accepted");
  },
});
