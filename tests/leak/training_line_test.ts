import assert from "node:assert/strict";
import { turnText } from "../../src/leak/_examples.ts";
import { TrainingLine } from "../../src/leak/_training_line.ts";
import { TrainingFileError } from "../../src/leak/training_file_error.ts";

const none = { permissions: "none" } as const;

Deno.test("TrainingLine: turns read loosely, exact calls with numbers as written", none, () => {
  // The arguments once as JSON text, once as an object (whose 1.50 JSON.parse makes 1.5).
  const text = '{"messages": [{"role": "user", "content": "first"}, {"role": "assistant", ' +
    '"tool_calls": [{"type": "function", "function": {"name": "f", "arguments": "{\\"x\\": 1.50}"}}, ' +
    '{"type": "function", "function": {"name": "g", "arguments": {"y": 2.50}}}]}, ' +
    '{"role": "user", "content": "second"}]}';
  const line = new TrainingLine(text, 4);
  assert.equal(line.line, 4);
  assert.deepEqual(line.turns.map(turnText), ["first", "second"]);
  assert.deepEqual(line.exactCalls(0), [
    { name: "f", arguments: '{"x": 1.50}' },
    { name: "g", arguments: '{"y":2.50}' },
  ]);
  assert.deepEqual(line.exactCalls(1), []);
  assert.equal(line.exactCalls(2), undefined);
  assert.equal(line.answerKey(0), '"f"{"x":1.5}\n"g"{"y":2.5}');
  assert.equal(line.answerKey(1), "");
});

Deno.test("TrainingLine: a line the strict reader refuses has no exact calls", none, () => {
  // Duplicate keys: JSON.parse takes the last, the strict reader refuses the line.
  const text =
    '{"query": "q", "query": "q", "answers": "[{\\"name\\": \\"f\\", \\"arguments\\": {}}]"}';
  const line = new TrainingLine(text, 1);
  assert.equal(line.turns.length, 1);
  assert.equal(line.answerKey(0), '"f"{}');
  assert.equal(line.exactCalls(0), undefined);
});

Deno.test(
  "TrainingLine: text that is not JSON, or not a record, is refused with its line",
  none,
  () => {
    for (const [text, reason] of [["{", /not JSON/], ["[1]", /not a JSON object/]] as const) {
      assert.throws(
        () => new TrainingLine(text, 9),
        (e: unknown) => e instanceof TrainingFileError && e.line === 9 && reason.test(e.message),
      );
    }
  },
);
