import assert from "node:assert/strict";
import { shorten, SLOW, testArgs } from "./test_command.ts";

async function* from(lines: string[]): AsyncIterable<string> {
  for (const line of lines) yield line;
}

Deno.test("shorten: dots and doc-example checks are counted, a failure and the summary are printed", async () => {
  const printed: string[] = [];
  const dots = Array.from({ length: 150 }, () => ".");
  const counted = await shorten(
    from([
      "\x1b[0m\x1b[32mCheck\x1b[0m src/a.ts#1-5.ts",
      "Check src/b.ts#7-9.ts",
      ...dots.slice(0, 99),
      "\x1b[31m!\x1b[0m",
      ",",
      ...dots.slice(99),
      "",
      " ERRORS ",
      "fails => x_test.ts:2:6",
      "FAILED | 150 passed | 1 failed | 1 ignored (2s)",
    ]),
    (line) => printed.push(line),
  );
  assert.deepEqual(counted, { dots: 152, checks: 2 });
  assert.deepEqual(printed, [
    "\x1b[31m!\x1b[0m",
    "100 tests and steps run",
    " ERRORS ",
    "fails => x_test.ts:2:6",
    "FAILED | 150 passed | 1 failed | 1 ignored (2s)",
  ]);
});

Deno.test("testArgs: the fast run leaves out every slow file, the slow run takes only them, all takes both", () => {
  const fast = testArgs("fast", []);
  assert.ok(fast.includes("--doc"));
  assert.ok(fast.includes(`--ignore=${SLOW.join(",")}`));
  const slow = testArgs("slow", []);
  assert.deepEqual(slow.slice(-SLOW.length), [...SLOW]);
  assert.ok(!slow.includes("--doc"));
  assert.ok(!testArgs("all", []).some((a) => a.startsWith("--ignore=")));
  assert.ok(testArgs("fast", ["tests/score/"]).includes("tests/score/"));
});

Deno.test("every slow file exists", async () => {
  const root = new URL("../../", import.meta.url);
  for (const path of SLOW) await Deno.stat(new URL(path, root));
});
