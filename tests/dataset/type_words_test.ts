import assert from "node:assert/strict";
import { JsonNumber, type JsonValue } from "../../src/json/json_value.ts";
import { parseJson } from "../../src/json/strict_json.ts";
import { stringifyJson } from "../../src/json/stringify.ts";
import { defaultAgrees, parseTypeWords, TypeWordsError } from "../../src/dataset/type_words.ts";

/** The 204 real rows of the dataset, bundled. */
const SAMPLE = new URL("../../reference/testdata/xlam-sample.json", import.meta.url);

const schema = (words: string): string => stringifyJson(parseTypeWords(words).schema);

Deno.test({
  name: "type words convert exactly per the scorers page's table",
  permissions: "none",
  fn: async (t) => {
    const cases: [string, string][] = [
      ["str", '{"type":"string"}'],
      ["int", '{"type":"integer"}'],
      ["float", '{"type":"number"}'],
      ["bool", '{"type":"boolean"}'],
      ["list", '{"type":"array"}'],
      ["List", '{"type":"array"}'],
      ["List[int]", '{"type":"array","items":{"type":"integer"}}'],
      ["List[str]", '{"type":"array","items":{"type":"string"}}'],
      ["List[List[int]]", '{"type":"array","items":{"type":"array","items":{"type":"integer"}}}'],
      [
        "Tuple[float, float]",
        '{"type":"array","items":{"type":"number"},"minItems":2,"maxItems":2}',
      ],
      ["Tuple[int]", '{"type":"array","items":{"type":"integer"},"minItems":1,"maxItems":1}'],
      [
        "List[Tuple[float, float]]",
        '{"type":"array","items":{"type":"array","items":{"type":"number"},"minItems":2,"maxItems":2}}',
      ],
      ["List[Union[int, float]]", '{"type":"array","items":{"type":"number"}}'],
      ["List[Union[float, int]]", '{"type":"array","items":{"type":"number"}}'],
      ["Dict", '{"type":"object"}'],
      ["set", '{"type":"array","uniqueItems":true}'],
      ["Callable[[float], float]", '{"type":"string"}'],
      ["Callable[[], None]", '{"type":"string"}'],
      ["Callable[..., int]", '{"type":"string"}'],
      ["Callable[[int, List[str]], Dict]", '{"type":"string"}'],
      ["  List [ int ]  ", '{"type":"array","items":{"type":"integer"}}'],
      [
        "Tuple[List[int], List[ int ]]",
        '{"type":"array","items":{"type":"array","items":{"type":"integer"}},"minItems":2,"maxItems":2}',
      ],
    ];
    for (const [words, want] of cases) {
      await t.step(words, () => assert.equal(schema(words), want));
    }
  },
});

Deno.test({
  name: "optional and default suffixes",
  permissions: "none",
  fn: () => {
    assert.equal(parseTypeWords("str").optional, false);
    assert.equal(parseTypeWords("str, optional").optional, true);
    assert.equal(parseTypeWords("str,optional").optional, true);
    const d = parseTypeWords("str, optional, default='en'");
    assert.equal(d.optional, true);
    assert.deepEqual(d.default, { text: "'en'", value: "en" });
    const e = parseTypeWords("int, default=5, optional");
    assert.equal(e.optional, true);
    assert.deepEqual(e.default, { text: "5", value: new JsonNumber("5") });
    assert.deepEqual(parseTypeWords("float, default=.5").default?.value, new JsonNumber("0.5"));
    assert.deepEqual(parseTypeWords("float, default=5.").default?.value, new JsonNumber("5"));
    assert.deepEqual(parseTypeWords("bool, default=True").default?.value, true);
    assert.deepEqual(parseTypeWords("str, default=None").default?.value, null);
    assert.deepEqual(parseTypeWords('str, default="a\\"b"').default?.value, 'a"b');
    assert.deepEqual(
      parseTypeWords("List[int], default=[1, -2, 3e2,]").default?.value,
      [new JsonNumber("1"), new JsonNumber("-2"), new JsonNumber("3e2")],
    );
    assert.deepEqual(
      parseTypeWords("Tuple[int, int], default=(0, 0)").default?.value,
      [new JsonNumber("0"), new JsonNumber("0")],
    );
  },
});

Deno.test({
  name: "type words outside the grammar are refused with a reason and an offset",
  permissions: "none",
  fn: async (t) => {
    const cases: string[] = [
      "",
      "string",
      "integer",
      "Str",
      "Dict[str, int]",
      "Optional[int]",
      "Union[int, float]",
      "List[Union[int, str]]",
      "Tuple[int, str]",
      "Tuple[float, int]",
      "Tuple[]",
      "List[]",
      "List[int",
      "List[int]]",
      "set[int]",
      "Callable",
      "Callable[[int]]",
      "str, required",
      "str optional",
      "str, optional, optional",
      "int, default=5, default=6",
      "int, default=",
      "int, default=05",
      "int, default=five",
      "str, default='en",
      "str, default='a\\x'",
      "int, default=5 6",
      "str,",
      "List[int] extra",
    ];
    for (const words of cases) {
      await t.step(JSON.stringify(words), () => {
        assert.throws(() => parseTypeWords(words), (e: unknown) => {
          assert(e instanceof TypeWordsError, String(e));
          assert(e.offset >= 0 && e.offset <= words.length, `offset ${e.offset}`);
          assert(e.reason.length > 0);
          return true;
        });
      });
    }
  },
});

Deno.test({
  name: "a default in the type words agrees with the parameter's default as documented",
  permissions: "none",
  fn: async (t) => {
    const cases: [string, string, boolean][] = [
      ["int, default=5", "5", true],
      ["int, default=5", "5.0", true],
      ["int, default=5", "5e0", true],
      ["int, default=5", "50e-1", true],
      ["int, default=5", '"5"', true],
      ["int, default=5", '"5.0"', false],
      ["int, default=5", "6", false],
      ["int, default=5", "-5", false],
      ["int, default=0", "-0", true],
      ["float, default=.5", "0.5", true],
      ["float, default=.5", '".5"', true],
      ["float, default=.5", '"0.5"', true],
      ["int, default=12345678901234567890", "12345678901234567891", false],
      ["int, default=12345678901234567890", "12345678901234567890", true],
      ["str, default='en'", '"en"', true],
      ["str, default='en'", '"EN"', false],
      ['str, default="en"', '"en"', true],
      ["str, default='5'", "5", true],
      ["str, default='5'", "5.0", false],
      ["str, default='true'", "true", true],
      ["str, default='True'", "true", true],
      ["bool, default=True", "true", true],
      ["bool, default=True", '"true"', true],
      ["bool, default=True", '"True"', true],
      ["bool, default=False", "true", false],
      ["bool, default=False", "0", false],
      ["str, default=None", "null", true],
      ["str, default=None", '""', false],
      ["str, default=''", '""', true],
      ["List[int], default=[1, 2]", "[1, 2]", true],
      ["List[int], default=[1, 2]", "[2, 1]", false],
      ["List[int], default=[1, 2]", "[1]", false],
      ["Tuple[int, int], default=(1, 2)", "[1.0, 2]", true],
      ["List[int], default=[]", "{}", false],
    ];
    for (const [words, json, want] of cases) {
      await t.step(`${words} vs ${json}`, () => {
        const d = parseTypeWords(words).default!;
        assert.equal(defaultAgrees(d, parseJson(json) as JsonValue), want);
      });
    }
  },
});

Deno.test({
  name: "every type word in the real rows converts",
  permissions: { read: [SAMPLE] },
  fn: () => {
    const seen = new Set<string>();
    {
      const rows = JSON.parse(Deno.readTextFileSync(SAMPLE)) as {
        tools: string;
      }[];
      for (const row of rows) {
        for (
          const tool of JSON.parse(row.tools) as { parameters: Record<string, { type: string }> }[]
        ) {
          for (const p of Object.values(tool.parameters)) seen.add(p.type);
        }
      }
    }
    assert(seen.size >= 19, `only ${seen.size} distinct type words`);
    for (const words of seen) parseTypeWords(words);
  },
});
