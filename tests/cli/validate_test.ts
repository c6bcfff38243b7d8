import assert from "node:assert/strict";
import fc from "fast-check";
import type { Io } from "../../src/cli/io.ts";
import { runCli } from "../../src/cli/main.ts";
import { issueLine } from "../../src/config/config_issue.ts";
import { register } from "../../src/score/registry.ts";
import type { Scorer } from "../../src/score/scorer.ts";
import { check, edit, REFUSAL_STDERR, SHORTEST, WHOLE } from "../config/_fixtures.ts";
import { RULES } from "../config/_rule_cases.ts";

const none = { permissions: "none" } as const;
const encoder = new TextEncoder();

function fsError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/**
 * An Io with files in memory (a `null` entry is a directory) that records what is printed and
 * fails the test if the environment, the network, the clock or a write is touched.
 */
function memoryIo(files: Record<string, string | Uint8Array | null>): Io & {
  out: string;
  err: string;
  read: string[];
} {
  const io = {
    out: "",
    err: "",
    read: [] as string[],
    stdout: { isTerminal: false, write: (t: string) => Promise.resolve(void (io.out += t)) },
    stderr: { isTerminal: false, write: (t: string) => Promise.resolve(void (io.err += t)) },
    readFile(path: string): Promise<Uint8Array> {
      io.read.push(path);
      if (!Object.hasOwn(files, path)) {
        return Promise.reject(fsError("NotFound", `No such file or directory: ${path}`));
      }
      const file = files[path];
      if (file === null) return Promise.reject(fsError("IsADirectory", "Is a directory"));
      return Promise.resolve(typeof file === "string" ? encoder.encode(file) : file!);
    },
    openRead: () => Promise.reject(new Error("validate opened a stream")),
    writeFileAtomic: () => Promise.reject(new Error("validate wrote a file")),
    env: (name: string): string | undefined => {
      throw new Error(`validate read the environment: ${name}`);
    },
    fetch: () => Promise.reject(new Error("validate used the network")),
    now: () => {
      throw new Error("validate read the clock");
    },
  };
  return io;
}

async function validate(
  files: Record<string, string | Uint8Array | null>,
  ...args: string[]
): Promise<{ code: number; out: string; err: string; read: string[] }> {
  const io = memoryIo(files);
  const code = await runCli(["validate", ...args], io);
  return { code, out: io.out, err: io.err, read: io.read };
}

Deno.test("validate: an accepted file prints nothing and exits 0", none, async (t) => {
  for (const [name, text] of [["whole", WHOLE], ["shortest", SHORTEST]]) {
    await t.step(name!, async () => {
      const r = await validate({ "assess.yaml": text! });
      assert.deepEqual(r, { code: 0, out: "", err: "", read: ["assess.yaml"] });
    });
  }
  await t.step("-config names the file, in each form", async () => {
    for (
      const args of [["-config", "c.yaml"], ["-config=c.yaml"], ["--config", "c.yaml"], [
        "--config=c.yaml",
      ]]
    ) {
      const r = await validate({ "c.yaml": WHOLE }, ...args);
      assert.deepEqual(r, { code: 0, out: "", err: "", read: ["c.yaml"] });
    }
  });
});

Deno.test(
  "golden, in process: every rule at its boundary, accepted and refused",
  none,
  async (t) => {
    for (const [group, cases] of RULES) {
      await t.step(group, async (t) => {
        for (const [name, text, expected] of cases) {
          await t.step(name, async () => {
            const r = await validate({ "assess.yaml": text });
            const err = expected.length === 0
              ? ""
              : `assess.yaml refused:\n${expected.map((l) => `  ${l}\n`).join("")}`;
            assert.deepEqual(r, {
              code: expected.length === 0 ? 0 : 64,
              out: "",
              err,
              read: ["assess.yaml"],
            });
          });
        }
      });
    }
  },
);

Deno.test("validate: the page's refusal example, exactly", none, async () => {
  const text = edit(
    WHOLE,
    ["version: 1", "version: 2\nretries: 3"],
    ["4ef5c6f0dc552f2231f93f5853a9ef431e9e806d7aa514d0f6b615606ce576c6", "4ef5c6f0"],
    ["  mode: off\n", ""],
    [
      "    - name: tuned-a\n    - name: tuned-b\n      path: /shared/ckpt/b\n",
      "    - name: base\n",
    ],
    ["  probe: 8", "  probe: 0"],
  );
  assert.deepEqual(await validate({ "assess.yaml": text }), {
    code: 64,
    out: "",
    err: REFUSAL_STDERR,
    read: ["assess.yaml"],
  });
});

Deno.test("validate: the header names the file as given", none, async () => {
  const r = await validate({ "conf/a b.yaml": "version: 2\n" }, "-config", "conf/a b.yaml");
  assert.equal(r.code, 64);
  assert.match(r.err, /^conf\/a b\.yaml refused:\n {2}missing property 'dataset'\n/);
  assert.match(r.err, /\n {2}version: value must be 1\n$/);
});

Deno.test("validate: a refusal's place names the file as given", none, async () => {
  const r = await validate({ "conf/a b.yaml": "a: ${X}\n" }, "-config", "conf/a b.yaml");
  assert.equal(r.code, 64);
  assert.match(
    r.err,
    /\n {2}conf\/a b\.yaml:1:4: \$\{ is refused, since nothing is interpolated\n/,
  );
});

Deno.test("validate: a file that cannot be read is refused with exit 64", none, async (t) => {
  const cases: [string, Record<string, string | Uint8Array | null>, string][] = [
    [
      "missing",
      {},
      "assess.yaml cannot be read: there is no such file (-config names it; see assess help)\n",
    ],
    [
      "a directory",
      { "assess.yaml": null },
      "assess.yaml cannot be read: it is a directory, not a file\n",
    ],
    [
      "not UTF-8",
      { "assess.yaml": new Uint8Array([0x76, 0x3a, 0x20, 0xc0, 0x80, 0x0a]) },
      "assess.yaml refused:\n  the file is not UTF-8: byte 3 is not valid\n",
    ],
    [
      "over 1 MiB",
      { "assess.yaml": new Uint8Array(1_048_577).fill(0x5b) },
      "assess.yaml refused:\n  the file is over 1 MiB (1048576 bytes), the most that is read\n",
    ],
    [
      "a YAML syntax error",
      { "assess.yaml": "version: 1\nsplit: [1, 2\nscorer: x\n" },
      "assess.yaml refused:\n  assess.yaml:3:1: YAML syntax error: ",
    ],
    ["empty", { "assess.yaml": "" }, "assess.yaml refused:\n  the file holds no YAML document\n"],
  ];
  for (const [name, files, err] of cases) {
    await t.step(name, async () => {
      const r = await validate(files);
      assert.equal(r.code, 64);
      assert.equal(r.out, "");
      if (err.endsWith("\n")) assert.equal(r.err, err);
      else assert.ok(r.err.startsWith(err), r.err);
    });
  }
  await t.step("without permission", async () => {
    const io = memoryIo({});
    io.readFile = () => Promise.reject(fsError("NotCapable", "Requires read access"));
    assert.equal(await runCli(["validate"], io), 64);
    assert.equal(
      io.err,
      "assess.yaml cannot be read: assess was not allowed to read it (give deno --allow-read=assess.yaml)\n",
    );
  });
});

Deno.test("validate: a refused URL is never printed", none, async () => {
  const url = "http://user:sk-secret@10.0.0.7:8000/v1?key=sk-secret";
  const r = await validate({ "assess.yaml": edit(WHOLE, ["http://127.0.0.1:8000/v1", url]) });
  assert.equal(r.code, 64);
  assert.ok(!r.err.includes("sk-secret"));
  assert.ok(!r.err.includes("10.0.0.7"));
  assert.equal(r.err.split("\n").filter((l) => l.startsWith("  server.url: ")).length, 3);
});

Deno.test("validate: a scorer that throws is a bug: exit 70", none, async () => {
  const broken = {
    name: "broken-parsers",
    version: "1",
    reasons: ["ok"],
    key: () => ({ text: "", calls: [], truncated: false }),
    score: () => ({ correct: true, reason: "ok", detail: "" }),
    get toolCallParsers(): readonly string[] {
      throw new Error("toolCallParsers failed");
    },
  } as Scorer;
  register(broken);
  const r = await validate({
    "assess.yaml": edit(WHOLE, ["  name: xlam-tool-call", "  name: broken-parsers"]),
  });
  assert.equal(r.code, 70);
  assert.match(r.err, /^assess validate: internal error/);
  assert.match(r.err, /toolCallParsers failed/);
});

// --- The property: random edits of a valid file never crash. ---

const WRONG_VALUES = [
  "[]",
  "{}",
  "~",
  "true",
  "-1",
  "0",
  "1.5",
  '"x"',
  "99999999999999999999",
  "0x10",
  ".inf",
  "*nope",
  "&a x",
  "!!int x",
  "[1, [2, {a: b}]]",
  "|\n  text",
  "'${HOME}'",
  "base",
  "on",
];

type Edit =
  | { kind: "drop"; line: number }
  | { kind: "case"; line: number; at: number }
  | { kind: "value"; line: number; value: number }
  | { kind: "duplicate"; line: number };

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant("drop" as const), line: fc.nat() }),
  fc.record({ kind: fc.constant("case" as const), line: fc.nat(), at: fc.nat() }),
  fc.record({ kind: fc.constant("value" as const), line: fc.nat(), value: fc.nat() }),
  fc.record({ kind: fc.constant("duplicate" as const), line: fc.nat() }),
);

function applyEdit(text: string, e: Edit): string {
  const lines = text.split("\n").slice(0, -1);
  if (lines.length === 0) return text;
  const i = e.line % lines.length;
  const line = lines[i]!;
  switch (e.kind) {
    case "drop":
      lines.splice(i, 1);
      break;
    case "duplicate":
      lines.splice(i, 0, line);
      break;
    case "case": {
      const colon = line.indexOf(":");
      const start = line.search(/[A-Za-z]/);
      if (colon <= 0 || start < 0 || start >= colon) break;
      const at = start + (e.at % (colon - start));
      const c = line[at]!;
      const swapped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
      lines[i] = line.slice(0, at) + swapped + line.slice(at + 1);
      break;
    }
    case "value": {
      const colon = line.indexOf(": ");
      const key = colon < 0 ? line.replace(/:$/, "") : line.slice(0, colon);
      const indent = line.length - line.trimStart().length;
      const value = WRONG_VALUES[e.value % WRONG_VALUES.length]!.replaceAll(
        "\n",
        `\n${" ".repeat(indent)}`,
      );
      lines[i] = `${key}: ${value}`;
      break;
    }
  }
  return lines.join("\n") + "\n";
}

/** An independent statement of the documented order: by path, segment by segment. */
function pathOrdered(a: string, b: string): boolean {
  if (a === "" || a === b) return true;
  if (b === "") return false;
  const as = a.split(".");
  const bs = b.split(".");
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const x = as[i]!;
    const y = bs[i]!;
    if (x === y) continue;
    if (/^\d+$/.test(x) && /^\d+$/.test(y)) return Number(x) < Number(y);
    if (/^\d+$/.test(x) !== /^\d+$/.test(y)) return /^\d+$/.test(x);
    return x < y;
  }
  return as.length <= bs.length;
}

Deno.test(
  "property: random edits of a valid file exit 0 or 64 with path-sorted lines",
  none,
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(editArb, { minLength: 1, maxLength: 4 }), async (edits) => {
        const text = edits.reduce(applyEdit, WHOLE);
        const r = await validate({ "assess.yaml": text });
        assert.equal(r.out, "");
        if (r.code === 0) {
          assert.equal(r.err, "");
          return;
        }
        assert.equal(r.code, 64, r.err);
        const printed = r.err.split("\n");
        assert.equal(printed[0], "assess.yaml refused:");
        assert.equal(printed.at(-1), "");
        const body = printed.slice(1, -1);
        assert.ok(body.length > 0);
        for (const line of body) assert.match(line, /^ {2}\S/);
        const { issues } = check(text);
        assert.deepEqual(body, issues.map((i) => `  ${issueLine(i)}`));
        for (let i = 1; i < issues.length; i++) {
          assert.ok(
            pathOrdered(issues[i - 1]!.path, issues[i]!.path),
            `${issues[i - 1]!.path} before ${issues[i]!.path}`,
          );
        }
      }),
      { numRuns: 300 },
    );
  },
);

Deno.test("validate: sampling.samples from 1 to 64 is accepted", none, async () => {
  for (const k of ["1", "4", "64"]) {
    const text = edit(WHOLE, ["  maxTokens: 512\n", `  maxTokens: 512\n  samples: ${k}\n`]);
    assert.deepEqual(await validate({ "assess.yaml": text }), {
      code: 0,
      out: "",
      err: "",
      read: ["assess.yaml"],
    });
  }
});
