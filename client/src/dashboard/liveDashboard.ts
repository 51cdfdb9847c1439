// The live dashboard of one project: a webview of the all-in-one spot values with sparklines,
// refreshed every few seconds while the panel is visible (hidden panels do not poll). One panel per
// project; opening it again reveals it. The extension keeps the history, so a reloaded page
// gets everything back with the next message.
import * as vscode from 'vscode';
import {
  DASHBOARD_PROTOCOL_VERSION as v,
  DASHBOARD_TEXTS,
  parseDashboardToExtension,
  type ExtensionToDashboard,
} from '../../../common/dashboardMessages';
import { liveValues, type LiveValue, type ProjectInfo } from '../explorer/explorerData';
import type { Ctx } from '../ctx';
import { addToHistory } from './dashboardHistory';
import { dashboardHtml } from './dashboardHtml';
import { translateTexts } from '../../../common/l10n';
import { errorText } from '../errorText';
import { translateText, t } from '../l10n';
import { createPanel, PanelHost, writePage, type PanelsByKey } from '../views/webviewPanel';

/** Milliseconds between refreshes of a visible dashboard. */
export const DASHBOARD_REFRESH_MS = 5000;

/** A live value with its label in the user's language. */
export type SaidLiveValue = Omit<LiveValue, 'label'> & { readonly label: string };

/** What the command resolves to once the first refresh is done. */
export interface DashboardOutcome {
  readonly title: string;
  readonly values?: readonly SaidLiveValue[];
  readonly error?: string;
}

export class LiveDashboard extends PanelHost<ExtensionToDashboard> {
  private readonly history = new Map<string, number[]>();
  private last: ExtensionToDashboard | undefined;
  private timer: NodeJS.Timeout | undefined;
  readonly title: string;

  constructor(
    ctx: Ctx,
    private readonly profile: string,
    private readonly project: ProjectInfo,
    panel: vscode.WebviewPanel,
    onDispose: () => void,
  ) {
    super(ctx, panel, 'Dashboard', onDispose);
    this.title = t('Live: {0}', project.name);
    const texts = translateTexts(DASHBOARD_TEXTS, t);
    writePage(ctx, panel, (page) => dashboardHtml(page, 'dashboard', this.title, texts));
    this.subscriptions.push(panel.onDidChangeViewState(() => this.schedule()));
    this.schedule();
  }

  /** Fetches the spot values once and sends them; resolves with what was shown. */
  async refresh(): Promise<DashboardOutcome> {
    try {
      const target = await this.ctx.profiles.target({ profile: this.profile, pcode: this.project.pcode });
      const spot = await target.client.spot(undefined, { pcode: this.project.pcode });
      const values = liveValues(spot).map((value) => ({ ...value, label: translateText(value.label) }));
      const fields = addToHistory(this.history, values);
      this.post({ type: 'values', v, title: this.title, updatedAt: Date.now(), fields });
      return { title: this.title, values };
    } catch (error) {
      const message = this.ctx.log.redact(errorText(error));
      this.post({ type: 'error', v, message });
      return { title: this.title, error: message };
    }
  }

  protected override post(message: ExtensionToDashboard): void {
    this.last = message.type === 'values' ? message : this.last;
    super.post(message);
  }

  protected receive(data: unknown): void {
    const message = parseDashboardToExtension(data);
    if (!message) return;
    if (message.type === 'ready' && this.last) this.post(this.last);
    else void this.refresh();
  }

  /** Polls only while the panel is visible. */
  private schedule(): void {
    if (this.panel.visible && !this.timer) {
      this.timer = setInterval(() => void this.refresh(), DASHBOARD_REFRESH_MS);
    } else if (!this.panel.visible && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  override dispose(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    super.dispose();
  }
}

/** Opens (or reveals) the dashboard of a project and resolves after its first refresh. */
export async function openDashboard(
  ctx: Ctx,
  dashboards: PanelsByKey<LiveDashboard>,
  profile: string,
  project: ProjectInfo,
): Promise<DashboardOutcome> {
  const key = `${profile}/${project.pcode}`;
  const dashboard =
    dashboards.reveal(key) ??
    dashboards.open(key, (closed) => {
      const panel = createPanel(ctx, 'mxql.dashboard', t('MXQL Live: {0}', project.name), {
        viewColumn: vscode.ViewColumn.Active,
        preserveFocus: false,
      });
      return new LiveDashboard(ctx, profile, project, panel, closed);
    });
  return dashboard.refresh();
}
