// Two status bar items shown while an MXQL editor is active: the target (`Demo · Project A · 1h`,
// click to switch profile or project) and the time range with its zone (click to pick a range). The
// range is the one the next run of the active file uses: the file's @range/@stime–@etime when it has
// them (read by the core's directive parser, resolved by the runner's own resolveRange), else the picker's.
import * as vscode from 'vscode';
import { parseDirectives } from '../../../server/core/index';
import type { Ctx } from '../ctx';
import { formatZone, resolveRange } from '../run/timeRange';
import { t } from '../l10n';

/** Re-reading the directives waits for a pause in typing. */
const EDIT_DELAY_MS = 300;

export class StatusBar implements vscode.Disposable {
  private readonly target: vscode.StatusBarItem;
  private readonly range: vscode.StatusBarItem;

  constructor(private readonly ctx: Ctx) {
    this.target = vscode.window.createStatusBarItem('mxql.target', vscode.StatusBarAlignment.Left, 50);
    this.target.name = 'MXQL Target';
    this.target.command = 'mxql.switchProfile';
    this.range = vscode.window.createStatusBarItem('mxql.range', vscode.StatusBarAlignment.Left, 49);
    this.range.name = 'MXQL Time Range';
    this.range.command = 'mxql.pickTimeRange';
    ctx.push(ctx.profiles.onDidChange(() => this.refresh()));
    ctx.push(ctx.onDidChangeRange(() => this.refresh()));
    ctx.push(vscode.window.onDidChangeActiveTextEditor(() => this.refresh()));
    ctx.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document !== vscode.window.activeTextEditor?.document) return;
        clearTimeout(this.editTimer);
        this.editTimer = setTimeout(() => this.refresh(), EDIT_DELAY_MS);
      }),
    );
    this.refresh();
  }

  private editTimer: NodeJS.Timeout | undefined;

  /** The range the next run of the active file uses, and whether the file's directives set it. */
  private nextRange(): { label: string; fromFile: boolean } {
    const offset = this.ctx.offsetMinutes();
    const document = vscode.window.activeTextEditor?.document;
    const directives =
      document?.languageId === 'mxql'
        ? parseDirectives(document.getText(), { timezoneOffsetMinutes: offset })
        : {};
    const range = resolveRange(this.ctx.rangeChoice(), directives, Date.now(), offset);
    return { label: range.label, fromFile: range.source === 'directive' };
  }

  /** The target item's text without icons, e.g. `Demo · Project A · 1h`. */
  text(): string {
    const active = this.ctx.profiles.active();
    const range = this.nextRange().label;
    if (!active) return t('No profile · {0}', range);
    const project =
      active.pcode === undefined
        ? t('default project')
        : (this.ctx.projectName(active.profile, active.pcode) ?? t('pcode {0}', active.pcode));
    return `${active.profile} · ${project} · ${range}`;
  }

  refresh(): void {
    const zone = formatZone(this.ctx.offsetMinutes());
    this.target.text = `$(database) ${this.text()}`;
    this.target.tooltip = t('MXQL: profile · project · time range. Click to switch profile or project.');
    const range = this.nextRange();
    this.range.text = `$(clock) ${range.label} ${zone}`;
    this.range.tooltip = range.fromFile
      ? t(
          "MXQL time range from this file's directives, times in {0}. Click to set the range for files without one.",
          zone,
        )
      : t('MXQL time range, times in {0}. Click to change it.', zone);
    const editor = vscode.window.activeTextEditor;
    if (editor?.document.languageId === 'mxql') {
      this.target.show();
      this.range.show();
    } else {
      this.target.hide();
      this.range.hide();
    }
  }

  dispose(): void {
    clearTimeout(this.editTimer);
    this.target.dispose();
    this.range.dispose();
  }
}
