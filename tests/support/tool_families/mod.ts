/**
 * The model families the emulator speaks, by tool-call parser name.
 *
 * @module
 */

import type { ToolFamily } from "./family.ts";
import { hermes } from "./hermes.ts";
import { llama3Json, llama4Json } from "./llama3_json.ts";

export type { FamilyParse, ToolFamily } from "./family.ts";

/** Every family, by its parser's name. */
export const TOOL_FAMILIES: ReadonlyMap<string, ToolFamily> = new Map(
  [hermes, llama3Json, llama4Json].map((f) => [f.parser, f]),
);
