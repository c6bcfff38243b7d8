/**
 * Jinja2's meaning where `@huggingface/jinja`'s differs (src/request/_jinja_compat.ts), each case
 * rendered through `-chat-template`'s renderer and by Python's Jinja2 in `transformers`'
 * environment (reference/python/chat_template.py): Python's `str()` of values, `tojson`'s options,
 * an undefined value as Jinja2's default `Undefined` treats it, `==` and `in` by value, `~`, `+`,
 * tests, filters on lists, and `strftime_now` on a given day.
 */

import assert from "node:assert/strict";
import { ChatTemplate } from "../../src/request/chat_template.ts";
import { ChatTemplateError } from "../../src/request/chat_template_error.ts";
import { pythonSkip, runScript } from "../support/python.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const SCRIPT = `${ROOT}reference/python/chat_template.py`;
const none = { permissions: "none" } as const;

/** The value the templates read as `v` (the first message's `v`), as JSON text: floats as written. */
const V = String.raw`{"n": 5.0, "i": 7, "big": 12345678901234567890, "s": "ab",
  "text": "  padded\t\n",
  "weird": "it's \"q\"\n\t\\ \u00a0\u007f \u00e9\u2603\ud83d\ude00\u200b",
  "floats": [0.0001, 0.00001, 1e16, 123456789012345.6, -0.0, 1.5e300, 2.5],
  "d": {"b": 1, "a": [1, "x'", null, true, 5.0]},
  "e": {"b": 1, "a": [1, "x'", null, true, 5.0]},
  "roles": [{"role": "user"}, {"role": "assistant", "tool_calls": []}, {"role": "user"}],
  "words": [" a ", "b "]}`;

/**
 * [template, what Jinja2 writes, or null where that is not spelled out here (a refusal, or a text
 * hard to write by hand): the differential test below compares every case with Jinja2's outcome].
 */
const CASES: [string, string | null][] = [
  ["{{ v.d }}", "{'b': 1, 'a': [1, \"x'\", None, True, 5.0]}"],
  [
    "{{ v.d | string }}|{{ v.n }}|{{ v.big }}",
    "{'b': 1, 'a': [1, \"x'\", None, True, 5.0]}|5.0|12345678901234567890",
  ],
  ["{{ none }}|{{ v.missing }}|{{ true }}|{{ [none, false] }}", "None||True|[None, False]"],
  ["{{ v.floats }}", "[0.0001, 1e-05, 1e+16, 123456789012345.6, -0.0, 1.5e+300, 2.5]"],
  ["{{ [v.weird] }}", null],
  ["{{ v.d | tojson }}", '{"b": 1, "a": [1, "x\'", null, true, 5.0]}'],
  ["{{ v.d | tojson(indent=2) }}", null],
  ["{{ v.d | tojson(sort_keys=true) }}", '{"a": [1, "x\'", null, true, 5.0], "b": 1}'],
  ["{{ v.weird | tojson }}|{{ v.weird | tojson(ensure_ascii=true) }}", null],
  ["{{ v.d | tojson(separators=(',', ':')) }}", '{"b":1,"a":[1,"x\'",null,true,5.0]}'],
  ["{{ [] | tojson(indent=4) }}{{ {} | tojson(indent=0) }}{{ [1] | tojson(indent=0) }}", null],
  ["{{ v.missing | tojson }}", null],
  [
    "{{ v.missing | trim }}|{{ v.missing | length }}|{{ v.missing | string }}|" +
    "{% for x in v.missing %}x{% endfor %}|{{ v.d[v.missing] is defined }}|{{ v.missing | list }}",
    "|0|||False|[]",
  ],
  ["{{ v.missing.x }}", null],
  ["{{ v.missing[0] }}", null],
  ["{{ v.missing + 'x' }}", null],
  [
    "{% for c in v.s %}[{{ c }}]{% endfor %}{% for k in v.d %}<{{ k }}>{% endfor %}",
    "[a][b]<b><a>",
  ],
  [
    "{{ v.d == v.e }}|{{ v.d != v.e }}|{{ v.e in [v.d] }}|{{ 5 == v.n }}|{{ true == 1 }}",
    "True|False|True|True|True",
  ],
  ["{{ v.s ~ v.n ~ none ~ v.missing }}", "ab5.0None"],
  ["{{ 'x' + v.i }}", null],
  ["{{ 'x' + v.d }}", null],
  [
    "{{ v.i + v.n }}|{{ v.big + 1 }}|{{ (v.words + ['c']) | length }}",
    "12.0|12345678901234567891|3",
  ],
  ["{{ v.words | map('trim') | join(',') }}|{{ v.floats | join(' ') }}", null],
  [
    "{{ v.roles | selectattr('role', 'equalto', 'user') | list | length }}|" +
    "{{ v.roles | selectattr('tool_calls', 'undefined') | list | length }}|" +
    "{{ v.roles | rejectattr('tool_calls', 'defined') | map(attribute='role') | join(',') }}",
    "2|2|user,user",
  ],
  [
    "[{{ v.text | trim }}]|{{ v.n | trim }}|{{ v.d.b | string }}|{{ v.s | length }}",
    "[padded]|5.0|1|2",
  ],
  [
    "{{ v.missing is iterable }}|{{ v.d is iterable }}|{{ v.d is mapping }}|{{ true is number }}|" +
    "{{ true is integer }}|{{ v.n is float }}|{{ v.i is integer }}|{{ v.s is sequence }}",
    "True|True|True|True|False|True|True|True",
  ],
  [
    "{{ v.d.items()|list }}|{{ v.d['items'] is defined }}|{{ v.d.get('c') }}|{{ v.d.keys()|list }}",
    null,
  ],
  ["{{ v.words[-1] }}|{{ v.words[5] is defined }}|{{ v.s[1] }}|{{ v.s[-1:] }}", "b |False|b|b"],
  ["{{ raise_exception('no ' ~ v.s) }}", null],
  ["{% for k, x in v.d.items() %}{{ k }}={{ x }};{% endfor %}{{ v.d | items | list }}", null],
  ["{{ 'a' < 'b' }}|{{ v.i > v.n }}|{{ 'ab' in v.s }}|{{ 'b' in v.d }}", "True|True|True|True"],
  ["{{ 1 in v.s }}", null],
  [
    "{{ '%s=%r|%d%%|%s' | format(v.s, v.s, v.n, v.d) }}",
    "ab='ab'|5%|{'b': 1, 'a': [1, \"x'\", None, True, 5.0]}",
  ],
  ["{{ '%s %s' | format(v.s) }}", null],
  [
    "{{ '123' is lower }}|{{ 'ab1' is lower }}|{{ 'AB1' is upper }}|{{ 'Ab' is upper }}",
    "False|True|True|False",
  ],
  ["{% if strftime_now is defined %}{{ strftime_now('%d') }}{% else %}none{% endif %}", "none"],
];

/** The cases with a date: `strftime_now` and the directives templates use. */
const DATED: [string, string | null][] = [
  ["{{ strftime_now('%d %b %Y') }}", "01 Sep 2024"],
  [
    "{{ strftime_now('%Y-%m-%d %A %a %B %b %h %j %y %-d %e|%H:%M:%S %p %I %F %%') }}",
    "2024-09-01 Sunday Sun September Sep Sep 245 24 1  1|00:00:00 AM 12 2024-09-01 %",
  ],
  ["{{ strftime_now('%B %d, %Y') }}", "September 01, 2024"],
];

/** The case as `-chat-template` renders it, and as the Python reference takes it. */
function request(template: string, date?: string) {
  return {
    template,
    tokens: {},
    messages: `[{"role": "user", "v": ${V}}]`,
    tools: "",
    reply: '{"role":"assistant","content":"ok"}',
    kwargs: {},
    date: date ?? null,
  };
}

/** assess's text of a case's prompt, or its error. */
function ours(template: string, date?: string): { prompt: string } | { error: string } {
  const c = request(template.replaceAll("v.", "messages[0].v."), date);
  try {
    const read = ChatTemplate.read(c.template, "t.jinja", date === undefined ? {} : { date });
    return { prompt: read.render(1, c).prompt };
  } catch (e) {
    assert(e instanceof ChatTemplateError, String(e));
    return { error: e.message };
  }
}

Deno.test("Jinja2's meaning of values, filters, tests and operators, by hand", none, async (t) => {
  for (const [template, expected] of [...CASES.map((c) => [...c, undefined] as const)]) {
    if (expected === null) continue;
    await t.step(template, () => assert.deepEqual(ours(template), { prompt: expected }));
  }
  for (const [template, expected] of DATED) {
    await t.step(`with a date: ${template}`, () => {
      assert.deepEqual(ours(template, "2024-09-01"), { prompt: expected });
    });
  }
  await t.step(
    "the one difference reference/split.md names: arithmetic but + on a whole number beyond 2^53",
    () => {
      assert.match((ours("{{ v.big * 2 }}") as { error: string }).error, /BigInt/);
      assert.deepEqual(ours("{{ v.i * 2 }}|{{ v.big }}"), { prompt: "14|12345678901234567890" });
    },
  );
  await t.step("a date that is not a day is refused", () => {
    for (const date of ["2024-02-30", "2024-9-1", "today", ""]) {
      assert.throws(() => ChatTemplate.read("x", "t.jinja", { date }), RangeError);
    }
  });
  await t.step("a directive strftime_now does not know is refused, naming it", () => {
    assert.match(
      (ours("{{ strftime_now('%U') }}", "2024-09-01") as { error: string }).error,
      /strftime_now: the directive %U is not supported/,
    );
  });
});

const skip = await pythonSkip("Jinja2 compatibility differential", "jinja2");

Deno.test({
  name: "every case renders, or is refused, as Python's Jinja2 renders or refuses it",
  ignore: skip !== null,
  fn: async () => {
    const all = [
      ...CASES.map(([template]) => [template, undefined] as const),
      ...DATED.map(([template]) => [template, "2024-09-01"] as const),
    ];
    const out = await runScript(SCRIPT, {
      input: all.map(([template, date]) =>
        JSON.stringify(request(template.replaceAll("v.", "messages[0].v."), date)) + "\n"
      ).join(""),
      need: "jinja2",
    });
    const theirs = out.trimEnd().split("\n").map((l) => JSON.parse(l));
    assert.equal(theirs.length, all.length);
    for (const [k, [template, date]] of all.entries()) {
      const a = ours(template, date);
      const b = theirs[k];
      if ("error" in b) {
        assert(
          "error" in a,
          `${template}: Jinja2 refuses (${b.error}), assess writes ${JSON.stringify(a)}`,
        );
      } else {
        assert.deepEqual(a, { prompt: b.prompt }, template);
      }
    }
    // The refusals are Jinja2's too, and so is each hand-written text.
    for (const [k, [, expected]] of CASES.entries()) {
      if (expected === null) continue;
      assert.equal(theirs[k].prompt, expected, CASES[k]![0]);
    }
  },
});
