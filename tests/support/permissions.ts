/**
 * The `deno run` permissions of the verbs whose tests and README row share one source, so that the
 * README gives the lines the tests run with (`tests/readme_test.ts`), and `assess run`'s whole
 * `deno` command line with them, for the tests, the demo and the benchmarks that start it.
 *
 * @module
 */

import { RUN_ENV } from "../../src/run/server_settings.ts";

const CLI = new URL("../../cli.ts", import.meta.url).pathname;

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

/**
 * The permissions of `assess run`, with the servers' hosts and the environment variables as a
 * test or a benchmark sets them: read the config, the dataset and the results file (and any
 * `read` more, such as a serve manifest), write the results file, reach `net`.
 *
 * @param files The config, the dataset and the results file.
 * @param net The `host:port` list for `--allow-net`.
 * @param env The variables for `--allow-env`, comma-separated; none when empty.
 * @param read More files to read.
 * @returns The `deno run` flags.
 */
export function runPermissions(
  files: { readonly config: string; readonly dataset: string; readonly out: string },
  net: string,
  env: string,
  read: readonly string[] = [],
): string[] {
  return [
    `--allow-read=${[files.config, files.dataset, files.out, ...read].join(",")}`,
    `--allow-write=${files.out}`,
    `--allow-net=${net}`,
    ...(env === "" ? [] : [`--allow-env=${env}`]),
  ];
}

/**
 * The `deno` arguments of `assess run` on `config` writing `out`, with the permissions its README
 * row gives (read the config and the dataset, write `out`, reach `hosts`).
 *
 * @param files The config, the dataset and the results file.
 * @param hosts The servers' `host:port`, comma-separated.
 * @returns The arguments, from `run`.
 */
export function assessRunArgs(
  files: { readonly config: string; readonly dataset: string; readonly out: string },
  hosts: string,
): string[] {
  return [
    "run",
    "--quiet",
    ...runPermissions(files, hosts, RUN_ENV.join(",")),
    CLI,
    "run",
    "-config",
    files.config,
    "-out",
    files.out,
  ];
}
