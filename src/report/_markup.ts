/**
 * How each renderer marks text up: the shared tables and sections are built once, as cells and
 * sentences, through a {@linkcode Markup}, and each format brings its own. Private to
 * `src/report/`.
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
 * Escapes text for a Markdown line or table cell: backslashes, pipes and markup characters.
 *
 * @param text Any text.
 * @returns The text with each such character escaped by a backslash.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]<>|#]/g, (c) => `\\${c}`);
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
  // A code span shows its text as it is: only a pipe (which would end a table cell) is escaped,
  // and a backtick inside takes a longer fence.
  code: (text) => {
    const inner = text.replaceAll("|", "\\|");
    return inner.includes("`") ? `\`\` ${inner} \`\`` : `\`${inner}\``;
  },
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
