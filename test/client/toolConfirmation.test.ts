// The confirmation before a tool reads a real account says what the run will send: it is rendered from the
// plan of the one planner, so the query's own directives (`-- @range 7d`, `-- @limit 50`, `-- @pcode`) are
// what it names, not the tool's defaults; every figure in it is checked against that plan's request.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { confirmationOf } from '../../client/src/assistant/confirmation';
import { englishOf, templateText } from '../../common/templateText';
import { formatLocal } from '../../server/core/index';
import { contextFor, NOW } from '../assistant/harness';

const target = { label: 'Prod', isDemo: false, pcode: 77 };
const context = { ...contextFor(undefined), timezone: () => 540 };

const cases: { name: string; input: Record<string, unknown>; project: string }[] = [
  {
    name: "the query's own directives",
    input: { mql: '-- @range 7d\n-- @limit 50\n-- @pcode 12\nCATEGORY app_counter\nTAGLOAD\n' },
    project: '12',
  },
  { name: 'the tool defaults', input: { mql: 'CATEGORY app_counter\nTAGLOAD\n' }, project: '77' },
  {
    name: 'the model’s range, limit and project',
    input: { mql: '-- @range 7d\nCATEGORY app_counter\nTAGLOAD\n', range: '6h', limit: 200, pcode: 5 },
    project: '5',
  },
  {
    name: 'absolute times',
    input: { mql: 'CATEGORY app_counter\nTAGLOAD\n', stime: '2026-11-19 09:00', etime: '2026-11-19 10:30' },
    project: '77',
  },
];

for (const c of cases)
  void test(`the run confirmation names what the plan sends: ${c.name}`, async () => {
    const shown = await confirmationOf('mxql_run', c.input, target, context);
    assert.ok(shown?.plan?.request, 'a run on a real account asks, with the plan it sends');
    const { body } = shown.plan.request;
    const message = englishOf(shown.message);
    assert.match(message, new RegExp(`project ${c.project}, `));
    assert.match(message, new RegExp(`with at most ${body.limit} rows`));
    const from = formatLocal(body.stime, 540);
    const to = formatLocal(body.etime, 540);
    assert.ok(message.includes(from), `${message} names the start ${from}`);
    assert.ok(message.includes(from.slice(0, 10) === to.slice(0, 10) ? to.slice(11) : to), message);
    assert.ok(message.includes(shown.plan.range.label), message);
    assert.match(englishOf(shown.title), /^Run an MXQL query on Prod\?$/);
  });

void test('a query named by a workspace file is read first: the confirmation names its directives', async () => {
  const files: Record<string, string> = {
    'queries/week.mxql': '-- @range 7d\n-- @limit 50\n-- @pcode 12\nCATEGORY app_counter\nTAGLOAD\n',
  };
  const withFiles = {
    ...context,
    readWorkspaceFile: (path: string) =>
      Promise.resolve(
        files[path] !== undefined
          ? { ok: true as const, text: files[path] }
          : { ok: false as const, reason: 'no such file' },
      ),
  };
  const shown = await confirmationOf('mxql_run', { file: 'queries/week.mxql' }, target, withFiles);
  assert.equal(shown?.plan?.request?.body.limit, 50);
  assert.match(englishOf(shown.message), /project 12, .*\(7d, from the query's directives\)/);
  // A file that cannot be read still asks, naming no plan it cannot know.
  const unread = await confirmationOf('mxql_run', { file: 'queries/none.mxql' }, target, withFiles);
  assert.equal(unread?.plan, undefined);
  assert.match(englishOf(unread?.title ?? templateText('')), /^Read from Prod\?$/);
});

void test('the directives a query carries are what it names, not the defaults', async () => {
  const shown = await confirmationOf('mxql_run', cases[0]?.input ?? {}, target, context);
  const message = englishOf(shown?.message ?? { template: '', args: [] });
  assert.match(message, /7d, from the query's directives/);
  assert.match(message, /at most 50 rows/);
  assert.equal(shown?.plan?.request?.body.etime, NOW);
});

void test('the Demo and tools that read nothing ask nothing; other reading tools name the project', async () => {
  assert.equal(
    await confirmationOf('mxql_run', cases[1]?.input ?? {}, { ...target, isDemo: true }, context),
    undefined,
  );
  assert.equal(
    await confirmationOf('mxql_check', { mql: 'CATEGORY app_counter' }, target, context),
    undefined,
  );
  const agents = await confirmationOf('mxql_list_agents', {}, target, context);
  assert.match(englishOf(agents?.message ?? { template: '', args: [] }), /read profile Prod, project 77/);
  // The tool is named in the chat's language: the template is translated by the UI, the title by the toolset.
  const korean = await confirmationOf('mxql_list_agents', {}, target, { ...context, locale: 'ko' });
  assert.equal(korean?.message.args[0], '프로젝트의 에이전트 목록');
});

void test('a comparison names both windows it sends: the query’s and its baseline a day before', async () => {
  const input = { mql: '-- @range 1h\nCATEGORY app_counter\nTAGLOAD\n', baseline: '1d' };
  const shown = await confirmationOf('mxql_compare', input, target, context);
  assert.ok(shown?.plan?.request, 'a comparison on a real account asks, with the plan of its window');
  const message = englishOf(shown.message);
  const { stime, etime } = shown.plan.request.body;
  assert.equal(etime, NOW);
  assert.match(message, /run a query twice on profile Prod, project 77/);
  assert.ok(message.includes(formatLocal(stime, 540)), `${message} names the window's start`);
  assert.ok(message.includes(formatLocal(stime - 86_400_000, 540)), `${message} names the baseline's start`);
  assert.match(englishOf(shown.title), /^Compare an MXQL query on Prod\?$/);
});

void test('an alert draft names the one run it sends: the query over its backtest window', async () => {
  const input = { mql: '-- @range 5m\nCATEGORY app_counter\nTAGLOAD\n', over: '6h' };
  const shown = await confirmationOf('mxql_alert_draft', input, target, context);
  assert.ok(shown?.plan?.request, 'an alert draft on a real account asks, with the plan it sends');
  const { stime, etime, limit } = shown.plan.request.body;
  assert.equal(etime, NOW);
  assert.equal(etime - stime, 6 * 3_600_000);
  const message = englishOf(shown.message);
  assert.match(message, /run a query on profile Prod, project 77/);
  assert.ok(message.includes(formatLocal(stime, 540)), message);
  assert.match(message, new RegExp(`with at most ${limit} rows`));
  assert.match(englishOf(shown.title), /^Run an MXQL query on Prod\?$/);
  const byDefault = await confirmationOf('mxql_alert_draft', { mql: input.mql }, target, context);
  const body = byDefault?.plan?.request?.body;
  assert.equal((body?.etime ?? 0) - (body?.stime ?? 0), 86_400_000);
});
