/**
 * The HTML report under hostile texts (issue 23, defect 9): bidirectional controls from the
 * config, the dataset, the server or a results file are shown as the text and Markdown formats
 * show them (`\u202e`), never raw; and the payloads of the Markdown test make no element here
 * either.
 */

import assert from "node:assert/strict";
import MarkdownIt from "markdown-it";
import { renderHtml } from "../../../src/report/render/html.ts";
import { renderMarkdown } from "../../../src/report/render/markdown.ts";
import { renderText } from "../../../src/report/render/text.ts";
import { oneLine } from "../../../src/text/one_line.ts";
import { hostileNames, hostileReport, PAYLOADS } from "../_hostile.ts";

/** Every bidirectional control: embeddings, overrides, isolates and marks. */
const BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c";
const RAW_BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

/** An HTML text as a reader sees it: tags dropped, character references decoded. */
function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, "").replace(
    /&(#[0-9]+|lt|gt|amp|quot);/g,
    (_, ref: string) =>
      ref[0] === "#"
        ? String.fromCodePoint(Number(ref.slice(1)))
        : ({ lt: "<", gt: ">", amp: "&", quot: '"' } as Record<string, string>)[ref]!,
  );
}

/** The names of the elements and attributes of an HTML text, each once, sorted. */
function markup(html: string): string[] {
  const names = new Set<string>();
  for (const [, name, attributes] of html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g)) {
    names.add(name!.toLowerCase());
    for (const [, attribute] of attributes!.matchAll(/\s([^\s=/>]+)/g)) {
      names.add(`${name!.toLowerCase()} ${attribute!.toLowerCase()}`);
    }
  }
  return [...names].sort();
}

const harmless = hostileReport("x").then((report) => markup(renderHtml(report)));

Deno.test({
  name: "renderHtml: bidirectional controls shown escaped, as text and Markdown show them",
  permissions: "none",
  fn: async () => {
    const report = await hostileReport(BIDI);
    const html = renderHtml(report);
    const raw = RAW_BIDI.exec(html);
    assert.ok(raw === null, `raw U+${raw?.[0].codePointAt(0)?.toString(16)} in the HTML report`);
    const shown = oneLine(BIDI);
    assert.equal(
      shown,
      "\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069" +
        "\\u200e\\u200f\\u061c",
    );
    const { baseline, adapter } = hostileNames(shown);
    const page = textOf(html);
    // A model name, a query and a reply; the same escape in every format.
    for (const text of [baseline, adapter, `query ${shown}`, `reply ${shown}`]) {
      assert.ok(page.includes(text), `the HTML report does not show ${text}`);
    }
    const markdown = textOf(new MarkdownIt({ html: true }).render(renderMarkdown(report)));
    const plain = renderText(report);
    for (const [format, text] of [["markdown", markdown], ["text", plain]] as const) {
      assert.doesNotMatch(text, RAW_BIDI);
      for (const name of [baseline, adapter]) {
        assert.ok(text.includes(name), `${format}: no ${name}`);
      }
    }
  },
});

Deno.test({
  name: "renderHtml: a query's and a reply's line breaks are kept, and no payload makes an element",
  permissions: "none",
  fn: async (t) => {
    for (const payload of PAYLOADS) {
      await t.step(JSON.stringify(payload), async () => {
        const html = renderHtml(await hostileReport(payload));
        // The same elements and attributes as the report of harmless names.
        assert.deepEqual(markup(html), await harmless);
        const { baseline, adapter } = hostileNames(payload);
        const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
        assert.equal(title && textOf(title), `assess report: ${adapter} against ${baseline}`);
        if (payload.includes("\n")) {
          assert.ok(textOf(html).includes(`query ${payload}`), "the query's line break");
          assert.ok(textOf(html).includes(`reply ${payload}`), "the reply's line break");
        }
      });
    }
  },
});

Deno.test({
  name:
    "renderHtml, renderMarkdown, renderText: string ids holding a payload make no element, quoted",
  permissions: "none",
  fn: async (t) => {
    const plain = await hostileReport("x", { stringIds: true });
    const harmlessIds = markup(renderHtml(plain));
    // A string id is shown quoted, and each fixed item's id links to its panel.
    const html = renderHtml(plain);
    const fixed = plain.comparisons[0]!.discordant.fixed;
    assert.ok(fixed.length > 0 && fixed.every((id) => typeof id === "string"));
    for (const id of fixed) {
      const anchor = `item-${encodeURIComponent(JSON.stringify(id))}`;
      assert.ok(html.includes(`<a href="#${anchor}">`), `no link to ${anchor}`);
      assert.ok(html.includes(`<span id="${anchor}"></span>`), `no panel ${anchor}`);
    }
    assert.ok(renderText(plain).includes(JSON.stringify(fixed[0])), "the text report quotes ids");
    for (const payload of PAYLOADS) {
      await t.step(JSON.stringify(payload), async () => {
        const report = await hostileReport(payload, { stringIds: true });
        assert.deepEqual(markup(renderHtml(report)), harmlessIds);
        const md = new MarkdownIt({ html: true }).render(renderMarkdown(report));
        assert.deepEqual(
          markup(md),
          markup(new MarkdownIt({ html: true }).render(renderMarkdown(plain))),
        );
        // An id's line break is written as an escape, never a break.
        if (payload.includes("\n")) assert.ok(!renderText(report).includes(`id ${payload}`));
      });
    }
  },
});
