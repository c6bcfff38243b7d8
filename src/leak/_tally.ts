/**
 * The leak check's tally: for each kind of leak and each held-out item, in how many lines it leaks
 * and the first of them.
 *
 * @module
 */

import { compareItemIds } from "../dataset/item_id.ts";
import type { Item } from "../dataset/item.ts";
import { type Leak, LEAK_KINDS, type LeakKind, type LeakMatch } from "./leak_report.ts";

/** What is found of one held-out item leaking in one way. */
interface Found {
  matches: number;
  lastLine: number;
  readonly lines: LeakMatch[];
}

/** The leaks found so far, by kind, then by the held-out item's position. */
export class LeakTally {
  readonly #keep: number;
  readonly #found: Readonly<Record<LeakKind, Map<number, Found>>> = {
    exact: new Map(),
    near: new Map(),
    answer: new Map(),
    sibling: new Map(),
  };

  /** @param keep How many matching lines each leak keeps; the rest are counted. */
  constructor(keep: number) {
    this.#keep = keep;
  }

  /**
   * Counts a line in which the held-out item at `position` leaks as `kind`: once a line (a line of
   * several turns that leak the same way counts once, with its first turn's match).
   */
  record(kind: LeakKind, position: number, match: LeakMatch): void {
    this.count(kind, position, match.line)?.push(match);
  }

  /**
   * Counts line `line` as {@linkcode record} does, without its match: the list to add the match
   * to when it is kept (one of the first lines counted), else undefined. So the caller works out a
   * match's figures only for the lines a report shows.
   */
  count(kind: LeakKind, position: number, line: number): LeakMatch[] | undefined {
    const found = this.#found[kind];
    let entry = found.get(position);
    if (entry === undefined) found.set(position, entry = { matches: 0, lastLine: 0, lines: [] });
    if (entry.lastLine === line) return undefined;
    entry.lastLine = line;
    entry.matches++;
    return entry.lines.length < this.#keep ? entry.lines : undefined;
  }

  /**
   * The leaks, by kind (in {@linkcode LEAK_KINDS}' order), then by held-out id; how many held-out
   * items leak in any way, and how many have a sibling.
   */
  leaks(heldOut: readonly Item[]): { leaks: Leak[]; leaking: number; siblings: number } {
    const leaks: Leak[] = [];
    const leaking = new Set<number>();
    for (const kind of LEAK_KINDS) {
      const entries = [...this.#found[kind]].map(([p, f]) => ({ p, f }));
      entries.sort((a, b) => compareItemIds(heldOut[a.p]!.id, heldOut[b.p]!.id));
      for (const { p, f } of entries) {
        if (kind !== "sibling") leaking.add(p);
        leaks.push({ kind, id: heldOut[p]!.id, matches: f.matches, lines: f.lines });
      }
    }
    return { leaks, leaking: leaking.size, siblings: this.#found.sibling.size };
  }
}
