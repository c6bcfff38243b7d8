/**
 * `assess report -config` (the item panels, html and json) on results files of 10⁴, 10⁵ and 10⁶
 * records, each a process under `/usr/bin/time` with the README's permissions, against a floor in
 * the same round: a script that reads the results file in parts of 1 MiB and `JSON.parse`s every
 * line, which any reader of the file must at least do. Prints, per file and format, the wall and
 * CPU time, CPU over the floor's, the peak RSS, the output's size and its panels.
 *
 * Make the files once (gitignored; 3 models × N items, so N = 3334, 33334, 333334; the last takes
 * about 10 minutes), each with its configuration and dataset beside it:
 *   deno run -A tests/bench/make_report_results.ts bench-data/report-3x3334.jsonl 3334
 * then:
 *   deno run --allow-read --allow-write --allow-run --allow-env tests/bench/report_config_bench.ts \
 *     bench-data/report-3x3334.jsonl bench-data/report-3x33334.jsonl bench-data/report-3x333334.jsonl
 *
 * `ASSESS_BENCH_ROUNDS` (default 1) runs more rounds (medians); `ASSESS_BENCH_FORMATS` (default
 * `html,json`) picks the formats; `ASSESS_BENCH_PANELS` passes `-panels`; `ASSESS_BENCH_BEFORE=DIR`
 * runs `DIR/cli.ts` too (a copy of another commit, from `git archive`), for a figure before a
 * change.
 *
 * @module
 */

import { LINE_PARSE_FLOOR, measure, median } from "./_measure.ts";
import { ROOT } from "./_bench_data.ts";

const files = Deno.args.length > 0 ? Deno.args : [`${ROOT}bench-data/report-3x3334.jsonl`];
const rounds = Number(Deno.env.get("ASSESS_BENCH_ROUNDS") ?? 1);
const formats = (Deno.env.get("ASSESS_BENCH_FORMATS") ?? "html,json").split(",");
const panels = Deno.env.get("ASSESS_BENCH_PANELS");
const before = Deno.env.get("ASSESS_BENCH_BEFORE");
const dir = Deno.makeTempDirSync({ prefix: "assess-report-config-bench-" });
const floor = `${dir}/floor.ts`;
Deno.writeTextFileSync(floor, LINE_PARSE_FLOOR);

/** The panels an output holds: its item panels (html) or its `panels` (json). */
function panelsOf(format: string, text: string): number {
  if (format === "json") return (JSON.parse(text).panels ?? []).length;
  return text.match(/<details class="item">/g)?.length ?? 0;
}

const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;

try {
  for (const file of files) {
    const data = `${file}.data.json`;
    const config = `${file}.yaml`;
    const records = (await new Deno.Command(Deno.execPath(), {
      args: ["run", `--allow-read=${file}`, floor, file],
      stdout: "piped",
    }).output()).stdout;
    console.log(
      `${file}: ${Deno.statSync(file).size} bytes, ${
        new TextDecoder().decode(records).trim()
      } lines`,
    );
    const cli = [["after", `${ROOT}cli.ts`], ...(before ? [["before", `${before}/cli.ts`]] : [])];
    const rows = new Map<
      string,
      { cpu: number[]; wall: number[]; rss: number[]; ratio: number[] }
    >();
    const sizes = new Map<string, string>();
    for (let round = 0; round < rounds; round++) {
      const f = await measure(["run", `--allow-read=${file}`, floor, file]);
      const add = (name: string, m: { cpu: number; wall: number; rss: number }) => {
        const row = rows.get(name) ?? { cpu: [], wall: [], rss: [], ratio: [] };
        row.cpu.push(m.cpu);
        row.wall.push(m.wall);
        row.rss.push(m.rss);
        row.ratio.push(m.cpu / f.cpu);
        rows.set(name, row);
      };
      add("floor", f);
      for (const format of formats) {
        for (const [which, entry] of cli) {
          const out = `${dir}/report.${which}.${format}`;
          const m = await measure([
            "run",
            `--allow-read=${file},${config},${data},${dir}`,
            `--allow-write=${dir}`,
            entry!,
            "report",
            "-in",
            file,
            "-config",
            config,
            "-format",
            format,
            "-out",
            out,
            ...(panels === undefined || which === "before" ? [] : ["-panels", panels]),
          ]);
          const name = `${which} ${format}`;
          add(name, m);
          sizes.set(
            name,
            `${Deno.statSync(out).size} bytes, ${
              panelsOf(format, await Deno.readTextFile(out))
            } panels`,
          );
          await Deno.remove(out);
        }
      }
    }
    for (const [name, row] of rows) {
      console.log(
        `  ${name.padEnd(12)} wall ${median(row.wall).toFixed(2)} s, CPU ${
          median(row.cpu).toFixed(2)
        } s (${median(row.ratio).toFixed(2)}× the floor), peak RSS ${mib(median(row.rss))}${
          sizes.has(name) ? `, ${sizes.get(name)}` : ""
        }`,
      );
    }
  }
} finally {
  Deno.removeSync(dir, { recursive: true });
}
