import assert from "node:assert/strict";
import fc from "fast-check";
import { canonicalDecimal, exactDecimal } from "../../src/json/decimal.ts";
import { numberText, rewriteNumber } from "./_arbitraries.ts";

Deno.test("exactDecimal gives the canonical form", async (t) => {
  const cases: [string, string, boolean, string, bigint][] = [
    ["an integer", "5", false, "5", 0n],
    ["a point and a zero", "5.0", false, "5", 0n],
    ["an exponent of zero", "5e0", false, "5", 0n],
    ["a fraction times ten", "0.5e1", false, "5", 0n],
    ["trailing zeros of an integer", "-1200", true, "12", 2n],
    ["leading zeros of a fraction", "0.0025", false, "25", -4n],
    ["an upper-case E and a plus", "1.5E+3", false, "15", 2n],
    ["zero", "0", false, "", 0n],
    ["minus zero", "-0", false, "", 0n],
    ["zero with a point and an exponent", "-0.000e-99", false, "", 0n],
    ["past 2^53", "9007199254740993", false, "9007199254740993", 0n],
    ["a huge exponent", "1e400", false, "1", 400n],
    [
      "an exponent past any double",
      "-2.50e123456789012345678901234567890",
      true,
      "25",
      123456789012345678901234567889n,
    ],
    ["a long exponent with leading zeros", "1e-0000000000000000000007", false, "1", -7n],
  ];
  for (const [name, text, negative, digits, exponent] of cases) {
    await t.step(name, () => {
      assert.deepEqual(exactDecimal(text), { negative, digits, exponent });
    });
  }
});

Deno.test("canonicalDecimal is one text for one decimal", async (t) => {
  const cases: [string, string, string][] = [
    ["5 is 5.0", "5", "5.0"],
    ["5 is 5e0", "5", "5e0"],
    ["5 is 0.5e1", "5", "0.5e1"],
    ["5 is 500e-2", "5", "500e-2"],
    ["-0 is 0", "-0", "0"],
    ["0e400 is 0", "0e400", "0"],
    ["1e400 is 10e399", "1e400", "10e399"],
    ["a long exponent is a short one", "1e0000000000000000000003", "1000"],
  ];
  for (const [name, a, b] of cases) {
    await t.step(name, () => assert.equal(canonicalDecimal(a), canonicalDecimal(b)));
  }
  const different: [string, string, string][] = [
    ["1e400 is not 1e401", "1e400", "1e401"],
    ["2^53 + 1 is not 2^53", "9007199254740993", "9007199254740992"],
    ["0.1 is not 0.10000000000000001", "0.1", "0.10000000000000001"],
    ["-5 is not 5", "-5", "5"],
    ["1e-400 is not 0", "1e-400", "0"],
    ["huge exponents one apart", "1e123456789012345678901", "1e123456789012345678902"],
  ];
  for (const [name, a, b] of different) {
    await t.step(name, () => assert.notEqual(canonicalDecimal(a), canonicalDecimal(b)));
  }
});

/** An independent reading: the value as an integer numerator over a power of ten, by BigInt. */
function rational(text: string): { n: bigint; p: bigint } {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text)!;
  const frac = m[3] ?? "";
  const n = BigInt(m[2]! + frac) * (m[1] === "-" ? -1n : 1n);
  return { n, p: BigInt(m[4] ?? "0") - BigInt(frac.length) };
}

function rationalEqual(a: string, b: string): boolean {
  const x = rational(a);
  const y = rational(b);
  const low = x.p < y.p ? x.p : y.p;
  return x.n * 10n ** (x.p - low) === y.n * 10n ** (y.p - low);
}

const modestNumber = fc.stringMatching(
  /^-?(0|[1-9][0-9]{0,6})(\.[0-9]{1,6})?([eE][+-]?[0-9]{1,2})?$/,
);

Deno.test("canonicalDecimal agrees with exact BigInt arithmetic", () => {
  fc.assert(
    fc.property(modestNumber, modestNumber, (a, b) => {
      assert.equal(canonicalDecimal(a) === canonicalDecimal(b), rationalEqual(a, b));
    }),
    { numRuns: 2000 },
  );
  // Pairs that are often equal: a number and a rewriting of it, or of it plus one digit.
  fc.assert(
    fc.property(
      modestNumber,
      fc.array(fc.nat(40), { minLength: 5, maxLength: 5 }),
      fc.boolean(),
      (a, choice, bump) => {
        const b = rewriteNumber(bump ? a.replace(/^(-?\d)/, "$11") : a, choice);
        assert.equal(canonicalDecimal(a) === canonicalDecimal(b), rationalEqual(a, b));
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("a rewritten number has the same canonical text, whatever its exponent", () => {
  fc.assert(
    fc.property(
      numberText,
      fc.array(fc.nat(40), { minLength: 5, maxLength: 5 }),
      (text, choice) => {
        const other = rewriteNumber(text, choice);
        assert.match(other, /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/);
        assert.equal(canonicalDecimal(other), canonicalDecimal(text), `${text} vs ${other}`);
        assert.deepEqual(exactDecimal(other), exactDecimal(text));
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("the canonical text agrees with exactDecimal", () => {
  fc.assert(
    fc.property(numberText, (text) => {
      const d = exactDecimal(text);
      const expected = d.digits === "" ? "0" : `${d.negative ? "-" : ""}${d.digits}e${d.exponent}`;
      assert.equal(canonicalDecimal(text), expected);
      assert(!d.digits.startsWith("0") && !d.digits.endsWith("0"));
    }),
    { numRuns: 2000 },
  );
});
