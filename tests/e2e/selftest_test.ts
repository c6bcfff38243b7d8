// Golden tests of `assess selftest`: the built-in scorer on the sixteen test rows, and programs
// that register their own scorers (tests/score/fixtures/), run as a user would run them.

import type { ItemId } from "../../src/dataset/item_id.ts";
import assert from "node:assert/strict";
import { loadDataset } from "../../src/dataset/dataset.ts";
import { takeSplit } from "../../src/split/split.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const CONFIG = "reference/testdata/assess.yaml";

interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `deno run --quiet --no-lock PERMISSIONS PROGRAM ARGS` from the repository's root. */
async function assess(
  program: string,
  args: readonly string[],
  permissions: readonly string[] = ["--allow-read"],
): Promise<Ran> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "--no-lock", ...permissions, program, ...args],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

/** The test config, with another scorer's name, in a temporary file. */
async function configFor(scorer: string): Promise<string> {
  const text = await Deno.readTextFile(`${ROOT}${CONFIG}`);
  const changed = text.replace(/^( +name:) xlam-tool-call$/m, `$1 ${scorer}`);
  assert.notEqual(changed, text);
  const path = await Deno.makeTempFile({ suffix: ".yaml" });
  await Deno.writeTextFile(path, changed);
  return path;
}

/** The held-out items of the test rows, in split order, and the split's digest. */
async function testSplit(): Promise<{ ids: ItemId[]; empty: Set<ItemId>; digest: string }> {
  const text = await Deno.readTextFile(`${ROOT}${CONFIG}`);
  const sha256 = /sha256: ([0-9a-f]{64})/.exec(text)![1]!;
  const dataset = loadDataset(await Deno.readFile(`${ROOT}reference/testdata/rows.json`), sha256);
  const split = takeSplit(dataset, { seed: "twins", size: 6 });
  const ids = split.heldOut.map((e) => e.id);
  const empty = new Set(
    dataset.items.filter((i) => i.answers.length === 0 && ids.includes(i.id)).map((i) => i.id),
  );
  return { ids, empty, digest: split.digest };
}

Deno.test("assess selftest: xlam-tool-call passes on the sixteen test rows, and so does its lenient reading", async () => {
  const { digest } = await testSplit();
  const ran = await assess("cli.ts", ["selftest", "-config", CONFIG]);
  assert.equal(ran.stderr, "");
  assert.equal(
    ran.stdout,
    [
      "scorer xlam-tool-call 1 passed its self-test on 6 items",
      "  answer keys marked correct: 6",
      "  empty replies marked wrong: 5",
      "  answer keys that are an empty reply: 1",
      "scorer xlam-tool-call (lenient) 1 passed its self-test on 6 items",
      "  answer keys marked correct: 6",
      "  empty replies marked wrong: 5",
      "  answer keys that are an empty reply: 1",
      `split digest ${digest}`,
      "",
    ].join("\n"),
  );
  assert.equal(ran.code, 0);
});

Deno.test("assess selftest: a program with its own scorer passes", async () => {
  const config = await configFor("same-tools");
  try {
    const ran = await assess("tests/score/fixtures/own_scorer.ts", ["selftest", "-config", config]);
    assert.equal(ran.stderr, "");
    assert.match(ran.stdout, /^scorer same-tools 1 passed its self-test on 6 items\n/);
    assert.match(
      ran.stdout,
      /\n {2}answer keys that are an empty reply: 1\nsplit digest [0-9a-f]{64}\n$/,
    );
    assert.equal(ran.code, 0);
  } finally {
    await Deno.remove(config);
  }
});

/** The scorers of tests/score/fixtures/faulty_scorers.ts: what selftest says of each, and exits. */
const FAULTY: readonly {
  readonly name: string;
  readonly scorer: string;
  readonly code: number;
  /** Holds stderr, given the held-out items with an answer (those it fails on), in split order. */
  readonly says: (stderr: string, failing: readonly ItemId[]) => void;
}[] = [
  {
    name: "a lenient scorer fails, each item named in split order (65)",
    scorer: "lenient",
    code: 65,
    says: (stderr, failing) =>
      assert.equal(
        stderr,
        [
          `assess selftest: scorer lenient failed its self-test on 5 of 6 items:`,
          ...failing.map((id) =>
            `  item ${id}: an empty reply was marked correct, with the reason same`
          ),
          "",
        ].join("\n"),
      ),
  },
  {
    name: "a scorer that throws has a bug (70), naming the item",
    scorer: "throwing",
    code: 70,
    says: (stderr) => {
      const lines = stderr.split("\n");
      assert.match(
        lines[0]!,
        /^assess selftest: scorer throwing has a bug, found on \d+ of 6 items:$/,
      );
      assert.match(
        lines[1]!,
        /^ {2}item (\d+): scoring the answer key threw TypeError: cannot score item \1$/,
      );
      assert(lines.includes("the first error thrown:"));
    },
  },
  {
    name: "a reason the scorer does not declare is a bug (70)",
    scorer: "sloppy",
    code: 70,
    says: (stderr, failing) =>
      assert.equal(
        stderr,
        [
          "assess selftest: scorer sloppy has a bug, found on 5 of 6 items:",
          ...failing.map((id) =>
            `  item ${id}: scoring an empty reply gave the reason "silent", which the scorer does not declare`
          ),
          "",
        ].join("\n"),
      ),
  },
];

for (const { name, scorer, code, says } of FAULTY) {
  Deno.test(`assess selftest: ${name}`, async () => {
    const { ids, empty } = await testSplit();
    const config = await configFor(scorer);
    try {
      const ran = await assess("tests/score/fixtures/faulty_scorers.ts", [
        "selftest",
        "-config",
        config,
      ]);
      assert.equal(ran.stdout, "");
      says(ran.stderr, ids.filter((id) => !empty.has(id)));
      assert.equal(ran.code, code);
    } finally {
      await Deno.remove(config);
    }
  });
}

Deno.test("assess selftest: refusals of its command line and config (64)", async (t) => {
  const cases: [string, string[], RegExp][] = [
    ["an unknown flag", ["selftest", "-out", "x"], /flag provided but not defined: -out/],
    ["a positional argument", ["selftest", "extra"], /unexpected argument "extra"/],
    ["a flag given twice", ["selftest", "-config", CONFIG, "-config", CONFIG], /given twice/],
    ["a missing config", ["selftest", "-config", "no/such.yaml"], /no\/such\.yaml cannot be read/],
    ["a scorer nothing registered", ["selftest", "-config", "SAME_TOOLS"], /same-tools/],
  ];
  const config = await configFor("same-tools");
  try {
    for (const [name, args, message] of cases) {
      await t.step(name, async () => {
        const ran = await assess("cli.ts", args.map((a) => a === "SAME_TOOLS" ? config : a));
        assert.equal(ran.stdout, "");
        assert.match(ran.stderr, message);
        assert.equal(ran.code, 64);
      });
    }
  } finally {
    await Deno.remove(config);
  }
});

Deno.test("assess help selftest shows its usage", async () => {
  const ran = await assess("cli.ts", ["help", "selftest"]);
  assert.match(ran.stdout, /^usage: assess selftest \[-config FILE\]\n/);
  assert.equal(ran.code, 0);
});

Deno.test("assess selftest needs to read the config and the dataset, and nothing else (the README's permissions)", async () => {
  const ran = await assess("cli.ts", ["selftest", "-config", CONFIG], [
    `--allow-read=${CONFIG},reference/testdata/rows.json`,
  ]);
  assert.equal(ran.stderr, "");
  assert.match(ran.stdout, /^scorer xlam-tool-call 1 passed/);
  assert.equal(ran.code, 0);
});
