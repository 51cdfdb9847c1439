// The end-to-end rig: the extension packaged as a VSIX from a clean copy of the tree, installed the way a
// user installs it into a fresh code-server, a throw-away copy of examples/ as the workspace, and one
// Chromium page on the workbench. Screenshots go to test-results/e2e/.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import type { Browser, BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/vscode/chromium.mjs';
import { packageCleanTree, repoRoot } from '../package/buildVsix';
import { Workbench } from './vscodeWorkbench';

/** The parts of the scripts/vscode/ modules the rig uses (plain .mjs modules, typed here). */
interface CodeServerHarness {
  ensureCodeServer(options?: { log?: (line: string) => void; logFile?: string }): Promise<void>;
  installVsix(vsixPath: string, extensionsDir: string): Promise<void>;
  startCodeServer(options: {
    folder?: string;
    extensionsDir: string;
    userDataDir: string;
    logFile?: string;
    settings?: Record<string, unknown>;
    extraArgs?: string[];
    env?: Record<string, string>;
  }): Promise<{ url: string; port: number; stop: () => Promise<void> }>;
}

export const e2eResultsDir = join(repoRoot, 'test-results', 'e2e');

/** A running workbench with the packaged extension and the example workspace. */
export interface E2eRig {
  readonly workbench: Workbench;
  readonly page: Page;
  /** The temporary copy of examples/ that VS Code has open (tests may add files to it). */
  readonly workspaceDir: string;
  /** code-server's user data (settings.json, state, the extension host's logs and output channels). */
  readonly userDataDir: string;
  /**
   * Saves a screenshot as test-results/e2e/<name>.png and returns its path: the whole page, or only the
   * part of it `region` covers (a cropped image for the documentation).
   */
  screenshot(name: string, region?: Locator): Promise<string>;
  close(): Promise<void>;
}

async function loadHarness(): Promise<CodeServerHarness> {
  const load = async (name: string): Promise<object> =>
    (await import(pathToFileURL(join(repoRoot, 'scripts', 'vscode', name)).href)) as object;
  const modules = await Promise.all(
    ['installCodeServer.mjs', 'installVsix.mjs', 'startCodeServer.mjs'].map(load),
  );
  return Object.assign({}, ...modules) as CodeServerHarness;
}

/** Settings of the test user: quiet, and a fixed layout so screenshots are comparable. */
const userSettings = {
  'workbench.colorTheme': 'Default Dark Modern',
  'editor.minimap.enabled': false,
  'editor.fontSize': 14,
  'window.commandCenter': false,
  'workbench.editor.enablePreview': false,
};

/** Options of a rig: a display language (code-server's --locale) and where its logs and screenshots go. */
export interface E2eRigOptions {
  readonly locale?: string;
  readonly resultsDir?: string;
  /** More VSIX files to install beside the extension (e.g. a display language). */
  readonly extraVsix?: readonly string[];
  /** User settings besides the rig's own (e.g. a profile). */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Environment of code-server, so of the extension host and the demo it starts (e.g. an incident). */
  readonly env?: Readonly<Record<string, string>>;
}

/** Packages, installs and starts everything; on failure, whatever was started is stopped again. */
export async function startE2eRig(options: E2eRigOptions = {}): Promise<E2eRig> {
  const resultsDir = options.resultsDir ?? e2eResultsDir;
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  const cleanups: (() => Promise<void> | void)[] = [];
  const close = async () => {
    for (const step of cleanups.splice(0).reverse()) {
      try {
        await step();
      } catch (err) {
        console.error(`e2e cleanup: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  };
  try {
    return await startSteps(cleanups, close, options, resultsDir);
  } catch (err) {
    await close();
    throw err;
  }
}

async function startSteps(
  cleanups: (() => Promise<void> | void)[],
  close: () => Promise<void>,
  { locale, extraVsix = [], settings = {}, env = {} }: E2eRigOptions,
  resultsDir: string,
): Promise<E2eRig> {
  const harness = await loadHarness();
  await harness.ensureCodeServer({ logFile: join(resultsDir, 'code-server-install.log') });
  const vsix = packageCleanTree();
  cleanups.push(() => vsix.dispose());
  const sandbox = mkdtempSync(join(tmpdir(), 'mxql-e2e-'));
  cleanups.push(() => rmSync(sandbox, { recursive: true, force: true }));
  const workspaceDir = join(sandbox, 'examples');
  cpSync(join(repoRoot, 'examples'), workspaceDir, { recursive: true });
  const extensionsDir = join(sandbox, 'extensions');
  await harness.installVsix(vsix.path, extensionsDir);
  const userDataDir = join(sandbox, 'user-data');
  for (const extra of extraVsix) await harness.installVsix(extra, extensionsDir);
  if (extraVsix.length > 0) recordLanguagePacks(extensionsDir, userDataDir);
  const server = await harness.startCodeServer({
    folder: workspaceDir,
    extensionsDir,
    userDataDir,
    logFile: join(resultsDir, 'code-server.log'),
    settings: { ...userSettings, ...settings },
    env: { ...env },
    ...(locale ? { extraArgs: ['--locale', locale] } : {}),
  });
  cleanups.push(() => server.stop());
  const browser = await launchChromium();
  cleanups.push(() => browser.close());
  const page = await openWorkbench(browser, `${server.url}/?folder=${encodeURIComponent(workspaceDir)}`);
  const workbench = new Workbench(page, workspaceDir);
  await workbench.waitUntilLoaded();
  const screenshot = async (name: string, region?: Locator) => {
    const path = join(resultsDir, `${name}.png`);
    await (region ?? page).screenshot({ path });
    return path;
  };
  return { workbench, page, workspaceDir, userDataDir, screenshot, close };
}

interface LanguagePackManifest {
  name: string;
  publisher: string;
  version: string;
  contributes?: {
    localizations?: {
      languageId: string;
      languageName: string;
      localizedLanguageName?: string;
      translations: { id: string; path: string }[];
    }[];
  };
}

/**
 * Writes `<user-data>/languagepacks.json` for the installed language packs, as VS Code's own language pack
 * cache does once the workbench has run: `--locale` finds a display language only through this file, and
 * the command-line install does not write it.
 */
function recordLanguagePacks(extensionsDir: string, userDataDir: string): void {
  const packs: Record<string, unknown> = {};
  for (const folder of readdirSync(extensionsDir)) {
    const manifestPath = join(extensionsDir, folder, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as LanguagePackManifest;
    for (const localization of manifest.contributes?.localizations ?? []) {
      const id = `${manifest.publisher}.${manifest.name}`;
      packs[localization.languageId] = {
        hash: createHash('md5').update(id).update(manifest.version).digest('hex'),
        extensions: [{ extensionIdentifier: { id }, version: manifest.version }],
        translations: Object.fromEntries(
          localization.translations.map((t) => [t.id, join(extensionsDir, folder, t.path)]),
        ),
        label: localization.localizedLanguageName ?? localization.languageName,
      };
    }
  }
  mkdirSync(userDataDir, { recursive: true });
  writeFileSync(join(userDataDir, 'languagepacks.json'), JSON.stringify(packs));
}

async function openWorkbench(browser: Browser, url: string): Promise<Page> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1600, height: 960 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(url);
  return page;
}

/**
 * The MXQL results webview. VS Code hosts a webview as an outer iframe holding an inner `active-frame`
 * with the extension's page; the results panel is the newest webview the tests open.
 */
export function resultsFrame(page: Page): FrameLocator {
  return page.locator('iframe.webview').last().contentFrame().locator('iframe#active-frame').contentFrame();
}

/** The page of the active notebook editor's webview: its rendered markdown cells and cell outputs. */
export function notebookFrame(page: Page): FrameLocator {
  return page
    .locator('.notebook-editor iframe.webview')
    .first()
    .contentFrame()
    .locator('iframe#active-frame')
    .contentFrame();
}

/** How long one step of an end-to-end file may take. */
export const E2E_STEP_TIMEOUT_MS = 120_000;

/**
 * Declares one step of an end-to-end file (the steps share one workbench and run in order): a failed
 * step leaves `failed-<slug>.png` and closes whatever quick input or menu it left open.
 */
export function e2eStep(rig: () => E2eRig, name: string, slug: string, body: () => Promise<void>): void {
  void test(name, { timeout: E2E_STEP_TIMEOUT_MS }, async () => {
    try {
      await body();
    } catch (err) {
      await rig()
        .screenshot(`failed-${slug}`)
        .catch(() => undefined);
      await rig()
        .page.keyboard.press('Escape')
        .catch(() => undefined);
      throw err;
    }
  });
}
