import assert from "node:assert/strict";
import { oneLine } from "../../src/text/one_line.ts";

Deno.test("oneLine escapes every control character, line break and bidi control, and nothing else", () => {
  assert.equal(oneLine("a\nb\r\tc"), "a\\nb\\r\\tc");
  assert.equal(oneLine("\u001b[31mred\u001b[0m"), "\\u001b[31mred\\u001b[0m");
  assert.equal(
    oneLine("\u0000\u007f\u0085\u009b\u2028\u2029"),
    "\\u0000\\u007f\\u0085\\u009b\\u2028\\u2029",
  );
  assert.equal(oneLine("a\u202eb\u2066c"), "a\\u202eb\\u2066c");
  const plain = 'Zürich "quoted" \\ back 😀 東京 e\u0301';
  assert.equal(oneLine(plain), plain);
  // Its output is already one line: escaping it again changes nothing.
  const once = oneLine("x\ny\u009b");
  assert.equal(oneLine(once), once);
  // deno-lint-ignore no-control-regex
  const unsafe = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
  for (let c = 0; c < 0x3000; c++) {
    assert(!unsafe.test(oneLine(String.fromCharCode(c))), `U+${c.toString(16)}`);
  }
});
