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
  // Unicode's own classes, not the list the code keeps: control characters (Cc), the
  // bidirectional controls (Bidi_Control, U+061C among them), and the two line separators.
  const unsafe = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u;
  for (let c = 0; c < 0x10000; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const char = String.fromCharCode(c);
    const escaped = oneLine(char);
    assert(!unsafe.test(escaped), `U+${c.toString(16)}`);
    assert.equal(escaped !== char, unsafe.test(char), `U+${c.toString(16)}`);
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
