import assert from "node:assert/strict";
import {
  compareIssues,
  ConfigError,
  type ConfigIssue,
  issueLine,
  sortIssues,
} from "../../src/config/config_issue.ts";

const none = { permissions: "none" } as const;

Deno.test("issues sort by path segment by segment, numbers as numbers", none, () => {
  const paths = [
    "version",
    "models.adapters.10.name",
    "models.adapters.2.name",
    "models.adapters.2",
    "models",
    "",
    "dataset.source.repo",
    "dataset.sha256",
    "models.adapters.9.path",
  ];
  const sorted = sortIssues(paths.map((path) => ({ path, message: "m" }))).map((i) => i.path);
  assert.deepEqual(sorted, [
    "",
    "dataset.sha256",
    "dataset.source.repo",
    "models",
    "models.adapters.2",
    "models.adapters.2.name",
    "models.adapters.9.path",
    "models.adapters.10.name",
    "version",
  ]);
});

Deno.test("issues on one path sort by message, numbers in it as numbers", none, () => {
  const issues: ConfigIssue[] = [
    { path: "", message: "row 10, item 1: x" },
    { path: "", message: "row 9, item 12: x" },
    { path: "", message: "row 9, item 2: x" },
    { path: "", message: "additional properties 'b' not allowed" },
  ];
  assert.deepEqual(sortIssues(issues).map((i) => i.message), [
    "additional properties 'b' not allowed",
    "row 9, item 2: x",
    "row 9, item 12: x",
    "row 10, item 1: x",
  ]);
});

Deno.test("issues on one path sort by place: none first, then line, then column", none, () => {
  const issues: ConfigIssue[] = [
    { path: "", message: "a", line: 10, column: 1 },
    { path: "", message: "a", line: 9, column: 12 },
    { path: "", message: "z" },
    { path: "", message: "a", line: 9, column: 2 },
    { path: "", message: "b" },
  ];
  assert.deepEqual(sortIssues(issues).map((i) => issueLine(i)), [
    "b",
    "z",
    "assess.yaml:9:2: a",
    "assess.yaml:9:12: a",
    "assess.yaml:10:1: a",
  ]);
});

Deno.test("sortIssues keeps one message at two places", none, () => {
  const at = (line: number): ConfigIssue => ({ path: "k", message: "m", line, column: 1 });
  assert.deepEqual(sortIssues([at(2), at(1), at(2), { path: "k", message: "m" }]), [
    { path: "k", message: "m" },
    at(1),
    at(2),
  ]);
});

Deno.test("sortIssues drops exact repeats and leaves its input alone", none, () => {
  const input: ConfigIssue[] = [
    { path: "a", message: "m" },
    { path: "a", message: "m" },
    { path: "", message: "m" },
  ];
  assert.deepEqual(sortIssues(input), [{ path: "", message: "m" }, { path: "a", message: "m" }]);
  assert.equal(input.length, 3);
  assert.equal(input[0]!.path, "a");
});

Deno.test("compareIssues is a total order", none, () => {
  const issues: ConfigIssue[] = ["", "a", "a.0", "a.1", "a.b", "b", "a.10"].flatMap((path) =>
    ["x", "y 2", "y 10"].map((message) => ({ path, message }))
  );
  for (const a of issues) {
    assert.equal(compareIssues(a, a), 0);
    for (const b of issues) {
      assert.equal(Math.sign(compareIssues(a, b)) + Math.sign(compareIssues(b, a)), 0);
      for (const c of issues) {
        if (compareIssues(a, b) < 0 && compareIssues(b, c) < 0) {
          assert.ok(compareIssues(a, c) < 0);
        }
      }
    }
  }
});

Deno.test("issueLine and ConfigError", none, () => {
  assert.equal(issueLine({ path: "a.0", message: "m" }), "a.0: m");
  assert.equal(issueLine({ path: "", message: "m" }), "m");
  assert.equal(
    issueLine({ path: "a.0", message: "m", line: 3, column: 7 }),
    "assess.yaml:3:7: a.0: m",
  );
  assert.equal(
    issueLine({ path: "", message: "m", line: 3, column: 7 }, "c.yaml"),
    "c.yaml:3:7: m",
  );
  const error = new ConfigError([{ path: "b", message: "2" }, { path: "a", message: "1" }]);
  assert.ok(error instanceof Error);
  assert.equal(error.name, "ConfigError");
  assert.deepEqual(error.issues.map((i) => i.path), ["a", "b"]);
  assert.equal(error.message, "the configuration was refused:\n  a: 1\n  b: 2");
  const placed = new ConfigError([{ path: "", message: "m", line: 1, column: 2 }]);
  assert.equal(placed.message, "the configuration was refused:\n  assess.yaml:1:2: m");
});
