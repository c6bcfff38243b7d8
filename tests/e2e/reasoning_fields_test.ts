/**
 * `assess run` records the reasoning whichever field vLLM fills: `reasoning_content` (the
 * `legacy` generation), both (`mid`) or `reasoning` (`main-2026`), for the families that think
 * with a reasoning parser other than qwen3's: gpt-oss (its harmony `analysis` channel) and
 * DeepSeek (`--reasoning-parser deepseek_r1`, `<think>` … `</think>`).
 */

import assert from "node:assert/strict";
import { setupRun, syntheticRows } from "../run/_fixtures.ts";
import { assess } from "../cli/_in_process.ts";
import { readAll } from "../results/_read_all.ts";
import { type EmulatorOptions, startEmulator, type VllmVersion } from "../support/vllm_emulator.ts";
import type { ResultRecord } from "../../src/results/records.ts";

const N = 4;
const ROWS = syntheticRows(N);

async function run(
  parser: string,
  options: EmulatorOptions,
  thinking: boolean,
): Promise<ResultRecord[]> {
  const emu = await startEmulator({ rows: ROWS, toolCallParser: parser, ...options });
  try {
    const s = await setupRun(N, { url: emu.url, rows: ROWS, maxTokens: 4096 });
    let config = await Deno.readTextFile(s.config);
    config = config.replace("toolCallParser: hermes", `toolCallParser: ${parser}`);
    if (thinking) config = config.replace("mode: off", "mode: on");
    await Deno.writeTextFile(s.config, config);
    const ran = await assess(["run", "-config", s.config, "-out", s.out]);
    assert.equal(ran.code, 0, ran.stderr);
    const file = await readAll(await Deno.readFile(s.out));
    return file.records.filter((r): r is ResultRecord => r.kind === "result");
  } finally {
    await emu.close();
  }
}

const VERSIONS: VllmVersion[] = ["legacy", "mid", "main-2026"];

Deno.test("run: gpt-oss's reasoning recorded from the field the version fills", async () => {
  for (const version of VERSIONS) {
    const results = await run("openai", { version }, false);
    assert.equal(results.length, N);
    for (const r of results) {
      assert.equal(r.verdict?.reason, "match", `${version} item ${r.itemIndex}`);
      assert.equal(r.reply!.reasoning, "The user needs a tool; call it.", version);
    }
  }
});

Deno.test("run: deepseek_r1's reasoning recorded from the field the version fills", async () => {
  for (const version of VERSIONS) {
    const results = await run(
      "deepseek_v31",
      { version, reasoningParserName: "deepseek_r1", scripts: { base: "thinking" } },
      true,
    );
    assert.equal(results.length, N);
    for (const r of results) {
      assert.equal(r.verdict?.reason, "match", `${version} item ${r.itemIndex}`);
      assert.match(r.reply!.reasoning ?? "", /^\nThe user asks: Question number/, version);
    }
  }
});
