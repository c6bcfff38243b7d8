/**
 * The baseline of the whole-process run benchmarks: a plain `fetch` loop that sends request
 * bodies (one JSON string per line of a file) to a URL, `concurrency` at a time, and reads each
 * response, with nothing else. URL may be several, separated by commas (a client feeding several
 * replicas): by default the requests go to them in turn; with `per-url`, each URL gets
 * `concurrency` workers of its own, as `assess run` gives each replica `serving.concurrency`. It
 * prints the requests per second from its first send to its last response.
 *
 *     deno run --allow-read=BODIES --allow-net=HOST[,HOST…] _plain_loop.ts BODIES URL[,URL…] CONCURRENCY [per-url]
 *
 * @module
 */

const [path, url, concurrency, mode] = Deno.args;
const bodies = (await Deno.readTextFile(path!)).split("\n").filter((l) => l !== "").map((l) =>
  JSON.parse(l) as string
);
const urls = url!.split(",");
let next = 0;
const send = async (to: string, body: string) => {
  const response = await fetch(to, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
  });
  await response.text();
};
const started = performance.now();
if (mode === "per-url") {
  await Promise.all(urls.flatMap((to) =>
    Array.from({ length: Number(concurrency) }, async () => {
      while (next < bodies.length) await send(to, bodies[next++]!);
    })
  ));
} else {
  await Promise.all(Array.from({ length: Number(concurrency) }, async () => {
    while (next < bodies.length) {
      const n = next++;
      await send(urls[n % urls.length]!, bodies[n]!);
    }
  }));
}
console.log(`${(bodies.length / ((performance.now() - started) / 1000)).toFixed(1)} req/s`);
