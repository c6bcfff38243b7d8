/**
 * Generated type words for the differential test: words of the grammar with random spacing and
 * suffixes (`optional`, `default=…` in Python literal syntax), words just outside it, and a
 * parameter `default` that agrees with the words' default or not.
 *
 * @module
 */

import type { Prng } from "./_prng.ts";

const BARE = ["str", "int", "float", "bool", "list", "List", "Dict", "set"];
const OUTSIDE = [
  "Dict[str, int]",
  "Optional[int]",
  "integer",
  "String",
  "list[int]",
  "set[str]",
  "Union[int, float]",
  "Union[int, str]",
  "Tuple",
  "Callable",
  "Any",
  "None",
  "tuple",
  "List[",
  "List[int",
  "List[int]]",
  "int optional",
  "str, required",
  "int,",
  ",int",
  "int\t",
  "\u00a0int",
  "Int",
  "LIST",
  "",
  " ",
  "List[Union[int, int]]",
  "Callable[[...], int]",
  "Callable[[int], ]",
  "Callable[int, int]",
  "Tuple[]",
  "List[]",
];

function sp(rng: Prng): string {
  return rng.chance(0.15) ? " ".repeat(rng.range(1, 2)) : "";
}

/** A type of the grammar (and its member text). */
function genType(rng: Prng, depth: number): string {
  const r = rng.int(depth > 0 ? 10 : 6);
  if (r < 6) return rng.pick(BARE);
  if (r === 6) return `List${sp(rng)}[${genMember(rng, depth - 1)}]`;
  if (r === 7) {
    const m = genMember(rng, depth - 1);
    const n = rng.range(1, 3);
    const members = Array.from(
      { length: n },
      () => (rng.chance(0.8)
        ? m.trim().replace(/ +/g, rng.chance(0.5) ? "" : " ")
        : genMember(rng, depth - 1)),
    );
    return `Tuple${sp(rng)}[${members.map((x) => sp(rng) + x + sp(rng)).join(",")}]`;
  }
  if (r === 8) {
    const args = rng.chance(0.2)
      ? "..."
      : `[${sp(rng)}${
        Array.from({ length: rng.int(3) }, () => genMember(rng, depth - 1)).join(",")
      }${sp(rng)}]`;
    const result = rng.chance(0.2) ? "None" : genMember(rng, depth - 1);
    return `Callable${sp(rng)}[${sp(rng)}${args}${sp(rng)},${sp(rng)}${result}${sp(rng)}]`;
  }
  return `List${sp(rng)}[${sp(rng)}Union${sp(rng)}[${sp(rng)}${rng.chance(0.5) ? "int" : "float"}${
    sp(rng)
  },${sp(rng)}${rng.chance(0.5) ? "float" : "int"}${sp(rng)}]${sp(rng)}]`;
}

function genMember(rng: Prng, depth: number): string {
  return sp(rng) + genType(rng, depth) + sp(rng);
}

/** A Python literal and a JSON default that agrees with it, or one that does not. */
function genDefault(rng: Prng): { literal: string; json: string } {
  const pairs: [string, string][] = [
    ["5", "5"],
    ["5", "5.0"],
    ["5", "5e0"],
    ["5", "50e-1"],
    ["5", '"5"'],
    ["5", '"5.0"'],
    ["'5'", "5"],
    ["'5'", "5.0"],
    ["'5.0'", "5.0"],
    [".5", "0.5"],
    ["5.", "5"],
    ["-0", "0"],
    ["007", "7"],
    ["007", '"007"'],
    ["1e400", "10e399"],
    ["12345678901234567890", "12345678901234567891"],
    ["12345678901234567890", "12345678901234567890"],
    ["5", "6"],
    ["'en'", '"en"'],
    ['"en"', '"en"'],
    ["'en'", '"EN"'],
    ["'it\\'s'", '"it\'s"'],
    ["'a\\nb'", '"a\\nb"'],
    ["'a\\x'", '"a\\\\x"'],
    ["'é'", '"\\u00e9"'],
    ["'e\u0301'", '"\\u00e9"'],
    ["True", "true"],
    ["True", '"true"'],
    ["True", '"True"'],
    ["True", '"TRUE"'],
    ["False", "false"],
    ["False", "true"],
    ["'true'", "true"],
    ["'False'", "false"],
    ["None", "null"],
    ["None", '""'],
    ["None", '"None"'],
    ["'None'", "null"],
    ["[1, 2]", "[1, 2]"],
    ["[1, 2,]", "[1.0, 2]"],
    ["(1, 2)", "[1, 2]"],
    ["(1,)", "[1]"],
    ["[]", "[]"],
    ["()", "[]"],
    ["[1, 2]", "[2, 1]"],
    ["['a', True]", '["a", "true"]'],
    ["[[1], (2,)]", "[[1], [2]]"],
    ["[1, 2]", '"[1, 2]"'],
    ["'x'", "null"],
    ["5", "true"],
    ["+5", "5"],
    ["0x10", "16"],
    ["1_000", "1000"],
    ["'unclosed", '"unclosed"'],
    ["[1, 2", "[1, 2]"],
    ["5 6", "5"],
  ];
  const [literal, json] = rng.pick(pairs);
  return { literal, json };
}

/** One parameter: its type words and its `default` member's JSON text, if any. */
export interface GenParam {
  readonly words: string;
  readonly defaultJson?: string;
}

/** A random parameter. */
export function genParam(rng: Prng): GenParam {
  let words = rng.chance(0.1) ? rng.pick(OUTSIDE) : sp(rng) + genType(rng, 2) + sp(rng);
  let defaultJson: string | undefined = rng.chance(0.3)
    ? rng.pick(["1", '"x"', "null"])
    : undefined;
  const suffixes: string[] = [];
  if (rng.chance(0.3)) suffixes.push("optional");
  if (rng.chance(0.35)) {
    const d = genDefault(rng);
    suffixes.push(`default${sp(rng)}=${sp(rng)}${d.literal}`);
    defaultJson = rng.chance(0.92) ? d.json : undefined;
  }
  if (rng.chance(0.03)) suffixes.push(rng.pick(["optional", "default=1", "required", "Optional"]));
  for (const s of rng.shuffle(suffixes)) words += `${sp(rng)},${sp(rng)}${s}`;
  words += sp(rng);
  return defaultJson === undefined ? { words } : { words, defaultJson };
}

/** A dataset row (dataset shape) whose one tool has the given parameters. */
export function rowWithParams(id: number, params: readonly GenParam[]): {
  id: number;
  query: string;
  tools: string;
  answers: string;
} {
  const members = params.map((p, i) =>
    `"p${i}": {"description": "d", "type": ${JSON.stringify(p.words)}${
      p.defaultJson === undefined ? "" : `, "default": ${p.defaultJson}`
    }}`
  );
  return {
    id,
    query: "q",
    tools: `[{"name": "f", "description": "t", "parameters": {${members.join(", ")}}}]`,
    answers: "[]",
  };
}

/** Hand-picked `tools` strings at the edges of the tool shape and of default agreement. */
export const EDGE_TOOLS: readonly string[] = [
  '[{"name": "f", "description": "d", "parameters": {}}]',
  '[{"name": "f", "parameters": {}}]',
  '[{"name": "f", "description": "d"}]',
  '[{"name": "f", "description": "d", "parameters": {}, "x": 1}]',
  '[{"name": 1, "description": "d", "parameters": {}}]',
  '[{"name": "f", "description": null, "parameters": {}}]',
  '[{"name": "f", "description": "d", "parameters": []}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "str", "x": 1}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "str", "description": 5}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": 5}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"description": "x"}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": "str"}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "str", "default": null}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "str, default=None", "default": null}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "List[int], default=[\'5\']", "default": [5]}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "List[int], default=[5]", "default": ["5"]}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "int, default=-0", "default": 0}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "int, default=-0", "default": "0"}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "str, default=\\"a\\\\\\"b\\"", "default": "a\\"b"}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "str, default=\'\'", "default": ""}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "str, default=\'\'"}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "bool, default=True", "default": "True"}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "bool, default=\'True\'", "default": "true"}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "float, default=1e400", "default": 10e399}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "float, default=1.50", "default": 1.5}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "float, default=1.50", "default": "1.5"}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "str, default=\'é\'", "default": "\\u00e9"}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "str, default=\'\\\\u00e9\'", "default": "\\u00e9"}}}]',
  '[{"name": "f", "description": "d", "parameters": {"p": {"type": "str", "default": 1, "default": 1}}}]',
  "[]",
  "{}",
  "[1]",
];
