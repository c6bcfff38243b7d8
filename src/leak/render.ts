/**
 * The leak check's report as text for a person and as JSON for CI.
 *
 * @module
 */

import { type ItemId, itemIdShown } from "../dataset/item_id.ts";
import { LEAK_KINDS, type LeakKind, type LeakMatch, type LeakReport } from "./leak_report.ts";
import { SHINGLE_WORDS } from "./normalize.ts";
import { ADDED_WORDS, NEAR_EDITS, NEAR_MIN_WORDS, TWO_EDITS_MIN_WORDS } from "./_word_edits.ts";

/** Where a report comes from, for its JSON: the file, the split and the scorer. */
export interface LeakContext {
  /** The training file, as named on the command line. */
  readonly file: string;
  /** The split's digest. */
  readonly splitDigest: string;
  /** The dataset's SHA-256. */
  readonly datasetSha256: string;
  /** The scorer that judged answers, and its version. */
  readonly scorer: { readonly name: string; readonly version: string };
  /** Its ordering. */
  readonly ordering: string;
}

/** A Jaccard index as a report shows it: rounded down to 3 places, so 0.8 is never overstated. */
function jaccard(match: LeakMatch): string {
  return (Math.floor(ratio(match) * 1000) / 1000).toFixed(3);
}

/** The Jaccard index; 1 for two queries without a word (their empty sets are equal). */
function ratio(match: LeakMatch): number {
  return match.union === 0 ? 1 : match.shared / match.union;
}

/** A match's word edits, as a report shows them: `1 word edit`, `2 word edits: 4 words added`. */
function edits(match: LeakMatch): string {
  const added = match.addedWords ?? 0;
  return `${plural(match.edits ?? 0, "word edit")}${
    added > 0 ? `: ${plural(added, "word")} added at an end` : ""
  }`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function shown(kind: LeakKind, match: LeakMatch): string {
  switch (kind) {
    case "exact":
      return `${match.line}${match.sameAnswer ? " (with its answer)" : ""}`;
    case "near":
      return `${match.line} (${edits(match)}${match.sameAnswer ? ", with its answer" : ""})`;
    case "sibling":
      return `${match.line} (${edits(match)})`;
    case "answer":
      // A text too long to count all its shingles: its union is a lower bound, the index at most.
      return match.unionAtLeast === true
        ? `${match.line} (query Jaccard at most ${
          (Math.ceil(ratio(match) * 1000) / 1000).toFixed(3)
        }: the line's query has too many shingles to count them all)`
        : `${match.line} (query Jaccard ${jaccard(match)})`;
  }
}

/**
 * How many held-out items leak, each counted once under the strongest way it leaks (exact, then
 * near, then by answer), so that the counts add up to `leaking`; and how many of them leak in more
 * than one way (each way has its own row).
 */
function byStrongestKind(
  report: LeakReport,
): { count: (kind: LeakKind) => number; several: number } {
  const strongest = new Map<ItemId, LeakKind>();
  const several = new Set<ItemId>();
  // The leaks come by kind, strongest first: an item's first row is its strongest way.
  for (const leak of report.leaks) {
    if (leak.kind === "sibling") continue;
    if (strongest.has(leak.id)) several.add(leak.id);
    else strongest.set(leak.id, leak.kind);
  }
  const kinds = [...strongest.values()];
  return { count: (kind) => kinds.filter((k) => k === kind).length, several: several.size };
}

/**
 * The report as text: a first line saying whether anything leaks (and how many held-out items
 * have a template sibling), then a line per held-out item and kind: the kind, the id, and the
 * lines (with the word edits of near duplicates and siblings, the query Jaccard index of answer
 * leaks, and whether the answer leaks too).
 *
 * @param report What {@linkcode checkLeaks} found.
 * @param file The training file's name, as it was given.
 * @returns The text, each line ending with a newline.
 *
 * @example
 * ```ts
 * import { leakText } from "./render.ts";
 * import assert from "node:assert/strict";
 *
 * const text = leakText({
 *   format: "jsonl", lines: 3, examples: 3, heldOut: 2, leaking: 1, siblings: 0,
 *   leaks: [{
 *     kind: "near", id: 7, matches: 1,
 *     lines: [{ line: 2, shared: 5, union: 6, sameAnswer: false, edits: 1, addedWords: 0 }],
 *   }],
 * }, "train.jsonl");
 * assert.equal(
 *   text,
 *   "train.jsonl: 1 of the 2 held-out items leaks into its 3 examples: 0 exact, 1 near, 0 by answer\n" +
 *     "  near    id 7  line 2 (1 word edit)\n",
 * );
 * ```
 */
export function leakText(report: LeakReport, file: string): string {
  const examples = plural(report.examples, "example");
  const siblings = report.siblings === 0
    ? ""
    : `; ${report.siblings} ${report.siblings === 1 ? "has" : "have"} a template sibling there ` +
      "(not a leak)";
  if (report.leaks.length === 0) {
    return `${file}: no held-out item leaks into its ${examples} ` +
      `(${plural(report.heldOut, "held-out item")} checked)\n`;
  }
  const { count, several } = byStrongestKind(report);
  let text = report.leaking === 0
    ? `${file}: no held-out item leaks into its ${examples} ` +
      `(${plural(report.heldOut, "held-out item")} checked)${siblings}\n`
    : `${file}: ${report.leaking} of the ${plural(report.heldOut, "held-out item")} ` +
      `${report.leaking === 1 ? "leaks" : "leak"} into its ${examples}: ${count("exact")} exact, ` +
      `${count("near")} near, ${count("answer")} by answer${
        several === 0
          ? ""
          : ` (${several} of them also ${several === 1 ? "leaks" : "leak"} another way)`
      }${siblings}\n`;
  const width = Math.max(...report.leaks.map((l) => itemIdShown(l.id).length));
  for (const leak of report.leaks) {
    const lines = leak.lines.map((m) => shown(leak.kind, m));
    const more = leak.matches - leak.lines.length;
    if (more > 0) lines.push(`and ${more} more`);
    text += `  ${leak.kind.padEnd(6)}  id ${itemIdShown(leak.id).padEnd(width)}  ` +
      `${leak.matches === 1 ? "line" : "lines"} ${lines.join(", ")}\n`;
  }
  return text;
}

/**
 * The report as JSON (`schema/leak.schema.json`): where it comes from, the rules, the counts and
 * every leak with its lines, each line's shared and united shingles, Jaccard index and word edits.
 *
 * @param report What {@linkcode checkLeaks} found.
 * @param context The file, the split and the scorer.
 * @returns The JSON text, two spaces of indent, ending with a newline.
 *
 * @example
 * ```ts
 * import { leakJson } from "./render.ts";
 * import assert from "node:assert/strict";
 *
 * const json = JSON.parse(leakJson(
 *   { format: "jsonl", lines: 1, examples: 1, heldOut: 1, leaking: 0, siblings: 0, leaks: [] },
 *   {
 *     file: "train.jsonl", splitDigest: "d".repeat(64), datasetSha256: "a".repeat(64),
 *     scorer: { name: "xlam-tool-call", version: "1" }, ordering: "any",
 *   },
 * ));
 * assert.equal(json.schema, "assess.leak.v2");
 * assert.equal(json.leaking, 0);
 * ```
 */
export function leakJson(report: LeakReport, context: LeakContext): string {
  const value = {
    schema: "assess.leak.v2",
    file: context.file,
    format: report.format,
    lines: report.lines,
    examples: report.examples,
    split: { digest: context.splitDigest, datasetSha256: context.datasetSha256 },
    heldOut: report.heldOut,
    rules: {
      kinds: LEAK_KINDS,
      shingleWords: SHINGLE_WORDS,
      nearEdits: NEAR_EDITS,
      nearMinWords: NEAR_MIN_WORDS,
      twoEditsMinWords: TWO_EDITS_MIN_WORDS,
      addedWords: ADDED_WORDS,
      scorer: context.scorer,
      ordering: context.ordering,
    },
    leaking: report.leaking,
    siblings: report.siblings,
    leaks: report.leaks.map((leak) => ({
      kind: leak.kind,
      id: leak.id,
      matches: leak.matches,
      lines: leak.lines.map((m) => ({
        line: m.line,
        shared: m.shared,
        union: m.union,
        jaccard: ratio(m),
        sameAnswer: m.sameAnswer,
        ...(m.edits === undefined ? {} : { edits: m.edits, addedWords: m.addedWords ?? 0 }),
        ...(m.unionAtLeast === true ? { unionAtLeast: true } : {}),
      })),
    })),
  };
  return JSON.stringify(value, null, 2) + "\n";
}
