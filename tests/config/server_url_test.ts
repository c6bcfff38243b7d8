import assert from "node:assert/strict";
import { check, edit, lines, WHOLE } from "./_fixtures.ts";

const none = { permissions: "none" } as const;

function withUrl(url: string, insecure = false): string {
  return edit(
    WHOLE,
    ["  url: http://127.0.0.1:8000/v1", `  url: ${JSON.stringify(url)}`],
    ["  insecure: false", `  insecure: ${insecure}`],
  );
}

const PLAIN =
  "must use https://, or name 127.0.0.1, ::1 or localhost, unless server.insecure is true";
const V1 = "must end in /v1, with nothing after it";

Deno.test("server.url: accepted", none, async (t) => {
  const accepted: [string, boolean][] = [
    ["http://127.0.0.1:8000/v1", false],
    ["http://localhost:8000/v1", false],
    ["http://LOCALHOST/v1", false],
    ["http://[::1]:8000/v1", false],
    ["https://vllm.example.com/v1", false],
    ["https://vllm.example.com:8443/proxy/v1", false],
    ["HTTPS://vllm.example.com/v1", false],
    ["http://10.0.0.7:8000/v1", true],
  ];
  for (const [url, insecure] of accepted) {
    await t.step(`${url}${insecure ? " (insecure)" : ""}`, () => {
      const { config, issues } = check(withUrl(url, insecure));
      assert.deepEqual(issues, []);
      assert.equal(config?.server.url, url);
    });
  }
});

Deno.test("server.url: refused, without repeating the URL", none, async (t) => {
  const refused: [string, boolean, string[]][] = [
    ["http://10.0.0.7:8000/v1", false, [PLAIN]],
    ["http://vllm.internal/v1", false, [PLAIN]],
    ["http://127.0.0.2:8000/v1", false, [PLAIN]],
    ["ftp://127.0.0.1/v1", false, ["must be an http:// or https:// URL"]],
    ["127.0.0.1:8000/v1", false, ["must be an http:// or https:// URL"]],
    [" http://127.0.0.1:8000/v1", false, ["must be an http:// or https:// URL"]],
    ["http:///v1", false, ["must name a host"]],
    ["https://:8000/v1", false, ["must name a host"]],
    ["http://127.0.0.1:8000", false, [V1]],
    ["http://127.0.0.1:8000/", false, [V1]],
    ["http://127.0.0.1:8000/v1/", false, [V1]],
    ["http://127.0.0.1:8000/v1/chat/completions", false, [V1]],
    ["http://127.0.0.1:8000/v2", false, [V1]],
    ["http://127.0.0.1:8000/xv1", false, [V1]],
    ["http://127.0.0.1:8000/v1?key=sk-secret", false, ["must hold no query"]],
    ["http://127.0.0.1:8000/v1?", false, ["must hold no query"]],
    ["http://127.0.0.1:8000/v1#top", false, ["must hold no fragment"]],
    [
      "https://user:sk-secret@vllm.example.com/v1",
      false,
      ["must hold no credentials: the API key is read from the VLLM_API_KEY environment variable"],
    ],
    [
      "http://sk-secret@10.0.0.7/v1?x#y",
      false,
      [
        "must hold no credentials: the API key is read from the VLLM_API_KEY environment variable",
        "must hold no fragment",
        "must hold no query",
        PLAIN,
      ],
    ],
    ["https://vllm.example.com:99999/v1", false, ["is not a URL that can be read"]],
  ];
  for (const [url, insecure, problems] of refused) {
    await t.step(url, () => {
      const { config, issues } = check(withUrl(url, insecure));
      assert.equal(config, undefined);
      assert.deepEqual(lines(issues), problems.map((p) => `server.url: ${p}`));
      for (const line of lines(issues)) {
        assert.ok(!line.includes(url.trim()), `the refusal repeats the URL: ${line}`);
        assert.ok(!line.includes("sk-secret"), `the refusal repeats a secret: ${line}`);
      }
    });
  }
  await t.step("a URL that is not text", () => {
    const text = edit(WHOLE, ["  url: http://127.0.0.1:8000/v1", "  url: 8000"]);
    assert.deepEqual(lines(check(text).issues), ["server.url: got integer, want string"]);
  });
});
