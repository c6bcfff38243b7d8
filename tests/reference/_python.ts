/**
 * Runs the Python reference implementation (`reference/python/assess_ref.py`) for the differential
 * test: one process per batch, input on stdin, output on stdout.
 *
 * @module
 */

/** The reference implementation's command-line script. */
export const ASSESS_REF: string = new URL("../../reference/python/assess_ref.py", import.meta.url)
  .pathname;

/** Whether `python3` can be started on this machine. */
export async function havePython(): Promise<boolean> {
  try {
    const out = await new Deno.Command("python3", {
      args: ["--version"],
      stdout: "null",
      stderr: "null",
    })
      .output();
    return out.success;
  } catch {
    return false;
  }
}

/**
 * Runs `python3 assess_ref.py ARGS` with `input` on stdin and returns its stdout.
 *
 * @throws {Error} When the script exits non-zero, with its stderr.
 */
export function runPython(args: readonly string[], input: string): Promise<string> {
  return runScript(ASSESS_REF, args, input);
}

/**
 * Runs `python3 SCRIPT ARGS` with `input` on stdin and returns its stdout.
 *
 * @throws {Error} When the script exits non-zero, with its stderr.
 */
export async function runScript(
  script: string,
  args: readonly string[],
  input: string,
): Promise<string> {
  const child = new Deno.Command("python3", {
    args: [script, ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { PYTHONIOENCODING: "utf-8", PYTHONDONTWRITEBYTECODE: "1" },
  }).spawn();
  const writer = child.stdin.getWriter();
  const done = child.output();
  await writer.write(new TextEncoder().encode(input));
  await writer.close();
  const out = await done;
  const stderr = new TextDecoder().decode(out.stderr);
  if (!out.success) {
    const name = script.slice(script.lastIndexOf("/") + 1);
    throw new Error(`${name} ${args.join(" ")} exited ${out.code}:\n${stderr}`);
  }
  return new TextDecoder().decode(out.stdout);
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
