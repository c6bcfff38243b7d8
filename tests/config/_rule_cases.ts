/**
 * The rule cases of the assess.yaml page, each at its boundary, accepted and refused: the text and
 * the refusal lines `validate` must give (none for a file it accepts). The library tests
 * (`validate_test.ts`) and the golden command-line tests (`../cli/validate_test.ts`) both run them.
 *
 * @module
 */

import assert from "node:assert/strict";
import { check, edit, lines, SHORTEST, WHOLE } from "./_fixtures.ts";

/** A case: its name, the file's text, and the expected refusal lines (`path: message`). */
export type Case = [name: string, text: string, expected: string[]];

const RULES_BUILDER = new Map<string, Case[]>([
  [
    "keys: unknown at every level, and in another case",
    [
      ["unknown at the top", WHOLE + "retries: 3\n", [
        "retries: not a setting of assess.yaml at the top level",
      ]],
      [
        "Version",
        edit(WHOLE, ["version: 1", "Version: 1"]),
        [
          "missing property 'version'",
          "Version: not a setting of assess.yaml at the top level; did you mean 'version'?",
        ],
      ],
      [
        "maxtokens",
        edit(WHOLE, ["  maxTokens: 512", "  maxtokens: 512"]),
        [
          "sampling: missing property 'maxTokens'",
          "sampling.maxtokens: not a setting of assess.yaml under sampling; did you mean 'maxTokens'?",
        ],
      ],
      [
        "max_tokens: the setting written alike but for case and separators",
        edit(WHOLE, ["  maxTokens: 512", "  max_tokens: 512"]),
        [
          "sampling: missing property 'maxTokens'",
          "sampling.max_tokens: not a setting of assess.yaml under sampling; did you mean 'maxTokens'?",
        ],
      ],
      [
        "concurency: the setting a letter away",
        edit(WHOLE, ["  concurrency: 16", "  concurency: 16"]),
        [
          "serving: missing property 'concurrency'",
          "serving.concurency: not a setting of assess.yaml under serving; did you mean 'concurrency'?",
        ],
      ],
      [
        "a setting of another section: where it belongs",
        WHOLE + "temperature: 0\nseed: 1\nmax_tokens: 5\nstep: 100\n",
        [
          "max_tokens: not a setting of assess.yaml at the top level; did you mean sampling.maxTokens?",
          "seed: not a setting of assess.yaml at the top level; it belongs at split.seed or sampling.seed",
          "step: not a setting of assess.yaml at the top level; it belongs at models.adapters[].step",
          "temperature: not a setting of assess.yaml at the top level; it belongs at sampling.temperature",
        ],
      ],
      [
        "a setting of another section, misspelt",
        edit(WHOLE, ["  probe: 8", "  probe: 8\n  temprature: 0"]),
        [
          "serving.temprature: not a setting of assess.yaml under serving; did you mean sampling.temperature?",
        ],
      ],
      [
        "unknown in server",
        edit(WHOLE, ["  insecure: false", "  insecure: false\n  retries: 3"]),
        ["server.retries: not a setting of assess.yaml under server"],
      ],
      [
        "unknown in dataset.source",
        edit(WHOLE, ["    revision: 26d", "    branch: main\n    revision: 26d"]),
        ["dataset.source.branch: not a setting of assess.yaml under dataset.source"],
      ],
      [
        "unknown in an adapter",
        edit(WHOLE, ["    - name: tuned-a", "    - name: tuned-a\n      rank: 8"]),
        ["models.adapters.0.rank: not a setting of assess.yaml under models.adapters.0"],
      ],
      [
        "misspelt in an adapter",
        edit(WHOLE, ["    - name: tuned-a", "    - name: tuned-a\n      stpe: 8"]),
        [
          "models.adapters.0.stpe: not a setting of assess.yaml under models.adapters.0; did you mean 'step'?",
        ],
      ],
      [
        "a merge key is just an unknown key",
        edit(WHOLE, ["  probe: 8", "  probe: 8\n  <<: {x: 1}"]),
        ["serving: '<<' is not a setting of assess.yaml under serving"],
      ],
      [
        "quoted keys are keys",
        edit(WHOLE, ["version: 1", '"version": 1']),
        [],
      ],
      [
        "required keys, one line each",
        edit(WHOLE, ["  mode: off\n", ""], ["  templateKey: enable_thinking\n", "  x: 1\n"]),
        [
          "thinking: missing property 'mode'",
          "thinking: missing property 'templateKey'",
          "thinking.x: not a setting of assess.yaml under thinking",
        ],
      ],
    ],
  ],
  [
    "nothing is interpolated: ${ anywhere",
    [
      [
        "in a value",
        edit(WHOLE, ["  baseline: base", "  baseline: ${BASE}"]),
        ["assess.yaml:24:13: ${ is refused, since nothing is interpolated"],
      ],
      [
        "in a comment, twice",
        WHOLE + "# ${HOME} and ${USER}\n",
        [
          "assess.yaml:44:3: ${ is refused, since nothing is interpolated",
          "assess.yaml:44:15: ${ is refused, since nothing is interpolated",
        ],
      ],
      ["a $ alone is text", edit(WHOLE, ['  system: ""', '  system: "$HOME {x}"']), []],
    ],
  ],
  [
    "one YAML document",
    [
      [
        "a second document",
        WHOLE + "---\nversion: 1\n",
        [
          "assess.yaml:44:1: a second YAML document is refused, since it would replace values in the first without saying so",
        ],
      ],
      [
        "an empty second document",
        WHOLE + "---\n",
        [
          "assess.yaml:44:1: a second YAML document is refused, since it would replace values in the first without saying so",
        ],
      ],
      [
        "a second document after a ... line",
        WHOLE + "...\nversion: 1\n",
        [
          "assess.yaml:45:1: a second YAML document is refused, since it would replace values in the first without saying so",
        ],
      ],
      [
        "a second document after a first that starts with ---",
        "---\n" + WHOLE + "--- \nversion: 1\n",
        [
          "assess.yaml:45:1: a second YAML document is refused, since it would replace values in the first without saying so",
        ],
      ],
      ["a --- before the first", "---\n" + WHOLE, []],
      ["a ... after it", WHOLE + "...\n", []],
    ],
  ],
  [
    "a key written twice",
    [
      [
        "in a section",
        edit(WHOLE, ["  size: 2000", "  size: 2000\n  size: 3000"]),
        ["assess.yaml:18:3: split.size: key written twice, first on line 17"],
      ],
      [
        "a whole section, with other refusals in the same pass",
        edit(WHOLE, ["version: 1", "version: 3"]) + "split:\n  seed: x\n  size: 1\n",
        [
          "assess.yaml:44:1: split: key written twice, first on line 15",
          "version: value must be 1",
        ],
      ],
      [
        "in a flow mapping",
        edit(WHOLE, ["    - name: tuned-a", "    - {name: tuned-a, name: tuned-c}"]),
        ["assess.yaml:26:23: models.adapters.0.name: key written twice, first on line 26"],
      ],
    ],
  ],
  [
    "whole numbers are at most 2147483647",
    [
      ["split.size 2147483647", edit(WHOLE, ["  size: 2000", "  size: 2147483647"]), []],
      [
        "split.size 2147483648",
        edit(WHOLE, ["  size: 2000", "  size: 2147483648"]),
        ["split.size: value must be at most 2147483647"],
      ],
      ["maxTokens 2147483647", edit(WHOLE, ["  maxTokens: 512", "  maxTokens: 2147483647"]), []],
      [
        "maxTokens 2147483648",
        edit(WHOLE, ["  maxTokens: 512", "  maxTokens: 2147483648"]),
        ["sampling.maxTokens: value must be at most 2147483647"],
      ],
      [
        "concurrency 2147483648",
        edit(WHOLE, ["  concurrency: 16", "  concurrency: 2147483648"]),
        ["serving.concurrency: value must be at most 2147483647"],
      ],
      [
        "probe 2147483647 with size 2147483647",
        edit(WHOLE, ["  size: 2000", "  size: 2147483647"], ["  probe: 8", "  probe: 2147483647"]),
        [],
      ],
      [
        "probe 2147483648",
        edit(WHOLE, ["  size: 2000", "  size: 2147483647"], ["  probe: 8", "  probe: 2147483648"]),
        ["serving.probe: value must be at most 2147483647"],
      ],
      [
        "temperature 2147483647",
        edit(WHOLE, ["  temperature: 0", "  temperature: 2147483647"]),
        [],
      ],
      [
        "temperature 2147483648",
        edit(WHOLE, ["  temperature: 0", "  temperature: 2147483648"]),
        ["sampling.temperature: value must be at most 2147483647"],
      ],
      [
        "temperature 0.5 (not a whole number)",
        edit(WHOLE, ["  temperature: 0", "  temperature: 0.5"]),
        [],
      ],
      [
        "a float in a whole-number key",
        edit(WHOLE, ["  size: 2000", "  size: 20.5"]),
        ["split.size: got number, want integer"],
      ],
      [
        "text in a whole-number key",
        edit(WHOLE, ["  size: 2000", '  size: "2000"']),
        ["split.size: got string, want integer"],
      ],
      ["hex and octal are YAML 1.2 integers", edit(WHOLE, ["  size: 2000", "  size: 0x7D0"]), []],
    ],
  ],
  [
    "adapters: named twice, or with the baseline's name",
    [
      [
        "named twice",
        edit(WHOLE, ["    - name: tuned-b", "    - name: tuned-a"]),
        ["models.adapters.1.name: tuned-a is named twice, first at models.adapters.0.name"],
      ],
      [
        "the baseline's name",
        edit(WHOLE, ["    - name: tuned-b", "    - name: base"]),
        ["models.adapters.1.name: base is the baseline, which is scored already"],
      ],
      [
        "a name that differs only in case is another name",
        edit(WHOLE, ["    - name: tuned-b", "    - name: Base"]),
        [],
      ],
      [
        "no adapters",
        edit(WHOLE, [
          "  adapters:\n    - name: tuned-a\n    - name: tuned-b\n      path: /shared/ckpt/b\n",
          "  adapters: []\n",
        ]),
        [],
      ],
      [
        "an adapter without a name",
        edit(WHOLE, ["    - name: tuned-a", "    - path: /a"]),
        ["models.adapters.0: missing property 'name'"],
      ],
      [
        "indices sort as numbers",
        edit(WHOLE, [
          "    - name: tuned-b\n      path: /shared/ckpt/b\n",
          Array.from({ length: 11 }, (_, i) => `    - name: ${i === 10 ? "base" : `t${i}`}\n`).join(
            "",
          ) +
          "    - name: t2\n",
        ]),
        [
          "models.adapters.11.name: base is the baseline, which is scored already",
          "models.adapters.12.name: t2 is named twice, first at models.adapters.3.name",
        ],
      ],
    ],
  ],
  [
    "sweep: each step once, split.confirm between 0 and 1 with a checkpoint to confirm",
    [
      [
        "two checkpoints and a share",
        edit(WHOLE, ["    - name: tuned-a", "    - name: tuned-a\n      step: 500"], [
          "      path: /shared/ckpt/b",
          "      path: /shared/ckpt/b\n      step: 1000",
        ], ["  size: 2000", "  size: 2000\n  confirm: 0.5"]),
        [],
      ],
      [
        "a step given twice",
        edit(WHOLE, ["    - name: tuned-a", "    - name: tuned-a\n      step: 500"], [
          "      path: /shared/ckpt/b",
          "      path: /shared/ckpt/b\n      step: 500",
        ]),
        ["models.adapters.1.step: step 500 is given twice, first at models.adapters.0.step"],
      ],
      [
        "a step that is not whole",
        edit(WHOLE, ["    - name: tuned-a", "    - name: tuned-a\n      step: 2.5"]),
        ["models.adapters.0.step: got number, want integer"],
      ],
      [
        "a negative step",
        edit(WHOLE, ["    - name: tuned-a", "    - name: tuned-a\n      step: -1"]),
        ["models.adapters.0.step: value must be at least 0"],
      ],
      [
        "a sweep with several samples per item",
        edit(WHOLE, ["    - name: tuned-a", "    - name: tuned-a\n      step: 500"], [
          "  maxTokens: 512\n",
          "  maxTokens: 512\n  samples: 4\n",
        ]),
        [
          "sampling.samples: 4 samples per item cannot go with a sweep (models.adapters[].step): " +
          "the report of several samples per item has no sweep; use samples: 1 or drop the steps " +
          "and split.confirm",
        ],
      ],
      [
        "split.confirm with several samples per item",
        edit(WHOLE, ["    - name: tuned-a", "    - name: tuned-a\n      step: 500"], [
          "  size: 2000",
          "  size: 2000\n  confirm: 0.5",
        ], ["  maxTokens: 512\n", "  maxTokens: 512\n  samples: 2\n"]),
        [
          "sampling.samples: 2 samples per item cannot go with a sweep (models.adapters[].step and " +
          "split.confirm): " +
          "the report of several samples per item has no sweep; use samples: 1 or drop the steps " +
          "and split.confirm",
        ],
      ],
      [
        "a sweep with samples: 1",
        edit(WHOLE, ["    - name: tuned-a", "    - name: tuned-a\n      step: 500"], [
          "  maxTokens: 512\n",
          "  maxTokens: 512\n  samples: 1\n",
        ]),
        [],
      ],
      [
        "split.confirm without a checkpoint",
        edit(WHOLE, ["  size: 2000", "  size: 2000\n  confirm: 0.5"]),
        ["split.confirm: no adapter has a step: split.confirm confirms the checkpoint a sweep chooses"],
      ],
      [
        "split.confirm of 1",
        edit(WHOLE, ["    - name: tuned-a", "    - name: tuned-a\n      step: 500"], [
          "  size: 2000",
          "  size: 2000\n  confirm: 1",
        ]),
        ["split.confirm: value must be less than 1"],
      ],
      [
        "split.confirm of 0",
        edit(WHOLE, ["    - name: tuned-a", "    - name: tuned-a\n      step: 500"], [
          "  size: 2000",
          "  size: 2000\n  confirm: 0",
        ]),
        ["split.confirm: value must be more than 0"],
      ],
    ],
  ],
  [
    "decision: a margin from 0 to 100 points, guarded categories each once",
    [
      ["margin 0", edit(WHOLE, ["  margin: 1", "  margin: 0"]), []],
      ["margin 0.25 of a point", edit(WHOLE, ["  margin: 1", "  margin: 0.25"]), []],
      ["margin 100", edit(WHOLE, ["  margin: 1", "  margin: 100"]), []],
      [
        "margin below 0",
        edit(WHOLE, ["  margin: 1", "  margin: -0.5"]),
        ["decision.margin: value must be at least 0"],
      ],
      [
        "margin over 100",
        edit(WHOLE, ["  margin: 1", "  margin: 101"]),
        ["decision.margin: value must be at most 100"],
      ],
      [
        "margin as text",
        edit(WHOLE, ["  margin: 1", '  margin: "1"']),
        ["decision.margin: got string, want number"],
      ],
      ["every category", edit(WHOLE, ["[no-call]", "[no-call, single, parallel, multiple]"]), []],
      ["no guard", edit(WHOLE, ["[no-call]", "[]"]), []],
      [
        "a category that is not one",
        edit(WHOLE, ["[no-call]", "[no-call, nocall]"]),
        ["decision.guard.1: value must be one of 'no-call', 'single', 'parallel', 'multiple'"],
      ],
      [
        "a category named twice",
        edit(WHOLE, ["[no-call]", "[no-call, single, no-call]"]),
        ["decision.guard.2: no-call is named twice, first at decision.guard.0"],
      ],
      [
        "unknown in decision",
        edit(WHOLE, ["  margin: 1", "  margin: 1\n  alpha: 0.05"]),
        ["decision.alpha: not a setting of assess.yaml under decision"],
      ],
    ],
  ],
  [
    "probes: the four forms, each once",
    [
      [
        "every form",
        WHOLE + "probes: [irrelevance, shuffled-tools, {distractors: 4}, {distractors: 1}, " +
        '{system: ["Be brief.", null, "a\\nb"]}]\n',
        [],
      ],
      ["none", WHOLE + "probes: []\n", []],
      ["not a list", WHOLE + "probes: irrelevance\n", ["probes: got string, want array"]],
      [
        "a word that is not a probe",
        WHOLE + "probes: [irrelevant]\n",
        [
          "probes.0: 'irrelevant' is not a probe: give irrelevance, shuffled-tools, " +
          "{distractors: N} or {system: [prompt or null, ...]}",
        ],
      ],
      [
        "a number, a list, null, an empty object",
        WHOLE + "probes: [3, [irrelevance], null, {}]\n",
        [
          "probes.0: 3 is not a probe: give irrelevance, shuffled-tools, {distractors: N} or " +
          "{system: [prompt or null, ...]}",
          'probes.1: ["irrelevance"] is not a probe: give irrelevance, shuffled-tools, ' +
          "{distractors: N} or {system: [prompt or null, ...]}",
          "probes.2: null is not a probe: give irrelevance, shuffled-tools, {distractors: N} or " +
          "{system: [prompt or null, ...]}",
          "probes.3: an empty object is not a probe: give irrelevance, shuffled-tools, " +
          "{distractors: N} or {system: [prompt or null, ...]}",
        ],
      ],
      [
        "two keys in one",
        WHOLE + "probes: [{distractors: 2, system: [a]}]\n",
        [
          "probes.0: a probe has one key, and this one has 2 (distractors, system): give each " +
          "probe as an element of its own",
        ],
      ],
      [
        "an unknown key",
        WHOLE + "probes: [{distractor: 2}]\n",
        ["probes.0.distractor: not a setting of assess.yaml under probes.0; did you mean 'distractors'?"],
      ],
      [
        "distractors 0, 1.5, text",
        WHOLE + 'probes: [{distractors: 0}, {distractors: 1.5}, {distractors: "4"}]\n',
        [
          "probes.0.distractors: value must be at least 1",
          "probes.1.distractors: got number, want integer",
          "probes.2.distractors: got string, want integer",
        ],
      ],
      [
        "each once",
        WHOLE + "probes: [irrelevance, {distractors: 4}, shuffled-tools, {system: [a]}, " +
        "irrelevance, {distractors: 4}, {distractors: 5}, shuffled-tools, {system: [b]}]\n",
        [
          "probes.4: irrelevance is given twice, first at probes.0",
          "probes.5: {distractors: 4} is given twice, first at probes.1",
          "probes.7: shuffled-tools is given twice, first at probes.2",
          "probes.8: system is given twice, first at probes.3: list every prompt in one",
        ],
      ],
      [
        "system: each prompt once, text or null, not empty",
        WHOLE + "probes: [{system: [a, null, a, null, 3]}]\n",
        [
          "probes.0.system.2: the same prompt as probes.0.system.0",
          "probes.0.system.3: the same prompt as probes.0.system.1 (null: no system prompt)",
          "probes.0.system.4: got integer, want string",
        ],
      ],
      [
        'system: "" and null both send no system prompt: the same prompt',
        WHOLE + 'probes: [{system: ["", a, null]}, {distractors: 1}]\n',
        [
          "probes.0.system.2: the same prompt as probes.0.system.0 " +
          '("" and null: no system prompt)',
        ],
      ],
      [
        "system: an empty list",
        WHOLE + "probes: [{system: []}]\n",
        ["probes.0.system: value must not be an empty list"],
      ],
      [
        "a control character in a system prompt is sent, never printed; in a word it is refused",
        WHOLE + 'probes: [{system: ["\\u001b[2J"]}, "irrelevance\\u001b"]\n',
        [
          "probes.1: 'irrelevance\\u001b' is not a probe: give irrelevance, shuffled-tools, " +
          "{distractors: N} or {system: [prompt or null, ...]}",
          "probes.1: holds U+001B at character 12: a control or bidirectional character is " +
          "refused in a text assess prints",
        ],
      ],
    ],
  ],
  [
    "thinking.mode on needs maxTokens of 2048 or more",
    [
      [
        "on with 2047",
        edit(WHOLE, ["  mode: off", "  mode: on"], ["  maxTokens: 512", "  maxTokens: 2047"]),
        ["sampling.maxTokens: value must be at least 2048 when thinking.mode is on"],
      ],
      [
        "on with 2048",
        edit(WHOLE, ["  mode: off", "  mode: on"], ["  maxTokens: 512", "  maxTokens: 2048"]),
        [],
      ],
      ["off with 1", edit(WHOLE, ["  maxTokens: 512", "  maxTokens: 1"]), []],
      [
        "off with 0",
        edit(WHOLE, ["  maxTokens: 512", "  maxTokens: 0"]),
        ["sampling.maxTokens: value must be at least 1"],
      ],
      [
        "on with 0: one refusal",
        edit(WHOLE, ["  mode: off", "  mode: on"], ["  maxTokens: 512", "  maxTokens: 0"]),
        ["sampling.maxTokens: value must be at least 1"],
      ],
      [
        "mode false is a boolean, not off",
        edit(WHOLE, ["  mode: off", "  mode: false"]),
        ["thinking.mode: value must be one of 'off', 'on'"],
      ],
      [
        "mode no is text in YAML 1.2, and not a mode",
        edit(WHOLE, ["  mode: off", "  mode: no"]),
        ["thinking.mode: value must be one of 'off', 'on'"],
      ],
      [
        'mode "on" quoted',
        edit(WHOLE, ["  mode: off", '  mode: "on"'], ["  maxTokens: 512", "  maxTokens: 4096"]),
        [],
      ],
    ],
  ],
  [
    "serving.probe: 0 and split.size",
    [
      [
        "0 with required",
        edit(WHOLE, ["  probe: 8", "  probe: 0"]),
        ["serving.probe: 0 probes nothing, and serving.batchInvariant is required"],
      ],
      [
        "0 with the default",
        edit(SHORTEST, ["  probe: 8", "  probe: 0"]),
        ["serving.probe: 0 probes nothing, and serving.batchInvariant is required"],
      ],
      [
        "0 with asserted",
        edit(WHOLE, ["  probe: 8", "  probe: 0"], [
          "batchInvariant: required",
          "batchInvariant: asserted",
        ]),
        ["serving.probe: 0 probes nothing, and serving.batchInvariant is asserted"],
      ],
      [
        "0 with not-required",
        edit(WHOLE, ["  probe: 8", "  probe: 0"], [
          "batchInvariant: required",
          "batchInvariant: not-required",
        ]),
        [],
      ],
      ["1 with required", edit(WHOLE, ["  probe: 8", "  probe: 1"]), []],
      ["equal to split.size", edit(WHOLE, ["  size: 2000", "  size: 8"]), []],
      [
        "more than split.size",
        edit(WHOLE, ["  size: 2000", "  size: 7"]),
        ["serving.probe: value must be at most split.size, which is 7"],
      ],
      [
        "-1",
        edit(WHOLE, ["  probe: 8", "  probe: -1"]),
        ["serving.probe: value must be at least 0"],
      ],
      [
        "an unknown batchInvariant",
        edit(WHOLE, ["batchInvariant: required", "batchInvariant: maybe"]),
        ["serving.batchInvariant: value must be one of 'required', 'asserted', 'not-required'"],
      ],
    ],
  ],
  [
    "the other keys at their boundaries",
    [
      [
        "sha256 in capitals",
        edit(WHOLE, [
          "4ef5c6f0dc552f2231f93f5853a9ef431e9e806d7aa514d0f6b615606ce576c6",
          "4EF5C6F0DC552F2231F93F5853A9EF431E9E806D7AA514D0F6B615606CE576C6",
        ]),
        [],
      ],
      [
        "sha256 of 65 digits",
        edit(WHOLE, ["606ce576c6", "606ce576c60"]),
        ["dataset.sha256: '4ef5c6f0dc552f2231f93f5853a9ef431e9e806d7aa514d0f6b615606ce576c60' does not match pattern '^[0-9a-fA-F]{64}$'"],
      ],
      [
        "another dataset kind",
        edit(WHOLE, ["kind: xlam-function-calling", "kind: glaive"]),
        ["dataset.kind: value must be one of 'xlam-function-calling', 'chat-jsonl'"],
      ],
      ["version 1.0 is the number 1", edit(WHOLE, ["version: 1", "version: 1.0"]), []],
      ['version "1"', edit(WHOLE, ["version: 1", 'version: "1"']), ["version: value must be 1"]],
      ["topP 1", edit(WHOLE, ["  topP: 1", "  topP: 1"]), []],
      ["topP 1.01", edit(WHOLE, ["  topP: 1", "  topP: 1.01"]), [
        "sampling.topP: value must be at most 1",
      ]],
      ["topP 0.001", edit(WHOLE, ["  topP: 1", "  topP: 0.001"]), []],
      ["topP 0", edit(WHOLE, ["  topP: 1", "  topP: 0"]), [
        "sampling.topP: value must be more than 0",
      ]],
      ["temperature -0.1", edit(WHOLE, ["  temperature: 0", "  temperature: -0.1"]), [
        "sampling.temperature: value must be at least 0",
      ]],
      ["temperature .nan", edit(WHOLE, ["  temperature: 0", "  temperature: .nan"]), [
        "sampling.temperature: got NaN, want number",
      ]],
      ["concurrency 1", edit(WHOLE, ["  concurrency: 16", "  concurrency: 1"]), []],
      ["concurrency 0", edit(WHOLE, ["  concurrency: 16", "  concurrency: 0"]), [
        "serving.concurrency: value must be at least 1",
      ]],
      ["an empty baseline", edit(WHOLE, ["  baseline: base", '  baseline: ""']), [
        "models.baseline: value must not be empty",
      ]],
      ["insecure yes is text in YAML 1.2", edit(WHOLE, ["  insecure: false", "  insecure: yes"]), [
        "server.insecure: got string, want boolean",
      ]],
      ["an empty section", edit(WHOLE, ['prompt:\n  system: ""', "prompt:"]), [
        "prompt: got null, want object",
      ]],
      [
        "a multi-line system prompt",
        edit(WHOLE, ['  system: ""', "  system: |\n    Be brief.\n    Call tools."]),
        [],
      ],
    ],
  ],
  [
    "scorer.name and server.toolCallParser",
    [
      [
        "a name nothing registered",
        edit(WHOLE, ["  name: xlam-tool-call", "  name: nope"]),
        ["scorer.name: no scorer named 'nope' is registered"],
      ],
      [
        "a parser the scorer does not know",
        edit(WHOLE, ["toolCallParser: hermes", "toolCallParser: jamba"]),
        [
          "server.toolCallParser: 'jamba' is not a tool-call parser the scorer xlam-tool-call knows: " +
          "'hermes', 'llama3_json', 'llama4_json', 'llama4_pythonic', 'pythonic', 'mistral', " +
          "'qwen3_coder', 'qwen3_xml', 'xlam', 'granite', 'granite-20b-fc', 'phi4_mini_json', " +
          "'deepseek_v3', 'deepseek_v31', 'glm45', 'kimi_k2', 'openai'",
        ],
      ],
      [
        "an empty name",
        edit(WHOLE, ["  name: xlam-tool-call", '  name: ""']),
        ["scorer.name: value must not be empty"],
      ],
      ["ordering strict", edit(WHOLE, ["ordering: any", "ordering: strict"]), []],
      [
        "ordering random",
        edit(WHOLE, ["ordering: any", "ordering: random"]),
        ["scorer.ordering: value must be one of 'any', 'strict'"],
      ],
    ],
  ],
]);

/** Texts assess prints later: no control or bidirectional character; a long unknown key cut. */
const PRINTED = (code: string, at: number) =>
  `holds U+${code} at character ${at}: a control or bidirectional character is refused in a ` +
  "text assess prints";
RULES_BUILDER.set("texts assess prints", [
  [
    "ESC in the baseline",
    edit(WHOLE, ["  baseline: base", '  baseline: "ba\\e[2Jse"']),
    [`models.baseline: ${PRINTED("001B", 3)}`],
  ],
  [
    "a right-to-left override in an adapter's name",
    edit(WHOLE, ["    - name: tuned-a", '    - name: "tuned\\u202Ea"']),
    [`models.adapters.0.name: ${PRINTED("202E", 6)}`],
  ],
  [
    "a line break in the split seed, the template key and a path",
    edit(
      WHOLE,
      ["  seed: assess-v1", '  seed: "assess\\nv1"'],
      ["  templateKey: enable_thinking", '  templateKey: "enable\\tthinking"'],
      ["  path: /data/xlam_function_calling_60k.json", '  path: "/data/x\\u0085.json"'],
    ),
    [
      `dataset.path: ${PRINTED("0085", 8)}`,
      `split.seed: ${PRINTED("000A", 7)}`,
      `thinking.templateKey: ${PRINTED("0009", 7)}`,
    ],
  ],
  [
    "a multi-line system prompt is only sent, never printed",
    edit(WHOLE, ['  system: ""', '  system: "Be brief.\\n\\tCall tools."']),
    [],
  ],
  [
    "an unknown key of 5000 characters is shown cut",
    WHOLE + "k".repeat(5000) + ": 1\n",
    [`'${"k".repeat(97)}...' is not a setting of assess.yaml at the top level`],
  ],
  [
    "a number too large for a double",
    edit(WHOLE, ["  size: 2000", "  size: 1e400"]),
    ["split.size: got a number too large, want integer"],
  ],
]);

/** `sampling.seed` at the ends of the signed 64-bit range, and in every number form. */
const RANGE =
  "sampling.seed: value must fit in 64 bits: -9223372036854775808 to 9223372036854775807";
const samplingSeed = (text: string) => edit(WHOLE, ["  seed: 0\n", `  seed: ${text}\n`]);
RULES_BUILDER.set("sampling.seed", [
  ...[
    "9223372036854775807",
    "-9223372036854775808",
    "9007199254740993",
    "2147483648",
    "1e3",
    "0x7FFFFFFFFFFFFFFF",
    "0o17",
  ].map((t): Case => [`${t} is accepted`, samplingSeed(t), []]),
  ...([
    ["9223372036854775808", RANGE],
    ["-9223372036854775809", RANGE],
    ["18446744073709551615", RANGE],
    ["0x8000000000000000", RANGE],
    ["1.5", "sampling.seed: got number, want integer"],
    ["1.00000000000000000001", "sampling.seed: value must be a whole number"],
    ['"0"', "sampling.seed: got string, want integer"],
  ] as const).map(([t, line]): Case => [`${t} is refused`, samplingSeed(t), [line]]),
]);

/** `split.seed`: text, never a number. */
const splitSeed = (text: string) => edit(WHOLE, ["  seed: assess-v1", `  seed: ${text}`]);
RULES_BUILDER.set("split.seed", [
  ...['"42"', "twins", "'0x2A'"].map((t): Case => [`${t} is accepted`, splitSeed(t), []]),
  ...["42", "4.2", "0x2A", "-7", "1e3", ".inf"].map((t): Case => [
    `${t} is refused`,
    splitSeed(t),
    [`split.seed: YAML reads ${t} as a number; put it in quotes ("${t}") to use it as the seed`],
  ]),
  ["true is refused", splitSeed("true"), ["split.seed: got boolean, want string"]],
]);

/** `dataset.kind`: xlam-function-calling or chat-jsonl; `source` required for xlam alone. */
const SOURCE = "  source:\n    repo: Salesforce/xlam-function-calling-60k\n" +
  "    revision: 26d14ebfe18b1f7b524bd39b404b50af5dc97866\n";
RULES_BUILDER.set("dataset.kind", [
  ["chat-jsonl with source", edit(WHOLE, ["kind: xlam-function-calling", "kind: chat-jsonl"]), []],
  [
    "chat-jsonl without source",
    edit(WHOLE, ["kind: xlam-function-calling", "kind: chat-jsonl"], [SOURCE, ""]),
    [],
  ],
  ["xlam without source", edit(WHOLE, [SOURCE, ""]), [
    "dataset: missing property 'source' (required for an xlam-function-calling file)",
  ]],
]);

/**
 * `dataset.maxBytes`: a whole number of bytes from 1 to 1 GiB, and for an xlam file at most the
 * most characters a string holds (its file is read as one text). Its default is in `defaults_test.ts`.
 */
const SHA256_LINE = "  sha256: 4ef5c6f0dc552f2231f93f5853a9ef431e9e806d7aa514d0f6b615606ce576c6\n";
const maxBytes = (value: string, kind = "xlam-function-calling") =>
  edit(WHOLE, [SHA256_LINE, `${SHA256_LINE}  maxBytes: ${value}\n`], [
    "kind: xlam-function-calling",
    `kind: ${kind}`,
  ]);
const XLAM_TEXT =
  "dataset.maxBytes: value must be at most 536870888 for an xlam-function-calling " +
  "file: it is read as one text, and a JavaScript string holds at most that many characters";
RULES_BUILDER.set("dataset.maxBytes", [
  ["1 is accepted", maxBytes("1"), []],
  ["536870888 is accepted for xlam", maxBytes("536870888"), []],
  ["536870889 is refused for xlam", maxBytes("536870889"), [XLAM_TEXT]],
  ["1 GiB is refused for xlam", maxBytes("1073741824"), [XLAM_TEXT]],
  ["1 GiB is accepted for chat-jsonl", maxBytes("1073741824", "chat-jsonl"), []],
  ["1 GiB and a byte is refused for chat-jsonl", maxBytes("1073741825", "chat-jsonl"), [
    "dataset.maxBytes: value must be at most 1073741824",
  ]],
  ["1 GiB and a byte is refused once for xlam", maxBytes("1073741825"), [
    "dataset.maxBytes: value must be at most 1073741824",
  ]],
  ["0 is refused", maxBytes("0", "chat-jsonl"), ["dataset.maxBytes: value must be at least 1"]],
  ["1.5 is refused", maxBytes("1.5", "chat-jsonl"), [
    "dataset.maxBytes: got number, want integer",
  ]],
  ["256MiB is refused", maxBytes("256MiB", "chat-jsonl"), [
    "dataset.maxBytes: got string, want integer",
  ]],
]);

/** `server.url`: one case a rule, and the accepted forms at their edges. */
const withUrl = (url: string, insecure = false) =>
  edit(WHOLE, ["  url: http://127.0.0.1:8000/v1", `  url: ${JSON.stringify(url)}`], [
    "  insecure: false",
    `  insecure: ${insecure}`,
  ]);
const PLAIN =
  "server.url: must use https://, or name 127.0.0.1, ::1 or localhost, unless server.insecure is true";
RULES_BUILDER.set("server.url", [
  ["loopback http", withUrl("http://localhost:8000/v1"), []],
  ["::1", withUrl("http://[::1]:8000/v1"), []],
  ["https anywhere", withUrl("https://vllm.example.com/proxy/v1"), []],
  ["plain http with insecure", withUrl("http://10.0.0.7:8000/v1", true), []],
  ["plain http elsewhere", withUrl("http://10.0.0.7:8000/v1"), [PLAIN]],
  ["another scheme", withUrl("ftp://127.0.0.1/v1"), [
    "server.url: must be an http:// or https:// URL",
  ]],
  ["no host", withUrl("http:///v1"), ["server.url: must name a host"]],
  ["/v1/", withUrl("http://127.0.0.1:8000/v1/"), [
    "server.url: must end in /v1, with nothing after it",
  ]],
  [
    "credentials",
    withUrl("https://u:sk-secret@vllm.example.com/v1"),
    ["server.url: must hold no credentials: the API key is read from the VLLM_API_KEY environment variable"],
  ],
  ["a query", withUrl("http://127.0.0.1:8000/v1?key=sk-secret"), [
    "server.url: must hold no query",
  ]],
  ["a fragment", withUrl("http://127.0.0.1:8000/v1#x"), ["server.url: must hold no fragment"]],
]);

/** `server.urls`: several replicas, each URL by `server.url`'s rules, named by its index. */
const withUrls = (urls: readonly unknown[], keepUrl = false) =>
  edit(WHOLE, [
    "  url: http://127.0.0.1:8000/v1",
    (keepUrl ? "  url: http://127.0.0.1:8000/v1\n" : "") +
    (urls.length === 0
      ? "  urls: []"
      : `  urls:\n${urls.map((u) => `    - ${JSON.stringify(u)}`).join("\n")}`),
  ]);
RULES_BUILDER.set("server.urls", [
  ["two replicas", withUrls(["http://127.0.0.1:8000/v1", "http://127.0.0.1:8001/v1"]), []],
  ["one is as server.url", withUrls(["https://vllm.example.com/v1"]), []],
  [
    "the same host on other ports",
    withUrls(["https://a.example/v1", "https://a.example:8443/v1"]),
    [],
  ],
  ["with server.url", withUrls(["http://127.0.0.1:8001/v1"], true), [
    "server.urls: server.url is given too: give one of the two (a single URL may be either)",
  ]],
  [
    "credentials in the second, never repeated",
    withUrls(["http://127.0.0.1:8000/v1", "https://u:sk-secret@vllm.example.com/v1"]),
    [
      "server.urls.1: must hold no credentials: the API key is read from the VLLM_API_KEY environment variable",
    ],
  ],
  [
    "plain http elsewhere, by index",
    withUrls(["https://a.example/v1", "http://10.0.0.7:8000/v1"]),
    [
      "server.urls.1: must use https://, or name 127.0.0.1, ::1 or localhost, unless server.insecure is true",
    ],
  ],
  [
    "the same host and port twice",
    withUrls([
      "http://127.0.0.1:8000/v1",
      "http://127.0.0.1:8001/v1",
      "http://127.0.0.1:8000/x/v1",
    ]),
    ["server.urls.2: names the same host and port as the URL at index 0"],
  ],
  ["https's port written or not", withUrls(["https://a.example/v1", "https://a.example:443/v1"]), [
    "server.urls.1: names the same host and port as the URL at index 0",
  ]],
  ["an empty list", withUrls([]), ["server.urls: value must not be an empty list"]],
  ["a number", withUrls([8000]), ["server.urls.0: got integer, want string"]],
]);

/** The cases, by group. */
export const RULES: ReadonlyMap<string, readonly Case[]> = RULES_BUILDER;

/** The cases of one group. */
export function ruleCases(group: string): readonly Case[] {
  const cases = RULES.get(group);
  if (!cases) throw new Error(`no rule group ${group}`);
  return cases;
}

/**
 * A test that runs each case as a step: `validate` gives exactly its refusal lines, and a config
 * only when there are none.
 */
export function table(cases: readonly Case[]): (t: Deno.TestContext) => Promise<void> {
  return async (t: Deno.TestContext) => {
    for (const [name, text, expected] of cases) {
      await t.step(name, () => {
        const { config, issues } = check(text);
        assert.deepEqual(lines(issues), expected);
        assert.equal(config === undefined, expected.length > 0);
      });
    }
  };
}
