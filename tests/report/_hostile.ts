/**
 * A report whose every text from outside (the config's model names, the split seed, the
 * dataset's query and tool names, the server's replies, the results file's reasons, details,
 * error messages, replica hosts and probe details) holds a hostile payload, built through the
 * real results reader and item panels.
 *
 * @module
 */

import type { Item, ItemId } from "../../src/dataset/item.ts";
import { buildReport } from "../../src/report/build_report.ts";
import { reportInputFromResults } from "../../src/report/from_results.ts";
import { withItemPanels } from "../../src/report/item_panels.ts";
import type { Report } from "../../src/report/report.ts";
import type { BodyRecord } from "../../src/results/records.ts";
import { xlamToolCall } from "../../src/score/xlam_tool_call.ts";
import { resultsFile, resultsFor, times } from "./_results.ts";

/** The payloads of issue 23: an element, two backticks, a closing tag, a link, a pipe, a break. */
export const PAYLOADS: readonly string[] = [
  "<img src=x onerror=alert(1)>",
  "a``b``",
  "</summary><script>alert(1)</script>",
  "[x](javascript:alert(1))",
  "a|b",
  "a\nb",
];

/** The names a hostile report's models have. */
export function hostileNames(payload: string): { baseline: string; adapter: string } {
  return { baseline: `base${payload}`, adapter: `tuned${payload}` };
}

/**
 * A report with `payload` in every text from outside, with item panels; `payload` prefixed by
 * a word where a name needs one. With `stringIds`, every item's id is a string holding the payload
 * too (a chat-jsonl dataset's ids are strings).
 */
export async function hostileReport(
  payload: string,
  options: { readonly stringIds?: boolean } = {},
): Promise<Report> {
  const idOf = (id: ItemId): ItemId => options.stringIds ? `id ${payload} ${id}` : id;
  const { baseline, adapter } = hostileNames(payload);
  const made = resultsFor({
    baseline,
    adapters: [adapter],
    outcomes: {
      [baseline]: [...times(6, "match"), ...times(4, "no-call"), ...times(2, "arguments")],
      [adapter]: [
        ...times(8, "match"),
        ...times(2, "no-call"),
        "arguments",
        "error:timeout",
      ],
    },
    header: { split: { seed: `seed${payload}`, size: 12, digest: "b".repeat(64) } },
    probe: [{ model: adapter, itemId: 3, outcome: "different", detail: `differs ${payload}` }],
    replicas: { hosts: [`host${payload}:8000`, "127.0.0.1:8001"], of: (_, i) => i % 2 },
  });
  const records: BodyRecord[] = made.records.filter((r) => r.kind !== "session").map((r) => {
    if (r.kind === "probe-check") return { ...r, itemId: idOf(r.itemId) };
    if (r.kind !== "result") return r;
    return {
      ...r,
      itemId: idOf(r.itemId),
      reply: r.reply === null ? null : {
        ...r.reply,
        text: `reply ${payload}`,
        calls: r.reply.calls.map((c) => ({ ...c, name: `call${payload}` })),
      },
      verdict: r.verdict === null || r.verdict.correct
        ? r.verdict
        : { ...r.verdict, reason: `reason${payload}`, detail: `detail ${payload}` },
      error: r.error === null ? null : { ...r.error, message: `error ${payload}` },
    };
  });
  const bytes = resultsFile(made.header, records);
  const items: Item[] = made.items.map((item) => ({
    ...item,
    id: idOf(item.id),
    query: `query ${payload}`,
    tools: item.tools.map((t) => ({ ...t, name: `tool${payload}` })),
    answers: item.answers.map((a) => ({ ...a, name: `key${payload}` })),
  }));
  const report = buildReport(await reportInputFromResults(bytes, { scorer: xlamToolCall, items }));
  return await withItemPanels(report, bytes, items);
}
