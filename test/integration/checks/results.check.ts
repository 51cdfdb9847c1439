// The results panel in the real workbench: a run that fails after a run with rows shows its error in
// the grid's place, and none of the earlier rows stay on screen under the failed run's header.
import * as assert from 'node:assert/strict';
import type { Workbench, WorkbenchCheck } from '../../support/vscodeWorkbench';

/** Ctrl+Enter at `line`, accepting the first-run offer of the Demo when it appears. */
async function runAt(workbench: Workbench, file: string, line: number): Promise<void> {
  const { page } = workbench;
  await workbench.openFile(file);
  await workbench.moveCursor(line, 1);
  await page.keyboard.press('Control+Enter');
  const offer = page.locator('.notifications-toasts .monaco-button', { hasText: 'Run on Demo Data' });
  await offer
    .waitFor({ state: 'visible', timeout: 3_000 })
    .then(() => offer.click())
    .catch(() => undefined);
}

export const checks: WorkbenchCheck[] = [
  {
    name: 'a failed run after a run with rows shows its error in the grid, without the old rows',
    run: async (workbench) => {
      const frame = workbench.lastWebview();
      await runAt(workbench, 'queries/tps.mxql', 2);
      await frame.locator('.mxql-stats[data-phase="done"]').waitFor({ state: 'visible', timeout: 60_000 });
      await frame.locator('.mxql-grid .slick-row').first().waitFor({ state: 'visible' });
      // A range over 31 days is refused before sending: the same panel shows the failure.
      await runAt(workbench, 'run/tooLong.mxql', 3);
      const error = frame.locator('.mxql-message .mxql-error');
      await error.waitFor({ state: 'visible', timeout: 60_000 });
      assert.match((await error.textContent()) ?? '', /31 days/);
      assert.equal(await frame.locator('.mxql-grid .slick-row').count(), 0);
      assert.equal(await frame.locator('.mxql-figures').textContent(), '0 rows');
    },
  },
];
