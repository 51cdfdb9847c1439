// A Korean workbench shows the extension's Korean titles: the Command Palette lists the MXQL commands
// from package.nls.ko.json. VS Code runs in a language only when a language pack declares it, so the
// test installs a fixture that declares Korean (translating nothing of VS Code itself, so only the
// extension's own texts change) and starts code-server with --locale ko. A run whose profile has no
// token fails in the API client, and the notification says so in Korean, from the error's parts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { repoRoot, vsceBin } from '../package/buildVsix';
import { startE2eRig, e2eResultsDir, type E2eRig } from '../support/e2eWorkbench';

const bundle = JSON.parse(readFileSync(join(repoRoot, 'package.nls.ko.json'), 'utf8')) as Record<
  string,
  string
>;
const ko = (key: string): string => {
  const text = bundle[key];
  assert.ok(text, `package.nls.ko.json has ${key}`);
  return text;
};

void describe('a Korean-locale workbench', { timeout: 600_000 }, () => {
  let rig: E2eRig | undefined;
  const scratch = mkdtempSync(join(tmpdir(), 'mxql-e2e-ko-'));
  before(async () => {
    const languagePack = join(scratch, 'language-pack-ko.vsix');
    const packed = spawnSync(
      process.execPath,
      [vsceBin(), 'package', '--allow-missing-repository', '--skip-license', '--out', languagePack],
      { cwd: join(__dirname, 'fixtures', 'language-pack-ko'), encoding: 'utf8' },
    );
    assert.equal(packed.status, 0, packed.stderr);
    rig = await startE2eRig({
      locale: 'ko',
      resultsDir: join(e2eResultsDir, '..', 'e2e-ko'),
      extraVsix: [languagePack],
      settings: {
        // A profile without a token: the API client refuses before connecting (nothing listens there).
        'mxql.profiles': [{ name: 'Staging', baseUrl: 'http://127.0.0.1:9', defaultPcode: 42 }],
        'mxql.defaultProfile': 'Staging',
      },
    });
  });
  after(async () => {
    await rig?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  void test('the Command Palette shows the MXQL commands with their Korean titles', async () => {
    assert.ok(rig);
    const { page } = rig;
    await rig.workbench.openFile('tps-per-agent.mxql');
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible' });
    for (const key of ['mxql.runFile.title', 'mxql.addProfile.title', 'mxql.explorer.openDashboard.title']) {
      await input.fill(`>MXQL: ${ko(key)}`);
      await page
        .locator('.quick-input-widget .monaco-list-row', { hasText: `MXQL: ${ko(key)}` })
        .first()
        .waitFor({ state: 'visible' });
    }
    await rig.screenshot('command-palette-ko');
    await page.keyboard.press('Escape');
  });

  void test('an API error notification reads in Korean, what failed and why', async () => {
    assert.ok(rig);
    const { page } = rig;
    const messages = JSON.parse(
      readFileSync(join(repoRoot, 'l10n', 'bundle.l10n.ko.json'), 'utf8'),
    ) as Record<string, string>;
    const failed = (messages['{0} failed: {1}.'] ?? '').replace('{0}', messages['running the query'] ?? '?');
    const why = (
      messages['this endpoint needs the project API token of pcode {0}; none is set'] ?? ''
    ).replace('{0}', '42');
    const expected = failed.replace('{1}', why);
    assert.match(expected, /쿼리 실행 실패: .*pcode 42/);
    await rig.workbench.openFile('tps-per-agent.mxql');
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible' });
    await input.fill(`>MXQL: ${ko('mxql.runFile.title')}`);
    const row = page.locator('.quick-input-widget .monaco-list-row', {
      hasText: `MXQL: ${ko('mxql.runFile.title')}`,
    });
    await row.first().waitFor({ state: 'visible' });
    await page.keyboard.press('Enter');
    const toast = page.locator('.notification-toast', { hasText: expected });
    await toast.first().waitFor({ state: 'visible', timeout: 60_000 });
    const text = (await toast.first().innerText()).replace(/\s+/g, ' ');
    assert.ok(!/needs the project API token|failed:/.test(text), `English in the notification: ${text}`);
    await rig.screenshot('api-error-ko');
  });
});
