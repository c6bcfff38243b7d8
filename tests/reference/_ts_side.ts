/**
 * The TypeScript side of the differential test: the same cases, through the project's own scorer,
 * type-word conversion and split.
 *
 * @module
 */

import { loadChatDataset } from "../../src/dataset/chat_jsonl.ts";
import type { JsonValue } from "../../src/json/json_value.ts";
import { isJsonObject } from "../../src/json/json_value.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import type { AnswerCall, Item } from "../../src/dataset/item.ts";
import { lookupScorer } from "../../src/score/registry.ts";
import { stringifyJson } from "../../src/json/stringify.ts";
import { toolsFromJson } from "../../src/dataset/tools.ts";
import { loadDataset } from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { DatasetError } from "../../src/dataset/dataset_error.ts";
import { splitFileText, SplitSizeError, takeSplit } from "../../src/split/split.ts";
import type { ScoreCase } from "./_cases.ts";

/** The answer calls of a row's `answers` string, read the way the dataset reads them. */
export function answerCalls(answers: string): AnswerCall[] {
  const value = parseJson(answers);
  if (!Array.isArray(value)) throw new Error("answers is not an array");
  return value.map((call: JsonValue) => {
    if (!isJsonObject(call)) throw new Error("an answer call is not an object");
    const name = call.get("name");
    const args = call.get("arguments");
    if (typeof name !== "string" || args === undefined) throw new Error("not a call");
    return { name, arguments: args };
  });
}

/** The reason the TypeScript scorer gives for a case (`error` when it throws: cannot judge). */
export function tsReason(c: ScoreCase): string {
  const scorer = lookupScorer("xlam-tool-call");
  if (scorer === undefined) throw new Error("xlam-tool-call is not registered");
  const item: Item = { id: 0, index: 0, query: "", tools: [], answers: answerCalls(c.answers) };
  try {
    const verdict = scorer.score(item, c.reply, {
      ordering: c.ordering,
      ...(c.toolCallParser === undefined ? {} : { toolCallParser: c.toolCallParser }),
    });
    return verdict.reason;
  } catch {
    return "error";
  }
}

/** The TypeScript scorer's answer key for a case's answer, as a case to score (undefined when
 * `key` throws). */
export function tsKeyCase(c: ScoreCase): ScoreCase | undefined {
  const scorer = lookupScorer("xlam-tool-call");
  if (scorer === undefined) throw new Error("xlam-tool-call is not registered");
  const item: Item = { id: 0, index: 0, query: "", tools: [], answers: answerCalls(c.answers) };
  try {
    const key = scorer.key(item);
    return {
      answers: c.answers,
      reply: { text: key.text, calls: key.calls.map((x) => ({ ...x })), truncated: key.truncated },
      ordering: c.ordering,
    };
  } catch {
    return undefined;
  }
}

/** A row's tools as the TypeScript side sends them: one output line like `assess_ref.py tools`. */
export function tsToolsLine(row: { id?: unknown; tools?: unknown }, index: number): string {
  const id = typeof row.id === "number" ? String(row.id) : "null";
  try {
    if (typeof row.tools !== "string") throw new Error("tools is not a string");
    const tools = toolsFromJson(parseJson(row.tools));
    const value = tools.map((t) =>
      new Map<string, JsonValue>([
        ["name", t.name],
        ["description", t.description],
        ["parameters", t.parameters],
      ])
    );
    return `{"index": ${index}, "id": ${id}, "tools": ${stringifyJson(value)}}`;
  } catch (e) {
    return `{"index": ${index}, "id": ${id}, "refused": ${
      JSON.stringify(e instanceof Error ? e.message : String(e))
    }}`;
  }
}

/** The result of a split on the TypeScript side, shaped like `assess_ref.py split-batch`'s. */
export type SplitOutcome = { file: string } | { refused: "dataset" | "size"; message: string };

/** Splits a dataset's bytes with the project's split.v1. */
export function tsSplit(
  bytes: Uint8Array,
  seed: string,
  size: number,
  confirm?: number,
  kind: "xlam-function-calling" | "chat-jsonl" = "xlam-function-calling",
): SplitOutcome {
  let dataset;
  try {
    dataset = (kind === "chat-jsonl" ? loadChatDataset : loadDataset)(bytes, sha256Hex(bytes));
  } catch (e) {
    if (e instanceof DatasetError) return { refused: "dataset", message: e.message };
    throw e;
  }
  try {
    return { file: splitFileText(takeSplit(dataset, { seed, size, confirm })) };
  } catch (e) {
    if (e instanceof SplitSizeError) return { refused: "size", message: e.message };
    throw e;
  }
}

/** Whether two split outcomes are the same file, or refusals of the same kind. */
export function sameSplit(a: SplitOutcome, b: SplitOutcome): boolean {
  if ("file" in a && "file" in b) return a.file === b.file;
  return "refused" in a && "refused" in b && a.refused === b.refused;
}

/** The first line where two split outcomes differ, in words. */
export function splitDifference(ts: SplitOutcome, py: SplitOutcome): string {
  if ("file" in ts && "file" in py) {
    const a = ts.file.split("\n");
    const b = py.file.split("\n");
    const k = a.findIndex((line, j) => line !== b[j]);
    return `the files differ at line ${k + 1}:\nTypeScript: ${a[k]}\nPython:     ${b[k]}`;
  }
  const word = (o: SplitOutcome) =>
    "file" in o ? "a split file" : `a refusal (${o.refused}: ${o.message})`;
  return `TypeScript gives ${word(ts)}\nPython gives ${word(py)}`;
}
