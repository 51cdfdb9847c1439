import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  historyRangeLabel,
  HistoryStore,
  type HistoryEntry,
  type StateStore,
} from '../../client/src/history/historyStore';

function memory(initial?: unknown): StateStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  if (initial !== undefined) data.set('mxql.history', initial);
  return {
    data,
    get: (key) => data.get(key),
    update: (key, value) => {
      data.set(key, value);
      return Promise.resolve();
    },
  };
}

const entry = (id: string): HistoryEntry => ({
  id,
  time: 1,
  title: id,
  profile: 'Demo',
  pcode: 1,
  endpoint: '/open/api/flush/mxql/text',
  stime: 0,
  etime: 1,
  range: { kind: 'relative', ms: 1 },
  params: {},
  injects: {},
  status: 'done',
  rows: 3,
  ms: 4,
  query: 'CATEGORY a',
});

void test('newest first, capped, change events', async () => {
  const state = memory();
  const store = new HistoryStore(state, 3);
  let changes = 0;
  store.onDidChange(() => changes++);
  for (const id of ['a', 'b', 'c', 'd']) await store.add(entry(id));
  assert.deepEqual(
    store.entries().map((e) => e.id),
    ['d', 'c', 'b'],
  );
  assert.equal(changes, 4);
  assert.equal(store.find('c')?.title, 'c');
  await store.clear();
  assert.deepEqual(store.entries(), []);
});

void test('malformed stored state is skipped, not fatal', () => {
  const store = new HistoryStore(memory([null, 5, { id: 'x' }, entry('ok')]));
  assert.deepEqual(
    store.entries().map((e) => e.id),
    ['ok'],
  );
  assert.deepEqual(new HistoryStore(memory('garbage')).entries(), []);
});

void test('an entry of the older form, which kept only the range label, loads as facts and is written anew', async () => {
  const { range: _range, ...fields } = entry('old');
  const relative = { ...fields, id: 'rel', stime: 1_000, etime: 901_000, rangeLabel: '15m' };
  const absolute = { ...fields, id: 'abs', stime: 5_000, etime: 65_000, rangeLabel: '10:00 → 10:01' };
  const state = memory([relative, absolute]);
  const store = new HistoryStore(state);
  assert.deepEqual(store.find('rel')?.range, { kind: 'relative', ms: 900_000 });
  assert.deepEqual(store.find('abs')?.range, { kind: 'absolute', stime: 5_000, etime: 65_000 });
  assert.equal(historyRangeLabel(store.find('rel') as HistoryEntry, 0), '15m');
  assert.equal(
    historyRangeLabel(store.find('abs') as HistoryEntry, 0),
    '1970-01-01 00:00 → 1970-01-01 00:01',
  );

  await store.add(entry('new'));
  const written = state.data.get('mxql.history') as Record<string, unknown>[];
  assert.deepEqual(
    written.map((e) => [e.id, 'rangeLabel' in e, e.range]),
    [
      ['new', false, { kind: 'relative', ms: 1 }],
      ['rel', false, { kind: 'relative', ms: 900_000 }],
      ['abs', false, { kind: 'absolute', stime: 5_000, etime: 65_000 }],
    ],
  );
});
