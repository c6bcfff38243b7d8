import assert from "node:assert/strict";
import { buildReport } from "../../src/report/build_report.ts";
import { needsRescoring, reportInputFromResults } from "../../src/report/from_results.ts";
import { formatRecord } from "../../src/results/record_writer.ts";
import type { BodyRecord, HeaderRecord, ResultRecord } from "../../src/results/records.ts";
import type { Scorer } from "../../src/score/scorer.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { type Plan, resultsFor, times } from "./_results.ts";

const PLAN: Plan = {
  baseline: "base",
  adapters: ["tuned"],
  outcomes: {
    base: [...times(6, "match"), ...times(4, "no-call")],
    tuned: [...times(8, "match"), "arguments", "error:timeout"],
  },
};

/** The plan's file, its header saying scorer version 0, and every verdict flipped to wrong. */
function olderScorerFile() {
  const made = resultsFor({
    ...PLAN,
    header: { scorer: { ...resultsFor(PLAN).header.scorer, version: "0" } },
  });
  const records = made.records.map((r) =>
    r.kind === "result" && r.verdict !== null
      ? { ...r, verdict: { correct: false, reason: "old-reason", detail: "judged by version 0" } }
      : r
  );
  return { items: made.items, file: { header: made.header, records } };
}

/** A file's bytes from its header and records. */
function bytesOf(file: { header: HeaderRecord; records: readonly BodyRecord[] }): Uint8Array {
  return new TextEncoder().encode(
    formatRecord(file.header) + file.records.map(formatRecord).join(""),
  );
}

Deno.test({
  name: "reportInputFromResults: a different scorer version re-scores the recorded replies",
  permissions: "none",
  fn: async () => {
    const { items, file } = olderScorerFile();
    assert.equal(needsRescoring(file.header, xlamToolCall, false), true);
    const report = buildReport(
      await reportInputFromResults(bytesOf(file), { scorer: xlamToolCall, items }),
    );
    assert.equal(report.models[0]!.correct, 6);
    assert.equal(report.models[1]!.correct, 8);
    assert.equal(report.models[1]!.errors, 1);
    assert.equal(report.trust.scorer.verdicts, "rescored");
    assert.equal(report.trust.scorer.version, "1");
    assert.equal(report.trust.scorer.recordedVersion, "0");
    assert.match(
      report.trust.scorer.note!,
      /re-scored by xlam-tool-call 1 \(the run recorded version 0\); no request was sent/,
    );
    assert.deepEqual(report.trust.scorer.selftest, { passed: true, items: 10, by: "report" });
    assert.ok(!report.models[0]!.reasons.some((r) => r.name === "old-reason"));
  },
});

Deno.test({
  name: "reportInputFromResults: keeping the recorded verdicts, or no scorer installed",
  permissions: "none",
  fn: async (t) => {
    const { items, file } = olderScorerFile();
    await t.step("keepVerdicts", async () => {
      assert.equal(needsRescoring(file.header, xlamToolCall, true), false);
      const report = buildReport(
        await reportInputFromResults(bytesOf(file), {
          scorer: xlamToolCall,
          items,
          keepVerdicts: true,
        }),
      );
      assert.equal(report.models[0]!.correct, 0);
      assert.equal(report.trust.scorer.verdicts, "recorded");
      assert.equal(report.trust.scorer.version, "0");
      assert.match(
        report.trust.scorer.note!,
        /recorded verdicts of version 0 are kept, as asked; version 1 is installed/,
      );
      assert.deepEqual(report.models[0]!.reasons.at(-1), { name: "old-reason", count: 10 });
    });
    await t.step("not installed", async () => {
      const report = buildReport(
        await reportInputFromResults(bytesOf(file), { scorer: undefined }),
      );
      assert.equal(report.trust.scorer.verdicts, "recorded");
      assert.match(report.trust.scorer.note!, /is not installed here/);
      // Without the scorer's declared reasons, the reasons found are listed.
      assert.deepEqual(report.models[0]!.reasons, [{ name: "old-reason", count: 10 }]);
    });
    await t.step("re-scoring without items is refused", async () => {
      await assert.rejects(
        reportInputFromResults(bytesOf(file), { scorer: xlamToolCall }),
        TypeError,
      );
    });
    await t.step("the same version: recorded verdicts, nothing re-scored", async () => {
      const made = resultsFor(PLAN);
      let calls = 0;
      const counting: Scorer = {
        ...xlamToolCall,
        score: (...a) => (calls++, xlamToolCall.score(...a)),
      };
      const report = buildReport(await reportInputFromResults(made.bytes, { scorer: counting }));
      assert.equal(calls, 0);
      assert.equal(report.trust.scorer.note, null);
      assert.equal(report.models[1]!.correct, 8);
    });
  },
});

Deno.test({
  name: "reportInputFromResults: a reply the old scorer could not judge is read again and judged",
  permissions: "none",
  fn: async () => {
    const { items, file } = olderScorerFile();
    // Make base's item 0 a scorer error: no reply recorded, only the raw response.
    const records = file.records.map((r) => {
      if (r.kind !== "result" || r.model !== "base" || r.itemIndex !== 0) return r;
      const rec = r as ResultRecord;
      return {
        ...rec,
        reply: null,
        verdict: null,
        error: {
          kind: "scorer" as const,
          message: "the scorer could not judge",
          status: null,
          transient: false,
        },
      };
    });
    const report = buildReport(
      await reportInputFromResults(bytesOf({ ...file, records }), { scorer: xlamToolCall, items }),
    );
    assert.equal(report.models[0]!.errors, 0);
    assert.equal(report.models[0]!.correct, 6);
    // A scorer that throws now: an error of kind scorer, never a wrong answer.
    const throwing: Scorer = {
      ...xlamToolCall,
      score: () => {
        throw new Error("cannot judge");
      },
    };
    const thrown = buildReport(
      await reportInputFromResults(bytesOf(file), { scorer: throwing, items }),
    );
    assert.equal(thrown.models[0]!.scored, 0);
    assert.deepEqual(thrown.models[0]!.errorKinds, [{ name: "scorer", count: 10 }]);
    // With what the installed scorer said, not the record's error (there was none).
    assert.deepEqual(thrown.models[0]!.errorMessages, [
      { kind: "scorer", status: null, message: "cannot judge", count: 10 },
    ]);
    assert.equal(thrown.trust.scorer.selftest.passed, false);
    // An answer the installed scorer cannot judge is still an answer: a later error of the pair
    // (the item asked again, timed out) does not take its place.
    const later = file.records.flatMap((r) =>
      r.kind === "result" && r.model === "base"
        ? [{
          ...r,
          reply: null,
          verdict: null,
          error: { kind: "timeout" as const, message: "timed out", status: null, transient: true },
        }]
        : []
    );
    const again = buildReport(
      await reportInputFromResults(bytesOf({ ...file, records: [...file.records, ...later] }), {
        scorer: throwing,
        items,
      }),
    );
    assert.deepEqual(again.models[0]!.errorKinds, [{ name: "scorer", count: 10 }]);
  },
});

Deno.test({
  name: "reportInputFromResults: the latest answer wins over earlier errors; sessions counted",
  permissions: "none",
  fn: async () => {
    const made = resultsFor(PLAN);
    const file = { header: made.header, records: made.records };
    const timeout = file.records.find((r) =>
      r.kind === "result" && r.error !== null
    ) as ResultRecord;
    const answered: ResultRecord = {
      ...(file.records.find((r) =>
        r.kind === "result" && r.model === "tuned" && r.itemIndex === 0
      ) as ResultRecord),
      itemIndex: timeout.itemIndex,
      itemId: timeout.itemId,
      session: 2,
    };
    const records = [
      ...file.records,
      { ...file.records[0]!, session: 2 },
      answered,
    ];
    const input = await reportInputFromResults(bytesOf({ ...file, records }), {
      scorer: xlamToolCall,
    });
    assert.equal(input.run.sessions, 2);
    const report = buildReport(input);
    assert.equal(report.models[1]!.errors, 0);
    assert.equal(report.models[1]!.scored, 10);
  },
});

Deno.test({
  name: "reportInputFromResults: an item the scorer cannot judge is not rescued, and no error",
  permissions: "none",
  fn: async () => {
    // A run under a tool-call parser xlam-tool-call does not know: its documented refusal.
    const plain = resultsFor(PLAN);
    const made = resultsFor({
      ...PLAN,
      header: { scorer: { ...plain.header.scorer, toolCallParser: "jamba" } },
    });
    const report = buildReport(
      await reportInputFromResults(made.bytes, { scorer: xlamToolCall, items: made.items }),
    );
    assert.equal(report.scoring.lenient, true);
    for (const model of report.models) {
      assert.equal(model.lenient!.correct, model.correct, model.name);
      assert.deepEqual(model.lenient!.rescued, { "string-form": 0, "optional-default": 0 });
    }
  },
});
