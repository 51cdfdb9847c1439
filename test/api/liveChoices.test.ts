// Live choices against the demo backend over a real loopback socket: the lookup the core builds for a
// tag value lists the values its column holds in the run's range, most rows first (checked against the
// rows of a plain query of the same range); a need without a lookup is left as it is; a lookup the
// service refuses (a wrong token) or a cancelled one is a failure beside the need, never a throw.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createOpenApiClient, liveChoiceOf, withLiveChoices, type MxqlRow } from '../../api/index';
import { demoClientOptions } from '../../demo/index';
import { planRun, type ParamNeed } from '../../server/core/index';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';
import { NOW, range, useDemo } from './demoHarness';

const demo = useDemo();

function needsOf(text: string): readonly ParamNeed[] {
  return planRun({
    fileText: text,
    select: { kind: 'file' },
    overrides: { range: { kind: 'absolute', ...range } },
    now: NOW,
    timezone: 0,
    catalog: bundledCategoryCatalog,
  }).needs;
}

const send = (pcode: number) => (body: Parameters<typeof demo.client.mxqlText>[0]) =>
  demo.client.mxqlText(body, { pcode });

/** The values of `column` in the rows of a plain query, most rows first (ties by name). */
function valuesByCount(rows: readonly MxqlRow[], column: string): string[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const value = row[column];
    if (value !== null && value !== undefined && String(value) !== '')
      counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([v]) => v);
}

void test("a tag value's lookup lists the values its column holds, most rows first", async () => {
  const [need] = needsOf('CATEGORY app_counter\nTAGLOAD\nFILTER {key: oname, value: $name}\n');
  assert.equal(need?.kind, 'tagValue');
  assert.ok(need.lookup);
  const choice = await liveChoiceOf(need, range, send(demo.apm));
  assert.ok('values' in choice, 'the lookup succeeds');
  const rows = await demo.client.mxqlText(
    { ...range, mql: 'CATEGORY app_counter\nTAGLOAD\nSELECT [oname]', limit: 100_000 },
    { pcode: demo.apm },
  );
  const expected = valuesByCount(rows, 'oname');
  assert.ok(expected.length > 1, 'the demo project has several agents');
  assert.deepEqual([...choice.values].sort(), [...expected].sort());
  const top = rows.filter((r) => r.oname === choice.values[0]).length;
  assert.ok(
    expected.every((v) => rows.filter((r) => r.oname === v).length <= top),
    'the first value has the most rows',
  );
});

void test('withLiveChoices fills the choices of tag values only, and a failed lookup leaves its need', async () => {
  const needs = needsOf('CATEGORY app_counter\nTAGLOAD\nFILTER {key: okindName, value: $kind}\nLIMIT $n\n');
  assert.deepEqual(
    needs.map((n) => n.kind),
    ['tagValue', 'rowCount'],
  );
  const live = await withLiveChoices(needs, range, send(demo.apm));
  assert.deepEqual(live.failures, []);
  assert.ok((live.needs[0]?.choices.length ?? 0) > 0, 'the tag value has live choices');
  assert.deepEqual(live.needs[1], needs[1], 'the row count is as planned');

  const stranger = createOpenApiClient({
    ...demoClientOptions(demo.demo),
    tokenForPcode: () => 'not-a-token-of-this-project',
    retry: { attempts: 1 },
  });
  try {
    const refused = await withLiveChoices(needs, range, (body) =>
      stranger.mxqlText(body, { pcode: demo.apm }),
    );
    assert.deepEqual(refused.needs, needs, 'the needs stay as planned');
    assert.deepEqual(
      refused.failures.map((f) => f.need.name),
      ['$kind'],
    );
    assert.match(String(refused.failures[0]?.error), /401|token/i);
  } finally {
    await stranger.close();
  }
});

void test('a cancelled lookup is a failure, not a throw', async () => {
  const [need] = needsOf('CATEGORY app_counter\nTAGLOAD\nFILTER {key: oname, value: $name}\n');
  assert.ok(need);
  const controller = new AbortController();
  controller.abort();
  const choice = await liveChoiceOf(need, range, (body) =>
    demo.client.mxqlText(body, { pcode: demo.apm, signal: controller.signal }),
  );
  assert.ok('error' in choice);
});
