import assert from "node:assert/strict";
import { parseManifest, resolveServerSettings, SERVER_ENV } from "../../src/run/server_settings.ts";
import { RunSetupError } from "../../src/run/run_errors.ts";

const ENV = {
  [SERVER_ENV.url]: "http://localhost:9000/v1",
  [SERVER_ENV.toolCallParser]: "env-parser",
  [SERVER_ENV.reasoningParser]: "env-reasoning",
};
const env = (values: Record<string, string>) => (name: string) => values[name];

Deno.test("the file wins over the manifest, the manifest over the environment", async (t) => {
  await t.step("file", () => {
    const s = resolveServerSettings(
      { url: "https://gpu.example/v1", toolCallParser: "hermes", insecure: false },
      { manifest: { url: "http://127.0.0.1:1/v1", toolCallParser: "m" }, env: env(ENV) },
    );
    assert.deepEqual(s, {
      url: "https://gpu.example/v1",
      toolCallParser: "hermes",
      reasoningParser: "env-reasoning",
      urlSource: "file",
    });
  });
  await t.step("manifest", () => {
    const s = resolveServerSettings(
      { insecure: false },
      { manifest: { url: "http://127.0.0.1:1/v1", toolCallParser: "m" }, env: env(ENV) },
    );
    assert.deepEqual(s, {
      url: "http://127.0.0.1:1/v1",
      toolCallParser: "m",
      reasoningParser: "env-reasoning",
      urlSource: "manifest",
    });
  });
  await t.step("environment", () => {
    const s = resolveServerSettings({ insecure: false }, { manifest: null, env: env(ENV) });
    assert.deepEqual(s, {
      url: "http://localhost:9000/v1",
      toolCallParser: "env-parser",
      reasoningParser: "env-reasoning",
      urlSource: "environment",
    });
  });
  await t.step("an empty variable is unset", () => {
    const s = resolveServerSettings({ url: "http://127.0.0.1:1/v1", insecure: false }, {
      manifest: null,
      env: env({ [SERVER_ENV.toolCallParser]: "" }),
    });
    assert.equal(s.toolCallParser, null);
  });
});

Deno.test("no URL anywhere, or a refused one, is a setup error that names the source, not the URL", () => {
  assert.throws(
    () => resolveServerSettings({ insecure: false }, { manifest: null, env: env({}) }),
    (e) => e instanceof RunSetupError && /no server URL.*ASSESS_SERVER_URL/.test(e.message),
  );
  const secret = "http://user:hunter2@gpu.example/v1";
  assert.throws(
    () =>
      resolveServerSettings({ insecure: false }, {
        manifest: null,
        env: env({ [SERVER_ENV.url]: secret }),
      }),
    (e) =>
      e instanceof RunSetupError && e.message.startsWith("ASSESS_SERVER_URL is refused") &&
      !e.message.includes("hunter2"),
  );
  assert.throws(
    () =>
      resolveServerSettings({ insecure: false }, {
        manifest: { url: "http://gpu.example/v1" },
        env: env({}),
      }),
    /the serve manifest's url is refused: it must use https:\/\//,
  );
});

Deno.test("a manifest is a JSON object; the members read must be strings", () => {
  assert.deepEqual(
    parseManifest('{"url":"http://127.0.0.1:1/v1","reasoningParser":null,"x":1}', "m.json"),
    { url: "http://127.0.0.1:1/v1" },
  );
  assert.throws(() => parseManifest("[]", "m.json"), /m.json is not a JSON object/);
  assert.throws(() => parseManifest("{", "m.json"), /m.json is not JSON/);
  assert.throws(
    () => parseManifest('{"toolCallParser": 1}', "m.json"),
    /toolCallParser is not a string/,
  );
});
