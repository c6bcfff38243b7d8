/**
 * The check that every record of a results file names an item of the run's split: the records'
 * items against the split's held-out items when the reader knows them, else against what the file
 * itself says (its split's size, and one item per index). Private to `src/results/`.
 *
 * @module
 */

import { type ItemId, itemIdShown, itemIdText } from "../dataset/item_id.ts";
import { ResultsFileError } from "./results_file_error.ts";

/** A held-out item as a results file names it: its position in the dataset and its id. */
export interface SplitItem {
  /** The item's position in the dataset (`itemIndex` in the records). */
  readonly index: number;
  /** The item's id (`itemId` in the records). */
  readonly id: ItemId;
}

/**
 * The items a results file's records name, checked one record at a time. With the split's
 * held-out items known, a record must name one of them by its index and its id. Without them, the
 * file must hold at most `size` items (the split's size its header records), each index with one
 * id and each id at one index throughout. Memory holds an entry per item seen.
 */
export class SplitItems {
  readonly #size: number;
  readonly #known: ReadonlyMap<number, ItemId> | null;
  /** Without the split's items: each index seen, with its id and the first line that named it. */
  readonly #seen = new Map<number, { readonly id: ItemId; readonly line: number }>();
  /** Without the split's items: each id seen (by its text, as ids are unique), with its index. */
  readonly #indexOf = new Map<string, number>();

  /**
   * @param size The split's size, as the header records it.
   * @param known The split's held-out items, when the reader knows them.
   */
  constructor(size: number, known: readonly SplitItem[] | undefined) {
    this.#size = size;
    this.#known = known === undefined ? null : new Map(known.map((item) => [item.index, item.id]));
  }

  /**
   * Refuses a record whose item is not one of the split's.
   *
   * @param record The record's item: its `itemId` and `itemIndex`.
   * @param line The record's line.
   * @throws {ResultsFileError} When the item is not the split's, with the line and the item.
   */
  check(record: { readonly itemId: ItemId; readonly itemIndex: number }, line: number): void {
    const { itemId: id, itemIndex: index } = record;
    const at = `line ${line} of the results file holds item ${itemIdShown(id)} (index ${index})`;
    if (this.#known !== null) {
      const own = this.#known.get(index);
      if (own === id) return;
      throw new ResultsFileError(
        own === undefined
          ? `${at}, which the split does not hold`
          : `${at}, where the split holds item ${itemIdShown(own)}`,
        line,
      );
    }
    const seen = this.#seen.get(index);
    if (seen !== undefined) {
      if (seen.id === id) return;
      throw new ResultsFileError(
        `${at}, where line ${seen.line} holds item ${
          itemIdShown(seen.id)
        }: an index names one item`,
        line,
      );
    }
    const text = itemIdText(id);
    const other = this.#indexOf.get(text);
    if (other !== undefined) {
      throw new ResultsFileError(
        `${at}, which line ${this.#seen.get(other)!.line} holds at index ${other}: ` +
          `an item has one index`,
        line,
      );
    }
    if (this.#seen.size === this.#size) {
      throw new ResultsFileError(
        `${at}, a ${ordinal(this.#size + 1)} item where the split holds ${this.#size}: the ` +
          `results hold items the split does not`,
        line,
      );
    }
    this.#seen.set(index, { id, line });
    this.#indexOf.set(text, index);
  }
}

/** 1st, 2nd, 3rd, 4th, …, 11th, 12th, 13th, 21st, … */
function ordinal(n: number): string {
  const teen = Math.floor(n / 10) % 10 === 1;
  const last = n % 10;
  return `${n}${teen || last === 0 || last > 3 ? "th" : ["st", "nd", "rd"][last - 1]}`;
}
