import assert from "node:assert/strict";
import { configDigest, makeHeader } from "../../src/run/header.ts";
import { HEADER_FACTS } from "../results/_header.ts";
import { check, edit, lines, WHOLE } from "./_fixtures.ts";

const none = { permissions: "none" } as const;

/** WHOLE with `sampling.samples` set to `value` (YAML text). */
function withSamples(value: string): string {
  return edit(WHOLE, ["  maxTokens: 512\n", `  maxTokens: 512\n  samples: ${value}\n`]);
}

Deno.test("sampling.samples: 1 to 64, default 1", none, async (t) => {
  await t.step("left out, it is 1", () => {
    assert.equal(check(WHOLE).config!.sampling.samples, 1);
  });
  for (const value of ["1", "2", "64"]) {
    await t.step(`${value} is accepted`, () => {
      assert.equal(check(withSamples(value)).config!.sampling.samples, Number(value));
    });
  }
  for (const value of ["0", "65", "2.5", "-1", '"4"']) {
    await t.step(`${value} is refused, naming the key`, () => {
      const result = check(withSamples(value));
      assert.equal(result.config, undefined);
      assert.match(lines(result.issues).join("\n"), /sampling\.samples: /);
    });
  }
});

Deno.test(
  "samples: 1 keeps today's digest and header; more are digested and recorded",
  none,
  () => {
    const plain = check(WHOLE).config!;
    const one = check(withSamples("1")).config!;
    const four = check(withSamples("4")).config!;
    // The digest every results file written before sampling.samples existed carries.
    assert.equal(
      configDigest(plain),
      "7f855b209a58ec955dc45447e4999db736e7a97916eb0ea5fbbbc80d9598fdd2",
    );
    assert.equal(configDigest(one), configDigest(plain));
    assert.notEqual(configDigest(four), configDigest(plain));
    assert.equal("samples" in makeHeader(one, HEADER_FACTS).sampling, false);
    assert.equal(makeHeader(four, HEADER_FACTS).sampling.samples, 4);
  },
);
