/**
 * What the tests of `assess run` as a command line share, in process and as the real command line:
 * a stub's correct answer, the results file read back, and a config without its server URL.
 *
 * @module
 */

import assert from "node:assert/strict";
import { latestResults } from "../../src/results/latest.ts";
import type { ResultRecord } from "../../src/results/records.ts";
import { readAll } from "../results/_read_all.ts";
import { answerFor } from "../run/_fixtures.ts";
import { completion, type StubRequest } from "../run/_stub_server.ts";

/** A stub's reply to a request: the item's answer key, as a correct model gives it. */
export const correct = (r: StubRequest): Response =>
  completion(String(r.body.model), { calls: [answerFor(r.body)] });

/** The results file at `path`, read back, and its latest result of each pair. */
export async function results(path: string): Promise<{
  file: Awaited<ReturnType<typeof readAll>>;
  latest: ReturnType<typeof latestResults>;
}> {
  const file = await readAll(await Deno.readFile(path));
  return { file, latest: latestResults(file.records) };
}

/** The records that are answers: results without an error. */
export function answers(records: readonly { kind: string }[]): ResultRecord[] {
  return records.filter((r): r is ResultRecord =>
    r.kind === "result" && (r as ResultRecord).error === null
  );
}

/** The config with no server.url (the run must find it elsewhere), and a manifest if given. */
export async function withoutUrl(config: string, manifest?: string): Promise<void> {
  const text = await Deno.readTextFile(config);
  const edited = text.replace(/ {2}url: .*\n/, manifest ? `  manifest: ${manifest}\n` : "");
  assert.notEqual(edited, text);
  await Deno.writeTextFile(config, edited);
}
