/**
 * The Python interpreter for the tests that hold assess to an independent implementation in Python:
 * the reference implementation (`reference/python/`, the standard library only), the reference of
 * the decision statistics (`tests/report/reference_decision.py`, numpy and scipy), and CPython's own
 * `json` and Unicode tables; and the aiohttp client loop of the benchmarks. The one place that finds
 * it, and runs scripts with it.
 *
 * The interpreter is `ASSESS_PYTHON` when that is set (`.ci/run` sets it to the absolute path of
 * the interpreter it checked for numpy and scipy), else the first of `python3` and
 * `/usr/bin/python3` that has what a check needs (a pyenv or virtualenv `python3` may lack numpy and
 * scipy where Debian's python3-numpy and python3-scipy gave them to `/usr/bin/python3`). Without
 * one, a check is skipped with a printed reason; with `ASSESS_REQUIRE_PYTHON=1` (which `.ci/run`
 * sets) it fails instead, saying what is missing, so that a machine cannot drop the independent
 * checks silently.
 *
 * @module
 */

/**
 * What a check needs of Python: the standard library, numpy and scipy too, aiohttp, Jinja2, or the
 * training stacks (`datasets`, `transformers`, `trl` and `torch`).
 */
export type PythonNeed = "stdlib" | "scipy" | "aiohttp" | "jinja2" | "trl";

/** The interpreters tried, in order, when `ASSESS_PYTHON` is not set. */
export const PYTHON_CANDIDATES: readonly string[] = ["python3", "/usr/bin/python3"];

/** What each need imports (the scipy modules `reference_decision.py` imports). */
const IMPORTS: Record<PythonNeed, string> = {
  stdlib: "json, unicodedata",
  scipy: "numpy, scipy.optimize, scipy.special, scipy.stats",
  aiohttp: "aiohttp",
  jinja2: "jinja2.sandbox",
  trl: "datasets, transformers, trl, torch",
};

const WHAT: Record<PythonNeed, string> = {
  stdlib: "python3",
  scipy: "python3 with numpy and scipy",
  aiohttp: "python3 with aiohttp",
  jinja2: "python3 with Jinja2",
  trl: "python3 with datasets, transformers, trl and torch",
};

const INSTALL: Record<PythonNeed, string> = {
  stdlib: "install python3",
  scipy: "install numpy and scipy for python3 (on Debian: apt-get install python3-numpy " +
    "python3-scipy, as .ci/run does)",
  aiohttp: "install aiohttp for python3 (on Debian: apt-get install python3-aiohttp)",
  jinja2: "install Jinja2 for python3 (on Debian: apt-get install python3-jinja2, as .ci/run does)",
  trl: "python3 -m pip install datasets transformers trl",
};

/**
 * The needs `.ci/run` may not meet (Debian packages none of datasets, transformers and trl; it
 * tries pip, which may reach no index): their checks are skipped, saying so, even under
 * `ASSESS_REQUIRE_PYTHON=1`.
 */
const NOT_IN_CI: ReadonlySet<PythonNeed> = new Set(["trl"]);

/** An interpreter, or why there is none. */
export type PythonFound = { readonly python: string } | { readonly missing: string };

/** An environment variable, or undefined when it is not set or may not be read. */
function env(name: string): string | undefined {
  try {
    const value = Deno.env.get(name);
    return value === "" ? undefined : value;
  } catch (e) {
    if (e instanceof Deno.errors.NotCapable || e instanceof Deno.errors.PermissionDenied) {
      return undefined;
    }
    throw e;
  }
}

/** Whether a missing interpreter fails the checks instead of skipping them. */
export function pythonRequired(): boolean {
  return env("ASSESS_REQUIRE_PYTHON") === "1";
}

/** Why `python` cannot serve `need`, or `null` when it can. */
async function unfit(python: string, need: PythonNeed): Promise<string | null> {
  try {
    const out = await new Deno.Command(python, {
      args: ["-c", `import ${IMPORTS[need]}`],
      stdout: "null",
      stderr: "piped",
    }).output();
    if (out.success) return null;
    const last = new TextDecoder().decode(out.stderr).trim().split("\n").pop() ?? "";
    return `${python} cannot import ${IMPORTS[need]} (${last || `exit ${out.code}`})`;
  } catch (e) {
    return e instanceof Deno.errors.NotFound
      ? `${python} is not on this machine`
      : `${python} cannot be run (${(e as Error).message})`;
  }
}

async function search(need: PythonNeed): Promise<PythonFound> {
  const chosen = env("ASSESS_PYTHON");
  if (chosen !== undefined) {
    const why = await unfit(chosen, need);
    return why === null ? { python: chosen } : { missing: `ASSESS_PYTHON is set, but ${why}` };
  }
  const reasons: string[] = [];
  for (const python of PYTHON_CANDIDATES) {
    const why = await unfit(python, need);
    if (why === null) return { python };
    reasons.push(why);
  }
  return { missing: `no ${WHAT[need]}: ${reasons.join("; ")}` };
}

const found = new Map<PythonNeed, Promise<PythonFound>>();

/** The interpreter for `need`, or why there is none (looked for once per need). */
export function findPython(need: PythonNeed): Promise<PythonFound> {
  let result = found.get(need);
  if (result === undefined) found.set(need, result = search(need));
  return result;
}

/**
 * The interpreter for `need`.
 *
 * @throws {Error} When there is none, saying why.
 */
export async function pythonFor(need: PythonNeed): Promise<string> {
  const result = await findPython(need);
  if ("python" in result) return result.python;
  throw new Error(`${result.missing}; ${INSTALL[need]}, or name an interpreter in ASSESS_PYTHON`);
}

/**
 * Whether the checks named `what` cannot run here: `null` when they can, else the reason, for
 * `ignore:`. Without `ASSESS_REQUIRE_PYTHON=1` the reason is printed (the checks are skipped); with
 * it, a test named for the checks is registered that fails with the reason and what to do (but for
 * a need CI cannot meet, whose checks are skipped all the same).
 */
export async function pythonSkip(what: string, need: PythonNeed): Promise<string | null> {
  const result = await findPython(need);
  if ("python" in result) return null;
  if (pythonRequired() && !NOT_IN_CI.has(need)) {
    Deno.test(`${what}: Python is required here (ASSESS_REQUIRE_PYTHON=1)`, () => {
      throw new Error(
        `${what} cannot run: ${result.missing}. ASSESS_REQUIRE_PYTHON=1 makes that a failure ` +
          `rather than a skip: ${INSTALL[need]}, or name an interpreter in ASSESS_PYTHON`,
      );
    });
  } else {
    console.log(`${what}: skipped, ${result.missing}; ${INSTALL[need]} to run them`);
  }
  return result.missing;
}

/** How {@linkcode runScript} runs a script. */
export interface RunScriptOptions {
  /** The script's arguments. Default none. */
  readonly args?: readonly string[];
  /** Its standard input. */
  readonly input: string;
  /** What it needs of Python. */
  readonly need: PythonNeed;
  /** The folder it runs in. Default this process's. */
  readonly cwd?: string;
}

/**
 * Runs `PYTHON SCRIPT ARGS` with `input` on stdin and returns its stdout.
 *
 * @throws {Error} When there is no interpreter for the script, or it exits non-zero (with its
 *   stderr).
 */
export async function runScript(script: string, options: RunScriptOptions): Promise<string> {
  const args = options.args ?? [];
  const child = new Deno.Command(await pythonFor(options.need), {
    args: [script, ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { PYTHONIOENCODING: "utf-8", PYTHONDONTWRITEBYTECODE: "1" },
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  }).spawn();
  const writer = child.stdin.getWriter();
  const done = child.output();
  await writer.write(new TextEncoder().encode(options.input));
  await writer.close();
  const out = await done;
  const stderr = new TextDecoder().decode(out.stderr);
  if (!out.success) {
    const name = script.slice(script.lastIndexOf("/") + 1);
    throw new Error(`${name} ${args.join(" ")} exited ${out.code}:\n${stderr}`);
  }
  return new TextDecoder().decode(out.stdout);
}
