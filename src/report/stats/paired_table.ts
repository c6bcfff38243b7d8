/**
 * The 2×2 table of two models scored on the same items.
 *
 * @module
 */

/**
 * Two models' verdicts on the same items, counted: the first model is the one compared (an
 * adapter), the second the one it is compared with (the baseline).
 */
export interface PairedTable {
  /** Items both got right. */
  readonly bothRight: number;
  /** Items only the first got right (the discordant pairs that favour it). */
  readonly onlyFirst: number;
  /** Items only the second got right. */
  readonly onlySecond: number;
  /** Items both got wrong. */
  readonly bothWrong: number;
}
