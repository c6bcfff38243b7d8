import assert from "node:assert/strict";
import fc from "fast-check";
import { Deadlines } from "../../src/run/deadlines.ts";
import type { Timers } from "../../src/run/timers.ts";
import { FakeTime } from "./_fixtures.ts";

Deno.test("Deadlines: a deadline expires when its time has passed, on one timer", () => {
  const time = new FakeTime();
  const deadlines = new Deadlines(time, 100);
  const expired: [string, number][] = [];
  deadlines.start(() => expired.push(["a", time.now]));
  time.advance(30);
  deadlines.start(() => expired.push(["b", time.now]));
  time.advance(60);
  deadlines.start(() => expired.push(["c", time.now]));
  assert.equal(time.pending, 1, "one timer for three deadlines");
  time.advance(99);
  assert.equal(expired.length, 0);
  time.advance(1000);
  assert.deepEqual(expired, [["a", 100], ["b", 130], ["c", 160]]);
  assert.deepEqual(time.delays, [100, 30, 30]);
  assert.equal(time.pending, 0);
});

Deno.test("Deadlines: a cancelled deadline never expires, and with none left the timer goes", () => {
  const time = new FakeTime();
  const deadlines = new Deadlines(time, 100);
  const expired: string[] = [];
  const cancelA = deadlines.start(() => expired.push("a"));
  time.advance(10);
  const cancelB = deadlines.start(() => expired.push("b"));
  cancelA();
  cancelA(); // again: nothing
  assert.equal(time.pending, 1, "b still pending");
  time.advance(105); // a's time: the timer fires for a, finds it gone, waits for b
  assert.equal(expired.length, 0);
  assert.equal(time.pending, 1);
  cancelB();
  assert.equal(time.pending, 0, "nothing pending, no timer");
  time.advance(10_000);
  assert.equal(expired.length, 0);
  // Used again after going idle.
  deadlines.start(() => expired.push("c"));
  time.advance(10_200);
  assert.deepEqual(expired, ["c"]);
});

Deno.test("Deadlines: a clock that steps back never makes a deadline expire early", () => {
  const time = new FakeTime();
  time.now = 1000;
  const deadlines = new Deadlines(time, 100);
  const expired: [string, number][] = [];
  deadlines.start(() => expired.push(["a", time.now]));
  time.now = 500; // the clock steps back: b's deadline is taken as a's, the later of the two
  deadlines.start(() => expired.push(["b", time.now]));
  time.advance(1099);
  assert.equal(expired.length, 0);
  time.advance(1100);
  assert.deepEqual(expired, [["a", 1100], ["b", 1100]]);
});

Deno.test("Deadlines: what expiring does may start and cancel deadlines", () => {
  const time = new FakeTime();
  const deadlines = new Deadlines(time, 100);
  const expired: [string, number][] = [];
  let cancelC = () => {};
  deadlines.start(() => {
    expired.push(["a", time.now]);
    // A retry's new deadline, started while the others are being expired.
    deadlines.start(() => expired.push(["d", time.now]));
    cancelC();
  });
  time.advance(50);
  deadlines.start(() => expired.push(["b", time.now]));
  cancelC = deadlines.start(() => expired.push(["c", time.now]));
  time.advance(1000);
  assert.deepEqual(expired, [["a", 100], ["b", 150], ["d", 200]]);
  assert.equal(time.pending, 0);
});

Deno.test("Deadlines: each deadline not cancelled expires exactly its length after it started (random schedules)", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 500 }),
      fc.array(
        fc.record({
          wait: fc.integer({ min: 0, max: 300 }),
          cancelAfter: fc.option(fc.integer({ min: 0, max: 700 }), { nil: undefined }),
        }),
        { maxLength: 60 },
      ),
      (ms, starts) => {
        const time = new FakeTime();
        const deadlines = new Deadlines(time, ms);
        const expiredAt = new Map<number, number>();
        const cancels: { at: number; i: number; cancel: () => void }[] = [];
        const startedAt: number[] = [];
        const cancelledAt = new Map<number, number>();
        const settle = (c: { at: number; i: number; cancel: () => void }) => {
          time.advance(c.at);
          if (!expiredAt.has(c.i)) cancelledAt.set(c.i, c.at);
          c.cancel();
        };
        let t = 0;
        starts.forEach(({ wait, cancelAfter }, i) => {
          t += wait;
          // Cancels due before this start happen first.
          cancels.sort((a, b) => a.at - b.at);
          while (cancels.length > 0 && cancels[0]!.at <= t) settle(cancels.shift()!);
          time.advance(t);
          startedAt.push(time.now);
          const cancel = deadlines.start(() => {
            assert.ok(!expiredAt.has(i), "expires once");
            expiredAt.set(i, time.now);
          });
          if (cancelAfter !== undefined) cancels.push({ at: t + cancelAfter, i, cancel });
        });
        for (const c of cancels.sort((a, b) => a.at - b.at)) settle(c);
        time.advance(t + 10_000);
        starts.forEach((_, i) => {
          const due = startedAt[i]! + ms;
          const cancelled = cancelledAt.get(i);
          if (cancelled !== undefined && cancelled < due) {
            assert.equal(expiredAt.has(i), false, `deadline ${i} was cancelled in time`);
          } else {
            // Due before (or as) it was cancelled, if it was: the timers due by then ran first.
            assert.equal(expiredAt.get(i), due, `deadline ${i} expires when due`);
          }
        });
        assert.equal(time.pending, 0, "no timer left once every deadline is settled");
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("Deadlines: a timer that fires late expires every deadline past by then, at once", () => {
  const time = new FakeTime();
  const deadlines = new Deadlines(time, 100);
  const expired: [string, number][] = [];
  for (const [name, at] of [["a", 0], ["b", 5], ["c", 10]] as const) {
    time.advance(at);
    deadlines.start(() => expired.push([name, time.now]));
  }
  deadlines.start(() => expired.push(["d", time.now]));
  time.now = 500; // the event loop was busy: the timer due at 100 runs at 500
  time.advance(500);
  assert.deepEqual(expired, [["a", 500], ["b", 500], ["c", 500], ["d", 500]]);
  assert.equal(time.delays.length, 1, "one timer, not one more per deadline past");
});

Deno.test("Deadlines: timers that call back at once", () => {
  const delays: number[] = [];
  const at = { now: 0 };
  const immediate: Timers = {
    setTimeout: (fn, ms) => {
      delays.push(ms);
      fn();
      return delays.length;
    },
    clearTimeout: () => {},
    performance: { now: () => at.now },
  };
  const deadlines = new Deadlines(immediate, 50);
  const expired: string[] = [];
  deadlines.start(() => expired.push("a"));
  at.now = 1;
  deadlines.start(() => expired.push("b"));
  assert.deepEqual(expired, ["a", "b"]);
  assert.deepEqual(delays, [50, 50]);
});

Deno.test("Deadlines: thousands of deadlines, most cancelled in order, the rest expire when due", () => {
  const time = new FakeTime();
  const deadlines = new Deadlines(time, 5000);
  const expiredAt = new Map<number, number>();
  const cancels: (() => void)[] = [];
  const start = (i: number) => {
    time.advance(i);
    cancels[i] = deadlines.start(() => expiredAt.set(i, time.now));
  };
  for (let i = 0; i < 3000; i++) start(i);
  // The first 2,000 end in time (the queue drops them from its front), then more start.
  for (let i = 0; i < 2000; i++) cancels[i]!();
  for (let i = 3000; i < 4000; i++) start(i);
  for (let i = 3000; i < 4000; i += 2) cancels[i]!();
  time.advance(100_000);
  for (let i = 0; i < 4000; i++) {
    const kept = i >= 2000 && (i < 3000 || i % 2 === 1);
    assert.equal(expiredAt.get(i), kept ? i + 5000 : undefined, `deadline ${i}`);
  }
  assert.equal(time.pending, 0);
});
