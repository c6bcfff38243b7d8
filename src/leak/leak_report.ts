/**
 * What the leak check finds: the kinds of leak, and the report of where each held-out item leaks.
 * `leak.ts` finds it; `render.ts` shows it.
 *
 * @module
 */

import type { ItemId } from "../dataset/item_id.ts";

/** What the leak check found. */
export interface LeakReport {
  /**
   * The file's format: `jsonl` (one record a line) or `array` (one JSON array); `empty` when it
   * holds nothing but white space.
   */
  readonly format: "jsonl" | "array" | "empty";
  /** How many lines the file has. */
  readonly lines: number;
  /** How many examples (records) it holds. */
  readonly examples: number;
  /** How many held-out items were checked. */
  readonly heldOut: number;
  /** How many held-out items leak, in any way (a sibling is not a leak). */
  readonly leaking: number;
  /** How many held-out items have a template sibling in the file. */
  readonly siblings: number;
  /**
   * The leaks and the siblings, by kind (exact, near, answer, sibling), then by held-out id: each
   * a held-out item that leaks, in one way.
   */
  readonly leaks: readonly {
    /**
     * How the held-out item shows in a line: `exact`, its query (in normal form); `near`, a near
     * duplicate of its query (at most 1 or 2 word edits, by its length) with its answer, no
     * answer, or an answer the edits do not explain; `answer`, its answer's calls, by the
     * scorer's equality, with another query; and `sibling`, not a leak: a near duplicate whose
     * answer differs only where the queries differ (an item made from the same template).
     */
    readonly kind: "exact" | "near" | "answer" | "sibling";
    /** The held-out item's id. */
    readonly id: ItemId;
    /** In how many lines. */
    readonly matches: number;
    /** The first of those lines (at most `keepLines`), in file order. */
    readonly lines: readonly {
      /** The line (where the record starts), from 1. */
      readonly line: number;
      /** How many distinct shingles the line's user text and the held-out query share. */
      readonly shared: number;
      /** How many distinct shingles the two hold together (Jaccard = shared / union). */
      readonly union: number;
      /** Whether the line's calls are the held-out item's answer, by the scorer. */
      readonly sameAnswer: boolean;
      /**
       * The word edits between the two queries (`exact`, `near` and `sibling`; a short sentence
       * added at the start or the end counts as one).
       */
      readonly edits?: number;
      /** How many words the short sentence added at the start or the end holds (0: none). */
      readonly addedWords?: number;
      /**
       * Present (true) when the user text has more distinct shingles than were counted
       * (`COUNTED_SHINGLES`, in `leak.ts`): `union` is then a lower bound (`shared` is exact),
       * and so `shared / union` is an upper bound of the Jaccard index. Only an answer leak can
       * have it.
       */
      readonly unionAtLeast?: true;
    }[];
  }[];
}

/** A held-out item that leaks, in one way. */
export type Leak = LeakReport["leaks"][number];

/** How a held-out item shows in a line (see {@linkcode LeakReport}). */
export type LeakKind = Leak["kind"];

/** A line in which a held-out item leaks. */
export type LeakMatch = Leak["lines"][number];

/** The kinds, in the order a report lists them: the three that leak, then `sibling`. */
export const LEAK_KINDS: readonly LeakKind[] = ["exact", "near", "answer", "sibling"];
