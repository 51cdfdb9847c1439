// Composition root: builds the Ctx (which owns every disposable), wires the language client, the
// runner, the results panels, the status bar, CodeLens, the history view and the command table.
// activate() returns an API object for the integration tests, and only when VS Code runs the extension
// from source for development or tests: an installed VSIX (Production mode) returns nothing, so no other
// extension can script this extension's prompts or read its results.
import * as vscode from 'vscode';
import { readFileSync } from 'node:fs';
import { fillTemplate, languageOf, type UiLanguage } from '../../common/l10n';
import { translateText, useTranslator } from './l10n';
import { registerCommands } from './commands/register';
import { registerAssistant } from './assistant/registerAssistant';
import type { ChatDeps } from './assistant/chatParticipant';
import { confirmationOf } from './assistant/confirmation';
import { toolContext } from './assistant/toolHost';
import { registerExplorer } from './explorer/registerExplorer';
import { registerEmbedded } from './embedded/registerEmbedded';
import { Ctx } from './ctx';
import type { HistoryEntry } from './history/historyStore';
import { HistoryView } from './history/historyView';
import { startLanguageClient } from './language/startLanguageClient';
import { registerNotebooks } from './notebook/registerNotebooks';
import type { DemoConnection } from './profiles/demoHost';
import { RunCodeLensProvider } from './run/codeLens';
import { Runner } from './run/runner';
import { StatusBar } from './statusBar/statusBar';
import { ResultsPanels } from './views/resultsPanel';
import type { ResultSnapshot } from './views/resultsModel';
import { ScriptedUi, vscodeUi, type ScriptedAnswer } from './views/ui';

/** What activate() returns in Development and Test mode: hooks for the integration tests, never used by the product. */
export interface MxqlTestApi {
  result(runId: string): ResultSnapshot | undefined;
  statusText(): string;
  history(): HistoryEntry[];
  /** Starts (if needed) and returns the in-host demo backend. */
  demo(): Promise<DemoConnection>;
  /**
   * Starts the demo backend afresh; it inherits this process's environment, so a suite that sets
   * MXQL_DEMO_INCIDENT first gets the demo playing that incident (demo/README.md).
   */
  restartDemo(): Promise<DemoConnection>;
  /** Replaces the prompts with scripted answers; the returned object records what was asked. */
  scriptUi(answers: ScriptedAnswer[]): ScriptedUi;
  restoreUi(): void;
  runningIds(): string[];
  panelCount(): number;
  /** Forgets the active profile, as on a first run. */
  resetSelection(): Promise<void>;
  /** Whether SecretStorage holds `key` (tests check that removing a profile deletes its tokens). */
  hasSecret(key: string): Promise<boolean>;
  /** Where this window keeps its state and logs (the security test scans them). */
  storagePaths(): { globalStorage: string; logs: string };
  /** What the `@mxql` participant reads and does, for driving its handler with a scripted model. */
  chatDeps(): ChatDeps;
  /**
   * Speaks `language` from now on, reading the extension's own bundle as vscode.l10n does for a window
   * started in that language (undefined: VS Code's display language again), so one window exercises
   * every user-visible path in Korean and Japanese.
   */
  useLanguage(language: UiLanguage | undefined): void;
  /** The confirmation a Language Model Tool would show on the active profile (undefined: none). */
  /** The thresholds the charts draw for `category`, from the workspace's rule files as read now. */
  ruleThresholds(
    category: string,
  ): Promise<readonly { field: string; op: string; value: number; label?: string }[]>;
  toolConfirmation(
    name: string,
    input: Record<string, unknown>,
  ): Promise<{ title: string; message: string } | undefined>;
}

let ctx: Ctx | undefined;

/** VS Code's translator in VS Code's display language. */
function useVscodeTranslator(): void {
  useTranslator((message, ...args) => vscode.l10n.t(message, ...args), languageOf(vscode.env.language));
}

/** A translator over the extension's bundle of `language`, falling back to English per text as vscode.l10n does. */
function useBundle(context: vscode.ExtensionContext, language: UiLanguage): void {
  const file = context.asAbsolutePath(`l10n/bundle.l10n.${language}.json`);
  const bundle = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  useTranslator((message, ...args) => fillTemplate(bundle[message] ?? message, ...args), language);
}

/** Starts the language server; a failure is logged and running queries keeps working without it. */
function startLanguage(context: vscode.ExtensionContext, current: Ctx): void {
  try {
    current.language = startLanguageClient(context, undefined, (error) =>
      current.log.error('The MXQL language server did not start; running queries still works', error),
    );
  } catch (error) {
    current.log.error('The MXQL language server could not be created', error);
  }
}

function wireViews(current: Ctx, runner: Runner, panels: ResultsPanels): StatusBar {
  const status = current.push(new StatusBar(current));
  const history = current.push(new HistoryView(current.history));
  current.push(vscode.window.createTreeView('mxql.history', { treeDataProvider: history }));
  current.push(
    // Files only: a notebook cell runs with its own run button, into the cell.
    vscode.languages.registerCodeLensProvider(
      [
        { language: 'mxql', scheme: 'file' },
        { language: 'mxql', scheme: 'untitled' },
      ],
      new RunCodeLensProvider(current),
    ),
  );
  current.push(panels.registerSerializer());
  current.push(panels);
  current.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('mxql') || event.affectsConfiguration('http')) current.reloadConfig();
    }),
  );
  registerEmbedded(current);
  registerCommands(current, runner);
  return status;
}

function testApi(
  current: Ctx,
  runner: Runner,
  panels: ResultsPanels,
  status: StatusBar,
  chat: ChatDeps,
): MxqlTestApi {
  const context = current.extension;
  return {
    result: (runId) => current.results.snapshot(runId),
    statusText: () => status.text(),
    history: () => current.history.entries(),
    demo: () => current.demo.server(),
    restartDemo: () => current.demo.restart(),
    scriptUi: (answers) => {
      const ui = new ScriptedUi([...answers]);
      current.ui = ui;
      return ui;
    },
    restoreUi: () => {
      current.ui = vscodeUi;
    },
    runningIds: () => runner.running,
    resetSelection: () => current.profiles.clearActive(),
    hasSecret: async (key) => (await context.secrets.get(key)) !== undefined,
    panelCount: () => panels.count,
    storagePaths: () => ({ globalStorage: context.globalStorageUri.fsPath, logs: context.logUri.fsPath }),
    chatDeps: () => chat,
    useLanguage: (language) => (language ? useBundle(context, language) : useVscodeTranslator()),
    ruleThresholds: (category) => current.rules.thresholdsFor(category),
    toolConfirmation: async (name, input) => {
      const context = await toolContext(current);
      const shown = context.target ? await confirmationOf(name, input, context.target, context) : undefined;
      return shown && { title: translateText(shown.title), message: translateText(shown.message) };
    },
  };
}

export function activate(context: vscode.ExtensionContext): MxqlTestApi | undefined {
  useVscodeTranslator();
  const current = new Ctx(context);
  ctx = current;
  context.subscriptions.push(current);
  const runner = new Runner(current);
  const panels = new ResultsPanels(current, {
    rerun: (runId, limit) => runner.rerunFromPanel(runId, limit),
    cancel: (runId) => void runner.cancel(runId),
    action: async (actionId, runId) => vscode.commands.executeCommand('mxql.runErrorAction', actionId, runId),
    compare: (runId) => runner.compare({ runId }),
  });
  runner.attachPanels(panels);
  const status = wireViews(current, runner, panels);
  registerExplorer(current, runner, panels);
  registerNotebooks(current, runner, panels);
  const chat = registerAssistant(current, runner);
  startLanguage(context, current);
  if (context.extensionMode === vscode.ExtensionMode.Production) return undefined;
  return testApi(current, runner, panels, status, chat);
}

export async function deactivate(): Promise<void> {
  const current = ctx;
  ctx = undefined;
  await Promise.allSettled([current?.language?.stop(), current?.demo.stop()]);
  current?.dispose();
}
