/**
 * The closest known names to a misspelt one, ranked by edit distance: the did-you-mean candidates of
 * category, column, command and path suggestions (validation/didYouMean.ts words the sentence).
 */

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent swaps), stopping early once every
 * candidate alignment exceeds `limit`; then it returns `limit + 1`.
 */
export function editDistance(a: string, b: string, limit = Number.MAX_SAFE_INTEGER): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (prevPrev[j - 2] ?? 0) + 1);
      }
      row.push(best);
      rowMin = Math.min(rowMin, best);
    }
    if (rowMin > limit) return limit + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length] ?? limit + 1;
}

/**
 * Up to `max` candidates closest to `input`, best first. Case differences cost nothing extra, and a
 * candidate must be within about a third of the input's length (at least 2 edits) to count.
 */
export function suggestClosest(input: string, candidates: Iterable<string>, max = 3): string[] {
  const wanted = input.toLowerCase();
  const limit = Math.max(2, Math.ceil(wanted.length / 3));
  const scored: { name: string; score: number }[] = [];
  for (const name of candidates) {
    if (name === input) continue;
    const lower = name.toLowerCase();
    const score = lower === wanted ? 0 : editDistance(wanted, lower, limit);
    if (score <= limit) scored.push({ name, score });
  }
  scored.sort((x, y) => x.score - y.score || x.name.length - y.name.length || (x.name < y.name ? -1 : 1));
  return scored.slice(0, Math.max(0, max)).map((s) => s.name);
}
