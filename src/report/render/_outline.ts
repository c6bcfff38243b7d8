/**
 * The report's outline, once: a list of generic blocks (heading, paragraph, notice, list, table,
 * figure, panel) with every heading and sentence decided here, for a report of one answer per item
 * ({@linkcode reportOutline}) and for one of several samples per item ({@linkcode sampledOutline}).
 * The printers (`text.ts`, `markdown.ts`, `html.ts`) know blocks, not meanings: they decide how a
 * block looks, never what it says, whether it is shown or where. The outline is built for one
 * format, whose {@linkcode Markup} marks its cells and sentences up, and says where a format's
 * report differs (a terminal shows no chart and words a few lines its own way). Private to
 * `src/report/render/`.
 *
 * @module
 */

import { compareItemIds, type ItemId } from "../../dataset/item_id.ts";
import { capital, count, plural } from "../numbers.ts";
import type { ComparisonReport, ItemPanel, Report, SweepReport } from "../report.ts";
import type { SampledReport } from "../sampled_report.ts";
import { marginText } from "../verdict.ts";
import { accuracyChart, differenceChart } from "./_charts.ts";
import { itemAnchor, panelHtml } from "./_item_panel_html.ts";
import { escapeHtml, HTML, MARKDOWN, type Markup, TEXT } from "./_markup.ts";
import { printedId } from "./_printable.ts";
import {
  categoryTables,
  comparisonsTable,
  errorSentences,
  guardSentences,
  modelsTable as sampledModelsTable,
  passKTable,
  PLANNING_CAVEAT,
  planningTable,
  sampledIncomplete,
  toDecideItems,
  trustItems,
} from "./_sampled_tables.ts";
import { SCORING_HEADING, scoringSentences, scoringTable } from "./_scoring.ts";
import {
  CATEGORIES_UNKNOWN,
  comparisonFigures,
  decisionLine,
  decisionSummary,
  detectableSentence,
  disputedLines,
  errorsLines,
  incompleteSentence,
  intervalsNote,
  replicaSentences,
  replicaWarning,
  runStarted,
  severalReplicas,
  summaryParts,
  trustRows,
} from "./_sections.ts";
import { SWEEP_HEADING, sweepChart, sweepSentences, sweepTable } from "./_sweep.ts";
import {
  categoriesTable,
  comparisonCategoriesTable,
  decisionTable,
  modelsTable,
  pairedTable,
  reasonChangesTable,
  reasonsTable,
  replicasTable,
  type Table,
  transitionsTable,
  usageTable,
} from "./_tables.ts";

/** A format the outline is built for: its name and how it marks text up. */
export interface Format {
  /** The format. */
  readonly name: "text" | "markdown" | "html";
  /** Its markup. */
  readonly m: Markup;
}

/** Plain text for a terminal. */
export const TEXT_FORMAT: Format = { name: "text", m: TEXT };
/** GitHub-flavoured Markdown. */
export const MARKDOWN_FORMAT: Format = { name: "markdown", m: MARKDOWN };
/** One HTML page. */
export const HTML_FORMAT: Format = { name: "html", m: HTML };

/**
 * What the `scoring` notice says when `-scoring lenient` decides: said before any figure, since
 * every figure and outcome from the glance on is the lenient reading's.
 */
const LENIENT_DECIDES =
  "lenient (-scoring lenient): the figures and outcomes below are the lenient reading's";

/**
 * The headings of the sections, each written once for every format (text once said "not counted
 * wrong" where the others said "never", when each printer typed its own).
 */
const HEADINGS = {
  models: "Models",
  categories: "Categories (accuracy on scored items, and how many)",
  reasons: "Reasons (scored items)",
  usage: "Tokens and latency (scored items)",
  errors: "Errors (no verdict, never counted wrong)",
  replicas: "Replicas (each model's accuracy on the items each one answered)",
} as const;

/** A list's item: its text, and the items under it or a quieter line under it. */
export type ListItem = string | {
  readonly text: string;
  /** Items under it. */
  readonly items?: readonly string[];
  /** A line under it, set back (HTML greys it). */
  readonly caption?: string;
};

/**
 * One block of an outline, its text already marked up for the format. `gap` sets a block apart
 * from the one before it where blocks are not apart already (a blank line in text); `id` and
 * `className` are HTML's anchor and class.
 */
export type Block =
  /** A heading: the report's title (1), a section's (2) or a sub-section's (3). */
  | {
    readonly kind: "heading";
    readonly level: 1 | 2 | 3;
    readonly text: string;
    readonly id?: string;
  }
  /**
   * A paragraph. In text, `indent` spaces before its first line (0) and `hang` before the
   * others (`indent` + 2), `lead` before its first part, which is never parted from it, and
   * `parts`, the pieces it may break a line between (its words; a piece too long for a line is
   * broken between its words).
   */
  | {
    readonly kind: "paragraph";
    readonly text: string;
    readonly gap?: boolean;
    readonly indent?: number;
    readonly hang?: number;
    readonly lead?: string;
    readonly parts?: readonly string[];
    readonly className?: string;
    readonly id?: string;
  }
  /** A sentence set apart under a label: a warning or a note. */
  | {
    readonly kind: "notice";
    readonly label: string;
    readonly tone: "warn" | "note";
    readonly text: string;
    readonly gap?: boolean;
    readonly id?: string;
  }
  /** A list; `inline`: HTML writes it on one line. */
  | {
    readonly kind: "list";
    readonly items: readonly ListItem[];
    readonly gap?: boolean;
    readonly inline?: boolean;
  }
  /**
   * A table; in text, `indent` spaces before each line (2), and no heading line when every
   * heading is empty; in HTML, `labelled` gives each cell its column's heading, which a narrow
   * screen shows when a table of class `stack` stacks its rows.
   */
  | {
    readonly kind: "table";
    readonly table: Table;
    readonly gap?: boolean;
    readonly indent?: number;
    readonly className?: string;
    readonly labelled?: boolean;
  }
  /** A figure only HTML draws (an SVG chart, an item shown whole), as HTML. */
  | { readonly kind: "figure"; readonly html: string }
  /** Blocks folded under a one-line summary (plain text), which opens them. */
  | {
    readonly kind: "panel";
    readonly summary: string;
    readonly blocks: readonly Block[];
    readonly className?: string;
  };

/** The notices' labels, tones and anchors. */
const NOTICES = {
  scoring: { label: "Scoring", tone: "note", id: "scoring-decides" },
  incomplete: { label: "Incomplete run", tone: "warn", id: "incomplete" },
  warning: { label: "Warning", tone: "warn", id: "replicas-differ" },
  note: { label: "Note", tone: "note" },
} as const;

/** A notice of its kind, its text marked up. */
function notice(kind: keyof typeof NOTICES, text: string): Block {
  return { kind: "notice", ...NOTICES[kind], text };
}

/** A heading, with its HTML anchor when it has one. */
function heading(level: 1 | 2 | 3, text: string, id?: string): Block {
  return id === undefined ? { kind: "heading", level, text } : { kind: "heading", level, text, id };
}

/** A verdict as the format stresses it: bold, or in HTML coloured by its outcome. */
function verdictText(f: Format, c: ComparisonReport): string {
  if (f.name === "html") {
    return `<span class="verdict ${outcomeClass(c)}">${escapeHtml(c.verdict)}</span>`;
  }
  return f.name === "markdown" ? f.m.strong(f.m.text(c.verdict)) : c.verdict;
}

/** An outcome's HTML class. */
function outcomeClass(c: { readonly outcome: ComparisonReport["outcome"] }): string {
  return c.outcome === "better" ? "better" : c.outcome === "worse" ? "worse" : "none";
}

/** Sentences worded in plain text, as a format shows them (HTML escapes them). */
function plainly(f: Format, lines: readonly string[]): string[] {
  return f.name === "html" ? lines.map(escapeHtml) : [...lines];
}

/**
 * The blocks of a report of one answer per item, in order, each present only when the report has
 * something for it.
 *
 * @param report The report (its texts already made safe to print by the caller).
 * @param f The format.
 * @returns The blocks.
 */
export function reportOutline(report: Report, f: Format): Block[] {
  const m = f.m;
  const text = f.name === "text";
  const comparisons = report.comparisons;
  const out: Block[] = [];
  // In text, the block after the decision at a glance stands a line apart from it.
  let gapNext = false;
  const push = (...blocks: Block[]) => {
    for (const b of blocks) {
      out.push(gapNext && b.kind !== "heading" ? { ...b, gap: true } as Block : b);
      gapNext = false;
    }
  };
  const adapters = comparisons.map((c) => c.adapter).join(", ") || "no adapter";
  push(heading(
    1,
    `assess report: ${m.text(adapters)} against ${m.text(report.models[0]?.name ?? "")}` +
      (text ? `, ${count(report.run.items)} items` : ""),
  ));
  push({
    kind: "paragraph",
    text: text
      ? runStarted(report, m)
      : `${plural(report.run.items, "item")} held out (split seed ${
        m.quote(report.run.splitSeed)
      }), ${runStarted(report, m)}.`,
  });
  if (report.scoring.decides === "lenient") push(notice("scoring", m.text(LENIENT_DECIDES)));
  if (comparisons.length > 0) {
    push(...glance(report, f));
    gapNext = text;
  }
  if (!report.trust.completeness.complete) {
    push(notice("incomplete", m.text(incompleteSentence(report))));
  }
  const replicaAlarm = replicaWarning(report);
  if (replicaAlarm !== null) push(notice("warning", m.text(replicaAlarm)));
  if (report.trust.scorer.note !== null) push(notice("note", m.text(report.trust.scorer.note)));
  const decision = decisionLine(report, m);
  push(
    text
      ? { kind: "paragraph", text: decision }
      : { kind: "paragraph", text: `${capital(decision)}.`, id: "decision" },
  );
  if (report.decision.note !== null) push(notice("note", m.text(report.decision.note)));
  if (comparisons.length > 0) {
    push(heading(2, "Verdicts"), {
      kind: "list",
      items: comparisons.map((c) => {
        const mdd = detectableSentence(c);
        const item = verdictText(f, c);
        if (mdd === null) return item;
        return { text: item, caption: f.name === "html" ? escapeHtml(mdd) : mdd };
      }),
    });
  }
  if (report.sweep !== undefined) push(...sweep(report.sweep, f));
  if (f.name === "html") push(...charts(report));
  push(heading(2, HEADINGS.models), { kind: "table", table: modelsTable(report.models, m) });
  const categories = categoriesTable(report.models, m);
  if (categories !== null) {
    push(heading(3, HEADINGS.categories), { kind: "table", table: categories });
  } else if (text) {
    push({ kind: "paragraph", text: CATEGORIES_UNKNOWN, gap: true });
  } else {
    push(heading(3, HEADINGS.categories), {
      kind: "paragraph",
      text: m.text(capital(CATEGORIES_UNKNOWN)),
    });
  }
  push(
    heading(3, HEADINGS.reasons),
    { kind: "table", table: reasonsTable(report.models, m) },
    heading(3, HEADINGS.usage),
    { kind: "table", table: usageTable(report.models, m) },
    heading(3, SCORING_HEADING),
  );
  const scoring = scoringTable(report, m);
  if (scoring !== null) push({ kind: "table", table: scoring });
  push({ kind: "list", items: scoringSentences(report, m) });
  if (report.models.some((model) => model.errors > 0)) {
    push(heading(3, HEADINGS.errors), {
      kind: "list",
      items: errorsLines(report, m).map((e) => ({ text: e.head, items: e.errors })),
    });
  }
  if (severalReplicas(report)) {
    push(
      heading(3, HEADINGS.replicas),
      { kind: "table", table: replicasTable(report.replicas, m) },
      { kind: "list", items: replicaSentences(report, m) },
    );
  }
  push(...disputed(report, f));
  const withPanel = new Set((report.panels ?? []).map((p) => p.itemId));
  for (const c of comparisons) push(...comparison(c, report, f, withPanel));
  if (f.name === "html") push(...changedItems(report));
  push(...trust(report, f));
  return out;
}

/** The decision at a glance: a row per adapter, and what the intervals are. */
function glance(report: Report, f: Format): Block[] {
  const summaries = decisionSummary(report, f.m);
  const note = intervalsNote(report, f.m);
  if (f.name === "text") {
    const name = Math.max(...summaries.map((s) => s.adapter.length));
    const pad = name <= 24 ? name : 0;
    return [
      heading(2, "Decision at a glance"),
      ...summaries.map((s): Block => ({
        kind: "paragraph",
        text: summaryParts(s).join(" "),
        indent: 2,
        lead: `${s.adapter.padEnd(pad)}  `,
        hang: pad + 4,
        parts: summaryParts(s),
      })),
      ...(note === null ? [] : [{ kind: "paragraph", text: `note: ${note}`, indent: 2 } as const]),
    ];
  }
  const t = decisionTable(summaries, f.m);
  const html = f.name === "html";
  const rows = !html ? t.rows : t.rows.map((r, i) => {
    const s = summaries[i]!;
    return r.map((cell, j) =>
      j === 1 ? `<strong class="${outcomeClass(s)}">${escapeHtml(s.word)}</strong>` : cell
    );
  });
  return [
    heading(2, "Decision at a glance", "decision-summary"),
    html
      ? { kind: "table", table: { ...t, rows }, className: "glance stack", labelled: true }
      : { kind: "table", table: t },
    ...(note === null
      ? []
      : [{ kind: "paragraph", text: `${capital(note)}.`, className: "caption" } as const]),
  ];
}

/** A checkpoint sweep: its curve, the checkpoint chosen, and its confirmation. */
function sweep(s: SweepReport, f: Format): Block[] {
  return [
    heading(2, SWEEP_HEADING, "sweep"),
    ...(f.name === "html" ? [{ kind: "figure", html: sweepChart(s) } as const] : []),
    { kind: "table", table: sweepTable(s, f.m) },
    ...sweepSentences(s, f.m).map((line): Block => ({ kind: "paragraph", text: line, indent: 2 })),
  ];
}

/** The charts of accuracy and, with an adapter, of the paired differences. */
function charts(report: Report): Block[] {
  const blocks: Block[] = [
    heading(2, "Accuracy"),
    { kind: "figure", html: accuracyChart(report.models) },
    {
      kind: "paragraph",
      className: "caption",
      text: "Each model alone, on the items it was scored on, with its Wilson 95% " +
        "interval. The decision does not read these: it reads each adapter's paired difference " +
        "below.",
    },
  ];
  if (report.comparisons.length === 0) return blocks;
  const margin = report.decision.margin;
  blocks.push(
    heading(2, `Paired differences from ${escapeHtml(report.models[0]?.name ?? "")}`),
    { kind: "figure", html: differenceChart(report.comparisons, margin) },
    {
      kind: "paragraph",
      className: "caption",
      text: "The dot is the difference on the items both scored; the bar is the " +
        "interval its verdict reads, at the confidence beside it (the level Holm's procedure " +
        "decides that comparison at)." +
        (margin > 0
          ? ` The dotted line is minus the margin (${
            marginText(margin)
          }): with 0 inside the bar, a lower end right of it is not worse.`
          : ""),
    },
  );
  return blocks;
}

/** The disputed answer keys: what they are, each item (in HTML its panel), the sensitivity. */
function disputed(report: Report, f: Format): Block[] {
  const html = f.name === "html";
  const d = disputedLines(report, html ? TEXT : f.m);
  if (d === null) return [];
  if (f.name === "text") {
    return [
      { kind: "paragraph", text: capital(d.head), gap: true },
      { kind: "list", items: d.items },
      ...(d.sensitivity === null
        ? []
        : [{ kind: "paragraph", text: d.sensitivity, indent: 2 } as const]),
    ];
  }
  const blocks: Block[] = [
    heading(3, "Disputed answer keys", "disputed"),
    { kind: "paragraph", text: `${f.m.text(capital(d.head))}.` },
  ];
  if (d.items.length > 0) {
    const byId = new Map((report.panels ?? []).map((p) => [p.itemId, p]));
    blocks.push({
      kind: "panel",
      summary: plural(d.items.length, "item"),
      // In HTML each disputed item's panel here (no adapter changed it, so it is shown nowhere else).
      blocks: !html
        ? [{ kind: "list", items: d.items }]
        : byId.size === 0
        ? [{ kind: "list", items: d.items.map(escapeHtml), inline: true }]
        : report.disputedItems!.map((x, i) => itemDetails(x.itemId, d.items[i]!, byId)),
    });
  }
  if (d.sensitivity !== null) {
    blocks.push({ kind: "paragraph", text: `${plainly(f, [capital(d.sensitivity)])[0]}.` });
  }
  return blocks;
}

/** An item as a panel that shows it whole, or its summary alone when it has no panel. */
function itemDetails(id: ItemId, summary: string, panels: ReadonlyMap<ItemId, ItemPanel>): Block {
  const panel = panels.get(id);
  if (panel === undefined) return { kind: "paragraph", text: escapeHtml(summary) };
  return {
    kind: "panel",
    summary,
    className: "item",
    blocks: [{ kind: "figure", html: panelHtml(panel) }],
  };
}

/** One adapter against the baseline. */
function comparison(
  c: ComparisonReport,
  report: Report,
  f: Format,
  withPanel: ReadonlySet<ItemId>,
): Block[] {
  const m = f.m;
  const text = f.name === "text";
  const html = f.name === "html";
  const figures = {
    kind: "list",
    items: plainly(f, comparisonFigures(c, report, html ? TEXT : m)),
  } as const;
  const blocks: Block[] = text
    ? [
      {
        kind: "paragraph",
        text: `${c.adapter} against ${c.baseline}, paired on ${
          count(c.items)
        } items scored for both`,
        gap: true,
      },
      { kind: "paragraph", text: `verdict: ${c.verdict}`, indent: 2 },
    ]
    : [
      heading(2, `${m.text(c.adapter)} against ${m.text(c.baseline)}`),
      {
        kind: "paragraph",
        text: `Paired on ${plural(c.items, "item")} scored for both. ${verdictText(f, c)}`,
      },
    ];
  if (c.items === 0) {
    return text || figures.items.length > 0 ? [...blocks, figures] : blocks;
  }
  // Long served names would push the 2×2 table past a terminal's width: then the roles are named.
  const roles = text && Math.max(c.adapter.length, c.baseline.length) > 24;
  blocks.push(
    { kind: "table", table: pairedTable(c, m, roles), gap: true },
    { ...figures, gap: true },
  );
  const categories = comparisonCategoriesTable(c, report.decision.alpha, m);
  const byCategory = "by category (categories with paired items; Holm across them, each " +
    "interval at the confidence of its Holm step)";
  if (categories !== null) {
    blocks.push(
      text
        ? { kind: "paragraph", text: `${byCategory}:`, gap: true, indent: 2 }
        : heading(3, capital(byCategory)),
      { kind: "table", table: categories },
    );
  }
  if (text) {
    blocks.push({ kind: "table", table: reasonChangesTable(c, m), gap: true });
    const changes = c.transitions
      .filter((t) => t.baseline !== t.adapter)
      .sort((x, y) => y.count - x.count);
    blocks.push(
      changes.length === 0
        ? {
          kind: "paragraph",
          text: `no item changed reason between ${c.baseline} and ${c.adapter}`,
          gap: true,
          indent: 2,
        }
        : {
          kind: "paragraph",
          text: `items that changed reason (${c.baseline} -> ${c.adapter}):`,
          gap: true,
          indent: 2,
        },
    );
    if (changes.length > 0) {
      blocks.push({
        kind: "table",
        indent: 4,
        table: {
          headings: ["", ""],
          numeric: [false, true],
          rows: changes.map((t) => [`${t.baseline} -> ${t.adapter}`, count(t.count)]),
        },
      });
    }
  } else {
    blocks.push(
      heading(3, "Reasons fixed and broken"),
      { kind: "table", table: reasonChangesTable(c, m) },
      heading(
        3,
        `Transitions (rows: ${m.text(c.baseline)}'s reason, columns: ${m.text(c.adapter)}'s)`,
      ),
      { kind: "table", table: transitionsTable(c, m) },
      heading(3, "Discordant items"),
    );
  }
  for (
    const [i, [what, ids]] of [
      [`fixed (only ${c.adapter} right)`, c.discordant.fixed],
      [`broke (only ${c.baseline} right)`, c.discordant.broke],
    ].entries() as IterableIterator<[number, [string, readonly ItemId[]]]>
  ) {
    const gap = text && i === 0;
    if (ids.length === 0) {
      blocks.push({ kind: "paragraph", text: `${m.text(what)}: none`, gap, indent: 2 });
    } else if (text) {
      blocks.push({
        kind: "paragraph",
        text: ids.join(", "),
        gap,
        indent: 2,
        hang: 4,
        lead: `${what}, ${plural(ids.length, "item")}: `,
        parts: ids.map((id, j) =>
          `${typeof id === "string" ? printedId(id) : id}${j < ids.length - 1 ? "," : ""}`
        ),
      });
    } else {
      const shown = ids.map((id) =>
        html
          ? (withPanel.has(id)
            ? `<a href="#${itemAnchor(id)}">${escapeHtml(printedId(id))}</a>`
            : escapeHtml(printedId(id)))
          : typeof id === "string"
          ? m.text(printedId(id))
          : String(id)
      );
      blocks.push({
        kind: "panel",
        summary: `${what}: ${plural(ids.length, "item")}`,
        blocks: [{ kind: "paragraph", text: shown.join(", "), className: "ids" }],
      });
    }
  }
  return blocks;
}

/**
 * Every item an adapter fixed or broke that has a panel, shown whole, once, each a panel that its
 * id in the lists of fixed and broken items links to; its summary says what the item is to each
 * adapter. The changed items left without a panel (`withItemPanels`'s limit) are listed after them
 * by id, with how many and how to see them all. None without such a panel. (A disputed item, which
 * no adapter changed, has its panel among the disputed answer keys.)
 */
function changedItems(report: Report): Block[] {
  const roles = new Map<ItemId, string[]>();
  for (const c of report.comparisons) {
    for (const id of c.discordant.fixed) addRole(roles, id, `fixed by ${c.adapter}`);
    for (const id of c.discordant.broke) addRole(roles, id, `broken by ${c.adapter}`);
  }
  return shownWhole(roles, report.panels ?? [], {
    changed: "an adapter fixed or broke",
    linked: " An item's id in the lists of fixed and broken items links here.",
    lists: "of each adapter's fixed items and of its broken items",
  });
}

/**
 * Every item of a report of several samples per item whose mean share of right answers an
 * adapter changed that has a panel, shown whole as {@linkcode changedItems} shows them (each
 * sample's reply and verdict by each model); the changed items left without a panel listed after
 * them by id. None without such a panel.
 */
function sampledChangedItems(report: SampledReport): Block[] {
  const roles = new Map<ItemId, string[]>();
  for (const c of report.comparisons) {
    for (const id of c.changed.better) addRole(roles, id, `${c.adapter} right more often`);
    for (const id of c.changed.worse) addRole(roles, id, `${c.adapter} right less often`);
  }
  return shownWhole(roles, report.panels ?? [], {
    changed: "whose share of right answers over the samples an adapter changed",
    linked: "",
    lists: "of each adapter's items right more often and of its items right less often",
  });
}

/** Adds what an item is to an adapter to its list. */
function addRole(roles: Map<ItemId, string[]>, id: ItemId, role: string): void {
  const list = roles.get(id) ?? [];
  list.push(role);
  roles.set(id, list);
}

/**
 * The changed items that have a panel, each folded under what it is to each adapter (`roles`),
 * and the changed items without one by id; `words` says what changed them, whether the lists
 * link here, and which of them the page shows.
 */
function shownWhole(
  roles: ReadonlyMap<ItemId, readonly string[]>,
  all: readonly ItemPanel[],
  words: { readonly changed: string; readonly linked: string; readonly lists: string },
): Block[] {
  const panels = all.filter((p) => roles.has(p.itemId));
  if (panels.length === 0) return [];
  const byId = new Map(panels.map((p) => [p.itemId, p]));
  const rest = [...roles.keys()].filter((id) => !byId.has(id)).sort(compareItemIds);
  const blocks: Block[] = [
    heading(2, "Items changed, shown whole", "items"),
    {
      kind: "paragraph",
      text: `${
        rest.length === 0
          ? `${plural(panels.length, "item")} ${words.changed}.`
          : `${plural(roles.size, "item")} ${words.changed}; ${
            count(panels.length)
          } of them shown whole, the other ${count(rest.length)} listed by id below.`
      }${words.linked}`,
    },
    ...panels.map((p) =>
      itemDetails(
        p.itemId,
        `item ${printedId(p.itemId)} (${p.category}): ${roles.get(p.itemId)!.join(", ")}`,
        byId,
      )
    ),
  ];
  if (rest.length > 0) {
    blocks.push(
      heading(3, "Changed items not shown whole", "items-not-shown"),
      {
        kind: "paragraph",
        text: `${plural(rest.length, "changed item")} not shown whole: the page shows the first ` +
          `${words.lists}, by id (100 of each unless ` +
          "<code>-panels N</code> says otherwise). <code>assess report -config FILE -panels " +
          "all</code> shows every one, in this format and in JSON.",
      },
      {
        kind: "panel",
        summary: `${plural(rest.length, "item")} by id`,
        blocks: [{
          kind: "paragraph",
          className: "ids",
          text: rest.map((id) => escapeHtml(printedId(id))).join(", "),
        }],
      },
    );
  }
  return blocks;
}

/** The trust section: a row per line of evidence, and the probe's differences. */
function trust(report: Report, f: Format): Block[] {
  const { rows, differences } = trustRows(report, f.m);
  if (f.name !== "text") {
    return [
      heading(2, "Trust"),
      { kind: "table", table: { headings: ["", ""], numeric: [false, false], rows } },
      ...(differences.length === 0 ? [] : [
        { kind: "paragraph", text: "Probe differences:" } as const,
        { kind: "list", items: differences } as const,
      ]),
    ];
  }
  const label = Math.max(...rows.map(([k]) => k.length));
  return [
    heading(2, "Trust"),
    ...rows.flatMap(([key, value]): Block[] => [
      {
        kind: "paragraph",
        text: value,
        indent: 2,
        lead: `${key.padEnd(label)}  `,
        hang: label + 4,
      },
      ...(key !== "probe" ? [] : differences.map((d): Block => ({
        kind: "paragraph",
        text: d,
        indent: label + 4,
      }))),
    ]),
  ];
}

/**
 * The blocks of a report of several samples per item, in order.
 *
 * @param report The report (its texts already made safe to print by the caller).
 * @param f The format.
 * @returns The blocks.
 */
export function sampledOutline(report: SampledReport, f: Format): Block[] {
  const m = f.m;
  const h = report.header;
  const d = report.decision;
  const guard = d.guard.length === 0 ? "none" : d.guard.map((g) => m.code(g)).join(", ");
  const blocks: Block[] = [
    heading(
      1,
      `assess report: ${m.text(h.models.adapters.join(", ") || "no adapter")} against ` +
        `${m.text(h.models.baseline)}, ${report.samples} samples per item`,
    ),
    {
      kind: "paragraph",
      text: `${plural(h.split.size, "item")} held out (split seed ${m.quote(h.split.seed)}), ` +
        `each asked ${report.samples} times at temperature ${h.sampling.temperature}. A model's ` +
        "accuracy is the mean over items of its share of right answers, with a betting interval " +
        "from the per-item shares: the item is the unit, its samples are not independent answers.",
    },
  ];
  if (report.scoring.decides === "lenient") blocks.push(notice("scoring", m.text(LENIENT_DECIDES)));
  if (!report.complete) blocks.push(notice("incomplete", m.text(sampledIncomplete(report))));
  for (const note of [report.scorer.note, d.note]) {
    if (note !== null) blocks.push(notice("note", m.text(note)));
  }
  blocks.push({
    kind: "paragraph",
    text: `Decision: margin ${marginText(d.margin)}, guard ${guard}; each adapter against ` +
      `${m.text(h.models.baseline)} by the betting interval of the mean per-item difference of ` +
      "shares (valid for any spread of the differences, and never of no width), Holm's " +
      `procedure across the adapters at family-wise level ${d.alpha}, each interval at the ` +
      "confidence of its Holm step.",
  });
  if (report.comparisons.length > 0) {
    const toDecide = toDecideItems(report, m);
    blocks.push(
      heading(2, "Comparisons"),
      { kind: "table", table: comparisonsTable(report, m), className: "stack", labelled: true },
      ...guardSentences(report, m).map((text): Block => ({ kind: "paragraph", text })),
      heading(3, "What more samples or items would detect"),
      { kind: "table", table: planningTable(report, m) },
      ...(toDecide.length === 0 ? [] : [{ kind: "list", items: toDecide } as const]),
      { kind: "paragraph", text: PLANNING_CAVEAT },
    );
    const errors = errorSentences(report, m);
    if (errors.length > 0) {
      blocks.push(
        heading(3, "Errored samples (left out; counted both ways)"),
        { kind: "list", items: errors },
      );
    }
  }
  blocks.push(
    heading(2, "Models"),
    { kind: "table", table: sampledModelsTable(report, m) },
    heading(3, "pass@k (at least one of k right) and pass^k (all k right)"),
    { kind: "table", table: passKTable(report, m) },
  );
  const categories = categoryTables(report, m);
  if (categories === null) {
    blocks.push(heading(3, "Categories"), {
      kind: "paragraph",
      text: "The items' categories are not known (the results file predates them): " +
        "-config gives them from the dataset.",
    });
  } else {
    blocks.push(
      heading(3, "Categories (accuracy [95% interval] and items)"),
      { kind: "table", table: categories.models },
      ...categories.comparisons.flatMap(({ c, table }): Block[] => [
        heading(
          3,
          `${m.text(c.adapter)} against ${m.text(c.baseline)} by category (Holm across ` +
            "the categories with items)",
        ),
        { kind: "table", table },
      ]),
    );
  }
  if (f.name === "html") blocks.push(...sampledChangedItems(report));
  blocks.push(heading(2, "Trust"), { kind: "list", items: trustItems(report, m) });
  return blocks;
}
