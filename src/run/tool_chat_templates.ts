/**
 * The chat templates vLLM gives for tool calling with a family's models, by tool-call parser:
 * the `--chat-template` of the `vllm serve` lines in vLLM's docs (`docs/features/tool_calling.md`)
 * or, for a parser the docs give no line for, in vLLM's `examples/`. A parser not listed needs
 * none (the model's own template handles tools). `reference/run.md` gives the whole line per
 * parser, and a test holds the two together.
 *
 * @module
 */

/** The `--chat-template` path (in vLLM's repository) by tool-call parser. */
export const TOOL_CHAT_TEMPLATES: ReadonlyMap<string, string> = new Map([
  ["llama3_json", "examples/tool_chat_template_llama3.1_json.jinja"],
  ["llama4_json", "examples/tool_chat_template_llama4_json.jinja"],
  ["llama4_pythonic", "examples/tool_chat_template_llama4_pythonic.jinja"],
  ["pythonic", "examples/tool_chat_template_llama3.2_pythonic.jinja"],
  ["xlam", "examples/tool_chat_template_xlam_llama.jinja"],
  ["granite-20b-fc", "examples/tool_chat_template_granite_20b_fc.jinja"],
  ["phi4_mini_json", "examples/tool_chat_template_phi4_mini.jinja"],
  ["deepseek_v3", "examples/tool_chat_template_deepseekv3.jinja"],
  ["deepseek_v31", "examples/tool_chat_template_deepseekv31.jinja"],
]);
