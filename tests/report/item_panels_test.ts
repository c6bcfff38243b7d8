/**
 * The item panels of a chat-jsonl dataset's items (`withItemPanels`, `src/report/item_panels.ts`),
 * on the bundled chat example (reference/testdata/chat/): a multi-turn item's panel shows its
 * conversation, folded to its last messages with how many earlier ones are hidden, and an item
 * answered in text shows the answer's text (the key's and the reply's), in the report value, its
 * JSON (valid against the schema) and its HTML.
 */

import assert from "node:assert/strict";
import Ajv2020 from "ajv/dist/2020.js";
import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import type { Item } from "../../src/dataset/item.ts";
import { buildReport } from "../../src/report/build_report.ts";
import { reportInputFromResults } from "../../src/report/from_results.ts";
import { PANEL_LIMIT, withItemPanels } from "../../src/report/item_panels.ts";
import { reportVerb } from "../../src/cli/verb_report.ts";
import { renderHtml } from "../../src/report/render/html.ts";
import { renderJson } from "../../src/report/render/json.ts";
import type { ItemPanel, Report } from "../../src/report/report.ts";
import type { RecordedReply, ResultRecord } from "../../src/results/records.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { stringifyJson } from "../../src/json/stringify.ts";
import { bodyFor, headerFor, resultsFile } from "./_results.ts";

const DATA = new URL("../../reference/testdata/chat/tickets.jsonl", import.meta.url);

/** The example's items, as the dataset reads them. */
async function chatItems(): Promise<readonly Item[]> {
  const bytes = await Deno.readFile(DATA);
  return loadChatDataset(bytes, sha256Hex(bytes)).items;
}

/** A result record of this reply, judged by the real scorer. */
function recordOf(model: string, item: Item, reply: RecordedReply): ResultRecord {
  return {
    kind: "result",
    model,
    itemId: item.id,
    itemIndex: item.index,
    session: 1,
    requestDigest: "d".repeat(64),
    attempts: 1,
    latencyMs: 100,
    response: { status: 200, body: bodyFor(model, reply) },
    reply,
    usage: null,
    error: null,
    verdict: xlamToolCall.score(item, reply, { ordering: "any", toolCallParser: "hermes" }),
  };
}

const CALLED = { text: "", truncated: false, reasoning: null, finishReason: "tool_calls" };
const SAID = (text: string) => ({ ...CALLED, text, calls: [], finishReason: "stop" });

/**
 * A report with panels of every item of the example: `base` answers every item in text (no call),
 * `tuned` with the key's calls, or, where the key is text, in text too; so `tuned` fixes every item
 * answered with calls, hd-002 and hd-007 among them (multi-turn, alike in their last turn's
 * shape); on hd-011 (answered in text) `base` calls a tool and `tuned` answers in text.
 */
async function chatReport(limit?: number): Promise<Report> {
  const items = await chatItems();
  const records: ResultRecord[] = [];
  for (const item of items) {
    const key = item.answers.map((a) => ({ name: a.name, arguments: stringifyJson(a.arguments) }));
    const text = key.length === 0;
    records.push(
      recordOf(
        "base",
        item,
        item.id === "hd-011"
          ? { ...CALLED, calls: [{ name: "create_ticket", arguments: '{"summary": "hours"}' }] }
          : SAID("Let me check that for you."),
      ),
      recordOf(
        "tuned",
        item,
        text ? SAID("We open at 9:00 and close at 17:00, every day.") : { ...CALLED, calls: key },
      ),
    );
  }
  const bytes = resultsFile(
    headerFor("base", ["tuned"], items.length, {
      dataset: { path: "tickets.jsonl", sha256: "a".repeat(64) },
    }),
    records,
  );
  const report = buildReport(
    await reportInputFromResults(bytes, { scorer: xlamToolCall, items }),
  );
  return await withItemPanels(report, bytes, items, { limit });
}

function panel(report: Report, id: string): ItemPanel {
  const p = report.panels!.find((x) => x.itemId === id);
  assert.ok(p, `no panel for ${id}`);
  return p;
}

/** The HTML of one item's panel: the part of the page from its <details> to the next one. */
function panelHtml(html: string, id: string): string {
  const anchor = `<span id="item-${encodeURIComponent(JSON.stringify(id))}"></span>`;
  const chunk = html.split('<details class="item">').find((part) => part.includes(anchor));
  assert.ok(chunk, `no panel for ${id}`);
  return chunk;
}

Deno.test({
  name: "item panels of a chat dataset: a multi-turn item's conversation, and its earlier messages",
  permissions: { read: true },
  fn: async () => {
    const report = await chatReport();
    const hd002 = panel(report, "hd-002");
    assert.equal(hd002.query, "Yes, refund the full 42.50.");
    assert.deepEqual(hd002.conversation, [
      { role: "user", text: "I want a refund for order A1012.", calls: [] },
      {
        role: "assistant",
        text: "",
        calls: [{ name: "lookup_order", arguments: '{"order_id": "A1012"}' }],
      },
      { role: "tool", text: '{"status": "delivered", "total": 42.50}', calls: [] },
      {
        role: "assistant",
        text: "Order A1012 was delivered and came to 42.50 euros. Shall I refund all of it?",
        calls: [],
      },
      { role: "user", text: "Yes, refund the full 42.50.", calls: [] },
    ]);
    assert.equal(hd002.answerText, null);
    // A one-turn item: its one user message; its system message first where it has one.
    assert.deepEqual(panel(report, "hd-001").conversation?.map((m) => m.role), ["user"]);
    assert.deepEqual(panel(report, "hd-006").conversation?.map((m) => m.role), [
      "system",
      "user",
    ]);

    // In HTML: the last four messages open, the first one folded, saying how many are hidden.
    const html = renderHtml(report);
    const shown = panelHtml(html, "hd-002");
    assert.match(
      shown,
      /<details class="earlier"><summary>1 earlier message hidden \(of 5 messages\): show<\/summary>\n<ol class="messages"><li><strong>user:<\/strong><pre>I want a refund for order A1012\.<\/pre><\/li><\/ol>\n<\/details>/,
    );
    assert.match(shown, /the last 4 of 5 messages, before the answer/);
    const open = shown.slice(shown.indexOf('<ol class="messages" start="2">'));
    for (
      const text of [
        "lookup_order({&#34;order_id&#34;: &#34;A1012&#34;})",
        "{&#34;status&#34;: &#34;delivered&#34;, &#34;total&#34;: 42.50}",
        "Shall I refund all of it?",
        "Yes, refund the full 42.50.",
      ]
    ) {
      assert.ok(open.includes(text), `the open messages do not show ${text}:\n${open}`);
    }
    assert.ok(!open.includes("I want a refund"), "the folded message is shown open");
    // Two multi-turn items no longer look alike: each shows its own earlier turns.
    const other = panelHtml(html, "hd-007");
    assert.ok(other.includes("The warranty on T-9 ended on 30 November 2025."));
    assert.ok(!other.includes("42.50"));
  },
});

Deno.test({
  name:
    "item panels of a chat dataset: an answer given in text shows its text, the key's and the reply's",
  permissions: { read: true },
  fn: async () => {
    const report = await chatReport();
    const hd011 = panel(report, "hd-011");
    assert.deepEqual(hd011.answer, []);
    assert.equal(hd011.answerText, "We answer every day from 9:00 to 17:00.");
    assert.equal(hd011.category, "no-call");
    const tuned = hd011.replies.find((r) => r.model === "tuned")!;
    assert.equal(tuned.text, "We open at 9:00 and close at 17:00, every day.");
    assert.equal(tuned.verdict?.correct, true);
    // An item answered with calls has no key text.
    assert.equal(panel(report, "hd-012").answerText, null);

    const shown = panelHtml(renderHtml(report), "hd-011");
    assert.match(
      shown,
      /<tr><th>answer key<\/th><td><em>no call<\/em><pre>We answer every day from 9:00 to 17:00\.<\/pre><\/td><td>-<\/td><\/tr>/,
    );
    assert.match(shown, /<pre>We open at 9:00 and close at 17:00, every day\.<\/pre>/);
    // A one-message conversation is said as such, with nothing folded.
    assert.match(shown, /<strong>conversation<\/strong> \(1 message, before the answer\)/);
    assert.ok(!shown.includes("earlier message"));
  },
});

Deno.test({
  name:
    "item panels of a chat dataset: the JSON report holds the conversation and the key's text, valid against the schema",
  permissions: { read: true },
  fn: async () => {
    const report = await chatReport();
    const schema = JSON.parse(
      await Deno.readTextFile(new URL("../../schema/report.schema.json", import.meta.url)),
    );
    // deno-lint-ignore no-explicit-any
    const validate = new (Ajv2020 as any)({ strict: true, allErrors: true }).compile(schema);
    const parsed = JSON.parse(renderJson(report));
    assert.ok(validate(parsed), JSON.stringify(validate.errors));
    const hd002 = parsed.panels.find((p: { itemId: string }) => p.itemId === "hd-002");
    assert.equal(hd002.conversation.length, 5);
    assert.equal(
      parsed.panels.find((p: { itemId: string }) => p.itemId === "hd-011").answerText,
      "We answer every day from 9:00 to 17:00.",
    );
  },
});

Deno.test({
  name: "item panels: of each list (fixed, broken, disputed) the first `limit` by id, no more",
  permissions: { read: true },
  fn: async () => {
    const every = await chatReport(Infinity);
    const [c] = every.comparisons;
    const fixed = c!.discordant.fixed;
    assert.ok(fixed.length > 2, `${fixed.length} fixed items`);
    assert.deepEqual(
      every.panels!.map((p) => p.itemId),
      [
        ...new Set([
          ...fixed,
          ...c!.discordant.broke,
          ...every.disputedItems!.map((d) => d.itemId),
        ]),
      ].sort(),
    );
    for (const limit of [1, 2]) {
      const capped = await chatReport(limit);
      const want = [
        ...new Set([
          ...fixed.slice(0, limit),
          ...c!.discordant.broke.slice(0, limit),
          ...capped.disputedItems!.slice(0, limit).map((d) => d.itemId),
        ]),
      ].sort();
      assert.deepEqual(capped.panels!.map((p) => p.itemId), want, `limit ${limit}`);
      // The lists still hold every item.
      assert.deepEqual(capped.comparisons, every.comparisons);
      // A shown panel is the same as when every one is shown.
      for (const p of capped.panels!) assert.deepEqual(p, panel(every, String(p.itemId)));
    }
    // The default, which `assess report -panels` defaults to too.
    assert.equal(PANEL_LIMIT, 100);
    assert.equal(reportVerb.flags.panels?.default, String(PANEL_LIMIT));
    for (const limit of [0, -1, 1.5, NaN]) {
      await assert.rejects(chatReport(limit), RangeError, String(limit));
    }
  },
});
