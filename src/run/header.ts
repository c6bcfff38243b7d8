/**
 * The results file's header: what a run is, built from the configuration and what the run found,
 * and the comparison that decides whether a results file can be resumed.
 *
 * @module
 */

import type { ItemId } from "../dataset/item_id.ts";
import type { Config } from "../config/config.ts";
import { sha256Hex } from "../dataset/sha256.ts";
import { type Shard, shardText } from "../results/shard.ts";
import {
  type HeaderRecord,
  RESULTS_FORMAT,
  RESULTS_FORMAT_VERSION,
  type SelftestSummary,
} from "../results/records.ts";

/**
 * The members the configuration's digest and the header share, in the order both write them (the
 * digest hashes their JSON text, so the order is part of it): the models compared, the sampling
 * (the seed as its exact text) and the thinking switch.
 */
function modelsAndSampling(config: Config): Pick<HeaderRecord, "models" | "sampling" | "thinking"> {
  const adapters = config.models.adapters;
  // Written only for a sweep, so that a configuration without steps keeps its digest and header.
  const steps = adapters.some((a) => a.step !== undefined)
    ? { steps: adapters.map((a) => a.step ?? null) }
    : {};
  return {
    models: {
      baseline: config.models.baseline,
      adapters: adapters.map((a) => a.name),
      ...steps,
    },
    sampling: {
      temperature: config.sampling.temperature,
      topP: config.sampling.topP,
      seed: config.sampling.seed.toString(),
      maxTokens: config.sampling.maxTokens,
      // Written only when several, so that a configuration of one sample keeps its digest and header.
      ...(config.sampling.samples === 1 ? {} : { samples: config.sampling.samples }),
    },
    thinking: { mode: config.thinking.mode, templateKey: config.thinking.templateKey },
  };
}

/**
 * The keys of `assess.yaml` whose values decide the replies or their verdicts: the digest holds
 * every one (`[]` stands for every element of a list). A key added to the schema must be added
 * here or to {@linkcode NOT_DIGESTED}: a test fails until it is.
 */
export const DIGESTED: readonly string[] = [
  "version",
  "dataset.kind",
  "dataset.sha256",
  "split.seed",
  "split.size",
  "split.confirm",
  "scorer.name",
  "scorer.ordering",
  "prompt.system",
  "models.baseline",
  "models.adapters[].name",
  "models.adapters[].step",
  "sampling.temperature",
  "sampling.topP",
  "sampling.seed",
  "sampling.maxTokens",
  "sampling.samples",
  "thinking.mode",
  "thinking.templateKey",
  "serving.batchInvariant",
  "serving.probe",
  "probes[]",
];

/**
 * The keys of `assess.yaml` left out of the digest, each with why a resumed run may change it.
 */
export const NOT_DIGESTED: Readonly<Record<string, string>> = {
  "server.url": "where the server is, not what it answers",
  "server.urls[]":
    "where the replicas are, not what they answer: a resumed run may use other replicas, and " +
    "the report's homogeneity test checks that they answer alike",
  "server.manifest": "where the server's settings are read from, not the settings",
  "server.toolCallParser":
    "it may come from the manifest or the environment instead: the header records the one used " +
    "(scorer.toolCallParser) and a resumed run is compared on it",
  "server.reasoningParser": "the reply is read the same whichever parser the server runs",
  "server.insecure": "whether plain http:// may reach a remote host, not what it answers",
  "dataset.path": "where the file is: dataset.sha256 pins its content",
  "dataset.maxBytes":
    "how large a file assess agrees to read, not what is in it: dataset.sha256 pins its content",
  "dataset.source.repo": "a note of where the file came from: dataset.sha256 pins its content",
  "dataset.source.revision": "a note of where the file came from: dataset.sha256 pins its content",
  "models.adapters[].path":
    "where an adapter is loaded from: it is asked by its served name, which is digested",
  "serving.concurrency":
    "how many requests are in flight: the probe checks that the replies do not depend on it",
  "serving.routingHeader":
    "which replica behind a router answers an item, not what it answers: like server.urls[], " +
    "a resumed run may route otherwise, and the report's homogeneity test checks the replicas",
  "decision.margin":
    "how the report reads the figures (the loss accepted as not worse), not what is asked or " +
    "how replies are judged: the header records the one declared when the run started",
  "decision.guard[]":
    "which categories the report checks are not worse, not what is asked or how replies are " +
    "judged: the header records the ones declared when the run started",
};

/**
 * The configuration's digest: SHA-256 of a canonical JSON text of every value that decides the
 * replies or their verdicts: `version`, `dataset.kind` and `dataset.sha256` (lowercase), `split`,
 * `scorer`, `prompt`, the models' names, `sampling` (the seed as its exact text, `samples` only when more than 1), `thinking`,
 * `serving.batchInvariant`, `serving.probe` and `probes` (only when there are any). Left out, so that a resumed run may change them:
 * `server.*`, `dataset.path`, `dataset.source`, adapter paths and `serving.concurrency`.
 *
 * @param config An accepted configuration.
 * @returns 64 hex digits.
 *
 * @example
 * ```ts
 * import { configDigest } from "./header.ts";
 * import { lookupScorer, validateConfig } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const config = validateConfig(
 *   await Deno.readTextFile("reference/testdata/whole.yaml"),
 *   { lookupScorer },
 * ).config!;
 * const moved = { ...config, serving: { ...config.serving, concurrency: 1 } };
 * assert.equal(configDigest(moved), configDigest(config));
 * const reseeded = { ...config, sampling: { ...config.sampling, seed: 1n } };
 * assert.notEqual(configDigest(reseeded), configDigest(config));
 * ```
 */
export function configDigest(config: Config): string {
  const canonical = {
    version: config.version,
    dataset: { kind: config.dataset.kind, sha256: config.dataset.sha256.toLowerCase() },
    split: {
      seed: config.split.seed,
      size: config.split.size,
      ...(config.split.confirm === undefined ? {} : { confirm: config.split.confirm }),
    },
    scorer: { name: config.scorer.name, ordering: config.scorer.ordering },
    prompt: { system: config.prompt.system },
    ...modelsAndSampling(config),
    serving: { batchInvariant: config.serving.batchInvariant, probe: config.serving.probe },
    // Written only when there are probes, so that a configuration without them keeps its digest.
    ...(config.probes.length === 0 ? {} : { probes: config.probes }),
  };
  return sha256Hex(new TextEncoder().encode(JSON.stringify(canonical)));
}

/** What a header records besides the configuration. */
export interface HeaderFacts {
  /** The assess version, or `null`. */
  readonly assessVersion: string | null;
  /** The start time, ISO 8601 UTC. */
  readonly startedAt: string;
  /** The configuration's digest ({@linkcode configDigest}). */
  readonly configDigest: string;
  /** The split's digest. */
  readonly splitDigest: string;
  /** With `split.confirm`: the held-out ids kept for confirmation, ascending. */
  readonly confirmItems?: readonly ItemId[];
  /** The scorer's version. */
  readonly scorerVersion: string;
  /** The tool-call parser the run used, or `null`. */
  readonly toolCallParser: string | null;
  /** The self-test's outcome. */
  readonly selftest: SelftestSummary;
  /** The server's URL. */
  readonly serverUrl: string;
  /** The models it served. */
  readonly serverModels: readonly string[];
  /** With `-shard i/N`: the shard this file holds (written last in the header). */
  readonly shard?: Shard;
}

/**
 * The header of a new results file, with the decision the configuration declares (`decision`: the
 * margin and the guarded categories), recorded before any reply is seen.
 *
 * @param config The configuration.
 * @param facts What the run found.
 * @returns The header record.
 *
 * @example
 * ```ts
 * import { lookupScorer, validateConfig } from "@assess/assess";
 * import { makeHeader } from "./header.ts";
 * import assert from "node:assert/strict";
 *
 * const config = validateConfig(
 *   await Deno.readTextFile("reference/testdata/whole.yaml"),
 *   { lookupScorer },
 * ).config!;
 * const header = makeHeader(config, {
 *   assessVersion: "0.1.0", startedAt: "2026-01-01T00:00:00.000Z", configDigest: "c",
 *   splitDigest: "s", scorerVersion: "1", toolCallParser: "hermes",
 *   selftest: { passed: true, items: 2000 }, serverUrl: "http://127.0.0.1:8000/v1",
 *   serverModels: ["base", "tuned-a"],
 * });
 * assert.deepEqual(header.models, { baseline: "base", adapters: ["tuned-a", "tuned-b"] });
 * assert.equal(header.sampling.seed, "0");
 * assert.deepEqual(header.decision, { margin: 1, guard: ["no-call"] });
 * ```
 */
export function makeHeader(config: Config, facts: HeaderFacts): HeaderRecord {
  return {
    kind: "header",
    format: RESULTS_FORMAT,
    formatVersion: RESULTS_FORMAT_VERSION,
    assessVersion: facts.assessVersion,
    startedAt: facts.startedAt,
    configDigest: facts.configDigest,
    dataset: { path: config.dataset.path, sha256: config.dataset.sha256.toLowerCase() },
    split: {
      seed: config.split.seed,
      size: config.split.size,
      digest: facts.splitDigest,
      ...(config.split.confirm === undefined || facts.confirmItems === undefined
        ? {}
        : { confirm: { share: config.split.confirm, items: facts.confirmItems } }),
    },
    scorer: {
      name: config.scorer.name,
      version: facts.scorerVersion,
      ordering: config.scorer.ordering,
      toolCallParser: facts.toolCallParser,
    },
    selftest: facts.selftest,
    server: { url: facts.serverUrl, models: facts.serverModels },
    ...modelsAndSampling(config),
    probe: { batchInvariant: config.serving.batchInvariant, items: config.serving.probe },
    system: config.prompt.system,
    decision: { margin: config.decision.margin, guard: config.decision.guard },
    ...(config.probes.length === 0 ? {} : { probes: config.probes }),
    ...(facts.shard === undefined ? {} : { shard: facts.shard }),
  };
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A value of the configuration that the run's header records and another configuration does not
 * match.
 */
export interface ConfigChange {
  /** Its key in `assess.yaml` (`models.baseline`, `sampling.temperature`, …). */
  readonly key: string;
  /** Its value in the configuration given, as JSON text (a long one cut). */
  readonly given: string;
  /** Its value in the run, as the header records it. */
  readonly run: string;
}

/**
 * The values of `assess.yaml` a results file's header records, each with how the header holds it:
 * every key of {@linkcode DIGESTED} but `version` (only 1 is accepted) and `dataset.kind` (the
 * dataset's SHA-256 pins its bytes, and the split's digest its items).
 */
const RECORDED: readonly (readonly [string, (h: HeaderRecord) => unknown])[] = [
  ["dataset.sha256", (h) => h.dataset.sha256.toLowerCase()],
  ["split.seed", (h) => h.split.seed],
  ["split.size", (h) => h.split.size],
  ["split.confirm", (h) => h.split.confirm?.share ?? null],
  ["scorer.name", (h) => h.scorer.name],
  ["scorer.ordering", (h) => h.scorer.ordering],
  ["prompt.system", (h) => h.system],
  ["models.baseline", (h) => h.models.baseline],
  ["models.adapters[].name", (h) => h.models.adapters],
  ["models.adapters[].step", (h) => h.models.steps ?? null],
  ["sampling.temperature", (h) => h.sampling.temperature],
  ["sampling.topP", (h) => h.sampling.topP],
  ["sampling.seed", (h) => h.sampling.seed],
  ["sampling.maxTokens", (h) => h.sampling.maxTokens],
  ["sampling.samples", (h) => h.sampling.samples ?? 1],
  ["thinking.mode", (h) => h.thinking.mode],
  ["thinking.templateKey", (h) => h.thinking.templateKey],
  ["serving.batchInvariant", (h) => h.probe.batchInvariant],
  ["serving.probe", (h) => h.probe.items],
  ["probes[]", (h) => h.probes ?? []],
];

/** The keys {@linkcode configChanges} compares, in its order. */
export const CONFIG_KEYS_RECORDED: readonly string[] = RECORDED.map(([key]) => key);

/**
 * What differs between a results file's header and the header this run would write, in the
 * values that decide the replies or their verdicts: one line per difference, empty when the file
 * can be resumed. Each configuration value the header records is named by its key in `assess.yaml`
 * (the keys {@linkcode configChanges} compares, in its order); then the split's items, the
 * scorer's version and the tool-call parser. The server's URL and models, the start time and the
 * assess version may differ.
 *
 * @param old The file's header.
 * @param fresh The header of this run.
 * @returns The differences, in plain words.
 *
 * @example
 * ```ts
 * import { headerChanges, makeHeader } from "./header.ts";
 * import { lookupScorer, validateConfig } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const config = validateConfig(
 *   await Deno.readTextFile("reference/testdata/whole.yaml"),
 *   { lookupScorer },
 * ).config!;
 * const facts = {
 *   assessVersion: "0.1.0", startedAt: "2026-01-01T00:00:00.000Z", configDigest: "c",
 *   splitDigest: "s", scorerVersion: "1", toolCallParser: "hermes",
 *   selftest: { passed: true, items: 2000 }, serverUrl: "http://127.0.0.1:8000/v1",
 *   serverModels: ["base"],
 * };
 * const header = makeHeader(config, facts);
 * assert.deepEqual(headerChanges(header, { ...header, startedAt: "2027-01-01T00:00:00.000Z" }), []);
 * assert.deepEqual(headerChanges(header, makeHeader(config, { ...facts, scorerVersion: "2" })), [
 *   'the scorer\'s version: "1" in the file, "2" now',
 * ]);
 * ```
 */
export function headerChanges(old: HeaderRecord, fresh: HeaderRecord): string[] {
  const changes: string[] = [];
  for (const [key, of] of RECORDED) {
    const [was, now] = [of(old), of(fresh)];
    if (!same(was, now)) changes.push(`${key}: ${shown(was)} in the file, ${shown(now)} now`);
  }
  // What the run found: the split's items (for the same seed and size), the scorer's version and
  // the tool-call parser.
  const sameSplit = old.split.seed === fresh.split.seed && old.split.size === fresh.split.size;
  if (sameSplit && old.split.digest !== fresh.split.digest) {
    changes.push(`the split: its items are not the same (digest ${old.split.digest} in the file)`);
  }
  for (const key of ["version", "toolCallParser"] as const) {
    if (old.scorer[key] !== fresh.scorer[key]) {
      changes.push(
        `the scorer's ${key}: ${shown(old.scorer[key])} in the file, ${
          shown(fresh.scorer[key])
        } now`,
      );
    }
  }
  if (!same(old.shard ?? null, fresh.shard ?? null)) {
    changes.push(`-shard: ${shardShown(old.shard)} in the file, ${shardShown(fresh.shard)} now`);
  }
  if (changes.length === 0 && old.configDigest !== fresh.configDigest) {
    changes.push("the configuration (its digest differs)");
  }
  return changes;
}

/**
 * What differs between the configuration a results file's header records and another
 * configuration (`assess report -config`), key by key: every value that decides the replies or
 * their verdicts and that the header records ({@linkcode CONFIG_KEYS_RECORDED}). The decision
 * (`decision.*`) and the keys left out of the digest ({@linkcode NOT_DIGESTED}: where the server,
 * the dataset and the adapters are) may differ.
 *
 * @param header The results file's header.
 * @param config The configuration given.
 * @returns The differences, in the order of {@linkcode CONFIG_KEYS_RECORDED}; none when it is the
 *   run's.
 *
 * @example
 * ```ts
 * import { configChanges, makeHeader } from "./header.ts";
 * import { lookupScorer, validateConfig } from "@assess/assess";
 * import assert from "node:assert/strict";
 *
 * const config = validateConfig(
 *   await Deno.readTextFile("reference/testdata/whole.yaml"),
 *   { lookupScorer },
 * ).config!;
 * const header = makeHeader(config, {
 *   assessVersion: "0.1.0", startedAt: "2026-01-01T00:00:00.000Z", configDigest: "c",
 *   splitDigest: "s", scorerVersion: "1", toolCallParser: "hermes",
 *   selftest: { passed: true, items: 2000 }, serverUrl: "http://127.0.0.1:8000/v1",
 *   serverModels: ["base"],
 * });
 * assert.deepEqual(configChanges(header, config), []);
 * const other = { ...config, models: { ...config.models, baseline: "other" } };
 * assert.deepEqual(configChanges(header, other), [
 *   { key: "models.baseline", given: '"other"', run: '"base"' },
 * ]);
 * ```
 */
export function configChanges(header: HeaderRecord, config: Config): ConfigChange[] {
  // The header this configuration would give, its facts the run's: only configuration values differ.
  const fresh = makeHeader(config, {
    assessVersion: header.assessVersion,
    startedAt: header.startedAt,
    configDigest: header.configDigest,
    splitDigest: header.split.digest,
    // Given always, so that a split.confirm the run had not is written, and compared.
    confirmItems: header.split.confirm?.items ?? [],
    scorerVersion: header.scorer.version,
    toolCallParser: header.scorer.toolCallParser,
    selftest: header.selftest,
    serverUrl: header.server.url,
    serverModels: header.server.models,
  });
  const changes: ConfigChange[] = [];
  for (const [key, of] of RECORDED) {
    const [given, run] = [of(fresh), of(header)];
    if (!same(given, run)) changes.push({ key, given: shown(given), run: shown(run) });
  }
  return changes;
}

/** A header's shard as `-shard` writes it, or `none` (every item). */
function shardShown(shard: Shard | undefined): string {
  return shard === undefined ? "none" : shardText(shard);
}

/** A value as JSON text, cut to 80 characters (a SHA-256 is shown whole). */
function shown(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
