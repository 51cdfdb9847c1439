// The one executor against the demo backend over a real loopback socket: it sends exactly the plan's
// body (a tap on the client's request log and a byte count say so), and the facts of the rows say what a
// reader must know: a reached limit, which end it kept, the limit that returns every row, the columns
// no row carries. An empty result's causes are asked of the data: a FILTER that kept nothing, no data.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { executeRun, explainEmpty } from '../../api/index';
import { planRun, type RunPlan } from '../../server/core/index';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';
import { H, NOW, useDemo } from './demoHarness';

const demo = useDemo();
const catalog = bundledCategoryCatalog;

function plan(text: string, limit?: number, ms = H): RunPlan & { request: NonNullable<RunPlan['request']> } {
  const planned = planRun({
    fileText: text,
    select: { kind: 'file' },
    overrides: { range: { kind: 'absolute', stime: NOW - ms, etime: NOW }, ...(limit ? { limit } : {}) },
    now: NOW,
    timezone: 0,
    catalog,
  });
  assert.ok(planned.request, 'the plan can be sent');
  return { ...planned, request: planned.request };
}

const TPS = 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, tps]\n';

void test('a reached limit says which end it kept, and its suggested limit returns every row', async () => {
  const cut = await executeRun(demo.client, plan(TPS, 1000), { pcode: demo.apm, catalog });
  assert.equal(cut.rows.length, 1000);
  assert.equal(cut.facts.cut?.kept, 'oldest');
  assert.ok(
    cut.facts.cut?.covered && cut.facts.cut.covered.etime < NOW,
    'the kept rows end before the range',
  );
  const suggested = cut.facts.cut?.suggestedLimit ?? 0;
  const all = await executeRun(demo.client, plan(TPS, suggested), { pcode: demo.apm, catalog });
  assert.equal(all.facts.cut, undefined, `limit ${suggested} returns every row`);
  const estimate = cut.facts.cut?.estimatedTotal ?? 0;
  assert.ok(
    Math.abs(estimate - all.rows.length) <= all.rows.length * 0.05,
    `${estimate} ≈ ${all.rows.length}`,
  );
  // The same rows newest first: the limit keeps the newest.
  const newest = await executeRun(demo.client, plan(`${TPS}ORDER {key: [time], sort: [desc]}\n`, 1000), {
    pcode: demo.apm,
    catalog,
  });
  assert.equal(newest.facts.cut?.kept, 'newest');
  assert.ok(newest.facts.cut?.covered && newest.facts.cut.covered.stime > NOW - H);
});

void test('the executor sends the plan body as it is, and reports the range and limit sent', async () => {
  const planned = plan('-- @param $x = 1\nCATEGORY app_counter\nTAGLOAD\n', 7);
  const run = await executeRun(demo.client, planned, { pcode: demo.apm });
  assert.equal(run.request, planned.request);
  assert.deepEqual(
    { limit: run.facts.limit, stime: run.facts.stime, etime: run.facts.etime },
    { limit: 7, stime: planned.request.body.stime, etime: planned.request.body.etime },
  );
  assert.equal(run.pcode, demo.apm);
});

void test('selected columns no row has a value for are named; columns the pipeline makes are not', async () => {
  const run = await executeRun(
    demo.client,
    plan(
      'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, tps, made_up_column]\nCREATE {key: t2, expr: "tps*2"}\n',
      10,
    ),
    { pcode: demo.apm, catalog },
  );
  assert.deepEqual(run.facts.missingColumns, ['made_up_column']);
  const plain = await executeRun(demo.client, plan(TPS, 10), { pcode: demo.apm, catalog });
  assert.deepEqual(plain.facts.missingColumns, []);
});

void test('an empty result asks the data why: a FILTER that kept none, with the values its column holds', async () => {
  const filtered = await executeRun(
    demo.client,
    plan('CATEGORY app_counter\nTAGLOAD\nFILTER {key: oname, value: "nobody-here"}\n'),
    { pcode: demo.apm, catalog },
  );
  assert.equal(filtered.rows.length, 0);
  const causes = await explainEmpty(demo.client, filtered, { pcode: demo.apm, catalog });
  const filter = causes[0];
  assert.equal(filter?.kind, 'filter');
  assert.ok(filter?.kind === 'filter' && filter.line === 3 && filter.column === 'oname');
  const names = demo.demo.data.agentsOf(demo.apm).map((a) => a.oname);
  assert.ok(filter?.kind === 'filter' && filter.values?.some((v) => names.includes(v)), 'real agent names');

  // No FILTER and no rows in the range at all: the data has nothing, and nothing else is blamed.
  const early = await executeRun(demo.client, plan('CATEGORY app_counter\nTAGLOAD\n'), { pcode: demo.apm });
  const before = {
    ...early,
    rows: [],
    request: {
      ...early.request,
      body: { ...early.request.body, stime: Date.UTC(2020, 0, 1), etime: Date.UTC(2020, 0, 1) + H },
    },
  };
  const none = await explainEmpty(demo.client, before, { pcode: demo.apm, catalog });
  assert.deepEqual(none, [{ kind: 'no-data', categories: ['app_counter'] }]);
});

void test('an empty result names the category of every CATEGORY form, the roll-up map of dashboards too', async () => {
  const mapped = 'CATEGORY {"app_counter": 6h, "app_counter{m5}": 3d, "app_counter{h1}": unlimit}\nTAGLOAD\n';
  for (const text of [mapped, 'CATEGORY "app_counter"\nTAGLOAD\n']) {
    const run = await executeRun(demo.client, plan(text), { pcode: demo.apm });
    const empty = {
      ...run,
      rows: [],
      request: {
        ...run.request,
        body: { ...run.request.body, stime: Date.UTC(2020, 0, 1), etime: Date.UTC(2020, 0, 1) + H },
      },
    };
    const causes = await explainEmpty(demo.client, empty, { pcode: demo.apm, catalog });
    assert.deepEqual(causes, [{ kind: 'no-data', categories: ['app_counter'] }], text);
  }
});
