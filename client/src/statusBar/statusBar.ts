// Two status bar items shown while an MXQL editor is active: the target (`Demo · Project A · 1h`,
// click to switch profile or project) and the time range with its zone (click to pick a range).
import * as vscode from 'vscode';
import type { Ctx } from '../ctx';
import { choiceLabel, formatZone } from '../run/timeRange';

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
    this.refresh();
  }

  /** The target item's text without icons, e.g. `Demo · Project A · 1h`. */
  text(): string {
    const active = this.ctx.profiles.active();
    const range = choiceLabel(this.ctx.rangeChoice(), this.ctx.offsetMinutes());
    if (!active) return `No profile · ${range}`;
    const project =
      active.pcode === undefined
        ? 'default project'
        : (this.ctx.projectName(active.profile, active.pcode) ?? `pcode ${active.pcode}`);
    return `${active.profile} · ${project} · ${range}`;
  }

  refresh(): void {
    const zone = formatZone(this.ctx.offsetMinutes());
    this.target.text = `$(database) ${this.text()}`;
    this.target.tooltip = 'MXQL: profile · project · time range. Click to switch profile or project.';
    this.range.text = `$(clock) ${choiceLabel(this.ctx.rangeChoice(), this.ctx.offsetMinutes())} ${zone}`;
    this.range.tooltip = `MXQL time range, times in ${zone}. Click to change it.`;
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
    this.target.dispose();
    this.range.dispose();
  }
}
