// Hostile requests against a running `mxql demo-server` process: every endpoint of the table with
// extreme, inverted and empty ranges and huge limits. The server answers each one (a 2xx or a 4xx,
// never a 5xx, never a dropped connection) and is still serving afterwards. The demo runs in its
// own process, as in the extension, so a fatal allocation there shows up as an exit, not as a hang.
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { after, before, describe, test } from 'node:test';
import { endpoints, type EndpointSpec } from '../../api/index';
import { REPO_ROOT } from '../support/cliProcess';

interface Info {
  baseUrl: string;
  serviceUrl: string;
  accountToken: string;
  projects: { pcode: number; name: string; token: string }[];
}

const MAX_EPOCH = 8_640_000_000_000_000;
const YEAR_9999 = 253_402_300_799_999;
const NOW = Date.now();
/** [stime, etime] pairs: the whole epoch, inverted, empty, far future, one ms. */
const RANGES: [number, number][] = [
  [0, MAX_EPOCH],
  [MAX_EPOCH, 0],
  [NOW, NOW - 60_000],
  [NOW, NOW],
  [MAX_EPOCH - 1, MAX_EPOCH],
  [0, YEAR_9999],
  [YEAR_9999 - 1, YEAR_9999],
  [0, 1],
  [0, NOW],
];

let child: ChildProcessWithoutNullStreams;
let info: Info;
let stderr = '';
let exited: { code: number | null; signal: string | null } | undefined;

before(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', 'demo-server'], { cwd: REPO_ROOT });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.on('exit', (code, signal) => (exited = { code, signal }));
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  info = JSON.parse(line) as Info;
});
after(async () => {
  if (!exited) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
});

function valueFor(spec: EndpointSpec, name: string, stime: number, etime: number): string | number {
  if (name === 'stime') return stime;
  if (name === 'etime') return etime;
  const param = spec.params.find((p) => p.name === name);
  if (name === 'metric') return 'tps';
  if (name === 'oids' || name === 'oid') return '-1';
  if (name === 'projectCode') return info.projects[0]?.pcode ?? 1;
  if (name === 'port') return 80;
  if (name === 'limit' || name === 'topN') return 999_999_999_999;
  if (param?.type === 'date') return '99991231';
  return String(param?.values?.[0] ?? param?.default ?? param?.suggestions?.[0] ?? 'x');
}

function requestFor(spec: EndpointSpec, stime: number, etime: number): { url: string; init: RequestInit } {
  const path = spec.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(valueFor(spec, name, stime, etime))),
  );
  const query = new URLSearchParams();
  const body: Record<string, unknown> = {};
  for (const p of spec.params) {
    const value = valueFor(spec, p.name, stime, etime);
    if (p.in === 'query') query.set(p.name, String(value));
    if (p.in === 'body') body[p.name] = typeof value === 'number' ? value : value;
  }
  if (spec.body === 'mxql')
    Object.assign(body, { mql: 'CATEGORY app_counter\nTAGLOAD\nSELECT', pageKey: 'mxql' });
  if (spec.body === 'ipSearch')
    Object.assign(body, { type: 'profiles', params: { stime, filter: { ip: '1' } } });
  const project = info.projects[0];
  const headers: Record<string, string> =
    spec.auth === 'account'
      ? { 'x-service-token': info.accountToken }
      : { 'x-service-token': project?.token ?? '', 'x-service-pcode': String(project?.pcode ?? '') };
  const root = spec.host === 'service' ? info.serviceUrl : info.baseUrl;
  const search = query.toString();
  const init: RequestInit =
    spec.method === 'POST'
      ? {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }
      : { method: 'GET', headers };
  return { url: `${root}${path}${search ? `?${search}` : ''}`, init };
}

async function assertAnswered(url: string, init: RequestInit): Promise<void> {
  const started = performance.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  const ms = performance.now() - started;
  assert.ok(res.status < 500, `${init.method} ${url} answered ${res.status}: ${text.slice(0, 200)}`);
  assert.ok(ms < 10_000, `${url} took ${Math.round(ms)} ms`);
  if (res.status === 400) assert.match(text, /"message":"[^"]+/, 'a 400 says why');
  assert.equal(exited, undefined, `the demo exited: ${stderr}`);
}

void describe('the demo backend under hostile requests', () => {
  void test('the reported requests get a 400 that names the cap', async () => {
    const project = info.projects[0];
    const headers = { 'x-service-token': project?.token ?? '', 'x-service-pcode': String(project?.pcode) };
    const answer = async (path: string) => {
      const res = await fetch(`${info.baseUrl}/open/api/json/${path}`, { headers });
      return { status: res.status, body: (await res.json()) as { code: string; message: string } };
    };
    for (const name of ['visitor_h', 'visitor_5m']) {
      const beyond = await answer(`${name}/0/${MAX_EPOCH}`);
      assert.equal(beyond.status, 400);
      assert.match(beyond.body.message, /latest accepted time is \d+ \(9999-12-31\)/);
      const huge = await answer(`${name}/0/${YEAR_9999}`);
      assert.equal(huge.status, 400);
      assert.equal(huge.body.code, 'limit/buckets');
      assert.match(
        huge.body.message,
        /at most 100,000 buckets per request; this range holds [\d,]+\. Narrow/,
      );
    }
  });

  void test('every endpoint with extreme, inverted and empty ranges is answered and the server stays up', async () => {
    for (const spec of endpoints) {
      for (const [stime, etime] of RANGES) {
        const { url, init } = requestFor(spec, stime, etime);
        await assertAnswered(url, init);
      }
    }
    const project = info.projects[0];
    const res = await fetch(`${info.baseUrl}/open/api/json/project`, {
      headers: { 'x-service-token': project?.token ?? '', 'x-service-pcode': String(project?.pcode) },
    });
    assert.equal(res.status, 200);
    await res.text();
  });

  void test('an MXQL limit beyond the row cap is a 400 naming the cap', async () => {
    const project = info.projects[0];
    const res = await fetch(`${info.baseUrl}/open/api/flush/mxql/text`, {
      method: 'POST',
      headers: {
        'x-service-token': project?.token ?? '',
        'x-service-pcode': String(project?.pcode),
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        stime: NOW - 3_600_000,
        etime: NOW,
        mql: 'CATEGORY app_counter\nTAGLOAD\nSELECT',
        limit: 1e15,
        pageKey: 'mxql',
      }),
    });
    const body = (await res.json()) as { code: string; message: string };
    assert.equal(res.status, 400);
    assert.equal(body.code, 'limit/rows');
    assert.match(body.message, /at most [\d,]+ rows/);
  });
});
