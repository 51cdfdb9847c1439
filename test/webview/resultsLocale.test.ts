// The results webview shows the texts table the extension sends in the user's language (here the
// Korean bundle), under the production CSP, and falls back to English per missing text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runMessages, testColumns, testRows, testRun } from './fixtures';
import { openWebview, sendToWebview, violations, waitForRows, useWebviewRig } from './harness';

const rig = useWebviewRig();

void describe('results webview in the user language', () => {
  void it('shows the Korean texts the extension sends, before and after a run', async () => {
    const page = await openWebview(rig.browser, rig.server, '?locale=ko');
    const idle = await page.locator('body').innerText();
    assert.match(idle, /쿼리를 실행하면/);
    assert.doesNotMatch(idle, /Run a query/);
    await sendToWebview(page, runMessages(testRun('run-ko'), testColumns, testRows(3), 250));
    await waitForRows(page, 3);
    assert.match(await page.locator('body').innerText(), /3행/);
    assert.equal(await page.locator('[title="모든 행을 CSV로 내보내기"]').count(), 1);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(rig.server.cspReports, []);
    await page.close();
  });

  void it('without a table the page stays English', async () => {
    const page = await openWebview(rig.browser, rig.server);
    assert.match(await page.locator('body').innerText(), /Run a query/);
    await page.close();
  });
});
