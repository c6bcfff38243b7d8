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
import { checkLeaks, type LeakReport } from "../../src/leak/leak.ts";
import { trainingFile } from "../../src/request/training.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { complementItems, heldOutItems, takeSplit } from "../../src/split/split.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import {
  callsOf,
  chat,
  type Edit,
  PUNCTUATION_EDITS,
  sibling,
  withArgumentAdded,
  WORD_EDITS,
  words,
} from "./_plant.ts";

const none = { permissions: "none" } as const;
const ROOT = new URL("../../", import.meta.url);
const bytes = Deno.readFileSync(new URL("reference/testdata/xlam-sample.json", ROOT));
const sample = loadDataset(bytes, sha256Hex(bytes));
const split = takeSplit(sample, { seed: "demo", size: 150 });
const heldOut = heldOutItems(sample, split);
const training = new TextDecoder().decode(trainingFile(complementItems(sample, split), "").bytes);
const trainingLines = training.trimEnd().split("\n").length;

/** Every finding, as `kind id line edits added sameAnswer`. */
function findings(report: LeakReport): Set<string> {
  return new Set(
    report.leaks.flatMap((l) =>
      l.lines.map((m) => `${l.kind} ${l.id} ${m.line} ${m.edits} ${m.addedWords} ${m.sameAnswer}`)
    ),
  );
}

/** The held-out items of 8 words or more, with an answer. */
const long = heldOut.map(detachedItem).filter((item) =>
  item.answers.length > 0 && words(item.query).length >= 8
);

/**
 * Plants each item's query changed by `edit` (with its answer, with none, with an argument added,
 * in turn) and asserts each is found as `near` with the edits and added words the edit makes.
 */
async function plantEach(items: readonly Item[], { edit, edits, added }: Edit): Promise<void> {
  const lines: string[] = [];
  const expected: string[] = [];
  for (const [k, item] of items.entries()) {
    // With its answer (a leak, with it), with no answer, and with an argument added (a leak:
    // the query does not explain the change), in turn.
    const calls = [callsOf(item), [], withArgumentAdded(item)][k % 3]!;
    lines.push(chat(edit(item.query), calls));
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
}

Deno.test("every kind of edit, planted with and without the answer, is found", none, async (t) => {
  assert(long.length >= 140, `${long.length} held-out items to plant`);
  for (const edit of WORD_EDITS) {
    await t.step(edit.name, async () => {
      const items = edit.two ? long.filter((item) => words(item.query).length >= 16) : long;
      if (edit.two) {
        assert(items.length >= 40, `${items.length} held-out items of 16 words or more`);
      }
      await plantEach(items, edit);
    });
  }
});

Deno.test(
  "punctuation inside words changed in the original query text is no edit",
  none,
  async (t) => {
    for (const edit of PUNCTUATION_EDITS) {
      await t.step(edit.name, async () => {
        // The held-out items whose query the change changes (the real rows have no number
        // written with a comma: the test below has).
        const items = long.filter((item) => edit.edit(item.query) !== item.query);
        assert(items.length >= 15, `${items.length} held-out queries changed`);
        await plantEach(items, edit);
      });
    }
  },
);

Deno.test("template siblings are told apart: none is a leak", none, async (t) => {
  await t.step("on the bundled real rows: a slot's word changed in query and answer", async () => {
    const planted = heldOut.map(detachedItem).flatMap((item) => {
      const s = sibling(item, "Zanzibar");
      return s === undefined ? [] : [{ item, ...s }];
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

Deno.test(
  "a number's comma dropped is no edit; another amount, in query and answer, is a sibling",
  none,
  async () => {
    const ask = (amount: string) =>
      `Please transfer $${amount} from my savings account to my checking account today.`;
    const answer = (amount: number) => [{
      name: "transfer",
      arguments: JSON.stringify({ amount, from: "savings", to: "checking" }),
    }];
    const held: Item[] = [{
      id: 1,
      index: 1,
      query: ask("1,500"),
      tools: [],
      answers: [{
        name: "transfer",
        arguments: parseJson(JSON.stringify({ amount: 1500, from: "savings", to: "checking" })),
      }],
    }];
    const file = [
      chat(ask("1500"), answer(1500)),
      chat(ask("2,500"), answer(2500)),
      // A leak: the answer's amount is the held-out one, not the query's.
      chat(ask("2,500"), answer(1500)),
    ].join("\n") + "\n";
    const report = await checkLeaks(new TextEncoder().encode(file), held, {
      scorer: xlamToolCall,
      ordering: "any",
    });
    assert.deepEqual([...findings(report)], [
      "near 1 1 0 0 true",
      "near 1 3 1 0 true",
      "sibling 1 2 1 0 false",
    ]);
  },
);
