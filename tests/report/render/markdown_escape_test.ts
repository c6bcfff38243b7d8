/**
 * The Markdown report under hostile texts (issue 23, defect 4): each payload in every text from
 * outside, the report rendered to HTML by markdown-it (a CommonMark renderer with GitHub's
 * tables, raw HTML allowed as GitHub's renderer allows it before its sanitizer), and the HTML
 * read back: only the elements the report writes, no attribute but a table cell's alignment, and
 * every text shown as it was (after the escapes of `oneLine`) in each context it lands in: a
 * heading, inline code, a table cell, a `<summary>` line in an HTML block.
 */

import assert from "node:assert/strict";
import MarkdownIt from "markdown-it";
import { renderMarkdown } from "../../../src/report/render/markdown.ts";
import { oneLine } from "../../../src/text/one_line.ts";
import { hostileNames, hostileReport, PAYLOADS } from "../_hostile.ts";

const markdownIt = new MarkdownIt({ html: true });

/** The elements the Markdown report is made of, once rendered. */
const ALLOWED = new Set([
  "h1",
  "h2",
  "h3",
  "p",
  "ul",
  "li",
  "blockquote",
  "strong",
  "em",
  "code",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "details",
  "summary",
]);

/** Text with the character references an HTML renderer writes decoded. */
function decode(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#[0-9]+|lt|gt|amp|quot|apos);/gi, (_, ref: string) => {
    const named: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
    if (ref[0] !== "#") return named[ref.toLowerCase()]!;
    return String.fromCodePoint(
      ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)),
    );
  });
}

/** An element's text as a reader sees it: its tags dropped, its references decoded. */
function textOf(html: string): string {
  return decode(html.replace(/<[^>]*>/g, ""));
}

/** Each tag of an HTML text: its name and its attributes as written. */
function tags(html: string): { name: string; attributes: string }[] {
  return [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g)].map((m) => ({
    name: m[1]!.toLowerCase(),
    attributes: m[2]!.trim(),
  }));
}

/** The contents of every `<name>` element, in order. */
function contents(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<${name}(?: [^>]*)?>([\\s\\S]*?)</${name}>`, "g"))].map((
    m,
  ) => m[1]!);
}

Deno.test({
  name: "renderMarkdown: hostile texts in every context make no element and read as they were",
  permissions: "none",
  fn: async (t) => {
    for (const payload of PAYLOADS) {
      await t.step(JSON.stringify(payload), async () => {
        const md = renderMarkdown(await hostileReport(payload));
        const html = markdownIt.render(md);
        const shown = oneLine(payload);
        const { baseline, adapter } = hostileNames(shown);
        // Only the report's own elements, and no attribute but a numeric column's alignment.
        for (const tag of tags(html)) {
          assert.ok(ALLOWED.has(tag.name), `<${tag.name} ${tag.attributes}>`);
          assert.ok(
            tag.attributes === "" || tag.attributes === 'style="text-align:right"',
            `<${tag.name} ${tag.attributes}>`,
          );
        }
        assert.doesNotMatch(html, /<img|<script|<a /i);
        // The title, as it was.
        assert.deepEqual(contents(html, "h1").map(textOf), [
          `assess report: ${adapter} against ${baseline}`,
        ]);
        // The split seed, as inline code in a sentence and in a table cell.
        const run = textOf(contents(html, "p")[0]!);
        assert.ok(run.includes(`(split seed seed${shown}),`), run);
        assert.ok(
          contents(html, "td").map(textOf).some((c) => c.includes(`(seed seed${shown}, 12 items)`)),
          "the trust table's split row",
        );
        // A reason from the results file: inline code in a table cell, and in a list item.
        const cells = contents(html, "td").map(textOf);
        assert.ok(cells.includes(`reason${shown}`), `no cell reason${shown}`);
        assert.ok(
          contents(html, "li").map(textOf).some((l) =>
            l.startsWith(`item 8 (single), reason${shown}: detail ${shown}`)
          ),
          "the disputed item's line",
        );
        // A replica's host: inline code in a table cell.
        assert.ok(cells.includes(`host${shown}:8000`), `no cell host${shown}:8000`);
        // Model names in an HTML block's summary line, and in headings.
        assert.ok(
          contents(html, "summary").map(textOf).includes(`fixed (only ${adapter} right): 2 items`),
          contents(html, "summary").join("\n"),
        );
        assert.ok(contents(html, "h2").map(textOf).includes(`${adapter} against ${baseline}`));
        // Every table row has its heading's cells: a pipe in a name split none.
        for (const table of contents(html, "table")) {
          const widths = contents(table, "tr").map((row) =>
            tags(row).filter((x) => x.name === "td" || x.name === "th").length / 2
          );
          assert.ok(widths.every((w) => w === widths[0]), `cells per row: ${widths.join(", ")}`);
        }
        // The errors' line and the probe's differences: text in a list item.
        const items = contents(html, "li").map(textOf);
        // (The errors' line holds a list of the errors, the first of them its end here.)
        assert.ok(
          items.some((l) =>
            l.startsWith(`${adapter}: 1 error (timeout 1)`) &&
            l.endsWith(`timeout ×1: error ${shown}`)
          ),
          "the errors' line",
        );
        assert.ok(
          items.includes(`${adapter} item 3 on host${shown}:8000: differs ${shown}`),
          "the probe's line",
        );
      });
    }
  },
});
