/**
 * A probe: a seeded variant of every held-out item, to be asked beside the item, that training on the
 * complement cannot teach (`probes` in `assess.yaml`; `reference/split.md` says how each is made).
 * Here, below the split and the results file that both name probes; the configuration restates it,
 * since it depends on no dataset.
 *
 * @module
 */

/**
 * A probe, as `assess.yaml` and the results file's header write it:
 *
 * - `irrelevance`: the tools the answer calls are removed; the right answer is no call.
 * - `shuffled-tools`: the item's tools in another order.
 * - `{ distractors: N }`: N tools of other held-out items added; the answer is unchanged.
 * - `{ system: [...] }`: the item asked with each system prompt listed (`null`: none) instead of
 *   `prompt.system`.
 */
export type Probe =
  | "irrelevance"
  | "shuffled-tools"
  | { readonly distractors: number }
  | { readonly system: readonly (string | null)[] };
