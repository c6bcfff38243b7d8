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

/** The answer's calls to one tool and the reply's, by position. */
export interface CallGroup {
  /** The reply's calls to the tool. */
  readonly replies: number[];
  /** The answer's calls to the tool. */
  readonly answers: number[];
}

/**
 * The calls grouped by tool, in the order the answer first calls each. Every reply call must name
 * a tool the answer calls (the caller has checked the names).
 */
export function callGroups(
  answers: readonly { readonly name: string }[],
  calls: readonly { readonly name: string }[],
): Map<string, CallGroup> {
  const groups = new Map<string, CallGroup>();
  for (let i = 0; i < answers.length; i++) {
    const name = answers[i]!.name;
    let group = groups.get(name);
    if (group === undefined) groups.set(name, group = { replies: [], answers: [] });
    group.answers.push(i);
  }
  for (let i = 0; i < calls.length; i++) groups.get(calls[i]!.name)!.replies.push(i);
  return groups;
}
