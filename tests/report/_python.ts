/**
 * Runs the Python reference of the decision statistics (`reference_decision.py`, numpy and scipy)
 * for the report's tests: one process per batch, JSON lines in and out. A test that needs it is
 * skipped, with a message saying why, where python3 or one of its modules is missing.
 *
 * @module
 */

import { runScript } from "../reference/_python.ts";

const SCRIPT = new URL("./reference_decision.py", import.meta.url).pathname;

/** Why the Python reference cannot run on this machine, or `null` when it can. */
export async function pythonMissing(): Promise<string | null> {
  try {
    const out = await new Deno.Command("python3", {
      args: ["-c", "import numpy, scipy"],
      stdout: "null",
      stderr: "null",
    }).output();
    return out.success ? null : "python3 cannot import numpy and scipy";
  } catch {
    return "python3 is not on this machine";
  }
}

/** The reason to skip, printed once by the test module that asks. */
export async function skipReason(what: string): Promise<string | null> {
  const missing = await pythonMissing();
  if (missing !== null) console.log(`${what}: skipped, ${missing}`);
  return missing;
}

/**
 * `python3 reference_decision.py COMMAND` with one JSON line per input; one answer per input.
 *
 * @throws {Error} When the script fails, with its stderr.
 */
export async function reference(command: string, inputs: readonly unknown[]): Promise<unknown[]> {
  const input = inputs.map((x) => JSON.stringify(x) + "\n").join("");
  const text = await runScript(SCRIPT, [command], input);
  const lines = text.split("\n").filter((l) => l !== "");
  if (lines.length !== inputs.length) {
    throw new Error(
      `reference_decision.py ${command}: ${inputs.length} inputs, ${lines.length} answers`,
    );
  }
  return lines.map((l) => JSON.parse(l));
}
