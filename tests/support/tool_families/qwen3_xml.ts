/**
 * The qwen3_xml family: Qwen3-Coder's markup (see `qwen3_coder.ts`) under
 * `--tool-call-parser qwen3_xml`.
 *
 * vLLM's registry (`vllm/tool_parsers/__init__.py` at `0064cc9cb1ae57b1308015d48a57462fa27a68f2`)
 * serves `qwen3_xml` and `qwen3_coder` with one class, so the emulator reads this family with
 * the qwen3_coder port. The older `qwen3_xml` parser
 * (`vllm/entrypoints/openai/tool_parsers/qwen3xml_tool_parser.py` at
 * `07b13497a9b52274d334090a9a8e04d5ec9ca7e9`), a streaming XML reader over expat whose content
 * leaves out what follows a call's start, is not ported: a server that runs it can turn an
 * undecodable call into `no-call` where this port gives `unparsed-call` (reference/scorers.md).
 *
 * @module
 */

import type { ToolFamily } from "./family.ts";
import { qwen3Coder } from "./qwen3_coder.ts";

/** The qwen3_xml family. */
export const qwen3Xml: ToolFamily = { ...qwen3Coder, parser: "qwen3_xml" };
