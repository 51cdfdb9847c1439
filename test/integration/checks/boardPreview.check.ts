// The dashboard preview as a user meets it: a dashboard JSON's editor title bar has the Preview
// Dashboard button, and the preview it opens draws the board's Markdown, chart and table on the Demo.
// Its board is a file of its own: this window restores what the in-host suites' window left dirty, and
// those suites edit their board (a LIMIT 1 restored from a backup would leave one row here).
import * as assert from 'node:assert/strict';
import type { WorkbenchCheck } from '../../support/vscodeWorkbench';

export const checks: WorkbenchCheck[] = [
  {
    name: "Preview Dashboard in a dashboard JSON's title bar draws the board on the Demo",
    run: async (workbench) => {
      const { page } = workbench;
      await workbench.openFile('boards/storefront-title-bar.json');
      const button = page.locator('.editor-actions .action-label[aria-label*="Preview Dashboard"]');
      await button.waitFor({ state: 'visible' });
      await button.click();
      const frame = workbench.lastWebview();
      await frame.locator('.board-title', { hasText: 'Storefront preview' }).waitFor({ state: 'visible' });
      await frame.locator('.widget-markdown h1', { hasText: 'Storefront' }).waitFor({ state: 'visible' });
      await frame.locator('.widget[data-id="tps"] canvas').waitFor({ state: 'visible' });
      await frame.locator('.widget[data-id="agents"] tbody tr').first().waitFor({ state: 'visible' });
      assert.ok((await frame.locator('.widget[data-id="agents"] tbody tr').count()) >= 2, 'a row per agent');
      assert.match(
        (await frame.locator('.widget[data-id="field"] .widget-note').textContent()) ?? '',
        /^needs \$field$/,
      );
    },
  },
];
