/**
 * The leak check's tally: for each kind of leak and each held-out item, in how many lines it leaks
 * and the first of them.
 *
 * @module
 */

import { compareItemIds } from "../dataset/item_id.ts";
import type { Item } from "../dataset/item.ts";
import { type Leak, LEAK_KINDS, type LeakKind, type LeakMatch } from "./leak_report.ts";

/**
 * What is found of the held-out items leaking in one way, by position: in how many lines, the last
 * line counted, and the lines kept. Arrays by position rather than a map: a line near many held-out
 * items counts each of them.
 */
class Found {
  matches = new Int32Array(0);
  lastLine = new Int32Array(0);
  readonly lines: (LeakMatch[] | undefined)[] = [];
  /** The positions counted, in the order they first were. */
  readonly positions: number[] = [];

  /** Makes room for `position`. */
  grow(position: number): void {
    let size = Math.max(16, this.matches.length);
    while (size <= position) size *= 2;
    const matches = new Int32Array(size);
    matches.set(this.matches);
    const lastLine = new Int32Array(size);
    lastLine.set(this.lastLine);
    this.matches = matches;
    this.lastLine = lastLine;
  }
}

/** The leaks found so far, by kind, then by the held-out item's position. */
export class LeakTally {
  readonly #keep: number;
  readonly #found: Readonly<Record<LeakKind, Found>> = {
    exact: new Found(),
    near: new Found(),
    answer: new Found(),
    sibling: new Found(),
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
   * Counts line `line` (from 1) as {@linkcode record} does, without its match: the list to add the
   * match to when it is kept (one of the first lines counted), else undefined. So the caller works
   * out a match's figures only for the lines a report shows.
   */
  count(kind: LeakKind, position: number, line: number): LeakMatch[] | undefined {
    const found = this.#found[kind];
    if (position >= found.matches.length) found.grow(position);
    if (found.lastLine[position] === line) return undefined;
    found.lastLine[position] = line;
    const matches = found.matches[position]!;
    found.matches[position] = matches + 1;
    if (matches === 0) {
      found.positions.push(position);
      found.lines[position] = [];
    }
    const lines = found.lines[position]!;
    return lines.length < this.#keep ? lines : undefined;
  }

  /**
   * The leaks, by kind (in {@linkcode LEAK_KINDS}' order), then by held-out id; how many held-out
   * items leak in any way, and how many have a sibling.
   */
  leaks(heldOut: readonly Item[]): { leaks: Leak[]; leaking: number; siblings: number } {
    const leaks: Leak[] = [];
    const leaking = new Set<number>();
    for (const kind of LEAK_KINDS) {
      const found = this.#found[kind];
      const positions = [...found.positions];
      positions.sort((a, b) => compareItemIds(heldOut[a]!.id, heldOut[b]!.id));
      for (const p of positions) {
        if (kind !== "sibling") leaking.add(p);
        leaks.push({
          kind,
          id: heldOut[p]!.id,
          matches: found.matches[p]!,
          lines: found.lines[p]!,
        });
      }
    }
    return { leaks, leaking: leaking.size, siblings: this.#found.sibling.positions.length };
  }
}
