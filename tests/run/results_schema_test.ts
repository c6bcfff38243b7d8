import assert from "node:assert/strict";
import Ajv2020 from "ajv/dist/2020.js";
import type { HttpOutcome } from "../../src/run/http.ts";
import { formatRecord } from "../../src/results/record_writer.ts";
import { readAll } from "../results/_read_all.ts";
import { DEFAULT_RETRY } from "../../src/run/retry.ts";
import { runSession } from "../../src/run/session.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { HEADER } from "../results/_header.ts";
import { syntheticItems } from "./_fixtures.ts";
import { PairStates } from "../../src/run/pair_states.ts";

const schema = JSON.parse(
  await Deno.readTextFile(new URL("../../schema/results.schema.json", import.meta.url)),
);

Deno.test("every kind of record a run writes matches schema/results.schema.json", async () => {
  // deno-lint-ignore no-explicit-any
  const ajv = new (Ajv2020 as any)({ strict: true, allErrors: true });
  const validate = ajv.compile(schema);
  const items = syntheticItems(12);
  const lines: string[] = [
    formatRecord({ ...HEADER, split: { ...HEADER.split, size: items.length } }),
  ];
  lines.push(formatRecord({
    kind: "session",
    session: 1,
    startedAt: "2026-01-01T00:00:00.000Z",
    assessVersion: null,
    serverModels: ["base"],
    concurrency: 2,
  }));
  let n = 0;
  const outcome = await runSession({
    items,
    models: ["base"],
    previous: new PairStates(),
    probeItems: items.slice(0, 2),
    batchInvariant: "asserted",
    concurrency: 2,
    session: 1,
    request: {
      system: "",
      temperature: 0,
      topP: 1,
      seed: 0n,
      maxTokens: 64,
      templateKey: "enable_thinking",
      thinking: false,
    },
    scorer: xlamToolCall,
    scoring: { ordering: "any" },
    retry: { ...DEFAULT_RETRY, attempts: 1 },
    graceMs: 10,
    replicas: [{ index: 0, host: "127.0.0.1:8000" }],
    failAfter: 100,
  }, {
    post: (body): Promise<HttpOutcome> => {
      n++;
      if (body.includes("number 5?")) {
        return Promise.resolve({
          ok: false,
          aborted: false,
          response: { status: 503, body: "busy" },
          error: { kind: "http", message: "HTTP 503: busy", status: 503, transient: true },
        });
      }
      if (body.includes("number 6?")) return Promise.resolve({ ok: true, status: 200, body: "[]" });
      return Promise.resolve({
        ok: true,
        status: 200,
        body: JSON.stringify({
          choices: [{
            message: {
              content: n % 2 ? "x" : null,
              tool_calls: [{ function: { name: "f", arguments: "{}" } }],
              reasoning: "hm",
            },
            finish_reason: "tool_calls",
          }],
          usage: {
            prompt_tokens: 1,
            completion_tokens: 2,
            total_tokens: 3,
            completion_tokens_details: { reasoning_tokens: 1 },
          },
        }),
      });
    },
    write: (record) => lines.push(formatRecord(record)),
    sleep: () => Promise.resolve(),
    random: () => 0,
    now: () => 0,
    timers: globalThis,
    stop: new AbortController().signal,
  });
  assert.equal(outcome.end.errors, 2);
  const kinds = new Set<string>();
  for (const line of lines) {
    const value = JSON.parse(line);
    kinds.add(value.kind + (value.phase ? `/${value.phase}` : ""));
    assert(validate(value), `${line}\n${JSON.stringify(validate.errors, null, 1)}`);
  }
  assert.deepEqual([...kinds].sort(), [
    "end",
    "header",
    "probe-check",
    "probe/alone",
    "probe/loaded",
    "result",
    "session",
  ]);
  // And the reader reads what was written.
  assert.equal(
    (await readAll(new TextEncoder().encode(lines.join("")))).records.length,
    lines.length - 1,
  );
});

Deno.test("the schema refuses a result with both a reply and an error, or a verdict with an error", () => {
  // deno-lint-ignore no-explicit-any
  const ajv = new (Ajv2020 as any)({ strict: true });
  const validate = ajv.compile(schema);
  const record = {
    kind: "result",
    model: "m",
    itemId: 1,
    itemIndex: 1,
    session: 1,
    requestDigest: "0".repeat(64),
    attempts: 1,
    latencyMs: 1,
    response: null,
    reply: { text: "", calls: [], truncated: false, reasoning: null, finishReason: null },
    usage: null,
    error: { kind: "timeout", message: "t", status: null, transient: true },
    verdict: null,
  };
  assert.equal(validate(record), false);
  const verdict = { correct: false, reason: "no-call", detail: "no call" };
  assert.equal(validate({ ...record, error: null, verdict }), true);
  // An answer needs its verdict; an error has none.
  assert.equal(validate({ ...record, error: null }), false);
  assert.equal(validate({ ...record, reply: null, verdict }), false);
  assert.equal(validate({ ...record, reply: null }), true);
});
