// A refused call shows what the service said, in words: a JSON error body gives its message (not the
// JSON around it), any other body a short excerpt, an empty body only the status; never the token.
// Real errors over a loopback server, read as the CLI prints them (`message`) and as the extension
// says them (`errorText`).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createOpenApiClient, OpenApiError } from '../../api/index';
import { errorText } from '../../client/src/errorText';
import { type Fault } from '../support/faultServer';
import { useFaultServer } from '../support/faultServerSuite';

const TOKEN = 'project-token-SECRET-5678';
const faultServer = useFaultServer();

/** The error of one call answered by `answer`. */
async function refusedWith(answer: Fault): Promise<OpenApiError> {
  const fault = faultServer();
  fault.respondWith(answer);
  const client = createOpenApiClient({
    baseUrl: fault.url,
    projectToken: TOKEN,
    pcode: 42,
    retry: { attempts: 1 },
    timeouts: { connectMs: 1000, headersMs: 2000, bodyMs: 2000, totalMs: 5000 },
  });
  try {
    await client.project();
  } catch (error) {
    assert.ok(error instanceof OpenApiError, String(error));
    for (const text of [error.message, errorText(error), error.serviceMessage ?? '', error.bodyExcerpt ?? ''])
      assert.ok(!text.includes(TOKEN), `token in: ${text}`);
    return error;
  } finally {
    await client.close();
  }
  assert.fail('expected a failure');
}

/** The reason as the CLI prints it and as the extension says it (English outside VS Code). */
function shown(error: OpenApiError): string {
  assert.equal(errorText(error), error.message);
  return error.message;
}

const json = (status: number, body: unknown): Fault => ({ kind: 'json', status, body });
const plain = (status: number, body: string): Fault => ({ kind: 'text', status, body });

void describe('the reason of a refused call', () => {
  void test("a JSON body shows its message, not the JSON, with the status and the status's hint", async () => {
    const error = await refusedWith(json(401, { code: 401, message: 'invalid token' }));
    const text = shown(error);
    assert.match(
      text,
      /failed: HTTP 401: invalid token\. The API token is wrong or expired; set a new token\.$/,
    );
    assert.doesNotMatch(text, /[{}"]/);
    assert.equal(error.serviceMessage, 'invalid token');
    assert.equal(error.serviceCode, undefined);
    assert.equal(error.bodyExcerpt, '{"code":401,"message":"invalid token"}');
  });

  void test('a message that ends its sentence is not given a second period; a string code is kept', async () => {
    const error = await refusedWith(
      json(403, { status: 403, code: 'auth/wrong-project', message: 'The token is for another project.' }),
    );
    assert.match(shown(error), /HTTP 403: The token is for another project\. Wrong kind of token/);
    assert.equal(error.serviceCode, 'auth/wrong-project');
  });

  void test('other message fields, one level down, are found too', async () => {
    const cases: [unknown, string][] = [
      [{ error: 'unauthorized', error_description: 'The access token expired' }, 'The access token expired'],
      [{ error: { code: 7, message: 'token revoked' } }, 'token revoked'],
      [{ errors: [{ detail: 'project 42 is closed' }] }, 'project 42 is closed'],
      ['plain JSON string', 'plain JSON string'],
      [{ message: '', msg: 'fallback wording' }, 'fallback wording'],
    ];
    for (const [body, said] of cases) {
      const text = shown(await refusedWith(json(401, body)));
      assert.match(text, new RegExp(`HTTP 401: ${said}\\. `), JSON.stringify(body));
    }
  });

  void test('JSON without a message shows a short excerpt of itself', async () => {
    assert.match(shown(await refusedWith(json(401, { code: 401 }))), /HTTP 401: \{"code":401\}\. /);
  });

  void test('a body that is not JSON shows its text, one line', async () => {
    const error = await refusedWith(plain(403, 'Forbidden by\n  the gateway policy.\n'));
    assert.match(shown(error), /failed: HTTP 403: Forbidden by the gateway policy\. Wrong kind of token/);
    assert.equal(error.serviceMessage, undefined);
  });

  void test('an empty body shows the status alone', async () => {
    const error = await refusedWith({ kind: 'status', status: 401, body: '' });
    assert.match(shown(error), /failed: HTTP 401\. The API token is wrong or expired/);
  });

  void test('a long message is cut, a long body excerpted', async () => {
    const said = (await refusedWith(json(401, { message: `denied ${'x'.repeat(2000)}` }))).serviceMessage;
    assert.equal(said?.length, 300);
    assert.ok(said?.endsWith('…'));
    const long = shown(await refusedWith(plain(502, `upstream ${'y'.repeat(2000)}`)));
    assert.match(long, /HTTP 502: upstream y{191}…\. /);
  });

  void test('a message echoing the token is redacted before it is cut', async () => {
    const echoed = shown(await refusedWith(json(401, { message: `token ${TOKEN} rejected` })));
    assert.match(echoed, /HTTP 401: token \*\*\* rejected\. /);
    // The token straddles the cut: cutting first would leave its first characters behind.
    const padded = `${'p'.repeat(290)} ${TOKEN} rejected`;
    const said = (await refusedWith(json(401, { message: padded }))).serviceMessage ?? '';
    assert.match(said, /^p+ \*\*\* rej\w*…$/);
    assert.ok(!said.includes(TOKEN.slice(0, 8)), said);
    const body = `${'q'.repeat(190)} ${TOKEN} rejected`;
    const excerpt = shown(await refusedWith(plain(401, body)));
    assert.match(excerpt, /HTTP 401: q{190} \*\*\* rejec…\. /);
  });

  void test('control and direction-override characters are not shown', async () => {
    const text = shown(await refusedWith(json(401, { message: 'bad\u0007 \u202etoken\u0000\r\nheader' })));
    assert.match(text, /HTTP 401: bad token header\. /);
  });
});
