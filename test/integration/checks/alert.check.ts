// Draft Alert Rule from Query as a user meets it in the real workbench: the command from the palette,
// its questions answered in VS Code's own quick inputs, the rule applied from the notification, and the
// backtest run's chart in the results panel drawing the threshold band (what the chart drew is read from
// its `data-marks`), with the firing spans and the field's unit.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { WorkbenchCheck } from '../../support/vscodeWorkbench';

/** The quick input titled `title` (once it shows), answered with `text`; a pick waits for its row `row`. */
async function answer(page: Page, title: string, text: string, row?: string): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  await widget
    .locator('.quick-input-title', { hasText: title })
    .waitFor({ state: 'visible', timeout: 90_000 });
  const input = widget.locator('.quick-input-box input');
  await input.fill(text);
  if (row) await widget.locator('.monaco-list-row.focused', { hasText: row }).waitFor({ state: 'visible' });
  await input.press('Enter');
}

/** Waits for `wanted`, accepting the first-run offer of the Demo if it comes first. */
async function afterDemoOffer(page: Page, wanted: Locator): Promise<void> {
  const offer = page.locator('.notifications-toasts .monaco-button', { hasText: 'Run on Demo Data' });
  await wanted.or(offer).first().waitFor({ state: 'visible', timeout: 90_000 });
  if (await offer.isVisible()) await offer.click();
  await wanted.waitFor({ state: 'visible', timeout: 90_000 });
}

interface DrawnMarks {
  bands: { label: string; top: number; bottom: number; line: number }[];
  spans: { label: string; left: number; right: number }[];
  unit?: string;
}

export const checks: WorkbenchCheck[] = [
  {
    name: 'Draft Alert Rule from Query: answered in quick inputs, applied, and the chart draws the threshold band',
    run: async (workbench) => {
      const { page } = workbench;
      await workbench.openFile('alerts/response-time.mxql');
      await workbench.moveCursor(3, 1);
      await workbench.runPickerCommand('MXQL: Draft Alert Rule from Query');
      await answer(page, 'Backtest the alert over', 'Last 6 hours', 'Last 6 hours');
      const fieldPick = page.locator('.quick-input-widget .quick-input-title', {
        hasText: 'Alert on which field?',
      });
      await afterDemoOffer(page, fieldPick);
      await answer(page, 'Alert on which field?', 'resp_time', 'resp_time');
      await answer(page, 'Threshold: resp_time', '0.3s');
      await answer(page, 'Add the rule to which event-rule file?', 'New rule file', 'New rule file');
      await answer(page, 'New rule file', 'alerts/from-workbench.json');
      const apply = page.locator('.notifications-toasts .monaco-button', { hasText: 'Apply' });
      await apply.waitFor({ state: 'visible', timeout: 60_000 });
      await apply.click();

      // The file on disk holds the rule the user applied.
      const file = join(workbench.workspaceDir, 'alerts', 'from-workbench.json');
      // Applying writes through VS Code's file service: poll the disk, bounded, for its write to land.
      for (let i = 0; i < 100 && !existsSync(file); i++) await page.waitForTimeout(100);
      const rules = JSON.parse(readFileSync(file, 'utf8')) as { category: string; rule: string }[];
      assert.equal(rules[0]?.category, 'app_counter');
      assert.match(rules[0]?.rule ?? '', /^resp_time > 300\b/);

      // The results panel's chart: the band of the rule over resp_time, in ms, with the firings shaded.
      const frame = workbench.lastWebview();
      await frame.locator('.mxql-stats[data-phase="done"]').waitFor({ state: 'visible', timeout: 60_000 });
      await frame.locator('[data-tab="chart"]').click();
      const chart = frame.locator('.mxql-chart[data-marks]');
      await chart.waitFor({ state: 'attached', timeout: 30_000 });
      const drawn = JSON.parse((await chart.getAttribute('data-marks')) ?? '{}') as DrawnMarks;
      assert.equal(drawn.bands.length, 1, JSON.stringify(drawn));
      const [band] = drawn.bands;
      assert.match(band?.label ?? '', /^resp_time > 300/);
      assert.ok(band && band.top < band.line, `the band lies above its line: ${JSON.stringify(band)}`);
      assert.equal(drawn.unit, 'ms');
      assert.ok(drawn.spans.length >= 1, 'the demo answers above 300 ms on an agent: a firing is shaded');
      await frame.locator('.mxql-notice', { hasText: /Backtest over the last 6h: fired \d+ times/ }).waitFor({
        state: 'visible',
      });
    },
  },
];
