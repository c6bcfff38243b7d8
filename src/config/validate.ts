/**
 * Validates an `assess.yaml`: the file rules, the JSON Schema `schema/assess.schema.json`, then the
 * rules a schema cannot say. Every refusal is found in one pass and returned as data.
 *
 * @module
 */

import { decodeUtf8, JsonSyntaxError } from "../json/strict_json.ts";
import { validate as schemaCheck } from "./_schema_check.js";
import { schemaIssues } from "./_schema_issues.ts";
import { type Plain, ruleIssues, samplingSeed, scorerName } from "./_rules.ts";
import { lineLocator, readYaml, type YamlNode } from "./_yaml.ts";
import type {
  AdapterConfig,
  BatchInvariance,
  Config,
  GuardCategory,
  ServerConfig,
} from "./config.ts";
import { oneLine } from "../text/one_line.ts";
import { ConfigError, type ConfigIssue, sortIssues } from "./config_issue.ts";

/** The largest file read: 1 MiB. A larger one is refused before it is parsed. */
export const MAX_CONFIG_BYTES = 1_048_576;

export {
  MAX_SAMPLING_SEED,
  MAX_WHOLE_NUMBER,
  MIN_SAMPLING_SEED,
  THINKING_MIN_TOKENS,
} from "./_rules.ts";

/** What validation needs besides the file. */
export interface ValidateOptions {
  /**
   * Finds a scorer by name, for `scorer.name` and `server.toolCallParser`: its name and the
   * tool-call parsers it knows (absent: any `server.toolCallParser` is accepted). Pass
   * `lookupScorer` from the registry for the built-in scorer and the registered ones (a scorer
   * has both members).
   */
  readonly lookupScorer: (
    name: string,
  ) => { readonly name: string; readonly toolCallParsers?: readonly string[] } | undefined;
}

/** What validation gives: the typed configuration when there is no issue, and the issues. */
export interface ValidateResult {
  /** The configuration with defaults filled in; present exactly when `issues` is empty. */
  readonly config?: Config;
  /** Every refusal, sorted by path. */
  readonly issues: readonly ConfigIssue[];
}

/**
 * Validates the text (or UTF-8 bytes) of an `assess.yaml` and returns every refusal, sorted by
 * path, with the typed configuration when there is none. Never throws for any input: a file that
 * cannot be read as YAML is an issue too (only a `lookupScorer` that throws makes it throw).
 * Reads nothing but its arguments: no file, no environment, no clock.
 *
 * @param source The file's UTF-8 bytes, or its text.
 * @param options How to find scorers.
 * @returns The configuration (when accepted) and the issues.
 *
 * @example
 * ```ts
 * import { validateConfig } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const { config, issues } = validateConfig("version: 2\n", { lookupScorer: () => undefined });
 * assert.equal(config, undefined);
 * assert.deepEqual(issues[0], { path: "", message: "missing property 'dataset'" });
 * assert.deepEqual(issues.at(-1), { path: "version", message: "value must be 1" });
 * ```
 */
export function validateConfig(
  source: string | Uint8Array,
  options: ValidateOptions,
): ValidateResult {
  let text: string;
  if (typeof source === "string") {
    const bytes = utf8Length(source);
    if (bytes > MAX_CONFIG_BYTES) return { issues: [tooLargeIssue()] };
    text = source;
  } else {
    if (source.length > MAX_CONFIG_BYTES) return { issues: [tooLargeIssue()] };
    try {
      text = decodeUtf8(source, { bom: "drop" });
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      const at = error.offset;
      return { issues: [{ path: "", message: `the file is not UTF-8: byte ${at} is not valid` }] };
    }
  }

  const issues: ConfigIssue[] = [];
  const locate = lineLocator(text);
  for (let i = text.indexOf("${"); i >= 0; i = text.indexOf("${", i + 2)) {
    const { line, column } = locate(i);
    issues.push({
      path: "",
      message: "${ is refused, since nothing is interpolated",
      line,
      column,
    });
  }
  const read = readYaml(text);
  for (const issue of read.issues) issues.push(issue); // not push(...): there may be very many
  if (read.empty) issues.push({ path: "", message: "the file holds no YAML document" });
  if (read.root === undefined) return { issues: sortIssues(issues.map(fitted)) };

  const value = toPlain(read.root, new Map());
  // The check fills in the schema's defaults where the file leaves a key out (every default is
  // written there and nowhere else), so the rules and the typed configuration read them.
  const valid = schemaCheck(value);
  const fromSchema = valid ? [] : schemaIssues(schemaCheck.errors ?? []);
  const name = scorerName(value);
  const scorer = name === undefined ? undefined : options.lookupScorer(name);
  const rules = ruleIssues({ value, root: read.root, scorer });
  for (const issue of fromSchema) if (!rules.replaces.has(issue.path)) issues.push(issue);
  for (const issue of rules.issues) issues.push(issue);
  if (issues.length > 0) return { issues: sortIssues(issues.map(fitted)) };
  const seed = samplingSeed(read.root);
  return { config: typedConfig(value, typeof seed === "bigint" ? seed : 0n), issues: [] };
}

/**
 * Validates an `assess.yaml` and returns the typed configuration, defaults filled in, or throws
 * every refusal at once.
 *
 * @param source The file's UTF-8 bytes, or its text.
 * @param options How to find scorers.
 * @returns The configuration.
 * @throws {ConfigError} When anything is refused; its `issues` hold every refusal, sorted.
 *
 * @example
 * ```ts
 * import { ConfigError, parseConfig } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * assert.throws(
 *   () => parseConfig("version: 1\n", { lookupScorer: () => undefined }),
 *   (e: unknown) => e instanceof ConfigError && e.issues[0]?.message === "missing property 'dataset'",
 * );
 * ```
 */
export function parseConfig(source: string | Uint8Array, options: ValidateOptions): Config {
  const { config, issues } = validateConfig(source, options);
  if (config === undefined) throw new ConfigError(issues);
  return config;
}

/** The issue with its path and message on one line each. */
function fitted(issue: ConfigIssue): ConfigIssue {
  return { ...issue, path: oneLine(issue.path), message: oneLine(issue.message) };
}

/**
 * The refusal of a file over {@linkcode MAX_CONFIG_BYTES}, for a reader that refuses it before
 * reading it (as the command line does, from the size the file reports).
 *
 * @returns The issue, for the file as a whole.
 *
 * @example
 * ```ts
 * import { tooLargeIssue } from "./validate.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(tooLargeIssue().path, "");
 * ```
 */
export function tooLargeIssue(): ConfigIssue {
  return {
    path: "",
    message: `the file is over 1 MiB (${MAX_CONFIG_BYTES} bytes), the most that is read`,
  };
}

function utf8Length(text: string): number {
  if (text.length * 3 <= MAX_CONFIG_BYTES) return text.length; // small enough either way
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d < 0xe000) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/** The tree as plain values (objects without a prototype); a shared node stays shared. */
function toPlain(node: YamlNode, done: Map<YamlNode, Plain>): Plain {
  const seen = done.get(node);
  if (seen !== undefined) return seen;
  let plain: Plain;
  if (node.kind === "scalar") {
    plain = node.value;
  } else if (node.kind === "sequence") {
    const items: Plain[] = [];
    done.set(node, items);
    for (const item of node.items) items.push(toPlain(item, done));
    plain = items;
  } else {
    const object = Object.create(null) as { [key: string]: Plain };
    done.set(node, object);
    for (const [key, value] of node.entries) object[key] = toPlain(value, done);
    plain = object;
  }
  done.set(node, plain);
  return plain;
}

type Obj = { readonly [key: string]: Plain };

/**
 * The typed configuration of a value the schema and the rules accepted, its defaults filled in by
 * the schema check.
 */
function typedConfig(value: Plain, samplingSeed: bigint): Config {
  // deno-lint-ignore no-explicit-any
  const v = value as any;
  const s = v.server;
  const server: ServerConfig = {
    ...(s.url === undefined ? {} : { url: s.url as string }),
    ...(s.urls === undefined ? {} : { urls: [...s.urls as string[]] }),
    ...(s.manifest === undefined ? {} : { manifest: s.manifest as string }),
    ...(s.toolCallParser === undefined ? {} : { toolCallParser: s.toolCallParser as string }),
    ...(s.reasoningParser === undefined ? {} : { reasoningParser: s.reasoningParser as string }),
    insecure: s.insecure as boolean,
  };
  const adapters: AdapterConfig[] = (v.models.adapters as Obj[]).map((a) => ({
    name: a.name as string,
    ...(a.path === undefined ? {} : { path: a.path as string }),
    ...(a.step === undefined ? {} : { step: a.step as number }),
  }));
  return {
    version: 1,
    server,
    dataset: {
      kind: v.dataset.kind,
      path: v.dataset.path,
      sha256: v.dataset.sha256,
      maxBytes: v.dataset.maxBytes,
      ...(v.dataset.source === undefined
        ? {}
        : { source: { repo: v.dataset.source.repo, revision: v.dataset.source.revision } }),
    },
    split: {
      seed: v.split.seed,
      size: v.split.size,
      ...(v.split.confirm === undefined ? {} : { confirm: v.split.confirm as number }),
    },
    scorer: { name: v.scorer.name, ordering: v.scorer.ordering as "any" | "strict" },
    prompt: { system: v.prompt.system },
    models: { baseline: v.models.baseline, adapters },
    sampling: {
      temperature: v.sampling.temperature,
      topP: v.sampling.topP,
      seed: samplingSeed,
      maxTokens: v.sampling.maxTokens,
      samples: v.sampling.samples as number,
    },
    thinking: { mode: v.thinking.mode, templateKey: v.thinking.templateKey },
    serving: {
      batchInvariant: v.serving.batchInvariant as BatchInvariance,
      probe: v.serving.probe,
      concurrency: v.serving.concurrency,
      ...(v.serving.routingHeader === undefined
        ? {}
        : { routingHeader: v.serving.routingHeader as string }),
    },
    decision: {
      margin: v.decision.margin as number,
      guard: [...(v.decision.guard as GuardCategory[])],
    },
    probes: (v.probes as Plain[]).map((probe): Config["probes"][number] =>
      typeof probe === "string"
        ? probe as Extract<Config["probes"][number], string>
        : (probe as Obj).distractors !== undefined
        ? { distractors: (probe as Obj).distractors as number }
        : { system: [...((probe as Obj).system as (string | null)[])] }
    ),
  };
}
