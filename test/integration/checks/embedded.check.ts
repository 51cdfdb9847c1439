// MXQL inside dashboard JSON as a user meets it: Ctrl+Enter with the cursor in a widget's query string
// asks for the board's merges, runs on the Demo and opens the results on the chart its HEADER asks
// for; the editor's context menu there offers Edit MXQL, which opens the query as an MXQL editor.
import * as assert from 'node:assert/strict';
import type { WorkbenchCheck } from '../../support/vscodeWorkbench';

/** boards/storefront.json: line 12 holds the series widget's `mql` string; column 25 is inside it. */
const MQL_LINE = 12;
const INSIDE = 25;

export const checks: WorkbenchCheck[] = [
  {
    name: 'Ctrl+Enter inside a JSON query string runs it on the Demo and shows its HEADER fields on the chart',
    run: async (workbench) => {
      const { page } = workbench;
      await workbench.openFile('boards/storefront.json');
      // The CodeLens shows once the extension (activated by the JSON file) has read the file's queries.
      await page
        .locator('.codelens-decoration', { hasText: 'Edit MXQL' })
        .first()
        .waitFor({ state: 'visible' });
      await workbench.moveCursor(MQL_LINE, INSIDE);
      await page.keyboard.press('Control+Enter');
      const offer = page.locator('.notifications-toasts .monaco-button', { hasText: 'Run on Demo Data' });
      const merge = page.locator('.quick-input-widget', { hasText: 'Value of $TIME_MERGE_PLACE' });
      await Promise.race([
        offer.waitFor({ state: 'visible' }).then(() => offer.click()),
        merge.waitFor({ state: 'visible' }),
      ]);
      await merge.waitFor({ state: 'visible' });
      // The items' labels only: a row's text also holds its separator's and description's.
      const labels = merge.locator('.monaco-list-row .label-name');
      assert.deepEqual((await labels.allTextContents()).slice(0, 4), ['avg', 'sum', 'max', 'min']);
      await page.keyboard.press('Enter');
      const objectMerge = page.locator('.quick-input-widget', { hasText: 'Value of $OBJECT_MERGE_PLACE' });
      await objectMerge.waitFor({ state: 'visible' });
      await page.keyboard.press('Enter');
      const frame = workbench.lastWebview();
      await frame.locator('.mxql-stats[data-phase="done"]').waitFor({ state: 'visible', timeout: 60_000 });
      await frame.locator('.mxql-tab[data-tab="chart"][aria-selected="true"]').waitFor({ state: 'visible' });
      const checked = frame.locator('.mxql-chart-ys input[type=checkbox]:checked');
      await checked.first().waitFor({ state: 'visible' });
      const columns: string[] = [];
      for (const box of await checked.all()) columns.push((await box.getAttribute('data-column')) ?? '');
      assert.deepEqual(columns, ['tps', 'tx_error']);
    },
  },
  {
    name: 'the context menu inside a JSON query string offers Edit MXQL, which opens it as MXQL',
    run: async (workbench) => {
      const { page } = workbench;
      // The results panel's tab names the file too.
      await workbench.runCommand('View: Close All Editors');
      await workbench.openFile('boards/storefront.json');
      await workbench.moveCursor(MQL_LINE, INSIDE);
      await page.locator('.editor-instance .monaco-editor .cursor').first().click({ button: 'right' });
      await workbench.chooseContextMenuItem('Edit MXQL');
      await page
        .locator('.tabs-container .tab.active', { hasText: 'mql.mxql' })
        .waitFor({ state: 'visible' });
      await workbench.waitForLanguage('MXQL');
    },
  },
];
