import assert from "node:assert/strict";
import fc from "fast-check";
import { compareIssues } from "../../src/config/config_issue.ts";
import { check, WHOLE } from "./_fixtures.ts";

const none = { permissions: "none" } as const;

function lawful(source: string | Uint8Array): void {
  const { config, issues } = check(source);
  assert.equal(config === undefined, issues.length > 0);
  for (let i = 1; i < issues.length; i++) assert.ok(compareIssues(issues[i - 1]!, issues[i]!) < 0);
  for (const issue of issues) {
    assert.equal(typeof issue.path, "string");
    assert.ok(issue.message.length > 0);
    assert.ok(!/[\n\r]/.test(issue.message) && !/[\n\r]/.test(issue.path));
    // A place is a line and a column together, each a whole number from 1, and never in the
    // message as well.
    assert.equal(issue.line === undefined, issue.column === undefined);
    if (issue.line !== undefined) {
      assert.ok(Number.isInteger(issue.line) && issue.line >= 1);
      assert.ok(Number.isInteger(issue.column) && issue.column! >= 1);
    }
    assert.doesNotMatch(issue.message, /^line \d+/);
  }
}

Deno.test(
  "property: any text or bytes give a config or sorted one-line issues, never a throw",
  none,
  () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 200 }), lawful), { numRuns: 500 });
    fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), lawful), { numRuns: 300 });
  },
);

Deno.test("property: splicing YAML fragments into the whole file never throws", none, () => {
  const fragment = fc.constantFrom(
    ": ",
    "\n",
    "  ",
    "- ",
    "[",
    "]",
    "{",
    "}",
    "&a ",
    "*a",
    "!!str ",
    "? ",
    "---\n",
    "...\n",
    "#",
    "'",
    '"',
    "|\n",
    ">-\n",
    "\t",
    "${",
    "%YAML 1.2\n",
    "\u2028",
  );
  fc.assert(
    fc.property(
      fc.nat({ max: WHOLE.length }),
      fc.array(fragment, { maxLength: 4 }),
      (at, parts) => {
        lawful(WHOLE.slice(0, at) + parts.join("") + WHOLE.slice(at));
      },
    ),
    { numRuns: 1000 },
  );
});
