// The live dashboard as a user sees it: from a project's context menu in the MXQL explorer, a
// webview (strict CSP, values as text) shows every live value of the project with its sparkline.
import * as assert from 'node:assert/strict';
import type { WorkbenchCheck } from '../../support/vscodeWorkbench';

export const checks: WorkbenchCheck[] = [
  {
    name: 'Open Live Dashboard from the explorer shows the live values in a webview',
    run: async (workbench) => {
      const { page } = workbench;
      const activity = page.locator('.activitybar .action-item a[aria-label^="MXQL"]').first();
      await activity.waitFor({ state: 'visible' });
      if (!(await page.locator('.pane-header', { hasText: 'Explorer' }).first().isVisible()))
        await activity.click();
      const rows = page.locator('.pane-body .monaco-list-row');
      for (const label of ['Demo', 'Projects']) {
        const row = rows.filter({ hasText: label }).first();
        await row.waitFor({ state: 'visible' });
        if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
      }
      // The first group folder, then its first project (folders sit one level below Projects).
      const folder = page.locator('.pane-body .monaco-list-row[aria-level="3"]').first();
      await folder.waitFor({ state: 'visible' });
      await folder.click();
      const project = page.locator('.pane-body .monaco-list-row[aria-level="4"]').first();
      await project.waitFor({ state: 'visible' });
      await project.click({ button: 'right' });
      // Pick the menu entry with the keyboard: a mouse click can land while the menu still lays out.
      const entry = page.locator('.monaco-menu .action-item', { hasText: 'Open Live Dashboard' });
      await entry.hover();
      await page.locator('.monaco-menu .action-item.focused', { hasText: 'Open Live Dashboard' }).waitFor();
      await page.keyboard.press('Enter');
      await page.locator('.monaco-menu').waitFor({ state: 'hidden' });
      const frame = workbench.lastWebview();
      const tps = frame.locator('.card', { hasText: 'TPS' });
      await tps
        .locator('.value')
        .filter({ hasText: /^\d+(\.\d+)?$/ })
        .waitFor({ state: 'visible' });
      await frame.locator('.title', { hasText: /^Live: / }).waitFor({ state: 'visible' });
      assert.ok((await frame.locator('.card').count()) >= 7, 'a card per live value');
      assert.equal(await tps.locator('svg.spark polyline').count(), 1);
    },
  },
];
