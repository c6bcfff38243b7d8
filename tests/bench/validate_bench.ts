// `assess validate` of the page's whole file (reference/testdata/whole.yaml, 40 lines), as a whole
// process with the README's permission, against the baseline `deno run` of an empty script, side
// by side in one run. Also: `assess version` (the command line's own start-up, no config read) and
// validateConfig in process (the work itself, without start-up).
//
// Run: deno bench --allow-read --allow-write --allow-run tests/bench/validate_bench.ts

import { validateConfig } from "../../src/config/validate.ts";
import { lookupScorer } from "../../src/score/registry.ts";

const root = new URL("../../", import.meta.url);
const CLI = new URL("cli.ts", root).pathname;
const WHOLE = new URL("reference/testdata/whole.yaml", root).pathname;
const EMPTY = await Deno.makeTempFile({ prefix: "assess-bench-empty-", suffix: ".ts" });
addEventListener("unload", () => Deno.removeSync(EMPTY));

async function deno(b: Deno.BenchContext, args: string[], expectedCode = 0): Promise<void> {
  b.start();
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  b.end();
  if (code !== expectedCode) {
    throw new Error(`deno ${args.join(" ")} exited ${code}: ${new TextDecoder().decode(stderr)}`);
  }
}

// deno bench awaits only functions declared async: the fns below must stay `async`.
const options = { n: 40, warmup: 3 } as const;

Deno.bench({
  name: "deno run <empty script>",
  group: "whole process",
  baseline: true,
  ...options,
  fn: async (b) => await deno(b, ["run", EMPTY]),
});

Deno.bench({
  name: "assess validate -config whole.yaml",
  group: "whole process",
  ...options,
  fn: async (b) =>
    await deno(b, ["run", `--allow-read=${WHOLE}`, CLI, "validate", "-config", WHOLE]),
});

Deno.bench({
  name: "assess version",
  group: "whole process",
  ...options,
  fn: async (b) => await deno(b, ["run", CLI, "version"]),
});

const text = await Deno.readFile(WHOLE);
Deno.bench({
  name: "validateConfig(whole.yaml) in process",
  group: "in process",
  fn: () => {
    if (validateConfig(text, { lookupScorer }).issues.length > 0) throw new Error("refused");
  },
});
