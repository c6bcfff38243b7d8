/**
 * Fuzz: `assess run` against an emulator whose faults are drawn at random, on chat completions
 * and on `GET /models`: every kind it has, and well-formed or broken responses made of mutations of
 * a real completion (any status, headers such as a Content-Encoding it does not have, the key
 * planted in the body as written or escaped). Every run ends 0, 64 or 69 with a one-line message,
 * never 70; the API key is printed and written nowhere; and whatever `run` wrote, `report` reads
 * (exit 0).
 *
 * Each case is bounded by its `-timeout` (a hung or endless response ends as a timeout error), at
 * most one retry, and a few items.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { assess as run } from "../cli/_in_process.ts";
import { setupRun, syntheticRows } from "../run/_fixtures.ts";
import { completion } from "../run/_stub_server.ts";
import {
  FAULT_KINDS,
  type FaultKind,
  type FaultRule,
  startEmulator,
} from "../support/vllm_emulator.ts";
import { assertLawful, fuzzParams, jsonEditOf, mutationOf, RUNS } from "./_fuzz.ts";

const ITEMS = 3;
const ROWS = syntheticRows(ITEMS);

/** A completion as vLLM writes it, answering item 0 right. */
const COMPLETION = await completion("base", {
  calls: [{ name: "tool_0", arguments: '{"x": 0}' }],
  completionTokens: 5,
}).text();
const MODELS = JSON.stringify({ object: "list", data: [{ id: "base", object: "model" }] });

/** An API key as a user would set it. */
const key = fc.stringMatching(/^sk-[A-Za-z0-9_\-]{12,30}$/);

/** A body made from a real one: edited as bytes or as JSON, maybe with the key planted in it. */
function bodyOf(valid: string, secret: string): fc.Arbitrary<Uint8Array | string> {
  const planted = fc.tuple(fc.nat(valid.length), fc.boolean()).map(([at, escaped]) => {
    const written = escaped
      ? `\\u${secret.charCodeAt(0).toString(16).padStart(4, "0")}${secret.slice(1)}`
      : secret;
    return valid.slice(0, at) + written + valid.slice(at);
  });
  return fc.oneof(
    fc.constant(valid),
    mutationOf(valid),
    jsonEditOf(valid),
    planted,
    fc.uint8Array({ maxLength: 64 }),
  );
}

const statuses = fc.constantFrom(
  200,
  200,
  200,
  204,
  301,
  302,
  400,
  401,
  403,
  404,
  408,
  418,
  429,
  500,
  503,
);
const headers: fc.Arbitrary<Record<string, string>> = fc.record({
  "content-type": fc.constantFrom(
    "application/json",
    "text/html",
    "application/json; charset=latin1",
  ),
  "content-encoding": fc.constantFrom("gzip", "br", "deflate", "identity", "x-unknown", "gzip, br"),
  "retry-after": fc.constantFrom("0", "soon", "-1", "1.5", "Thu, 01 Jan 1970 00:00:00 GMT", ""),
  location: fc.constantFrom("http://127.0.0.1:1/elsewhere", "/v1/models", "ftp://x"),
}, { requiredKeys: [] });

/** A raw HTTP response: a real one, then edited as bytes. */
function rawOf(body: string): fc.Arbitrary<Uint8Array> {
  const valid = `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${
    new TextEncoder().encode(body).length
  }\r\n\r\n${body}`;
  return mutationOf(valid);
}

/** One fault rule, on a route, for some requests. */
function rule(secret: string): fc.Arbitrary<FaultRule> {
  const kinds = FAULT_KINDS.filter((k) => k !== "custom" && k !== "raw");
  return fc.record({
    route: fc.constantFrom("chat" as const, "chat" as const, "models" as const),
    requests: fc.array(fc.integer({ min: 1, max: 2 * ITEMS }), { minLength: 1, maxLength: 3 }),
  }).chain(({ route, requests }) => {
    const valid = route === "chat" ? COMPLETION : MODELS;
    return fc.oneof(
      fc.constantFrom(...kinds).map((kind): FaultRule => ({
        kind: kind as FaultKind,
        route,
        requests,
        retryAfter: 0,
      })),
      fc.record({ status: statuses, headers, body: bodyOf(valid, secret) }).map((custom) => ({
        kind: "custom" as const,
        route,
        requests,
        ...custom,
      })),
      rawOf(valid).map((bytes): FaultRule => ({ kind: "raw", route, requests, bytes })),
    );
  });
}

Deno.test({
  name: "fuzz: run against a server with random faults: 0, 64 or 69, one line, the key nowhere",
  // The emulator serves several hung or endless responses, closed when it stops.
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(
        key.chain((secret) =>
          fc.tuple(
            fc.constant(secret),
            fc.array(rule(secret), { minLength: 1, maxLength: 3 }),
            fc.constantFrom("0", "1"),
            fc.constantFrom("1", "2"),
          )
        ),
        async ([secret, faults, retries, concurrency]) => {
          cases++;
          const emu = await startEmulator({
            rows: ROWS,
            apiKey: secret,
            faults,
            hugeBytes: 2 << 20,
            endlessIntervalMs: 10,
          });
          try {
            const s = await setupRun(ITEMS, {
              url: emu.url,
              concurrency: Number(concurrency),
            });
            const ran = await run([
              "run",
              "-config",
              s.config,
              "-out",
              s.out,
              "-timeout",
              "400ms",
              "-retries",
              retries,
              "-max-response",
              "1048576",
            ], { VLLM_API_KEY: secret });
            assertLawful(ran, [0, 64, 69], secret);
            let written: string | undefined;
            try {
              written = await Deno.readTextFile(s.out);
            } catch {
              // nothing written (refused before the file was opened)
            }
            if (written !== undefined) {
              assert(!written.includes(secret), "the key was written in the results file");
              const report = await run(["report", "-in", s.out], {});
              assertLawful(report, [0]);
            }
            await Deno.remove(s.dir, { recursive: true });
          } finally {
            await emu.close();
          }
        },
      ),
      fuzzParams(1),
    );
    assert.equal(cases, fuzzParams(1).numRuns, `${cases} of ${RUNS} cases ran`);
  },
});

Deno.test({
  name:
    "fuzz: stray responses and tiny chunks: no reply is scored for another request, every one read whole",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const items = 6;
    const rows = syntheticRows(items);
    const faultRule = fc.record({
      kind: fc.constantFrom("stray" as const, "stray" as const, "tiny-chunks" as const),
      requests: fc.array(fc.integer({ min: 1, max: 2 * items }), { minLength: 1, maxLength: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(faultRule, { minLength: 1, maxLength: 3 }),
        fc.constantFrom("0", "1"),
        fc.constantFrom("1", "2", "4"),
        async (faults, retries, concurrency) => {
          const emu = await startEmulator({ rows, faults, adapters: ["tuned"] });
          try {
            const s = await setupRun(items, {
              url: emu.url,
              adapters: [{ name: "tuned" }],
              concurrency: Number(concurrency),
            });
            const ran = await run(
              ["run", "-config", s.config, "-out", s.out, "-retries", retries],
              {},
            );
            assertLawful(ran, [0, 69]);
            const lines = (await Deno.readTextFile(s.out)).trim().split("\n").map((l) =>
              JSON.parse(l)
            );
            for (const r of lines.filter((l) => l.kind === "result" || l.kind === "probe")) {
              // The emulator's base and tuned answer every item right: a wrong verdict, or a
              // reply of another item, is a reply taken for another request's.
              if (r.error !== null) {
                assert.equal(r.error.kind, "mismatch", JSON.stringify(r.error));
              } else if (r.kind === "result") {
                assert.equal(r.verdict.correct, true, JSON.stringify(r));
              }
            }
            await Deno.remove(s.dir, { recursive: true });
          } finally {
            await emu.close();
          }
        },
      ),
      fuzzParams(0.5),
    );
  },
});
