import assert from "node:assert/strict";
import { RUN_ENV_NAMES } from "./run/_fixtures.ts";
import { leakPermissions } from "./support/permissions.ts";
import { spawnCli } from "./e2e/_spawn.ts";

const root = new URL("../", import.meta.url);

Deno.test("the README's program with its own scorer is the tested fixture, as it is", async () => {
  const readme = await Deno.readTextFile(new URL("README.md", root));
  const fixture = await Deno.readTextFile(new URL("tests/score/fixtures/own_scorer.ts", root));
  const block = readme.match(/```ts ignore\n([\s\S]*?)\n```/);
  assert(block, "README.md has no ```ts ignore block");
  assert.equal(block[1], fixture.trimEnd());
});

Deno.test("the README's quick start is exactly the two commands, and both tasks exist", async () => {
  const readme = await Deno.readTextFile(new URL("README.md", root));
  const quick = readme.split("## Quick start")[1]?.match(/```sh\n([\s\S]*?)\n```/);
  assert(quick, "README.md has no quick start block");
  assert.deepEqual((quick[1] ?? "").split("\n"), [
    "npx -y deno@2.9.6 task demo",
    "npx -y deno@2.9.6 task test",
  ]);
  const tasks = JSON.parse(await Deno.readTextFile(new URL("deno.json", root))).tasks;
  assert.equal(typeof tasks.demo, "string");
  assert.equal(typeof tasks.test, "string");
  const ci = await Deno.readTextFile(new URL(".ci/run", root));
  assert.match(ci, /^npx -y deno@2\.9\.6 task test/m);
});

Deno.test("the run's --allow-env list in the README and the tasks is what assess run reads", async () => {
  const allow = `--allow-env=${RUN_ENV_NAMES}`;
  const readme = await Deno.readTextFile(new URL("README.md", root));
  assert(readme.includes(allow), `README.md does not give ${allow}`);
  const tasks = JSON.parse(await Deno.readTextFile(new URL("deno.json", root))).tasks;
  assert(tasks.assess.includes(allow), "the assess task");
  assert(tasks.compile.includes(allow), "the compile task");
});

Deno.test("the README's permissions for assess leak are the ones its tests and the demo run with", async () => {
  const readme = await Deno.readTextFile(new URL("README.md", root));
  const row = readme.split("\n").find((l) => l.startsWith("| `leak` "));
  assert(row, "README.md has no permissions row for leak");
  const flags = leakPermissions("assess.yaml", "DATASET", "split.json", "FILE").join(" ");
  assert.equal(row.split("|")[2]!.trim(), `\`${flags}\``);
  const cli = await Deno.readTextFile(new URL("reference/cli.md", root));
  const generic = leakPermissions("<config>", "<dataset>", "<split>", "<training file>").join(" ");
  assert(
    cli.includes(`| \`leak\`     | \`${generic}\``),
    `reference/cli.md does not give ${generic}`,
  );
});

Deno.test("assess help VERB names the permissions the README's table gives each verb", async () => {
  const { VERBS } = await import("../src/cli/main.ts");
  const readme = await Deno.readTextFile(new URL("README.md", root));
  const table = readme.split("## Permissions")[1]!.split("\n## ")[0]!;
  for (const verb of VERBS) {
    const row = table.split("\n").find((l) => l.startsWith(`| \`${verb.name}\``));
    assert(row !== undefined, `README.md's Permissions table has no row for ${verb.name}`);
    const cell = row.split("|")[2]!.trim();
    assert(
      cell === verb.permissions || cell.startsWith(`\`${verb.permissions}\``),
      `${verb.name}: the README says ${cell}, assess help says ${verb.permissions}`,
    );
  }
});

Deno.test("the README's GitHub Actions gate step fails on 1 and 3, warns on 2, passes on 0", async () => {
  const readme = await Deno.readTextFile(new URL("README.md", root));
  const step = readme.match(/- name: assess gate\n {2}run: \|\n((?: {4}.*\n)+)/);
  assert(step, "README.md has no GitHub Actions gate step");
  const script = step[1]!.split("\n").map((l) => l.slice(4)).join("\n");
  const command = "deno run --allow-read=results.jsonl cli.ts report -in results.jsonl -gate";
  assert(script.includes(command), "the step runs assess report -gate");
  // The command stands in for assess exiting with GATE; GitHub runs `bash -e` (errexit).
  const stubbed = script.replace(command, 'sh -c "exit $GATE"');
  for (const [gate, code, warns] of [[0, 0, false], [1, 1, false], [2, 0, true], [3, 3, false]]) {
    const out = await new Deno.Command("bash", {
      args: ["-e", "-c", stubbed],
      env: { GATE: String(gate) },
      stdout: "piped",
    }).output();
    assert.equal(out.code, code, `exit ${gate}`);
    assert.equal(new TextDecoder().decode(out.stdout).startsWith("::warning "), warns);
  }
});

Deno.test("the refusal the README and the reference pages show is what assess validate prints for testdata/refusal", async () => {
  const dir = new URL("reference/testdata/refusal/", root).pathname;
  const ran = await spawnCli(dir, [`--allow-read=${dir}`], ["validate"]);
  assert.equal(ran.code, 64, ran.err);
  const refusals = (text: string, after: string) => {
    const at = text.indexOf(after);
    assert.ok(at >= 0, `no ${JSON.stringify(after)}`);
    const lines = text.slice(at + after.length).split("\n");
    return lines.slice(0, lines.indexOf("$ echo $?")).join("\n") + "\n";
  };
  const page = async (name: string) => await Deno.readTextFile(new URL(name, root));
  const printed = ran.err.replace(/^assess\.yaml refused:\n/, "");
  assert.notEqual(printed, ran.err);
  assert.equal(
    refusals(
      await page("README.md"),
      "$ assess validate -config reference/testdata/refusal/assess.yaml\n" +
        "reference/testdata/refusal/assess.yaml refused:\n",
    ),
    printed,
  );
  assert.equal(
    refusals(await page("reference/cli.md"), "$ cd testdata/refusal && assess validate\n"),
    ran.err,
  );
  assert.equal(
    refusals(await page("reference/assess-yaml.md"), "$ assess validate\nassess.yaml refused:\n"),
    printed,
  );
});

Deno.test("the README's other model family: the vllm serve line reference/run.md gives for it, the parser its assess.yaml names, the demo's", async () => {
  const { LLAMA_SERVE } = await import("./support/demo.ts");
  const readme = await Deno.readTextFile(new URL("README.md", root));
  const section = readme.split("### A model family other than hermes")[1]?.split("\n## ")[0];
  assert(section, "README.md has no section on another model family");
  const serve = section.match(/```sh\n(vllm serve [^\n]*)\n```/)?.[1];
  assert.equal(serve, LLAMA_SERVE, "the README's vllm serve line is the demo's");
  const parser = /--tool-call-parser (\S+)/.exec(LLAMA_SERVE)![1]!;
  const yaml = section.match(/```yaml\n([\s\S]*?)\n```/)?.[1];
  assert.equal(yaml, `server:\n  url: http://127.0.0.1:8000/v1\n  toolCallParser: ${parser}`);
  const run = await Deno.readTextFile(new URL("reference/run.md", root));
  const row = run.split("\n").find((l) => l.startsWith(`| \`${parser}\``));
  assert(row, `reference/run.md has no row for ${parser}`);
  assert.equal(row.split("|")[2]!.trim(), `\`${LLAMA_SERVE}\``);
});
