/**
 * The test command (`deno task test`, `deno task test:slow`): runs `deno test` with the suite's
 * permissions and the dot reporter, and prints a short account instead of one line per test: a
 * progress line every 100 tests, everything else the run writes (a failure, its stack, a test's
 * own output, a skipped check saying why) as it comes, and `deno test`'s own summary line last.
 * The type-check lines of the doc examples (`Check FILE#LINES.ts`, one per example) are counted,
 * not printed. The exit status is `deno test`'s.
 *
 * `fast` runs every test but the slow ones (the files in {@linkcode SLOW}); `slow` runs only
 * those; `all` runs both in one `deno test`. Arguments after the mode go to `deno test`.
 *
 * @module
 */

/**
 * The slow test files: long simulations and exact computations, and the checks against Python
 * (numpy, scipy, Jinja2, transformers) that start an interpreter per case. CI runs them
 * (`deno task test:slow`, from `.ci/run`); `deno task test` leaves them out.
 */
export const SLOW: readonly string[] = [
  "tests/reference/",
  "tests/report/decision_test.ts",
  "tests/report/decision_simulation_test.ts",
  "tests/report/stats/decision_interval_test.ts",
  "tests/report/stats/detectable_difference_test.ts",
  "tests/report/stats/sampled_simulation_test.ts",
  "tests/report/stats/clustered_simulation_test.ts",
  "tests/request/chat_template_real_test.ts",
  "tests/report/render/html_chromium_test.ts",
  "tests/request/training_formats_test.ts",
  "tests/e2e/run_memory_test.ts",
  "tests/e2e/large_results_test.ts",
  "tests/e2e/report_config_memory_test.ts",
];

const PERMISSIONS = [
  "--allow-read",
  "--allow-write",
  "--allow-run",
  "--allow-net",
  "--allow-env",
];

/**
 * The `deno test` arguments for a mode.
 *
 * @param mode `fast`, `slow` or `all`.
 * @param rest Further arguments for `deno test`.
 * @returns The arguments.
 */
export function testArgs(mode: "fast" | "slow" | "all", rest: readonly string[]): string[] {
  const common = ["test", ...PERMISSIONS, "--parallel", "--reporter=dot", ...rest];
  if (mode === "slow") return [...common, ...SLOW];
  if (mode === "fast" && SLOW.length > 0) {
    return [...common, `--ignore=${SLOW.join(",")}`, "--doc"];
  }
  return [...common, "--doc"];
}

// deno-lint-ignore no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

/**
 * Prints a run's output shortly: dots counted, `Check` lines counted, the rest as written.
 *
 * @param lines The run's output, line by line (colour codes kept).
 * @param write Where a line goes.
 * @returns What was counted.
 */
export async function shorten(
  lines: AsyncIterable<string>,
  write: (line: string) => void,
): Promise<{ dots: number; checks: number }> {
  let dots = 0;
  let checks = 0;
  for await (const line of lines) {
    const plain = line.replace(ANSI, "");
    if (/^[.,!]+$/.test(plain.trim())) {
      for (const c of plain.trim()) {
        dots++;
        if (c === "!") write(line);
        if (dots % 100 === 0) write(`${dots} tests and steps run`);
      }
      continue;
    }
    if (plain.startsWith("Check ")) {
      checks++;
      continue;
    }
    if (plain.trim() === "" && dots > 0) continue;
    write(line);
  }
  return { dots, checks };
}

/** Splits a byte stream into lines. */
async function* linesOf(stream: ReadableStream<Uint8Array>): AsyncIterable<string> {
  let rest = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    rest += chunk;
    let i: number;
    while ((i = rest.indexOf("\n")) >= 0) {
      yield rest.slice(0, i);
      rest = rest.slice(i + 1);
    }
  }
  if (rest !== "") yield rest;
}

if (import.meta.main) {
  const [mode = "fast", ...rest] = Deno.args;
  if (mode !== "fast" && mode !== "slow" && mode !== "all") {
    console.error(`test_command: the mode is fast, slow or all, not ${JSON.stringify(mode)}`);
    Deno.exit(64);
  }
  const child = new Deno.Command(Deno.execPath(), {
    args: testArgs(mode, rest),
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const out = (line: string) => console.log(line);
  const [counted] = await Promise.all([
    shorten(linesOf(child.stdout), out),
    shorten(linesOf(child.stderr), (line) => console.error(line)),
  ]);
  const status = await child.status;
  if (counted.checks > 0) console.log(`(${counted.checks} doc examples type-checked)`);
  Deno.exit(status.code);
}
