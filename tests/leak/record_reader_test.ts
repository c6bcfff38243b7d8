import assert from "node:assert/strict";
import fc from "fast-check";
import { RecordReader } from "../../src/leak/_record_reader.ts";
import { TrainingFileError } from "../../src/leak/training_file_error.ts";

const none = { permissions: "none" } as const;
const enc = new TextEncoder();

/** Reads bytes cut at the given places; returns the records with their lines, the format, lines. */
function read(bytes: Uint8Array, cuts: readonly number[] = [], max = 1 << 20) {
  const records: [string, number][] = [];
  const reader = new RecordReader(max, (text, line) => records.push([text, line]));
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    reader.push(bytes.subarray(at, Math.max(at, cut)));
    at = Math.max(at, cut);
  }
  reader.push(bytes.subarray(at));
  reader.end();
  return { records, format: reader.format, lines: reader.lines };
}

function refusal(bytes: Uint8Array, cuts: readonly number[] = [], max = 1 << 20): string {
  try {
    read(bytes, cuts, max);
  } catch (e) {
    assert(e instanceof TrainingFileError, String(e));
    return e.message;
  }
  assert.fail("the file was read");
}

Deno.test(
  "JSON Lines: every line with its number, blank lines skipped, CRLF, BOM, last line without newline",
  none,
  () => {
    const text = '\ufeff{"a":1}\r\n\n  \n{"b":"é"}\n{"c":[1,\n2]}';
    const bytes = enc.encode(text);
    const whole = read(bytes);
    assert.equal(whole.format, "jsonl");
    assert.deepEqual(whole.records, [['{"a":1}', 1], ['{"b":"é"}', 4], ['{"c":[1,', 5], [
      "2]}",
      6,
    ]]);
    assert.equal(whole.lines, 6);
    // Cut anywhere, even inside a character, the same records.
    for (let i = 0; i <= bytes.length; i++) {
      for (const j of [i, i + 1, i + 7]) {
        assert.deepEqual(
          read(bytes, [i, j]),
          whole,
          `cut ${i} ${j}`,
        );
      }
    }
    const oneByOne = read(bytes, Array.from({ length: bytes.length }, (_, i) => i));
    assert.deepEqual(oneByOne, whole);
  },
);

Deno.test("JSON Lines: any records, blank lines and cuts give the records in order", none, () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          value: fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }),
          blanks: fc.nat(2),
          crlf: fc.boolean(),
        }),
        { maxLength: 12 },
      ),
      fc.array(fc.nat(2000), { maxLength: 6 }),
      fc.boolean(),
      (lines, cuts, lastNewline) => {
        let text = "";
        let line = 1;
        const expected: [string, number][] = [];
        for (const l of lines) {
          text += "\n".repeat(l.blanks);
          line += l.blanks;
          const json = JSON.stringify(l.value);
          expected.push([json, line++]);
          text += json + (l.crlf ? "\r\n" : "\n");
        }
        if (!lastNewline && text.endsWith("\n")) text = text.replace(/\r?\n$/, "");
        const got = read(enc.encode(text), cuts);
        assert.deepEqual(got.records, expected);
        assert.equal(got.lines, text === "" ? 0 : text.split("\n").length - (lastNewline ? 1 : 0));
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("a JSON array: each element, on the line its { stands, whatever the cuts", none, () => {
  fc.assert(
    fc.property(
      fc.array(fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }), { maxLength: 8 }),
      fc.constantFrom(0, 1, 4),
      fc.array(fc.nat(3000), { maxLength: 6 }),
      (rows, indent, cuts) => {
        const text = JSON.stringify(rows, null, indent);
        const got = read(enc.encode(text), cuts);
        assert.equal(got.format, "array");
        assert.deepEqual(
          got.records.map(([r]) => JSON.parse(r)),
          JSON.parse(JSON.stringify(rows)),
        );
        // The line of each element's {: the lines of the text before it.
        const lines = got.records.map(([, line]) => line);
        const expected: number[] = [];
        let depth = 0;
        let inString = false;
        for (let i = 0, line = 1; i < text.length; i++) {
          const c = text[i];
          if (inString) {
            if (c === "\\") i++;
            else if (c === '"') inString = false;
          } else if (c === '"') inString = true;
          else if (c === "\n") line++;
          else if (c === "{" || c === "[") {
            if (depth === 1) expected.push(line);
            depth++;
          } else if (c === "}" || c === "]") depth--;
        }
        assert.deepEqual(lines, expected);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("an empty file, or one of white space only, holds nothing", none, () => {
  assert.deepEqual(read(enc.encode("")), { records: [], format: undefined, lines: 0 });
  assert.deepEqual(read(enc.encode(" \n\n")), { records: [], format: undefined, lines: 2 });
  assert.deepEqual(read(enc.encode("[ ]\n")).records, []);
});

Deno.test("refusals name the line", none, async (t) => {
  const cases: [string, string | Uint8Array, string][] = [
    [
      "not JSON Lines nor an array",
      "\n\nhello",
      'line 3: the file is neither JSON Lines (a JSON object a line) nor a JSON array: it starts with "h"',
    ],
    [
      "a number first",
      "42\n",
      'line 1: the file is neither JSON Lines (a JSON object a line) nor a JSON array: it starts with "4"',
    ],
    [
      "an element that is not an object",
      '[{"a":1},\n 2]',
      'line 2: an element of the array is not a JSON object: it starts with "2"',
    ],
    ["a comma before ]", '[{"a":1},\n]', "line 2: the array has a comma before its ]"],
    [
      "no comma between elements",
      '[{"a":1} {"b":2}]',
      'line 1: the array has "{" after an element, where a comma or ] belongs',
    ],
    ["text after the array", '[{"a":1}]\n\nx', 'line 3: the array is followed by "x"'],
    [
      "an array not closed",
      '[{"a":1},\n',
      "line 1: the file ends before the array is closed with ]",
    ],
    [
      "an element not closed",
      '[\n{"a":"}',
      "line 2: the file ends inside this element of the array",
    ],
    [
      "bytes that are not UTF-8",
      new Uint8Array([...enc.encode('{"a":1}\n{"b":"'), 0xff, ...enc.encode('"}\n')]),
      "line 2: the text is not UTF-8",
    ],
    [
      "bytes that are not UTF-8, last line",
      new Uint8Array([...enc.encode('{"a":1}\n\n{"b":"'), 0xc3, 0x28, 0x22, 0x7d]),
      "line 3: the text is not UTF-8",
    ],
  ];
  for (const [name, input, message] of cases) {
    await t.step(name, () => {
      const bytes = typeof input === "string" ? enc.encode(input) : input;
      assert.equal(refusal(bytes), message);
      assert.equal(refusal(bytes, [1, 5, 9]), message, "cut");
    });
  }
  await t.step("U+FFFD written as UTF-8 is text, not a refusal", () => {
    assert.deepEqual(read(enc.encode('{"a":"\ufffd"}\n')).records, [['{"a":"\ufffd"}', 1]]);
  });
});

Deno.test(
  "a line or element larger than the limit is refused, read in one part or many",
  none,
  async (t) => {
    const long = `{"a":"${"x".repeat(100)}"}`;
    const jsonl = enc.encode(`{"a":1}\n${long}\n{"b":2}\n`);
    const array = enc.encode(`[{"a":1},\n${long}]`);
    for (
      const [name, bytes, what] of [["JSON Lines", jsonl, "line"], [
        "an array",
        array,
        "element",
      ]] as const
    ) {
      await t.step(name, () => {
        for (const cuts of [[], [20], [12, 30, 60], Array.from({ length: 120 }, (_, i) => i)]) {
          assert.equal(
            refusal(bytes, cuts, 64),
            `line 2: the ${what} is larger than 64 bytes, the most one may hold`,
          );
          assert.equal(
            read(bytes, cuts, long.length).records.length,
            name === "JSON Lines" ? 3 : 2,
          );
        }
      });
    }
    await t.step("in MiB, and before the rest of the line is read", () => {
      const records: string[] = [];
      const reader = new RecordReader(1 << 20, (text) => records.push(text));
      reader.push(enc.encode('{"a":1}\n{"b":"'));
      const part = new Uint8Array(1 << 19).fill(0x78);
      reader.push(part);
      assert.throws(
        () => reader.push(part),
        /^TrainingFileError: line 2: the line is larger than 1 MiB/,
      );
      assert.deepEqual(records, ['{"a":1}']);
    });
  },
);
