import assert from "node:assert/strict";
import fc from "fast-check";
import { MAX_LINE_BYTES, readHeader, readResults } from "../../src/results/read_results.ts";
import { formatRecord } from "../../src/results/record_writer.ts";
import type { ResultRecord } from "../../src/results/records.ts";
import { ResultsFileError } from "../../src/results/results_file_error.ts";
import { splitFileText } from "../../src/split/split.ts";
import { HEADER } from "./_header.ts";
import { readAll } from "./_read_all.ts";

function result(itemIndex: number, session: number, error: boolean): ResultRecord {
  return {
    kind: "result",
    model: "base",
    itemId: itemIndex,
    itemIndex,
    session,
    requestDigest: "d".repeat(64),
    attempts: 1,
    latencyMs: 3,
    response: { status: error ? 500 : 200, body: "{}" },
    reply: error
      ? null
      : { text: "", calls: [], truncated: false, reasoning: null, finishReason: "stop" },
    usage: null,
    error: error ? { kind: "http", message: "HTTP 500", status: 500, transient: true } : null,
    verdict: error ? null : { correct: false, reason: "no-call", detail: "no call" },
  };
}

const encode = (text: string) => new TextEncoder().encode(text);

/** The bytes as a stream of parts cut at the given offsets. */
async function* parts(bytes: Uint8Array, cuts: readonly number[]): AsyncIterable<Uint8Array> {
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    yield bytes.slice(from, cut);
    from = cut;
  }
  yield bytes.slice(from);
}

/** A refusal's line and message, for comparing. */
async function refusal(
  source: Promise<unknown>,
): Promise<{ line: number | null; message: string }> {
  try {
    await source;
  } catch (e) {
    assert(e instanceof ResultsFileError, String(e));
    return { line: e.line, message: e.message };
  }
  throw new Error("not refused");
}

Deno.test({
  name: "records written are read back as they were, in order",
  permissions: "none",
  fn: async () => {
    const records = [result(0, 1, false), result(1, 1, true)];
    const text = formatRecord(HEADER) + records.map(formatRecord).join("");
    const file = await readAll(encode(text));
    assert.deepEqual(file.header, HEADER);
    assert.deepEqual(file.records, records);
    assert.equal(file.torn, false);
    assert.equal(file.validBytes, encode(text).length);
    const counted = await readResults(encode(text));
    assert.equal(counted.records, 2);
  },
});

Deno.test({
  name: "a header's probes are read back as written, and a probe of no form is refused",
  permissions: "none",
  fn: async () => {
    const header = {
      ...HEADER,
      probes: ["irrelevance", { distractors: 4 }, "shuffled-tools", {
        system: ["Be brief.", null],
      }],
    } as const;
    const file = await readAll(encode(formatRecord(header)));
    assert.deepEqual(file.header, header);
    for (const probe of ["irrelevant", { distractors: 0 }, { system: [] }, {}]) {
      const bad = formatRecord({ ...HEADER, probes: [probe as "irrelevance"] });
      assert.equal((await refusal(readAll(encode(bad)))).line, 1, JSON.stringify(probe));
    }
  },
});

Deno.test({
  name: "read as a stream cut anywhere, a file gives the same records, torn line and offsets",
  permissions: "none",
  fn: () => {
    const wide = {
      ...result(2, 1, false),
      response: { status: 200, body: "é漢字🙂\n".repeat(20) },
    };
    // Items 0 to 3: a split of 4.
    const text = formatRecord({ ...HEADER, split: { ...HEADER.split, size: 4 } }) +
      [result(0, 1, false), wide, result(1, 1, true)].map(formatRecord).join("") +
      formatRecord(result(3, 2, false)).slice(0, 50);
    const bytes = encode(text);
    return fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }),
        async (cuts) => {
          const whole = await readAll(bytes);
          const streamed = await readAll(parts(bytes, cuts));
          assert.deepEqual(streamed, whole);
          assert.equal(streamed.records.length, 3);
          assert.equal(streamed.torn, true);
          assert.equal(
            streamed.validBytes,
            bytes.length - encode(text.slice(text.lastIndexOf("\n") + 1)).length,
          );
        },
      ),
      { numRuns: 200 },
    );
  },
});

Deno.test({
  name: "a record's members may come in any order",
  permissions: "none",
  fn: async () => {
    const r = result(0, 1, false);
    const reversed = Object.fromEntries(Object.entries(r).reverse());
    const header = Object.fromEntries(Object.entries(HEADER).reverse());
    // The header is recognised by its members, wherever they are.
    const text = JSON.stringify({ kind: "header", ...header }) + "\n" + JSON.stringify(reversed) +
      "\n";
    const file = await readAll(encode(text));
    assert.deepEqual(file.records, [r]);
  },
});

Deno.test({
  name: "a torn last line is ignored, and validBytes says where to write next",
  permissions: "none",
  fn: async (t) => {
    const good = formatRecord(HEADER) + formatRecord(result(0, 1, false));
    const whole = formatRecord(result(1, 1, false));
    for (const cut of [1, 10, whole.length - 1]) {
      await t.step(`cut at ${cut}`, async () => {
        const file = await readAll(encode(good + whole.slice(0, cut)));
        assert.equal(file.torn, true);
        assert.equal(file.records.length, 1);
        assert.equal(file.validBytes, encode(good).length);
      });
    }
    await t.step("a last line that is not JSON, even with its newline", async () => {
      const file = await readAll(encode(good + "\u0000\u0000\u0000\n"));
      assert.equal(file.torn, true);
      assert.equal(file.validBytes, encode(good).length);
    });
  },
});

Deno.test({
  name: "validBytes counts bytes, not characters, when lines hold multi-byte text",
  permissions: "none",
  fn: async () => {
    const wide = { ...result(0, 1, false), response: { status: 200, body: "é漢字🙂".repeat(50) } };
    const good = formatRecord(HEADER) + formatRecord(wide);
    const file = await readAll(encode(good + formatRecord(result(1, 1, false)).slice(0, 40)));
    assert.equal(file.torn, true);
    assert.equal(file.records.length, 1);
    assert.equal(file.validBytes, encode(good).length);
    assert.notEqual(file.validBytes, good.length);
  },
});

Deno.test({
  name: "a broken line before the last is refused with its line number",
  permissions: "none",
  fn: async () => {
    const text = formatRecord(HEADER) + "{oops\n" + formatRecord(result(0, 1, false));
    assert.deepEqual(await refusal(readResults(encode(text))), {
      line: 2,
      message: "line 2 of the results file is broken: not a JSON record",
    });
  },
});

Deno.test({
  name: "not a results file, another version, or no header: refused",
  permissions: "none",
  fn: async () => {
    for (const text of ['{"a":1}\n', "[1]\n", '"assess-results"\n{}\n', "hello", "[]\n"]) {
      assert.match(
        (await refusal(readResults(encode(text)))).message,
        /^not an assess results file \(no header on line 1\)$/,
      );
    }
    assert.match(
      (await refusal(readResults(encode(JSON.stringify({ ...HEADER, formatVersion: 3 }) + "\n"))))
        .message,
      /^results format version 3 is not one this assess reads \(1 or 2\)$/,
    );
  },
});

Deno.test({
  name: "format 2: a result's category and the header's decision are read; format 1 has neither",
  permissions: "none",
  fn: async () => {
    const header = { ...HEADER, formatVersion: 2, decision: { margin: 1.5, guard: ["no-call"] } };
    const result = {
      kind: "result",
      model: "base",
      itemId: 7,
      itemIndex: 0,
      session: 1,
      requestDigest: "d".repeat(64),
      attempts: 1,
      latencyMs: 5,
      response: null,
      reply: { text: "", calls: [], truncated: false, reasoning: null, finishReason: "stop" },
      usage: null,
      error: null,
      verdict: { correct: true, reason: "match", detail: "no calls" },
      category: "no-call",
      replica: { index: 0, host: "127.0.0.1:8000" },
    };
    const seen: unknown[] = [];
    const read = await readResults(
      encode(JSON.stringify(header) + "\n" + JSON.stringify(result) + "\n"),
      (r) => seen.push(r),
    );
    assert.deepEqual(read.header.decision, { margin: 1.5, guard: ["no-call"] });
    assert.deepEqual(seen, [result]);
    // A version 1 file is read as it is (and a resumed one may hold categories).
    assert.equal(
      (await readResults(encode(JSON.stringify(HEADER) + "\n"))).header.formatVersion,
      1,
    );
    for (
      const [bad, why] of [
        [{ ...result, category: "several" }, /line 2 .*category is "several", not one of/],
        [{ ...result, category: null }, /line 2 .*category/],
      ] as const
    ) {
      const text = JSON.stringify(header) + "\n" + JSON.stringify(bad) + "\n";
      assert.match((await refusal(readResults(encode(text)))).message, why);
    }
    const guard = { ...header, decision: { margin: -1, guard: [] } };
    assert.match(
      (await refusal(readResults(encode(JSON.stringify(guard) + "\n")))).message,
      /line 1 .*decision\.margin is -1, less than 0/,
    );
  },
});

Deno.test({
  name: "a file with no complete line is empty: nothing, or a torn header",
  permissions: "none",
  fn: async () => {
    const header = formatRecord(HEADER);
    for (const text of ["", "{", '{"kind":"hea', header.slice(0, 40), header.slice(0, -1)]) {
      for (const read of [readResults, readHeader]) {
        await assert.rejects(
          read(encode(text)),
          (e: unknown) => e instanceof ResultsFileError && e.empty,
          JSON.stringify(text),
        );
      }
    }
    await assert.rejects(
      readResults(encode("{oops")),
      (e: unknown) => e instanceof ResultsFileError && !e.empty,
    );
  },
});

Deno.test({
  name: "every record is checked against the schema, with its line and what is wrong",
  permissions: "none",
  fn: async (t) => {
    const r = result(0, 1, false);
    const cases: [string, unknown, string][] = [
      [
        "an endless latency",
        { ...r, latencyMs: "1e400" },
        "latencyMs is a number too large to hold, not number or null",
      ],
      ["a negative latency", { ...r, latencyMs: -5 }, "latencyMs is -5, less than 0"],
      [
        "a negative token count",
        {
          ...r,
          usage: { promptTokens: -1, completionTokens: 1, totalTokens: 0, reasoningTokens: null },
        },
        "usage.promptTokens is -1, less than 0",
      ],
      ["a fractional attempts count", { ...r, attempts: 1.5 }, "attempts is 1.5, not integer"],
      ["no attempts", { ...r, attempts: undefined }, "the result record has no attempts"],
      ["an unknown member", { ...r, extra: 1 }, 'the result record has an unknown member "extra"'],
      ["a model that is no string", { ...r, model: 1 }, "model is 1, not string"],
      [
        "an answer without its verdict",
        { ...r, verdict: null },
        "verdict is null, not object",
      ],
      [
        "a reply and an error",
        { ...r, error: { kind: "http", message: "m", status: 500, transient: true } },
        "error is an object, not null",
      ],
      ["an unknown kind", { kind: "mystery", session: 1 }, 'unknown record kind "mystery"'],
      ["not an object", [1], "not a JSON object"],
    ];
    for (const [what, record, message] of cases) {
      await t.step(what, async () => {
        const line = JSON.stringify(record).replace('"1e400"', "1e400");
        // Refused wherever it is, the last line included: a complete record is no torn write.
        for (const text of [`${line}\n${formatRecord(r)}`, `${line}\n`]) {
          assert.deepEqual(await refusal(readResults(encode(formatRecord(HEADER) + text))), {
            line: 2,
            message: `line 2 of the results file is broken: ${message}`,
          });
        }
      });
    }
    await t.step("a header with a member of the wrong type", async () => {
      const text = JSON.stringify({ ...HEADER, models: { baseline: "b", adapters: "x" } }) + "\n";
      assert.deepEqual(await refusal(readResults(encode(text))), {
        line: 1,
        message: 'line 1 of the results file is broken: models.adapters is "x", not array',
      });
    });
  },
});

Deno.test({
  name: "readHeader reads line 1 and stops there",
  permissions: "none",
  fn: async () => {
    let pulled = 0;
    async function* source() {
      for (
        const part of [formatRecord(HEADER).slice(0, 30), formatRecord(HEADER).slice(30), "{oops\n"]
      ) {
        pulled++;
        yield encode(part);
      }
      throw new Error("read past the header");
    }
    assert.deepEqual(await readHeader(source()), HEADER);
    assert.equal(pulled, 2);
  },
});

Deno.test({
  name:
    "responses: false reads every record the same, its raw response left out, by the same rules",
  permissions: "none",
  fn: async () => {
    const records = [result(0, 1, false), result(1, 1, true)];
    // A member order a run never writes: the response still found by its key.
    const reordered = Object.fromEntries(Object.entries(result(2, 1, false)).reverse());
    const text = formatRecord({ ...HEADER, split: { ...HEADER.split, size: 3 } }) +
      records.map(formatRecord).join("") + JSON.stringify(reordered) + "\n" + '{"kind":"sess';
    const seen: unknown[] = [];
    const light = await readResults(encode(text), (r) => seen.push(r), { responses: false });
    const whole = await readAll(encode(text));
    assert.equal(light.validBytes, whole.validBytes);
    assert.equal(light.torn, true);
    assert.deepEqual(
      seen,
      whole.records.map((r) => r.kind === "result" ? { ...r, response: null } : r),
    );
    // What is cut out is still checked to be an object or null.
    const bad = JSON.stringify({ ...result(3, 1, false), response: 5 });
    assert.deepEqual(
      await refusal(
        readResults(encode(formatRecord(HEADER) + bad + "\n"), () => {}, { responses: false }),
      ),
      {
        line: 2,
        message: "line 2 of the results file is broken: response is 5, not an object or null",
      },
    );
  },
});

Deno.test({
  name:
    "responses: false reads a response of millions of escapes, last line or not (no stack overflow)",
  permissions: "none",
  fn: async () => {
    // An error body of 4,000,000 newlines: 8 MB as JSON text, within the default response cap.
    // A regular expression over such a string overflowed V8's stack, so the line was refused as
    // "not a JSON record", or dropped without a word as a torn last line.
    const long = { ...result(1, 1, true), response: { status: 500, body: "\n".repeat(4_000_000) } };
    const text = formatRecord(HEADER) + formatRecord(long) + formatRecord(result(2, 1, false)) +
      formatRecord(long);
    const seen: unknown[] = [];
    const read = await readResults(encode(text), (r) => seen.push(r), { responses: false });
    assert.equal(read.torn, false);
    assert.equal(read.records, 3);
    assert.deepEqual(seen, [
      { ...long, response: null },
      { ...result(2, 1, false), response: null },
      { ...long, response: null },
    ]);
  },
});

Deno.test({
  name: "format 2: replica members read, and required; replica records; format 1 still read",
  permissions: "none",
  fn: async () => {
    const v2 = { ...HEADER, formatVersion: 2 as const };
    const replica = { index: 1, host: "127.0.0.1:8001" };
    const session = {
      kind: "session",
      session: 1,
      startedAt: "2026-01-01T00:00:00.000Z",
      assessVersion: "0.1.0",
      serverModels: ["base"],
      concurrency: 2,
      replicas: [{ index: 0, host: "127.0.0.1:8000" }, replica],
    } as const;
    const down = {
      kind: "replica",
      session: 1,
      index: 1,
      host: "127.0.0.1:8001",
      state: "down",
      reason: "3 requests in a row failed: connection refused",
    } as const;
    const records = [session, { ...result(0, 1, false), replica }, down];
    const file = await readAll(encode(formatRecord(v2) + records.map(formatRecord).join("")));
    assert.deepEqual(file.records, records);
    // In format 2, a result, probe, probe-check or session without its replica is broken.
    const { replicas: _, ...bare } = session;
    assert.deepEqual(await refusal(readResults(encode(formatRecord(v2) + formatRecord(bare)))), {
      line: 2,
      message:
        "line 2 of the results file is broken: the session record has no replicas (format 2 records name it)",
    });
    assert.deepEqual(
      await refusal(readResults(encode(formatRecord(v2) + formatRecord(result(0, 1, true))))),
      {
        line: 2,
        message:
          "line 2 of the results file is broken: the result record has no replica (format 2 records name it)",
      },
    );
    assert.deepEqual(
      await refusal(
        readResults(encode(formatRecord(v2) + formatRecord({ ...down, state: "gone" } as never))),
      ),
      {
        line: 2,
        message: 'line 2 of the results file is broken: state is "gone", not one of "down", "up"',
      },
    );
    assert.deepEqual(
      await refusal(
        readResults(
          encode(
            formatRecord(v2) +
              formatRecord({ ...result(0, 1, false), replica: { index: 0, host: "" } }),
          ),
        ),
      ),
      {
        line: 2,
        message: "line 2 of the results file is broken: replica.host is empty",
      },
    );
    // A format 1 file: records without replicas; later sessions of this assess may add them.
    const v1 = await readAll(
      encode(
        formatRecord(HEADER) + formatRecord(result(0, 1, false)) +
          records.map(formatRecord).join(""),
      ),
    );
    assert.equal(v1.records.length, 4);
  },
});

Deno.test({
  name: "a line longer than the most a line may hold is refused with its number, as it comes",
  permissions: "none",
  fn: async () => {
    const first = formatRecord(HEADER);
    const record = formatRecord(result(0, 1, false));
    const max = Math.max(first.length, record.length) + 10;
    const long = `{"kind":"result","x":"${"x".repeat(max)}"}\n`;
    const tooLong = {
      line: 3,
      message: `line 3 of the results file is longer than ${max} bytes, the most a line may hold`,
    };
    // Whole, or in parts too small to hold it: refused before the line ends.
    for (
      const cuts of [[], [first.length + record.length + 5, first.length + record.length + 20]]
    ) {
      const bytes = encode(first + record + long + record);
      assert.deepEqual(
        await refusal(readResults(parts(bytes, cuts), () => {}, { maxLineBytes: max })),
        tooLong,
      );
    }
    // A last line with no newline, endless: refused once past the most, never held whole.
    let pulled = 0;
    async function* endless() {
      yield encode(first + record);
      while (true) {
        pulled++;
        yield encode("x".repeat(100));
      }
    }
    assert.deepEqual(
      await refusal(readResults(endless(), () => {}, { maxLineBytes: max })),
      tooLong,
    );
    assert.equal(pulled, Math.floor(max / 100) + 1);
    // The header line too, for readHeader.
    assert.deepEqual(
      await refusal(readHeader(encode("x".repeat(max + 1)), { maxLineBytes: max })),
      {
        line: 1,
        message: `line 1 of the results file is longer than ${max} bytes, the most a line may hold`,
      },
    );
    // Lines up to the most are read (a line's length without its newline), and the default is
    // MAX_LINE_BYTES.
    const longest = Math.max(first.length, record.length) - 1;
    const read = await readResults(encode(first + record), () => {}, { maxLineBytes: longest });
    assert.equal(read.records, 1);
    assert.equal(MAX_LINE_BYTES, 448 * 1024 * 1024);
  },
});

Deno.test({
  name: "readHeader: a split file is named as one, not as a results file without its header",
  permissions: "none",
  fn: async () => {
    const split = splitFileText({
      schema: "assess.split.v1",
      algorithm: "split.v1",
      seed: "s",
      size: 1,
      datasetSha256: "0".repeat(64),
      digest: "1".repeat(64),
      heldOut: [{ id: 1, hash: "2".repeat(64) }],
      complement: [],
      twins: [],
      twinsExcluded: 0,
      ineligible: [],
    });
    await assert.rejects(
      readHeader(new TextEncoder().encode(split)),
      (e: unknown) =>
        e instanceof ResultsFileError && !e.empty &&
        e.message === "this is a split file (assess split writes it), not a results file " +
            "(assess run writes those)",
    );
    // Another JSON document written over several lines is still not a results file.
    await assert.rejects(
      readHeader(new TextEncoder().encode('{\n  "a": 1\n}\n')),
      (e: unknown) => e instanceof ResultsFileError && !/split/.test(e.message),
    );
  },
});

Deno.test({
  name: "a record for an item that is not the split's is refused, with its line and the item",
  permissions: "none",
  fn: async (t) => {
    const at = (index: number, id: number | string = index) => ({
      ...result(index, 1, false),
      itemId: id,
    });
    const read = (records: readonly ResultRecord[], size = 2, options = {}) =>
      refusal(
        readResults(
          encode(
            formatRecord({ ...HEADER, split: { ...HEADER.split, size } }) +
              records.map(formatRecord).join(""),
          ),
          () => {},
          options,
        ),
      );
    await t.step("without the split's items: more items than split.size", async () => {
      assert.deepEqual(await read([at(0), at(1), at(0), at(5000)]), {
        line: 5,
        message: "line 5 of the results file holds item 5000 (index 5000), a 3rd item where the " +
          "split holds 2: the results hold items the split does not",
      });
    });
    await t.step("without them: an index with two ids", async () => {
      assert.deepEqual(await read([at(0), at(1), at(1, 5001)]), {
        line: 4,
        message: "line 4 of the results file holds item 5001 (index 1), where line 3 holds " +
          "item 1: an index names one item",
      });
    });
    await t.step('without them: an id at two indexes (7 and "7" are one id)', async () => {
      assert.deepEqual(await read([at(0, 7), at(1, "7")]), {
        line: 3,
        message: 'line 3 of the results file holds item "7" (index 1), which line 2 holds at ' +
          "index 0: an item has one index",
      });
    });
    await t.step("a probe-check record names its item too", async () => {
      const check = {
        kind: "probe-check" as const,
        session: 1,
        model: "base",
        itemId: "x\u202e",
        itemIndex: 0,
        outcome: "same" as const,
        detail: null,
      };
      const text = formatRecord(HEADER) + formatRecord(at(0)) + formatRecord(check);
      assert.deepEqual(await refusal(readResults(encode(text))), {
        line: 3,
        message: 'line 3 of the results file holds item "x\\u202e" (index 0), where line 2 ' +
          "holds item 0: an index names one item",
      });
    });
    const split = [{ index: 10, id: 3 }, { index: 20, id: 4 }];
    await t.step("with the split's items: an index it does not hold", async () => {
      assert.deepEqual(await read([at(10, 3), at(0)], 2, { splitItems: split }), {
        line: 3,
        message: "line 3 of the results file holds item 0 (index 0), which the split does not hold",
      });
    });
    await t.step("with them: another id at one of its indexes", async () => {
      assert.deepEqual(await read([at(20, 5000)], 2, { splitItems: () => split }), {
        line: 2,
        message: "line 2 of the results file holds item 5000 (index 20), where the split holds " +
          "item 4",
      });
    });
    await t.step("the split's items, each as often as it is asked, are read", async () => {
      const records = [at(10, 3), at(20, 4), at(20, 4), at(10, 3)];
      for (const options of [{}, { splitItems: split }, { splitItems: () => undefined }]) {
        const text = formatRecord(HEADER) + records.map(formatRecord).join("");
        assert.equal((await readResults(encode(text), () => {}, options)).records, 4);
      }
    });
  },
});
