/**
 * The built-in scorer, `xlam-tool-call` version 1: a reply is correct when the tool calls it makes
 * are the dataset's answer, the same tools each with equal arguments.
 *
 * @module
 */

import type { AnswerCall, Item } from "../dataset/item.ts";
import { itemIdShown } from "../dataset/item_id.ts";
import { jsonEqual } from "../json/equal.ts";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/json_value.ts";
import { JsonSyntaxError, parseJson } from "../json/strict_json.ts";
import { stringifyJson } from "../json/stringify.ts";
import type { Reply, ReplyCall, ScoreOptions, Scorer, Verdict } from "./scorer.ts";
import { type LenientVerdict, lenientVerdict } from "./lenient.ts";
import { callGroups, largestMatching } from "./_matching.ts";
import { show, showName } from "./_show.ts";
import { TOOL_CALL_PARSERS, toolCallParserMarks, unparsedCallSign } from "./tool_call_parsers.ts";

/** The reasons of `xlam-tool-call`, in the order they are tried: the first that applies is given. */
export const XLAM_TOOL_CALL_REASONS: readonly XlamToolCallReason[] = [
  "truncated",
  "unparsed-call",
  "malformed-arguments",
  "no-call",
  "call-count",
  "name",
  "arguments",
  "match",
];

/** A reason `xlam-tool-call` gives. */
export type XlamToolCallReason =
  | "truncated"
  | "unparsed-call"
  | "malformed-arguments"
  | "no-call"
  | "call-count"
  | "name"
  | "arguments"
  | "match";

/** The parser assumed when the options name none. */
const DEFAULT_PARSER = "hermes";

function verdict(reason: XlamToolCallReason, detail: string): Verdict {
  return { correct: reason === "match", reason, detail };
}

function kindOf(value: JsonValue): string {
  if (value === null) return "null";
  if (typeof value === "string") return "a string";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (Array.isArray(value)) return "an array";
  return isJsonObject(value) ? "an object" : "a number";
}

function plural(n: number, one: string, many: string = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function times(n: number): string {
  return n === 1 ? "once" : n === 2 ? "twice" : `${n} times`;
}

/**
 * How a reply call's arguments differ from an answer call's, as the end of a detail:
 * `argument days is 3.5, the answer's is 3`. `answerCall` names the answer's call when it is not
 * at the reply call's position.
 */
function difference(reply: JsonObject, answer: JsonObject, answerCall?: number): string {
  const theirs = answerCall === undefined
    ? "the answer's is"
    : `the answer's call ${answerCall} has`;
  const owner = answerCall === undefined ? "the answer" : `the answer's call ${answerCall}`;
  for (const [key, expected] of answer) {
    const got = reply.get(key);
    if (got === undefined) {
      return `argument ${showName(key)} is missing, ${theirs} ${show(expected)}`;
    }
    if (!jsonEqual(got, expected)) {
      return `argument ${showName(key)} is ${show(got)}, ${theirs} ${show(expected)}`;
    }
  }
  for (const [key, got] of reply) {
    if (!answer.has(key)) {
      return `argument ${showName(key)} is ${show(got)}, which ${owner} leaves out`;
    }
  }
  return "the arguments are equal";
}

/** The arguments of an answer's call, which {@linkcode xlamToolCallRefusal} has found to be an object. */
function answerArguments(item: Item, index: number): JsonObject {
  return item.answers[index]!.arguments as JsonObject;
}

/**
 * Why `xlam-tool-call` cannot judge an item under the options, or `null` when it can: its
 * documented refusals, which `score` throws. The scorer knows a tool-call parser by its marker,
 * and can only judge an item whose answer's calls have objects for arguments: a reply's arguments
 * must be one object, so no reply could match another answer. Such an item is one the scorer
 * cannot judge, not one every model gets wrong.
 *
 * @param item The item.
 * @param options The run's ordering and tool-call parser.
 * @returns A `RangeError` for a tool-call parser the scorer does not know, a `TypeError` for an
 *   answer call whose arguments are not an object, or `null`.
 *
 * @example
 * ```ts
 * import { xlamToolCallRefusal } from "./xlam_tool_call.ts";
 * import assert from "node:assert/strict";
 *
 * const item = { id: 1, index: 0, query: "", tools: [], answers: [] };
 * assert.equal(xlamToolCallRefusal(item, { ordering: "any" }), null);
 * assert(xlamToolCallRefusal(item, { ordering: "any", toolCallParser: "jamba" }) instanceof RangeError);
 * ```
 */
export function xlamToolCallRefusal(
  item: Item,
  options: ScoreOptions,
): RangeError | TypeError | null {
  const parser = options.toolCallParser ?? DEFAULT_PARSER;
  if (toolCallParserMarks(parser) === undefined) {
    return new RangeError(
      `xlam-tool-call knows the tool-call parsers ${
        TOOL_CALL_PARSERS.map((p) => p.name).join(", ")
      }, not ${JSON.stringify(parser)}`,
    );
  }
  const answers = item.answers;
  for (let i = 0; i < answers.length; i++) {
    const args = answers[i]!.arguments;
    if (!isJsonObject(args)) {
      return new TypeError(
        `xlam-tool-call cannot judge item ${
          itemIdShown(item.id)
        }: the arguments of its answer's call ${i + 1} are ${kindOf(args)}, not an object`,
      );
    }
  }
  return null;
}

function scoreStrict(
  item: Item,
  calls: readonly ReplyCall[],
  args: readonly JsonObject[],
): Verdict {
  const answers = item.answers;
  for (let i = 0; i < calls.length; i++) {
    const got = calls[i]!.name;
    const expected = answers[i]!.name;
    if (got !== expected) {
      return verdict(
        "name",
        answers.some((a) => a.name === got)
          ? `call ${i + 1} is ${showName(got)}, the answer's call ${i + 1} is ${showName(expected)}`
          : `call ${i + 1} is ${showName(got)}, which the answer does not call`,
      );
    }
  }
  for (let i = 0; i < calls.length; i++) {
    const expected = answerArguments(item, i);
    if (!jsonEqual(args[i]!, expected)) {
      return verdict(
        "arguments",
        `call ${i + 1} ${showName(calls[i]!.name)}: ${difference(args[i]!, expected)}`,
      );
    }
  }
  return verdict("match", describeMatch(calls.length));
}

function describeMatch(calls: number): string {
  return calls === 1 ? "the call is the answer's" : `the ${calls} calls are the answer's`;
}

function scoreAny(item: Item, calls: readonly ReplyCall[], args: readonly JsonObject[]): Verdict {
  const answers = item.answers;
  // The common case: the calls are the answer's, in the answer's order.
  let inOrder = true;
  for (let i = 0; i < calls.length && inOrder; i++) {
    inOrder = calls[i]!.name === answers[i]!.name &&
      jsonEqual(args[i]!, answerArguments(item, i));
  }
  if (inOrder) return verdict("match", describeMatch(calls.length));
  // Names first: the reply must call each tool as many times as the answer does.
  const left = new Map<string, number>();
  for (const a of answers) left.set(a.name, (left.get(a.name) ?? 0) + 1);
  const total = new Map(left);
  for (let i = 0; i < calls.length; i++) {
    const name = calls[i]!.name;
    const n = left.get(name) ?? 0;
    if (n === 0) {
      const inAnswer = total.get(name) ?? 0;
      return verdict(
        "name",
        inAnswer === 0
          ? `call ${i + 1} is ${showName(name)}, which the answer does not call`
          : `call ${i + 1} is ${showName(name)}, which the answer calls only ${times(inAnswer)}`,
      );
    }
    left.set(name, n - 1);
  }
  // Else an exact matching, tool by tool.
  const groups = callGroups(answers, calls);
  let firstUnmatched: { reply: number; answer: number } | undefined;
  for (const group of groups.values()) {
    const size = group.answers.length;
    const equal = group.replies.map((r) =>
      group.answers.map((a) => jsonEqual(args[r]!, answerArguments(item, a)))
    );
    const replyOf = largestMatching(equal, size);
    if (replyOf.every((r) => r >= 0)) continue;
    const matched = new Set(replyOf);
    const r = group.replies.findIndex((_, k) => !matched.has(k));
    const a = replyOf.indexOf(-1);
    const reply = group.replies[r]!;
    if (firstUnmatched === undefined || reply < firstUnmatched.reply) {
      firstUnmatched = { reply, answer: group.answers[a]! };
    }
  }
  if (firstUnmatched === undefined) return verdict("match", describeMatch(calls.length));
  const { reply, answer } = firstUnmatched;
  return verdict(
    "arguments",
    `call ${reply + 1} ${showName(calls[reply]!.name)}: ${
      difference(
        args[reply]!,
        answerArguments(item, answer),
        reply === answer ? undefined : answer + 1,
      )
    }`,
  );
}

function keyOf(item: Item): Reply {
  return {
    text: "",
    calls: item.answers.map((call: AnswerCall): ReplyCall => ({
      name: call.name,
      arguments: stringifyJson(call.arguments),
    })),
    truncated: false,
  };
}

function score(item: Item, reply: Reply, options: ScoreOptions): Verdict {
  const refused = xlamToolCallRefusal(item, options);
  if (refused !== null) throw refused;
  const parser = options.toolCallParser ?? DEFAULT_PARSER;
  const marks = toolCallParserMarks(parser)!;
  if (reply.truncated) return verdict("truncated", "the reply reached the token limit");
  const calls = reply.calls;
  const sign = calls.length === 0 ? unparsedCallSign(marks, reply.text) : null;
  if (sign !== null) {
    return verdict("unparsed-call", `the reply has no calls, and its text ${sign}`);
  }
  const args: JsonObject[] = [];
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i]!;
    let value: JsonValue;
    try {
      value = parseJson(call.arguments);
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      return verdict(
        "malformed-arguments",
        `call ${i + 1} ${
          showName(call.name)
        }: the arguments are not strict JSON (${error.message})`,
      );
    }
    if (!isJsonObject(value)) {
      return verdict(
        "malformed-arguments",
        `call ${i + 1} ${showName(call.name)}: the arguments are ${kindOf(value)}, not an object`,
      );
    }
    args.push(value);
  }
  const expected = item.answers.length;
  if (calls.length === 0) {
    return expected === 0
      ? verdict("match", "no calls, as the answer has none")
      : verdict("no-call", `the reply has no calls, the answer has ${expected}`);
  }
  if (calls.length !== expected) {
    return verdict(
      "call-count",
      `the reply has ${plural(calls.length, "call")}, the answer has ${expected}`,
    );
  }
  return options.ordering === "strict"
    ? scoreStrict(item, calls, args)
    : scoreAny(item, calls, args);
}

const NAME = "xlam-tool-call";
const VERSION = "1";
const PARSER_NAMES: readonly string[] = TOOL_CALL_PARSERS.map((p) => p.name);

/**
 * The lenient verdict on a reply: `xlam-tool-call`'s, except that a reply wrong only by its
 * arguments is right when every call's arguments match the answer's under the rules
 * `LENIENT_RULES` (`reference/scorers.md`, "Lenient scoring"):
 *
 * - `string-form`: two values are equal when every string in them is equal after BFCL's
 *   normalisation (`stringFormEqual`);
 * - `optional-default`: an argument the reply leaves out where the tool declares it optional and
 *   the answer gives its declared default, read by its type; or one the reply gives at that
 *   default where the answer leaves it out.
 *
 * A rescued reply is counted under each rule it cannot do without (scored with the other rule
 * alone it is wrong); one that either rule alone rescues, under `string-form`, the first.
 *
 * @param item The item.
 * @param reply The reply.
 * @param options The run's ordering and tool-call parser.
 * @returns The verdict, its rescuing rules and the arguments they matched.
 * @throws {RangeError} When `xlam-tool-call` does (a tool-call parser it does not know).
 * @throws {TypeError} When `xlam-tool-call` does (an answer call whose arguments are not an
 *   object).
 *
 * @example
 * ```ts
 * import { parseJson } from "@assess/assess";
 * import { lenientScore } from "./xlam_tool_call.ts";
 * import assert from "node:assert/strict";
 *
 * const item = {
 *   id: 7, index: 7, query: "Weather in New York?", tools: [],
 *   answers: [{ name: "get_weather", arguments: parseJson('{"city": "New York"}') }],
 * };
 * const reply = {
 *   text: "", truncated: false,
 *   calls: [{ name: "get_weather", arguments: '{"city": "new york"}' }],
 * };
 * const v = lenientScore(item, reply, { ordering: "any" });
 * assert.equal(v.correct, true);
 * assert.deepEqual(v.rescued, ["string-form"]);
 * ```
 */
export function lenientScore(item: Item, reply: Reply, options: ScoreOptions): LenientVerdict {
  return lenientVerdict(score(item, reply, options), item, reply, options);
}

/**
 * The lenient reading of `xlam-tool-call` as a scorer (its `lenient` member), so that `selftest`
 * holds it to the same self-test: the same key and reasons, {@linkcode lenientScore} for verdicts.
 * It is not in the registry: no configuration selects it; `assess selftest` and `assess report`
 * use it beside `xlam-tool-call`.
 *
 * @example
 * ```ts
 * import { xlamToolCall } from "@assess/assess";
 * import { selftest } from "./selftest.ts";
 * import { xlamToolCallLenient } from "./xlam_tool_call.ts";
 * import assert from "node:assert/strict";
 *
 * const items = [{ id: 4, index: 0, query: "", tools: [], answers: [] }];
 * assert.equal(selftest(xlamToolCallLenient, items, { ordering: "any" }).failedItems, 0);
 * assert.equal(xlamToolCall.lenient, xlamToolCallLenient);
 * ```
 */
export const xlamToolCallLenient: Scorer = {
  name: `${NAME} (lenient)`,
  version: VERSION,
  reasons: XLAM_TOOL_CALL_REASONS,
  toolCallParsers: PARSER_NAMES,
  key: keyOf,
  score: lenientScore,
};

/**
 * The built-in scorer, `xlam-tool-call` version 1. It marks a reply correct when its tool calls are
 * the dataset's answer: the same tools, each with equal arguments (see {@linkcode jsonEqual}), in
 * any order or, under `ordering: strict`, in the answer's order. Its reasons are
 * {@linkcode XLAM_TOOL_CALL_REASONS}, tried in that order. It knows the vLLM tool-call parsers of
 * {@linkcode TOOL_CALL_PARSERS}, each by how its undecodable call shows in a reply's text, and
 * assumes `hermes` (marker `<tool_call>`) when the options name no parser; another parser makes
 * `score` throw, as it cannot tell an unparsed call.
 *
 * Under `ordering: any`, the reason is `name` when the reply calls a tool more often than the
 * answer does (a tool the answer does not call at all, or a second call to a tool the answer calls
 * once), and `arguments` when every tool is called as often as in the answer but no pairing of
 * calls to the same tool gives each reply call an answer call with equal arguments.
 *
 * `score` throws (the scorer could not judge, never a wrong answer) a `RangeError` for a
 * `toolCallParser` outside {@linkcode TOOL_CALL_PARSERS}, and a `TypeError` for an item whose answer has a call whose
 * arguments are not a JSON object (no reply could match it). `reference/scorers.md` has every reason
 * with an example.
 *
 * @example
 * ```ts
 * import { parseJson, xlamToolCall } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const item = {
 *   id: 7, index: 7, query: "Weather in Paris for 3 days?", tools: [],
 *   answers: [{ name: "get_weather", arguments: parseJson('{"city": "Paris", "days": 3}') }],
 * };
 * const reply = {
 *   text: "",
 *   calls: [{ name: "get_weather", arguments: '{"days": 3.5, "city": "Paris"}' }],
 *   truncated: false,
 * };
 * assert.deepEqual(xlamToolCall.score(item, reply, { ordering: "any" }), {
 *   correct: false,
 *   reason: "arguments",
 *   detail: "call 1 get_weather: argument days is 3.5, the answer's is 3",
 * });
 * assert.equal(xlamToolCall.score(item, xlamToolCall.key(item), { ordering: "any" }).reason, "match");
 * ```
 */
export const xlamToolCall: Scorer = {
  name: NAME,
  version: VERSION,
  reasons: XLAM_TOOL_CALL_REASONS,
  toolCallParsers: PARSER_NAMES,
  key: keyOf,
  score,
  lenient: xlamToolCallLenient,
};
