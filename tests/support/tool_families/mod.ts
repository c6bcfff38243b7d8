/**
 * The model families the emulator speaks, by tool-call parser name.
 *
 * @module
 */

import type { ToolFamily } from "./family.ts";
import { hermes } from "./hermes.ts";
import { llama3Json, llama4Json } from "./llama3_json.ts";
import { mistral } from "./mistral.ts";
import { xlam } from "./xlam.ts";
import { granite } from "./granite.ts";
import { granite20bFc } from "./granite_20b_fc.ts";
import { phi4MiniJson } from "./phi4_mini_json.ts";

export { type FamilyParse, ParserRaised, type ToolFamily } from "./family.ts";

/** Every family, by its parser's name. */
export const TOOL_FAMILIES: ReadonlyMap<string, ToolFamily> = new Map(
  [hermes, llama3Json, llama4Json, mistral, xlam, granite, granite20bFc, phi4MiniJson].map((
    f,
  ) => [f.parser, f]),
);
