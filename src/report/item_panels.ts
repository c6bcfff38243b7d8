/**
 * The items a reader wants to see whole: the items an adapter fixed or broke and the disputed
 * items, up to {@linkcode PANEL_LIMIT} of each list, with its query (and an item's own
 * conversation), the tools offered, the answer key (its calls and, where the dataset gives it, its
 * text) and each model's reply, verdict and error. With several samples per item
 * ({@linkcode withSampledPanels}), the items whose share of right answers an adapter changed, each
 * with every sample's reply by each model. A second pass over the results file keeps the replies
 * of those items only, so its memory is bounded by the limit, not by the file.
 *
 * @module
 */

import { compareItemIds, type ItemId } from "../dataset/item_id.ts";
import { answerCategory } from "../dataset/category.ts";
import type { Item } from "../dataset/item.ts";
import { stringifyJson } from "../json/stringify.ts";
import type { JsonObject, JsonValue } from "../json/json_value.ts";
import { parseJson } from "../json/strict_json.ts";
import { resultKey, supersedes } from "../results/latest.ts";
import { readResults, type ResultsSource } from "../results/read_results.ts";
import type { ResultRecord } from "../results/records.ts";
import { scoreOptions, type Scorer } from "../score/scorer.ts";
import { rejudge } from "./_rescore.ts";
import { lenientVerdictIfJudged, ruleMatchText } from "../score/lenient.ts";
import { lookupScorer } from "../score/registry.ts";
import type { ItemPanel, PanelMessage, PanelReply, PanelRescue, Report } from "./report.ts";
import type { SampledReport } from "./sampled_report.ts";

/**
 * How many items of each list get a panel by default: the first 100 (by id) an adapter fixed, the
 * first 100 it broke, and the first 100 disputed items. A hundred examples each way is more than a
 * reader goes through on one page and enough to see what a change does, and it keeps the page and
 * the memory that builds it small whatever the run's size (at most 200 panels an adapter, about
 * 1.2 KB each); the other items' ids stay in the report's lists.
 */
export const PANEL_LIMIT: number = 100;

/** Options of {@linkcode withItemPanels}. */
export interface ItemPanelsOptions {
  /**
   * How many items of each list get a panel: of each adapter's fixed items, of its broken items
   * and of the disputed items, the first `limit` by id (their union is shown). `Infinity` shows
   * every one (memory then grows with the items shown). Default {@linkcode PANEL_LIMIT}.
   */
  readonly limit?: number | undefined;
  /**
   * The scorer the report's verdicts came from, needed when they were re-scored (then each shown
   * reply is judged again, so that a panel never contradicts the figures); the recorded verdicts
   * otherwise.
   */
  readonly scorer?: Scorer | undefined;
}

/**
 * The report with its `panels`: the items an adapter fixed or broke, and the disputed items, shown
 * whole, up to `options.limit` of each list (the first by id; {@linkcode PANEL_LIMIT} by default).
 * The results file is read once more, as a stream, keeping the latest record of each (model, item)
 * pair of those items only (as the report does: an answer wins over an error); the items give the
 * query, the tools offered and the key.
 *
 * @param report The report built from the same results file.
 * @param source The results file's bytes, whole or as a stream (read again from the start).
 * @param items The split's held-out items (from the run's configuration and dataset).
 * @param options The scorer, when the report re-scored.
 * @returns A new report, `panels` filled in, ascending by item id.
 * @throws {ResultsFileError} As `readResults` does.
 * @throws {TypeError} When the report's verdicts were re-scored and no scorer is given.
 * @throws {RangeError} When `options.limit` is not a whole number of at least 1 (or `Infinity`).
 *
 * @example
 * ```ts ignore
 * import { buildReport } from "./build_report.ts";
 * import { reportInputFromResults } from "./from_results.ts";
 * import { withItemPanels } from "./item_panels.ts";
 *
 * const bytes = await Deno.readFile("results.jsonl");
 * const report = buildReport(await reportInputFromResults(bytes, { scorer, items }));
 * const shown = await withItemPanels(report, bytes, items);
 * console.log(shown.panels!.length);
 * ```
 */
export async function withItemPanels(
  report: Report,
  source: ResultsSource,
  items: readonly Item[],
  options: ItemPanelsOptions = {},
): Promise<Report> {
  const rescored = report.trust.scorer.verdicts === "rescored";
  const limit = checkedLimit(report, options, "withItemPanels");
  const ids = new Set<ItemId>();
  // Each list ascends by id: its first `limit` ids.
  const take = (list: readonly ItemId[]) => {
    for (let i = 0; i < list.length && i < limit; i++) ids.add(list[i]!);
  };
  take(report.disputedItems?.map((d) => d.itemId) ?? []);
  for (const c of report.comparisons) {
    take(c.discordant.fixed);
    take(c.discordant.broke);
  }
  const panels = await panelsOf(source, items, ids, {
    models: report.models.map((m) => m.name),
    samples: 1,
    rescored,
    scorer: options.scorer,
    lenient: report.scoring.lenient,
    scorerName: report.trust.scorer.name,
  });
  return { ...report, panels };
}

/**
 * The sampled report with its `panels`: the items whose mean share of right answers an adapter
 * changed (each comparison's `changed.better` and `changed.worse`, the first `options.limit` of
 * each by id), each with every sample's reply and verdict by each model, read again from the
 * results file as {@linkcode withItemPanels} reads it (the latest record of each (model, item,
 * sample)).
 *
 * @param report The sampled report built from the same results file.
 * @param source The results file's bytes, whole or as a stream (read again from the start).
 * @param items The split's held-out items.
 * @param options The scorer, when the report re-scored; the limit.
 * @returns A new report, `panels` filled in, ascending by item id; a panel's replies by model
 *   (baseline first), then by sample.
 * @throws {ResultsFileError} As `readResults` does.
 * @throws {TypeError} When the report's verdicts were re-scored and no scorer is given.
 * @throws {RangeError} When `options.limit` is not a whole number of at least 1 (or `Infinity`).
 */
export async function withSampledPanels(
  report: SampledReport,
  source: ResultsSource,
  items: readonly Item[],
  options: ItemPanelsOptions = {},
): Promise<SampledReport> {
  const rescored = report.scorer.verdicts === "rescored";
  const limit = checkedLimit({ trust: { scorer: report.scorer } }, options, "withSampledPanels");
  const ids = new Set<ItemId>();
  for (const c of report.comparisons) {
    for (const list of [c.changed.better, c.changed.worse]) {
      for (let i = 0; i < list.length && i < limit; i++) ids.add(list[i]!);
    }
  }
  const panels = await panelsOf(source, items, ids, {
    models: report.models.map((m) => m.name),
    samples: report.samples,
    rescored,
    scorer: options.scorer,
    lenient: report.scoring.lenient.made,
    scorerName: report.scorer.name,
  });
  return { ...report, panels };
}

/** The limit asked, checked, and the scorer there when the verdicts were re-scored. */
function checkedLimit(
  report: { readonly trust: { readonly scorer: Report["trust"]["scorer"] } },
  options: ItemPanelsOptions,
  caller: string,
): number {
  if (report.trust.scorer.verdicts === "rescored" && options.scorer === undefined) {
    throw new TypeError(`${caller}: the report was re-scored; give the scorer it used`);
  }
  const limit = options.limit ?? PANEL_LIMIT;
  if (!(limit === Infinity || (Number.isSafeInteger(limit) && limit >= 1))) {
    throw new RangeError(`${caller}: limit ${limit} is not a whole number of at least 1`);
  }
  return limit;
}

/**
 * The panels of the items `ids` names: a second read of the results file keeping the latest
 * record of each (model, item, sample) of those items only, each shown as the report judged it.
 */
async function panelsOf(
  source: ResultsSource,
  items: readonly Item[],
  ids: ReadonlySet<ItemId>,
  how: {
    readonly models: readonly string[];
    /** K: with 1, a reply per model and no `sample`; above, a reply per model and sample. */
    readonly samples: number;
    readonly rescored: boolean;
    readonly scorer: Scorer | undefined;
    /** Whether the report made the lenient reading (then each rescue is shown). */
    readonly lenient: boolean;
    readonly scorerName: string;
  },
): Promise<ItemPanel[]> {
  const { models, samples, rescored } = how;
  const sampled = samples > 1;
  const wanted = new Map<number, Item>();
  for (const item of items) if (ids.has(item.id)) wanted.set(item.index, item);
  const latest = new Map<string, ResultRecord>();
  let shown: ((r: ResultRecord) => PanelReply) | undefined;
  await readResults(source, (record, header) => {
    shown ??= panelReply(
      header.sampling.maxTokens,
      scoreOptions(
        header.scorer.ordering,
        header.scorer.toolCallParser,
      ),
      rescored ? how.scorer : undefined,
      wanted,
      // The scorer whose lenient reading the report made, for each rescue.
      how.lenient ? how.scorer ?? lookupScorer(how.scorerName) : undefined,
    );
    if (record.kind !== "result" || !wanted.has(record.itemIndex)) return;
    if (!models.includes(record.model)) return;
    const key = resultKey(record.model, record.itemIndex, sampled ? record.sample : undefined);
    if (supersedes(latest.get(key), record)) latest.set(key, record);
  }, { responses: rescored, splitItems: items });
  const panels: ItemPanel[] = [...wanted.values()].map((item) => ({
    itemId: item.id,
    category: answerCategory(item.answers),
    query: item.query,
    conversation: item.chat === undefined ? null : conversationOf(item.chat.messages),
    tools: item.tools.map((t) => t.name),
    answer: item.answers.map((a) => ({ name: a.name, arguments: stringifyJson(a.arguments) })),
    answerText: item.chat?.answerText || null,
    replies: models.flatMap((model) =>
      Array.from({ length: samples }, (_, k): PanelReply => {
        const sample = sampled ? k : undefined;
        const r = latest.get(resultKey(model, item.index, sample));
        const reply = r === undefined
          ? { model, text: null, calls: [], verdict: null, error: null }
          : shown!(r);
        return sample === undefined ? reply : { ...reply, model, sample };
      })
    ),
  }));
  panels.sort((x, y) => compareItemIds(x.itemId, y.itemId));
  return panels;
}

/**
 * An item's prompt as a panel shows it, from its messages as compact JSON without the brackets
 * (`ChatPrompt.messages`, checked when the dataset was read): each message's role, text and calls.
 */
function conversationOf(messages: string): PanelMessage[] {
  return (parseJson(`[${messages}]`) as readonly JsonValue[]).map((value) => {
    const m = value as JsonObject;
    const content = m.get("content");
    const calls = m.get("tool_calls");
    return {
      role: String(m.get("role")),
      text: typeof content === "string" ? content : "",
      calls: Array.isArray(calls)
        ? (calls as readonly JsonValue[]).map((call) => {
          const f = (call as JsonObject).get("function") as JsonObject;
          const args = f.get("arguments")!;
          return {
            name: String(f.get("name")),
            arguments: typeof args === "string" ? args : stringifyJson(args),
          };
        })
        : [],
    };
  });
}

/** How a record is shown: its reply, and its verdict (judged again when the report re-scored). */
function panelReply(
  maxTokens: number,
  scoring: ReturnType<typeof scoreOptions>,
  scorer: Scorer | undefined,
  items: ReadonlyMap<number, Item>,
  lenient: Scorer | undefined,
): (r: ResultRecord) => PanelReply {
  return (r) => {
    let reply = r.reply;
    let verdict = r.verdict;
    let error = r.error === null ? null : { kind: r.error.kind, message: r.error.message };
    const judged = scorer === undefined
      ? undefined
      : rejudge(r, () => items.get(r.itemIndex)!, scorer, scoring, maxTokens);
    if (judged !== undefined) reply = judged?.reply ?? null;
    if (judged) {
      verdict = judged.verdict;
      error = judged.failure === null ? null : { kind: "scorer", message: judged.failure };
    }
    const rescue = lenient !== undefined && reply !== null && verdict !== null && !verdict.correct
      ? rescueOf(lenient, items.get(r.itemIndex)!, reply, scoring)
      : undefined;
    return {
      model: r.model,
      text: reply === null ? null : reply.text,
      calls: reply === null
        ? []
        : reply.calls.map((c) => ({ name: c.name, arguments: c.arguments })),
      verdict: verdict === null
        ? null
        : { correct: verdict.correct, reason: verdict.reason, detail: verdict.detail },
      error,
      ...(rescue === undefined ? {} : { rescue }),
    };
  };
}

/** How the lenient reading rescues a reply wrong under strict scoring, or `undefined`. */
function rescueOf(
  scorer: Scorer,
  item: Item,
  reply: NonNullable<ResultRecord["reply"]>,
  scoring: ReturnType<typeof scoreOptions>,
): PanelRescue | undefined {
  const v = lenientVerdictIfJudged(scorer, item, reply, scoring);
  if (v === undefined || !v.correct || v.rescued.length === 0) return undefined;
  return {
    rules: v.rescued,
    matches: v.matches.map((m) => ({
      rule: m.rule,
      call: m.call,
      argument: m.argument,
      reply: m.reply === undefined ? null : stringifyJson(m.reply),
      answer: m.answer === undefined ? null : stringifyJson(m.answer),
      detail: ruleMatchText(m),
    })),
  };
}
