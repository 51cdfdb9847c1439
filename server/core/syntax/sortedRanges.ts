/** Binary search over lists of nodes sorted by range start (every list of a parse is). */
import type { Range } from './ast';

/** Index of the first element of `sorted` whose range starts at or after `offset`. */
export function firstStartingAtOrAfter(sorted: readonly { readonly range: Range }[], offset: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as { range: Range }).range.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The elements of `sorted` whose range holds `offset`, ends included, in order: a binary search, for
 * lists whose ranges do not overlap (so ends ascend too) and grow with the document. Two at most, where
 * one ends as the next starts.
 */
export function holdingOffset<T extends { readonly range: Range }>(
  sorted: readonly T[],
  offset: number,
): T[] {
  const out: T[] = [];
  for (let i = firstStartingAtOrAfter(sorted, offset + 1) - 1; i >= 0; i--) {
    const element = sorted[i] as T;
    if (element.range.end < offset) break;
    out.unshift(element);
  }
  return out;
}
