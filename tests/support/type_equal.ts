/**
 * Type-level assertions for tests: a test file that states one that is false does not type-check,
 * so `deno test` (which checks first) fails.
 *
 * @module
 */

/**
 * `true` when `A` and `B` are the same type (`readonly` and optional members included), else
 * `false`: the two conditional types are only assignable when their checks are identical.
 */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2)
  ? true
  : false;

/** The whole numbers from 0 to `N` − 1, as a union (`N` a small whole number). */
export type Below<N extends number, Acc extends number[] = []> = Acc["length"] extends N
  ? Acc[number]
  : Below<N, [...Acc, Acc["length"]]>;
