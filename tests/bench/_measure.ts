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

/**
 * A floor script for benches that read a JSON Lines file: it reads the file named by its first
 * argument in parts of 1 MiB, `JSON.parse`s every line and prints the count. Write it to a file
 * and run it under {@linkcode measure} beside the command measured.
 */
export const LINE_PARSE_FLOOR: string =
  `// Reads the file in parts of 1 MiB and JSON.parses every line.
using file = await Deno.open(Deno.args[0]);
const buffer = new Uint8Array(1 << 20);
const decoder = new TextDecoder();
let rest = "";
let lines = 0;
for (let n = await file.read(buffer); n !== null; n = await file.read(buffer)) {
  const text = rest + decoder.decode(buffer.subarray(0, n), { stream: true });
  let at = 0;
  for (let i = text.indexOf("\\n"); i >= 0; i = text.indexOf("\\n", at)) {
    JSON.parse(text.slice(at, i));
    lines++;
    at = i + 1;
  }
  rest = text.slice(at);
}
console.log(lines);
`;
