import assert from "node:assert/strict";
import { Progress } from "../../src/run/progress.ts";

Deno.test("progress lines are one printable line each, whatever a model is named", {
  permissions: "none",
}, () => {
  const progress = new Progress([
    { model: "base", total: 2, answered: 0, correct: 0 },
    { model: "tu\u001b[2Jned\u202e\nx", total: 2, answered: 1, correct: 1 },
  ], 0);
  progress.result("base", true);
  const lines = progress.lines(1000);
  assert.equal(lines.length, 2);
  assert.match(
    lines[0]!,
    /^base +1\/2 {2}1\.0 req\/s {2}ETA 0:01 {2}errors 0 {2}retries 0 {2}accuracy 100\.0%$/,
  );
  assert.match(lines[1]!, /^tu\\u001b\[2Jned\\u202e\\nx {2}1\/2 {2}/);
  // deno-lint-ignore no-control-regex
  for (const line of lines) assert.doesNotMatch(line, /[\u0000-\u001f\u007f-\u009f\u202e]/);
});
