/**
 * An item shown whole, as HTML: its query or conversation, the tools offered, the answer key, and
 * each model's reply and verdict (with several samples per item, each sample's, a row each). The
 * outline (`_outline.ts`) folds it in a panel. Private to `src/report/render/`.
 *
 * @module
 */

import type { ItemId } from "../../dataset/item_id.ts";
import { plural } from "../numbers.ts";
import type { ItemPanel, PanelCall, PanelMessage, PanelReply } from "../report.ts";
import { escapeHtml as esc } from "./_markup.ts";
import { printedId } from "./_printable.ts";

/** An item's anchor: `item-` and an integer id, or a string id's JSON text, percent-encoded. */
export function itemAnchor(id: ItemId): string {
  return typeof id === "string" ? esc(`item-${encodeURIComponent(printedId(id))}`) : `item-${id}`;
}

/** Calls, each as `name(arguments)`. */
function callsHtml(calls: readonly PanelCall[]): string {
  return calls.map((c) => `<pre>${esc(c.name)}(${esc(c.arguments)})</pre>`).join("");
}

/** A model's reply and its verdict, as a row of the panel's table. */
function replyRow(r: PanelReply): string {
  let shown: string;
  let judged: string;
  if (r.text === null) {
    shown = "-";
    judged = r.error === null
      ? "never asked"
      : `error: <code>${esc(r.error.kind)}</code> ${esc(r.error.message)}`;
  } else {
    shown = (r.calls.length === 0 ? "" : callsHtml(r.calls)) +
      (r.text === ""
        ? (r.calls.length === 0 ? "<em>an empty reply</em>" : "")
        : `<pre>${esc(r.text)}</pre>`);
    judged = r.verdict === null
      ? (r.error === null
        ? "-"
        : `error: <code>${esc(r.error.kind)}</code> ${esc(r.error.message)}`)
      : `<span class="${r.verdict.correct ? "right" : "wrong"}">${
        r.verdict.correct ? "right" : "wrong"
      }</span>: <code>${esc(r.verdict.reason)}</code> ${esc(r.verdict.detail)}`;
    if (r.rescue !== undefined) {
      judged += `<br><span class="right">right under lenient scoring</span>, rescued by ${
        r.rescue.rules.map((rule) => `<code>${esc(rule)}</code>`).join(" and ")
      }: ${r.rescue.matches.map((match) => esc(match.detail)).join("; ")}`;
    }
  }
  const who = r.sample === undefined ? esc(r.model) : `${esc(r.model)}, sample ${r.sample}`;
  return `<tr><th>${who}</th><td>${shown}</td><td>${judged}</td></tr>`;
}

/** How many of a conversation's last messages a panel shows open; the earlier ones are folded. */
const SHOWN_MESSAGES = 4;

/** A message of a conversation: its role, its text and its calls. */
function messageHtml(m: PanelMessage): string {
  const text = m.text === "" ? "" : `<pre>${esc(m.text)}</pre>`;
  return `<li><strong>${esc(m.role)}:</strong>${
    m.calls.length === 0 && text === "" ? " <em>no text</em>" : ""
  }${callsHtml(m.calls)}${text}</li>`;
}

/**
 * An item's conversation: its last {@linkcode SHOWN_MESSAGES} messages, and before them, folded
 * in a closed `<details>` whose summary says how many, the earlier ones.
 */
function conversationHtml(messages: readonly PanelMessage[]): string {
  const hidden = Math.max(0, messages.length - SHOWN_MESSAGES);
  const earlier = hidden === 0 ? "" : [
    `<details class="earlier"><summary>${plural(hidden, "earlier message")} hidden (of ${
      plural(messages.length, "message")
    }): show</summary>`,
    `<ol class="messages">${messages.slice(0, hidden).map(messageHtml).join("")}</ol>`,
    "</details>",
  ].join("\n");
  return [
    `<p><strong>conversation</strong> (${
      hidden === 0
        ? plural(messages.length, "message")
        : `the last ${SHOWN_MESSAGES} of ${plural(messages.length, "message")}`
    }, before the answer):</p>`,
    earlier,
    `<ol class="messages" start="${hidden + 1}">${
      messages.slice(hidden).map(messageHtml).join("")
    }</ol>`,
  ].filter((x) => x !== "").join("\n");
}

/** The answer key: its calls, or no call; and its text, where the dataset gives one. */
function answerKeyHtml(p: ItemPanel): string {
  return (p.answer.length === 0 ? "<em>no call</em>" : callsHtml(p.answer)) +
    (p.answerText === null ? "" : `<pre>${esc(p.answerText)}</pre>`);
}

/**
 * An item whole: its query (for an item with its own messages, its conversation), the tools
 * offered, the key and each model's reply and verdict.
 */
export function panelHtml(p: ItemPanel): string {
  return [
    // The anchor a link to the item goes to: a browser opens the closed <details> around it.
    `<span id="${itemAnchor(p.itemId)}"></span>`,
    '<div class="panel">',
    p.conversation === null
      ? `<p class="query"><strong>query:</strong> ${esc(p.query)}</p>`
      : conversationHtml(p.conversation),
    `<p><strong>category:</strong> <code>${esc(p.category)}</code></p>`,
    `<p><strong>tools offered:</strong> ${
      p.tools.length === 0 ? "none" : p.tools.map((t) => `<code>${esc(t)}</code>`).join(", ")
    }</p>`,
    "<table>",
    "<thead><tr><th></th><th>calls or text</th><th>verdict</th></tr></thead>",
    "<tbody>",
    `<tr><th>answer key</th><td>${answerKeyHtml(p)}</td><td>-</td></tr>`,
    ...p.replies.map(replyRow),
    "</tbody>",
    "</table>",
    "</div>",
  ].join("\n");
}
