/**
 * The vLLM emulator as a process of its own (`vllm_emulator.ts` standalone), for the tests that
 * need a server to die by a signal while the client lives: several replicas, a SIGKILL mid-run.
 *
 * @module
 */

import type { RecordedRequest } from "./vllm_emulator.ts";

const EMULATOR = new URL("./vllm_emulator.ts", import.meta.url).pathname;

/** A running emulator process. */
export interface EmulatorProcess {
  /** Its base URL, `http://127.0.0.1:PORT/v1`. */
  readonly url: string;
  /** Its port. */
  readonly port: number;
  /** `127.0.0.1:PORT`, as records and `--allow-net` name it. */
  readonly host: string;
  /** Its live counters (`GET /_emulator/stats`). */
  stats(): Promise<Record<string, number>>;
  /** The chat requests it recorded (started with `--record`; `GET /_emulator/requests`). */
  requests(): Promise<RecordedRequest[]>;
  /** Sends it a signal (SIGTERM by default) and waits for it to end; a second call does nothing. */
  kill(signal?: Deno.Signal): Promise<void>;
}

/**
 * Starts the emulator as a process serving the rows of a dataset file.
 *
 * @param dataset The dataset file (a JSON array of xlam rows, or chat-jsonl lines).
 * @param args More flags (`--lora tuned`, `--service-ms 50`, …).
 * @param port The port, 0 (default) for a free one.
 * @returns The running process, once it printed its URL.
 */
export async function startEmulatorProcess(
  dataset: string,
  args: readonly string[] = [],
  port = 0,
): Promise<EmulatorProcess> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--allow-net=127.0.0.1",
      `--allow-read=${dataset}`,
      EMULATOR,
      "--port",
      String(port),
      "--dataset",
      dataset,
      ...args,
    ],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!out.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the emulator did not start");
    out += value;
  }
  reader.releaseLock();
  const url = out.split("\n")[0]!;
  const bound = Number(new URL(url).port);
  let gone = false;
  return {
    url,
    port: bound,
    host: `127.0.0.1:${bound}`,
    stats: async () => await (await fetch(url.replace("/v1", "/_emulator/stats"))).json(),
    requests: async () => await (await fetch(url.replace("/v1", "/_emulator/requests"))).json(),
    async kill(signal: Deno.Signal = "SIGTERM") {
      if (gone) return;
      gone = true;
      try {
        child.kill(signal);
      } catch {
        // already gone
      }
      await child.status;
      await child.stdout.cancel().catch(() => {});
    },
  };
}
