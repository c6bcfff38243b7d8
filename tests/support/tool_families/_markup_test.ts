import assert from "node:assert/strict";
import { PY_SPACE, pyLstrip, pyStrip } from "./_markup.ts";
import { pythonFor, pythonSkip } from "../python.ts";

const skip = await pythonSkip("Python's whitespace", "stdlib");

Deno.test({
  name: "_markup: PY_SPACE is the characters str.isspace holds, as CPython says",
  ignore: skip !== null,
  fn: async () => {
    const out = await new Deno.Command(await pythonFor("stdlib"), {
      args: [
        "-c",
        "import json; print(json.dumps([i for i in range(0x110000) if chr(i).isspace()]))",
      ],
      stdout: "piped",
    }).output();
    const want: number[] = JSON.parse(new TextDecoder().decode(out.stdout));
    const space = new RegExp(`^${PY_SPACE}$`, "u");
    const got: number[] = [];
    for (let i = 0; i < 0x110000; i++) {
      if (i >= 0xd800 && i <= 0xdfff) continue;
      if (space.test(String.fromCodePoint(i))) got.push(i);
    }
    assert.deepEqual(got, want);
  },
});

Deno.test("_markup: pyStrip and pyLstrip strip Python's whitespace only", () => {
  assert.equal(pyStrip("\u001c\t a b \u0085\n"), "a b");
  assert.equal(pyStrip("\ufeffa\ufeff"), "\ufeffa\ufeff");
  assert.equal(pyLstrip("  a  "), "a  ");
});
