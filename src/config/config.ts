/**
 * The typed form of an accepted `assess.yaml`, with every default filled in.
 *
 * @module
 */

/**
 * One evaluation, as an accepted `assess.yaml` describes it, defaults filled in. Its parts are
 * written out here (the configuration's reference, `reference/assess-yaml.md`, says more of each).
 */
export interface Config {
  /** Always 1. */
  readonly version: 1;
  /** Where the models are served. Every member is optional in the file. */
  readonly server: {
    /** The server's OpenAI-compatible base URL, ending in `/v1`. */
    readonly url?: string;
    /** Several replicas' base URLs (not with `url`): each item goes to one of them. */
    readonly urls?: readonly string[];
    /** The path of go/launch's serve manifest. */
    readonly manifest?: string;
    /** The server's tool-call parser, such as `hermes`. */
    readonly toolCallParser?: string;
    /** The server's reasoning parser, such as `qwen3`. */
    readonly reasoningParser?: string;
    /** `true` allows plain `http://` to any host. Default `false`. */
    readonly insecure: boolean;
  };
  /** The dataset file and where it came from. */
  readonly dataset: {
    /**
     * The kind of dataset file: `xlam-function-calling` (a JSON array of xlam rows) or
     * `chat-jsonl` (JSON Lines of `{id, messages, tools}` in OpenAI's chat format).
     */
    readonly kind: "xlam-function-calling" | "chat-jsonl";
    /** The dataset file, relative to the working directory. */
    readonly path: string;
    /** The file's SHA-256, 64 hex digits, as written (either case). */
    readonly sha256: string;
    /**
     * The largest file read, in bytes (default 256 MiB); a larger one is refused from its size.
     * At most 1 GiB, and for `xlam-function-calling` at most 536870888 bytes (that file is read
     * as one text, and a JavaScript string holds at most 2^29 − 24 characters).
     */
    readonly maxBytes: number;
    /**
     * A record of where the file came from; nothing compares it with the file. Always given for
     * `xlam-function-calling`, optional for `chat-jsonl`.
     */
    readonly source?: { readonly repo: string; readonly revision: string };
  };
  /** The held-out split. */
  readonly split: {
    /** Any text. */
    readonly seed: string;
    /** How many items to hold out. */
    readonly size: number;
    /**
     * For a checkpoint sweep: the share of the held-out items kept to confirm the checkpoint
     * chosen on the others, in (0, 1). Absent: none kept.
     */
    readonly confirm?: number;
  };
  /** The scorer and its ordering rule. */
  readonly scorer: {
    /** A registered scorer's name. */
    readonly name: string;
    /** Default `any`. */
    readonly ordering: "any" | "strict";
  };
  /** Default `system: ""`. */
  readonly prompt: { readonly system: string };
  /** The models: a baseline and the adapters compared with it. */
  readonly models: {
    /** The name the server gives the base model. */
    readonly baseline: string;
    /** The LoRA adapters compared with the baseline. Default none (an empty list). */
    readonly adapters: readonly {
      /** The name the server gives the adapter. */
      readonly name: string;
      /** Where the adapter's weights are, for a server that is not serving it yet. */
      readonly path?: string;
      /** The training step it is a checkpoint of (a whole number), when it is one of a sweep. */
      readonly step?: number;
    }[];
  };
  /** How the models sample. */
  readonly sampling: {
    /** 0 or more. */
    readonly temperature: number;
    /** More than 0, at most 1. */
    readonly topP: number;
    /** A signed 64-bit whole number, exact. */
    readonly seed: bigint;
    /** The most tokens a reply may hold. */
    readonly maxTokens: number;
    /** How many times every model is asked every item: 1 to 64, default 1. */
    readonly samples: number;
  };
  /** The chat template's thinking switch. */
  readonly thinking: {
    /** `off` or `on`. */
    readonly mode: "off" | "on";
    /** The template variable, such as `enable_thinking`. */
    readonly templateKey: string;
  };
  /** Batch invariance and load. */
  readonly serving: {
    /** What `serving.batchInvariant` asks of the server. Default `required`. */
    readonly batchInvariant: "required" | "asserted" | "not-required";
    /** How many of the split's items are sent twice to check batch invariance. */
    readonly probe: number;
    /** How many requests are in flight at once (per replica, with several). */
    readonly concurrency: number;
    /**
     * The header every chat request carries with its item's routing key (`routingKey`), for a
     * router that keeps requests with one key on one replica; absent: none.
     */
    readonly routingHeader?: string;
  };
  /**
   * How the report reads the figures into a decision. Decides nothing about the replies.
   * Default: margin 0, no guard.
   */
  readonly decision: {
    /** The loss accepted as not worse, in percentage points (1 is one point). Default 0. */
    readonly margin: number;
    /**
     * The categories that must not be worse (`no-call`, `single`, `parallel`, `multiple`: a
     * category of items, from the answer's calls, restated here since the configuration does
     * not depend on the dataset). Default none.
     */
    readonly guard: readonly ("no-call" | "single" | "parallel" | "multiple")[];
  };
  /**
   * The probes, as the file writes them, in its order: seeded variants of every held-out item
   * (`reference/split.md`, Probes). `irrelevance` (the tools the answer calls removed; the right
   * answer is no call), `shuffled-tools` (the tools in another order), `{ distractors: N }` (N
   * tools of other held-out items added) or `{ system: [...] }` (the item asked with each system
   * prompt listed, `null` for none, instead of `prompt.system`). Default none (an empty list).
   */
  readonly probes: readonly (
    | "irrelevance"
    | "shuffled-tools"
    | { readonly distractors: number }
    | { readonly system: readonly (string | null)[] }
  )[];
}

/** Where the models are served (`Config.server`). */
export type ServerConfig = Config["server"];

/** The dataset file and where it came from (`Config.dataset`). */
export type DatasetConfig = Config["dataset"];

/** The kinds of dataset file assess reads. */
export type DatasetKind = DatasetConfig["kind"];

/** The held-out split (`Config.split`). */
export type SplitConfig = Config["split"];

/** The scorer and its ordering rule (`Config.scorer`). */
export type ScorerConfig = Config["scorer"];

/** The models: a baseline and the adapters compared with it (`Config.models`). */
export type ModelsConfig = Config["models"];

/** A LoRA adapter compared with the baseline. */
export type AdapterConfig = ModelsConfig["adapters"][number];

/**
 * The models a run asks, in order: the baseline, then each adapter by its served name.
 *
 * @param models The config's models.
 * @returns Their names.
 *
 * @example
 * ```ts
 * import { modelNames } from "./config.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(modelNames({ baseline: "base", adapters: [{ name: "a" }] }), ["base", "a"]);
 * ```
 */
export function modelNames(models: ModelsConfig): string[] {
  return [models.baseline, ...models.adapters.map((a) => a.name)];
}

/** How the models sample (`Config.sampling`). */
export type SamplingConfig = Config["sampling"];

/** The chat template's thinking switch (`Config.thinking`). */
export type ThinkingConfig = Config["thinking"];

/** Batch invariance and load (`Config.serving`). */
export type ServingConfig = Config["serving"];

/** What `serving.batchInvariant` asks of the server. */
export type BatchInvariance = ServingConfig["batchInvariant"];

/** How the report reads the figures into a decision (`Config.decision`). */
export type DecisionConfig = Config["decision"];

/**
 * A category of items, from the answer's calls (restated here: the configuration does not depend
 * on the dataset): `no-call`, `single`, `parallel` or `multiple`.
 */
export type GuardCategory = DecisionConfig["guard"][number];
