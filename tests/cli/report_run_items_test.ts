// What `assess report` says when the configuration it reads is missing: the default one
// (assess.yaml) is named as what the purpose reads, not as something -config named.

import assert from "node:assert/strict";
import { denoIo } from "../../src/cli/deno_io.ts";
import { type ReadFor, runItems } from "../../src/cli/report_run_items.ts";
import { UsageError } from "../../src/cli/usage_error.ts";
import { headerFor } from "../report/_results.ts";

/** The shell, with every file missing. */
const io = {
  ...denoIo(),
  readFile: () => Promise.reject(new Deno.errors.NotFound("no such file")),
};
const header = headerFor("base", ["tuned"], 4);

Deno.test({
  name: "runItems: a missing configuration is named for why it was read",
  permissions: "none",
  fn: async (t) => {
    const cases: { why: ReadFor; config?: string; message: string; hint: RegExp }[] = [
      {
        why: "lenient",
        message: "assess report: assess.yaml cannot be read: there is no such file " +
          "(-scoring lenient reads the run's configuration, assess.yaml unless -config names another)",
        hint: /^ {2}-scoring lenient needs the run's assess\.yaml and its dataset/,
      },
      {
        why: "rescoring",
        message: "assess report: assess.yaml cannot be read: there is no such file " +
          "(re-scoring reads the run's configuration, assess.yaml unless -config names another)",
        hint: /^ {2}re-scoring needs the run's assess\.yaml and dataset; -keep-verdicts/,
      },
      {
        why: "lenient",
        config: "mine.yaml",
        message: "assess report: mine.yaml cannot be read: there is no such file " +
          "(-config names it; see assess help)",
        hint: /^ {2}-scoring lenient needs/,
      },
      {
        why: "config",
        config: "mine.yaml",
        message: "assess report: mine.yaml cannot be read: there is no such file " +
          "(-config names it; see assess help)",
        hint: /^ {2}-config must name the run's assess\.yaml/,
      },
    ];
    for (const c of cases) {
      await t.step(`${c.why}${c.config === undefined ? "" : " with -config"}`, async () => {
        const flags = {
          in: "results.jsonl",
          ...(c.config === undefined ? {} : { config: c.config }),
        };
        await assert.rejects(
          runItems(c.config ?? "assess.yaml", header, flags, c.why, io),
          (e: unknown) => {
            assert(e instanceof UsageError);
            assert.equal(e.message, c.message);
            assert.match(e.lines.at(-1)!, c.hint);
            return true;
          },
        );
      });
    }
  },
});
