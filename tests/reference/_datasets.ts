/**
 * Generated datasets for the differential test of split.v1: xlam-shaped rows with twins, near
 * twins (same content spelt differently), ineligible rows, empty answers, awkward ids and unicode,
 * written out with random escapes and whitespace.
 *
 * @module
 */

import type { Prng } from "./_prng.ts";
import { FREE_STYLE, genString, writeString } from "./_json_gen.ts";

/** A generated dataset: the file's bytes, and the seed and size to split it with. */
export interface GenDataset {
  readonly bytes: Uint8Array;
  readonly seed: string;
  readonly size: number;
  /** The rows as each member's JSON text, in the file's order (for shrinking). */
  readonly rows: readonly RowText[];
}

/** A row as the JSON text of each of its members. */
export interface RowText {
  readonly id: string;
  readonly query: string;
  readonly tools: string;
  readonly answers: string;
  /** One more member, written as is (a flaw: a member twice). */
  readonly extra?: string;
}

/** Writes rows as a dataset file, plainly. */
export function datasetBytes(rows: readonly RowText[]): Uint8Array {
  return new TextEncoder().encode(
    "[\n" +
      rows.map((r) =>
        `{"id": ${r.id}, "query": ${r.query}, "tools": ${r.tools}, "answers": ${r.answers}${
          r.extra === undefined ? "" : ", " + r.extra
        }}`
      ).join(",\n") + "\n]\n",
  );
}

const TYPE_WORDS = [
  "str",
  "int",
  "float",
  "bool",
  "str, optional",
  "int, optional",
  "float, optional",
  "bool, optional",
  "list",
  "List",
  "List[int]",
  "List[str]",
  "List[float]",
  "List[List[int]]",
  "List[List[str]]",
  "List[Tuple[float, float]]",
  "Tuple[float, float]",
  "List[Union[int, float]]",
  "Dict",
  "set",
  "Callable[[float], float]",
];

const TOOL_NAMES = ["get_weather", "search", "calc", "peers", "t3ma", "ƒ", "名前", 'a"b', "x\\y"];

const DEFAULTS = ['""', "0", "1.2", "true", '"en"', "null", "[]", "12345678901234567890", "0.70"];

/** The dataset's own spelling of a JSON string (json.dumps defaults: ASCII, \u escapes). */
function pyString(s: string): string {
  return JSON.stringify(s).replace(
    /[\u007f-\uffff]/g,
    (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"),
  );
}

function toolsText(rng: Prng, names: readonly string[]): string {
  return "[" + names.map((name) => {
    const params = Array.from({ length: rng.int(4) }, (_, i) => {
      const words = rng.pick(TYPE_WORDS);
      const def = rng.chance(0.6) ? `, "default": ${rng.pick(DEFAULTS)}` : "";
      return `${pyString("p" + i)}: {"description": ${pyString(genString(rng))}, "type": ${
        pyString(words)
      }${def}}`;
    });
    return `{"name": ${pyString(name)}, "description": ${
      pyString(genString(rng))
    }, "parameters": {${params.join(", ")}}}`;
  }).join(", ") + "]";
}

function answersText(rng: Prng, names: readonly string[]): string {
  if (names.length === 0 || rng.chance(0.1)) return "[]";
  const n = rng.range(1, 3);
  return "[" +
    Array.from(
      { length: n },
      () =>
        `{"name": ${pyString(rng.pick(names))}, "arguments": {"p0": ${
          rng.pick(['"Paris"', "5", "5.0", "1e400", "[1, 2]", '"\\u00e9"', "true"])
        }}}`,
    ).join(", ") + "]";
}

interface Row {
  id: string; // as written in the file
  query: string;
  tools: string;
  answers: string;
  eligible: boolean;
  /** The query member's JSON text, written as is (for a flaw). */
  rawQuery?: string;
  /** One more member (for a flaw). */
  extra?: string;
}

/** One random dataset. */
export function genDataset(rng: Prng): GenDataset {
  const n = rng.range(1, 60);
  const ids = new Set<bigint>();
  while (ids.size < n) {
    const r = rng.int(10);
    ids.add(
      r < 6
        ? BigInt(rng.int(200))
        : r < 8
        ? BigInt(rng.int(100000))
        : r < 9
        ? -BigInt(rng.int(50))
        : 9007199254740991n - BigInt(rng.int(3)),
    );
  }
  const rows: Row[] = [];
  for (const id of ids) {
    const r = rng.int(10);
    const idText = rng.chance(0.05) ? `${id}.0` : rng.chance(0.03) && id > 0n ? `${id}e0` : `${id}`;
    if (r < 2 && rows.length > 0) {
      // A twin: the same texts as an earlier row.
      const src = rng.pick(rows);
      rows.push({ ...src, id: idText });
      continue;
    }
    if (r === 2 && rows.length > 0) {
      // A near twin: same query and answers, tools spelt with other spacing.
      const src = rng.pick(rows);
      rows.push({ ...src, id: idText, tools: src.tools.replaceAll('": ', '":') });
      continue;
    }
    let names = rng.shuffle(TOOL_NAMES).slice(0, rng.range(1, 3));
    if (r === 3) names = [...names, rng.pick(names)]; // ineligible: a tool name twice
    rows.push({
      eligible: r !== 3,
      id: idText,
      query: rng.chance(0.5) ? genString(rng) : "What is the weather in Paris?",
      tools: toolsText(rng, names),
      answers: answersText(rng, [...new Set(names)]),
    });
  }
  // Now and then, one flaw that refuses the whole dataset.
  const flaw = rng.chance(0.2) ? rng.int(15) : -1;
  if (flaw >= 0 && rows.length > 0) {
    const i = rng.int(rows.length);
    const row = rows[i]!;
    if (flaw === 0) rows.push({ ...row }); // the same id twice
    else if (flaw === 1) {
      row.id = rng.pick(["1.5", "9007199254740992", "-9007199254740992", '"7"', "1e16", "null"]);
    } else if (flaw === 2) {
      row.rawQuery = rng.pick(['"lone \\ud800"', '"\\udfff"', '"a\\udc00\\ud800"']);
    } else if (flaw === 3) row.tools = row.tools.replace('"type": "', '"type": "Tuple[int, str]');
    else if (flaw === 4) row.answers = row.answers === "[]" ? "[NaN]" : row.answers + " x";
    else if (flaw === 5) row.tools = row.tools.replace('"name": ', '"name": 1, "name": ');
    else if (flaw === 6) row.tools = row.tools.replace('"type": "', '"type": "Frobnicate[');
    else if (flaw === 7) row.answers = '[{"name": "f", "arguments": {"a": "\\udc00"}}]';
    else if (flaw === 8) row.tools = "{}";
    else if (flaw === 10) {
      row.answers = `[{"name": "f", "arguments": ${rng.pick(["[]", '"{}"', "null", "1"])}}]`;
    } else if (flaw === 11) row.answers = '[{"name": "f", "arguments": {}, "id": 1}]';
    else if (flaw === 12) {
      row.extra = rng.pick([
        '"query": "other"',
        '"\\u0069d": 12',
        `"tools": "[]"`,
        '"answers": "[]"',
      ]);
    } else if (flaw === 13) {
      // Nested 512 deep (accepted) or 513 (refused): [ { "arguments": { "a": [ … ] } } ].
      const k = rng.chance(0.5) ? 509 : 510;
      row.answers = `[{"name": "f", "arguments": {"a": ${"[".repeat(k)}${"]".repeat(k)}}}]`;
    } else if (flaw === 14) {
      const k = rng.chance(0.5) ? 508 : 509;
      row.tools = `[{"name": "f", "description": "d", "parameters": {"p": {"type": "str", ` +
        `"default": ${"[".repeat(k)}${"]".repeat(k)}}}}]`;
    } else row.tools = "[" + row.tools.slice(1);
  }
  const order = rng.shuffle(rows);
  const ws = () => (rng.chance(0.3) ? rng.pick([" ", "\n", "\t", "\r\n  "]) : "");
  const texts: RowText[] = order.map((row) => ({
    id: row.id,
    query: row.rawQuery ?? writeString(row.query, rng, FREE_STYLE),
    tools: writeString(row.tools, rng, FREE_STYLE),
    answers: writeString(row.answers, rng, FREE_STYLE),
    ...(row.extra === undefined ? {} : { extra: row.extra }),
  }));
  const text = "[" + ws() + texts.map((row) => {
    const members = rng.shuffle([
      `"id": ${row.id}`,
      `"query": ${row.query}`,
      `"tools": ${row.tools}`,
      `"answers": ${row.answers}`,
      ...(row.extra === undefined ? [] : [row.extra]),
    ]);
    return "{" + ws() + members.join("," + ws()) + ws() + "}";
  }).join("," + ws()) + ws() + "]" + ws();
  const seed = rng.pick(["twins", "assess-v1", "42", "é", "😀 seed", "a\u0000b", "x"]) +
    (rng.chance(0.5) ? String(rng.int(1000)) : "");
  const eligible = rows.filter((row) => row.eligible).length;
  // Mostly a size the dataset can give; sometimes all of them, or one too many (refused).
  const size = eligible === 0 || rng.chance(0.08)
    ? eligible + 1
    : rng.chance(0.1)
    ? eligible
    : rng.range(1, eligible);
  return { bytes: new TextEncoder().encode(text), seed, size, rows: texts };
}
