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
      urls: ["https://gpu.example/v1"],
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
      urls: ["http://127.0.0.1:1/v1"],
      toolCallParser: "m",
      reasoningParser: "env-reasoning",
      urlSource: "manifest",
    });
  });
  await t.step("environment", () => {
    const s = resolveServerSettings({ insecure: false }, { manifest: null, env: env(ENV) });
    assert.deepEqual(s, {
      urls: ["http://localhost:9000/v1"],
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
  // Bytes are decoded strictly: a byte that is not UTF-8 is refused where it is, never repaired.
  const url = new TextEncoder().encode('{"url":"http://127.0.0.1:1/v1"}');
  assert.deepEqual(parseManifest(url, "m.json"), { url: "http://127.0.0.1:1/v1" });
  // A byte order mark before the JSON is dropped (an editor may write one).
  assert.deepEqual(parseManifest(Uint8Array.from([0xef, 0xbb, 0xbf, ...url]), "m.json"), {
    url: "http://127.0.0.1:1/v1",
  });
  // After a byte order mark, a bad byte is named where it is in the file.
  assert.throws(
    () => parseManifest(Uint8Array.from([0xef, 0xbb, 0xbf, ...url.slice(0, 10), 0xff]), "m.json"),
    /^RunSetupError: the serve manifest m\.json is not UTF-8 text: .* at byte 13$/,
  );
  const broken = Uint8Array.from([...url.slice(0, 10), 0xff, ...url.slice(10)]);
  assert.throws(
    () => parseManifest(broken, "m.json"),
    /^RunSetupError: the serve manifest m\.json is not UTF-8 text: .* at byte 10$/,
  );
  assert.throws(
    () => parseManifest('{"toolCallParser": 1}', "m.json"),
    /toolCallParser is not a string/,
  );
});

Deno.test("several URLs: server.urls, the manifest's urls, ASSESS_SERVER_URL with commas", async (t) => {
  const two = ["http://127.0.0.1:8000/v1", "http://127.0.0.1:8001/v1"];
  await t.step("the file's list wins over the manifest's", () => {
    const s = resolveServerSettings({ urls: two, insecure: false }, {
      manifest: { urls: ["http://127.0.0.1:9/v1"] },
      env: env(ENV),
    });
    assert.deepEqual(s.urls, two);
    assert.equal(s.urlSource, "file");
  });
  await t.step("a list of one is that URL, as server.url", () => {
    const s = resolveServerSettings({ urls: [two[1]!], insecure: false }, {
      manifest: null,
      env: env({}),
    });
    assert.deepEqual(s.urls, [two[1]]);
  });
  await t.step("the manifest's urls", () => {
    const s = resolveServerSettings({ insecure: false }, {
      manifest: parseManifest(JSON.stringify({ urls: two }), "m.json"),
      env: env(ENV),
    });
    assert.deepEqual(s.urls, two);
    assert.equal(s.urlSource, "manifest");
  });
  await t.step("the environment: separated by commas, spaces around them ignored", () => {
    const s = resolveServerSettings({ insecure: false }, {
      manifest: null,
      env: env({ [SERVER_ENV.url]: `${two[0]}, ${two[1]}` }),
    });
    assert.deepEqual(s.urls, two);
    assert.equal(s.urlSource, "environment");
  });
  await t.step("a URL refused is named by where it came from and its index, never shown", () => {
    const refused = (file: object, manifest: object | null, values: Record<string, string>) => {
      try {
        resolveServerSettings({ insecure: false, ...file }, {
          manifest: manifest as never,
          env: env(values),
        });
      } catch (error) {
        assert(error instanceof RunSetupError);
        assert.doesNotMatch(error.message, /secret|10\.0\.0\.7/);
        return error.message;
      }
      throw new Error("not refused");
    };
    assert.equal(
      refused({}, null, { [SERVER_ENV.url]: `${two[0]},https://u:secret@x.example/v1` }),
      "ASSESS_SERVER_URL's URL at index 1 is refused: it must hold no credentials: the API key is read from the VLLM_API_KEY environment variable",
    );
    assert.equal(
      refused({}, null, { [SERVER_ENV.url]: `${two[0]},` }),
      "ASSESS_SERVER_URL's URL at index 1 is refused: it must be an http:// or https:// URL",
    );
    assert.equal(
      refused({}, { urls: [two[0], "http://10.0.0.7:8000/v1"] }, {}),
      "the serve manifest's urls[1] is refused: it must use https://, or name 127.0.0.1, ::1 or localhost, unless server.insecure is true",
    );
    assert.equal(
      refused({}, null, { [SERVER_ENV.url]: `${two[0]},${two[1]},${two[0]}` }),
      "ASSESS_SERVER_URL's URL at index 2 is refused: it names the same host and port as the URL at index 0",
    );
    // One URL is refused as it always was, with all its reasons.
    assert.equal(
      refused({}, null, { [SERVER_ENV.url]: "http://10.0.0.7:8000/v1/?secret" }),
      "ASSESS_SERVER_URL is refused: it must hold no query; it must end in /v1, with nothing after it; it must use https://, or name 127.0.0.1, ::1 or localhost, unless server.insecure is true",
    );
  });
  await t.step("the manifest's urls: a list of strings, not empty, not with url", () => {
    const refusal = (text: string) => {
      try {
        parseManifest(text, "m.json");
      } catch (error) {
        assert(error instanceof RunSetupError);
        return error.message;
      }
      throw new Error("not refused");
    };
    assert.equal(
      refusal('{"urls": "x"}'),
      "the serve manifest m.json: urls is not a list of strings",
    );
    assert.equal(
      refusal('{"urls": [1]}'),
      "the serve manifest m.json: urls is not a list of strings",
    );
    assert.equal(refusal('{"urls": []}'), "the serve manifest m.json: urls is empty");
    assert.equal(
      refusal(JSON.stringify({ url: two[0], urls: two })),
      "the serve manifest m.json gives both url and urls: give one",
    );
    assert.deepEqual(parseManifest('{"urls": null, "url": "u"}', "m.json"), { url: "u" });
  });
});
