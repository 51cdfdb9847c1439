// A CodeLens above each query of an .mxql file: `▶ Run · 1h · Demo / Project A`. The range and target
// in the title say where the query would go before it is sent. Where the queries are is the core's
// `queryRanges` (server/core/features/queries.ts), the same definition Run Query at Cursor uses.
import * as vscode from 'vscode';
import { parseDirectives, parsedText, queryRanges } from '../../../server/core/index';
import type { Ctx } from '../ctx';
import { t } from '../l10n';
import { choiceLabel } from './timeRange';

export class RunCodeLensProvider implements vscode.CodeLensProvider {
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changeEmitter.event;

  constructor(private readonly ctx: Ctx) {
    ctx.push(this.changeEmitter);
    ctx.push(ctx.profiles.onDidChange(() => this.changeEmitter.fire()));
    ctx.push(ctx.onDidChangeRange(() => this.changeEmitter.fire()));
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!this.ctx.config.codeLens) return [];
    const text = document.getText();
    const ranges = queryRanges(parsedText(text));
    if (ranges.length === 0) return [];
    const title = `$(play) ${t('Run')} · ${this.rangeLabel(text)} · ${this.targetLabel()}`;
    return ranges.map((range) => {
      const position = document.positionAt(range.start);
      return new vscode.CodeLens(new vscode.Range(position, position), {
        title,
        command: 'mxql.runQueryAtCursor',
        arguments: [{ uri: document.uri.toString(), offset: range.start }],
        tooltip: t('Run this query (Ctrl+Enter)'),
      });
    });
  }

  private rangeLabel(text: string): string {
    const d = parseDirectives(text, { timezoneOffsetMinutes: this.ctx.offsetMinutes() });
    if (d.stime !== undefined && d.etime !== undefined) return '@stime..@etime';
    return d.range?.raw ?? choiceLabel(this.ctx.rangeChoice(), this.ctx.offsetMinutes());
  }

  private targetLabel(): string {
    const active = this.ctx.profiles.active();
    if (!active) return t('no profile');
    return active.pcode === undefined ? active.profile : `${active.profile} / ${active.pcode}`;
  }
}
