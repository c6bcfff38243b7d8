/**
 * How each renderer marks text up: the shared tables and sections are built once, as cells and
 * sentences, through a {@linkcode Markup}, and each format brings its own. Private to
 * `src/report/render/`.
 *
 * @module
 */

/** How a renderer marks up the parts of a cell or a sentence. */
export interface Markup {
  /** Plain text, escaped for the format. */
  text(text: string): string;
  /** A name set as code (a reason, a scorer, a digest). */
  code(text: string): string;
  /** A value the user chose (a seed), set apart from the words around it. */
  quote(text: string): string;
  /** Already marked-up text, emphasised (bold; plain text leaves it as it is). */
  strong(markup: string): string;
  /** A word that must not be missed (bold; plain text writes it in capitals). */
  alarm(text: string): string;
}

/**
 * Escapes text for HTML, in text and in attribute values.
 *
 * @param text Any text.
 * @returns The text with `& < > " '` as character references.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Escapes text for a Markdown line or table cell: backslashes, pipes, markup characters and `&`
 * (which would start a character reference). Not for a line inside an HTML block, where a
 * backslash escapes nothing: there, {@linkcode escapeHtml}.
 *
 * @param text Any text, on one line.
 * @returns The text with each such character escaped by a backslash.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]<>|#&~]/g, (c) => `\\${c}`);
}

/**
 * Text as Markdown inline code, shown as it is, in a sentence or a table cell alike. Nothing can
 * be escaped inside a code span, so its fence is one backtick longer than the longest run of
 * backticks inside, with a space inside each end where the text begins or ends with a backtick
 * or a space (CommonMark takes one off each end). A pipe would end a table cell, and escaped
 * inside a code span it shows its backslash outside a table: the text is split at each pipe
 * into code spans with an escaped pipe between them.
 *
 * @param text Any text, on one line.
 * @returns The Markdown.
 */
export function markdownCode(text: string): string {
  return text.split("|").map(codeSpan).join("\\|");
}

/** One code span holding `text` (no pipe), or nothing for an empty text. */
function codeSpan(text: string): string {
  if (text === "") return "";
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(text) && /[^ ]/.test(text) ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Plain text for a terminal: nothing to escape; emphasis only where it must not be missed. */
export const TEXT: Markup = {
  text: (text) => text,
  code: (text) => text,
  quote: (text) => JSON.stringify(text),
  strong: (markup) => markup,
  alarm: (text) => text.toUpperCase(),
};

/** GitHub-flavoured Markdown. */
export const MARKDOWN: Markup = {
  text: escapeMarkdown,
  code: markdownCode,
  quote: (text) => MARKDOWN.code(text),
  strong: (markup) => `**${markup}**`,
  alarm: (text) => `**${escapeMarkdown(text)}**`,
};

/** HTML. */
export const HTML: Markup = {
  text: escapeHtml,
  code: (text) => `<code>${escapeHtml(text)}</code>`,
  quote: (text) => HTML.code(text),
  strong: (markup) => `<strong>${markup}</strong>`,
  alarm: (text) => `<strong>${escapeHtml(text)}</strong>`,
};
