/**
 * The lenient reading of `xlam-tool-call`: the same replies, judged with named rules that forgive
 * a difference of form. A reply right under strict scoring is right under lenient scoring. The
 * reading itself is the scorer's `lenient` member (`xlamToolCallLenient`); this file holds its
 * rules, and reads any scorer's lenient reading for the report.
 *
 * @module
 */

import type { Item, ToolSpec } from "../dataset/item.ts";
import { jsonEqual } from "../json/equal.ts";
import type { JsonObject, JsonValue } from "../json/json_value.ts";
import { parseJson } from "../json/strict_json.ts";
import { callGroups, largestMatching } from "./_matching.ts";
import { show, showName } from "./_show.ts";
import { optionalDefault } from "./optional_default.ts";
import type { Reply, ScoreOptions, Scorer, Verdict } from "./scorer.ts";
import { stringFormEqual } from "./string_form.ts";

/** A rule of the lenient reading (`reference/scorers.md`, "Lenient scoring"). */
export type LenientRule = "string-form" | "optional-default";

/** The rules of the lenient reading, in the order an item is counted under them. */
export const LENIENT_RULES: readonly LenientRule[] = ["string-form", "optional-default"];

/** An argument matched by a rule, not by equality: what the item drill-down shows. */
export interface RuleMatch {
  /** The rule. */
  readonly rule: LenientRule;
  /** The reply's call, from 1. */
  readonly call: number;
  /** The tool called. */
  readonly tool: string;
  /** The argument. */
  readonly argument: string;
  /** The reply's value; left out when the reply leaves the argument out. */
  readonly reply?: JsonValue;
  /** The answer's value; left out when the answer leaves the argument out. */
  readonly answer?: JsonValue;
  /** The parameter's declared default as read (`optional-default` only). */
  readonly default?: JsonValue;
}

/** A verdict of the lenient reading. */
export interface LenientVerdict extends Verdict {
  /**
   * The rules that rescued the reply (wrong under strict scoring, right here), in
   * {@linkcode LENIENT_RULES}' order; `[]` when the strict verdict stands.
   */
  readonly rescued: readonly LenientRule[];
  /** The arguments the rescue matched by a rule, by reply call; `[]` with no rescue. */
  readonly matches: readonly RuleMatch[];
}

type Rules = ReadonlySet<LenientRule>;

const BOTH: Rules = new Set(LENIENT_RULES);
const STRING_FORM: Rules = new Set(["string-form"]);
const OPTIONAL_DEFAULT: Rules = new Set(["optional-default"]);

/**
 * Whether a reply call's arguments match an answer call's under the rules: each of the answer's
 * arguments equal to the reply's (by `jsonEqual`, or under `string-form`), or left out of the
 * reply where it is at the tool's optional default; each argument only the reply gives at that
 * default. The arguments matched by a rule, or `null` when they do not match.
 */
function pairMatch(
  reply: JsonObject,
  answer: JsonObject,
  tool: ToolSpec | undefined,
  rules: Rules,
  call: number,
  name: string,
): RuleMatch[] | null {
  const matches: RuleMatch[] = [];
  /** Whether a value one side gives is the argument's optional default; if so, noted. */
  const atDefault = (argument: string, side: "reply" | "answer", value: JsonValue): boolean => {
    if (!rules.has("optional-default") || tool === undefined) return false;
    const declared = optionalDefault(tool, argument);
    if (declared === undefined || !jsonEqual(value, declared)) return false;
    matches.push({
      rule: "optional-default",
      call,
      tool: name,
      argument,
      [side]: value,
      default: declared,
    });
    return true;
  };
  for (const [argument, expected] of answer) {
    const got = reply.get(argument);
    if (got === undefined) {
      if (!atDefault(argument, "answer", expected)) return null;
      continue;
    }
    if (jsonEqual(got, expected)) continue;
    if (!rules.has("string-form") || !stringFormEqual(got, expected)) return null;
    matches.push({ rule: "string-form", call, tool: name, argument, reply: got, answer: expected });
  }
  for (const [argument, got] of reply) {
    if (!answer.has(argument) && !atDefault(argument, "reply", got)) return null;
  }
  return matches;
}

/**
 * The arguments matched by a rule when the reply matches the answer under the rules, else `null`.
 * Called only when strict scoring found the reply's tool names to be the answer's and every
 * argument text one object (the reason `arguments`).
 */
function judge(
  item: Item,
  reply: Reply,
  args: readonly JsonObject[],
  options: ScoreOptions,
  rules: Rules,
): RuleMatch[] | null {
  const calls = reply.calls;
  const answers = item.answers;
  const toolOf = (name: string) => item.tools.find((t) => t.name === name);
  const pair = (r: number, a: number) =>
    pairMatch(
      args[r]!,
      answers[a]!.arguments as JsonObject,
      toolOf(calls[r]!.name),
      rules,
      r + 1,
      calls[r]!.name,
    );
  const found: RuleMatch[][] = [];
  if (options.ordering === "strict") {
    for (let i = 0; i < calls.length; i++) {
      const m = pair(i, i);
      if (m === null) return null;
      found.push(m);
    }
    return found.flat();
  }
  const groups = callGroups(answers, calls);
  const byCall: RuleMatch[][] = new Array(calls.length);
  for (const group of groups.values()) {
    const pairs = group.replies.map((r) => group.answers.map((a) => pair(r, a)));
    const replyOf = largestMatching(
      pairs.map((row) => row.map((m) => m !== null)),
      group.answers.length,
    );
    if (replyOf.some((r) => r < 0)) return null;
    for (let a = 0; a < replyOf.length; a++) {
      const r = replyOf[a]!;
      byCall[group.replies[r]!] = pairs[r]![a]!;
    }
  }
  return byCall.flat();
}

/** One argument matched by a rule, in words. */
export function ruleMatchText(m: RuleMatch): string {
  const head = `call ${m.call} ${showName(m.tool)}: argument ${showName(m.argument)}`;
  if (m.rule === "string-form") {
    return `${head} is ${show(m.reply!)}, the answer's is ${show(m.answer!)} (string-form)`;
  }
  return m.reply === undefined
    ? `${head} is left out, the answer's is ${
      show(m.answer!)
    }, its optional default (optional-default)`
    : `${head} is ${
      show(m.reply)
    }, its optional default, which the answer leaves out (optional-default)`;
}

/**
 * The lenient verdict on a reply, from `xlam-tool-call`'s strict verdict on it: that verdict,
 * except that a reply wrong only by its arguments is right when every call's arguments match the
 * answer's under the rules {@linkcode LENIENT_RULES} (`lenientScore` in `xlam_tool_call.ts` says
 * them).
 *
 * @param strict `xlam-tool-call`'s verdict on the reply.
 * @param item The item.
 * @param reply The reply.
 * @param options The run's ordering and tool-call parser.
 * @returns The verdict, its rescuing rules and the arguments they matched.
 */
export function lenientVerdict(
  strict: Verdict,
  item: Item,
  reply: Reply,
  options: ScoreOptions,
): LenientVerdict {
  const stands = { ...strict, rescued: [], matches: [] };
  if (strict.correct || strict.reason !== "arguments") return stands;
  // A larger set of rules accepts whatever a smaller one does: each rule alone first, then both.
  const args = reply.calls.map((c) => parseJson(c.arguments) as JsonObject);
  let rescued: LenientRule[] = ["string-form"];
  let matches = judge(item, reply, args, options, STRING_FORM);
  if (matches === null) {
    rescued = ["optional-default"];
    matches = judge(item, reply, args, options, OPTIONAL_DEFAULT);
  }
  if (matches === null) {
    rescued = ["string-form", "optional-default"];
    matches = judge(item, reply, args, options, BOTH);
  }
  if (matches === null) return stands;
  const calls = reply.calls.length;
  const head = calls === 1 ? "the call is the answer's" : `the ${calls} calls are the answer's`;
  const more = matches.length > 1 ? ` (and ${matches.length - 1} more)` : "";
  return {
    correct: true,
    reason: "match",
    detail: `${head} under lenient scoring: ${ruleMatchText(matches[0]!)}${more}`,
    rescued,
    matches,
  };
}

/**
 * The lenient verdict of a scorer's lenient reading (its `lenient` member) on a reply, or
 * `undefined` when the scorer has none or cannot judge the item. A reading that throws is taken to
 * refuse the item when the scorer itself throws on the item's own key (it cannot judge the item at
 * all, as `xlam-tool-call` cannot under a tool-call parser it does not know, or with an answer call
 * whose arguments are not an object); anything else it throws, a bug, propagates. The rules a
 * verdict names as rescuing (`rescued`, `matches`: {@linkcode LenientVerdict}'s, which
 * `xlam-tool-call`'s reading gives) are kept when they are rules of {@linkcode LENIENT_RULES};
 * another reading's rescue is counted under no rule.
 *
 * @param scorer The scorer.
 * @param item The item.
 * @param reply The reply.
 * @param options The run's ordering and tool-call parser.
 * @returns The verdict, or `undefined`.
 *
 * @example
 * ```ts
 * import { lenientVerdictIfJudged } from "./lenient.ts";
 * import { xlamToolCall } from "./xlam_tool_call.ts";
 * import assert from "node:assert/strict";
 *
 * const item = { id: 1, index: 0, query: "", tools: [], answers: [] };
 * const reply = { text: "", calls: [], truncated: false };
 * const jamba = { ordering: "any", toolCallParser: "jamba" } as const;
 * assert.equal(lenientVerdictIfJudged(xlamToolCall, item, reply, jamba), undefined);
 * assert.equal(lenientVerdictIfJudged(xlamToolCall, item, reply, { ordering: "any" })?.correct, true);
 * ```
 */
export function lenientVerdictIfJudged(
  scorer: Scorer,
  item: Item,
  reply: Reply,
  options: ScoreOptions,
): LenientVerdict | undefined {
  const reading = scorer.lenient;
  if (reading === undefined) return undefined;
  let v: Verdict;
  try {
    v = reading.score(item, reply, options);
  } catch (e) {
    try {
      scorer.score(item, scorer.key(item), options);
    } catch {
      return undefined;
    }
    throw e;
  }
  const given = v as Partial<LenientVerdict>;
  const rescued = v.correct && Array.isArray(given.rescued)
    ? LENIENT_RULES.filter((rule) => given.rescued!.includes(rule))
    : [];
  if (rescued.length === (given.rescued?.length ?? -1) && Array.isArray(given.matches)) {
    return v as LenientVerdict;
  }
  const matches = rescued.length > 0 && Array.isArray(given.matches)
    ? given.matches.filter((m) => rescued.includes(m?.rule))
    : [];
  return { correct: v.correct, reason: v.reason, detail: v.detail, rescued, matches };
}
