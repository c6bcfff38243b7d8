/**
 * A model family as the emulator speaks it: how a model of the family writes calls in its own
 * markup (special tokens included), and a port of the vLLM tool-call parser that reads them
 * (`vllm serve --tool-call-parser NAME`, the non-streaming `extract_tool_calls`). One file per
 * family in this folder; `mod.ts` lists them.
 *
 * @module
 */

import type { Call } from "../scripted_model.ts";
import type { ParsedCall } from "../vllm_parsers.ts";
import type { VllmVersion } from "./serving.ts";

/** What a vLLM tool-call parser makes of a model's raw text (non-streaming). */
export interface FamilyParse {
  /** Whether the parser returned calls (`tools_called`). */
  readonly toolsCalled: boolean;
  /** The calls, empty when none; `arguments` as the text vLLM sends. */
  readonly calls: readonly ParsedCall[];
  /** The `content` vLLM returns beside (or instead of) the calls, or null. */
  readonly content: string | null;
}

/** A model family: its markup and its parser's port. */
export interface ToolFamily {
  /** The parser's name, as `--tool-call-parser` takes it. */
  readonly parser: string;
  /** Whether one reply can hold several calls in the family's markup. */
  readonly parallel: boolean;
  /**
   * The raw text a model of the family generates for these calls (one or more; one when not
   * `parallel`), with `content` written before them where the family allows text beside calls.
   */
  write(calls: readonly Call[], content?: string): string;
  /**
   * A raw text where the model tries these calls in the family's markup but the parser cannot
   * decode them (a slip a model makes: a brace missing, a quote wrong), picked by `u` in [0, 1).
   */
  undecodable(calls: readonly Call[], u: number): string;
  /**
   * The raw text a model of the family generates when it answers in words, calling nothing;
   * absent when that is the words themselves (every family but gpt-oss's harmony).
   */
  plain?(text: string): string;
  /**
   * A port of the parser's non-streaming extraction, from vLLM's source. `tools` is the request's
   * `tools` member as sent (OpenAI function tools), which some parsers read to type the values
   * they find (`qwen3_coder`, `qwen3_xml`, `glm45`); undefined when the request sent none.
   */
  extract(text: string, tools?: readonly unknown[]): FamilyParse;
  /**
   * The parser a vLLM version serves under this name where it is not {@linkcode extract}'s (a
   * newer class the registry maps the name to); {@linkcode familyExtract} picks. Default none.
   */
  readonly extractByVersion?: Partial<
    Record<VllmVersion, (text: string, tools?: readonly unknown[]) => FamilyParse>
  >;
  /**
   * The special tokens (as the tokenizer marks them) that the family's markup holds: vLLM's
   * detokenizer drops them from the text the parser sees when the request's
   * `skip_special_tokens` is true (its default), unless {@linkcode keepsSpecialTokens}. Default
   * none.
   */
  readonly specialTokens?: readonly string[];
  /**
   * Whether the parser's `adjust_request` sets `skip_special_tokens = False` when the request has
   * tools and `tool_choice` is not `"none"` (as hermes and mistral do), so that the tokens reach
   * it. Default false (vLLM's base `ToolParser.adjust_request` leaves it).
   */
  readonly keepsSpecialTokens?: boolean;
}

/**
 * What a port throws where vLLM's parser raises and nothing in vLLM catches it: the request then
 * fails, as vLLM's `create_error_response` maps the exception (a `ValueError` or `TypeError`,
 * pydantic's `ValidationError` among them: 400 `BadRequestError`; any other, such as a
 * `KeyError`: 500 `InternalServerError`).
 */
export class ParserRaised extends Error {
  /** The Python exception's class. */
  readonly pythonType: "ValueError" | "TypeError" | "KeyError";
  /**
   * @param pythonType The Python exception's class.
   * @param message Its message.
   */
  constructor(pythonType: "ValueError" | "TypeError" | "KeyError", message: string) {
    super(message);
    this.name = "ParserRaised";
    this.pythonType = pythonType;
  }

  /** The HTTP status vLLM answers with: 400 for a `ValueError` or `TypeError`, else 500. */
  get status(): 400 | 500 {
    return this.pythonType === "KeyError" ? 500 : 400;
  }
}

/**
 * The family's parser as a vLLM version serves it: {@linkcode ToolFamily.extractByVersion}'s for
 * that version, else {@linkcode ToolFamily.extract}.
 *
 * @param family The family.
 * @param version The vLLM generation.
 * @returns The non-streaming extraction that version runs.
 */
export function familyExtract(
  family: ToolFamily,
  version: VllmVersion,
): (text: string, tools?: readonly unknown[]) => FamilyParse {
  return family.extractByVersion?.[version] ?? family.extract;
}
