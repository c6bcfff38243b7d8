/**
 * Validates an `assess.yaml`: the file rules, the JSON Schema `schema/assess.schema.json`, then the
 * rules a schema cannot say. Every refusal is found in one pass and returned as data.
 *
 * @module
 */

import { decodeUtf8, JsonSyntaxError } from "../json/strict_json.ts";
import { validate as schemaCheck } from "./_schema_check.js";
import { schemaIssues, show } from "./_schema_issues.ts";
import { serverUrlProblems, serverUrlsProblems } from "./server_url.ts";
import { lineLocator, readYaml, type YamlNode } from "./_yaml.ts";
import type {
  AdapterConfig,
  BatchInvariance,
  Config,
  GuardCategory,
  ServerConfig,
} from "./config.ts";
import { firstUnprintable, oneLine } from "../text/one_line.ts";
import { ConfigError, type ConfigIssue, sortIssues } from "./config_issue.ts";

/** The largest file read: 1 MiB. A larger one is refused before it is parsed. */
export const MAX_CONFIG_BYTES = 1_048_576;

/** The largest whole number accepted anywhere but `sampling.seed`. */
export const MAX_WHOLE_NUMBER = 2_147_483_647;

/** The smallest `sampling.seed`: the least signed 64-bit integer. */
export const MIN_SAMPLING_SEED: bigint = -(2n ** 63n);

/** The largest `sampling.seed`: the greatest signed 64-bit integer. */
export const MAX_SAMPLING_SEED: bigint = 2n ** 63n - 1n;

/** The least `sampling.maxTokens` with `thinking.mode: on`. */
export const THINKING_MIN_TOKENS = 2048;

/** What validation needs to know of a scorer: its name and the tool-call parsers it knows. */
export interface ScorerInfo {
  /** The scorer's name. */
  readonly name: string;
  /** The tool-call parsers it knows; absent: any `server.toolCallParser` is accepted. */
  readonly toolCallParsers?: readonly string[];
}

/** What validation needs besides the file. */
export interface ValidateOptions {
  /**
   * Finds a scorer by name, for `scorer.name` and `server.toolCallParser`. Pass `lookupScorer`
   * from the registry for the built-in scorer and the registered ones (a scorer is a
   * {@linkcode ScorerInfo}).
   */
  readonly lookupScorer: (name: string) => ScorerInfo | undefined;
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
      message: `line ${line}, column ${column}: \${ is refused, since nothing is interpolated`,
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
  const rules = ruleIssues(value, read.root, options);
  for (const issue of fromSchema) if (!rules.replaces.has(issue.path)) issues.push(issue);
  for (const issue of rules.issues) issues.push(issue);
  if (issues.length > 0) return { issues: sortIssues(issues.map(fitted)) };
  return { config: typedConfig(value, rules.samplingSeed ?? 0n), issues: [] };
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
  return { path: oneLine(issue.path), message: oneLine(issue.message) };
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

type Plain = string | number | boolean | null | Plain[] | { [key: string]: Plain };

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

function isObject(value: Plain | undefined): value is Obj {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function member(value: Plain | undefined, key: string): Plain | undefined {
  return isObject(value) ? value[key] : undefined;
}

function nodeAt(root: YamlNode, keys: readonly string[]): YamlNode | undefined {
  let node: YamlNode | undefined = root;
  for (const key of keys) {
    if (node?.kind !== "mapping") return undefined;
    node = node.entries.get(key);
  }
  return node;
}

function isWhole(value: Plain | undefined): value is number {
  return typeof value === "number" && Number.isInteger(value);
}

const DECIMAL = /^([-+]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([-+]?[0-9]+))?$/;

/**
 * The exact whole number a core-schema number's text stands for: a bigint, `"fraction"` when it
 * has one, `"huge"` when it is far beyond 64 bits.
 */
function exactWhole(text: string): bigint | "fraction" | "huge" {
  if (/^0o[0-7]+$/.test(text)) return BigInt(`0o${text.slice(2)}`);
  if (/^0x[0-9a-fA-F]+$/.test(text)) return BigInt(`0x${text.slice(2)}`);
  const m = DECIMAL.exec(text);
  if (!m) return "fraction";
  const negative = m[1] === "-";
  const whole = m[2] ?? "";
  const fraction = m[3] ?? "";
  let digits = (whole + fraction).replace(/^0+/, "");
  let exponent = Number(m[4] ?? "0") - fraction.length;
  if (digits === "") return 0n;
  while (exponent < 0 && digits.endsWith("0")) {
    digits = digits.slice(0, -1);
    exponent++;
  }
  if (exponent < 0) return "fraction";
  if (digits.length + exponent > 40) return "huge";
  const magnitude = BigInt(digits) * 10n ** BigInt(exponent);
  return negative ? -magnitude : magnitude;
}

interface Rules {
  readonly issues: ConfigIssue[];
  /** Paths whose schema issues a rule's issue replaces. */
  readonly replaces: ReadonlySet<string>;
  readonly samplingSeed: bigint | undefined;
}

/** The rules a schema cannot say. Each reads only values of the type the schema wants. */
function ruleIssues(value: Plain, root: YamlNode, options: ValidateOptions): Rules {
  const issues: ConfigIssue[] = [];
  const replaces = new Set<string>();
  const add = (path: string, message: string) => issues.push({ path, message });

  // split.seed that YAML reads as a number.
  const splitSeed = nodeAt(root, ["split", "seed"]);
  if (splitSeed?.kind === "scalar" && typeof splitSeed.value === "number") {
    add(
      "split.seed",
      `YAML reads ${splitSeed.text} as a number; put it in quotes ("${splitSeed.text}") to use it as the seed`,
    );
    replaces.add("split.seed");
  }

  // sampling.seed, exactly.
  let samplingSeed: bigint | undefined;
  const seedNode = nodeAt(root, ["sampling", "seed"]);
  if (seedNode?.kind === "scalar" && isWhole(seedNode.value)) {
    const exact = exactWhole(seedNode.text);
    if (exact === "fraction") {
      add("sampling.seed", "value must be a whole number");
    } else if (exact === "huge" || exact < MIN_SAMPLING_SEED || exact > MAX_SAMPLING_SEED) {
      add(
        "sampling.seed",
        `value must fit in 64 bits: ${MIN_SAMPLING_SEED} to ${MAX_SAMPLING_SEED}`,
      );
    } else {
      samplingSeed = exact;
    }
  }

  // server.url and server.urls, never repeated.
  const server = member(value, "server");
  const url = member(server, "url");
  const insecure = member(server, "insecure") === true;
  if (typeof url === "string") {
    for (const problem of serverUrlProblems(url, insecure)) add("server.url", problem);
  }
  const urls = member(server, "urls");
  if (Array.isArray(urls)) {
    if (url !== undefined) {
      add(
        "server.urls",
        "server.url is given too: give one of the two (a single URL may be either)",
      );
    }
    for (const problem of serverUrlsProblems(urls, insecure)) {
      add(`server.urls${problem.at === null ? "" : `.${problem.at}`}`, problem.problem);
    }
  }

  // scorer.name, and the tool-call parsers the scorer knows.
  const scorerName = member(member(value, "scorer"), "name");
  if (typeof scorerName === "string" && scorerName !== "") {
    const scorer = options.lookupScorer(scorerName);
    if (scorer === undefined) {
      add("scorer.name", `no scorer named ${show(scorerName)} is registered`);
    } else {
      const parser = member(server, "toolCallParser");
      const known = scorer.toolCallParsers;
      if (typeof parser === "string" && parser !== "" && known && !known.includes(parser)) {
        add(
          "server.toolCallParser",
          known.length === 0
            ? `the scorer ${scorer.name} knows no tool-call parser, and ${show(parser)} is not one`
            : `${show(parser)} is not a tool-call parser the scorer ${scorer.name} knows: ${
              known.map(show).join(", ")
            }`,
        );
      }
    }
  }

  // Adapters: named twice, or with the baseline's name.
  const models = member(value, "models");
  const baseline = member(models, "baseline");
  const adapters = member(models, "adapters");
  if (Array.isArray(adapters)) {
    const first = new Map<string, number>();
    adapters.forEach((adapter, i) => {
      const name = member(adapter, "name");
      if (typeof name !== "string" || name === "") return;
      const path = `models.adapters.${i}.name`;
      if (name === baseline) add(path, `${name} is the baseline, which is scored already`);
      const before = first.get(name);
      if (before === undefined) first.set(name, i);
      else add(path, `${name} is named twice, first at models.adapters.${before}.name`);
    });
  }

  // The token floor with thinking on.
  const mode = member(member(value, "thinking"), "mode");
  const maxTokens = member(member(value, "sampling"), "maxTokens");
  if (mode === "on" && isWhole(maxTokens) && maxTokens >= 1 && maxTokens < THINKING_MIN_TOKENS) {
    add(
      "sampling.maxTokens",
      `value must be at least ${THINKING_MIN_TOKENS} when thinking.mode is on`,
    );
  }

  // Texts printed later (names in progress lines and reports, paths in messages): no control
  // or bidirectional character, which would reach the terminal or reorder what follows.
  // prompt.system is only sent, never printed, and may hold line breaks.
  unprintable(value, "", (path, message) => {
    if (path !== "prompt.system") add(path, message);
  });

  // The probe.
  const serving = member(value, "serving");
  const probe = member(serving, "probe");
  const invariance = member(serving, "batchInvariant");
  if (probe === 0 && (invariance === "required" || invariance === "asserted")) {
    add("serving.probe", `0 probes nothing, and serving.batchInvariant is ${invariance}`);
  }
  const size = member(member(value, "split"), "size");
  if (
    isWhole(probe) && isWhole(size) && size >= 1 && size <= MAX_WHOLE_NUMBER && probe > size &&
    probe <= MAX_WHOLE_NUMBER
  ) {
    add("serving.probe", `value must be at most split.size, which is ${size}`);
  }
  // A guarded category named twice.
  const guard = member(member(value, "decision"), "guard");
  if (Array.isArray(guard)) {
    const first = new Map<Plain, number>();
    guard.forEach((category, i) => {
      if (typeof category !== "string") return;
      const before = first.get(category);
      if (before === undefined) first.set(category, i);
      else {add(
          `decision.guard.${i}`,
          `${category} is named twice, first at decision.guard.${before}`,
        );}
    });
  }
  return { issues, replaces, samplingSeed };
}

/** Reports each string of the tree that holds a character `oneLine` would escape. */
function unprintable(
  value: Plain,
  path: string,
  add: (path: string, message: string) => void,
  done = new Set<Plain>(),
): void {
  if (typeof value === "string") {
    const at = firstUnprintable(value);
    if (at < 0) return;
    const code = value.charCodeAt(at).toString(16).toUpperCase().padStart(4, "0");
    add(
      path,
      `holds U+${code} at character ${at + 1}: a control or bidirectional character is ` +
        "refused in a text assess prints",
    );
    return;
  }
  if (value === null || typeof value !== "object" || done.has(value)) return;
  done.add(value); // an alias shares its node: visited once
  const at = (key: string) => path === "" ? key : `${path}.${key}`;
  if (Array.isArray(value)) value.forEach((item, i) => unprintable(item, at(String(i)), add, done));
  else for (const key in value) unprintable(value[key]!, at(key), add, done);
}

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
  }));
  return {
    version: 1,
    server,
    dataset: {
      kind: "xlam-function-calling",
      path: v.dataset.path,
      sha256: v.dataset.sha256,
      source: { repo: v.dataset.source.repo, revision: v.dataset.source.revision },
    },
    split: { seed: v.split.seed, size: v.split.size },
    scorer: { name: v.scorer.name, ordering: v.scorer.ordering as "any" | "strict" },
    prompt: { system: v.prompt.system },
    models: { baseline: v.models.baseline, adapters },
    sampling: {
      temperature: v.sampling.temperature,
      topP: v.sampling.topP,
      seed: samplingSeed,
      maxTokens: v.sampling.maxTokens,
    },
    thinking: { mode: v.thinking.mode, templateKey: v.thinking.templateKey },
    serving: {
      batchInvariant: v.serving.batchInvariant as BatchInvariance,
      probe: v.serving.probe,
      concurrency: v.serving.concurrency,
    },
    decision: {
      margin: v.decision.margin as number,
      guard: [...(v.decision.guard as GuardCategory[])],
    },
  };
}
