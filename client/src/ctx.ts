// The extension's context object: it owns every disposable and every long-lived service, so that
// deactivate() is one dispose() and no module keeps state of its own in globals.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import type { RequestEvent } from '../../api/index';
import { catalogsFromFiles, type LanguageCatalogs } from '../../server/core/index';
import { DEMO_PROFILE_NAME, readConfig, type MxqlConfig } from './config';
import { englishOf } from '../../common/templateText';
import { translateText, t } from './l10n';
import { HistoryStore } from './history/historyStore';
import { WorkspaceRules } from './alerts/workspaceRules';
import { Log } from './log';
import { DemoHost } from './profiles/demoHost';
import { Profiles } from './profiles/profiles';
import { reviveChoice, type RangeChoice } from './run/timeRange';
import { ResultsModel } from './views/resultsModel';
import { vscodeUi, type Ui } from './views/ui';
import { errorText } from './errorText';
import { localTimezone } from '../../common/localZone';

const RANGE_KEY = 'mxql.range';

export class Ctx implements vscode.Disposable {
  /** The language client once started (stopped on deactivation). */
  language: BaseLanguageClient | undefined;
  /** The prompts of the extension; integration tests swap in a scripted one. */
  ui: Ui = vscodeUi;
  readonly log: Log;
  readonly demo: DemoHost;
  readonly profiles: Profiles;
  readonly history: HistoryStore;
  readonly results = new ResultsModel();
  private readonly disposables: vscode.Disposable[] = [];
  /** The workspace's event-rule files: the rule-file picker, and the thresholds charts draw. */
  readonly rules = this.push(new WorkspaceRules());
  private currentConfig: MxqlConfig;
  private readonly projectNames = new Map<string, string>();
  private readonly rangeEmitter = new vscode.EventEmitter<void>();
  /** Fires when the status bar's time range changes. */
  readonly onDidChangeRange = this.rangeEmitter.event;
  private readonly scopeEmitter = new vscode.EventEmitter<void>();
  /** Fires when a file's agent scope changes (Scope to an Agent…). */
  readonly onDidChangeScope = this.scopeEmitter.event;
  /** Listeners of every request event besides the log (tests, byte counts of runs). */
  private readonly requestTaps = new Set<(event: RequestEvent) => void>();

  constructor(readonly extension: vscode.ExtensionContext) {
    this.log = this.push(new Log());
    this.currentConfig = this.loadConfig();
    this.demo = this.push(
      new DemoHost({
        cliPath: extension.asAbsolutePath(path.join('dist', 'cli.js')),
        onStart: (server) => {
          this.log.addSecret(server.accountToken);
          for (const p of server.projects) this.log.addSecret(p.token);
          for (const p of server.projects) this.rememberProjectName(DEMO_PROFILE_NAME, p.pcode, p.name);
          this.log.info(`Demo backend listening on ${server.baseUrl} (process ${String(server.pid)})`);
        },
        onCrash: (message, stderr) => this.demoCrashed(message, stderr),
      }),
    );
    this.profiles = this.push(
      new Profiles({
        context: extension,
        log: this.log,
        demo: this.demo,
        config: () => this.currentConfig,
        onRequest: (event) => this.onRequest(event),
      }),
    );
    this.history = new HistoryStore(extension.globalState);
    this.push(this.rangeEmitter);
    this.push(this.scopeEmitter);
  }

  /** Logs a demo crash and offers a restart; the explorer shows the crash until then. */
  private demoCrashed(message: string, stderr: string): void {
    this.log.error(`${message}${stderr.trim() ? `\n${stderr.trim()}` : ''}`);
    const restart = t('Restart Demo');
    void this.ui.message('error', message, restart).then(async (choice) => {
      if (choice !== restart) return;
      try {
        await this.demo.restart();
      } catch (error) {
        void this.ui.message('error', errorText(error));
      }
    });
  }

  get config(): MxqlConfig {
    return this.currentConfig;
  }

  /** Re-reads the settings after a change; bad values are reported once and replaced by defaults. */
  reloadConfig(): void {
    this.currentConfig = this.loadConfig();
    this.profiles.invalidate();
  }

  private loadConfig(): MxqlConfig {
    const settings = vscode.workspace.getConfiguration();
    const { config, problems } = readConfig((key) => settings.get(key));
    for (const problem of problems) this.log.warn(`Settings: ${englishOf(problem)}`);
    const [first] = problems;
    if (first) {
      const text =
        problems.length > 1
          ? t('MXQL settings: {0} (+{1} more)', translateText(first), problems.length - 1)
          : t('MXQL settings: {0}', translateText(first));
      void this.ui.message('warning', text, t('Open Settings')).then((choice) => {
        if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', 'mxql');
      });
    }
    return config;
  }

  /** Remembers a project's name for labels (status bar); names are not secret. */
  rememberProjectName(profile: string, pcode: number, name: string): void {
    this.projectNames.set(`${profile}/${pcode}`, name);
    this.rangeEmitter.fire();
  }

  /** The remembered name of a project, if any. */
  projectName(profile: string, pcode: number): string | undefined {
    return this.projectNames.get(`${profile}/${pcode}`);
  }

  /** The remembered name of a project, else "Project <pcode>". */
  projectLabel(profile: string, pcode: number): string {
    return this.projectName(profile, pcode) ?? t('Project {0}', pcode);
  }

  /** Minutes east of UTC of this machine, for local times in directives and the range picker. */
  offsetMinutes(): number {
    return localTimezone(Date.now());
  }

  rangeChoice(): RangeChoice {
    return reviveChoice(this.extension.globalState.get(RANGE_KEY));
  }

  async setRangeChoice(choice: RangeChoice): Promise<void> {
    await this.extension.globalState.update(RANGE_KEY, choice);
    this.rangeEmitter.fire();
  }

  private catalogsOnce: LanguageCatalogs | undefined;

  /**
   * The category and path catalogs, read from `dist/catalog` on first use (the language server reads
   * the same files): the run prompts offer a category's columns from it and the assistant tools read it.
   */
  get catalogs(): LanguageCatalogs {
    this.catalogsOnce ??= catalogsFromFiles(
      (file) => readFileSync(this.extension.asAbsolutePath(path.join('dist', 'catalog', file)), 'utf8'),
      (file, error) => this.log.warn(`MXQL catalog ${file} could not be read: ${String(error)}`),
    );
    return this.catalogsOnce;
  }

  /** Tells the CodeLens that a file's agent scope changed. */
  fireScopeChanged(): void {
    this.scopeEmitter.fire();
  }

  /** Subscribes to request events; returns the disposable that unsubscribes. */
  tapRequests(listener: (event: RequestEvent) => void): vscode.Disposable {
    this.requestTaps.add(listener);
    return { dispose: () => void this.requestTaps.delete(listener) };
  }

  private onRequest(event: RequestEvent): void {
    this.log.request(event);
    for (const tap of this.requestTaps) tap(event);
  }

  /** Takes ownership of a disposable; it is disposed with the context, newest first. */
  push<T extends vscode.Disposable>(disposable: T): T {
    this.disposables.push(disposable);
    return disposable;
  }

  dispose(): void {
    for (const d of this.disposables.splice(0).reverse()) {
      try {
        d.dispose();
      } catch (error) {
        console.error('MXQL: dispose failed', error);
      }
    }
  }
}
