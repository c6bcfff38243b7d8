import assert from "node:assert/strict";
import { type FlagSpec, flagUsage, parseFlags } from "../../src/cli/flags.ts";
import { UsageError } from "../../src/cli/usage_error.ts";

const none = { permissions: "none" } as const;

const SPECS: Readonly<Record<string, FlagSpec>> = {
  config: { kind: "string", help: "the config", placeholder: "FILE", default: "assess.yaml" },
  out: { kind: "string", help: "the output" },
  resume: { kind: "boolean", help: "resume" },
};

const REQUIRED: Readonly<Record<string, FlagSpec>> = {
  out: { kind: "string", help: "the split file", required: true },
};

Deno.test("each accepted form of a flag", none, async (t) => {
  const cases: [string[], Record<string, string | boolean | undefined>][] = [
    [[], { config: "assess.yaml", out: undefined, resume: false }],
    [["-config", "x.yaml"], { config: "x.yaml", out: undefined, resume: false }],
    [["-config=x.yaml"], { config: "x.yaml", out: undefined, resume: false }],
    [["--config", "x.yaml"], { config: "x.yaml", out: undefined, resume: false }],
    [["--config=x.yaml"], { config: "x.yaml", out: undefined, resume: false }],
    [["-config=a=b"], { config: "a=b", out: undefined, resume: false }],
    [["-config=-x.yaml"], { config: "-x.yaml", out: undefined, resume: false }],
    [["-config", "-"], { config: "-", out: undefined, resume: false }],
    [["-out", "-1"], { config: "assess.yaml", out: "-1", resume: false }],
    [["-out", "--"], { config: "assess.yaml", out: "--", resume: false }],
    [["-config", "a b.yaml"], { config: "a b.yaml", out: undefined, resume: false }],
    [["-resume"], { config: "assess.yaml", out: undefined, resume: true }],
    [["--resume"], { config: "assess.yaml", out: undefined, resume: true }],
    [["-resume=true"], { config: "assess.yaml", out: undefined, resume: true }],
    [["-resume=false"], { config: "assess.yaml", out: undefined, resume: false }],
    [["-out", "o", "-resume", "-config", "c"], { config: "c", out: "o", resume: true }],
    [["-config", "c", "--"], { config: "c", out: undefined, resume: false }],
  ];
  for (const [args, values] of cases) {
    await t.step(args.join(" ") || "(none)", () => {
      assert.deepEqual(parseFlags("run", args, SPECS), { help: false, values });
    });
  }
});

Deno.test("help is asked with -h, -help or --help", none, () => {
  for (const arg of ["-h", "-help", "--help", "--h"]) {
    assert.deepEqual(parseFlags("run", [arg], SPECS), { help: true });
    assert.deepEqual(parseFlags("run", ["-config", "x", arg], SPECS), { help: true });
  }
});

Deno.test("every refusal, with what was wrong and where to look", none, async (t) => {
  const cases: [string, string[], string, Readonly<Record<string, FlagSpec>>?][] = [
    ["an unknown flag", ["-conf", "x"], "flag provided but not defined: -conf"],
    ["an unknown flag in another case", ["-Config", "x"], "flag provided but not defined: -Config"],
    ["a flag given twice", ["-config", "a", "--config=b"], "flag given twice: -config"],
    ["a boolean given twice", ["-resume", "-resume=false"], "flag given twice: -resume"],
    ["a positional argument", ["x.yaml"], 'unexpected argument "x.yaml"'],
    ["a positional argument after a flag", ["-config", "a", "b"], 'unexpected argument "b"'],
    ["an argument after --", ["--", "x"], 'unexpected argument "x"'],
    ["a lone -", ["-"], 'unexpected argument "-"'],
    ["a flag without its value at the end", ["-config"], "flag needs a value: -config"],
    ["a flag followed by another flag", ["-config", "-resume"], "flag needs a value: -config"],
    ["--flag followed by --flag", ["--out", "--config", "x"], "flag needs a value: -out"],
    ["an empty value", ["-config="], "flag -config needs a value that is not empty"],
    ["an empty value, apart", ["-config", ""], "flag -config needs a value that is not empty"],
    [
      "a boolean with another value",
      ["-resume=yes"],
      'flag -resume takes true or false, not "yes"',
    ],
    ["three dashes", ["---config", "x"], 'bad flag syntax: "---config"'],
    ["-=", ["-=x"], 'bad flag syntax: "-=x"'],
    ["a bare --=", ["--=x"], 'bad flag syntax: "--=x"'],
    ["a required flag left out", [], "flag -out is required", REQUIRED],
  ];
  for (const [name, args, what, specs] of cases) {
    await t.step(name, () => {
      assert.throws(
        () => parseFlags("run", args, specs ?? SPECS),
        (e: unknown) => {
          assert.ok(e instanceof UsageError);
          assert.equal(e.message, `assess run: ${what} (see assess help run)`);
          assert.deepEqual(e.lines, []);
          return true;
        },
      );
    });
  }
});

Deno.test("a long argument is shortened in the refusal", none, () => {
  assert.throws(() => parseFlags("run", ["x".repeat(100)], SPECS), (e: unknown) => {
    assert.ok(e instanceof UsageError);
    assert.equal(
      e.message,
      `assess run: unexpected argument "${"x".repeat(57)}..." (see assess help run)`,
    );
    return true;
  });
});

Deno.test("flagUsage lines", none, () => {
  assert.deepEqual(flagUsage(SPECS), [
    "  -config FILE     the config (default assess.yaml)",
    "  -out VALUE       the output",
    "  -resume          resume",
  ]);
});

Deno.test(
  "flagUsage keeps the help in one column past a long flag (assess help run's)",
  none,
  () => {
    const lines = flagUsage({
      config: { kind: "string", help: "the config", placeholder: "FILE" },
      "max-response": { kind: "string", help: "the largest body", placeholder: "BYTES" },
      retries: { kind: "string", help: "how many times", placeholder: "N", default: "5" },
    });
    assert.deepEqual(lines, [
      "  -config FILE        the config",
      "  -max-response BYTES the largest body",
      "  -retries N          how many times (default 5)",
    ]);
  },
);

Deno.test("a repeatable flag collects its values in order; others are still refused twice", () => {
  const specs = {
    in: { kind: "string", help: "inputs", required: true, repeatable: true },
    out: { kind: "string", help: "output" },
  } as const;
  assert.deepEqual(parseFlags("report", ["-in", "a", "--in=b", "-in", "c"], specs), {
    help: false,
    values: { in: ["a", "b", "c"], out: undefined },
  });
  assert.deepEqual(parseFlags("report", ["-in", "a"], specs), {
    help: false,
    values: { in: ["a"], out: undefined },
  });
  assert.throws(
    () => parseFlags("report", ["-in", "a", "-out", "x", "-out", "y"], specs),
    /flag given twice: -out/,
  );
});
