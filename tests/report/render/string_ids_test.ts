import assert from "node:assert/strict";
import { renderHtml } from "../../../src/report/render/html.ts";
import { renderMarkdown } from "../../../src/report/render/markdown.ts";
import { renderText } from "../../../src/report/render/text.ts";
import { hostileReport } from "../_hostile.ts";

// A string id is escaped once: the report's texts are made one-line first, and the id's quoting
// must not escape that escape again ("a\nb" shown as "a\\nb" was the bug).
Deno.test("text and Markdown reports show a string id's line break, ESC and quotes escaped once", async () => {
  for (
    const [payload, text, markdown] of [
      ["a\nb", '"id a\\nb 6"', '"id a\\\\nb 6"'],
      ["\u001b[2J", '"id \\u001b[2J 6"', '"id \\\\u001b\\[2J 6"'],
      ['say "hi"', '"id say \\"hi\\" 6"', '"id say \\\\"hi\\\\" 6"'],
    ]
  ) {
    const report = await hostileReport(payload!, { stringIds: true });
    const t = renderText(report);
    assert.ok(t.includes(text!), `text: ${text} in\n${t}`);
    assert.ok(!t.includes(text!.replaceAll("\\", "\\\\")), `text escapes twice: ${text}`);
    const md = renderMarkdown(report);
    assert.ok(md.includes(markdown!), `markdown: ${markdown}`);
    assert.ok(!md.includes(markdown!.replaceAll("\\\\", "\\\\\\\\")), `markdown escapes twice`);
  }
});

Deno.test("HTML: a string id's link and anchor agree, its ESC shown escaped once", async () => {
  const html = renderHtml(await hostileReport("\u001b[2J", { stringIds: true }));
  assert.ok(html.includes("id \\u001b[2J 6"));
  assert.ok(!html.includes("\\\\u001b"));
  const hrefs = [...html.matchAll(/href="#(item-[^"]*)"/g)].map((m) => m[1]!);
  assert.ok(hrefs.length > 0);
  for (const href of hrefs) assert.ok(html.includes(`id="${href}"`), href);
});
