/**
 * Recall and precision of the near-duplicate rule on the bundled real rows: every kind of edit the
 * rule promises, planted into the split's own training file with the held-out answer, without an
 * answer, and with an argument added to it, is found as `near` with its edit count; template
 * siblings (a word of the query and the argument value it fills changed alike) are all found as
 * `sibling` and none is called a leak.
 */

import assert from "node:assert/strict";
import { detachedItem, loadDataset } from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import type { Item } from "../../src/dataset/item.ts";
import { stringifyJson } from "../../src/json/stringify.ts";
import { checkLeaks, type LeakReport } from "../../src/leak/leak.ts";
import { trainingFile } from "../../src/request/training.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { complementItems, heldOutItems, takeSplit } from "../../src/split/split.ts";
import { parseJson } from "../../src/json/strict_json.ts";

const none = { permissions: "none" } as const;
const ROOT = new URL("../../", import.meta.url);
const bytes = Deno.readFileSync(new URL("reference/testdata/xlam-sample.json", ROOT));
const sample = loadDataset(bytes, sha256Hex(bytes));
const split = takeSplit(sample, { seed: "demo", size: 150 });
const heldOut = heldOutItems(sample, split);
const training = new TextDecoder().decode(trainingFile(complementItems(sample, split), "").bytes);
const trainingLines = training.trimEnd().split("\n").length;

type Call = { name: string; arguments: string };

/** A chat line asking `query` and answering with `calls`. */
function chat(query: string, calls: readonly Call[]): string {
  const assistant = calls.length === 0 ? [] : [{
    role: "assistant",
    tool_calls: calls.map((c) => ({ type: "function", function: c })),
  }];
  return JSON.stringify({ messages: [{ role: "user", content: query }, ...assistant] });
}

function callsOf(item: Item): Call[] {
  return item.answers.map((a) => ({ name: a.name, arguments: stringifyJson(a.arguments) }));
}

/** The held-out answer with an argument added to its first call. */
function withArgumentAdded(item: Item): Call[] {
  const calls = callsOf(item).map((c) => ({ ...c, arguments: JSON.parse(c.arguments) }));
  calls[0]!.arguments = { ...calls[0]!.arguments, verbose_output: true };
  return calls.map((c) => ({ name: c.name, arguments: JSON.stringify(c.arguments) }));
}

/** Each kind of edit: how it changes a query's words, and the edits it makes. */
const EDITS: readonly {
  readonly name: string;
  readonly edit: (words: string[]) => string;
  readonly edits: number;
  readonly added: number;
  /** Whether it takes two edits, which only a query of 16 words or more allows. */
  readonly two?: true;
}[] = [
  {
    name: "one word replaced",
    edit: (w) => w.with(w.length >> 1, "zebra").join(" "),
    edits: 1,
    added: 0,
  },
  {
    name: "one word inserted",
    edit: (w) => w.toSpliced(w.length >> 1, 0, "really").join(" "),
    edits: 1,
    added: 0,
  },
  {
    name: "one word deleted",
    edit: (w) => w.toSpliced(w.length >> 1, 1).join(" "),
    edits: 1,
    added: 0,
  },
  {
    name: "two neighbouring words swapped",
    edit: (w) => {
      const k = swapPlace(w);
      return w.with(k, w[k + 1]!).with(k + 1, w[k]!).join(" ");
    },
    edits: 1,
    added: 0,
  },
  {
    name: "case, spacing and punctuation changed",
    edit: (w) => w.map((x) => x.toUpperCase() + ",").join("  ") + " ?!",
    edits: 0,
    added: 0,
  },
  {
    name: "a short sentence added at the start",
    edit: (w) => ["Quick question for you.", ...w].join(" "),
    edits: 1,
    added: 4,
  },
  {
    name: "a short sentence added at the end",
    edit: (w) => [...w, "Thanks a lot in advance!"].join(" "),
    edits: 1,
    added: 5,
  },
  {
    name: "two edits: a word replaced, another inserted",
    edit: (w) => w.with(1, "zebra").toSpliced(w.length - 1, 0, "really").join(" "),
    edits: 2,
    added: 0,
    two: true,
  },
  {
    name: "a sentence added and a word replaced",
    edit: (w) => [...w.with(2, "zebra"), "Thanks a lot!"].join(" "),
    edits: 2,
    added: 3,
    two: true,
  },
];

/** Where two neighbouring words differ, near the middle (where the query's words do). */
function swapPlace(words: readonly string[]): number {
  for (let k = words.length >> 1; k + 1 < words.length; k++) {
    if (words[k]!.toLowerCase() !== words[k + 1]!.toLowerCase()) return k;
  }
  return 0;
}

/** Every finding, as `kind id line edits added sameAnswer`. */
function findings(report: LeakReport): Set<string> {
  return new Set(
    report.leaks.flatMap((l) =>
      l.lines.map((m) => `${l.kind} ${l.id} ${m.line} ${m.edits} ${m.addedWords} ${m.sameAnswer}`)
    ),
  );
}

/** A query's words, as the rule reads them: runs of letters, marks and numbers. */
function words(query: string): string[] {
  return query.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
}

/** The held-out items of 8 words or more, with an answer. */
const long = heldOut.map(detachedItem).filter((item) =>
  item.answers.length > 0 && words(item.query).length >= 8
);

Deno.test("every kind of edit, planted with and without the answer, is found", none, async (t) => {
  assert(long.length >= 140, `${long.length} held-out items to plant`);
  for (const { name, edit, edits, added, two } of EDITS) {
    await t.step(name, async () => {
      const lines: string[] = [];
      const expected: string[] = [];
      const items = two ? long.filter((item) => words(item.query).length >= 16) : long;
      if (two) assert(items.length >= 40, `${items.length} held-out items of 16 words or more`);
      for (const [k, item] of items.entries()) {
        // The edits are made on the rule's words, joined by spaces (punctuation dropped, which
        // alone is no edit).
        const query = edit(words(item.query));
        // With its answer (a leak, with it), with no answer, and with an argument added (a leak:
        // the query does not explain the change), in turn.
        const calls = [callsOf(item), [], withArgumentAdded(item)][k % 3]!;
        lines.push(chat(query, calls));
        const line = trainingLines + lines.length;
        expected.push(`near ${item.id} ${line} ${edits} ${added} ${k % 3 === 0}`);
      }
      const report = await checkLeaks(
        new TextEncoder().encode(training + lines.join("\n") + "\n"),
        heldOut,
        { scorer: xlamToolCall, ordering: "any", keepLines: Infinity },
      );
      const got = findings(report);
      const missed = expected.filter((e) => !got.has(e));
      assert.deepEqual(missed, [], `${missed.length} of ${expected.length} missed`);
      assert.equal(report.siblings, 0);
      assert.equal(report.leaking, items.length);
    });
  }
});

/**
 * A template sibling of a held-out item: a word of its query that is, alone, the string value of
 * an argument, replaced in both by another word. Undefined when the item has no such value.
 */
function sibling(item: Item, word: string): Call[] | undefined {
  const query = item.query.split(" ");
  const calls = callsOf(item).map((c) => ({ ...c, arguments: JSON.parse(c.arguments) }));
  for (const call of calls) {
    for (const [key, value] of Object.entries(call.arguments as Record<string, unknown>)) {
      if (typeof value !== "string" || !/^\p{L}+$/u.test(value)) continue;
      const at = query.findIndex((w) => w.replace(/[?.!,]$/, "") === value);
      if (at < 0) continue;
      call.arguments[key] = word;
      query[at] = query[at]!.replace(value, word);
      return [
        { name: "query", arguments: query.join(" ") },
        ...calls.map((c) => ({ name: c.name, arguments: JSON.stringify(c.arguments) })),
      ];
    }
  }
  return undefined;
}

Deno.test("template siblings are told apart: none is a leak", none, async (t) => {
  await t.step("on the bundled real rows: a slot's word changed in query and answer", async () => {
    const planted = heldOut.map(detachedItem).flatMap((item) => {
      const s = sibling(item, "Zanzibar");
      return s === undefined ? [] : [{ item, query: s[0]!.arguments, calls: s.slice(1) }];
    });
    assert(planted.length >= 10, `${planted.length} siblings planted`);
    const lines = planted.map((p) => chat(p.query, p.calls));
    const report = await checkLeaks(
      new TextEncoder().encode(training + lines.join("\n") + "\n"),
      heldOut,
      { scorer: xlamToolCall, ordering: "any" },
    );
    const short = planted.filter((p) => p.item.query.split(" ").length < 8).length;
    assert.equal(report.leaking, 0, JSON.stringify(report.leaks.slice(0, 3)));
    assert.equal(report.siblings, planted.length - short);
    assert(report.leaks.every((l) => l.kind === "sibling" && l.lines[0]!.edits === 1));
  });

  await t.step("a template of the weather: the city, the days, or both changed", async () => {
    const item = (id: number, city: string, days: number): Item => ({
      id,
      index: id,
      query:
        `What's the weather forecast in ${city} for the next ${days} days, please? I am planning a trip.`,
      tools: [],
      answers: [{
        name: "forecast",
        arguments: parseJson(JSON.stringify({ city, days, units: "metric" })),
      }],
    });
    const held = [item(1, "Paris", 3)];
    const ask = (city: string, days: number) =>
      `What's the weather forecast in ${city} for the next ${days} days, please? I am planning a trip.`;
    const line = (query: string, city: string, days: number, extra = {}) =>
      chat(query, [{
        name: "forecast",
        arguments: JSON.stringify({ city, days, units: "metric", ...extra }),
      }]);
    const file = [
      line(ask("Tokyo", 3), "Tokyo", 3),
      line(ask("Paris", 5), "Paris", 5),
      line(ask("Tokyo", 5), "Tokyo", 5),
      line(ask("New York", 3), "New York", 3),
      // Leaks: the answer changed where the query did not, an argument added, the same answer.
      line(ask("Tokyo", 3), "Tokyo", 7),
      line(ask("Tokyo", 3), "Tokyo", 3, { hourly: true }),
      line(
        "what's the weather forecast in Paris for the next 3 days please i am planning a trip",
        "Paris",
        3,
      ),
    ].join("\n") + "\n";
    const report = await checkLeaks(new TextEncoder().encode(file), held, {
      scorer: xlamToolCall,
      ordering: "any",
    });
    assert.deepEqual([...findings(report)], [
      "near 1 5 1 0 false",
      "near 1 6 1 0 false",
      "near 1 7 0 0 true",
      "sibling 1 1 1 0 false",
      "sibling 1 2 1 0 false",
      "sibling 1 3 2 0 false",
      "sibling 1 4 2 0 false",
    ]);
    assert.equal(report.leaking, 1);
    assert.equal(report.siblings, 1);
  });
});
