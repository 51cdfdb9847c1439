// The real prompts of a run, as a user sees them: Ctrl+Enter in an .mxql editor whose query uses a
// $param without a value opens VS Code's quick input for it (after the first-run Demo offer, if any).
import type { WorkbenchCheck } from '../../support/vscodeWorkbench';

export const checks: WorkbenchCheck[] = [
  {
    name: 'Ctrl+Enter on a query with a missing $param shows the prompt for it',
    run: async (workbench) => {
      const { page } = workbench;
      await workbench.openFile('run/prompts.mxql');
      await workbench.moveCursor(5, 1);
      await page.keyboard.press('Control+Enter');
      const offer = page.locator('.notifications-toasts .monaco-button', { hasText: 'Run on Demo Data' });
      const prompt = page.locator('.quick-input-widget', { hasText: 'Value of $okind' });
      await Promise.race([
        offer.waitFor({ state: 'visible' }).then(() => offer.click()),
        prompt.waitFor({ state: 'visible' }),
      ]);
      await prompt.waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await prompt.waitFor({ state: 'hidden' });
    },
  },
];
