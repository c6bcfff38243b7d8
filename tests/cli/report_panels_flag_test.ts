/**
 * `assess report -panels N`: any whole number of at least 1 is a limit, however large (one over
 * every list's length shows every item, as `-panels all` does); it is refused only when it is not
 * one (reference/cli.md: "Anything but a whole number of at least 1 or `all`: exit 64").
 */

import assert from "node:assert/strict";
import { setupRun, syntheticRows } from "../run/_fixtures.ts";
import { startEmulator } from "../support/vllm_emulator.ts";
import { assess } from "./_in_process.ts";

Deno.test("report -panels: a large whole number is a limit (every item shown), not refused", async () => {
  const rows = 60;
  const emu = await startEmulator({
    rows: syntheticRows(rows),
    adapters: ["tuned"],
    scripts: { base: "errors:0.3", tuned: "errors:0.3" },
  });
  let dir: string | undefined;
  try {
    const s = await setupRun(rows, { url: emu.url, adapters: [{ name: "tuned" }], size: 40 });
    dir = s.dir;
    const run = await assess(["run", "-config", s.config, "-out", s.out]);
    assert.equal(run.code, 0, run.stderr);
    const report = (panels: string) =>
      assess(["report", "-in", s.out, "-config", s.config, "-format", "json", "-panels", panels]);
    const all = await report("all");
    assert.equal(all.code, 0, all.stderr);
    const every = JSON.parse(all.stdout).panels.map((p: { itemId: number }) => p.itemId);
    assert.ok(every.length > 1, `${every.length} panels`);
    for (const large of ["1000000000", "99999999999999999999999"]) {
      const ran = await report(large);
      assert.equal(ran.code, 0, `${large}: ${ran.stderr}`);
      assert.deepEqual(
        JSON.parse(ran.stdout).panels.map((p: { itemId: number }) => p.itemId),
        every,
        large,
      );
    }
  } finally {
    await emu.close();
    if (dir !== undefined) await Deno.remove(dir, { recursive: true });
  }
});
