/**
 * `assess report` on a results file of 3 models × 60,000 items made by `assess run` against the
 * vLLM emulator (about 190 MB), against a floor in the same run: reading the file and
 * `JSON.parse`-ing every line, which any reader of the file must at least do. Target: the whole
 * command, as its own process, within 2 s.
 *
 * Make the file once (gitignored; a few minutes):
 *   deno run -A tests/bench/make_report_results.ts
 * then: deno bench --allow-read --allow-run --allow-write --allow-env tests/bench/report_bench.ts
 * (ASSESS_BENCH_REPORT names another file.)
 *
 * @module
 */

import { buildReport } from "../../src/report/build_report.ts";
import { reportInputFromResults } from "../../src/report/from_results.ts";
import { renderHtml } from "../../src/report/render/html.ts";
import { renderJson } from "../../src/report/render/json.ts";
import { renderText } from "../../src/report/render/text.ts";
import { lookupScorer } from "../../src/score/registry.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const DATA = Deno.env.get("ASSESS_BENCH_REPORT") ?? `${ROOT}bench-data/report-3x60k.jsonl`;

function exists(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

const ready = exists(DATA);
if (!ready) console.log(`report_bench: ${DATA} is missing; see this file's header to make it`);
const empty = Deno.makeTempFileSync({ prefix: "assess-report-bench-", suffix: ".ts" });

async function spawn(args: string[]): Promise<void> {
  const out = await new Deno.Command(Deno.execPath(), { args, stdout: "null", stderr: "piped" })
    .output();
  if (out.code !== 0) throw new Error(new TextDecoder().decode(out.stderr));
}

function inProcess(render: (r: ReturnType<typeof buildReport>) => string): () => Promise<void> {
  return async () => {
    using file = await Deno.open(DATA);
    const scorer = lookupScorer("xlam-tool-call");
    render(buildReport(await reportInputFromResults(file.readable, { scorer })));
  };
}

const options = { ignore: !ready, n: 8, warmup: 1 } as const;

// Wall time, CPU time and peak memory of one `assess report` process, printed once.
if (ready && exists("/usr/bin/time")) {
  const { stderr } = await new Deno.Command("/usr/bin/time", {
    args: [
      "-f",
      "%e %U %S %M",
      Deno.execPath(),
      "run",
      `--allow-read=${DATA}`,
      `${ROOT}cli.ts`,
      "report",
      "-in",
      DATA,
    ],
    stdout: "null",
    stderr: "piped",
  }).output();
  const [wall, user, sys, rss] = new TextDecoder().decode(stderr).trim().split("\n").at(-1)!
    .split(" ").map(Number) as [number, number, number, number];
  console.log(
    `report_bench: ${Deno.statSync(DATA).size} bytes: wall ${wall} s, CPU ${
      (user + sys).toFixed(2)
    } s, peak RSS ${(rss / 1024).toFixed(0)} MiB`,
  );
}

Deno.bench({
  ...options,
  name: "floor: read the file, JSON.parse every line",
  group: "in process",
  baseline: true,
  async fn() {
    const text = new TextDecoder().decode(await Deno.readFile(DATA));
    let start = 0;
    while (start < text.length) {
      const end = text.indexOf("\n", start);
      JSON.parse(text.slice(start, end < 0 ? text.length : end));
      start = end < 0 ? text.length : end + 1;
    }
  },
});
Deno.bench({ ...options, name: "report, text", group: "in process", fn: inProcess(renderText) });
Deno.bench({ ...options, name: "report, html", group: "in process", fn: inProcess(renderHtml) });
Deno.bench({ ...options, name: "report, json", group: "in process", fn: inProcess(renderJson) });

Deno.bench({
  ...options,
  name: "deno run of an empty script",
  group: "process",
  baseline: true,
  async fn() {
    await spawn(["run", empty]);
  },
});
Deno.bench({
  ...options,
  name: "assess report -in FILE (text), as its own process",
  group: "process",
  async fn() {
    await spawn(["run", `--allow-read=${DATA}`, `${ROOT}cli.ts`, "report", "-in", DATA]);
  },
});
Deno.bench({
  ...options,
  name: "assess report -in FILE -format html, as its own process",
  group: "process",
  async fn() {
    await spawn([
      "run",
      `--allow-read=${DATA}`,
      `${ROOT}cli.ts`,
      "report",
      "-in",
      DATA,
      "-format",
      "html",
    ]);
  },
});
