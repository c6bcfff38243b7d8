import assert from "node:assert/strict";
import { scanResults } from "../../src/report/scan_results.ts";
import { readResults, ResultsFileError } from "../../src/run/results.ts";
import { type Plan, resultsFor, times } from "./_results.ts";

const PLAN: Plan = {
  baseline: "base",
  adapters: ["tuned"],
  outcomes: {
    base: [...times(5, "match"), "no-call", "error:http", "error:scorer"],
    tuned: ["match", "arguments", "truncated", null, "error:timeout"],
  },
  probe: [{ model: "base", itemId: 1, outcome: "same", detail: null }],
};

function strip(record: unknown): unknown {
  const { response: _r, reply: _p, ...rest } = record as Record<string, unknown>;
  return rest;
}

Deno.test({
  name: "scanResults reads what readResults reads, without responses and replies unless asked",
  permissions: "none",
  fn: () => {
    const { bytes } = resultsFor(PLAN);
    const full = readResults(bytes);
    const light = scanResults(bytes);
    const withReplies = scanResults(bytes, { replies: true });
    assert.deepEqual(light.header, full.header);
    assert.deepEqual(withReplies.records, full.records);
    assert.equal(light.records.length, full.records.length);
    light.records.forEach((r, i) => {
      const f = full.records[i]!;
      if (r.kind === "result") {
        assert.equal("response" in r, false);
        assert.equal("reply" in r, false);
        assert.deepEqual(r, strip(f));
      } else {
        assert.deepEqual(r, f);
      }
    });
  },
});

Deno.test({
  name: "scanResults: a torn last line is ignored; any other broken line, or no header, refused",
  permissions: "none",
  fn: async (t) => {
    const { bytes } = resultsFor(PLAN);
    const text = new TextDecoder().decode(bytes);
    const lines = text.split("\n");
    await t.step("torn last line", () => {
      const torn = text + lines[2]!.slice(0, 200);
      assert.equal(scanResults(new TextEncoder().encode(torn)).records.length, lines.length - 2);
      // A complete JSON line without its newline is torn too.
      const noNewline = text + lines[2]!;
      assert.equal(
        scanResults(new TextEncoder().encode(noNewline)).records.length,
        lines.length - 2,
      );
    });
    await t.step("a broken line before the last", () => {
      const broken = [lines[0], lines[1], "{oops", ...lines.slice(2)].join("\n");
      assert.throws(
        () => scanResults(new TextEncoder().encode(broken)),
        (e: unknown) =>
          e instanceof ResultsFileError && e.line === 3 && /line 3 .* broken/.test(e.message),
      );
    });
    await t.step("a record that is not one", () => {
      const bad = [lines[0], '{"kind":"result","model":1,"session":1}', ...lines.slice(1)].join(
        "\n",
      );
      assert.throws(() => scanResults(new TextEncoder().encode(bad)), /model is not a string/);
    });
    await t.step("no header", () => {
      assert.throws(
        () => scanResults(new TextEncoder().encode(lines.slice(1).join("\n"))),
        /not an assess results file/,
      );
      assert.throws(() => scanResults(new Uint8Array()), /no complete header/);
      const v2 = lines[0]!.replace('"formatVersion":1', '"formatVersion":2');
      assert.throws(
        () => scanResults(new TextEncoder().encode([v2, ...lines.slice(1)].join("\n"))),
        /results format version 2 is not the 1/,
      );
    });
  },
});
