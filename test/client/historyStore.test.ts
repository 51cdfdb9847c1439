import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HistoryStore, type HistoryEntry, type StateStore } from '../../client/src/history/historyStore';

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
  rangeLabel: '1h',
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
