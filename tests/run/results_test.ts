import assert from "node:assert/strict";
import { HEADER } from "./_header.ts";
import {
  formatRecord,
  latestResults,
  readResults,
  type ResultRecord,
  ResultsFileError,
} from "../../src/run/results.ts";

function result(itemIndex: number, session: number, error: boolean): ResultRecord {
  return {
    kind: "result",
    model: "base",
    itemId: itemIndex,
    itemIndex,
    session,
    requestDigest: "d",
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

Deno.test("records written are read back as they were", () => {
  const records = [result(0, 1, false), result(1, 1, true)];
  const text = formatRecord(HEADER) + records.map(formatRecord).join("");
  const file = readResults(encode(text));
  assert.deepEqual(file.header, HEADER);
  assert.deepEqual(file.records, records);
  assert.equal(file.torn, false);
  assert.equal(file.validBytes, encode(text).length);
});

Deno.test("a torn last line is ignored, and validBytes says where to write next", async (t) => {
  const good = formatRecord(HEADER) + formatRecord(result(0, 1, false));
  const whole = formatRecord(result(1, 1, false));
  for (const cut of [1, 10, whole.length - 1]) {
    await t.step(`cut at ${cut}`, () => {
      const file = readResults(encode(good + whole.slice(0, cut)));
      assert.equal(file.torn, true);
      assert.equal(file.records.length, 1);
      assert.equal(file.validBytes, encode(good).length);
    });
  }
});

Deno.test("a broken line before the last is refused with its line number", () => {
  const text = formatRecord(HEADER) + "{oops\n" + formatRecord(result(0, 1, false));
  assert.throws(() => readResults(encode(text)), (e) => {
    assert(e instanceof ResultsFileError);
    assert.equal(e.line, 2);
    assert.match(e.message, /line 2 of the results file is broken/);
    return true;
  });
});

Deno.test("not a results file, another version, or no header: refused", () => {
  assert.throws(() => readResults(encode('{"a":1}\n')), /not an assess results file/);
  assert.throws(
    () => readResults(encode(JSON.stringify({ ...HEADER, formatVersion: 2 }) + "\n")),
    /results format version 2/,
  );
  assert.throws(() => readResults(encode('{"kind":"head')), /no complete header/);
  assert.throws(
    () => readResults(encode(formatRecord(HEADER) + '{"kind":"mystery","session":1}\n{}\n')),
    /unknown record kind "mystery"/,
  );
});

Deno.test("a record with both a reply and an error, or neither, is refused", () => {
  const both = { ...result(0, 1, false), error: result(0, 1, true).error };
  assert.throws(
    () => readResults(encode(formatRecord(HEADER) + formatRecord(both) + formatRecord(both))),
    /exactly one of reply and error/,
  );
});

Deno.test("the latest answer wins; an error never replaces an answer", () => {
  const latest = latestResults([
    result(0, 1, true),
    result(0, 2, false),
    result(1, 1, false),
    result(1, 2, true),
    result(2, 1, true),
    result(2, 2, true),
  ]);
  assert.equal(latest.get(`0\u0000base`)?.session, 2);
  assert.equal(latest.get(`1\u0000base`)?.session, 1);
  assert.equal(latest.get(`2\u0000base`)?.session, 2);
  assert.equal(latest.get(`1\u0000base`)?.error, null);
});

Deno.test("validBytes counts bytes, not characters, when lines hold multi-byte text", () => {
  const wide = { ...result(0, 1, false), response: { status: 200, body: "é漢字🙂".repeat(50) } };
  const good = formatRecord(HEADER) + formatRecord(wide);
  for (const replies of [true, false]) {
    const file = readResults(encode(good + formatRecord(result(1, 1, false)).slice(0, 40)), {
      replies,
    });
    assert.equal(file.torn, true);
    assert.equal(file.records.length, 1);
    assert.equal(file.validBytes, encode(good).length);
    assert.notEqual(file.validBytes, good.length);
  }
});

Deno.test("replies: false reads the same records without response and reply, by the same rules", () => {
  const records = [result(0, 1, false), result(1, 1, true)];
  const text = formatRecord(HEADER) + records.map(formatRecord).join("");
  const light = readResults(encode(text + '{"kind":"sess'), { replies: false });
  assert.deepEqual(light.header, HEADER);
  assert.deepEqual(
    light.records,
    records.map(({ response: _r, reply: _p, ...rest }) => rest),
  );
  assert.equal(light.torn, true);
  assert.equal(light.validBytes, encode(text).length);
  // A line laid out otherwise (no response key) is parsed whole, and its reply is checked.
  const { response: _r, ...noResponse } = result(2, 1, false);
  const whole = readResults(encode(formatRecord(HEADER) + JSON.stringify(noResponse) + "\n"), {
    replies: false,
  });
  assert.deepEqual(whole.records, [noResponse]);
  const badReply = JSON.stringify({ ...noResponse, reply: 5 });
  assert.throws(
    () => readResults(encode(formatRecord(HEADER) + badReply + "\n{}\n"), { replies: false }),
    /line 2 of the results file is broken: reply is neither an object nor null/,
  );
  const broken = formatRecord(HEADER) + "{oops\n" + formatRecord(result(0, 1, false));
  assert.throws(() => readResults(encode(broken), { replies: false }), (e) => {
    assert(e instanceof ResultsFileError);
    assert.equal(e.line, 2);
    return true;
  });
});

Deno.test("a result needs a whole attempts count and exactly one of verdict and error", () => {
  const { attempts: _a, ...noAttempts } = result(0, 1, false);
  const noVerdict = { ...result(0, 1, false), verdict: null };
  for (const replies of [true, false]) {
    assert.throws(
      () =>
        readResults(encode(formatRecord(HEADER) + JSON.stringify(noAttempts) + "\n{}\n"), {
          replies,
        }),
      /line 2 of the results file is broken: attempts is not a whole number/,
    );
    assert.throws(
      () =>
        readResults(encode(formatRecord(HEADER) + formatRecord(noVerdict) + "{}\n"), { replies }),
      /line 2 of the results file is broken: a result holds exactly one of verdict and error/,
    );
  }
});

Deno.test("a complete first line that is not a header object is not a results file", () => {
  for (const replies of [true, false]) {
    for (const text of ["[1]\n", '"assess-results"\n{}\n', "[]\n" + formatRecord(HEADER)]) {
      assert.throws(
        () => readResults(encode(text), { replies }),
        /not an assess results file \(no header on line 1\)/,
      );
    }
  }
});
