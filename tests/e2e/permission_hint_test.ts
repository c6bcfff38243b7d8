import assert from "node:assert/strict";

const MODULE = new URL("../../src/cli/permission_hint.ts", import.meta.url).href;

/** What the hints say in a process given exactly `permissions`. */
async function hintsUnder(permissions: string[]): Promise<unknown> {
  const dir = await Deno.makeTempDir();
  try {
    const probe = `${dir}/probe.ts`;
    await Deno.writeTextFile(
      probe,
      `import { netRefusal } from ${JSON.stringify(MODULE)};
const flag = (url) => netRefusal([url])?.message.match(/\\(give deno (.*)\\)$/)[1] ?? null;
console.log(JSON.stringify({
  https: flag("https://vllm.example/v1"),
  http: flag("http://vllm.example/v1"),
  port: flag("http://127.0.0.1:8000/v1"),
  refusal: netRefusal(["https://vllm.example/v1", "http://127.0.0.1:8000/v1"])?.message ?? null,
}));
`,
    );
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--quiet", "--no-config", ...permissions, probe],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert(out.success, new TextDecoder().decode(out.stderr));
    return JSON.parse(new TextDecoder().decode(out.stdout));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("a URL on its scheme's default port is allowed by --allow-net=HOST:443, as the README writes it", async () => {
  assert.deepEqual(await hintsUnder(["--allow-net=vllm.example:443,127.0.0.1:8000"]), {
    https: null,
    http: "--allow-net=vllm.example:80",
    port: null,
    refusal: null,
  });
  // Without a port, Deno allows every port of the host.
  assert.deepEqual(await hintsUnder(["--allow-net=vllm.example"]), {
    https: null,
    http: null,
    port: "--allow-net=127.0.0.1:8000",
    refusal:
      "assess was not allowed to connect to the server (give deno --allow-net=127.0.0.1:8000)",
  });
  // Nothing allowed: the flag names each host with its port, the default one written out.
  assert.deepEqual(await hintsUnder([]), {
    https: "--allow-net=vllm.example:443",
    http: "--allow-net=vllm.example:80",
    port: "--allow-net=127.0.0.1:8000",
    refusal: "assess was not allowed to connect to the servers (give deno " +
      "--allow-net=vllm.example:443,127.0.0.1:8000)",
  });
});
