// What a user sees of the explorer and of "Open API Request…": the MXQL container shows the
// Explorer view with the Demo profile, and the picker lists the endpoints under the spec's groups.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SPEC_REQUEST_GROUPS } from '../../support/specEndpointGroups';
import type { Workbench, WorkbenchCheck } from '../../support/vscodeWorkbench';

/** The MXQL activity bar entry; it appears once the extension's contributions are registered. */
const mxqlActivity = (page: Page) => page.locator('.activitybar .action-item a[aria-label^="MXQL"]').first();

async function whenContributed(workbench: Workbench): Promise<void> {
  await mxqlActivity(workbench.page).waitFor({ state: 'visible' });
}

export const checks: WorkbenchCheck[] = [
  {
    name: 'the MXQL view container shows the Explorer with the Demo profile',
    run: async (workbench) => {
      const { page } = workbench;
      await whenContributed(workbench);
      // Checks share one page: clicking the container's icon while it is shown would hide it.
      if (!(await page.locator('.pane-header', { hasText: 'Explorer' }).first().isVisible()))
        await mxqlActivity(page).click();
      await page.locator('.pane-header', { hasText: 'Explorer' }).first().waitFor({ state: 'visible' });
      await page
        .locator('.pane-body .monaco-list-row', { hasText: 'Demo' })
        .first()
        .waitFor({ state: 'visible' });
    },
  },
  {
    name: 'Open API Request lists the endpoints under the specification groups',
    run: async (workbench) => {
      const { page } = workbench;
      await whenContributed(workbench);
      await workbench.runPickerCommand('MXQL: Open API Request…');
      const widget = page.locator('.quick-input-widget');
      await widget.locator('.quick-input-list', { hasText: 'Meta' }).waitFor({ state: 'visible' });
      await widget
        .locator('.quick-input-list', { hasText: 'Projects of the account' })
        .waitFor({ state: 'visible' });
      const input = widget.locator('.quick-input-box input');
      // The list is virtual: page down to the last group, checking the group labels on the way.
      const seen = new Set<string>();
      for (let page = 0; page < 20 && seen.size < SPEC_REQUEST_GROUPS.length; page++) {
        for (const group of SPEC_REQUEST_GROUPS) {
          if (
            await widget.locator('.quick-input-list .quick-input-list-separator', { hasText: group }).count()
          )
            seen.add(group);
        }
        await input.press('PageDown');
      }
      assert.deepEqual(
        SPEC_REQUEST_GROUPS.filter((g) => !seen.has(g)),
        [],
        'groups never shown in the picker',
      );
      await input.fill('database_params');
      await widget
        .locator('.quick-input-list', { hasText: 'Database parameters compared' })
        .waitFor({ state: 'visible' });
      const match = widget.locator('.quick-input-list', { hasText: 'Database parameters compared' });
      await input.press('Escape');
      await match.waitFor({ state: 'hidden' });
    },
  },
];
