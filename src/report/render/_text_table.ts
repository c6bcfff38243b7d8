// Plain-text tables and wrapping for the text renderer. Private to src/report/render.

/** A column: its heading and whether its cells are right-aligned (numbers). */
export interface Column {
  readonly heading: string;
  readonly right?: boolean;
}

/**
 * Lays out a table in at most `width` columns: cells padded to the widest, two spaces between
 * columns, every line indented by `indent`. When the columns do not fit, the first column is kept
 * and the others are split into as many tables as needed, one under the other.
 */
export function textTable(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  options: { readonly indent?: string; readonly width?: number } = {},
): string[] {
  const indent = options.indent ?? "";
  const width = options.width ?? 100;
  const widths = columns.map((c, i) =>
    Math.max(c.heading.length, ...rows.map((r) => r[i]!.length))
  );
  const groups: number[][] = [];
  let current: number[] = [];
  let used = indent.length + widths[0]!;
  for (let i = 1; i < columns.length; i++) {
    const need = 2 + widths[i]!;
    if (current.length > 0 && used + need > width) {
      groups.push(current);
      current = [];
      used = indent.length + widths[0]!;
    }
    current.push(i);
    used += need;
  }
  if (current.length > 0 || groups.length === 0) groups.push(current);
  const lines: string[] = [];
  groups.forEach((group, g) => {
    if (g > 0) lines.push("");
    const cols = [0, ...group];
    const cell = (text: string, i: number) =>
      columns[i]!.right ? text.padStart(widths[i]!) : text.padEnd(widths[i]!);
    lines.push((indent + cols.map((i) => cell(columns[i]!.heading, i)).join("  ")).trimEnd());
    for (const row of rows) {
      lines.push((indent + cols.map((i) => cell(row[i]!, i)).join("  ")).trimEnd());
    }
  });
  return lines;
}

/**
 * Wraps words into lines of at most `width` characters: the first line starts with `first`, the
 * others with `rest`. A word longer than a line stands alone.
 */
export function wrapWords(
  words: readonly string[],
  first: string,
  rest: string,
  width = 100,
): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of words) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = rest + word;
    } else {
      line += (empty ? "" : " ") + word;
    }
    empty = false;
  }
  lines.push(line);
  return lines;
}
