/**
 * `assess run` as the command line runs it (`runCli` with the Deno `Io`, as `cli.ts`'s `run` does: the config, the
 * dataset, the split, the results file on disk, `runAssessment`), its server a `fetch` in this
 * process that answers as vLLM does, at once, with each item's answer key (`tuned` with a word
 * before it): a run of many items in a process of its own, quick enough to be held under a V8 heap
 * cap. Run as
 *
 *     deno run --allow-read --allow-write --allow-env --allow-net=127.0.0.1:8000 \
 *       tests/e2e/_run_fetch_in_process.ts -config assess.yaml -out results.jsonl
 *
 * exiting with the command line's code (the server's URL is never connected to, but the run
 * checks that it may). With `-heap-samples` first and `--v8-flags=--expose-gc`, it collects the
 * garbage at every 1,000th chat request and writes the largest live heap it saw,
 * `live heap N bytes`, on stderr at the end (for BENCHMARKS.md).
 *
 * @module
 */

import { denoIo } from "../../src/cli/deno_io.ts";
import { runCli } from "../../src/cli/main.ts";
import { answerFor } from "../run/_fixtures.ts";

const sampling = Deno.args[0] === "-heap-samples";
const gc = sampling ? (globalThis as { gc?: () => void }).gc : undefined;
let chats = 0;
let live = 0;

/** A vLLM server in memory: `/models` serves `base` and `tuned`; a chat gets the item's answer. */
const fetchInMemory = (async (input: string | URL | Request, init?: RequestInit) => {
  if (String(input).endsWith("/models")) {
    return Response.json({
      object: "list",
      data: [{ id: "base", object: "model" }, { id: "tuned", object: "model" }],
    });
  }
  chats++;
  if (gc !== undefined && chats % 1000 === 0) {
    gc();
    live = Math.max(live, Deno.memoryUsage().heapUsed);
  }
  // Replies come after turns of the event loop, as from the network: the results file's writes
  // complete in between, as in a real run (answered on microtasks alone, the session would
  // outrun them, and the records not yet written would be what fills the heap).
  if (chats % 8 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
  const body = JSON.parse(String(init?.body));
  const call = answerFor(body);
  // vLLM names the request in its reply: `chatcmpl-` and the X-Request-Id sent.
  const id = new Headers(init?.headers).get("x-request-id");
  return Response.json({
    ...(id === null ? {} : { id: `chatcmpl-${id}` }),
    object: "chat.completion",
    model: body.model,
    choices: [{
      index: 0,
      message: {
        role: "assistant",
        // The adapter says a word first: its replies are not the baseline's.
        content: body.model === "base" ? null : "Calling it.",
        tool_calls: [{ id: `call_${chats}`, type: "function", function: call }],
      },
      finish_reason: "tool_calls",
    }],
    usage: { prompt_tokens: 5, completion_tokens: 5, total_tokens: 10 },
  });
}) as typeof fetch;

const code = await runCli(["run", ...Deno.args.slice(sampling ? 1 : 0)], {
  ...denoIo(),
  fetch: fetchInMemory,
});
if (sampling) console.error(`live heap ${live} bytes`);
Deno.exit(code);
