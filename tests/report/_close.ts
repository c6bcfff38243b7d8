// Shared helper of the report tests: closeness with a relative tolerance.
import assert from "node:assert/strict";

/** Asserts |actual − expected| ≤ tolerance·max(|expected|, tiny). */
export function assertClose(
  actual: number,
  expected: number,
  tolerance = 1e-12,
  what = "",
): void {
  const scale = Math.max(Math.abs(expected), 1e-300);
  assert.ok(
    Math.abs(actual - expected) <= tolerance * scale,
    `${what} expected ${expected}, got ${actual} (relative error ${
      Math.abs(actual - expected) / scale
    })`,
  );
}
