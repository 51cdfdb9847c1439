// The profile flow as a new user meets it, through the workbench's own widgets: MXQL: Add Profile… against
// a demo backend on loopback (real sockets), the status bar, a run refused for a wrong token, and the
// notification's Set Token that goes straight to that profile and project. The steps share one workbench
// and run in order; a failed step leaves a screenshot in test-results/e2e-profile/.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDemoServer, type DemoServer } from '../../demo/index';
import { e2eResultsDir, e2eStep, resultsFrame, startE2eRig, type E2eRig } from '../support/e2eWorkbench';

const PROFILE = 'Staging';
const WRONG_TOKEN = 'e2e-wrong-project-token-4f1c';
/** A file with its own range, so the status bar must show 15m rather than the picker's 1h. */
const QUERY_FILE = 'profile-check.mxql';
const QUERY =
  '-- @name Profile check\n-- @range 15m\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, oname, tps]\n';

let rig: E2eRig;
let demo: DemoServer;

/** A step whose failure leaves a screenshot named after it. */
const step = (name: string, slug: string, body: () => Promise<void>) => e2eStep(() => rig, name, slug, body);

const quickInput = () => rig.page.locator('.quick-input-widget');
const quickInputBox = () => quickInput().locator('.quick-input-box input');

/** Waits for the quick input titled `title` (a fragment) and returns its text box. */
async function inputTitled(title: string | RegExp) {
  await quickInput().locator('.quick-input-title', { hasText: title }).waitFor({ state: 'visible' });
  return quickInputBox();
}

/** Answers the input box titled `title`: types `value` (nothing to accept its default) and presses Enter. */
async function answer(title: string | RegExp, value: string, kind: 'text' | 'password' = 'text') {
  const box = await inputTitled(title);
  assert.equal(await box.getAttribute('type'), kind, `the input "${String(title)}" is a ${kind} box`);
  await box.fill(value);
  await box.press('Enter');
}

/** Picks the row labelled `label` in the quick pick titled `title`. */
async function pick(title: string | RegExp, label: string): Promise<string[]> {
  const box = await inputTitled(title);
  const rows = quickInput().locator('.monaco-list-row');
  await rows.first().waitFor({ state: 'visible' });
  const labels = await rows.locator('.label-name').allInnerTexts();
  await box.fill(label);
  await quickInput().locator('.monaco-list-row.focused', { hasText: label }).waitFor({ state: 'visible' });
  await box.press('Enter');
  return labels;
}

/** The notification toast that says `text`. */
const toast = (text: string | RegExp) =>
  rig.page.locator('.notifications-toasts .notification-toast', { hasText: text });

/** Closes every notification toast, so the next step waits for a new one. */
async function clearToasts(): Promise<void> {
  await rig.workbench.runCommand('Notifications: Clear All Notifications');
  await rig.page.locator('.notifications-toasts .notification-toast').first().waitFor({ state: 'hidden' });
}

/** The MXQL target item of the status bar (`profile · project · range`). */
const targetItem = () => rig.page.locator('.statusbar-item[id$=".mxql.target"]');

/** Every file under `dir` whose text holds one of `secrets`, with the secret it holds. */
function filesHolding(dir: string, secrets: readonly string[]): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir, { recursive: true })) {
    const path = join(dir, String(name));
    if (!statSync(path, { throwIfNoEntry: false })?.isFile()) continue;
    const text = readFileSync(path).toString('latin1');
    for (const secret of secrets) if (text.includes(secret)) found.push(`${path} holds ${secret}`);
  }
  return found;
}

/** Runs the query of the open file with Ctrl+Enter and returns once the run's progress has started. */
async function runQuery(): Promise<void> {
  await rig.page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await rig.page.keyboard.press('Control+Enter');
}

void describe('MXQL profiles, end to end', () => {
  before(
    async () => {
      demo = await startDemoServer();
      rig = await startE2eRig({ resultsDir: join(e2eResultsDir, '..', 'e2e-profile') });
      writeFileSync(join(rig.workspaceDir, QUERY_FILE), QUERY);
    },
    { timeout: 600_000 },
  );
  after(async () => {
    await rig?.close();
    await demo?.close();
  });

  step(
    '1. Add Profile asks name, base URL, service URL, tokens (masked) and the project from the list, then says the connection works',
    'add-profile',
    async () => {
      const project = demo.projects[0];
      assert.ok(project, 'the demo backend has projects');
      await rig.workbench.openFile(QUERY_FILE);
      await rig.workbench.runPickerCommand('MXQL: Add Profile…');
      await answer('(1/6)', PROFILE);
      await answer('(2/6)', demo.baseUrl);
      // The service URL step shows what an empty answer means: the base URL, the spec's single host.
      const serviceBox = await inputTitled('(3/6)');
      assert.equal(await serviceBox.getAttribute('placeholder'), demo.baseUrl);
      await answer('(3/6)', '');
      await answer('(4/6)', demo.accountToken, 'password');
      const offered = await pick('(5/6)', project.name);
      assert.deepEqual(
        offered.slice(0, demo.projects.length),
        demo.projects.map((p) => p.name),
      );
      const tokenBox = await inputTitled(`(6/6)`);
      await tokenBox.fill(project.token);
      assert.equal(await tokenBox.getAttribute('type'), 'password', 'the project token is masked');
      await rig.screenshot('01-add-profile-token');
      await tokenBox.press('Enter');
      const done = toast(`profile "${PROFILE}" added and connected`);
      await done.waitFor({ state: 'visible' });
      const text = await done.innerText();
      assert.match(text, /account token: works, \d+ projects visible/);
      assert.match(text, new RegExp(`project token of pcode ${project.pcode}: works`));
      await rig.screenshot('02-profile-connected');
    },
  );

  step(
    "2. the status bar shows the new profile, its project and the file's @range",
    'status-bar',
    async () => {
      const project = demo.projects[0]!;
      await targetItem()
        .filter({ hasText: `${PROFILE} · ${project.name} · 15m` })
        .waitFor({ state: 'visible' });
      await rig.page
        .locator('.statusbar-item[id$=".mxql.range"]', { hasText: '15m' })
        .waitFor({ state: 'visible' });
    },
  );

  step(
    '3. a wrong token gets a 401 whose Set Token asks only for that project token; the re-run then succeeds',
    'wrong-token',
    async () => {
      const project = demo.projects[0]!;
      await clearToasts();
      await rig.workbench.runPickerCommand('MXQL: Set Project Token…');
      await pick('Project token for which profile?', PROFILE);
      // The project code is filled in from the active project.
      const pcodeBox = await inputTitled(`Project code (pcode) in "${PROFILE}"`);
      assert.equal(await pcodeBox.inputValue(), String(project.pcode));
      await pcodeBox.press('Enter');
      await answer(`Project API token of pcode ${project.pcode} in "${PROFILE}"`, WRONG_TOKEN, 'password');
      await quickInput().waitFor({ state: 'hidden' });
      await runQuery();
      const failed = toast(/Running the query failed: HTTP 401/);
      await failed.waitFor({ state: 'visible', timeout: 60_000 });
      assert.doesNotMatch(
        await failed.innerText(),
        /\/open\/|mxqlText/,
        'the message names the call in words',
      );
      await rig.screenshot('03-unauthorized');
      await failed.locator('.monaco-button', { hasText: 'Set Token' }).click();
      // Straight to the token: the first question is the token of that profile and project.
      const title = quickInput().locator('.quick-input-title');
      await title.waitFor({ state: 'visible' });
      assert.equal(
        (await title.innerText()).trim(),
        `Project API token of pcode ${project.pcode} in "${PROFILE}"`,
        'no "which profile?" or "which project?" question first',
      );
      await answer(`Project API token of pcode ${project.pcode} in "${PROFILE}"`, project.token, 'password');
      await quickInput().waitFor({ state: 'hidden' });
      await clearToasts();
      await runQuery();
      const frame = resultsFrame(rig.page);
      await frame
        .locator('.mxql-title', { hasText: 'Profile check' })
        .waitFor({ state: 'visible', timeout: 60_000 });
      await frame.locator('.mxql-grid .slick-row').first().waitFor({ state: 'visible', timeout: 60_000 });
      await rig.screenshot('04-rerun-after-token');
    },
  );

  step('4. no token reached settings.json, state or the MXQL log', 'no-token-leak', async () => {
    const project = demo.projects[0]!;
    const secrets = [demo.accountToken, project.token, WRONG_TOKEN];
    // The MXQL log is a LogOutputChannel: the extension host writes it to a file under the user data.
    await rig.workbench.runCommand('MXQL: Show Log');
    const logFiles = readdirSync(rig.userDataDir, { recursive: true })
      .map(String)
      .filter((name) => /MXQL\.log$/.test(name));
    assert.ok(logFiles.length > 0, 'the MXQL log has a file under the user data');
    const log = logFiles.map((name) => readFileSync(join(rig.userDataDir, name), 'utf8')).join('\n');
    assert.match(log, /flush\/mxql\/text/, 'the log has the runs');
    const settings = readFileSync(join(rig.userDataDir, 'User', 'settings.json'), 'utf8');
    assert.match(settings, new RegExp(PROFILE), 'the profile is in the settings');
    assert.deepEqual(filesHolding(rig.userDataDir, secrets), []);
    assert.deepEqual(await browserStateHolding(secrets), []);
    // The same scans do see the extension's state: the active profile's name outside settings.json.
    const state = [
      ...filesHolding(rig.userDataDir, [PROFILE]).filter((hit) => !hit.includes('settings.json')),
      ...(await browserStateHolding([PROFILE])),
    ];
    assert.ok(
      state.some((hit) => !/\.log /.test(hit)),
      `no state store holds the profile name: ${state.join('; ')}`,
    );
  });
});

/**
 * Keys of the workbench's browser-side storage (IndexedDB: global and extension state) whose value holds one
 * of `secrets`. VS Code's secret storage keeps its entries under `secret://` keys, which are left out.
 */
async function browserStateHolding(secrets: readonly string[]): Promise<string[]> {
  return rig.page.evaluate(async (wanted) => {
    type Store = { name: string; keys: string[]; values: string[] };
    const idb = (globalThis as unknown as { indexedDB: IDBFactoryLike }).indexedDB;
    const found: string[] = [];
    for (const info of await idb.databases()) {
      const db = await new Promise<IDBDatabaseLike>((resolve, reject) => {
        const request = idb.open(info.name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(new Error(`cannot open ${info.name}`));
      });
      const stores: Store[] = [];
      for (const name of Array.from(db.objectStoreNames)) {
        const tx = db.transaction(name, 'readonly');
        const store = tx.objectStore(name);
        const [keys, values] = await Promise.all(
          [store.getAllKeys(), store.getAll()].map(
            (request) =>
              new Promise<unknown[]>((resolve) => {
                request.onsuccess = () => resolve(request.result as unknown[]);
              }),
          ),
        );
        stores.push({
          name,
          keys: (keys ?? []).map(String),
          values: (values ?? []).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
        });
      }
      db.close();
      for (const store of stores)
        store.values.forEach((value, i) => {
          const key = store.keys[i] ?? '';
          if (key.startsWith('secret://')) return;
          for (const secret of wanted)
            if (value.includes(secret)) found.push(`${info.name}/${store.name}/${key}`);
        });
    }
    return found;

    interface IDBRequestLike {
      result: unknown;
      onsuccess: (() => void) | null;
      onerror: (() => void) | null;
    }
    interface IDBDatabaseLike {
      objectStoreNames: ArrayLike<string>;
      transaction(
        name: string,
        mode: string,
      ): { objectStore(name: string): { getAllKeys(): IDBRequestLike; getAll(): IDBRequestLike } };
      close(): void;
    }
    interface IDBFactoryLike {
      databases(): Promise<{ name: string }[]>;
      open(name: string): IDBRequestLike & { result: IDBDatabaseLike };
    }
  }, secrets);
}
