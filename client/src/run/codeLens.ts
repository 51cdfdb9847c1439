// A CodeLens above each query of an .mxql file: `▶ Run · 1h · Demo / Project A`. The range and target
// in the title say where the query would go before it is sent. Where the queries are is the core's
// `queryRanges` (server/core/queries/queries.ts), the same definition Run Query at Cursor uses. A query
// whose agent filters are left unbound (the core's paramNeeds: optional) also gets `All agents` (or the
// agent the file is scoped to), which opens Scope to an Agent….
import * as vscode from 'vscode';
import {
  paramNeeds,
  parseDirectives,
  parsedText,
  queryAt,
  queryRanges,
  type QueryAt,
  type QuerySource,
} from '../../../server/core/index';
import { agentScopeLabel } from './agentScope';
import type { Ctx } from '../ctx';
import { t } from '../l10n';
import { choiceLabel } from './timeRange';
import { localTimezone } from '../../../common/localZone';

export class RunCodeLensProvider implements vscode.CodeLensProvider {
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changeEmitter.event;

  constructor(protected readonly ctx: Ctx) {
    ctx.push(this.changeEmitter);
    ctx.push(ctx.profiles.onDidChange(() => this.changeEmitter.fire()));
    ctx.push(ctx.onDidChangeRange(() => this.changeEmitter.fire()));
    ctx.push(ctx.onDidChangeScope(() => this.changeEmitter.fire()));
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!this.ctx.config.codeLens) return [];
    const text = document.getText();
    const source = parsedText(text);
    const ranges = queryRanges(source);
    if (ranges.length === 0) return [];
    const uri = document.uri.toString();
    const title = runLensTitle(this.ctx, text);
    return ranges.flatMap((range) => {
      const position = document.positionAt(range.start);
      const at = new vscode.Range(position, position);
      const run = new vscode.CodeLens(at, {
        title,
        command: 'mxql.runQueryAtCursor',
        arguments: [{ uri, offset: range.start }],
        tooltip: t('Run this query (Ctrl+Enter)'),
      });
      const query = queryAt(source, range.start);
      return query && hasOptionalAgentFilters(source, query) ? [run, scopeLens(this.ctx, at, uri)] : [run];
    });
  }
}

/** `$(play) Run · 1h · Demo / 10458`: where the query in `text` would go, before it is sent. */
export function runLensTitle(ctx: Ctx, text: string): string {
  return `$(play) ${t('Run')} · ${rangeLabel(ctx, text)} · ${targetLabel(ctx)}`;
}

/** True when the query's agent filters may stay unbound (the core's paramNeeds: optional). */
export function hasOptionalAgentFilters(source: QuerySource, query: QueryAt): boolean {
  return paramNeeds(source, query).some((n) => n.optional);
}

/** `All agents` (or the file's agent), for above a query whose agent filters are left unbound. */
export function scopeLens(ctx: Ctx, at: vscode.Range, uri: string): vscode.CodeLens {
  const scope = agentScopeLabel(ctx.extension.workspaceState, uri);
  return new vscode.CodeLens(at, {
    title: `$(server) ${scope ?? t('All agents')}`,
    command: 'mxql.scopeToAgent',
    arguments: [{ uri }],
    tooltip: t(
      'Scope to an Agent…: the agent filters of this file are optional; unbound, every agent is read.',
    ),
  });
}

function rangeLabel(ctx: Ctx, text: string): string {
  const d = parseDirectives(text, { timezoneOffsetMinutes: localTimezone });
  if (d.stime !== undefined && d.etime !== undefined) return '@stime..@etime';
  return d.range?.raw ?? choiceLabel(ctx.rangeChoice(), ctx.offsetMinutes());
}

function targetLabel(ctx: Ctx): string {
  const active = ctx.profiles.active();
  if (!active) return t('no profile');
  return active.pcode === undefined ? active.profile : `${active.profile} / ${active.pcode}`;
}
