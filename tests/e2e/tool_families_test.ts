/**
 * `assess run` and `assess report` against the emulator speaking each model family it knows
 * (`TOOL_FAMILIES`, `tests/support/tool_families/`), with `server.toolCallParser` set to that
 * family's parser: every reply is scored as the truth says. A family added to `TOOL_FAMILIES` is
 * covered here without a change.
 *
 * The models, on 8 items of every category (no call, one call, two calls to one tool, two to two
 * tools):
 * - `base` answers with the key: each item `match`, but `call-count` for an answer of two calls
 *   in a family that cannot call in parallel (its model writes the first call only);
 * - `content` does the same after a sentence: the same verdicts, and the content vLLM returns
 *   beside the calls (the sentence where the family's parser keeps it, else none);
 * - `slip` tries each answer's calls (or, for an answer of none, a call to the first tool) in a
 *   way the parser cannot decode: `unparsed-call`, but where vLLM's reply loses the attempt (see
 *   `LOST`);
 * - `plain` writes a sentence: `no-call` (and `call-count` where the answer has no call: it calls
 *   then);
 * - `hermes` writes hermes `<tool_call>` blocks whatever the server's parser: never
 *   `unparsed-call` unless the parser's own markers include `<tool_call>` and it returned no call.
 */

import assert from "node:assert/strict";
import { categoryRows, setupRun } from "../run/_fixtures.ts";
import { assess } from "../cli/_in_process.ts";
import { readAll } from "../results/_read_all.ts";
import { startEmulator } from "../support/vllm_emulator.ts";
import { TOOL_FAMILIES } from "../support/tool_families/mod.ts";
import { CALL_CONTENT_TEXT } from "../support/scripted_model.ts";
import { TOOL_CALL_PARSERS, toolCallParserMarks } from "../../src/score/tool_call_parsers.ts";
import type { ResultRecord } from "../../src/results/records.ts";

const N = 8;
const ROWS = categoryRows(N);
/** The answer's call count of item i (`categoryRows`). */
const callsOf = (i: number): number => [0, 1, 2, 2][i % 4]!;

/**
 * The families whose undecodable calls vLLM returns without the sign assess reads (before
 * `main-2026`, the emulator's default `mid`), and what the reply then is, from its text.
 */
const LOST: Readonly<Record<string, (text: string) => boolean>> = {
  // The parser returns the text after [TOOL_CALLS], stripped, without it.
  mistral: () => true,
  // A list that is not JSON: tools_called with no calls and no content.
  phi4_mini_json: (text) => text === "",
  // A call block the pattern does not match is dropped; the content is the text before the marker.
  deepseek_v3: () => true,
  deepseek_v31: () => true,
  kimi_k2: () => true,
  // gpt-oss calls are read from the harmony channels; an undecodable one never reaches a call.
  openai: () => true,
};

/**
 * The content vLLM returns beside calls written after `CALL_CONTENT_TEXT`, by family; a family
 * not listed is held to return the sentence, as hermes does.
 */
const CONTENT: Readonly<Record<string, string | null>> = {
  hermes: CALL_CONTENT_TEXT,
  mistral: CALL_CONTENT_TEXT,
  xlam: CALL_CONTENT_TEXT,
  "granite-20b-fc": `${CALL_CONTENT_TEXT} `,
  // Their parsers drop text around calls (granite's cannot read calls after text at all, so its
  // model writes none).
  llama3_json: null,
  llama4_json: null,
  granite: null,
  phi4_mini_json: null,
  pythonic: null,
  llama4_pythonic: null,
  openai: null,
};

Deno.test("the emulator speaks every parser validate accepts, and the tables below name only those", () => {
  const parsers = TOOL_CALL_PARSERS.map((p) => p.name).sort();
  assert.deepEqual([...TOOL_FAMILIES.keys()].sort(), parsers);
  for (const name of [...Object.keys(LOST), ...Object.keys(CONTENT)]) {
    assert.ok(TOOL_FAMILIES.has(name), `${name}: a family's parser`);
  }
});

for (const family of TOOL_FAMILIES.values()) {
  Deno.test(`end to end under --tool-call-parser ${family.parser}: right calls, parallel calls, unparsed calls, plain text, content beside calls, hermes markup`, async () => {
    const emu = await startEmulator({
      rows: ROWS,
      toolCallParser: family.parser,
      adapters: ["content", "slip", "plain", "hermes"],
      scripts: {
        content: "content",
        slip: "broken",
        plain: "no-call",
        hermes: "hermes-markup",
      },
    });
    try {
      const s = await setupRun(N, {
        url: emu.url,
        rows: ROWS,
        toolCallParser: family.parser,
        adapters: [{ name: "content" }, { name: "slip" }, { name: "plain" }, { name: "hermes" }],
      });
      const ran = await assess(["run", "-config", s.config, "-out", s.out]);
      assert.equal(ran.code, 0, ran.stderr);
      const file = await readAll(await Deno.readFile(s.out));
      const results = file.records.filter((r): r is ResultRecord => r.kind === "result");
      assert.equal(results.length, 5 * N, "every (model, item) answered");
      const marks = toolCallParserMarks(family.parser)!;
      for (const r of results) {
        const i = r.itemIndex;
        const what = `${family.parser}, ${r.model}, item ${i}`;
        assert.notEqual(r.verdict, null, `${what}: scored`);
        const reason = r.verdict!.reason;
        const reply = r.reply!;
        const keyReason = callsOf(i) > 1 && !family.parallel ? "call-count" : "match";
        switch (r.model) {
          case "base":
            assert.equal(reason, keyReason, what);
            break;
          case "content":
            assert.equal(reason, keyReason, what);
            if (callsOf(i) > 0) {
              const want = family.parser in CONTENT ? CONTENT[family.parser] : CALL_CONTENT_TEXT;
              assert.equal(reply.text, want ?? "", `${what}: content`);
            }
            break;
          case "slip": {
            assert.deepEqual(reply.calls, [], `${what}: no calls`);
            const lost = LOST[family.parser]?.(reply.text) ?? false;
            assert.equal(
              reason,
              lost ? (callsOf(i) === 0 ? "match" : "no-call") : "unparsed-call",
              `${what}: ${JSON.stringify(reply.text)}`,
            );
            break;
          }
          case "plain":
            assert.equal(reason, callsOf(i) === 0 ? "call-count" : "no-call", what);
            break;
          case "hermes":
            if (family.parser === "hermes" || callsOf(i) === 0) {
              // The server's own markup, or a sentence (an answer with no call).
              assert.equal(reason, keyReason, what);
            } else if (marks.markers.includes("<tool_call>") && reply.calls.length === 0) {
              assert.equal(reason, "unparsed-call", what);
            } else {
              assert.notEqual(reason, "unparsed-call", `${what}: ${JSON.stringify(reply.text)}`);
            }
            break;
        }
      }
      // The report reads the same verdicts: each model's correct count.
      const report = await assess(["report", "-in", s.out, "-format", "json"]);
      assert.equal(report.code, 0, report.stderr);
      const json = JSON.parse(report.stdout);
      const correct = (model: string) =>
        results.filter((r) => r.model === model && r.verdict?.correct === true).length;
      for (const m of json.models as { name: string; correct: number }[]) {
        assert.equal(m.correct, correct(m.name), `${family.parser}: ${m.name} in the report`);
      }
    } finally {
      await emu.close();
    }
  });
}

Deno.test("end to end under --tool-call-parser mistral, vLLM main-2026: the slips keep [TOOL_CALLS], unparsed-call", async () => {
  const emu = await startEmulator({
    rows: ROWS,
    version: "main-2026",
    toolCallParser: "mistral",
    adapters: ["slip"],
    scripts: { slip: "broken" },
  });
  try {
    const s = await setupRun(N, {
      url: emu.url,
      rows: ROWS,
      toolCallParser: "mistral",
      adapters: [{ name: "slip" }],
    });
    const ran = await assess(["run", "-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 0, ran.stderr);
    const file = await readAll(await Deno.readFile(s.out));
    const slips = file.records.filter((r): r is ResultRecord =>
      r.kind === "result" && r.model === "slip"
    );
    assert.equal(slips.length, N);
    for (const r of slips) {
      assert.match(r.reply!.text, /^\[TOOL_CALLS\] /);
      assert.equal(r.verdict!.reason, "unparsed-call", `item ${r.itemIndex}`);
    }
  } finally {
    await emu.close();
  }
});

Deno.test("end to end under --tool-call-parser glm45, vLLM main-2026 (the GLM-4.7 parser): the one-line slip is read as the calls, the unclosed one stays unparsed-call, hermes markup is a call named by its text", async () => {
  const emu = await startEmulator({
    rows: ROWS,
    version: "main-2026",
    toolCallParser: "glm45",
    adapters: ["content", "slip", "hermes"],
    scripts: { content: "content", slip: "broken", hermes: "hermes-markup" },
  });
  try {
    const s = await setupRun(N, {
      url: emu.url,
      rows: ROWS,
      toolCallParser: "glm45",
      adapters: [{ name: "content" }, { name: "slip" }, { name: "hermes" }],
    });
    const ran = await assess(["run", "-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 0, ran.stderr);
    const file = await readAll(await Deno.readFile(s.out));
    const results = file.records.filter((r): r is ResultRecord => r.kind === "result");
    const read = { oneLine: 0, unclosed: 0 };
    for (const r of results) {
      const i = r.itemIndex;
      const what = `${r.model}, item ${i}: ${JSON.stringify(r.reply!.text)}`;
      const reason = r.verdict!.reason;
      if (r.model === "content") {
        assert.equal(reason, "match", what);
        if (callsOf(i) > 0) assert.equal(r.reply!.text, CALL_CONTENT_TEXT, what);
      } else if (r.model === "slip") {
        if (r.reply!.calls.length > 0) {
          // The one-line slip: the calls tried, read (an answer of none: a call to the first tool).
          read.oneLine++;
          assert.equal(reason, callsOf(i) === 0 ? "call-count" : "match", what);
        } else {
          read.unclosed++;
          assert.match(r.reply!.text, /^<tool_call>/, what);
          assert.equal(reason, "unparsed-call", what);
        }
      } else if (r.model === "base") {
        assert.equal(reason, "match", what);
      } else if (callsOf(i) > 0) {
        // Hermes markup: each block a call named by its JSON text, so the name is wrong.
        assert.equal(r.reply!.calls.length, callsOf(i), what);
        assert.ok(r.reply!.calls.every((c) => c.name.startsWith('{"name": ')), what);
        assert.equal(reason, "name", what);
      } else assert.equal(reason, "match", what);
    }
    assert.ok(read.oneLine > 0 && read.unclosed > 0, JSON.stringify(read));
  } finally {
    await emu.close();
  }
});

for (const parser of ["qwen3_coder", "qwen3_xml"]) {
  Deno.test(`end to end under --tool-call-parser ${parser}, vLLM main-2026 (Qwen3EngineToolParser): right calls and content as before; a slip is returned as a call, never unparsed-call`, async () => {
    const emu = await startEmulator({
      rows: ROWS,
      version: "main-2026",
      toolCallParser: parser,
      adapters: ["content", "slip", "plain"],
      scripts: { content: "content", slip: "broken", plain: "no-call" },
    });
    try {
      const s = await setupRun(N, {
        url: emu.url,
        rows: ROWS,
        toolCallParser: parser,
        adapters: [{ name: "content" }, { name: "slip" }, { name: "plain" }],
      });
      const ran = await assess(["run", "-config", s.config, "-out", s.out]);
      assert.equal(ran.code, 0, ran.stderr);
      const file = await readAll(await Deno.readFile(s.out));
      const results = file.records.filter((r): r is ResultRecord => r.kind === "result");
      const seen = new Set<string>();
      for (const r of results) {
        const i = r.itemIndex;
        const what = `${r.model}, item ${i}: ${JSON.stringify(r.reply)}`;
        const reason = r.verdict!.reason;
        if (r.model === "base" || r.model === "content") {
          assert.equal(reason, "match", what);
          if (r.model === "content" && callsOf(i) > 0) {
            assert.equal(r.reply!.text, CALL_CONTENT_TEXT, what);
          }
        } else if (r.model === "plain") {
          assert.equal(reason, callsOf(i) === 0 ? "call-count" : "no-call", what);
        } else {
          // The engine reads a tag that lost its `>` without raising: the calls come back, a
          // parameter lost or under a wrong key (an answer of none: the first tool, no argument).
          assert.equal(r.reply!.calls.length, Math.max(callsOf(i), 1), what);
          assert.notEqual(reason, "unparsed-call", what);
          assert.notEqual(reason, "match", what);
          seen.add(reason);
        }
      }
      assert.ok(seen.size > 0);
    } finally {
      await emu.close();
    }
  });
}
