import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RESULTS_TEXTS, resultsTextsFrom, translateResultsTexts } from '../../common/resultsTexts';
import { resultsHtml } from '../../client/src/views/resultsHtml';

const html = (texts?: ReturnType<typeof translateResultsTexts>) =>
  resultsHtml({
    cspSource: 'vscode-webview:',
    nonce: 'abc',
    scriptUri: 's',
    styleUri: 'c',
    codiconsUri: 'i',
    title: 'MXQL Results',
    ...(texts ? { texts } : {}),
  });

void test('the page carries the translated table as escaped JSON in a meta, and none without one', () => {
  const texts = translateResultsTexts((m) => (m === RESULTS_TEXTS.phaseIdle ? '"<결과 없음>"' : m));
  const page = html(texts);
  const meta = /<meta name="mxql-texts" content="([^"]*)">/.exec(page);
  assert.ok(meta, 'mxql-texts meta');
  assert.doesNotMatch(meta[1] ?? '', /[<>"]/);
  const decoded = (meta[1] ?? '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  assert.equal(resultsTextsFrom(decoded).phaseIdle, '"<결과 없음>"');
  assert.doesNotMatch(html(), /mxql-texts/);
});

void test('a missing, malformed or partial table falls back to English text by text', () => {
  assert.deepEqual(resultsTextsFrom(undefined), RESULTS_TEXTS);
  assert.deepEqual(resultsTextsFrom('{not json'), RESULTS_TEXTS);
  assert.deepEqual(resultsTextsFrom('["a"]').phaseIdle, RESULTS_TEXTS.phaseIdle);
  const partial = resultsTextsFrom(JSON.stringify({ phaseIdle: '결과 없음', phaseRunning: 7, limit: ' ' }));
  assert.equal(partial.phaseIdle, '결과 없음');
  assert.equal(partial.phaseRunning, RESULTS_TEXTS.phaseRunning);
  assert.equal(partial.limit, RESULTS_TEXTS.limit);
});
