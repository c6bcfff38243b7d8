import assert from "node:assert/strict";
import meta from "../../deno.json" with { type: "json" };
import type { Io } from "../../src/cli/io.ts";
import { runCli, VERBS } from "../../src/cli/main.ts";

const none = { permissions: "none" } as const;

/** An Io that records what is printed and refuses everything else. */
function memoryIo(): Io & { out: string; err: string } {
  const io = {
    out: "",
    err: "",
    stdout: { isTerminal: false, write: (t: string) => Promise.resolve(void (io.out += t)) },
    stderr: { isTerminal: false, write: (t: string) => Promise.resolve(void (io.err += t)) },
    readFile: () => Promise.reject(new Error("no file was expected to be read")),
    openRead: () => Promise.reject(new Error("no file was expected to be read")),
    writeFileAtomic: () => Promise.reject(new Error("no file was expected to be written")),
    env: (name: string): string | undefined => {
      throw new Error(`the environment was read: ${name}`);
    },
    fetch: () => Promise.reject(new Error("the network was used")),
    now: () => {
      throw new Error("the clock was read");
    },
  };
  return io;
}

async function cli(...args: string[]) {
  const io = memoryIo();
  const code = await runCli(args, io);
  return { code, out: io.out, err: io.err };
}

Deno.test("help: usage on stdout, exit 0, the verbs and help aligned", none, async () => {
  for (const arg of ["help", "-h", "-help", "--help"]) {
    const { code, out, err } = await cli(arg);
    assert.equal(code, 0);
    assert.equal(err, "");
    assert.match(out, /^assess: /);
    assert.match(out, /\nusage: assess VERB \[flags\]\n/);
    const width = Math.max(4, ...VERBS.map((v) => v.name.length));
    for (const verb of VERBS) {
      assert.ok(out.includes(`\n  ${verb.name.padEnd(width)}  ${verb.summary}\n`));
    }
    assert.ok(
      out.includes(
        `\n  ${
          "help".padEnd(width)
        }  print this help, or a verb's and the permissions it needs: assess help VERB\n`,
      ),
    );
    assert.match(out, /A flag is -name value, -name=value, --name value or --name=value\./);
    assert.match(out, /64 usage or config refused/);
  }
});

Deno.test("no verb: usage on stderr, exit 64", none, async () => {
  const { code, out, err } = await cli();
  assert.equal(code, 64);
  assert.equal(out, "");
  assert.match(err, /^assess: .*\n\nusage: assess VERB \[flags\]\n/);
});

Deno.test("a verb's help", none, async (t) => {
  const expected = [
    "usage: assess validate [-config FILE]",
    "",
    "check assess.yaml and print every refusal",
    "",
    "flags:",
    "  -config FILE     the assess.yaml to read (default assess.yaml)",
    "",
    "permissions (deno run): --allow-read=assess.yaml",
    "",
  ].join("\n");
  for (
    const args of [["help", "validate"], ["validate", "-h"], ["validate", "--help"], [
      "validate",
      "-config",
      "x",
      "-help",
    ]]
  ) {
    await t.step(args.join(" "), async () => {
      assert.deepEqual(await cli(...args), { code: 0, out: expected, err: "" });
    });
  }
});

Deno.test(
  "refusals before a verb runs: exit 64, one line that says where to look",
  none,
  async (t) => {
    const cases: [string[], string][] = [
      [["frobnicate"], 'assess: unknown verb "frobnicate" (see assess help)\n'],
      [["Validate"], 'assess: unknown verb "Validate" (see assess help)\n'],
      [["-config", "x", "validate"], 'assess: flag "-config" before a verb (see assess help)\n'],
      [["help", "nope"], 'assess help: no verb "nope" (see assess help)\n'],
      [["help", "validate", "x"], 'assess help: no verb "validate x" (see assess help)\n'],
      [["--help", "x"], "assess: unexpected argument after --help (see assess help)\n"],
      [
        ["validate", "x.yaml"],
        'assess validate: unexpected argument "x.yaml" (see assess help validate)\n',
      ],
      [
        ["validate", "-conf", "x"],
        "assess validate: flag provided but not defined: -conf (see assess help validate)\n",
      ],
      [
        ["validate", "-config"],
        "assess validate: flag needs a value: -config (see assess help validate)\n",
      ],
      [
        ["validate", "-config", "a", "-config", "b"],
        "assess validate: flag given twice: -config (see assess help validate)\n",
      ],
      [["version", "x"], 'assess version: unexpected argument "x" (see assess help version)\n'],
      [
        ["version", "-v"],
        "assess version: flag provided but not defined: -v (see assess help version)\n",
      ],
    ];
    for (const [args, err] of cases) {
      await t.step(args.join(" "), async () => {
        assert.deepEqual(await cli(...args), { code: 64, out: "", err });
      });
    }
  },
);

Deno.test("version prints assess and the version in deno.json", none, async () => {
  assert.deepEqual(await cli("version"), { code: 0, out: `assess ${meta.version}\n`, err: "" });
});

Deno.test("start-up stays light: cli.ts loads no node:crypto and no ajv until a verb needs it", async () => {
  const cli = new URL("../../cli.ts", import.meta.url);
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", cli.pathname],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(output.code, 0, new TextDecoder().decode(output.stderr));
  interface Dep {
    readonly code?: { readonly specifier: string };
    readonly isDynamic?: boolean;
  }
  const info: {
    modules: { specifier: string; dependencies?: Dep[] }[];
    redirects: Record<string, string>;
  } = JSON.parse(new TextDecoder().decode(output.stdout));
  const bySpecifier = new Map(info.modules.map((m) => [m.specifier, m]));
  const resolve = (s: string) => info.redirects[s] ?? s;
  const reached = new Set<string>();
  const todo = [cli.href];
  while (todo.length > 0) {
    const specifier = resolve(todo.pop()!);
    if (reached.has(specifier)) continue;
    reached.add(specifier);
    for (const dep of bySpecifier.get(specifier)?.dependencies ?? []) {
      if (dep.code && !dep.isDynamic) todo.push(dep.code.specifier);
    }
  }
  const heavy = [...reached].filter((s) => s === "node:crypto" || /ajv/.test(s));
  assert.deepEqual(heavy, [], "loaded at start-up: see BENCHMARKS.md, validate");
  assert.ok(reached.has("npm:/js-yaml@5.5.0") || [...reached].some((s) => s.includes("js-yaml")));
});

Deno.test("every verb's usage line names each of its flags", () => {
  for (const verb of VERBS) {
    for (const name of Object.keys(verb.flags ?? {})) {
      assert(
        new RegExp(`(^|[ \\[])-${name}\\b`).test(verb.usage),
        `assess ${verb.name}'s usage line "${verb.usage}" leaves out -${name}`,
      );
    }
  }
});
