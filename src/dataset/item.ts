/**
 * An item of the dataset, as the split, the scorer and the run see it.
 *
 * @module
 */

import type { JsonObject, JsonValue } from "../json/json_value.ts";
import type { ItemId } from "./item_id.ts";

export type { ItemId } from "./item_id.ts";

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
  /** The row's `id`: an integer (xlam), or an integer or a string (chat-jsonl). */
  readonly id: ItemId;
  /** The row's position in the file, from 0. */
  readonly index: number;
  /** The user's request (for an item with its own messages: its last user message's text). */
  readonly query: string;
  /** The tools offered, as sent. */
  readonly tools: readonly ToolSpec[];
  /** The dataset's answer: the calls a correct reply makes. */
  readonly answers: readonly AnswerCall[];
  /**
   * The item's own messages (a `chat-jsonl` line's): when present, requests and training lines
   * send them instead of `query` as one user message, and the tools as the line writes them.
   */
  readonly chat?: {
    /** The prompt's messages (every message of the line but the last), without the brackets. */
    readonly messages: string;
    /**
     * Whether any of them is a system or developer message (wherever it stands): then
     * `prompt.system` is not added.
     */
    readonly hasSystem: boolean;
    /** The line's `tools` array as it is sent; `""` when it offers none. */
    readonly tools: string;
    /**
     * The answer's text: the `content` of the line's last message (the assistant's, beside its
     * calls or alone), which a training line writes; `""` or left out when it has none.
     */
    readonly answerText?: string;
  };
  /**
   * The item's cluster, when the dataset names one (a chat-jsonl line's `cluster`); else the
   * cluster is the set of its tools' names (`itemCluster`).
   */
  readonly cluster?: string;
  /**
   * The system prompt the item is asked with instead of `prompt.system` (a `system` probe's item);
   * `""` sends none. Absent: `prompt.system`.
   */
  readonly system?: string;
  /**
   * For a probe's item: the id of the held-out item it is a variant of, and the probe's name as
   * the item's id ends (`irrelevance`, `distractors-4`, `system-2`).
   */
  readonly probeOf?: { readonly id: ItemId; readonly probe: string };
}

/**
 * The prompt of an item that brings its own messages (a `chat-jsonl` line), as compact JSON text
 * with every number as the line writes it: what a request and a training line send as it is.
 */
export type ChatPrompt = NonNullable<Item["chat"]>;

/**
 * Items by their position in a list, each given when asked: an array of items is one, and a
 * `PackedItems` builds each item from its bytes when asked, so that a run holds no object per item.
 */
export interface ItemList {
  /** How many items. */
  readonly length: number;
  /**
   * The item at a position.
   *
   * @param position From 0.
   * @returns The item, or `undefined` past the end.
   */
  at(position: number): Item | undefined;
}
