/**
 * The command line: `assess VERB [flags]`, as a function of its arguments and its {@linkcode Io}.
 *
 * @module
 */

import { ExitCode } from "./exit_codes.ts";
import { flagUsage, parseFlags } from "./flags.ts";
import { reportError } from "./funnel.ts";
import type { Io } from "./io.ts";
import type { Verb } from "./verb.ts";
import { leakVerb } from "./verb_leak.ts";
import { reportVerb } from "./verb_report.ts";
import { runVerb } from "./verb_run.ts";
import { selftestVerb } from "./verb_selftest.ts";
import { splitVerb } from "./verb_split.ts";
import { validateVerb } from "./verb_validate.ts";
import { versionVerb } from "./verb_version.ts";
import { oneLine } from "../text/one_line.ts";

/** Every verb, in the order `assess help` lists them. */
export const VERBS: readonly Verb[] = [
  validateVerb,
  splitVerb,
  selftestVerb,
  runVerb,
  reportVerb,
  leakVerb,
  versionVerb,
];

function usage(): string {
  const width = Math.max("help".length, ...VERBS.map((v) => v.name.length));
  return [
    "assess: tells whether a LoRA adapter calls tools better than its base model",
    "",
    "usage: assess VERB [flags]",
    "",
    "verbs:",
    ...VERBS.map((v) => `  ${v.name.padEnd(width)}  ${v.summary}`),
    `  ${
      "help".padEnd(width)
    }  print this help, or a verb's and the permissions it needs: assess help VERB`,
    "",
    "A flag is -name value, -name=value, --name value or --name=value.",
    "Exit codes: 0 done, 1 leak found (assess leak), 64 usage or config refused,",
    "65 data refused or self-test failed, 69 server unusable, 70 internal error;",
    "assess report -gate: 0 pass, 1 worse, 2 inconclusive, 3 undecided.",
    "",
  ].join("\n");
}

function verbUsage(verb: Verb): string {
  const lines = [
    `usage: assess ${verb.name}${verb.usage ? ` ${verb.usage}` : ""}`,
    "",
    verb.summary,
  ];
  const flags = flagUsage(verb.flags);
  if (flags.length > 0) lines.push("", "flags:", ...flags);
  lines.push("", `permissions (deno run): ${verb.permissions}`);
  return lines.join("\n") + "\n";
}

/**
 * Runs the command line: the verb in `args[0]` with the flags after it. Never throws: every failure
 * is printed on `io.stderr` and becomes the documented exit code.
 *
 * @param args The arguments, without the program's name.
 * @param io The world: outputs, files, environment, network, clock.
 * @returns The exit code.
 *
 * @example Run a verb with your own outputs
 * ```ts
 * import { denoIo } from "./deno_io.ts";
 * import { runCli } from "./main.ts";
 * import assert from "node:assert/strict";
 *
 * let printed = "";
 * const io = { ...denoIo(), stdout: { isTerminal: false, write: async (t: string) => { printed += t; } } };
 * assert.equal(await runCli(["version"], io), 0);
 * assert.match(printed, /^assess /);
 * ```
 */
export async function runCli(args: readonly string[], io: Io): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined) {
    await io.stderr.write(usage());
    return ExitCode.usage;
  }
  if (name === "help" || name === "-h" || name === "-help" || name === "--help") {
    if (name === "help" && rest.length > 0) {
      const verb = VERBS.find((v) => v.name === rest[0]);
      if (!verb || rest.length > 1) {
        await io.stderr.write(
          `${
            oneLine(`assess help: no verb ${JSON.stringify(rest.join(" "))}`)
          } (see assess help)\n`,
        );
        return ExitCode.usage;
      }
      await io.stdout.write(verbUsage(verb));
      return ExitCode.ok;
    }
    if (rest.length > 0) {
      await io.stderr.write(`assess: unexpected argument after ${name} (see assess help)\n`);
      return ExitCode.usage;
    }
    await io.stdout.write(usage());
    return ExitCode.ok;
  }
  const verb = VERBS.find((v) => v.name === name);
  if (!verb) {
    const what = name.startsWith("-")
      ? `flag ${JSON.stringify(name)} before a verb`
      : `unknown verb ${JSON.stringify(name)}`;
    await io.stderr.write(`assess: ${oneLine(what)} (see assess help)\n`);
    return ExitCode.usage;
  }
  try {
    const parsed = parseFlags(verb.name, rest, verb.flags);
    if (parsed.help) {
      await io.stdout.write(verbUsage(verb));
      return ExitCode.ok;
    }
    return await verb.run(parsed.values, io);
  } catch (error) {
    const reported = reportError(verb.name, error);
    // Each line escaped: a refusal may quote the dataset, the server or a scorer.
    await io.stderr.write(reported.lines.map((l) => `${oneLine(l)}\n`).join(""));
    return reported.code;
  }
}
