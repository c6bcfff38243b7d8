import assert from "node:assert/strict";
import { isSibling, siblingCalls } from "../../src/leak/_sibling.ts";

const none = { permissions: "none" } as const;
const HELD = "book 2 rooms in paris from may 3 to may 5";
const call = (name: string, args: Record<string, unknown>) => ({
  name,
  arguments: JSON.stringify(args),
});
const held = [call("book", { city: "Paris", rooms: 2, from: "May 3", to: "May 5" })];

Deno.test("isSibling: an answer changed only where the query is", none, async (t) => {
  const cases: [string, string, unknown[], boolean][] = [
    ["the city changed in both", HELD.replace("paris", "rome"), [
      call("book", { city: "Rome", rooms: 2, from: "May 3", to: "May 5" }),
    ], true],
    ["a number changed in both, arguments as an object", HELD.replace("2 rooms", "4 rooms"), [
      { name: "book", arguments: { rooms: 4, city: "Paris", from: "May 3", to: "May 5" } },
    ], true],
    ["the city changed in the query, another value in the answer", HELD.replace("paris", "rome"), [
      call("book", { city: "Rome", rooms: 3, from: "May 3", to: "May 5" }),
    ], false],
    ["an argument added", HELD.replace("paris", "rome"), [
      call("book", { city: "Rome", rooms: 2, from: "May 3", to: "May 5", breakfast: true }),
    ], false],
    ["another tool", HELD.replace("paris", "rome"), [
      call("reserve", { city: "Rome", rooms: 2, from: "May 3", to: "May 5" }),
    ], false],
    ["the same answer", HELD.replace("paris", "rome"), [
      call("book", { city: "Paris", rooms: 2, from: "May 3", to: "May 5" }),
    ], false],
    ["a value changed to a word the query already held", HELD.replace("paris", "rome"), [
      call("book", { city: "Rome", rooms: 2, from: "May 5", to: "May 5" }),
    ], false],
    ["arguments that are not JSON", HELD.replace("paris", "rome"), [
      { name: "book", arguments: "{city" },
    ], false],
  ];
  for (const [name, query, calls, expected] of cases) {
    await t.step(name, () =>
      assert.equal(
        isSibling(
          { words: HELD.split(" "), calls: siblingCalls(held) },
          {
            words: query.split(" "),
            calls: siblingCalls(calls as { name: string; arguments: unknown }[]),
          },
        ),
        expected,
      ));
  }
});

Deno.test("isSibling: calls given alike are set aside before pairing", none, () => {
  const query = "weather in berlin and in paris today and tomorrow please";
  const two = [call("weather", { city: "Berlin" }), call("weather", { city: "Paris" })];
  // Paris becomes Amsterdam, which sorts before Berlin: pairing in sorted order alone would pair
  // Berlin with Amsterdam.
  const other = [call("weather", { city: "Amsterdam" }), call("weather", { city: "Berlin" })];
  assert(isSibling(
    { words: query.split(" "), calls: siblingCalls(two) },
    { words: query.replace("paris", "amsterdam").split(" "), calls: siblingCalls(other) },
  ));
});

Deno.test("isSibling: a differing value of 2,000,000 words, read word by word", none, () => {
  const filler = " and then".repeat(1_000_000);
  const query = HELD.replace("paris", "rome");
  const asked = (city: string) => [
    call("book", { city, rooms: 2, from: "May 3", to: "May 5" }),
  ];
  const is = (heldCity: string, turnCity: string) =>
    isSibling(
      { words: HELD.split(" "), calls: siblingCalls(asked(heldCity)) },
      { words: query.split(" "), calls: siblingCalls(asked(turnCity)) },
    );
  // The edited word first, last, or nowhere in the huge value.
  assert(is("Paris", `Rome${filler}`));
  assert(is("Paris", `${filler} Rome`));
  assert(!is("Paris", `Berlin${filler}`));
  assert(is(`Paris${filler}`, "Rome"));
});
