/**
 * The laws every family's markup and port keep, checked by each family's test: what the family
 * writes for calls its port reads back as those calls (with text beside them where the family
 * writes it), its slips give no calls, and a sentence is a sentence.
 *
 * @module
 */

import assert from "node:assert/strict";
import { type Call, NO_CALL_TEXT } from "../scripted_model.ts";
import { pyJsonDumps, pyJsonLoads } from "../python_json.ts";
import type { ToolFamily } from "./family.ts";

/** Calls to write: numbers as written, a non-ASCII string, a nested value. */
export const SAMPLE_CALLS: readonly Call[] = [
  {
    name: "get_weather",
    args: pyJsonLoads('{"city": "Zürich", "days": 3, "ratio": 1.0, "opts": {"unit": "C"}}'),
  },
  { name: "get_time", args: pyJsonLoads('{"zone": "CET"}') },
];

/** The arguments as a plain value, for comparing texts written differently. */
function plain(text: string): unknown {
  return JSON.parse(text);
}

/**
 * Checks the family's laws, each failure naming the family and the case.
 *
 * @param family The family.
 */
export function familyRoundTrip(family: ToolFamily): void {
  const calls = family.parallel ? SAMPLE_CALLS : SAMPLE_CALLS.slice(0, 1);
  const expected = calls.map((c) => ({
    name: c.name,
    args: plain(pyJsonDumps(c.args)),
  }));
  const read = (text: string, what: string) => {
    const r = family.extract(text);
    assert.equal(r.toolsCalled, true, `${family.parser}: ${what} gives calls`);
    assert.deepEqual(
      r.calls.map((c) => ({ name: c.name, args: plain(c.arguments) })),
      expected,
      `${family.parser}: ${what} read back`,
    );
    return r;
  };
  read(family.write(calls), "the calls");
  read(family.write(calls, "Let me look that up for you."), "the calls with content");
  for (const u of [0.1, 0.5, 0.9]) {
    const text = family.undecodable(calls, u);
    assert.deepEqual(family.extract(text).calls, [], `${family.parser}: slip ${u} gives no calls`);
  }
  assert.deepEqual(
    family.extract(NO_CALL_TEXT),
    { toolsCalled: false, calls: [], content: NO_CALL_TEXT },
    `${family.parser}: a sentence`,
  );
}
