// The emulator's model that is right in substance and wrong in form.

import assert from "node:assert/strict";
import { atDefaults, lowerCased, optionalDefaultsOfRow } from "./formatting_model.ts";
import { pyJsonLoads, type PyValue } from "./python_json.ts";

const TOOLS = JSON.stringify([{
  name: "f",
  description: "",
  parameters: {
    city: { type: "str" },
    n: { type: "int, optional", default: "3" },
    on: { type: "bool, optional", default: "false" },
    lang: { type: "str", default: "en" },
    ids: { type: "List[int], optional", default: "[]" },
  },
}]);

const call = (args: string) => [{ name: "f", args: pyJsonLoads(args) as PyValue }];

Deno.test("optional defaults are read from the row's type words, by base type", () => {
  const d = optionalDefaultsOfRow(TOOLS).get("f")!;
  assert.deepEqual([...d.keys()], ["n", "on"]); // lang is required; a list default is not written
  assert.deepEqual(d.get("n"), { kind: "int", value: 3n, text: "3" });
  assert.equal(d.get("on"), false);
});

Deno.test("lowerCased changes only strings with a capital", () => {
  assert.equal(lowerCased(call('{"city": "paris", "n": 3}')), undefined);
  assert.deepEqual(
    lowerCased(call('{"city": ["Paris"]}'))![0]!.args,
    new Map([["city", ["paris"]]]),
  );
});

Deno.test("atDefaults leaves out arguments at their defaults, else adds them", () => {
  const d = optionalDefaultsOfRow(TOOLS);
  const left = atDefaults(call('{"city": "x", "n": 3.0}'), d)![0]!.args as ReadonlyMap<
    string,
    PyValue
  >;
  assert.deepEqual([...left.keys()], ["city"]);
  const added = atDefaults(call('{"city": "x", "n": 4}'), d)![0]!.args as ReadonlyMap<
    string,
    PyValue
  >;
  // n is given away from its default; on, left out, is added at its default.
  assert.deepEqual([...added], [["city", "x"], ["n", { kind: "int", value: 4n, text: "4" }], [
    "on",
    false,
  ]]);
  assert.equal(atDefaults(call('{"city": "x", "n": 4, "on": true}'), d), undefined);
});
