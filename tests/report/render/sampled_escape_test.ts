/**
 * The sampled report's Markdown and HTML under hostile texts: each payload of the one-sample
 * report's escape tests (issue 23) in every model name and the split seed makes no element, and
 * reads back as it was (after the escapes of `oneLine`) in the title, a table cell and a heading;
 * a bidirectional control is never printed raw.
 */

import assert from "node:assert/strict";
import MarkdownIt from "markdown-it";
import {
  renderSampledHtml,
  renderSampledMarkdown,
  renderSampledText,
} from "../../../src/report/render/sampled.ts";
import { sampledReportFromResults } from "../../../src/report/sampled_report.ts";
import { oneLine } from "../../../src/text/one_line.ts";
import { headerFor, type Planned } from "../_results.ts";
import { sampledGoldenResults } from "../_sampled_results.ts";
import { PAYLOADS } from "../_hostile.ts";

const markdownIt = new MarkdownIt({ html: true });

/** Text with its tags dropped and its character references decoded. */
function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, "").replace(
    /&(#x[0-9a-f]+|#[0-9]+|lt|gt|amp|quot|apos);/gi,
    (_, ref: string) =>
      ref[0] !== "#"
        ? ({ lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" } as Record<string, string>)[
          ref.toLowerCase()
        ]!
        : String.fromCodePoint(
          ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)),
        ),
  );
}

/** The contents of every `<name>` element. */
function contents(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<${name}(?: [^>]*)?>([\\s\\S]*?)</${name}>`, "g"))]
    .map((m) => m[1]!);
}

/** The report of the golden plan with `payload` in every model name and the split seed. */
async function hostile(payload: string) {
  const names = ["base", "tuned-a", "tuned-b"].map((n) => `${n}${payload}`);
  const plan = (i: number, s: number): Planned => ((i + s) % 3 === 0 ? "match" : "arguments");
  const header = headerFor(names[0]!, names.slice(1), 40, {});
  const { bytes } = sampledGoldenResults(
    { split: { ...header.split, seed: `seed${payload}` } },
    Object.fromEntries(names.map((n) => [n, plan])),
  );
  return { names, report: await sampledReportFromResults(bytes) };
}

Deno.test({
  name: "sampled Markdown and HTML: hostile names and seeds make no element and read as they were",
  permissions: "none",
  fn: async (t) => {
    for (const payload of [...PAYLOADS, "a\u202eb"]) {
      await t.step(JSON.stringify(payload), async () => {
        const { names, report } = await hostile(payload);
        for (
          const [format, html, escape] of [
            ["markdown", markdownIt.render(renderSampledMarkdown(report)), oneLine],
            // HTML keeps a text's line breaks, as the one-sample page does.
            [
              "html",
              renderSampledHtml(report),
              (x: string) => x.split("\n").map(oneLine).join("\n"),
            ],
          ] as const
        ) {
          const shown = names.map(escape);
          const title = `assess report: ${shown[1]}, ${shown[2]} against ${shown[0]}, 4 samples ` +
            "per item";
          assert.doesNotMatch(html, /<img|<script|<a /i, format);
          assert.doesNotMatch(html, /[\u202a-\u202e\u2066-\u2069]/, format);
          assert.deepEqual(contents(html, "h1").map(textOf), [title], format);
          const cells = contents(html, "td").map(textOf);
          for (const name of shown) assert.ok(cells.includes(name), `${format}: cell ${name}`);
          assert.ok(
            contents(html, "p").map(textOf).some((p) =>
              p.includes(`split seed seed${escape(payload)}`)
            ),
            `${format}: the seed`,
          );
          assert.ok(
            contents(html, "h3").map(textOf).includes(
              `${shown[1]} against ${shown[0]} by category (Holm across the categories with items)`,
            ),
            `${format}: a heading`,
          );
          for (const table of contents(html, "table")) {
            const widths = contents(table, "tr").map((row) =>
              [...row.matchAll(/<t[dh][ >]/g)].length
            );
            assert.ok(widths.every((w) => w === widths[0]), `${format}: ${widths.join(", ")}`);
          }
        }
        const text = renderSampledText(report);
        assert.doesNotMatch(text, /[\u202a-\u202e\u2066-\u2069]/);
        // The title wrapped at 100 columns, its lines joined again.
        assert.ok(
          text.replace(/\n {2}/g, " ").startsWith(`assess report: ${oneLine(names[1]!)}, `),
          text.slice(0, 80),
        );
      });
    }
  },
});
