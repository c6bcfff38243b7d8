import assert from "node:assert/strict";
import { backoffDelay } from "../../src/run/retry.ts";

Deno.test("backoff doubles, is capped, and its jitter comes from the random source", () => {
  const policy = { attempts: 6, baseDelayMs: 100, maxDelayMs: 1000 };
  assert.equal(backoffDelay(1, policy, 0), 50);
  assert.equal(backoffDelay(1, policy, 0.999999) < 100, true);
  assert.equal(backoffDelay(2, policy, 0), 100);
  assert.equal(backoffDelay(3, policy, 1), 400);
  assert.equal(backoffDelay(10, policy, 0), 500);
  assert.equal(backoffDelay(10, policy, 1), 1000);
});
