/**
 * The model families the emulator speaks, by tool-call parser name.
 *
 * @module
 */

import type { ToolFamily } from "./family.ts";
import { hermes } from "./hermes.ts";

export type { FamilyParse, ToolFamily } from "./family.ts";

/** Every family, by its parser's name. */
export const TOOL_FAMILIES: ReadonlyMap<string, ToolFamily> = new Map(
  [hermes].map((f) => [f.parser, f]),
);
