import assert from "node:assert/strict";
import { detachedItem, loadDataset } from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import type { Item } from "../../src/dataset/item.ts";
import { checkLeaks, type LeakOptions, type LeakReport } from "../../src/leak/leak.ts";
import { TrainingFileError } from "../../src/leak/training_file_error.ts";
import { stringifyJson } from "../../src/json/stringify.ts";
import { MAX_JSON_DEPTH, parseJson } from "../../src/json/strict_json.ts";
import type { JsonValue } from "../../src/json/json_value.ts";
import { trainingFile, trainingLine } from "../../src/request/training.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { complementItems, heldOutItems, takeSplit } from "../../src/split/split.ts";

const none = { permissions: "none" } as const;
const ROOT = new URL("../../", import.meta.url);
const OPTIONS: LeakOptions = { scorer: xlamToolCall, ordering: "any" };

const sampleBytes = Deno.readFileSync(new URL("reference/testdata/xlam-sample.json", ROOT));
const rowsBytes = Deno.readFileSync(new URL("reference/testdata/rows.json", ROOT));
const sample = loadDataset(sampleBytes, sha256Hex(sampleBytes));
const split = takeSplit(sample, { seed: "demo", size: 150 });
const heldOut = heldOutItems(sample, split);
const training = new TextDecoder().decode(trainingFile(complementItems(sample, split), "").bytes);
const trainingLines = training.trimEnd().split("\n").length;

const check = (text: string, items: readonly Item[] = heldOut, options = OPTIONS) =>
  checkLeaks(new TextEncoder().encode(text), items, options);

/** The findings as [kind, id, line, sameAnswer] rows. */
function found(report: LeakReport): [string, number, number, boolean][] {
  return report.leaks.flatMap((l) =>
    l.lines.map((
      m,
    ): [string, number, number, boolean] => [l.kind, l.id as number, m.line, m.sameAnswer])
  );
}

/** A chat line asking `query` and answering with `calls` (name, arguments text). */
function chat(query: string, calls: { name: string; arguments: string }[] = []): string {
  const assistant = calls.length === 0 ? [] : [{
    role: "assistant",
    tool_calls: calls.map((c) => ({ type: "function", function: c })),
  }];
  return JSON.stringify({ messages: [{ role: "user", content: query }, ...assistant] });
}

/** The held-out item with the most words, and its words. */
const long = detachedItem(
  [...heldOut].sort((a, b) => b.query.split(" ").length - a.query.split(" ").length)[0]!,
);
const longWords = long.query.split(" ");

/** The Jaccard index of word 5-grams, computed here without the code under test. */
function jaccard(a: string, b: string): [number, number] {
  const grams = (text: string) => {
    const w = text.toLowerCase().split(/[^\p{L}\p{M}\p{N}]+/u).filter((x) => x !== "");
    if (w.length <= 5) return new Set([w.join(" ")]);
    return new Set(w.slice(0, w.length - 4).map((_, i) => w.slice(i, i + 5).join(" ")));
  };
  const x = grams(a);
  const y = grams(b);
  const shared = [...x].filter((g) => y.has(g)).length;
  return [shared, x.size + y.size - shared];
}

Deno.test("the training file of the split leaks nothing", none, async () => {
  const report = await check(training);
  assert.deepEqual(report, {
    format: "jsonl",
    lines: trainingLines,
    examples: trainingLines,
    heldOut: 150,
    leaking: 0,
    siblings: 0,
    leaks: [],
  });
  assert(trainingLines > 40);
});

Deno.test("held-out items added to it are found, each under its kind", none, async (t) => {
  const n = trainingLines;
  const [a, b, c, d, e] = heldOut.map(detachedItem);
  await t.step("verbatim: exact, with its answer", async () => {
    const report = await check(training + trainingLine(a!, "You call tools.") + "\n");
    assert.deepEqual(found(report), [["exact", a!.id, n + 1, true]]);
    assert.equal(report.leaking, 1);
  });
  await t.step("case and spacing changed: exact", async () => {
    const query = `  ${b!.query.toUpperCase().replaceAll(" ", " \t ")}\n`;
    const report = await check(training + chat(query) + "\n");
    assert.deepEqual(found(report), [["exact", b!.id, n + 1, false]]);
  });
  await t.step("a few words changed at the edges: near, with the Jaccard index", async () => {
    const query = ["Please,", ...longWords.slice(1, -1), "now"].join(" ");
    assert(longWords.length >= 30, long.query);
    const report = await check(training + chat(query) + "\n");
    assert.deepEqual(found(report), [["near", long.id, n + 1, false]]);
    const m = report.leaks[0]!.lines[0]!;
    assert.deepEqual([m.shared, m.union], jaccard(query, long.query));
    assert(5 * m.shared >= 4 * m.union && m.shared < m.union);
  });
  await t.step("words changed in the middle, another answer: not near, not reported", async () => {
    const words = [...longWords];
    for (const at of [8, 16, 24]) words[at] = "zebra";
    const [shared, union] = jaccard(words.join(" "), long.query);
    assert(5 * shared < 4 * union, `${shared}/${union}`);
    const report = await check(training + chat(words.join(" "), []) + "\n");
    assert.deepEqual(found(report), []);
  });
  await t.step("another query, the same answer (respelt): answer", async () => {
    const calls = c!.answers.map((call) => ({
      name: call.name,
      // The keys reversed, with spaces: the same arguments.
      arguments: stringifyJson(new Map([...(call.arguments as Map<string, JsonValue>)].reverse()))
        .replaceAll('":', '": '),
    }));
    const report = await check(
      training + chat("Something else entirely, in other words.", calls) + "\n",
    );
    assert.deepEqual(found(report), [["answer", c!.id, n + 1, true]]);
  });
  await t.step("its query with another answer: exact, without its answer", async () => {
    const report = await check(
      training + chat(d!.query, [{ name: "other", arguments: "{}" }]) + "\n",
    );
    assert.deepEqual(found(report), [["exact", d!.id, n + 1, false]]);
  });
  await t.step("all at once, listed by kind then id", async () => {
    const lines = [trainingLine(e!, ""), chat(a!.query.toLowerCase())].join("\n");
    const report = await check(training + lines + "\n");
    const expected = [["exact", a!.id, n + 2, false], ["exact", e!.id, n + 1, true]]
      .sort((x, y) => (x[1] as number) - (y[1] as number));
    assert.deepEqual(found(report), expected);
    assert.equal(report.leaking, 2);
  });
});

Deno.test("unrelated items with the same tools and tool names are not reported", none, async () => {
  // Every held-out item again, with its tools and the names of its answer's calls, but another
  // query and other arguments.
  const lines = heldOut.map(detachedItem).filter((item) => item.answers.length > 0).map((item, k) =>
    trainingLine({
      ...item,
      query: `Unrelated request number ${k} about nothing in particular at all.`,
      answers: item.answers.map((call) => ({ ...call, arguments: new Map([["zz", `v${k}`]]) })),
    }, "")
  );
  assert(lines.length > 100);
  const report = await check(training + lines.join("\n") + "\n");
  assert.deepEqual(report.leaks, []);
});

Deno.test(
  "the dataset's own file (a JSON array) holds every held-out item, at the line of its {",
  none,
  async () => {
    const text = new TextDecoder().decode(sampleBytes);
    const report = await check(text);
    assert.equal(report.format, "array");
    assert.equal(report.examples, 204);
    assert.equal(report.leaking, 150);
    const lines = text.split("\n");
    for (const leak of report.leaks) {
      assert.equal(leak.kind, "exact");
      const line = leak.lines[0]!;
      assert.equal(line.sameAnswer, true);
      // The element's { is on that line, and its id a few lines below.
      assert.equal(lines[line.line - 1]!.trim(), "{");
      assert(lines.slice(line.line, line.line + 6).some((l) => l.includes(`"id": ${leak.id},`)));
    }
  },
);

Deno.test(
  "answers are compared by the scorer: numbers exact, order free, past double precision",
  none,
  async () => {
    const items = loadDataset(rowsBytes, sha256Hex(rowsBytes)).items;
    const transfer = items.find((i) => i.id === 71)!; // 12345678901234567890 satoshi
    const args = (amount: string) => `{"amount": ${amount}, "source": "1.50-A", "target": "9"}`;
    const lines = [
      chat("Move the coins please.", [{
        name: "record_transfer",
        arguments: args("12345678901234567890"),
      }]),
      chat("Move the coins please.", [{
        name: "record_transfer",
        arguments: args("1.2345678901234567890e19"),
      }]),
      // The same double, another integer: not the answer.
      chat("Move the coins please.", [{
        name: "record_transfer",
        arguments: args("12345678901234567891"),
      }]),
      // Arguments as an object, read exactly from the line.
      JSON.stringify({
        query: "Move the coins please.",
        answers: [{ name: "record_transfer", arguments: { amount: 0 } }],
      })
        .replace(
          '"amount":0',
          '"target":"9","amount":12345678901234567890,"source":"1.50-A"',
        ),
    ].join("\n");
    const report = await check(lines, [transfer]);
    assert.deepEqual(found(report), [["answer", 71, 1, true], ["answer", 71, 2, true], [
      "answer",
      71,
      4,
      true,
    ]]);
    assert.equal(transfer.answers.length, 1);
  },
);

Deno.test(
  "chat examples: several turns, content parts, legacy function_call, dataset rows in JSON Lines",
  none,
  async () => {
    const [a, b, c] = heldOut.map(detachedItem);
    const lines = [
      JSON.stringify({
        messages: [
          { role: "system", content: a!.query },
          { role: "user", content: "hello" },
          { role: "assistant", content: "hi" },
          { role: "user", content: [{ type: "text", text: b!.query }, { type: "image_url" }] },
          { role: "tool", content: c!.query },
        ],
      }),
      JSON.stringify({ id: 3, query: c!.query, tools: "[]", answers: "[]" }),
    ].join("\n");
    const report = await check(lines);
    assert.deepEqual(
      found(report).map((f) => f.slice(0, 3)),
      [
        ["exact", b!.id, 1],
        ["exact", c!.id, 2],
      ].sort((x, y) => (x[1] as number) - (y[1] as number)),
    );
  },
);

Deno.test("a line that matches many times is counted, its first lines kept", none, async () => {
  const line = chat(heldOut[0]!.query);
  const report = await check(Array(30).fill(line).join("\n"), heldOut, {
    ...OPTIONS,
    keepLines: 20,
  });
  assert.equal(report.leaks.length, 1);
  assert.equal(report.leaks[0]!.matches, 30);
  assert.deepEqual(
    report.leaks[0]!.lines.map((m) => m.line),
    Array.from({ length: 20 }, (_, i) => i + 1),
  );
});

Deno.test("the same file and items always give the same report", none, async () => {
  const text = training + chat(heldOut[3]!.query) + "\n";
  assert.deepEqual(await check(text), await check(text));
});

Deno.test("a training file is read as a stream, part by part", none, async () => {
  let parts = 0;
  async function* stream() {
    for (let i = 0; i < 2000; i++) {
      parts++;
      yield new TextEncoder().encode(chat(`question ${i} about the weather`) + "\n");
    }
  }
  const report = await checkLeaks(stream(), heldOut, OPTIONS);
  assert.equal(parts, 2000);
  assert.equal(report.examples, 2000);
});

Deno.test("refusals of a record: the line and the reason", none, async (t) => {
  const cases: [string, string, string][] = [
    ["not JSON", '{"query": "q"}\n{"messages": [}', "line 2: the text is not JSON ("],
    ["not an object", '{"query": "x"}\n\n[1, 2]', "line 3: the"],
    [
      "no user message",
      '{"messages": [{"role": "system", "content": "s"}]}',
      "line 1: there is no user message",
    ],
    [
      "neither messages nor query",
      '{"prompt": "x"}',
      "line 1: there is no user message (no messages array, and no query)",
    ],
    [
      "a user message without text",
      '{"messages": [{"role": "user", "content": 5}]}',
      "line 1: messages[0], a user message, has no text content",
    ],
    [
      "a message that is not an object",
      '{"messages": ["hi"]}',
      "line 1: messages[0] is not a JSON object",
    ],
    [
      "tool_calls not an array",
      '{"messages": [{"role": "user", "content": "q"}, {"role": "assistant", "tool_calls": {}}]}',
      "line 1: messages[1].tool_calls is not an array",
    ],
    [
      "a call without a name",
      '{"messages": [{"role": "user", "content": "q"}, {"role": "assistant", "tool_calls": [{"function": {"arguments": "{}"}}]}]}',
      "line 1: messages[1].tool_calls[0] has no name string",
    ],
    [
      "a call without arguments",
      '{"messages": [{"role": "user", "content": "q"}, {"role": "assistant", "tool_calls": [{"function": {"name": "f"}}]}]}',
      "line 1: messages[1].tool_calls[0] has no arguments (JSON text, or an object)",
    ],
    [
      "answers not calls",
      '{"query": "q", "answers": "{}"}',
      "line 1: answers is not an array of calls",
    ],
    [
      "answers not JSON",
      '{"query": "q", "answers": "[{"}',
      "line 1: answers is a string that holds no JSON",
    ],
  ];
  for (const [name, text, start] of cases) {
    await t.step(name, async () => {
      await assert.rejects(check(text), (e: unknown) => {
        assert(e instanceof TrainingFileError);
        assert(e.message.startsWith(start), e.message);
        return true;
      });
    });
  }
});

Deno.test("an answer another row of the dataset also gives is no answer leak", none, async () => {
  const item = detachedItem(heldOut.find((h) => h.answers.length > 0)!);
  const calls = item.answers.map((c) => ({ name: c.name, arguments: stringifyJson(c.arguments) }));
  const text = [chat("Another query.", calls), chat(item.query, calls)].join("\n");
  const alone = await check(text, [item]);
  assert.deepEqual(found(alone), [["exact", item.id, 2, true], ["answer", item.id, 1, true]]);
  const shared = await checkLeaks(new TextEncoder().encode(text), [item], {
    ...OPTIONS,
    otherAnswers: [[], [{ name: "other", arguments: new Map() }], item.answers],
  });
  assert.deepEqual(found(shared), [["exact", item.id, 2, true]]);
});

Deno.test(
  "arguments nested deeper than the strict reader's 512 are no answer, and do not exhaust the stack",
  none,
  async () => {
    // Arguments of depth d: the object, then d - 1 arrays.
    const args = (d: number) => `{"a": ${"[".repeat(d - 1)}1${"]".repeat(d - 1)}}`;
    const item: Item = {
      id: 5,
      index: 0,
      query: "Nest it.",
      tools: [],
      answers: [{ name: "nest", arguments: parseJson(args(MAX_JSON_DEPTH)) }],
    };
    // At the limit: compared, and the same answer (as the scorer judges it).
    const atLimit = chat("Another query.", [{ name: "nest", arguments: args(MAX_JSON_DEPTH) }]);
    const at = await check(atLimit, [item]);
    assert.deepEqual(found(at), [["answer", 5, 1, true]]);
    assert.equal(
      xlamToolCall.score(item, {
        text: "",
        calls: [{ name: "nest", arguments: args(MAX_JSON_DEPTH + 1) }],
        truncated: false,
      }, { ordering: "any" }).reason,
      "malformed-arguments",
    );
    // Deeper, as text or as an object, 10,000 deep: no answer, and the query's own leak without it.
    for (const d of [MAX_JSON_DEPTH + 1, 10_000]) {
      const lines = [
        chat("Another query.", [{ name: "nest", arguments: args(d) }]),
        JSON.stringify({
          messages: [{ role: "user", content: "Nest it." }, {
            role: "assistant",
            tool_calls: [{ name: "nest", arguments: JSON.parse(args(d)) }],
          }],
        }),
      ].join("\n");
      assert.deepEqual(found(await check(lines, [item])), [["exact", 5, 2, false]], `depth ${d}`);
    }
  },
);

Deno.test(
  "leak: a query with its punctuation deleted (lm-evaluation-harness's normalisation) is near, 0 edits, both ways (issue 36)",
  none,
  async () => {
    const query = "Estimate the derivative of f(x) = x^2 + 3x - 4 at x = 2.";
    const stripped = "estimate the derivative of fx  x2  3x  4 at x  2";
    const answers = '[{"name": "derivative", "arguments": {"x": 2}}]';
    for (const [held, line] of [[query, stripped], [stripped, query]]) {
      const bytes = new TextEncoder().encode(
        JSON.stringify([{ id: 1, query: held, tools: "[]", answers }]),
      );
      const items = loadDataset(bytes, sha256Hex(bytes)).items;
      const report = await check(chat(line!) + "\n" + chat(`${line} Thanks a lot.`), items);
      assert.deepEqual(
        report.leaks.map((l) => [l.kind, l.lines.map((m) => [m.line, m.edits, m.addedWords])]),
        [["near", [[1, 0, 0], [2, 1, 3]]]],
        held,
      );
    }
    // Punctuation deleted inside a word is one word either way: f(x) and fx, x^2 and x2.
    const bytes = new TextEncoder().encode(
      JSON.stringify([{ id: 1, query: "what is f(x) here", tools: "[]", answers }]),
    );
    const short = loadDataset(bytes, sha256Hex(bytes)).items;
    assert.deepEqual(found(await check(chat("What is fx here?"), short)), [["near", 1, 1, false]]);
    assert.deepEqual(found(await check(chat("What is f x here?"), short)), [["near", 1, 1, false]]);
    assert.deepEqual(found(await check(chat("What is fy here?"), short)), []);
  },
);
