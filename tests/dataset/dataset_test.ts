import assert from "node:assert/strict";
import {
  contentHash,
  contentKeyOf,
  loadDataset,
  MAX_DATASET_BYTES,
} from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { DatasetError } from "../../src/dataset/dataset_error.ts";
import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import { JsonNumber } from "../../src/json/json_value.ts";
import { stringifyJson } from "../../src/json/stringify.ts";

/** The 204 real rows of the dataset, bundled (reference/testdata/xlam-sample.json). */
const SAMPLE = new URL("../../reference/testdata/xlam-sample.json", import.meta.url);

const enc = new TextEncoder();

const TOOLS = JSON.stringify([{
  name: "weather",
  description: "Weather now.",
  parameters: {
    city: { description: "The city.", type: "str" },
    days: { description: "How many days.", type: "int, optional", default: 3 },
  },
}]);

function row(id: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    query: `question ${id}`,
    tools: TOOLS,
    answers: '[{"name": "weather", "arguments": {"city": "Oslo"}}]',
    ...extra,
  };
}

/** A chat-jsonl file of one line. */
const CHAT_LINE = enc.encode(
  JSON.stringify({
    id: "a",
    messages: [{ role: "user", content: "Hi" }, { role: "assistant", content: "Hello" }],
  }) + "\n",
);

function load(text: string) {
  const bytes = enc.encode(text);
  return loadDataset(bytes, sha256Hex(bytes));
}

function refusal(text: string): DatasetError {
  try {
    load(text);
  } catch (e) {
    assert(e instanceof DatasetError, String(e));
    return e;
  }
  assert.fail(`accepted ${text.slice(0, 200)}`);
}

Deno.test({
  name: "loadDataset reads rows, keeps numbers exact, and records eligibility",
  permissions: "none",
  fn: () => {
    const d = load(JSON.stringify([
      row(5, {
        answers:
          '[{"name": "weather", "arguments": {"city": "Oslo", "n": 12345678901234567890, "x": 1.50}}]',
      }),
      row(-2, { tools: JSON.stringify([JSON.parse(TOOLS)[0], JSON.parse(TOOLS)[0]]) }),
      row(0),
    ]));
    assert.equal(d.items.length, 3);
    assert.equal(d.eligibleCount, 2);
    const [a, b, c] = d.items;
    assert.equal(a!.id, 5);
    assert.equal(a!.index, 0);
    assert.equal(a!.query, "question 5");
    assert.deepEqual(
      a!.answers[0]!.arguments,
      new Map<string, unknown>([
        ["city", "Oslo"],
        ["n", new JsonNumber("12345678901234567890")],
        ["x", new JsonNumber("1.50")],
      ]),
    );
    assert.equal(
      stringifyJson(a!.tools[0]!.parameters),
      '{"type":"object","properties":{"city":{"type":"string","description":"The city."},' +
        '"days":{"type":"integer","description":"How many days.","default":3}},"required":["city"]}',
    );
    assert.equal(a!.ineligible, undefined);
    assert.equal(b!.ineligible, 'two tools are named "weather"');
    assert.equal(b!.id, -2);
    assert.equal(c!.index, 2);
    assert.equal(
      a!.contentHash,
      contentHash(
        "question 5",
        TOOLS,
        JSON.parse(JSON.stringify([row(5, {
          answers:
            '[{"name": "weather", "arguments": {"city": "Oslo", "n": 12345678901234567890, "x": 1.50}}]',
        })]))[0].answers,
      ),
    );
  },
});

Deno.test({
  name: "a row the quick check leaves to the full reading loads the same",
  permissions: "none",
  fn: () => {
    // More parameters than the quick check looks through for a repeat, and a tool that repeats a
    // name: the full reading accepts both rows, and gives the names.
    const wide = Object.fromEntries([...Array(70).keys()].map((i) => [`p${i}`, { type: "int" }]));
    const tool = { name: "wide", description: "d", parameters: wide };
    const d = load(JSON.stringify([
      row(1, { tools: JSON.stringify([tool]) }),
      row(2, { tools: JSON.stringify([tool, tool]) }),
    ]));
    assert.deepEqual(d.items.map((item) => item.ineligible), [
      undefined,
      'two tools are named "wide"',
    ]);
    assert.equal((d.items[0]!.tools[0]!.parameters.get("required") as string[]).length, 70);
  },
});

Deno.test({
  name: "the expected hash is compared in either case, before any row is read",
  permissions: "none",
  fn: () => {
    const bytes = enc.encode("this is not JSON at all");
    const sha = sha256Hex(bytes);
    // The right hash (either case) gets as far as reading rows, which fails on the JSON.
    assert.throws(() => loadDataset(bytes, sha.toUpperCase()), /not JSON/);
    // The wrong hash is refused first, naming both.
    const wrong = "A".repeat(64);
    assert.throws(() => loadDataset(bytes, wrong), (e: unknown) => {
      assert(e instanceof DatasetError);
      assert.equal(e.row, undefined);
      assert.equal(
        e.message,
        `dataset refused: the file's SHA-256 is ${sha}, and dataset.sha256 is ${wrong}`,
      );
      return true;
    });
    assert.throws(() => loadDataset(bytes, "abc"), /not 64 hex digits/);
  },
});

Deno.test({
  name: "contentHash follows reference/split.md step 6",
  permissions: "none",
  fn: () => {
    // Length-prefixed UTF-8, computed independently here.
    const parts = ["Zürich?", "[]", "[]"].map((s) => enc.encode(s));
    const buf = new Uint8Array(parts.reduce((n, p) => n + 4 + p.length, 0));
    let at = 0;
    for (const p of parts) {
      new DataView(buf.buffer).setUint32(at, p.length);
      buf.set(p, at + 4);
      at += 4 + p.length;
    }
    assert.equal(contentHash("Zürich?", "[]", "[]"), sha256Hex(buf));
    // A different cut of the same characters is a different content.
    assert.notEqual(contentHash("ab", "c", ""), contentHash("a", "bc", ""));
  },
});

Deno.test({
  name: "rows that break the shape refuse the dataset, naming the row and the reason",
  permissions: "none",
  fn: async (t) => {
    const rows = (...r: unknown[]) => JSON.stringify(r);
    const cases: [string, string, string][] = [
      ["not JSON", "[", "the file is not JSON"],
      ["not an array", '{"id": 1}', "the file is not a JSON array of rows"],
      ["a row that is not an object", rows(row(1), 7), "row 1: the row is not a JSON object"],
      ["a row that is an array", rows([]), "row 0: the row is not a JSON object"],
      [
        "an unknown member",
        rows(row(1, { extra: 1 })),
        'row 0 (id 1): the row has an unknown member "extra"',
      ],
      [
        "an unknown member, and no id",
        rows({ query: "q", tools: "[]", answers: "[]", extra: 1 }),
        'row 0: the row has an unknown member "extra"',
      ],
      [
        "a missing member",
        rows({ id: 1, query: "q", tools: "[]" }),
        "row 0 (id 1): the row has no answers",
      ],
      ["a fractional id", rows(row(1.5)), "row 0: the row's id 1.5 is not an integer"],
      ["a string id", rows(row("1")), 'row 0: the row\'s id "1" is not an integer'],
      [
        "an id past 2^53, shown as written",
        '[{"id": 9007199254740993, "query": "q", "tools": "[]", "answers": "[]"}]',
        "row 0: the row's id 9007199254740993 is too large: an id must be within ±9007199254740991",
      ],
      [
        "an id past a double's range, shown as written",
        '[{"id": 1, "query": "q", "tools": "[]", "answers": "[]"}, ' +
        '{"id": 1e400, "query": "q", "tools": "[]", "answers": "[]"}]',
        "row 1: the row's id 1e400 is too large: an id must be within ±9007199254740991",
      ],
      [
        "a fractional id written with an exponent",
        '[{"id": 25e-1, "query": "q", "tools": "[]", "answers": "[]"}]',
        "row 0: the row's id 25e-1 is not an integer",
      ],
      ["a duplicate id", rows(row(1), row(2), row(1)), "row 2 (id 1): the id is also row 0's"],
      [
        "a query that is not a string",
        rows(row(1, { query: 5 })),
        "row 0 (id 1): query is not a string",
      ],
      [
        "a lone surrogate in the query",
        '[{"id": 1, "query": "\\ud800", "tools": "[]", "answers": "[]"}]',
        "query holds a lone surrogate",
      ],
      ["tools not a string", rows(row(1, { tools: [] })), "row 0 (id 1): tools is not a string"],
      [
        "answers not a string",
        rows(row(1, { answers: null })),
        "row 0 (id 1): answers is not a string",
      ],
      [
        "tools not JSON",
        rows(row(3, { tools: "[{" })),
        "row 0 (id 3): tools is not valid JSON: an object is not closed at offset 2",
      ],
      [
        "tools with a duplicate key",
        rows(row(3, { tools: '[{"name": "a", "name": "b"}]' })),
        "tools is not valid JSON: duplicate key",
      ],
      ["answers with NaN", rows(row(3, { answers: "[NaN]" })), "answers is not valid JSON: NaN"],
      [
        "answers with text after",
        rows(row(3, { answers: "[] []" })),
        "answers is not valid JSON: text after the value",
      ],
      [
        "tools not an array",
        rows(row(3, { tools: "{}" })),
        "row 0 (id 3): tools is not a JSON array",
      ],
      [
        "answers not an array",
        rows(row(3, { answers: "{}" })),
        "row 0 (id 3): answers is not a JSON array",
      ],
      [
        "an answer without a name",
        rows(row(3, { answers: '[{"arguments": {}}]' })),
        "answer 0 has no name string",
      ],
      [
        "an answer without arguments",
        rows(row(3, { answers: '[{"name": "f"}]' })),
        "answer 0 has no arguments object",
      ],
      [
        "an answer whose arguments are not an object",
        rows(row(3, { answers: '[{"name": "f", "arguments": []}]' })),
        "row 0 (id 3): answer 0 has no arguments object",
      ],
      [
        "a member written twice",
        '[{"id": 1, "query": "a", "tools": "[]", "answers": "[]"},\n' +
        ' {"id": 2, "query": "a", "tools": "[]", "query": "b", "answers": "[]"}]',
        'row 1 (id 2): the row has the member "query" twice',
      ],
      [
        "a member written twice, once with an escape",
        '[{"id": 1, "query": "x\\\\", "tools": "[]", "answers": "[]"},\n' +
        ' {"id": 2, "query" : "y\\":", "\\u0069d" : 3, "tools": "[]", "answers": "[]"}]',
        'row 1 (id 3): the row has the member "id" twice',
      ],
      [
        "an answer with another member",
        rows(row(3, { answers: '[{"name": "f", "arguments": {}, "x": 1}]' })),
        'answer 0 has an unknown member "x"',
      ],
      [
        "a tool without a name",
        rows(row(3, { tools: '[{"description": "d", "parameters": {}}]' })),
        "tool 0 has no name string",
      ],
      [
        "a tool without a description",
        rows(row(3, { tools: '[{"name": "f", "parameters": {}}]' })),
        'tool "f" has no description string',
      ],
      [
        "a tool without parameters",
        rows(row(3, { tools: '[{"name": "f", "description": "d"}]' })),
        'tool "f" has no parameters object',
      ],
      [
        "a tool with another member",
        rows(row(3, { tools: '[{"name": "f", "description": "d", "parameters": {}, "x": 1}]' })),
        'tool "f" has an unknown member "x"',
      ],
      [
        "a parameter without type words",
        rows(
          row(3, {
            tools: '[{"name": "f", "description": "d", "parameters": {"p": {"description": "x"}}}]',
          }),
        ),
        'tool "f" parameter "p" has no type words string',
      ],
      [
        "a parameter with another member",
        rows(
          row(3, {
            tools:
              '[{"name": "f", "description": "d", "parameters": {"p": {"type": "str", "enum": []}}}]',
          }),
        ),
        'tool "f" parameter "p" has an unknown member "enum"',
      ],
      [
        "type words outside the grammar",
        rows(
          row(3, {
            tools:
              '[{"name": "f", "description": "d", "parameters": {"p": {"type": "Dict[str, int]"}}}]',
          }),
        ),
        'row 0 (id 3): tool "f" parameter "p" type words "Dict[str, int]": "Dict"[…] is not a type of the grammar at offset 0',
      ],
      [
        "a Tuple of mixed types",
        rows(
          row(3, {
            tools:
              '[{"name": "f", "description": "d", "parameters": {"p": {"type": "Tuple[int, str]"}}}]',
          }),
        ),
        'tool "f" parameter "p" type words "Tuple[int, str]": a Tuple\'s members must all be one type',
      ],
      [
        "a default in the type words that disagrees",
        rows(
          row(3, {
            tools:
              '[{"name": "f", "description": "d", "parameters": {"p": {"type": "int, default=5", "default": 6}}}]',
          }),
        ),
        'row 0 (id 3): tool "f" parameter "p" type words "int, default=5" give the default 5, which is not the parameter\'s default',
      ],
      [
        "a default in the type words and none in the parameter",
        rows(
          row(3, {
            tools:
              '[{"name": "f", "description": "d", "parameters": {"p": {"type": "int, default=5"}}}]',
          }),
        ),
        'type words "int, default=5" give a default, and the parameter has none',
      ],
    ];
    for (const [name, text, want] of cases) {
      await t.step(name, () => {
        const e = refusal(text);
        assert(e.message.startsWith("dataset refused: "), e.message);
        assert(e.message.includes(want), `${e.message}\n  does not hold\n${want}`);
      });
    }
  },
});

Deno.test({
  name: "bytes that are not UTF-8 are refused, naming the byte",
  permissions: "none",
  fn: () => {
    const bytes = new Uint8Array([0x5b, 0x22, 0xff, 0x22, 0x5d]);
    assert.throws(
      () => loadDataset(bytes, sha256Hex(bytes)),
      /^DatasetError: dataset refused: the file is not UTF-8 text \(the text is not valid UTF-8 at byte 2\)$/,
    );
  },
});

Deno.test({
  name: "a byte order mark is refused",
  permissions: "none",
  fn: () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...enc.encode("[]")]);
    assert.throws(() => loadDataset(bytes, sha256Hex(bytes)), /byte order mark/);
  },
});

Deno.test({
  name: "strings that look like members are not counted as members",
  permissions: "none",
  fn: () => {
    const d = load(
      '[{"id": 1, "query": "\\"id\\": 2, \\"query\\" : 3 \\\\", "tools": "[]", "answers": "[]"}]',
    );
    assert.equal(d.items[0]!.query, '"id": 2, "query" : 3 \\');
  },
});

Deno.test({
  name: "a real U+FFFD in the file is accepted",
  permissions: "none",
  fn: () => {
    const d = load(JSON.stringify([row(1, { query: "a \ufffd b" })]));
    assert.equal(d.items[0]!.query, "a \ufffd b");
  },
});

Deno.test({
  name: "every real row is accepted, with 4 ineligible",
  permissions: { read: [SAMPLE] },
  fn: () => {
    let ineligible = 0;
    let items = 0;
    {
      const bytes = Deno.readFileSync(SAMPLE);
      const d = loadDataset(bytes, sha256Hex(bytes));
      for (const item of d.items) {
        // Touch the tools and answers: they are built on first use.
        assert(item.tools.length > 0);
        assert(Array.isArray(item.answers));
        if (item.ineligible !== undefined) ineligible++;
      }
      items += d.items.length;
    }
    assert.equal(items, 204);
    assert.equal(ineligible, 4);
  },
});

Deno.test({
  name: "contentKeyOf: equal contents share a key; only items loadDataset built have one",
  permissions: "none",
  fn: () => {
    const d = load(JSON.stringify([
      row(1),
      row(2, { query: "question 1" }),
      row(3, { query: "question 9" }), // another content of the same lengths
      row(4, { query: "question 10" }),
    ]));
    const [a, b, c, e] = d.items.map(contentKeyOf);
    assert.equal(typeof a, "number");
    assert.equal(a, b);
    assert.equal(a, c);
    assert.notEqual(a, e);
    assert.equal(contentKeyOf({ ...d.items[0]!, contentHash: d.items[0]!.contentHash }), undefined);
  },
});

Deno.test({
  name: "a row with 100,000 tools, two of them sharing a name, is read and made ineligible",
  permissions: "none",
  fn: () => {
    const tools = Array.from({ length: 100_000 }, (_, i) => ({
      name: `t${i}`,
      description: "",
      parameters: {},
    }));
    tools.push({ name: "t99998", description: "", parameters: {} });
    const d = load(JSON.stringify([row(1, { tools: JSON.stringify(tools), answers: "[]" })]));
    assert.equal(d.items[0]!.ineligible, 'two tools are named "t99998"');
    assert.equal(d.eligibleCount, 0);
  },
});

Deno.test({
  name: "bytes over the dataset limit are refused before they are hashed, naming both sizes",
  permissions: "none",
  fn: () => {
    // Untouched pages: the bytes are never read, so they take no memory.
    const bytes = new Uint8Array(MAX_DATASET_BYTES + 1);
    let hashed = false;
    assert.throws(
      () =>
        loadDataset(bytes, "0".repeat(64), {
          sha256: () => {
            hashed = true;
            return "0".repeat(64);
          },
        }),
      (e: unknown) =>
        e instanceof DatasetError &&
        e.message ===
          "dataset refused: the file is 268435457 bytes, over dataset.maxBytes, 268435456 bytes " +
            "(256 MiB): raise dataset.maxBytes in assess.yaml to read it (at most 1073741824, " +
            "or 536870888 for an xlam-function-calling file)",
    );
    assert.equal(hashed, false);
  },
});

Deno.test({
  name: "LoadOptions.maxBytes: bytes up to it are read, one more refused before they are hashed",
  permissions: "none",
  fn: () => {
    const bytes = new TextEncoder().encode(JSON.stringify([row(1)]));
    const sha = sha256Hex(bytes);
    assert.equal(loadDataset(bytes, sha, { maxBytes: bytes.length }).items.length, 1);
    assert.equal(
      loadChatDataset(CHAT_LINE, sha256Hex(CHAT_LINE), {
        maxBytes: CHAT_LINE.length,
      }).items.length,
      1,
    );
    let hashed = false;
    const sha256 = () => {
      hashed = true;
      return sha;
    };
    const over = (n: number) =>
      `dataset refused: the file is ${n} bytes, over dataset.maxBytes, ${n - 1} bytes: raise ` +
      "dataset.maxBytes in assess.yaml to read it (at most 1073741824, or 536870888 for an " +
      "xlam-function-calling file)";
    assert.throws(
      () => loadDataset(bytes, sha, { maxBytes: bytes.length - 1, sha256 }),
      (e: unknown) => e instanceof DatasetError && e.message === over(bytes.length),
    );
    assert.throws(
      () => loadChatDataset(CHAT_LINE, sha, { maxBytes: CHAT_LINE.length - 1, sha256 }),
      (e: unknown) => e instanceof DatasetError && e.message === over(CHAT_LINE.length),
    );
    assert.equal(hashed, false);
  },
});

Deno.test({
  name: "an xlam file over the most characters a string holds is refused, not decoded",
  permissions: "none",
  fn: () => {
    // Untouched pages: the bytes are never read, so they take no memory.
    const bytes = new Uint8Array(536_870_889);
    assert.throws(
      () => loadDataset(bytes, "0".repeat(64), { maxBytes: 2 ** 30, sha256: () => "0".repeat(64) }),
      (e: unknown) =>
        e instanceof DatasetError &&
        e.message ===
          "dataset refused: the file is 536870889 bytes, over the 536870888 an " +
            "xlam-function-calling file may have: it is read as one text, and a string holds " +
            "at most that many characters",
    );
  },
});

Deno.test("loadDataset: a string that begins with a colon is read, not taken for a member written twice", () => {
  // Its colon counts as a key's, so the rows are searched for a member written twice: none is.
  const text = JSON.stringify([row(1, { query: ": what now?" }), row(2, { query: " : and now" })]);
  assert.deepEqual(load(text).items.map((item) => item.query), [": what now?", " : and now"]);
});
