/**
 * The largest matching of a group of reply calls to answer calls, shared by the strict scorer and
 * its lenient reading. Private to `src/score/`.
 *
 * @module
 */

/**
 * Finds a largest matching between a group's reply calls and answer calls, where a pair may be
 * matched when `equal[reply][answer]` (Kuhn's augmenting paths: never greedy, so two calls to one
 * tool with swapped arguments match). Returns, for each answer call of the group, the reply call
 * matched to it, or -1.
 */
export function largestMatching(equal: readonly (readonly boolean[])[], size: number): number[] {
  const replyOf: number[] = new Array(size).fill(-1);
  const augment = (r: number, seen: boolean[]): boolean => {
    for (let a = 0; a < size; a++) {
      if (!equal[r]![a] || seen[a]) continue;
      seen[a] = true;
      if (replyOf[a]! < 0 || augment(replyOf[a]!, seen)) {
        replyOf[a] = r;
        return true;
      }
    }
    return false;
  };
  for (let r = 0; r < size; r++) augment(r, new Array(size).fill(false));
  return replyOf;
}
