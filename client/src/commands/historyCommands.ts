// History commands: re-run an entry, open its query, clear, and a quick pick over past runs.
import * as vscode from 'vscode';
import type { Ctx } from '../ctx';
import { historyRangeLabel, type HistoryEntry } from '../history/historyStore';
import { localTimezone } from '../../../common/localZone';
import type { Runner, RunOutcome } from '../run/runner';
import type { PickItem } from '../views/ui';
import { t } from '../l10n';

function entryOf(ctx: Ctx, arg: unknown): HistoryEntry | undefined {
  if (typeof arg === 'string') return ctx.history.find(arg);
  if (typeof arg === 'object' && arg !== null && typeof (arg as { id?: unknown }).id === 'string') {
    return ctx.history.find((arg as { id: string }).id);
  }
  return undefined;
}

async function pickEntry(ctx: Ctx): Promise<HistoryEntry | undefined> {
  const outcome = (e: HistoryEntry) => (e.status === 'done' ? t('{0} rows', e.rows) : e.status);
  const items: PickItem<HistoryEntry>[] = ctx.history.entries().map((e) => ({
    label: e.title,
    description: `${outcome(e)} · ${historyRangeLabel(e, localTimezone)} · ${e.profile}`,
    detail: new Date(e.time).toLocaleString(),
    value: e,
  }));
  if (items.length === 0) {
    void ctx.ui.message('info', t('MXQL: no runs yet.'));
    return undefined;
  }
  return (await ctx.ui.quickPick(items, { title: t('MXQL run history'), matchOnDetail: true }))?.value;
}

/** mxql.history.rerun: runs an entry again (argument: the entry or its id; else a pick). */
export async function rerunHistory(ctx: Ctx, runner: Runner, arg?: unknown): Promise<RunOutcome> {
  const entry = entryOf(ctx, arg) ?? (await pickEntry(ctx));
  if (!entry) return { status: 'skipped', message: t('no history entry') };
  return runner.rerunEntry(entry);
}

/** mxql.history.openQuery: opens the entry's file, or its query text in an untitled editor. */
export async function openHistoryQuery(ctx: Ctx, arg?: unknown): Promise<void> {
  const entry = entryOf(ctx, arg) ?? (await pickEntry(ctx));
  if (!entry) return;
  if (entry.uri) {
    try {
      await vscode.window.showTextDocument(vscode.Uri.parse(entry.uri), { preview: true });
      return;
    } catch {
      ctx.log.warn(`History: ${entry.uri} is gone; opening the stored query instead.`);
    }
  }
  const document = await vscode.workspace.openTextDocument({ language: 'mxql', content: entry.query });
  await vscode.window.showTextDocument(document, { preview: true });
}

/** mxql.history.show: a quick pick over past runs; the chosen one is re-run. */
export async function showHistory(ctx: Ctx, runner: Runner): Promise<RunOutcome> {
  const entry = await pickEntry(ctx);
  if (!entry) return { status: 'skipped' };
  return runner.rerunEntry(entry);
}
