import assert from "node:assert/strict";
import { type PairMark, PairStates } from "../../src/run/pair_states.ts";
import { resultKey } from "../../src/results/latest.ts";

Deno.test("PairStates: agrees with a map by resultKey on random marks, copies included", () => {
  let seed = 7;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  const models = ["base", "tuned", "other"];
  const states = new PairStates();
  const map = new Map<string, PairMark>();
  let copy: { states: PairStates; map: Map<string, PairMark> } | undefined;
  for (let i = 0; i < 5000; i++) {
    const model = models[next(3)]!;
    const index = next(3000);
    const sample = next(3) === 0 ? next(4) : undefined;
    const mark = (1 + next(3)) as PairMark;
    states.set(model, index, sample, mark);
    map.set(resultKey(model, index, sample), mark);
    if (i === 2500) copy = { states: states.copy(), map: new Map(map) };
  }
  for (const { states: s, map: m } of [{ states, map }, copy!]) {
    for (const model of models) {
      for (let index = 0; index < 3100; index++) {
        for (const sample of [undefined, 0, 1, 2, 3]) {
          const want = m.get(resultKey(model, index, sample)) ?? 0;
          assert.equal(s.get(model, index, sample), want, `${model} ${index} ${sample}`);
          const state = want === 0 ? undefined : want === 1 ? "error" : "answered";
          assert.equal(s.state(model, index, sample), state);
        }
      }
    }
    const marks = [...m.values()];
    assert.deepEqual(s.counts(), {
      answered: marks.filter((x) => x > 1).length,
      errors: marks.filter((x) => x === 1).length,
    });
  }
});
