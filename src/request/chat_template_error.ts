/**
 * The error of a chat template that cannot be used. Its own module, free of the Jinja engine, so
 * that the command line can know it without loading the engine.
 *
 * @module
 */

import type { ItemId } from "../dataset/item_id.ts";

/**
 * A chat template that cannot be used: the file is not a template or a tokenizer configuration
 * with one, the template does not parse, or it fails to render an item (then `itemId` names it).
 *
 * @example
 * ```ts
 * import { ChatTemplate } from "./chat_template.ts";
 * import { ChatTemplateError } from "./chat_template_error.ts";
 * import assert from "node:assert/strict";
 *
 * assert.throws(() => ChatTemplate.read("{% if %}", "t.jinja"), ChatTemplateError);
 * ```
 */
export class ChatTemplateError extends Error {
  /** The id of the item the template failed on; absent when it failed before any item. */
  readonly itemId?: ItemId;

  /**
   * Makes the error.
   *
   * @param message What is wrong, in plain words.
   * @param itemId The id of the item the template failed on, if any.
   */
  constructor(message: string, itemId?: ItemId) {
    super(message);
    this.name = "ChatTemplateError";
    if (itemId !== undefined) this.itemId = itemId;
  }
}
