/**
 * One record of a training file as the leak check reads it: its turns, read by `JSON.parse` at
 * once; and what only comparing an answer needs, read when first asked: each turn's answer key, and
 * its calls with their numbers as written (by the strict reader).
 *
 * @module
 */

import { parseJson } from "../json/strict_json.ts";
import type { ReplyCall } from "../score/scorer.ts";
import { type Turn, turnsOf, type TurnText } from "./_examples.ts";
import { answerKey } from "./_arguments.ts";
import { type SiblingCalls, siblingCalls } from "./_sibling.ts";
import { TrainingFileError } from "./training_file_error.ts";

/** A record of the training file, and the line it starts on. */
export class TrainingLine {
  /** The line the record starts on, from 1. */
  readonly line: number;
  /** Its turns, read loosely: arguments as the record holds them. */
  readonly turns: readonly Turn[];
  readonly #text: string;
  readonly #turnText: TurnText;
  /** The turns read exactly; null when the strict reader refuses the record (no answer equals it). */
  #exact: readonly Turn[] | null | undefined;
  /** Each turn's calls read exactly, once asked. */
  readonly #exactCalls: (ReplyCall[] | undefined)[] = [];
  /** Each turn's answer key; null until asked. */
  readonly #keys: (string | undefined | null)[];
  /** Each turn's calls read for the sibling check; null until asked. */
  readonly #siblingCalls: (SiblingCalls | undefined | null)[];

  /**
   * @param text The record's text.
   * @param line The line it starts on.
   * @param turnText What a chat example's turn holds as its text (`turnsOf`): `conversation` when
   *   the held-out items bring their own messages.
   * @throws {TrainingFileError} When the text is not JSON, or not a chat example or dataset row.
   */
  constructor(text: string, line: number, turnText: TurnText = "message") {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      throw new TrainingFileError(line, `the text is not JSON (${(e as Error).message})`);
    }
    this.#text = text;
    this.#turnText = turnText;
    this.line = line;
    this.turns = turnsOf(value, line, "loose", turnText);
    this.#keys = new Array(this.turns.length).fill(null);
    this.#siblingCalls = new Array(this.turns.length).fill(null);
  }

  /** The answer key (`answerKey`) of turn `t`'s calls, computed once. */
  answerKey(t: number): string | undefined {
    if (this.#keys[t] === null) this.#keys[t] = answerKey(this.turns[t]!.calls);
    return this.#keys[t] as string | undefined;
  }

  /** Turn `t`'s calls read for the sibling check (`siblingCalls`), once. */
  siblingCalls(t: number): SiblingCalls | undefined {
    if (this.#siblingCalls[t] === null) this.#siblingCalls[t] = siblingCalls(this.turns[t]!.calls);
    return this.#siblingCalls[t] as SiblingCalls | undefined;
  }

  /**
   * Turn `t`'s calls with their arguments as JSON text, every number as written (the same list on
   * each call); undefined when the strict reader refuses the record.
   */
  exactCalls(t: number): readonly ReplyCall[] | undefined {
    if (this.#exact === undefined) {
      try {
        this.#exact = turnsOf(parseJson(this.#text), this.line, "exact", this.#turnText);
      } catch {
        this.#exact = null;
      }
    }
    return this.#exactCalls[t] ??= this.#exact?.[t]?.calls.map((c): ReplyCall => ({
      name: c.name,
      arguments: c.arguments as string,
    }));
  }
}
