import assert from "node:assert/strict";
import {
  checkSplitDataset,
  checkSplitDigest,
  readSplitFile,
  SplitFileError,
} from "../../src/split/split_file.ts";
import { splitFileText, takeSplit } from "../../src/split/split.ts";
import { loadDataset } from "../../src/dataset/dataset.ts";
import { sha256Hex } from "../../src/dataset/sha256.ts";

const none = { permissions: "none" } as const;
const enc = new TextEncoder();
const rows = Deno.readFileSync(new URL("../../reference/testdata/rows.json", import.meta.url));

Deno.test("readSplitFile reads back what assess split writes", none, () => {
  const split = takeSplit(loadDataset(rows, sha256Hex(rows)), { seed: "twins", size: 6 });
  const file = readSplitFile(enc.encode(splitFileText(split)));
  assert.deepEqual(file, {
    seed: "twins",
    size: 6,
    datasetSha256: sha256Hex(rows),
    digest: split.digest,
    heldOut: [47, 125, 21, 34, 88, 117],
  });
  checkSplitDataset(file, "s.json", sha256Hex(rows).toUpperCase());
  checkSplitDigest(file, "s.json", split);
});

Deno.test("readSplitFile refuses what is not a split file, naming the member", none, async (t) => {
  const good = {
    schema: "assess.split.v1",
    seed: "s",
    size: 1,
    datasetSha256: "a".repeat(64),
    digest: "b".repeat(64),
    heldOut: [{ id: 1, hash: "c".repeat(64) }],
  };
  const cases: [string, string, RegExp | string][] = [
    ["not JSON", "{", /^it is not JSON \(/],
    ["an array", "[]", "it is not a JSON object"],
    [
      "another schema",
      JSON.stringify({ ...good, schema: "x" }),
      'its schema is "x", not "assess.split.v1"',
    ],
    [
      "no schema",
      JSON.stringify({ ...good, schema: undefined }),
      'its schema is missing, not "assess.split.v1"',
    ],
    ["a number seed", JSON.stringify({ ...good, seed: 4 }), "its seed is not a string"],
    ["a fractional size", JSON.stringify({ ...good, size: 1.5 }), "its size is not a whole number"],
    [
      "an upper-case digest",
      JSON.stringify({ ...good, digest: "B".repeat(64) }),
      "its digest is not 64 lowercase hex digits",
    ],
    [
      "a short hash",
      JSON.stringify({ ...good, datasetSha256: "a" }),
      "its datasetSha256 is not 64 lowercase hex digits",
    ],
    ["no heldOut", JSON.stringify({ ...good, heldOut: {} }), "its heldOut is not an array"],
    [
      "an id that is neither whole nor a string",
      JSON.stringify({ ...good, heldOut: [{ id: 1 }, { id: "2" }, { id: 2.5 }] }),
      "its heldOut[2] has no id (a whole number or a string)",
    ],
  ];
  for (const [name, text, message] of cases) {
    await t.step(name, () => {
      assert.throws(() => readSplitFile(enc.encode(text)), (e: unknown) => {
        assert(e instanceof SplitFileError);
        if (typeof message === "string") assert.equal(e.message, message);
        else assert.match(e.message, message);
        return true;
      });
    });
  }
  await t.step("bytes that are not UTF-8", () => {
    assert.throws(
      () => readSplitFile(new Uint8Array([0x7b, 0xff, 0x7d])),
      /^SplitFileError: it is not JSON/,
    );
  });
});

Deno.test(
  "a split file of another dataset, or of another split, is refused with both figures",
  none,
  () => {
    const file = {
      seed: "a",
      size: 2,
      datasetSha256: "a".repeat(64),
      digest: "b".repeat(64),
      heldOut: [1, 2],
    };
    assert.throws(
      () => checkSplitDataset(file, "s.json", "c".repeat(64)),
      new SplitFileError(
        `s.json is a split of another dataset: its datasetSha256 is ${
          "a".repeat(64)
        }, and dataset.sha256 is ${"c".repeat(64)}`,
      ),
    );
    assert.throws(
      () => checkSplitDigest(file, "s.json", { seed: "b", size: 3, digest: "d".repeat(64) }),
      new SplitFileError(
        `s.json is not the split the config takes: its digest is ${
          "b".repeat(64)
        } (seed "a", size 2), and the config's is ${"d".repeat(64)} (seed "b", size 3)`,
      ),
    );
  },
);
