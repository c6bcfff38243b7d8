import assert from "node:assert/strict";
import { repeatedName } from "../../src/dataset/tools.ts";

/** The names, as a list that counts how many times its elements are read. */
function counted(names: string[]): { list: readonly string[]; reads: () => number } {
  let reads = 0;
  const list = new Proxy(names, {
    get(target, key, receiver) {
      if (typeof key === "string" && /^[0-9]+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { list, reads: () => reads };
}

Deno.test("repeatedName finds the first name seen twice, reading each name once", {
  permissions: "none",
}, () => {
  assert.equal(repeatedName([]), undefined);
  assert.equal(repeatedName(["a"]), undefined);
  assert.equal(repeatedName(["a", "a"]), "a");
  assert.equal(repeatedName(["a", "b", "c", "b", "a"]), "b");
  assert.equal(repeatedName(["x", "y", "z"]), undefined);
  // Linear: n names, the repeat last, are read n times (a check of each against every earlier
  // one, as before, reads about n²/2 = 2 million).
  const n = 2000;
  const names = Array.from({ length: n - 1 }, (_, i) => `tool_${i}`);
  names.push("tool_5");
  const { list, reads } = counted(names);
  assert.equal(repeatedName(list), "tool_5");
  assert.equal(reads(), n);
});
