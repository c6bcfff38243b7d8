/**
 * reference/run.md's `vllm serve` line per tool-call parser: one for every parser `validate`
 * accepts and none for another, each well formed (the flags as `vllm serve` takes them), and each
 * `--chat-template` the one the server check's fix line names.
 */

import assert from "node:assert/strict";
import { TOOL_CALL_PARSERS } from "../../src/score/tool_call_parsers.ts";
import { TOOL_CHAT_TEMPLATES } from "../../src/run/tool_chat_templates.ts";
import { check, edit, WHOLE } from "../config/_fixtures.ts";

const page = await Deno.readTextFile(new URL("../../reference/run.md", import.meta.url));

/** The table's rows: parser and line. */
function rows(): { parser: string; line: string }[] {
  const section = page.slice(page.indexOf("### Serving each family"));
  const out: { parser: string; line: string }[] = [];
  for (
    const row of section.slice(0, section.indexOf("\n\n", section.indexOf("| parser"))).split("\n")
  ) {
    const m = /^\| `([^`]+)`\s*\| `(vllm serve [^`]*)`\s*\|/.exec(row);
    if (m !== null) out.push({ parser: m[1]!, line: m[2]! });
  }
  return out;
}

/** The flags `vllm serve` takes in these lines, with whether each takes a value. */
const FLAGS: Readonly<Record<string, boolean>> = {
  "--enable-auto-tool-choice": false,
  "--tool-call-parser": true,
  "--chat-template": true,
};

Deno.test("reference/run.md: a vllm serve line for each parser validate accepts, and no other", () => {
  const table = rows();
  assert.deepEqual(
    table.map((r) => r.parser).sort(),
    TOOL_CALL_PARSERS.map((p) => p.name).sort(),
  );
  assert.equal(new Set(table.map((r) => r.parser)).size, table.length, "one line per parser");
});

Deno.test("reference/run.md: every parser in the table is one validate accepts", () => {
  for (const { parser } of rows()) {
    const { issues } = check(edit(WHOLE, ["toolCallParser: hermes", `toolCallParser: ${parser}`]));
    assert.deepEqual(issues, [], parser);
  }
});

Deno.test("reference/run.md: each line well formed, its chat template the fix line's", () => {
  for (const { parser, line } of rows()) {
    const words = line.split(" ");
    assert.deepEqual(words.slice(0, 2), ["vllm", "serve"], line);
    assert.match(words[2]!, /^[A-Za-z0-9][\w.-]*\/[\w.-]+$/, `${parser}: a model id`);
    const flags = new Map<string, string | true>();
    for (let i = 3; i < words.length; i++) {
      const flag = words[i]!;
      assert.ok(flag in FLAGS, `${parser}: ${flag} is a flag vllm serve takes`);
      assert.ok(!flags.has(flag), `${parser}: ${flag} once`);
      if (FLAGS[flag]) {
        const value = words[++i];
        assert.ok(value !== undefined && !value.startsWith("--"), `${parser}: ${flag} has a value`);
        flags.set(flag, value);
      } else flags.set(flag, true);
    }
    assert.equal(flags.get("--enable-auto-tool-choice"), true, `${parser}: auto tool choice`);
    assert.equal(flags.get("--tool-call-parser"), parser);
    const template = flags.get("--chat-template");
    if (template !== undefined) {
      assert.match(template as string, /^examples\/tool_chat_template_[\w.]+\.jinja$/, parser);
    }
    assert.equal(template, TOOL_CHAT_TEMPLATES.get(parser), `${parser}: the fix line's template`);
  }
});
