/**
 * The rules of an `assess.yaml` that its JSON Schema cannot say, as a table of named rules. Each
 * reads only values of the type the schema wants, so that a value of another type is refused once,
 * by the schema. Private to `src/config/`.
 *
 * @module
 */

import { show } from "./_schema_issues.ts";
import { serverUrlProblems, serverUrlsProblems } from "./server_url.ts";
import type { YamlNode } from "./_yaml.ts";
import type { ConfigIssue } from "./config_issue.ts";
import { firstUnprintable } from "../text/one_line.ts";

/** The largest whole number accepted anywhere but `sampling.seed`. */
export const MAX_WHOLE_NUMBER = 2_147_483_647;

/** The smallest `sampling.seed`: the least signed 64-bit integer. */
export const MIN_SAMPLING_SEED: bigint = -(2n ** 63n);

/** The largest `sampling.seed`: the greatest signed 64-bit integer. */
export const MAX_SAMPLING_SEED: bigint = 2n ** 63n - 1n;

/**
 * The largest `dataset.maxBytes` for an `xlam-function-calling` file: 2^29 − 24, the most
 * characters a string holds in V8 (Deno's engine). That file is one JSON array, decoded to one
 * text and parsed whole, and a file of n bytes decodes to up to n characters.
 */
export const MAX_XLAM_DATASET_BYTES = 536_870_888;

/** The least `sampling.maxTokens` with `thinking.mode: on`. */
export const THINKING_MIN_TOKENS = 2048;

/**
 * The headers `serving.routingHeader` may not name (lowercase): those assess sends itself and
 * those HTTP reserves for the connection and the body's framing.
 */
const RESERVED_HEADERS: readonly string[] = [
  "content-type",
  "authorization",
  "x-request-id",
  "host",
  "content-length",
  "connection",
  "transfer-encoding",
];

/** What validation needs to know of a scorer: its name and the tool-call parsers it knows. */
export interface ScorerInfo {
  /** The scorer's name. */
  readonly name: string;
  /** The tool-call parsers it knows; absent: any `server.toolCallParser` is accepted. */
  readonly toolCallParsers?: readonly string[];
}

/** The file as plain values (objects without a prototype); a node an alias shares stays shared. */
export type Plain = string | number | boolean | null | Plain[] | { [key: string]: Plain };

/** What a rule reads. */
export interface RuleInput {
  /** The file as plain values, the schema's defaults filled in. */
  readonly value: Plain;
  /** The file as YAML nodes, for the text of a scalar as written. */
  readonly root: YamlNode;
  /** The scorer `scorer.name` names, looked up once; absent when none is registered by it. */
  readonly scorer: ScorerInfo | undefined;
}

/** A rule: its name, what it checks, and the refusals it finds. */
export interface Rule {
  /** The rule, in a few words. */
  readonly name: string;
  /** Whether its refusal of a path replaces the schema's refusals of that path. */
  readonly replacesSchema?: boolean;
  /** The refusals it finds in the file. */
  readonly check: (input: RuleInput) => readonly ConfigIssue[];
}

/** The rules, each named by what it checks. Their refusals are sorted afterwards. */
export const RULES: readonly Rule[] = [
  {
    name: "split.seed is text, not a number YAML read",
    replacesSchema: true,
    check: ({ root }) => {
      const node = nodeAt(root, ["split", "seed"]);
      if (node?.kind !== "scalar" || typeof node.value !== "number") return [];
      return [{
        path: "split.seed",
        message:
          `YAML reads ${node.text} as a number; put it in quotes ("${node.text}") to use it as the seed`,
      }];
    },
  },
  {
    name: "sampling.seed is a whole number in 64 bits, read exactly",
    check: ({ root }) => {
      const seed = samplingSeed(root);
      return seed === "fraction"
        ? [{ path: "sampling.seed", message: "value must be a whole number" }]
        : seed === "out of range"
        ? [{
          path: "sampling.seed",
          message: `value must fit in 64 bits: ${MIN_SAMPLING_SEED} to ${MAX_SAMPLING_SEED}`,
        }]
        : [];
    },
  },
  {
    name: "server.url is a URL assess may send to",
    check: ({ value }) => {
      const server = member(value, "server");
      const url = member(server, "url");
      if (typeof url !== "string") return [];
      const insecure = member(server, "insecure") === true;
      return serverUrlProblems(url, insecure).map((message) => ({ path: "server.url", message }));
    },
  },
  {
    name: "server.urls are URLs assess may send to, each once",
    check: ({ value }) => {
      const server = member(value, "server");
      const urls = member(server, "urls");
      if (!Array.isArray(urls)) return [];
      const insecure = member(server, "insecure") === true;
      return serverUrlsProblems(urls, insecure).map(({ at, problem }) => ({
        path: `server.urls${at === null ? "" : `.${at}`}`,
        message: problem,
      }));
    },
  },
  {
    name: "server.url and server.urls are not both given",
    check: ({ value }) => {
      const server = member(value, "server");
      if (!Array.isArray(member(server, "urls")) || member(server, "url") === undefined) return [];
      return [{
        path: "server.urls",
        message: "server.url is given too: give one of the two (a single URL may be either)",
      }];
    },
  },
  {
    name: "scorer.name is a registered scorer",
    check: ({ value, scorer }) => {
      const name = scorerName(value);
      if (name === undefined || scorer !== undefined) return [];
      return [{ path: "scorer.name", message: `no scorer named ${show(name)} is registered` }];
    },
  },
  {
    name: "server.toolCallParser is one the scorer knows",
    check: ({ value, scorer }) => {
      const parser = member(member(value, "server"), "toolCallParser");
      const known = scorer?.toolCallParsers;
      if (
        scorer === undefined || known === undefined || typeof parser !== "string" ||
        parser === "" || known.includes(parser)
      ) {
        return [];
      }
      return [{
        path: "server.toolCallParser",
        message: known.length === 0
          ? `the scorer ${scorer.name} knows no tool-call parser, and ${show(parser)} is not one`
          : `${show(parser)} is not a tool-call parser the scorer ${scorer.name} knows: ${
            known.map(show).join(", ")
          }`,
      }];
    },
  },
  {
    name: "no adapter has the baseline's name",
    check: ({ value }) => {
      const baseline = member(member(value, "models"), "baseline");
      return adapterNames(value).flatMap(([name, i]) =>
        name === baseline
          ? [{
            path: `models.adapters.${i}.name`,
            message: `${name} is the baseline, which is scored already`,
          }]
          : []
      );
    },
  },
  {
    name: "each adapter is named once",
    check: ({ value }) =>
      repeats(adapterNames(value)).map(([name, i, before]) => ({
        path: `models.adapters.${i}.name`,
        message: `${name} is named twice, first at models.adapters.${before}.name`,
      })),
  },
  {
    name: "each checkpoint's step is given once",
    check: ({ value }) => {
      const adapters = member(member(value, "models"), "adapters");
      if (!Array.isArray(adapters)) return [];
      const steps = adapters.flatMap((adapter, i): [string, number][] => {
        const step = member(adapter, "step");
        return isWhole(step) ? [[String(step), i]] : [];
      });
      return repeats(steps).map(([step, i, before]) => ({
        path: `models.adapters.${i}.step`,
        message: `step ${step} is given twice, first at models.adapters.${before}.step`,
      }));
    },
  },
  {
    name: "split.confirm has a checkpoint to confirm",
    check: ({ value }) => {
      const confirm = member(member(value, "split"), "confirm");
      const adapters = member(member(value, "models"), "adapters");
      if (typeof confirm !== "number") return [];
      const stepped = Array.isArray(adapters) &&
        adapters.some((adapter) => member(adapter, "step") !== undefined);
      return stepped ? [] : [{
        path: "split.confirm",
        message: "no adapter has a step: split.confirm confirms the checkpoint a sweep chooses",
      }];
    },
  },
  {
    // The report of several samples per item has no sweep: a sweep's steps and confirmation
    // would be silently ignored.
    name: "a sweep is asked once per item",
    check: ({ value }) => {
      const samples = member(member(value, "sampling"), "samples");
      if (!isWhole(samples) || samples <= 1) return [];
      const adapters = member(member(value, "models"), "adapters");
      const stepped = Array.isArray(adapters) &&
        adapters.some((adapter) => member(adapter, "step") !== undefined);
      const confirm = typeof member(member(value, "split"), "confirm") === "number";
      if (!stepped && !confirm) return [];
      const sweep = [
        ...(stepped ? ["models.adapters[].step"] : []),
        ...(confirm ? ["split.confirm"] : []),
      ].join(" and ");
      return [{
        path: "sampling.samples",
        message: `${samples} samples per item cannot go with a sweep (${sweep}): the report of ` +
          "several samples per item has no sweep; use samples: 1 or drop the steps and split.confirm",
      }];
    },
  },
  {
    name: "sampling.maxTokens leaves room to think with thinking.mode on",
    check: ({ value }) => {
      const mode = member(member(value, "thinking"), "mode");
      const maxTokens = member(member(value, "sampling"), "maxTokens");
      if (
        mode !== "on" || !isWhole(maxTokens) || maxTokens < 1 || maxTokens >= THINKING_MIN_TOKENS
      ) {
        return [];
      }
      return [{
        path: "sampling.maxTokens",
        message: `value must be at least ${THINKING_MIN_TOKENS} when thinking.mode is on`,
      }];
    },
  },
  {
    // Names in progress lines and reports, paths in messages: a control or bidirectional
    // character would reach the terminal or reorder what follows. prompt.system is only sent,
    // never printed, and may hold line breaks.
    name: "a text assess prints holds no control or bidirectional character",
    check: ({ value }) => {
      const issues: ConfigIssue[] = [];
      unprintable(value, "", (path, message) => {
        if (path !== "prompt.system" && !SYSTEM_PROBE_PROMPT.test(path)) {
          issues.push({ path, message });
        }
      });
      return issues;
    },
  },
  {
    name: "serving.probe probes something when batch invariance is required or asserted",
    check: ({ value }) => {
      const serving = member(value, "serving");
      const invariance = member(serving, "batchInvariant");
      if (
        member(serving, "probe") !== 0 || (invariance !== "required" && invariance !== "asserted")
      ) {
        return [];
      }
      return [{
        path: "serving.probe",
        message: `0 probes nothing, and serving.batchInvariant is ${invariance}`,
      }];
    },
  },
  {
    name: "serving.routingHeader is not a header assess sends itself or HTTP reserves",
    check: ({ value }) => {
      const header = member(member(value, "serving"), "routingHeader");
      if (typeof header !== "string" || !RESERVED_HEADERS.includes(header.toLowerCase())) {
        return [];
      }
      return [{
        path: "serving.routingHeader",
        message: `${header} is a header assess sends itself or HTTP reserves: name another`,
      }];
    },
  },
  {
    name: "serving.probe is at most split.size",
    check: ({ value }) => {
      const probe = member(member(value, "serving"), "probe");
      const size = member(member(value, "split"), "size");
      if (
        !isWhole(probe) || !isWhole(size) || size < 1 || size > MAX_WHOLE_NUMBER ||
        probe <= size || probe > MAX_WHOLE_NUMBER
      ) {
        return [];
      }
      return [{
        path: "serving.probe",
        message: `value must be at most split.size, which is ${size}`,
      }];
    },
  },
  {
    name: "dataset.source is given for an xlam dataset",
    check: ({ value }) => {
      const dataset = member(value, "dataset");
      if (!isObject(dataset) || dataset.kind !== "xlam-function-calling") return [];
      if (member(dataset, "source") !== undefined) return [];
      return [{
        path: "dataset",
        message: "missing property 'source' (required for an xlam-function-calling file)",
      }];
    },
  },
  {
    name: "dataset.maxBytes is within what an xlam file's reader holds",
    check: ({ value }) => {
      const dataset = member(value, "dataset");
      if (!isObject(dataset) || dataset.kind !== "xlam-function-calling") return [];
      const maxBytes = member(dataset, "maxBytes");
      // Over 1 GiB the schema refuses it.
      if (!isWhole(maxBytes) || maxBytes <= MAX_XLAM_DATASET_BYTES || maxBytes > 2 ** 30) return [];
      return [{
        path: "dataset.maxBytes",
        message: `value must be at most ${MAX_XLAM_DATASET_BYTES} for an xlam-function-calling ` +
          "file: it is read as one text, and a JavaScript string holds at most that many characters",
      }];
    },
  },
  {
    // The schema would say "got integer, want object" of 3 and "value must be one of" of
    // "irrelevant": one line naming the four forms says more.
    name: "each probe is one of the four forms",
    replacesSchema: true,
    check: ({ value }) =>
      probeList(value).flatMap((probe, i) => {
        const path = `probes.${i}`;
        if (typeof probe === "string") {
          return PROBE_NAMES.includes(probe) ? [] : [{
            path,
            message: `${show(probe)} is not a probe: ${PROBE_FORMS}`,
          }];
        }
        if (!isObject(probe)) {
          return [{ path, message: `${show(probe)} is not a probe: ${PROBE_FORMS}` }];
        }
        const keys = Object.keys(probe);
        if (keys.length === 1) return [];
        return [{
          path,
          message: keys.length === 0
            ? `an empty object is not a probe: ${PROBE_FORMS}`
            : `a probe has one key, and this one has ${keys.length} (${keys.join(", ")}): ` +
              "give each probe as an element of its own",
        }];
      }),
  },
  {
    name: "each probe is given once",
    check: ({ value }) => {
      const named = probeList(value).flatMap((probe, i): [string, number][] => {
        if (typeof probe === "string") return PROBE_NAMES.includes(probe) ? [[probe, i]] : [];
        if (!isObject(probe) || Object.keys(probe).length !== 1) return [];
        const distractors = member(probe, "distractors");
        if (isWhole(distractors)) return [[`{distractors: ${distractors}}`, i]];
        return Array.isArray(member(probe, "system")) ? [["system", i]] : [];
      });
      return repeats(named).map(([probe, i, before]) => ({
        path: `probes.${i}`,
        message: `${probe} is given twice, first at probes.${before}` +
          (probe === "system" ? ": list every prompt in one" : ""),
      }));
    },
  },
  {
    name: "a system probe lists each prompt once",
    check: ({ value }) =>
      probeList(value).flatMap((probe, i) => {
        const prompts = member(probe, "system");
        if (!Array.isArray(prompts)) return [];
        // "" sends no system message, as null does: the same prompt.
        const named = prompts.flatMap((prompt, j): [string, number][] =>
          typeof prompt === "string" || prompt === null
            ? [[JSON.stringify(prompt === "" ? null : prompt), j]]
            : []
        );
        return repeats(named).map(([, j, before]) => {
          const [prompt, first] = [prompts[j], prompts[before]];
          const none = prompt !== first
            ? ' ("" and null: no system prompt)'
            : prompt === null
            ? " (null: no system prompt)"
            : prompt === ""
            ? ' ("": no system prompt)'
            : "";
          return {
            path: `probes.${i}.system.${j}`,
            message: `the same prompt as probes.${i}.system.${before}${none}`,
          };
        });
      }),
  },
  {
    name: "decision.guard names each category once",
    check: ({ value }) => {
      const guard = member(member(value, "decision"), "guard");
      if (!Array.isArray(guard)) return [];
      const named = guard.flatMap((category, i): [string, number][] =>
        typeof category === "string" ? [[category, i]] : []
      );
      return repeats(named).map(([category, i, before]) => ({
        path: `decision.guard.${i}`,
        message: `${category} is named twice, first at decision.guard.${before}`,
      }));
    },
  },
];

/** The probes named by a word (the others are objects). */
const PROBE_NAMES: readonly Plain[] = ["irrelevance", "shuffled-tools"];

/** The four forms of a probe, as a refusal names them. */
const PROBE_FORMS =
  "give irrelevance, shuffled-tools, {distractors: N} or {system: [prompt or null, ...]}";

/** The path of a system probe's prompt: sent, never printed, as `prompt.system` is. */
const SYSTEM_PROBE_PROMPT = /^probes\.[0-9]+\.system\.[0-9]+$/;

/** The elements of `probes`, when it is a list. */
function probeList(value: Plain): readonly Plain[] {
  const probes = member(value, "probes");
  return Array.isArray(probes) ? probes : [];
}

/** What the rules find: the refusals, and the paths whose schema refusals they replace. */
export interface RuleIssues {
  readonly issues: readonly ConfigIssue[];
  /** Paths whose schema issues a rule's issue replaces. */
  readonly replaces: ReadonlySet<string>;
}

/**
 * Runs every rule of {@linkcode RULES} on the file.
 *
 * @param input The file, and its scorer.
 * @returns Every rule's refusals, unsorted, and the paths that replace the schema's.
 */
export function ruleIssues(input: RuleInput): RuleIssues {
  const issues: ConfigIssue[] = [];
  const replaces = new Set<string>();
  for (const rule of RULES) {
    for (const issue of rule.check(input)) {
      issues.push(issue);
      if (rule.replacesSchema) replaces.add(issue.path);
    }
  }
  return { issues, replaces };
}

/** The name `scorer.name` gives, when it is text that is not empty. */
export function scorerName(value: Plain): string | undefined {
  const name = member(member(value, "scorer"), "name");
  return typeof name === "string" && name !== "" ? name : undefined;
}

/**
 * `sampling.seed` exactly, when YAML reads it as a whole number: `"fraction"` or `"out of range"`
 * when it is refused, `undefined` when it is absent or not a whole number (the schema says so).
 */
export function samplingSeed(root: YamlNode): bigint | "fraction" | "out of range" | undefined {
  const node = nodeAt(root, ["sampling", "seed"]);
  if (node?.kind !== "scalar" || !isWhole(node.value)) return undefined;
  const exact = exactWhole(node.text);
  if (exact === "fraction") return exact;
  if (exact === "huge" || exact < MIN_SAMPLING_SEED || exact > MAX_SAMPLING_SEED) {
    return "out of range";
  }
  return exact;
}

/** Each adapter name that is text and not empty, with its index. */
function adapterNames(value: Plain): [string, number][] {
  const adapters = member(member(value, "models"), "adapters");
  if (!Array.isArray(adapters)) return [];
  return adapters.flatMap((adapter, i): [string, number][] => {
    const name = member(adapter, "name");
    return typeof name === "string" && name !== "" ? [[name, i]] : [];
  });
}

/** Each name given again: the name, where, and where first. */
function repeats(named: readonly [string, number][]): [string, number, number][] {
  const first = new Map<string, number>();
  const again: [string, number, number][] = [];
  for (const [name, i] of named) {
    const before = first.get(name);
    if (before === undefined) first.set(name, i);
    else again.push([name, i, before]);
  }
  return again;
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
