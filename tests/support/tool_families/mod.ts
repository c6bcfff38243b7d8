/**
 * The model families the emulator speaks, by tool-call parser name.
 *
 * @module
 */

import { deepseekV3 } from "./deepseek_v3.ts";
import { deepseekV31 } from "./deepseek_v31.ts";
import type { ToolFamily } from "./family.ts";
import { glm45 } from "./glm45.ts";
import { hermes } from "./hermes.ts";
import { kimiK2 } from "./kimi_k2.ts";
import { llama3Json, llama4Json } from "./llama3_json.ts";
import { mistral } from "./mistral.ts";
import { xlam } from "./xlam.ts";
import { granite } from "./granite.ts";
import { granite20bFc } from "./granite_20b_fc.ts";
import { phi4MiniJson } from "./phi4_mini_json.ts";
import { llama4Pythonic } from "./llama4_pythonic.ts";
import { openai } from "./openai.ts";
import { pythonic } from "./pythonic.ts";
import { qwen3Coder } from "./qwen3_coder.ts";
import { qwen3Xml } from "./qwen3_xml.ts";

export { familyExtract, type FamilyParse, ParserRaised, type ToolFamily } from "./family.ts";

/** Every family, by its parser's name. */
export const TOOL_FAMILIES: ReadonlyMap<string, ToolFamily> = new Map(
  [
    hermes,
    llama3Json,
    llama4Json,
    pythonic,
    llama4Pythonic,
    qwen3Coder,
    qwen3Xml,
    deepseekV3,
    deepseekV31,
    glm45,
    kimiK2,
    openai,
    mistral,
    xlam,
    granite,
    granite20bFc,
    phi4MiniJson,
  ].map((f) => [f.parser, f]),
);
