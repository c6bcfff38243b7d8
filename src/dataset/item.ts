/**
 * An item of the dataset, as the split, the scorer and the run see it.
 *
 * @module
 */

import type { JsonObject, JsonValue } from "../json/json_value.ts";

/** A call in a dataset answer: a tool's name and its arguments, numbers exact. */
export interface AnswerCall {
  /** The tool called. */
  readonly name: string;
  /** The arguments, usually an object. */
  readonly arguments: JsonValue;
}

/** A tool as it is sent to the server: its name, description and parameters as JSON Schema. */
export interface ToolSpec {
  /** The tool's name, as written. */
  readonly name: string;
  /** The tool's description, as written. */
  readonly description: string;
  /** A JSON Schema object built from the row's type words. */
  readonly parameters: JsonObject;
  /**
   * The parameters whose type words carry `, optional`, in the row's order; left out when none
   * does. Not sent (a parameter with a `default` is not required either): the lenient reading's
   * `optional-default` rule reads it.
   */
  readonly optional?: readonly string[];
}

/** One row of the dataset, read and checked. */
export interface Item {
  /** The row's `id`. */
  readonly id: number;
  /** The row's position in the file, from 0. */
  readonly index: number;
  /** The user's request. */
  readonly query: string;
  /** The tools offered, as sent. */
  readonly tools: readonly ToolSpec[];
  /** The dataset's answer: the calls a correct reply makes. */
  readonly answers: readonly AnswerCall[];
}
