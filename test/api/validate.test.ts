// The endpoint table and the validators the UI calls while the user types.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  endpointIdList,
  endpoints,
  EndpointGroups,
  formatAgentListTime,
  parseAgentListTime,
  redact,
  validateParams,
  bypassesProxy,
  isLoopbackHost,
} from '../../api/index';

const H = 3_600_000;
const D = 24 * H;

void describe('endpoint table', () => {
  void test('every typed id has exactly one row, and every row a typed id', () => {
    const ids = endpoints.map((e) => e.id);
    assert.equal(new Set(ids).size, ids.length, 'ids are unique');
    assert.deepEqual([...ids].sort(), [...endpointIdList].sort());
  });

  void test('rows are self-describing: title, group, path parameters declared, auth kind', () => {
    for (const e of endpoints) {
      assert.ok(e.title.length > 3, e.id);
      assert.ok(e.group in EndpointGroups, e.id);
      for (const [, name] of e.path.matchAll(/\{(\w+)\}/g)) {
        assert.ok(
          e.params.some((p) => p.name === name && p.in === 'path'),
          `${e.id} declares {${String(name)}}`,
        );
      }
      for (const p of e.params) assert.ok(p.title.length > 2, `${e.id}.${p.name} has a prompt`);
      assert.ok(e.auth === 'account' || e.auth === 'project');
    }
  });

  void test('every group of the specification is covered with its documented paths', () => {
    const count = (g: string) => endpoints.filter((e) => e.group === g).length;
    assert.deepEqual(
      Object.keys(EndpointGroups).map((g) => [g, count(g)]),
      [
        ['meta', 9],
        ['spotService', 10],
        ['spotMain', 12],
        ['statistics', 15],
        ['serverStatistics', 1],
        ['rawTag', 5],
        ['ipSearch', 1],
        ['database', 2],
        ['mxql', 2],
      ],
    );
    const accountOnly = endpoints.filter((e) => e.auth === 'account').map((e) => e.id);
    assert.deepEqual(accountOnly, ['projects', 'projectMembers', 'groups', 'groupMembers', 'groupProjects']);
    const bare = endpoints.filter((e) => e.response === 'number').map((e) => e.id);
    assert.equal(bare.length, 14);
    assert.deepEqual(endpoints.filter((e) => e.host === 'service').map((e) => e.id).length, 11);
  });
});

void describe('validateParams', () => {
  const cases: [string, Record<string, unknown>, RegExp | undefined][] = [
    ['heapUse', { stime: 0, etime: H }, undefined],
    ['heapUse', { stime: 0, etime: H + 1 }, /heap_use range of at most 1 hour/],
    ['smStat', { stime: 0, etime: 2 * H }, /sm_stat range of at most 1 hour/],
    ['smStat', { stime: 0, etime: H, filter: 'd1' }, /filter must be one of m5, s5, h1/],
    ['agentList', { stime: 0, etime: D }, undefined],
    ['agentList', { stime: 0, etime: D + 1 }, /agent list range of at most 1 day/],
    ['agentList', { stime: '202611010000', etime: '202611020001' }, /agent list range/],
    ['agentList', { stime: '11010000', etime: '11011200' }, undefined],
    ['agentList', { stime: '1301', etime: '11011200' }, /stime must be epoch ms or yyyyMMddHHmmss/],
    ['mxqlText', { stime: 0, etime: 31 * D, mql: 'x', limit: 1 }, undefined],
    ['mxqlText', { stime: 0, etime: 31 * D + 1, mql: 'x', limit: 1 }, /MXQL range of at most 31 days/],
    ['mxqlText', { stime: 0, etime: 1, limit: 1 }, /missing required parameter mql/],
    ['mxqlPath', { stime: 0, etime: 1, mql: '/a', limit: 1, param: { $x: '1' } }, /unknown parameter param/],
    ['visitorD', { stime: 0, etime: 32 * D }, /visitor_d range of at most 31 days/],
    ['visitorM', { stime: 0, etime: 365 * D }, undefined],
    ['visitorM', { stime: 0, etime: 366 * D }, /visitor_m range of at most 365 days/],
    [
      'sqlStatTopN',
      { oids: '1,2', period: 'day', date: '20261101', topN: 0 },
      /topN limit: must be 1 to 1000/,
    ],
    ['sqlStatTopN', { oids: '1,2', period: 'day', date: '20261101', topN: '1000' }, undefined],
    ['sqlStatTopN', { oids: '1,x', period: 'day', date: '20261101' }, /oids must be a comma-separated list/],
    ['sqlStatTopN', { oids: '1', period: 'day', date: '20261131' }, /date must be a day as yyyyMMdd/],
    ['exception', { stime: 10, etime: 10 }, /stime must be before etime/],
    ['exception', { stime: 10, etime: 20, filterkey: 'url' }, /filterkey and filterval go together/],
    ['exception', { stime: 10, etime: 20, nope: 1 }, /unknown parameter nope/],
    ['ipSearch', { stime: 10 }, /missing required parameter ip/],
    ['ipSearch', { stime: 10, ip: '10.0.0.1' }, undefined],
    [
      'ipSearch',
      { stime: Date.now() + 3 * H, ip: '10.0.0.1' },
      /IP search window of 1 h from stime cannot start in the future/,
    ],
    ['projects', {}, undefined],
    ['nope', {}, /unknown endpoint/],
    // Numbers that would round to another value, or times past any calendar, are refused.
    ['projectMembers', { projectCode: '99999999999999999999' }, /whole number within ±9007199254740991/],
    ['exception', { stime: '0', etime: '99999999999999999999' }, /epoch milliseconds, up to 9999-12-31/],
  ];
  for (const [id, params, expected] of cases) {
    void test(`${id} ${JSON.stringify(params)}`, () => {
      const message = validateParams(id, params);
      if (expected) assert.match(message ?? '(none)', expected);
      else assert.equal(message, undefined);
    });
  }
});

void describe('helpers', () => {
  void test('agent list time formats round-trip (UTC)', () => {
    const ms = Date.UTC(2026, 10, 21, 5, 6, 7);
    for (const f of ['yyyyMMddHHmmss', 'yyyyMMddHHmm', 'MMddHHmmss', 'MMddHHmm'] as const) {
      const text = formatAgentListTime(ms, f);
      const back = parseAgentListTime(text, ms);
      assert.equal(back, f.endsWith('ss') ? ms : ms - 7000, f);
    }
    assert.equal(formatAgentListTime(ms, 'yyyyMMddHHmmss'), '20261121050607');
    assert.equal(parseAgentListTime(String(ms)), ms);
    assert.equal(parseAgentListTime('20261340000000'), undefined);
  });

  void test('redact hides every known secret and any token header', () => {
    assert.equal(redact('a SECRET1 b SECRET1', ['SECRET1']), 'a *** b ***');
    assert.equal(redact('x-service-token: abcdefg', []), 'x-service-token: ***');
    assert.equal(redact('tiny', ['', undefined, 'ab']), 'tiny');
  });

  void test('loopback hosts and NO_PROXY matching', () => {
    for (const h of ['127.0.0.1', 'localhost', 'LOCALHOST', '[::1]', '::1']) assert.ok(isLoopbackHost(h), h);
    for (const h of ['10.0.0.1', 'localhost.example.com', '0.0.0.0', '127.0.0.1.nip.io'])
      assert.ok(!isLoopbackHost(h), h);
    const url = new URL('https://api.example.com/x');
    assert.ok(bypassesProxy(url, 'example.com'));
    assert.ok(bypassesProxy(url, '.example.com'));
    assert.ok(bypassesProxy(url, 'other, *'));
    assert.ok(bypassesProxy(url, 'api.example.com:443'));
    assert.ok(!bypassesProxy(url, 'api.example.com:8443'));
    assert.ok(!bypassesProxy(url, 'ample.com'));
  });
});
