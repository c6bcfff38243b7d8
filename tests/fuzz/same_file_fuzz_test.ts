/**
 * Fuzz: an output that is one of the verb's inputs, or its other output, spelled any way (`./`,
 * `sub/..`, doubled slashes, relative or absolute, through a linked folder, a hard link or a
 * symbolic link to it), is refused by `split`, `run` and `report`: exit 64, one line naming both
 * files, and every file left as it was, none written.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { denoIo } from "../../src/cli/deno_io.ts";
import { runCli } from "../../src/cli/main.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";
import { configText, syntheticDataset } from "../run/_fixtures.ts";
import { assertLawful, fuzzParams, type Ran } from "./_fuzz.ts";

/** One way to write a path to `name` in `dir`, as a list of edits to its spelling. */
interface Spelling {
  /** Relative to the working directory instead of absolute. */
  readonly relative: boolean;
  /** Through `dir/linked`, a symbolic link to `dir`. */
  readonly viaLink: boolean;
  /** Extra `.`, `sub/..` and empty parts put before the name. */
  readonly detours: readonly ("." | "sub/.." | "")[];
  /** The file itself, or its hard link (`hard-NAME`) or symbolic link (`soft-NAME`), when there. */
  readonly alias: "none" | "hard" | "soft";
}

const spelling: fc.Arbitrary<Spelling> = fc.record({
  relative: fc.boolean(),
  viaLink: fc.boolean(),
  detours: fc.array(fc.constantFrom("." as const, "sub/.." as const, "" as const), {
    maxLength: 3,
  }),
  alias: fc.constantFrom("none" as const, "hard" as const, "soft" as const),
});

/** The path `s` spells for `name` in `dir`. */
function spell(dir: string, name: string, s: Spelling, exists: boolean): string {
  const cwd = Deno.cwd();
  const base = s.viaLink ? `${dir}/linked` : dir;
  const from = s.relative
    ? "../".repeat(cwd.split("/").filter((p) => p !== "").length) + base.slice(1)
    : base;
  const file = !exists || s.alias === "none" ? name : `${s.alias}-${name}`;
  return [from, ...s.detours, file].join("/");
}

/** A case: the verb's arguments, and what the refusal must say. */
interface Case {
  readonly args: string[];
  readonly output: string;
  readonly other: string;
}

/** The verbs' outputs set onto an input or onto each other. */
const cases = (dir: string): fc.Arbitrary<Case> => {
  const config = `${dir}/assess.yaml`;
  const input = fc.constantFrom("assess.yaml", "data.json");
  const role = (name: string) => name === "data.json" ? "the dataset" : "-config";
  return fc.oneof(
    fc.tuple(input, spelling, fc.boolean()).map(([name, s, train]) => {
      const path = spell(dir, name, s, true);
      return {
        args: train
          ? ["split", "-config", config, "-out", `${dir}/split.json`, "-train", path]
          : ["split", "-config", config, "-out", path],
        output: train ? "-train" : "-out",
        other: role(name),
      };
    }),
    // Two outputs that are one file: one already there (with its links), or one not there yet.
    fc.tuple(fc.constantFrom("other.json", "new.json"), spelling, spelling).map(([name, a, b]) => {
      const exists = name === "other.json";
      return {
        args: [
          "split",
          "-config",
          config,
          "-out",
          spell(dir, name, a, exists),
          "-train",
          spell(dir, name, b, exists),
        ],
        output: "-train",
        other: "-out",
      };
    }),
    spelling.map((s) => ({
      args: ["report", "-in", `${dir}/results.jsonl`, "-out", spell(dir, "results.jsonl", s, true)],
      output: "-out",
      other: "-in",
    })),
    fc.tuple(input, spelling).map(([name, s]) => ({
      args: ["run", "-config", config, "-out", spell(dir, name, s, true)],
      output: "-out",
      other: role(name),
    })),
  );
};

/** Every file under `dir` (links as links), with its bytes. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of Deno.readDirSync(at)) {
      const path = `${at}/${entry.name}`;
      if (entry.isSymlink) files.set(path, `-> ${Deno.readLinkSync(path)}`);
      else if (entry.isDirectory) walk(path);
      else files.set(path, sha256Hex(Deno.readFileSync(path)));
    }
  };
  walk(dir);
  return files;
}

async function runReal(args: readonly string[]): Promise<Ran> {
  let stdout = "";
  let stderr = "";
  const { onStopSignal: _signals, ...real } = denoIo();
  const code = await runCli(args, {
    ...real,
    stdout: { isTerminal: false, write: (t) => Promise.resolve(void (stdout += t)) },
    stderr: { isTerminal: false, write: (t) => Promise.resolve(void (stderr += t)) },
    env: () => undefined,
  });
  return { code, stdout, stderr };
}

Deno.test("fuzz: an output that is an input or the other output, however spelled, is refused (64) and nothing is written", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "assess_same_fuzz_" }));
  try {
    const dataset = syntheticDataset(4);
    await Deno.writeFile(`${dir}/data.json`, dataset);
    await Deno.writeTextFile(
      `${dir}/assess.yaml`,
      configText({
        url: "http://127.0.0.1:1/v1",
        datasetPath: `${dir}/data.json`,
        datasetSha256: sha256Hex(dataset),
        size: 2,
      }),
    );
    await Deno.writeTextFile(`${dir}/results.jsonl`, "{}\n");
    await Deno.writeTextFile(`${dir}/other.json`, "[]\n");
    await Deno.mkdir(`${dir}/sub`);
    await Deno.symlink(dir, `${dir}/linked`);
    for (const name of ["assess.yaml", "data.json", "results.jsonl", "other.json"]) {
      await Deno.link(`${dir}/${name}`, `${dir}/hard-${name}`);
      await Deno.symlink(`${dir}/${name}`, `${dir}/soft-${name}`);
    }
    const before = snapshot(dir);
    await fc.assert(
      fc.asyncProperty(cases(dir), async (c) => {
        const ran = await runReal(c.args);
        assertLawful(ran, [64]);
        const line = ran.stderr.split("\n")[0]!;
        assert.equal(ran.stderr, `${line}\n`);
        const verb = c.args[0]!;
        assert(
          line.startsWith(`assess ${verb}: ${c.output} `) &&
            line.includes(` is the same file as ${c.other} `) &&
            /: (an output must not overwrite an input|two outputs must not be one file)$/.test(
              line,
            ),
          `${c.args.join(" ")}: ${line}`,
        );
        assert.deepEqual(snapshot(dir), before, c.args.join(" "));
      }),
      fuzzParams(2),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
