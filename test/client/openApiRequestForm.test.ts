// The Open API Request picker and prompts as data: every non-MXQL endpoint in the spec's groups,
// defaults that pass the limits, and as-you-type checks that name the limit.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { endpoints, findEndpoint, validateParams } from '../../api/index';
import {
  defaultValue,
  endpointDetail,
  isPromptable,
  paramProblem as paramProblemText,
  requestParams,
  requestableEndpoints,
} from '../../client/src/openApiRequest/requestForm';
import { englishOf } from '../../common/templateText';
import { SPEC_REQUEST_GROUPS } from '../support/specEndpointGroups';

const NOW = Date.UTC(2026, 10, 21, 6, 0, 0);

/** The problem the prompt shows, in English. */
function paramProblem(...args: Parameters<typeof paramProblemText>): string | undefined {
  const problem = paramProblemText(...args);
  return problem && englishOf(problem);
}
const HOUR = 3_600_000;

void test('the picker offers every endpoint but the MXQL ones, grouped as the specification groups them', () => {
  const groups = requestableEndpoints();
  assert.deepEqual(
    groups.map((g) => g.title),
    SPEC_REQUEST_GROUPS,
  );
  const offered = groups.flatMap((g) => g.endpoints.map((e) => e.id)).sort();
  const expected = endpoints
    .filter((e) => e.group !== 'mxql')
    .map((e) => e.id)
    .sort();
  assert.deepEqual(offered, expected);
  assert.ok(!offered.includes('mxqlText') && !offered.includes('mxqlPath'));
  assert.equal(endpointDetail(findEndpoint('smServers')!), 'GET {service_url}/open/json/sm_servers');
});

void test('the defaults of every endpoint pass its validators (limits included), given the required ids', () => {
  const ids: Record<string, string> = {
    projectCode: '1',
    groupKey: 'g',
    oids: '1,2',
    oid: '1',
    host: 'h',
    port: '80',
    ip: '10.0.0.1',
  };
  for (const spec of endpoints.filter((e) => e.group !== 'mxql')) {
    const values: Record<string, string> = {};
    for (const p of spec.params.filter(isPromptable))
      values[p.name] = defaultValue(spec, p, NOW) || (p.required ? (ids[p.name] ?? '') : '');
    const params = requestParams(values);
    assert.equal(validateParams(spec.id, params, NOW), undefined, `${spec.id}: ${JSON.stringify(params)}`);
  }
});

void test('limits are checked as you type: heap_use over an hour, agent list over a day, topN 1..1000', () => {
  const heap = findEndpoint('heapUse')!;
  const etime = heap.params.find((p) => p.name === 'etime')!;
  const start = { stime: String(NOW - 2 * HOUR) };
  assert.match(paramProblem(heap, start, etime, String(NOW), NOW) ?? '', /1 hour/);
  assert.equal(paramProblem(heap, { stime: String(NOW - HOUR / 2) }, etime, String(NOW), NOW), undefined);
  const agentList = findEndpoint('agentList')!;
  const end = agentList.params.find((p) => p.name === 'etime')!;
  assert.match(
    paramProblem(agentList, { stime: String(NOW - 2 * 24 * HOUR) }, end, String(NOW), NOW) ?? '',
    /1 day/,
  );
  const sqlTop = findEndpoint('sqlStatTopN')!;
  const topN = sqlTop.params.find((p) => p.name === 'topN')!;
  assert.match(paramProblem(sqlTop, {}, topN, '1001', NOW) ?? '', /topN limit/);
  assert.equal(paramProblem(sqlTop, {}, topN, '1000', NOW), undefined);
});

void test('later parameters are not missing yet; a blank required one is; pairs are checked on their second half', () => {
  const exception = findEndpoint('exception')!;
  const stime = exception.params.find((p) => p.name === 'stime')!;
  assert.equal(paramProblem(exception, {}, stime, String(NOW - HOUR), NOW), undefined);
  assert.equal(paramProblem(exception, {}, stime, '', NOW), 'stime is required');
  assert.match(paramProblem(exception, {}, stime, 'yesterday', NOW) ?? '', /epoch milliseconds/);
  const key = exception.params.find((p) => p.name === 'filterkey')!;
  const val = exception.params.find((p) => p.name === 'filterval')!;
  const before = { stime: String(NOW - HOUR), etime: String(NOW), filter: 'm5', oid: '' };
  assert.equal(paramProblem(exception, before, key, 'url', NOW), undefined);
  assert.match(paramProblem(exception, before, key, 'nope', NOW) ?? '', /one of/);
  assert.match(paramProblem(exception, { ...before, filterkey: 'url' }, val, '', NOW) ?? '', /go together/);
  assert.equal(paramProblem(exception, { ...before, filterkey: 'url' }, val, 'L3Nob3A=', NOW), undefined);
  assert.equal(paramProblem(exception, { ...before, filterkey: '' }, val, '', NOW), undefined);
  assert.deepEqual(requestParams({ a: '1', b: ' ', c: '' }), { a: '1' });
});
