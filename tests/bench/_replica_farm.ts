/**
 * Several vLLM emulators in one process, each a replica on its own port with its own
 * `--max-num-seqs` and service time, for the replicas benchmark. One process rather than one per
 * replica: each emulator mostly sleeps (its service time is a timer), so one event loop serves
 * them all with little CPU, and the benchmark can run it at the lowest priority (`nice`) so that
 * it does not take CPU from the client it measures.
 *
 *     deno run --allow-net=127.0.0.1 --allow-read=DATASET _replica_farm.ts DATASET N MAX_NUM_SEQS SERVICE_MS
 *
 * Prints each replica's base URL on a line of its own, then serves until SIGTERM.
 *
 * @module
 */

import { type Emulator, startEmulator } from "../support/vllm_emulator.ts";

const [dataset, count, maxNumSeqs, serviceMs] = Deno.args;
const rows = JSON.parse(await Deno.readTextFile(dataset!));
const emulators: Emulator[] = [];
for (let i = 0; i < Number(count); i++) {
  emulators.push(
    await startEmulator({
      rows,
      precompute: true,
      maxNumSeqs: Number(maxNumSeqs),
      serviceMs: Number(serviceMs),
    }),
  );
}
console.log(emulators.map((e) => e.url).join("\n"));
Deno.addSignalListener("SIGTERM", () => {
  void Promise.all(emulators.map((e) => e.close())).then(() => Deno.exit(0));
});
