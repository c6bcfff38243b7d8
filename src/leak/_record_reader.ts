/**
 * Cuts a training file into its records as its bytes arrive, keeping only the record not yet
 * complete: the lines of JSON Lines, or the elements of one JSON array (the dataset's own format,
 * which may be pretty-printed over many lines). Memory holds one record at a time, whatever the
 * file's size.
 *
 * @module
 */

import { TrainingFileError } from "./training_file_error.ts";

/** The two formats of a training file. */
export type TrainingFormat = "jsonl" | "array";

/** Called with each record's text and the line it starts on (from 1). */
export type TakeRecord = (text: string, line: number) => void;

const NL = 0x0a;
const BOM = [0xef, 0xbb, 0xbf];
const CR = 0x0d;
const LENIENT = new TextDecoder();
const STRICT = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === NL || byte === CR || byte === 0x09;
}

function shown(byte: number): string {
  return byte >= 0x21 && byte <= 0x7e ? JSON.stringify(String.fromCharCode(byte)) : `byte ${byte}`;
}

function notTraining(line: number, first: number): TrainingFileError {
  return new TrainingFileError(
    line,
    `the file is neither JSON Lines (a JSON object a line) nor a JSON array: it starts with ${
      shown(first)
    }`,
  );
}

function mib(bytes: number): string {
  return bytes % (1 << 20) === 0 ? `${bytes / (1 << 20)} MiB` : `${bytes} bytes`;
}

// States of the array scanner.
const OPEN = 0; // after "[": an element or "]"
const ELEMENT = 1; // inside an element
const AFTER = 2; // after an element: "," or "]"
const COMMA = 3; // after ",": an element
const DONE = 4; // after "]": nothing but white space

/**
 * The record reader: `push` each part of the file, then `end`. The format is told by the first
 * byte that is not white space (after a UTF-8 byte order mark): `[` starts a JSON array, `{` JSON
 * Lines (where blank lines are skipped and a line may end with `\r\n`). Throws
 * {@linkcode TrainingFileError} for anything else, a record larger than `maxBytes`, text that is
 * not UTF-8, and, in an array, an element that is not an object or anything between elements but
 * a comma. Each record's text is handed to `take` as it is (it is JSON-parsed there).
 */
export class RecordReader {
  readonly #max: number;
  readonly #take: TakeRecord;
  #format: TrainingFormat | undefined;
  #started = false;
  /** The first bytes, while they may be the start of a byte order mark. */
  #head = new Uint8Array(0);
  /** The line the next byte is on. */
  #line = 1;
  // The record not yet complete: its parts so far, their size, and the line it starts on.
  #parts: Uint8Array[] = [];
  #partBytes = 0;
  #recordLine = 1;
  // The array scanner's state.
  #state = OPEN;
  #depth = 0;
  #inString = false;
  #escaped = false;
  /** Whether the last byte read ends a line (or none was read). */
  #atLineStart = true;

  constructor(maxBytes: number, take: TakeRecord) {
    this.#max = maxBytes;
    this.#take = take;
  }

  /** The format, once its first byte has been read. */
  get format(): TrainingFormat | undefined {
    return this.#format;
  }

  /** How many lines the bytes so far hold (a last line without a newline counted). */
  get lines(): number {
    return this.#line - (this.#atLineStart ? 1 : 0);
  }

  /** Reads the next part of the file. */
  push(bytes: Uint8Array): void {
    let chunk = bytes;
    if (chunk.length === 0) return;
    let from = 0;
    if (!this.#started) {
      // A byte order mark, which may come in parts, is skipped.
      const head = this.#head.length > 0 ? concat([this.#head, chunk]) : chunk;
      const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
      if (head.length < 3 && head.every((b, i) => b === BOM[i])) {
        this.#head = head.slice();
        return;
      }
      this.#started = true;
      this.#head = new Uint8Array(0);
      chunk = head;
      if (bom) from = 3;
    }
    if (this.#format === undefined) {
      while (from < chunk.length && isSpace(chunk[from]!)) {
        if (chunk[from] === NL) this.#line++;
        from++;
      }
      this.#atLineStart = chunk[chunk.length - 1] === NL;
      if (from === chunk.length) return;
      const first = chunk[from]!;
      if (first === 0x5b) {
        this.#format = "array";
        from++;
      } else if (first === 0x7b) {
        this.#format = "jsonl";
      } else {
        throw notTraining(this.#line, first);
      }
    }
    this.#atLineStart = chunk[chunk.length - 1] === NL;
    if (this.#format === "jsonl") this.#pushLines(chunk, from);
    else this.#pushArray(chunk, from);
  }

  /** Reads the end of the file: the last line, or the check that the array was closed. */
  end(): void {
    if (!this.#started && this.#head.length > 0) throw notTraining(1, this.#head[0]!);
    if (this.#format === "jsonl") {
      if (this.#partBytes > 0) {
        const bytes = this.#joined(new Uint8Array(0));
        this.#lineRecord(decode(bytes, this.#line), this.#line);
      }
    } else if (this.#format === "array" && this.#state !== DONE) {
      throw new TrainingFileError(
        this.#state === ELEMENT ? this.#recordLine : this.lines,
        this.#state === ELEMENT
          ? "the file ends inside this element of the array"
          : "the file ends before the array is closed with ]",
      );
    }
  }

  // ---- JSON Lines ----

  #pushLines(chunk: Uint8Array, from: number): void {
    let start = from;
    const nl = chunk.indexOf(NL, start);
    if (this.#partBytes > 0) {
      // The end of a line begun in an earlier part.
      if (nl < 0) {
        this.#keep(chunk.subarray(start));
        return;
      }
      const bytes = this.#joined(chunk.subarray(start, nl));
      this.#lineRecord(decode(bytes, this.#line), this.#line);
      this.#line++;
      start = nl + 1;
    }
    const last = chunk.lastIndexOf(NL);
    if (last >= start) {
      // Every line wholly in this part, decoded at once (a newline byte is never inside a UTF-8
      // sequence, so the cut is between characters).
      const region = chunk.subarray(start, last);
      if (region.length > this.#max) this.#checkLineSizes(region);
      const text = decode(region, this.#line, region);
      let at = 0;
      for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", at)) {
        this.#lineRecord(text.slice(at, i), this.#line++);
        at = i + 1;
      }
      this.#lineRecord(text.slice(at), this.#line++);
      start = last + 1;
    }
    if (start < chunk.length) this.#keep(chunk.subarray(start));
  }

  #lineRecord(text: string, line: number): void {
    let end = text.length;
    if (end > 0 && text.charCodeAt(end - 1) === CR) end--;
    const body = end === text.length ? text : text.slice(0, end);
    const c = body.charCodeAt(0);
    if (body.length === 0 || ((c === 0x20 || c === 0x09) && body.trim() === "")) return;
    this.#take(body, line);
  }

  #checkLineSizes(region: Uint8Array): void {
    let at = 0;
    let line = this.#line;
    for (let nl = region.indexOf(NL);; nl = region.indexOf(NL, at)) {
      const end = nl < 0 ? region.length : nl;
      if (end - at > this.#max) this.#tooLarge(line);
      if (nl < 0) return;
      at = nl + 1;
      line++;
    }
  }

  // ---- One JSON array ----

  #pushArray(chunk: Uint8Array, from: number): void {
    let start = this.#state === ELEMENT ? from : -1;
    for (let i = from; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (this.#state === ELEMENT) {
        if (this.#inString) {
          if (this.#escaped) this.#escaped = false;
          else if (c === 0x5c) this.#escaped = true;
          else if (c === 0x22) this.#inString = false;
          else if (c === NL) this.#line++;
          continue;
        }
        if (c === 0x22) this.#inString = true;
        else if (c === 0x7b || c === 0x5b) this.#depth++;
        else if (c === NL) this.#line++;
        else if ((c === 0x7d || c === 0x5d) && --this.#depth === 0) {
          const bytes = this.#joined(chunk.subarray(start, i + 1));
          this.#take(decode(bytes, this.#recordLine), this.#recordLine);
          this.#state = AFTER;
          start = -1;
        }
        continue;
      }
      if (isSpace(c)) {
        if (c === NL) this.#line++;
        continue;
      }
      switch (this.#state) {
        case OPEN:
        case COMMA:
          if (c === 0x7b) {
            this.#state = ELEMENT;
            this.#depth = 1;
            this.#recordLine = this.#line;
            start = i;
          } else if (c === 0x5d && this.#state === OPEN) {
            this.#state = DONE;
          } else {
            throw new TrainingFileError(
              this.#line,
              c === 0x5d
                ? "the array has a comma before its ]"
                : `an element of the array is not a JSON object: it starts with ${shown(c)}`,
            );
          }
          break;
        case AFTER:
          if (c === 0x2c) this.#state = COMMA;
          else if (c === 0x5d) this.#state = DONE;
          else {
            throw new TrainingFileError(
              this.#line,
              `the array has ${shown(c)} after an element, where a comma or ] belongs`,
            );
          }
          break;
        default:
          throw new TrainingFileError(this.#line, `the array is followed by ${shown(c)}`);
      }
    }
    if (start >= 0) this.#keep(chunk.subarray(start));
  }

  // ---- The record not yet complete ----

  #keep(bytes: Uint8Array): void {
    if (this.#partBytes === 0) {
      this.#recordLine = this.#format === "jsonl" ? this.#line : this.#recordLine;
    }
    this.#partBytes += bytes.length;
    if (this.#partBytes > this.#max) this.#tooLarge(this.#recordLine);
    // Kept across parts: a copy, since the source may reuse its buffer.
    this.#parts.push(bytes.slice());
  }

  #joined(last: Uint8Array): Uint8Array {
    if (this.#partBytes === 0) {
      if (last.length > this.#max) {
        this.#tooLarge(this.#format === "jsonl" ? this.#line : this.#recordLine);
      }
      return last;
    }
    if (this.#partBytes + last.length > this.#max) this.#tooLarge(this.#recordLine);
    const out = concat([...this.#parts, last]);
    this.#parts = [];
    this.#partBytes = 0;
    return out;
  }

  #tooLarge(line: number): never {
    throw new TrainingFileError(
      line,
      `the ${this.#format === "array" ? "element" : "line"} is larger than ${
        mib(this.#max)
      }, the most one may hold`,
    );
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Decodes UTF-8: the fast lenient decoder, then, only when it wrote U+FFFD (which a file may also
 * hold as itself), the strict one, which refuses bytes that are not UTF-8 and names their line.
 */
function decode(bytes: Uint8Array, line: number, lines?: Uint8Array): string {
  const text = LENIENT.decode(bytes);
  if (!text.includes("\uFFFD")) return text;
  try {
    return STRICT.decode(bytes);
  } catch {
    let bad = line;
    if (lines !== undefined) {
      let at = 0;
      for (let nl = lines.indexOf(NL); nl >= 0; nl = lines.indexOf(NL, at), bad++) {
        if (!isUtf8(lines.subarray(at, nl))) break;
        at = nl + 1;
      }
    }
    throw new TrainingFileError(bad, "the text is not UTF-8");
  }
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    STRICT.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
