/**
 * The `deno run` permissions of the verbs whose tests and README row share one source, so that the
 * README gives the lines the tests run with (`tests/readme_test.ts`).
 *
 * @module
 */

/**
 * The permissions of `assess leak`: read the config, the dataset, the split file and the training
 * file; nothing else.
 *
 * @param config The assess.yaml.
 * @param dataset The dataset file.
 * @param split The split file.
 * @param training The training file.
 * @returns The `deno run` flags.
 */
export function leakPermissions(
  config: string,
  dataset: string,
  split: string,
  training: string,
): string[] {
  return [`--allow-read=${config},${dataset},${split},${training}`];
}
