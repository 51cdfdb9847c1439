// "MXQL: Open API Request…" in a real VS Code against the demo backend: EVERY non-MXQL endpoint of
// the endpoint table reached through the command (arguments skip the prompts) with its answer in the
// results model, limits refused before sending, and the prompts checking limits as you type.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import { endpoints } from '../../../api/index';
import type { ApiResultOutcome } from '../../../client/src/openApiRequest/showApiResult';
import { SPEC_REQUEST_GROUPS } from '../../support/specEndpointGroups';
import { mxqlApi } from './runSupport';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const yyyyMMdd = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');

interface Fixture {
  apm: number;
  sms: number;
  db: number;
  apmOids: string;
  dbOid: string;
  groupKey: string;
}

async function request(
  endpointId: string,
  params: Record<string, string>,
  pcode?: number,
): Promise<ApiResultOutcome> {
  const outcome = await vscode.commands.executeCommand<ApiResultOutcome | undefined>('mxql.openApiRequest', {
    endpointId,
    params,
    profile: 'Demo',
    ...(pcode !== undefined ? { pcode } : {}),
  });
  assert.ok(outcome, `mxql.openApiRequest ${endpointId} returned nothing (see the MXQL log)`);
  return outcome;
}

async function cell(outcome: ApiResultOutcome, column: string): Promise<string> {
  const result = (await mxqlApi()).result(outcome.runId);
  const index = result?.columns.indexOf(column) ?? -1;
  const value = result?.firstRows[0]?.[index];
  assert.ok(value !== undefined && value !== null, `no ${column} in ${result?.columns.join(', ')}`);
  return String(value);
}

/** Parameters (and project) for each endpoint id that makes the demo answer with rows. */
async function paramsFor(id: string, f: Fixture, now: number): Promise<[Record<string, string>, number?]> {
  const range = { stime: String(now - HOUR / 2), etime: String(now) };
  const dbDay = { period: 'day', date: yyyyMMdd(now) };
  const byId: Record<string, [Record<string, string>, number?]> = {
    projectMembers: [{ projectCode: String(f.apm) }],
    groupMembers: [{ groupKey: f.groupKey }],
    groupProjects: [{ groupKey: f.groupKey }],
    agentList: [range, f.apm],
    metricSeries: [{ ...range, metric: 'thread_count' }, f.apm],
    metricSeriesAvg: [{ ...range, metric: 'thread_count' }, f.apm],
    metricSeriesAgents: [{ ...range, metric: 'thread_count', oids: f.apmOids }, f.apm],
    metricSeriesAgentsAvg: [{ ...range, metric: 'thread_count', oids: f.apmOids }, f.apm],
    visitorH: [{ stime: String(now - 3 * HOUR), etime: String(now) }, f.apm],
    visitorD: [{ stime: String(now - 7 * DAY), etime: String(now) }, f.apm],
    visitorM: [{ stime: String(now - 90 * DAY), etime: String(now) }, f.apm],
    smStat: [range, f.sms],
    dbPoolShort: [{ etime: String(now) }, f.apm],
    dbParams: [{ oid: f.dbOid, baseTime: yyyyMMdd(now - DAY), comparisonTime: yyyyMMdd(now) }, f.db],
    sqlStatTopN: [{ oids: f.dbOid, ...dbDay }, f.db],
  };
  if (id === 'httpcFiltered') {
    const all = await request('httpc', range, f.apm);
    return [{ ...range, host: await cell(all, 'Host'), port: await cell(all, 'Port') }, f.apm];
  }
  if (id === 'ipSearch') {
    const remote = await request('remote', { stime: String(now - HOUR), etime: String(now) }, f.apm);
    return [{ stime: String(now - HOUR), ip: await cell(remote, 'ip') }, f.apm];
  }
  const known = byId[id];
  if (known) return known;
  const spec = endpoints.find((e) => e.id === id);
  const ranged = spec?.params.some((p) => p.name === 'stime') ?? false;
  const pcode = spec?.group === 'spotService' || spec?.id === 'smProject' ? f.sms : f.apm;
  return [ranged ? range : {}, spec?.auth === 'project' ? pcode : undefined];
}

suite('Open API Request', () => {
  let fixture: Fixture;

  suiteSetup(async () => {
    const api = await mxqlApi();
    const demo = await api.demo();
    const project = (type: string) => demo.projects.find((p) => p.productType === type)?.pcode;
    const [apm, sms, db] = [project('APM'), project('SMS'), project('DB')];
    assert.ok(apm && sms && db, 'the demo needs APM, SMS and DB projects');
    const groups = await request('groups', {});
    const dbAgents = await request(
      'agentList',
      { stime: String(Date.now() - HOUR), etime: String(Date.now()) },
      db,
    );
    const apmAgents = await request(
      'agentList',
      { stime: String(Date.now() - HOUR), etime: String(Date.now()) },
      apm,
    );
    const oidColumn = api.result(apmAgents.runId)?.columns.indexOf('oid') ?? -1;
    const apmOids = (api.result(apmAgents.runId)?.firstRows ?? [])
      .slice(0, 2)
      .map((r) => String(r[oidColumn]));
    fixture = {
      apm,
      sms,
      db,
      apmOids: apmOids.join(','),
      dbOid: await cell(dbAgents, 'oid'),
      groupKey: await cell(groups, 'groupKey'),
    };
  });
  suiteTeardown(async () => (await mxqlApi()).restoreUi());

  test('every non-MXQL endpoint of the table answers through the command, as rows in the results panel', async () => {
    const api = await mxqlApi();
    const now = Date.now();
    const failures: string[] = [];
    const requestable = endpoints.filter((e) => e.group !== 'mxql');
    assert.ok(requestable.length >= 50, `only ${requestable.length} endpoints`);
    for (const spec of requestable) {
      const [params, pcode] = await paramsFor(spec.id, fixture, now);
      const outcome = await request(spec.id, params, pcode);
      const result = api.result(outcome.runId);
      if (outcome.status !== 'done' || !result || result.status !== 'done') {
        failures.push(`${spec.id}: ${outcome.message ?? result?.error?.message ?? 'no result'}`);
      } else if (result.rowCount === 0 || result.columns.length === 0) {
        failures.push(`${spec.id}: no rows`);
      } else if (result.endpoint !== spec.path) {
        failures.push(`${spec.id}: shown as ${result.endpoint}`);
      }
    }
    assert.deepEqual(failures, []);
    assert.ok(api.panelCount() >= 1, 'no results panel is open');
  });

  test('answers keep their shape: bare values one cell, series rows with time and oid, sm flattened', async () => {
    const api = await mxqlApi();
    const now = Date.now();
    const tps = await request('spotTps', {}, fixture.apm);
    assert.equal(tps.shape, 'value');
    assert.deepEqual(api.result(tps.runId)?.columns, ['value']);
    const series = await request(
      'metricSeries',
      { stime: String(now - HOUR), etime: String(now), metric: 'thread_count' },
      fixture.apm,
    );
    assert.equal(series.shape, 'series');
    assert.deepEqual(api.result(series.runId)?.columns, ['time', 'oid', 'oname', 'value']);
    const sm = await request('sm', {}, fixture.sms);
    assert.equal(sm.shape, 'servers');
    assert.ok(api.result(sm.runId)?.columns.includes('snapshot.cpu.usr'));
  });

  test('a request beyond a limit is refused before it is sent, with the limit named', async () => {
    const api = await mxqlApi();
    const now = Date.now();
    const outcome = await request(
      'heapUse',
      { stime: String(now - 2 * HOUR), etime: String(now) },
      fixture.apm,
    );
    assert.equal(outcome.status, 'error');
    assert.match(outcome.message ?? '', /1 hour/);
    assert.equal(api.result(outcome.runId)?.status, 'error');
    const ui = api.scriptUi([]);
    const refused = await vscode.commands.executeCommand('mxql.openApiRequest', { endpointId: 'mxqlText' });
    assert.equal(refused, undefined);
    assert.match(ui.prompts[0]?.text ?? '', /not an Open API endpoint this command sends/);
  });

  test('the picker offers the spec groups; prompts check the limits as you type', async () => {
    const api = await mxqlApi();
    const now = Date.now();
    const ui = api.scriptUi(['Heap usage per agent (at most 1 hour)', String(now - 2 * HOUR), String(now)]);
    assert.equal(await vscode.commands.executeCommand('mxql.openApiRequest'), undefined);
    const [pick, stime, etime] = ui.prompts;
    assert.equal(pick?.kind, 'quickPick');
    for (const group of SPEC_REQUEST_GROUPS) {
      assert.ok(pick.choices.includes(group), `${group} in ${pick.choices.join(' | ')}`);
    }
    assert.ok(!pick.choices.includes('MXQL'), 'MXQL endpoints are run from files');
    assert.equal(stime?.validation, undefined, 'a start alone is fine');
    assert.match(etime?.validation ?? '', /1 hour/, 'the range limit shows while typing the end');
  });

  test('a prompted request is sent and then recalled at the top of the picker', async () => {
    const api = await mxqlApi();
    await vscode.commands.executeCommand('mxql.switchProfile', { profile: 'Demo', pcode: fixture.apm });
    api.scriptUi(['Host count']);
    const outcome = await vscode.commands.executeCommand<ApiResultOutcome>('mxql.openApiRequest');
    assert.equal(outcome?.status, 'done');
    const ui = api.scriptUi(['$(history) Host count']);
    const again = await vscode.commands.executeCommand<ApiResultOutcome>('mxql.openApiRequest');
    assert.equal(ui.prompts[0]?.choices[0], 'Recent');
    assert.equal(again?.status, 'done');
    assert.equal(api.result(again.runId)?.endpoint, '/open/api/host');
  });
});
