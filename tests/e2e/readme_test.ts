/**
 * The README's quick start as a user runs it: the demo task starts vLLM emulators and assess as
 * processes of their own and runs the whole job.
 */

import assert from "node:assert/strict";

const root = new URL("../../", import.meta.url);

Deno.test("the quick start's demo runs the whole job, and warns about nothing whatever VLLM_API_KEY the user has", async () => {
  const tasks = JSON.parse(await Deno.readTextFile(new URL("deno.json", root))).tasks;
  const args = (tasks.demo as string).split(" ");
  assert.equal(args[0], "deno");
  const out = await new Deno.Command(Deno.execPath(), {
    args: args.slice(1),
    cwd: root,
    env: { VLLM_API_KEY: "short", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, text);
  assert.match(text, /assess demo: done; \d+ chat requests answered by the emulator/);
  // The team's own dataset, in the chat format, split, run and reported with its string ids.
  assert.match(text, /assess demo: a team's own dataset, in the chat format/);
  assert.match(text, /fixed \(only tuned right\), \d+ items?: "hd-/);
  assert.doesNotMatch(text, /WARNING/);
});
