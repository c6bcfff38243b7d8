/**
 * Runs the Python reference implementation (`reference/python/assess_ref.py`, the standard library
 * only) for the differential tests: one process per batch, input on stdin, output on stdout. The
 * interpreter is found by `tests/support/python.ts`.
 *
 * @module
 */

import { runScript } from "../support/python.ts";

/** The reference implementation's command-line script. */
export const ASSESS_REF: string = new URL("../../reference/python/assess_ref.py", import.meta.url)
  .pathname;

/**
 * Runs `python3 assess_ref.py ARGS` with `input` on stdin and returns its stdout.
 *
 * @throws {Error} When there is no python3, or the script exits non-zero (with its stderr).
 */
export function runPython(args: readonly string[], input: string): Promise<string> {
  return runScript(ASSESS_REF, { args, input, need: "stdlib" });
}

/** Runs a JSON-lines command: one input line per value, one output value per line. */
export async function runPythonLines(
  command: string,
  inputs: readonly unknown[],
): Promise<unknown[]> {
  const text = await runPython([command], inputs.map((x) => JSON.stringify(x) + "\n").join(""));
  const lines = text.split("\n").filter((l) => l !== "");
  if (lines.length !== inputs.length) {
    throw new Error(`assess_ref.py ${command}: ${inputs.length} inputs, ${lines.length} outputs`);
  }
  return lines.map((l) => JSON.parse(l));
}
