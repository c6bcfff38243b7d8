import assert from "node:assert/strict";
import type { Block } from "../../../src/report/render/_outline.ts";
import { printHtml } from "../../../src/report/render/html.ts";
import { printMarkdown } from "../../../src/report/render/markdown.ts";
import { printText } from "../../../src/report/render/text.ts";

// One block of each kind, marked up as plain words so that the three printers can share them.
const BLOCKS: readonly Block[] = [
  { kind: "heading", level: 1, text: "assess report: a against b" },
  { kind: "notice", label: "Incomplete run", tone: "warn", text: "1 of 2 pairs", id: "incomplete" },
  { kind: "notice", label: "Note", tone: "note", text: "a note" },
  { kind: "heading", level: 2, text: "Trust", id: "trust" },
  { kind: "paragraph", text: "x y", indent: 2, lead: "key    ", hang: 11, className: "caption" },
  { kind: "list", items: ["one", { text: "two", items: ["2a"] }, { text: "three", caption: "c" }] },
  {
    kind: "table",
    table: { headings: ["m", "n"], numeric: [false, true], rows: [["a", "1"]] },
    gap: true,
  },
  { kind: "table", table: { headings: ["", ""], numeric: [false, false], rows: [["k", "v"]] } },
  { kind: "figure", html: "<svg></svg>" },
  { kind: "panel", summary: "2 items <b>", blocks: [{ kind: "paragraph", text: "1, 2" }] },
  { kind: "panel", summary: "s", className: "item", blocks: [{ kind: "list", items: ["i"] }] },
];

Deno.test({
  name: "printText: each block kind as text, figures left out, a panel open",
  permissions: "none",
  fn: () => {
    assert.equal(
      printText(BLOCKS),
      [
        "assess report: a against b",
        "INCOMPLETE RUN: 1 of 2 pairs",
        "note: a note",
        "",
        "Trust",
        "  key    x y",
        "  one",
        "  two",
        "    2a",
        "  three",
        "    c",
        "",
        "  m  n",
        "  a  1",
        "  k  v",
        "1, 2",
        "  i",
        "",
      ].join("\n"),
    );
  },
});

Deno.test({
  name: "printText: a paragraph wraps at 100 columns under its hang, its lead never parted",
  permissions: "none",
  fn: () => {
    const words = Array.from({ length: 30 }, (_, i) => `w${i}`);
    const lines = printText([{
      kind: "paragraph",
      text: words.join(" "),
      indent: 2,
      lead: "label: ",
      hang: 6,
    }]).split("\n");
    assert.ok(lines.every((line) => line.length <= 100), lines.join("\n"));
    assert.match(lines[0]!, /^ {2}label: w0 w1/);
    assert.match(lines[1]!, /^ {6}w\d/);
  },
});

Deno.test({
  name: "printMarkdown: each block after a blank line, a panel as <details>, its summary escaped",
  permissions: "none",
  fn: () => {
    assert.equal(
      printMarkdown(BLOCKS),
      [
        "# assess report: a against b",
        "",
        "> **Incomplete run:** 1 of 2 pairs",
        "",
        "> **Note:** a note",
        "",
        "## Trust",
        "",
        "x y",
        "",
        "- one",
        "- two",
        "  - 2a",
        "- three",
        "  - c",
        "",
        "| m | n |",
        "| --- | ---: |",
        "| a | 1 |",
        "",
        "|  |  |",
        "| --- | --- |",
        "| k | v |",
        "",
        "<details>",
        "<summary>2 items &#60;b&#62;</summary>",
        "",
        "1, 2",
        "",
        "</details>",
        "",
        "<details>",
        "<summary>s</summary>",
        "",
        "- i",
        "",
        "</details>",
        "",
      ].join("\n"),
    );
  },
});

Deno.test({
  name: "printHtml: one page, anchors and classes from the blocks, a panel as <details>",
  permissions: "none",
  fn: () => {
    const html = printHtml(BLOCKS);
    assert.match(html, /^<!doctype html>\n/);
    assert.match(html, /<title>assess report: a against b<\/title>/);
    const body = html.slice(html.indexOf("<body>\n") + "<body>\n".length);
    assert.equal(
      body,
      [
        "<h1>assess report: a against b</h1>",
        '<p class="warn" id="incomplete"><strong>Incomplete run:</strong> 1 of 2 pairs</p>',
        '<p class="note"><strong>Note:</strong> a note</p>',
        '<h2 id="trust">Trust</h2>',
        '<p class="caption">x y</p>',
        "<ul>",
        "<li>one</li>",
        "<li>two<ul><li>2a</li></ul></li>",
        '<li>three<br><span class="none">c</span></li>',
        "</ul>",
        "<table>",
        '<thead><tr><th>m</th><th class="n">n</th></tr></thead>',
        "<tbody>",
        '<tr><td>a</td><td class="n">1</td></tr>',
        "</tbody>",
        "</table>",
        "<table>",
        "<thead><tr><th></th><th></th></tr></thead>",
        "<tbody>",
        "<tr><td>k</td><td>v</td></tr>",
        "</tbody>",
        "</table>",
        "<svg></svg>",
        "<details><summary>2 items &#60;b&#62;</summary>",
        "<p>1, 2</p></details>",
        '<details class="item"><summary>s</summary>',
        "<ul>",
        "<li>i</li>",
        "</ul>",
        "</details>",
        "</body>",
        "</html>",
        "",
      ].join("\n"),
    );
  },
});
