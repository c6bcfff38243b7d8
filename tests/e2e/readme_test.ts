/**
 * The README's quick start as a user runs it: the demo task starts vLLM emulators and assess as
 * processes of their own and runs the whole job, then a team's own chat dataset, then the job
 * again with a model family other than hermes.
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
  // The same job with another model family, through its parser: validated, run, reported, with
  // the calls the models broke read as unparsed calls.
  const other = text.split("assess demo: the same job with another model family")[1];
  assert(other, "the demo runs the job with another model family");
  assert.match(other, /with server\.toolCallParser: llama4_json in assess\.yaml/);
  assert.match(other, /\$ assess validate\n\n\$ assess run -out results\.jsonl\n/);
  assert.match(other, /results\.jsonl: 300 of 300 answers recorded \(0 errors, 0 not asked\)/);
  assert.match(other, /tool-call parser llama4_json\); verdicts recorded/);
  assert.match(other, /\n {2}unparsed-call +[1-9]\d* +[1-9]\d*\n/);
  assert.match(other, /\n {2}match +\d+ +\d+\n/);
  assert.match(other, /assess demo: done; \d+ chat requests answered by the emulator/);
  assert.doesNotMatch(text, /WARNING/);
});
