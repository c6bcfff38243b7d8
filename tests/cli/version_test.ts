import assert from "node:assert/strict";
import { recordedVersion, versionLine } from "../../src/cli/verb_version.ts";

Deno.test("a build that recorded no version prints assess unknown", () => {
  for (const manifest of [{}, { version: "" }, { version: 1 }, { version: null }]) {
    assert.equal(versionLine(recordedVersion(manifest)), "assess unknown");
  }
  assert.equal(versionLine(recordedVersion({ version: "0.1.0" })), "assess 0.1.0");
});
