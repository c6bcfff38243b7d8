/**
 * Runs the Python reference of the decision statistics (`reference_decision.py`, numpy and scipy)
 * for the report's tests: one process per batch, JSON lines in and out. The interpreter is found by
 * `tests/support/python.ts`: a test that needs it is skipped, with a message saying why, where
 * there is none, or fails where `ASSESS_REQUIRE_PYTHON=1`.
 *
 * @module
 */

import { pythonSkip, runScript } from "../support/python.ts";

const SCRIPT = new URL("./reference_decision.py", import.meta.url).pathname;

/**
 * Why the checks named `what` cannot run on this machine (no Python with numpy and scipy), or
 * `null` when they can; printed, or registered as a failing test under `ASSESS_REQUIRE_PYTHON=1`.
 */
export function skipReason(what: string): Promise<string | null> {
  return pythonSkip(what, "scipy");
}

/**
 * `python3 reference_decision.py COMMAND` with one JSON line per input; one answer per input.
 *
 * @throws {Error} When the script fails, with its stderr.
 */
export async function reference(command: string, inputs: readonly unknown[]): Promise<unknown[]> {
  const input = inputs.map((x) => JSON.stringify(x) + "\n").join("");
  const text = await runScript(SCRIPT, { args: [command], input, need: "scipy" });
  const lines = text.split("\n").filter((l) => l !== "");
  if (lines.length !== inputs.length) {
    throw new Error(
      `reference_decision.py ${command}: ${inputs.length} inputs, ${lines.length} answers`,
    );
  }
  return lines.map((l) => JSON.parse(l));
}
