import assert from "node:assert/strict";
import fc from "fast-check";
import { firstUnprintable, oneLine } from "../../src/text/one_line.ts";

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

Deno.test("firstUnprintable is where oneLine first changes the text, -1 when it does not", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), (a, b) => {
      const text = a + b;
      const at = firstUnprintable(text);
      if (at < 0) return oneLine(text) === text;
      return oneLine(text.slice(0, at)) === text.slice(0, at) &&
        oneLine(text[at]!) !== text[at];
    }),
  );
  assert.equal(firstUnprintable("ok\u202e"), 2);
  assert.equal(firstUnprintable(""), -1);
});
