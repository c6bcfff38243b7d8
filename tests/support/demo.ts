/**
 * The quick-start demo: every verb of assess, end to end, on the bundled sample of real
 * xlam-function-calling-60k rows, against the built-in vLLM emulator. Each verb runs as its own
 * process with exactly the permissions the README gives for it. `assess split` also writes the
 * training file, and `assess leak` checks it (nothing leaks), then the same file with four
 * held-out items added (each found, exit 1). Then a team's own dataset in the chat format
 * (`reference/testdata/chat/`, `dataset.kind: chat-jsonl`: string ids, multi-turn conversations)
 * goes through `split -train`, `run` and `report` the same way, against an emulator of its own.
 * Last, the first job's `validate`, `run` and `report` again with a model family other than
 * hermes: an emulator speaking Llama 4's JSON calls (`{"name": …, "parameters": …}`, several
 * separated by `; `) through a port of vLLM's Llama JSON parser, and
 * `server.toolCallParser: llama4_json`.
 *
 * ```
 * deno task demo            # or: deno run -A tests/support/demo.ts [--keep]
 * ```
 *
 * The emulator serves a base model that answers 35% of the items wrongly, an adapter `tuned-a` that
 * answers 12% wrongly and an adapter `tuned-b` that is as good as the base model. `--keep` keeps the
 * working folder (its path is printed) so that the files can be looked at.
 *
 * @module
 */

import { startEmulator } from "./vllm_emulator.ts";
import { RUN_ENV_NAMES } from "../run/_fixtures.ts";
import { leakPermissions } from "./permissions.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const CLI = `${ROOT}cli.ts`;
const DATASET = `${ROOT}reference/testdata/xlam-sample.json`;
const CHAT = `${ROOT}reference/testdata/chat/`;

async function sha256(path: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The API key the demo's emulator asks for (32 characters: no short-key warning). */
const DEMO_KEY = "assess-demo-key-0123456789abcdef";

/** Runs one verb as a user would, shows the command and its output, and returns its exit code. */
async function assess(dir: string, permissions: string[], args: string[]): Promise<number> {
  console.log(`\n$ assess ${args.join(" ")}`);
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...permissions, CLI, ...args],
    cwd: dir,
    stdout: "piped",
    stderr: "piped",
    // The demo's own key, whatever the user's environment holds: long enough not to be warned
    // about (a reply may hold a short key's text by chance), and what the emulator asks for.
    env: { NO_COLOR: "1", VLLM_API_KEY: DEMO_KEY },
  }).output();
  const text = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
  if (text) console.log(text.trimEnd());
  if (code !== 0) console.log(`(exit ${code})`);
  return code;
}

/** Runs the verbs in `dir` in turn, each with its permissions: the first failure's exit code, else 0. */
async function runSteps(dir: string, steps: readonly [string[], string[]][]): Promise<number> {
  for (const [permissions, args] of steps) {
    const code = await assess(dir, permissions, args);
    if (code !== 0) return code;
  }
  return 0;
}

/** The quick start job's `run` and `report`, with the permissions the README gives them. */
function runAndReport(host: string): [string[], string[]][] {
  return [
    [
      [
        `--allow-read=assess.yaml,${DATASET},results.jsonl`,
        "--allow-write=results.jsonl",
        `--allow-net=${host}`,
        `--allow-env=${RUN_ENV_NAMES}`,
      ],
      ["run", "-out", "results.jsonl"],
    ],
    [[`--allow-read=assess.yaml,${DATASET},results.jsonl`], ["report", "-in", "results.jsonl"]],
  ];
}

interface Row {
  readonly id: number;
  readonly query: string;
  readonly answers: string;
}

/** A chat line asking `query`, answered with `calls` (the dataset's `{name, arguments}`). */
function chatLine(query: string, calls: readonly { name: string; arguments: unknown }[]): string {
  return JSON.stringify({
    messages: [{ role: "user", content: query }, {
      role: "assistant",
      tool_calls: calls.map((c) => ({
        type: "function",
        function: { name: c.name, arguments: JSON.stringify(c.arguments) },
      })),
    }],
  }) + "\n";
}

/**
 * The training file with four held-out items added at its end: one as it is, one in capitals with
 * more spaces, one whose first word is changed (a near duplicate), and one whose answer is given to
 * another query.
 */
async function leaky(dir: string, rows: readonly Row[]): Promise<string> {
  const split = JSON.parse(await Deno.readTextFile(`${dir}/split.json`));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const held: Row[] = split.heldOut.map((e: { id: number }) => byId.get(e.id)!)
    .filter((r: Row) => JSON.parse(r.answers).length > 0);
  const long = held.find((r) => r.query.split(" ").length >= 25)!;
  const [a, b, c] = held.filter((r) => r !== long);
  const calls = (r: Row) => JSON.parse(r.answers);
  return (await Deno.readTextFile(`${dir}/train.jsonl`)) +
    chatLine(a!.query, calls(a!)) +
    chatLine(b!.query.toUpperCase().replaceAll(" ", "  "), calls(b!)) +
    chatLine(["Please", ...long.query.split(" ").slice(1)].join(" "), calls(long)) +
    chatLine("Do for me what the item asked, in other words.", calls(c!));
}

/**
 * A team's own dataset in the chat format: the bundled help-desk conversations split (with the
 * training file), run against an emulator serving their items, and reported.
 */
async function ownDataset(dir: string): Promise<{ code: number; requests: number }> {
  const { loadChatDataset } = await import("../../src/dataset/chat_jsonl.ts");
  const { detachedItem } = await import("../../src/dataset/dataset.ts");
  const data = `${CHAT}tickets.jsonl`;
  const items = loadChatDataset(await Deno.readFile(data), await sha256(data)).items
    .map(detachedItem);
  const emulator = await startEmulator({
    apiKey: DEMO_KEY,
    items,
    adapters: ["tuned"],
    scripts: { base: { errorRate: 0.5 }, tuned: { errorRate: 0.1 } },
  });
  try {
    const own = `${dir}/own`;
    await Deno.mkdir(own);
    const yaml = (await Deno.readTextFile(`${CHAT}assess.yaml`))
      .replace("path: reference/testdata/chat/tickets.jsonl", `path: ${data}`) +
      `server:\n  url: ${emulator.url}\n  toolCallParser: hermes\n`;
    await Deno.writeTextFile(`${own}/assess.yaml`, yaml);
    console.log(`\nassess demo: a team's own dataset, in the chat format (${data})`);
    const host = new URL(emulator.url).host;
    const steps: [string[], string[]][] = [
      [[`--allow-read=assess.yaml,${data},.`, "--allow-write=."], [
        "split",
        "-out",
        "split.json",
        "-train",
        "train.jsonl",
      ]],
      [
        [
          `--allow-read=assess.yaml,${data},results.jsonl`,
          "--allow-write=results.jsonl",
          `--allow-net=${host}`,
          `--allow-env=${RUN_ENV_NAMES}`,
        ],
        ["run", "-out", "results.jsonl"],
      ],
      [[`--allow-read=results.jsonl`], ["report", "-in", "results.jsonl"]],
    ];
    return { code: await runSteps(own, steps), requests: emulator.stats.chatRequests };
  } finally {
    await emulator.close();
  }
}

/**
 * The quick start's job: the bundled xlam rows, a split of 150, the base model and the adapters,
 * against the server at `url` running the tool-call parser `parser`.
 */
function jobConfig(job: {
  readonly url: string;
  readonly parser: string;
  readonly adapters: readonly string[];
  readonly digest: string;
}): string {
  const { url, parser, adapters, digest } = job;
  return [
    "# yaml-language-server: $schema=../../schema/assess.schema.json",
    "version: 1",
    "server:",
    `  url: ${url}`,
    `  toolCallParser: ${parser}`,
    "dataset:",
    "  kind: xlam-function-calling",
    `  path: ${DATASET}`,
    `  sha256: ${digest}`,
    "  source:",
    "    repo: Salesforce/xlam-function-calling-60k",
    "    revision: 26d14ebfe18b1f7b524bd39b404b50af5dc97866",
    "split:",
    "  seed: demo",
    "  size: 150",
    "scorer:",
    "  name: xlam-tool-call",
    "models:",
    "  baseline: base",
    "  adapters:",
    ...adapters.map((a) => `    - name: ${a}`),
    "sampling:",
    "  temperature: 0",
    "  topP: 1",
    "  seed: 0",
    "  maxTokens: 512",
    "thinking:",
    "  mode: off",
    "  templateKey: enable_thinking",
    "serving:",
    "  batchInvariant: required",
    "  probe: 8",
    "  concurrency: 16",
    "",
  ].join("\n");
}

/** The `vllm serve` line reference/run.md gives for Llama 4's JSON calls (the README shows it). */
export const LLAMA_SERVE: string =
  "vllm serve meta-llama/Llama-4-Scout-17B-16E-Instruct --enable-auto-tool-choice --tool-call-parser llama4_json --chat-template examples/tool_chat_template_llama4_json.jinja";

/**
 * The quick start's job with a model family other than hermes: an emulator speaking Llama 4's
 * JSON calls through the `llama4_json` parser (vLLM's Llama JSON parser, `llama3_json`'s class),
 * the base model and `tuned-a` (each also slipping on 5% of its calls, which the parser cannot
 * read), validated, run and reported.
 */
async function llamaFamily(dir: string, rows: readonly unknown[], digest: string): Promise<{
  code: number;
  requests: number;
}> {
  const emulator = await startEmulator({
    apiKey: DEMO_KEY,
    rows,
    toolCallParser: "llama4_json",
    adapters: ["tuned-a"],
    scripts: {
      base: { errorRate: 0.35, brokenRate: 0.05 },
      "tuned-a": { errorRate: 0.12, brokenRate: 0.05 },
    },
  });
  try {
    const llama = `${dir}/llama`;
    await Deno.mkdir(llama);
    await Deno.writeTextFile(
      `${llama}/assess.yaml`,
      jobConfig({ url: emulator.url, parser: "llama4_json", adapters: ["tuned-a"], digest }),
    );
    console.log("\nassess demo: the same job with another model family: Llama 4, whose calls are");
    console.log(
      'JSON objects {"name": …, "parameters": …} separated by "; ", read by vLLM\'s Llama',
    );
    console.log(`JSON parser, served as\n  ${LLAMA_SERVE}`);
    console.log("with server.toolCallParser: llama4_json in assess.yaml");
    const host = new URL(emulator.url).host;
    const code = await runSteps(llama, [
      [["--allow-read=assess.yaml"], ["validate"]],
      ...runAndReport(host),
    ]);
    return { code, requests: emulator.stats.chatRequests };
  } finally {
    await emulator.close();
  }
}

async function main(): Promise<number> {
  const keep = Deno.args.includes("--keep");
  const dir = await Deno.makeTempDir({ prefix: "assess-demo-" });
  const rows = JSON.parse(await Deno.readTextFile(DATASET));
  const digest = await sha256(DATASET);
  const emulator = await startEmulator({
    apiKey: DEMO_KEY,
    rows,
    adapters: ["tuned-a", "tuned-b"],
    scripts: {
      base: { errorRate: 0.35 },
      "tuned-a": { errorRate: 0.12 },
      "tuned-b": { errorRate: 0.35 },
    },
  });
  try {
    const config = jobConfig({
      url: emulator.url,
      parser: "hermes",
      adapters: ["tuned-a", "tuned-b"],
      digest,
    });
    await Deno.writeTextFile(`${dir}/assess.yaml`, config);
    console.log(`assess demo: ${rows.length} real rows of xlam-function-calling-60k (CC BY 4.0,`);
    console.log(`Salesforce), the vLLM emulator at ${emulator.url}, working in ${dir}`);

    const host = new URL(emulator.url).host;
    const before: [string[], string[]][] = [
      [["--allow-read=assess.yaml"], ["validate"]],
      [[`--allow-read=assess.yaml,${DATASET},.`, "--allow-write=."], [
        "split",
        "-out",
        "split.json",
        "-train",
        "train.jsonl",
      ]],
      [leakPermissions("assess.yaml", DATASET, "split.json", "train.jsonl"), [
        "leak",
        "-split",
        "split.json",
        "-in",
        "train.jsonl",
      ]],
    ];
    const checked = await runSteps(dir, before);
    if (checked !== 0) return checked;
    // The training file with four held-out items added, one of each kind, which leak must find.
    await Deno.writeTextFile(`${dir}/leaky.jsonl`, await leaky(dir, rows));
    const found = await assess(
      dir,
      leakPermissions("assess.yaml", DATASET, "split.json", "leaky.jsonl"),
      ["leak", "-split", "split.json", "-in", "leaky.jsonl"],
    );
    if (found !== 1) return found === 0 ? 1 : found;
    const code = await runSteps(dir, [
      [[`--allow-read=assess.yaml,${DATASET}`], ["selftest"]],
      ...runAndReport(host),
    ]);
    if (code !== 0) return code;
    const chat = await ownDataset(dir);
    if (chat.code !== 0) return chat.code;
    const llama = await llamaFamily(dir, rows, digest);
    if (llama.code !== 0) return llama.code;
    console.log(
      `\nassess demo: done; ${
        emulator.stats.chatRequests + chat.requests + llama.requests
      } chat requests answered by the emulator`,
    );
    return 0;
  } finally {
    await emulator.close();
    if (keep) console.log(`assess demo: the files are in ${dir}`);
    else await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) Deno.exit(await main());
