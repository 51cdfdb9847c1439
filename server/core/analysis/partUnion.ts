/**
 * The union of the names held by a list of parts (a document's blocks, its pipelines' step runs), kept
 * up to date as the list changes: an edit replaces a few parts and keeps the others, so each update
 * counts the names of the parts that left and those that came, and never walks the unchanged ones.
 */
export class PartUnion<P, K = P> {
  private keys: readonly K[] = [];
  /** How many of the current parts hold each name. */
  private readonly counts = new Map<string, number>();
  /** The names of each current part's key, and how many current parts have that key. */
  private readonly held = new Map<K, { readonly names: readonly string[]; parts: number }>();
  private sortedNames: string[] | undefined;

  /**
   * @param keyOf equal keys mean parts with equal names (an unchanged part keeps its key)
   * @param namesOf the names one part holds
   */
  constructor(
    private readonly keyOf: (part: P) => K,
    private readonly namesOf: (part: P) => readonly string[],
  ) {}

  /**
   * Moves the union to `parts` and answers whether it holds `name`-style questions until the next
   * update. Costs the parts between the longest unchanged prefix and suffix, which is what an edit
   * touched.
   */
  update(parts: readonly P[]): ReadonlyMap<string, number> {
    const keys = parts.map(this.keyOf);
    const old = this.keys;
    let head = 0;
    while (head < old.length && head < keys.length && old[head] === keys[head]) head++;
    let tail = 0;
    while (
      tail < old.length - head &&
      tail < keys.length - head &&
      old[old.length - 1 - tail] === keys[keys.length - 1 - tail]
    )
      tail++;
    for (let i = head; i < keys.length - tail; i++) this.add(keys[i] as K, parts[i] as P);
    for (let i = head; i < old.length - tail; i++) this.remove(old[i] as K);
    this.keys = keys;
    return this.counts;
  }

  /** The names of `parts`, sorted (kept sorted as names come and go). */
  sorted(parts: readonly P[]): readonly string[] {
    const counts = this.update(parts);
    this.sortedNames ??= [...counts.keys()].sort(byCodeUnits);
    return this.sortedNames;
  }

  private add(key: K, part: P): void {
    let entry = this.held.get(key);
    if (entry) entry.parts++;
    else {
      entry = { names: this.namesOf(part), parts: 1 };
      this.held.set(key, entry);
    }
    for (const name of entry.names) {
      const count = this.counts.get(name) ?? 0;
      if (count === 0 && this.sortedNames)
        this.sortedNames.splice(insertionPoint(this.sortedNames, name), 0, name);
      this.counts.set(name, count + 1);
    }
  }

  private remove(key: K): void {
    const entry = this.held.get(key);
    if (!entry) return;
    if (--entry.parts === 0) this.held.delete(key);
    for (const name of entry.names) {
      const left = (this.counts.get(name) ?? 0) - 1;
      if (left > 0) this.counts.set(name, left);
      else {
        this.counts.delete(name);
        this.sortedNames?.splice(insertionPoint(this.sortedNames, name), 1);
      }
    }
  }
}

/** The order of `Array.prototype.sort` without a comparator (UTF-16 code units). */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Where `name` is or would go in the ascending `sorted`. */
function insertionPoint(sorted: readonly string[], name: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < name) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
