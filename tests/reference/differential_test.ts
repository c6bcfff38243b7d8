/**
 * Differential test: the TypeScript scorer, type-word conversion and split against the independent
 * Python reference implementation in `reference/python/` (written from the reference pages alone).
 * Skipped, with a message, only when `python3` is not on the machine.
 */

import assert from "node:assert/strict";
import { Prng } from "./_prng.ts";
import { genCase, type ScoreCase, shrinkCandidates } from "./_cases.ts";
import { havePython, runPythonLines } from "./_python.ts";
import { tsReason } from "./_ts_side.ts";

const SCORER_CASES = 20_000;
const SEED = 20261130;

const python = await havePython();
if (!python) {
  console.log("differential: skipped, python3 is not on this machine");
}

async function pythonReasons(cases: readonly ScoreCase[]): Promise<string[]> {
  const out = await runPythonLines("score", cases);
  return out.map((x) => (x as { reason: string }).reason);
}

/** Shrinks a disagreeing case to a smaller one that still disagrees. */
async function shrink(c: ScoreCase): Promise<{ c: ScoreCase; ts: string; py: string }> {
  let current = c;
  for (let round = 0; round < 50; round++) {
    const candidates = shrinkCandidates(current);
    if (candidates.length === 0) break;
    const py = await pythonReasons(candidates);
    const i = candidates.findIndex((x, k) => tsReason(x) !== py[k]);
    if (i < 0) break;
    current = candidates[i]!;
  }
  const [py] = await pythonReasons([current]);
  return { c: current, ts: tsReason(current), py: py! };
}

let scored = 0;

Deno.test({
  name: "differential: the scorer gives the Python reference's reason on generated cases",
  ignore: !python,
  async fn() {
    const rng = new Prng(SEED);
    const cases = Array.from({ length: SCORER_CASES }, () => genCase(rng));
    const py = await pythonReasons(cases);
    const counts = new Map<string, number>();
    const disagreements: number[] = [];
    cases.forEach((c, i) => {
      const ts = tsReason(c);
      counts.set(ts, (counts.get(ts) ?? 0) + 1);
      if (ts !== py[i]) disagreements.push(i);
    });
    scored = cases.length;
    if (disagreements.length > 0) {
      const small = await shrink(cases[disagreements[0]!]!);
      assert.fail(
        `${disagreements.length} of ${cases.length} cases disagree; the smallest found:\n` +
          `${JSON.stringify(small.c, null, 2)}\nTypeScript: ${small.ts}\nPython: ${small.py}`,
      );
    }
    // Every reason is reached, so no rule goes untested.
    for (
      const r of [
        "truncated",
        "unparsed-call",
        "malformed-arguments",
        "no-call",
        "call-count",
        "name",
        "arguments",
        "match",
      ]
    ) {
      assert((counts.get(r) ?? 0) >= 50, `only ${counts.get(r) ?? 0} cases reach ${r}`);
    }
    console.log(
      `differential: ${scored} scorer cases agree (${
        [...counts].map(([r, n]) => `${r} ${n}`).join(", ")
      })`,
    );
  },
});
