/**
 * One run of a deno command measured by GNU time (`/usr/bin/time`): its wall time, CPU time and
 * peak memory; shared by the benchmarks that time `assess` as a process.
 *
 * @module
 */

import { ROOT } from "./_bench_data.ts";

/** What one run took. */
export interface Measured {
  /** Wall time, seconds. */
  readonly wall: number;
  /** User + system CPU time, seconds. */
  readonly cpu: number;
  /** Peak resident set size, KiB. */
  readonly rss: number;
}

/**
 * Runs `deno` with `args` in the repository under `/usr/bin/time`; throws when it fails (exits
 * other than 0 or one of `ok`).
 */
export async function measure(args: string[], ok: readonly number[] = []): Promise<Measured> {
  const { code, stderr } = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "%e %U %S %M", Deno.execPath(), ...args],
    cwd: ROOT,
    stdout: "null",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(stderr).trim();
  if (code !== 0 && !ok.includes(code)) {
    throw new Error(`deno ${args.join(" ")}: exit ${code}\n${text}`);
  }
  const [wall, user, sys, rss] = text.split("\n").at(-1)!.split(" ").map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return { wall, cpu: user + sys, rss };
}

/** The median of `xs` (the upper one of an even count). */
export const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
