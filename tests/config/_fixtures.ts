/**
 * The page's files as text, so that library tests need no permission, and helpers to edit them.
 * `tests/config/fixtures_test.ts` checks that they equal `reference/testdata/`.
 *
 * @module
 */

import assert from "node:assert/strict";
import { type ConfigIssue, issueLine } from "../../src/config/config_issue.ts";
import { validateConfig, type ValidateResult } from "../../src/config/validate.ts";
import { lookupScorer } from "../../src/score/registry.ts";

/** `reference/testdata/whole.yaml`: the page's whole file. */
export const WHOLE = `version: 1
server:
  url: http://127.0.0.1:8000/v1
  manifest: /run/launch/serve.json
  toolCallParser: hermes
  reasoningParser: qwen3
  insecure: false
dataset:
  kind: xlam-function-calling
  path: /data/xlam_function_calling_60k.json
  sha256: 4ef5c6f0dc552f2231f93f5853a9ef431e9e806d7aa514d0f6b615606ce576c6
  source:
    repo: Salesforce/xlam-function-calling-60k
    revision: 26d14ebfe18b1f7b524bd39b404b50af5dc97866
split:
  seed: assess-v1
  size: 2000
scorer:
  name: xlam-tool-call
  ordering: any
prompt:
  system: ""
models:
  baseline: base
  adapters:
    - name: tuned-a
    - name: tuned-b
      path: /shared/ckpt/b
sampling:
  temperature: 0
  topP: 1
  seed: 0
  maxTokens: 512
thinking:
  mode: off
  templateKey: enable_thinking
serving:
  batchInvariant: required
  probe: 8
  concurrency: 16
decision:
  margin: 1
  guard: [no-call]
`;

/** `reference/testdata/shortest.yaml`: the page's shortest file. */
export const SHORTEST = `version: 1
dataset:
  kind: xlam-function-calling
  path: /data/xlam_function_calling_60k.json
  sha256: 4ef5c6f0dc552f2231f93f5853a9ef431e9e806d7aa514d0f6b615606ce576c6
  source:
    repo: Salesforce/xlam-function-calling-60k
    revision: 26d14ebfe18b1f7b524bd39b404b50af5dc97866
split:
  seed: assess-v1
  size: 2000
scorer:
  name: xlam-tool-call
models:
  baseline: base
sampling:
  temperature: 0
  topP: 1
  seed: 0
  maxTokens: 512
thinking:
  mode: off
  templateKey: enable_thinking
serving:
  probe: 8
  concurrency: 16
`;

/** The page's refusal example, as `assess validate` prints it on stderr. */
export const REFUSAL_STDERR = `assess.yaml refused:
  dataset.sha256: '4ef5c6f0' does not match pattern '^[0-9a-fA-F]{64}$'
  models.adapters.0.name: base is the baseline, which is scored already
  retries: not a setting of assess.yaml at the top level
  serving.probe: 0 probes nothing, and serving.batchInvariant is required
  thinking: missing property 'mode'
  version: value must be 1
`;

/** Replaces the one occurrence of `from` in `text` (fails the test if there is not exactly one). */
export function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  assert.ok(at >= 0, `not in the text: ${JSON.stringify(from)}`);
  assert.equal(text.indexOf(from, at + 1), -1, `more than once: ${JSON.stringify(from)}`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** Applies several replacements in turn. */
export function edit(text: string, ...pairs: [string, string][]): string {
  return pairs.reduce((t, [from, to]) => replaceOnce(t, from, to), text);
}

/** Validates with the registry's scorers. */
export function check(text: string | Uint8Array): ValidateResult {
  return validateConfig(text, { lookupScorer });
}

/** The issues as `assess validate` prints them for `assess.yaml` (`[place: ][path: ]message`). */
export function lines(issues: readonly ConfigIssue[]): string[] {
  return issues.map((i) => issueLine(i));
}
