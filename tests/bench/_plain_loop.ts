/**
 * The baseline of the whole-process run benchmark: a plain `fetch` loop that sends request
 * bodies (one JSON string per line of a file) to a URL, `concurrency` at a time, and reads each
 * response, with nothing else.
 *
 *     deno run --allow-read=BODIES --allow-net=HOST _plain_loop.ts BODIES URL CONCURRENCY
 *
 * @module
 */

const [path, url, concurrency] = Deno.args;
const bodies = (await Deno.readTextFile(path!)).split("\n").filter((l) => l !== "").map((l) =>
  JSON.parse(l) as string
);
let next = 0;
const worker = async () => {
  while (next < bodies.length) {
    const body = bodies[next++]!;
    const response = await fetch(url!, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
    });
    await response.text();
  }
};
await Promise.all(Array.from({ length: Number(concurrency) }, worker));
