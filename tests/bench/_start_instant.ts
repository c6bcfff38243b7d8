/**
 * Starts `_instant_server.ts` in its own process (so that its work is not counted as the client's)
 * and waits for its port.
 *
 * @module
 */

/** A running instant server. */
export interface InstantServer {
  /** Its base URL, `http://127.0.0.1:PORT/v1`. */
  readonly url: string;
  /** Stops it. */
  stop(): void;
}

/**
 * Starts the instant server.
 *
 * @returns The server, listening.
 * @throws {Error} When it exits before printing its port.
 */
export async function startInstantServer(): Promise<InstantServer> {
  const server = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-net=127.0.0.1",
      new URL("./_instant_server.ts", import.meta.url).pathname,
    ],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = server.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let portText = "";
  while (!portText.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the benchmark server did not start");
    portText += value;
  }
  return {
    url: `http://127.0.0.1:${Number(portText.trim())}/v1`,
    stop() {
      try {
        server.kill("SIGTERM");
      } catch {
        // already gone
      }
    },
  };
}
