// PartUnion keeps the union of its parts' names as the list of parts changes; after any sequence of
// changes it must hold exactly the names a fresh count over the current parts gives, and walk only
// the parts that changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PartUnion } from '../../../server/core/analysis/partUnion';
import { seededRandom } from '../../support/seededTexts';

interface Part {
  readonly key: string;
  readonly names: readonly string[];
}

const NAMES = ['tps', 'oid', 'time', 'cpu', 'mem', 'oname', 'pcode', 'resp_time'];

function freshCounts(parts: readonly Part[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of parts) for (const n of new Set(p.names)) counts.set(n, (counts.get(n) ?? 0) + 1);
  return counts;
}

void test('after seeded random replacements the union equals a fresh count, sorted included', () => {
  const rnd = seededRandom(11);
  const part = (): Part => {
    const names = NAMES.filter(() => rnd(3) === 0);
    return { key: `${names.join(',')}#${rnd(4)}`, names };
  };
  for (let run = 0; run < 20; run++) {
    const union = new PartUnion(
      (p: Part) => p.key,
      (p: Part) => [...new Set(p.names)],
    );
    let parts = Array.from({ length: 1 + rnd(30) }, part);
    for (let step = 0; step < 40; step++) {
      // Replace a run of parts, as an edit replaces the blocks it touches (sometimes none, or all).
      const start = rnd(parts.length + 1);
      const end = Math.min(parts.length, start + rnd(4));
      parts = [...parts.slice(0, start), ...Array.from({ length: rnd(4) }, part), ...parts.slice(end)];
      const expected = freshCounts(parts);
      assert.deepEqual(new Map(union.update(parts)), expected, `run ${run} step ${step}`);
      assert.deepEqual(union.sorted(parts), [...expected.keys()].sort(), `sorted, run ${run} step ${step}`);
    }
  }
});

void test('an update reads the names of the parts that changed only', () => {
  let read = 0;
  const union = new PartUnion(
    (p: Part) => p,
    (p: Part) => {
      read++;
      return p.names;
    },
  );
  const parts: Part[] = Array.from({ length: 500 }, (_, i) => ({ key: String(i), names: [`n${i % 50}`] }));
  union.update(parts);
  assert.equal(read, 500);
  const edited = [...parts.slice(0, 250), { key: 'new', names: ['fresh'] }, ...parts.slice(251)];
  const counts = union.update(edited);
  assert.equal(read, 501, 'one part read again');
  assert.equal(counts.get('fresh'), 1);
  assert.equal(counts.get('n0'), 9, 'part 250 (n0) left');
  assert.equal(counts.get('n1'), 10);
});
