/**
 * What a verb of the command line is.
 *
 * @module
 */

import type { FlagSpec, FlagValues } from "./flags.ts";
import type { Io } from "./io.ts";

/** A verb: its flags, its help, and what it does. */
export interface Verb {
  /** The verb's name, as typed. */
  readonly name: string;
  /** One line for `assess help`. */
  readonly summary: string;
  /** The verb's usage line after `assess NAME`, such as `[-config FILE] -out FILE`. */
  readonly usage: string;
  /**
   * The `deno run` permissions it needs, as README.md's Permissions table gives them (`none`, or
   * flags with placeholders such as `DATASET`), for `assess help VERB`.
   */
  readonly permissions: string;
  /** Its flags, by name. */
  readonly flags: Readonly<Record<string, FlagSpec>>;
  /** Does the work and returns the exit code; throws for the funnel to map. */
  run(flags: FlagValues, io: Io): Promise<number>;
}
