/**
 * The text of a training line's turns as the leak check reads it, a part at a time: in a chat
 * example read as conversations each turn's text is the one before it and the messages since, so
 * each message is read once, for the first turn it is part of, and what a later turn compares
 * (its numbers, its words, its shingles) is what was read before and the parts since. A line of
 * many turns is read in time and memory linear in its size, not in the sum of its turns' (which
 * grows with the square of the turns). A turn's text is never built whole, but when
 * it has few enough words to be the same as, or near, a held-out query.
 *
 * @module
 */

import { TextScanner } from "./_fingerprint.ts";
import { eachWord, joinedWords, normalizeQuery, queryWords, SHINGLE_WORDS } from "./normalize.ts";

/** What a {@linkcode PrefixText} keeps and counts. */
export interface PrefixLimits {
  /**
   * The most words a text may hold and still be near a held-out query: past them (its words with
   * punctuation deleted, which are never more) its words and normal form are let go, and never
   * built for its later turns. At least `SHINGLE_WORDS`.
   */
  readonly wordLimit: number;
  /** How many distinct shingles are counted (`COUNTED_SHINGLES`, or more); past them, only... */
  readonly shingleLimit: number;
  /** ...those that a held-out query holds are kept, to count what a held-out query shares. */
  readonly heldShingles: ReadonlySet<string> | ReadonlyMap<string, unknown>;
  /**
   * Where a text marks the numbers of the held-out shingles it holds, so that what it shares with
   * a held-out query is counted from the query's numbers ({@linkcode PrefixText.overlap}).
   */
  readonly marks?: ShingleMarks;
}

/**
 * A mark for each held-out shingle, by its number: a text marks those it holds with its own
 * stamp, so that the marks of the texts before it need no clearing.
 */
export class ShingleMarks {
  readonly #numbers: ReadonlyMap<string, number>;
  readonly #marks: Int32Array;
  #stamp = 0;

  /** @param numbers The held-out shingles, each with its number, from 0 up. */
  constructor(numbers: ReadonlyMap<string, number>) {
    this.#numbers = numbers;
    this.#marks = new Int32Array(numbers.size);
  }

  /** A stamp no text has had. */
  next(): number {
    return ++this.#stamp;
  }

  /** Marks a shingle with `stamp`, when a held-out query holds it. */
  mark(shingle: string, stamp: number): void {
    const n = this.#numbers.get(shingle);
    if (n !== undefined) this.#marks[n] = stamp;
  }

  /** How many of the shingles `numbers` are marked with `stamp`. */
  count(numbers: ArrayLike<number>, stamp: number): number {
    const marks = this.#marks;
    let found = 0;
    for (let k = 0; k < numbers.length; k++) if (marks[numbers[k]!] === stamp) found++;
    return found;
  }
}

/** A held-out query's distinct shingles, as {@linkcode PrefixText.overlap} reads them. */
export interface ShingleSet extends Iterable<string> {
  /** How many there are. */
  readonly size: number;
  /** Whether `shingle` is one of them. */
  has(shingle: string): boolean;
}

/** How many shingles a text and a held-out query share, and hold together. */
export interface Overlap {
  /** How many distinct shingles both hold. */
  readonly shared: number;
  /** How many they hold together; a lower bound when `atLeast`. */
  readonly union: number;
  /** Whether the text has more distinct shingles than were counted. */
  readonly atLeast: boolean;
}

/**
 * The text of the turns of one conversation (or of one turn), read a part at a time: the first
 * `end` of `texts`, one a line, for `end` growing (`advance`).
 */
export class PrefixText {
  readonly #texts: readonly string[];
  readonly #limits: PrefixLimits;
  readonly #scanner: TextScanner;
  /** How many of the texts are read. */
  #end = 0;
  /**
   * The normal forms of the texts read, while they hold at most `wordLimit` words with
   * punctuation deleted; then none.
   */
  #normals: string[] | undefined = [];
  /** The normal form of the first `#normalTo` texts, built when asked. */
  #normal = "";
  #normalTo = 0;
  /** The length of the normal form of the texts read. */
  #length = 0;
  /** The words of the first `#wordsTo` texts, read when asked. */
  #words: string[] | undefined;
  #wordsTo = 0;
  /** The words with punctuation deleted of the first `#joinedTo` texts, read when asked. */
  #joined: string[] | undefined;
  #joinedTo = 0;
  /** The texts whose shingles are counted, when asked. */
  #shingledTo = 0;
  /** The last words read for shingles (at most `SHINGLE_WORDS`), and how many were read. */
  #window: string[] | undefined;
  #seen = 0;
  /**
   * The distinct shingles, up to `shingleLimit`; then undefined, and `#held` kept instead. (Made
   * when first asked for, as the window is: most turns never are.)
   */
  #own: Set<string> | undefined;
  /** The distinct shingles a held-out query holds, once there are too many to count. */
  #held: Set<string> | undefined;
  /** This text's stamp in `marks`, and the numbers of the held-out shingles it holds. */
  readonly #stamp: number;

  /**
   * @param texts The texts: a conversation's, or a turn's one text.
   * @param visit Called with the number of each pair of neighbouring words, as they are read, of
   *   the first `wordLimit` words (`TextScanner`).
   * @param limits What is kept and counted.
   */
  constructor(texts: readonly string[], visit: (pair: number) => void, limits: PrefixLimits) {
    this.#texts = texts;
    this.#limits = limits;
    this.#scanner = new TextScanner(visit, limits.wordLimit, visit);
    this.#stamp = limits.marks?.next() ?? 0;
  }

  /** The texts this reads. */
  get texts(): readonly string[] {
    return this.#texts;
  }

  /** Reads the texts up to `end` (each once: `end` never goes back). */
  advance(end: number): void {
    for (; this.#end < end; this.#end++) {
      const normal = normalizeQuery(this.#texts[this.#end]!);
      if (normal !== "") this.#length += (this.#length === 0 ? 0 : 1) + normal.length;
      this.#scanner.add(normal);
      if (this.#normals === undefined) continue;
      if (this.#scanner.joinedCount <= this.#limits.wordLimit) this.#normals.push(normal);
      else this.#normals = undefined; // no held-out query is near it, nor any longer text
    }
  }

  /** How many words the text has. */
  get count(): number {
    return this.#scanner.count;
  }

  /** The number of its normal form (`hashText`). */
  get textNumber(): number {
    return this.#scanner.text;
  }

  /** The number of its word list. */
  get wordsNumber(): number {
    return this.#scanner.words;
  }

  /** How many words it has with punctuation deleted (`joinedWords`). */
  get joinedCount(): number {
    return this.#scanner.joinedCount;
  }

  /** The number of its word list with punctuation deleted. */
  get joinedNumber(): number {
    return this.#scanner.joinedWords;
  }

  /** Whether its words with punctuation deleted are not its words. */
  get differs(): boolean {
    return this.#scanner.differs;
  }

  /** The length of its normal form. */
  get length(): number {
    return this.#length;
  }

  /**
   * The text in normal form (`normalizeQuery`): the texts' joined by one space, the empty ones
   * left out (the normal form of texts joined by newlines). Undefined when the text has more than
   * `wordLimit` words with punctuation deleted: it is then no held-out query, nor near one.
   */
  normal(): string | undefined {
    const normals = this.#normals;
    if (normals === undefined) return undefined;
    for (; this.#normalTo < normals.length; this.#normalTo++) {
      const part = normals[this.#normalTo]!;
      if (part !== "") this.#normal = this.#normal === "" ? part : `${this.#normal} ${part}`;
    }
    return this.#normal;
  }

  /**
   * The text's words (`queryWords`): the texts', in order. Undefined when the text has more than
   * `wordLimit` words with punctuation deleted. The list grows as the text does: it is the text's
   * until the next `advance`.
   */
  words(): readonly string[] | undefined {
    const normals = this.#normals;
    if (normals === undefined) return undefined;
    const words = this.#words ??= [];
    for (; this.#wordsTo < normals.length; this.#wordsTo++) {
      for (const word of queryWords(normals[this.#wordsTo]!)) words.push(word);
    }
    return words;
  }

  /** The text's words with punctuation deleted (`joinedWords`), as {@linkcode words} gives its words. */
  joinedWords(): readonly string[] | undefined {
    const normals = this.#normals;
    if (normals === undefined) return undefined;
    if (!this.#scanner.differs) return this.words();
    const joined = this.#joined ??= [];
    for (; this.#joinedTo < normals.length; this.#joinedTo++) {
      for (const word of joinedWords(normals[this.#joinedTo]!)) joined.push(word);
    }
    return joined;
  }

  /**
   * How many distinct shingles (`shingles`) the text and a held-out query share and hold
   * together; past `shingleLimit` distinct shingles, the union is a lower bound (`atLeast`): the
   * limit plus one, and the query's that the text does not hold.
   *
   * @param other The held-out query's distinct shingles.
   * @param numbers Their numbers (`HeldOutIndex.shingleCodes`), when the limits have `marks`.
   */
  overlap(other: ShingleSet, numbers?: ArrayLike<number>): Overlap {
    this.#readShingles();
    const count = this.#scanner.count;
    if (count === 0) return { shared: 0, union: other.size, atLeast: false };
    if (count < SHINGLE_WORDS) {
      // A text of 1 to 4 words has one shingle, its words joined.
      const shared = other.has(this.words()!.join(" ")) ? 1 : 0;
      return { shared, union: 1 + other.size - shared, atLeast: false };
    }
    const own = this.#own;
    if (own === undefined) {
      let shared = 0;
      for (const s of other) if (this.#held!.has(s)) shared++;
      return { shared, union: this.#limits.shingleLimit + 1 + other.size - shared, atLeast: true };
    }
    const marks = this.#limits.marks;
    let shared = 0;
    if (marks !== undefined && numbers !== undefined) {
      shared = marks.count(numbers, this.#stamp);
    } else {
      const [small, large] = own.size <= other.size ? [own, other] : [other, own];
      for (const s of small) if (large.has(s)) shared++;
    }
    return { shared, union: own.size + other.size - shared, atLeast: false };
  }

  /** Reads the shingles of the texts read since the last time. */
  #readShingles(): void {
    if (this.#window === undefined) {
      this.#window = [];
      this.#own = new Set();
    }
    for (; this.#shingledTo < this.#end; this.#shingledTo++) {
      const normal = this.#normals?.[this.#shingledTo] ??
        normalizeQuery(this.#texts[this.#shingledTo]!);
      for (const word of eachWord(normal)) this.#shingle(word);
    }
  }

  #shingle(word: string): void {
    const window = this.#window!;
    if (this.#seen++ >= SHINGLE_WORDS) window.shift();
    window.push(word);
    if (this.#seen < SHINGLE_WORDS) return;
    const shingle = window.join(" ");
    const held = this.#limits.heldShingles;
    if (this.#own !== undefined) {
      const size = this.#own.size;
      this.#own.add(shingle);
      if (this.#own.size === size) return;
      // A shingle new to the text: marked when a held-out query holds it.
      this.#limits.marks?.mark(shingle, this.#stamp);
      if (this.#own.size <= this.#limits.shingleLimit) return;
      // Too many to count: only those a held-out query holds are kept from now on.
      this.#held = new Set([...this.#own].filter((s) => held.has(s)));
      this.#own = undefined;
    } else if (held.has(shingle)) {
      this.#held!.add(shingle);
    }
  }
}
