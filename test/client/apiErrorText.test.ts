// Every API error the extension can show reads fully in Korean and Japanese. Real errors of every
// kind come from the API client over loopback sockets (the fault table, plus the checks made before
// sending); every common status is said for every endpoint's activity. Each is rendered as the
// extension renders it (errorText through t(), with the bundle as vscode.l10n would read it): once
// its values (statuses, sizes, the service's own words) are taken out, no English word is left.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  apiText,
  createOpenApiClient,
  endpoints,
  hintForStatus,
  OpenApiError,
  OpenApiErrorKinds,
  timeoutsFor,
  type ApiText,
} from '../../api/index';
import { endpointActivityText } from '../../api/endpointActivity';
import { errorText } from '../../client/src/errorText';
import { t, useTranslator } from '../../client/src/l10n';
import { fillTemplate } from '../../common/l10n';
import { FAULT_CASES, FAULT_TIMEOUT_MS } from '../support/faultCases';
import { refusedPort, startFaultServer, type FaultServer } from '../support/faultServer';

const root = join(__dirname, '..', '..');
const LOCALES = {
  ko: /[가-힣]/,
  ja: /[ぁ-んァ-ン一-龯]/,
} as const;
type Locale = keyof typeof LOCALES;
const bundle = (locale: Locale): Record<string, string> =>
  JSON.parse(readFileSync(join(root, 'l10n', `bundle.l10n.${locale}.json`), 'utf8')) as Record<
    string,
    string
  >;

/** Names, settings and protocol words that stay as they are in every language. */
const KEPT = new Set(
  'HTTP HTTPS JSON HTML URL API Open MXQL TLS UTF CA NODE EXTRA CERTS SSL strict pcode stime etime filterkey filterval maxResponseBytes yyyyMMddHHmmss yyyyMMddHHmm MMddHHmmss MMddHHmm yyyyMMdd https localhost epoch ms'.split(
    ' ',
  ),
);

/** English words of `text` once the values of the error's texts are taken out. */
function englishLeft(text: string, error: OpenApiError): string[] {
  const parts: ApiText[] = [error.reason, ...error.hints, ...(error.activity ? [error.activity] : [])];
  const values = parts.flatMap((part) => part.args.map(String)).sort((a, b) => b.length - a.length);
  let rest = text;
  for (const value of values) rest = rest.split(value).join(' ');
  return [...rest.matchAll(/[A-Za-z]{2,}/g)].map((m) => m[0]).filter((word) => !KEPT.has(word));
}

/** Renders `error` as the extension does in `locale`, then English again. */
function renderIn(locale: Locale, error: OpenApiError): string {
  const texts = bundle(locale);
  useTranslator((message, ...args) => fillTemplate(texts[message] ?? message, ...args));
  try {
    return errorText(error);
  } finally {
    useTranslator((message, ...args) => fillTemplate(message, ...args));
  }
}

function assertTranslated(error: OpenApiError, what: string): void {
  const english = errorText(error);
  assert.equal(english, error.message, `${what}: the English rendering is the client's own message`);
  for (const locale of Object.keys(LOCALES) as Locale[]) {
    const text = renderIn(locale, error);
    assert.notEqual(text, english, `${locale} ${what}: not translated`);
    assert.match(text, LOCALES[locale], `${locale} ${what}: ${text}`);
    assert.deepEqual(englishLeft(text, error), [], `${locale} ${what}: English left in "${text}"`);
    if (error.kind === 'http') assert.ok(text.includes(String(error.status)), `${locale} ${what}: status`);
  }
}

const TOKEN = 'api-error-text-token-7731';
const request = { stime: Date.now() - 3_600_000, etime: Date.now(), mql: 'CATEGORY app_counter', limit: 10 };
let fault: FaultServer;
let other: FaultServer;
const seenKinds = new Set<string>();

before(async () => {
  [fault, other] = await Promise.all([startFaultServer(), startFaultServer()]);
});
after(async () => {
  await Promise.all([fault.close(), other.close()]);
});

function clientFor(baseUrl: string, tokens = true) {
  return createOpenApiClient({
    baseUrl,
    ...(tokens ? { projectToken: TOKEN, accountToken: TOKEN } : {}),
    pcode: 42,
    retry: { attempts: 1 },
    timeouts: timeoutsFor(FAULT_TIMEOUT_MS),
    timeoutAdvice: t('raise the setting mxql.requestTimeoutMs'),
    proxy: { env: {} },
  });
}

async function failure(run: () => Promise<unknown>): Promise<OpenApiError> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(error instanceof OpenApiError, `expected an OpenApiError, got ${String(error)}`);
  seenKinds.add(error.kind);
  return error;
}

void describe('API errors in Korean and Japanese', () => {
  for (const c of FAULT_CASES) {
    if ('rows' in c.expect) continue;
    void test(`fault: ${c.name}`, async () => {
      fault.respondWith(...c.faults({ self: fault.url, other: `http://localhost:${other.port}` }));
      const baseUrl = c.refused ? `http://127.0.0.1:${await refusedPort()}` : fault.url;
      const client = clientFor(baseUrl);
      try {
        assertTranslated(await failure(() => client.mxqlText(request)), c.name);
      } finally {
        await client.close();
      }
    });
  }

  void test('errors found before sending, and a bare-number endpoint answering text', async () => {
    const client = clientFor(fault.url);
    const cancelled = new AbortController();
    cancelled.abort();
    const cases: [string, () => Promise<unknown>][] = [
      ['aborted', () => client.mxqlText(request, { signal: cancelled.signal })],
      ['invalid-params', () => client.call('projects', { bogus: 1 })],
      ['missing parameter', () => client.call('mxqlText', { stime: 1, etime: 2 })],
      ['limit', () => client.mxqlText({ ...request, stime: request.etime - 40 * 86_400_000 })],
      ['stime after etime', () => client.mxqlText({ ...request, stime: request.etime + 1 })],
      ['insecure', () => clientFor('http://example.com').mxqlText(request)],
      ['config', () => clientFor(fault.url, false).projects()],
      ['unknown endpoint', () => client.call('noSuchEndpoint', {})],
    ];
    for (const [name, run] of cases) assertTranslated(await failure(run), name);
    fault.respondWith({ kind: 'text', body: 'hello', contentType: 'text/plain' });
    assertTranslated(await failure(() => client.spotActAgent()), 'invalid-number');
    await client.close();
    assert.throws(
      () => createOpenApiClient({ baseUrl: 'not a url' }),
      (error: unknown) => {
        assert.ok(error instanceof OpenApiError);
        assertTranslated(error, 'a base URL that is not one');
        return true;
      },
    );
  });

  void test('every common status, for every endpoint activity', () => {
    for (const spec of endpoints) {
      for (const status of [400, 401, 403, 404, 429, 500, 502, 503, 418]) {
        const error = new OpenApiError({
          kind: 'http',
          status,
          message: apiText('HTTP {0}: {1}', status, '{"msg":"denied"}'),
          activity: endpointActivityText(spec),
          hints: [hintForStatus(status)],
        });
        assertTranslated(error, `${spec.id} ${status}`);
      }
    }
  });

  void test('the cases above cover every error kind', () => {
    seenKinds.add('http');
    assert.deepEqual(
      OpenApiErrorKinds.filter((kind) => !seenKinds.has(kind)),
      [],
    );
  });
});
