// The live dashboard and the notebook renderer in real Chromium speak the user's language: the
// dashboard shows the texts table the extension sends (Korean here), the renderer the table of the
// `lang` the extension adds to each output item; hostile values stay text in both, under their CSPs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Page } from 'playwright-core';
import { DASHBOARD_PROTOCOL_VERSION as v } from '../../common/dashboardMessages';
import type { CellOutput } from '../../common/notebookOutput';
import { BASE_TIME } from './fixtures';
import { openWebview, sendToWebview, useWebviewRig, violations, waitFor } from './harness';
import { openRendererPage, renderOutput, startRendererServer, type RendererServer } from './notebookHarness';
import { payloads } from './xssPayloads';

const rig = useWebviewRig();
const text = (page: Page, selector: string): Promise<string> =>
  page.evaluate(`document.querySelector(${JSON.stringify(selector)})?.textContent ?? ''`);

void describe('the live dashboard in Korean', () => {
  void it('shows the Korean texts the extension sends, and every value as text', async () => {
    const page = await openWebview(rig.browser, rig.server, 'dashboard?locale=ko');
    assert.equal(await text(page, '.title'), '실시간 값');
    assert.equal(await text(page, '.status'), '값을 기다리는 중…');
    assert.equal(await text(page, '.refresh'), '새로 고침');
    const fields = payloads.map((payload, i) => ({
      key: `k${i}`,
      label: payload,
      value: payload,
      history: [i, i + 1],
    }));
    await sendToWebview(page, [{ type: 'values', v, title: payloads[0], updatedAt: BASE_TIME, fields }]);
    await waitFor(page, `document.querySelectorAll('.card').length === ${payloads.length}`);
    assert.match(await text(page, '.status'), /업데이트됨$/);
    const labels = await page.evaluate<string[]>(
      `[...document.querySelectorAll('.card .label')].map((n) => n.textContent)`,
    );
    assert.deepEqual(labels, [...payloads]);
    assert.equal(await text(page, '.title'), payloads[0]);
    await sendToWebview(page, [{ type: 'error', v, message: payloads[1] }]);
    await waitFor(page, `document.querySelector('.status').classList.contains('failed')`);
    assert.equal(await text(page, '.status'), `새로 고침 실패: ${payloads[1]}`);
    await sendToWebview(page, [{ type: 'values', v, title: 'T', updatedAt: BASE_TIME, fields: [] }]);
    await waitFor(page, `document.querySelector('.empty') !== null`);
    assert.equal(await text(page, '.empty'), '이 프로젝트에는 실시간 값이 없습니다.');
    assert.equal(await page.evaluate('window.__xss'), undefined, 'a payload executed');
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(rig.server.cspReports, []);
    await page.close();
  });

  void it('without a table the dashboard stays English', async () => {
    const page = await openWebview(rig.browser, rig.server, 'dashboard');
    assert.equal(await text(page, '.title'), 'Live values');
    assert.equal(await text(page, '.refresh'), 'Refresh');
    await page.close();
  });
});

void describe('the notebook renderer in Korean', () => {
  let server: RendererServer;
  let page: Page;
  before(async () => {
    server = await startRendererServer();
    page = await openRendererPage(rig.browser, server);
  });
  after(async () => {
    await page?.close();
    await server?.close();
  });

  const result: CellOutput = {
    type: 'result',
    run: { title: payloads[0] ?? '', rows: 3, ms: 7, ranAt: BASE_TIME },
    columns: ['time', 'oname', 'tps'],
    rows: [0, 1, 2].map((i) => [BASE_TIME + i * 60_000, payloads[i] ?? '', i * 10]),
  };

  void it('a result with lang ko has Korean controls and its values as text', async () => {
    await renderOutput(page, 'ko-result', { ...result, lang: 'ko' });
    await waitFor(page, `document.querySelectorAll('#out-ko-result .slick-row').length === 3`);
    assert.equal(await text(page, '#out-ko-result .mxql-nb-open'), '결과 패널에서 열기');
    assert.equal(
      await page.locator('#out-ko-result [title="모든 행을 CSV로 내보내기"]').count(),
      1,
      'the grid toolbar uses the Korean results table',
    );
    assert.match(await text(page, '#out-ko-result'), /3행/);
    const cells = await page.evaluate<string[]>(
      `[...document.querySelectorAll('#out-ko-result .slick-row .slick-cell.l1')].map((n) => n.textContent)`,
    );
    assert.deepEqual(cells.sort(), [payloads[0], payloads[1], payloads[2]].sort());
  });

  void it('a cancelled run, an error and an unreadable output in Japanese and Korean', async () => {
    await renderOutput(page, 'ja-cancel', { type: 'cancelled', run: { title: 'x' }, lang: 'ja-JP' });
    assert.equal(
      await text(page, '#out-ja-cancel .mxql-nb-message'),
      '実行がキャンセルされたため、何も受信していません。',
    );
    const error = { type: 'error', run: { title: 'x' }, message: payloads[3], lang: 'ko' };
    await renderOutput(page, 'ko-error', error);
    assert.equal(await text(page, '#out-ko-error .mxql-nb-message'), payloads[3]);
    await renderOutput(page, 'ko-bad', { type: 'result', run: {}, columns: 'nope', lang: 'ko' });
    assert.equal(
      await text(page, '#out-ko-bad .mxql-nb-error'),
      '이 MXQL 출력을 표시할 수 없습니다: output.columns은(는) 열 이름의 배열이어야 합니다.',
    );
  });

  void it('an output without lang (or of another language) reads English', async () => {
    await renderOutput(page, 'en-result', result);
    await waitFor(page, `document.querySelectorAll('#out-en-result .slick-row').length === 3`);
    assert.equal(await text(page, '#out-en-result .mxql-nb-open'), 'Open in Results Panel');
    await renderOutput(page, 'fr-cancel', { type: 'cancelled', run: { title: 'x' }, lang: 'fr' });
    assert.equal(
      await text(page, '#out-fr-cancel .mxql-nb-message'),
      'The run was cancelled; nothing was received.',
    );
    assert.equal(await page.evaluate('window.__xss'), undefined, 'a payload executed');
    assert.deepEqual(await page.evaluate('window.__host.violations'), []);
    assert.deepEqual(server.unexpected, []);
  });
});
