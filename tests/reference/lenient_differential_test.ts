/**
 * Differential test of the lenient reading (`src/score/lenient.ts`) against `lenient.py` of the
 * Python reference, written from reference/scorers.md ("Lenient scoring") alone: on 30,000
 * generated cases (tools with optional and required parameters whose defaults are written as the
 * dataset writes them, `"0"` for an int, `"false"` for a bool; replies made from the answer with
 * strings re-cased, re-spaced and re-punctuated, optional arguments dropped or added at their
 * defaults or not, values changed, calls permuted), both must give the same verdict and the same
 * rescuing rules. Skipped, with a message, only when there is no `python3`.
 */

import assert from "node:assert/strict";
import { Prng } from "./_prng.ts";
import { runPythonLines } from "./_python.ts";
import { pythonSkip } from "../support/python.ts";
import { toolsFromJson } from "../../src/dataset/tools.ts";
import type { AnswerCall, Item } from "../../src/dataset/item.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import { lenientScore } from "../../src/score/xlam_tool_call.ts";
import type { Ordering } from "../../src/score/scorer.ts";

const CASES = 30_000;
const SEED = 20261202;

const skip = await pythonSkip("lenient differential", "stdlib");

interface LenientCase {
  readonly answers: string;
  readonly tools: string;
  readonly reply: {
    readonly text: string;
    readonly calls: readonly { name: string; arguments: string }[];
    readonly truncated: boolean;
  };
  readonly ordering: Ordering;
}

interface Outcome {
  readonly correct?: boolean;
  readonly rescued?: readonly string[];
  readonly error?: string;
}

const STRINGS = [
  "New York",
  "new york",
  "NEW-YORK",
  "new_york",
  "San Francisco, CA",
  "it's",
  'It"s',
  "a.b/c",
  "ÉCOLE",
  "école",
  "ΟΔΟΣ",
  "metric",
  "Metric",
  "",
  " ",
  "x^2*y",
  "\t tab",
];

/** A parameter: its type words, its default as the dataset writes it (or none), a value. */
interface Param {
  readonly words: string;
  readonly default?: unknown;
  readonly value: () => unknown;
}

function genParam(rng: Prng): Param {
  const optional = rng.chance(0.6) ? ", optional" : "";
  const withDefault = rng.chance(0.75);
  switch (rng.int(5)) {
    case 0: {
      const d = rng.pick(STRINGS);
      return {
        words: `str${optional}`,
        ...(withDefault ? { default: d } : {}),
        value: () => rng.chance(0.5) ? d : rng.pick(STRINGS),
      };
    }
    case 1: {
      const n = rng.int(4);
      const d = rng.pick<unknown>([String(n), n, `${n}.0`, "", "abc"]);
      return {
        words: `int${optional}`,
        ...(withDefault ? { default: d } : {}),
        value: () => rng.pick<unknown>([n, rng.int(4), String(n), { num: `${n}.0` }]),
      };
    }
    case 2: {
      const d = rng.pick<unknown>(["true", "false", "True", "False", true, false, "yes"]);
      return {
        words: `bool${optional}`,
        ...(withDefault ? { default: d } : {}),
        value: () => rng.pick<unknown>([true, false, "true", "false"]),
      };
    }
    case 3: {
      const d = rng.pick<unknown>(["[]", "[1, 2]", [], "{}", "none"]);
      return {
        words: `List[int]${optional}`,
        ...(withDefault ? { default: d } : {}),
        value: () => rng.pick<unknown>([[], [1, 2], ["a"]]),
      };
    }
    default: {
      const d = rng.pick<unknown>(["0.5", 0.5, "1e1", null]);
      return {
        words: `float${optional}`,
        ...(withDefault ? { default: d } : {}),
        value: () => rng.pick<unknown>([0.5, { num: "5e-1" }, 10, "0.5", null]),
      };
    }
  }
}

/** JSON text with `{num: text}` written as that number's text. */
function write(value: unknown): string {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    if (typeof o.num === "string" && Object.keys(o).length === 1) return o.num;
    return `{${Object.entries(o).map(([k, v]) => `${JSON.stringify(k)}: ${write(v)}`).join(", ")}}`;
  }
  if (Array.isArray(value)) return `[${value.map(write).join(", ")}]`;
  return JSON.stringify(value);
}

/** A string changed in form only, or not. */
function reform(rng: Prng, s: string): string {
  switch (rng.int(5)) {
    case 0:
      return s.toLowerCase();
    case 1:
      return s.toUpperCase();
    case 2:
      return s.replaceAll(" ", rng.pick(["_", "-", "", "  "]));
    case 3:
      return s.replaceAll('"', "'");
    default:
      return `${s}${rng.pick([".", ",", "!", ""])}`;
  }
}

function genCase(rng: Prng): LenientCase {
  const toolCount = rng.range(1, 2);
  const tools: { name: string; params: Map<string, Param> }[] = [];
  for (let t = 0; t < toolCount; t++) {
    const params = new Map<string, Param>();
    const n = rng.range(1, 4);
    for (let p = 0; p < n; p++) params.set(`p${p}`, genParam(rng));
    tools.push({ name: `tool_${t}`, params });
  }
  const toolsText = `[${
    tools.map((t) =>
      `{"name": "${t.name}", "description": "", "parameters": {${
        [...t.params].map(([k, p]) =>
          `"${k}": {"type": "${p.words}"${
            "default" in p ? `, "default": ${write(p.default)}` : ""
          }}`
        ).join(", ")
      }}}`
    ).join(", ")
  }]`;
  const answers: { name: string; args: Map<string, unknown> }[] = [];
  const callCount = rng.range(1, 3);
  for (let c = 0; c < callCount; c++) {
    const tool = rng.pick(tools);
    const args = new Map<string, unknown>();
    for (const [k, p] of tool.params) {
      if (rng.chance(0.7)) args.set(k, rng.chance(0.3) && "default" in p ? p.default : p.value());
    }
    answers.push({ name: tool.name, args });
  }
  const calls = answers.map((a) => {
    const tool = tools.find((t) => t.name === a.name)!;
    const args = new Map(a.args);
    for (const [k, p] of tool.params) {
      const r = rng.int(10);
      const now = args.get(k);
      if (r === 0) args.delete(k);
      else if (r === 1 && "default" in p) args.set(k, p.default);
      else if (r === 2) args.set(k, p.value());
      else if (r === 3 && typeof now === "string") args.set(k, reform(rng, now));
      else if (r === 4 && !args.has(k) && "default" in p) {
        const d = p.default;
        args.set(
          k,
          typeof d === "string" && p.words.startsWith("int") && /^\d+$/.test(d) ? Number(d) : d,
        );
      }
    }
    if (rng.chance(0.05)) args.set("extra", "x");
    return {
      name: rng.chance(0.03) ? "other" : a.name,
      arguments: `{${[...args].map(([k, v]) => `"${k}": ${write(v)}`).join(", ")}}`,
    };
  });
  return {
    answers: `[${
      answers.map((a) =>
        `{"name": "${a.name}", "arguments": {${
          [...a.args].map(([k, v]) => `"${k}": ${write(v)}`).join(", ")
        }}}`
      ).join(", ")
    }]`,
    tools: toolsText,
    reply: { text: "", calls: rng.chance(0.5) ? rng.shuffle(calls) : calls, truncated: false },
    ordering: rng.chance(0.7) ? "any" : "strict",
  };
}

function tsOutcome(c: LenientCase): Outcome {
  const answers = (parseJson(c.answers) as ReadonlyMap<string, never>[]).map((
    m,
  ): AnswerCall => ({ name: m.get("name")!, arguments: m.get("arguments")! }));
  const item: Item = {
    id: 1,
    index: 0,
    query: "",
    tools: toolsFromJson(parseJson(c.tools)),
    answers,
  };
  try {
    const v = lenientScore(item, c.reply, { ordering: c.ordering });
    return { correct: v.correct, rescued: v.rescued };
  } catch (e) {
    return { error: String(e) };
  }
}

Deno.test({
  name: "lenient differential: verdicts and rescuing rules agree with the Python reference",
  ignore: skip !== null,
  async fn() {
    const rng = new Prng(SEED);
    const cases = Array.from({ length: CASES }, () => genCase(rng));
    const py = (await runPythonLines("lenient", cases)) as Outcome[];
    const counts = new Map<string, number>();
    for (let i = 0; i < cases.length; i++) {
      const ts = tsOutcome(cases[i]!);
      const p = py[i]!;
      const same = ts.error !== undefined
        ? p.error !== undefined
        : ts.correct === p.correct && JSON.stringify(ts.rescued) === JSON.stringify(p.rescued);
      assert(
        same,
        `case ${i} disagrees:\n${JSON.stringify(cases[i])}\nTypeScript: ${
          JSON.stringify(ts)
        }\nPython:     ${JSON.stringify(p)}`,
      );
      const key = ts.error !== undefined
        ? "error"
        : ts.rescued!.length > 0
        ? `rescued by ${ts.rescued!.join(" and ")}`
        : ts.correct
        ? "right"
        : "wrong";
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (
      const key of [
        "right",
        "wrong",
        "rescued by string-form",
        "rescued by optional-default",
        "rescued by string-form and optional-default",
      ]
    ) {
      assert((counts.get(key) ?? 0) >= 50, `only ${counts.get(key) ?? 0} cases ${key}`);
    }
    console.log(
      `lenient differential: ${CASES} cases, all agree (${
        [...counts].sort().map(([k, n]) => `${k}: ${n}`).join(", ")
      })`,
    );
  },
});

if (skip !== null) console.log(skip);
