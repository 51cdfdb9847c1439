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
