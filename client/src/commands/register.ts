// Registers every command of the table with its handler. Each handler is wrapped: a failure is logged
// (redacted), shown as an error with "Show Log", and resolves to undefined, so no command can crash
// the extension host or leave an unhandled rejection.
import * as vscode from 'vscode';
import { DEMO_PROFILE_NAME } from '../config';
import type { Ctx } from '../ctx';
import * as profiles from '../profiles/profileCommands';
import { pickTimeRange } from '../run/rangePicker';
import type { Runner } from '../run/runner';
import type { CompareArgs } from '../run/compareResult';
import { isBaseline } from '../../../server/core/index';
import { presetMs, reviveChoice, RANGE_PRESETS, type RangePreset } from '../run/timeRange';
import { explorerHandlers } from '../explorer/registerExplorer';
import { notebookHandlers } from '../notebook/registerNotebooks';
import { openHistoryQuery, rerunHistory, showHistory } from './historyCommands';
import { applyChatFix } from '../assistant/registerAssistant';
import { runFile, runPredefinedPath, runQueryAtCursor, runSelection, scopeToAgent } from './runCommands';
import { commandIds, type CommandId } from './table';
import { draftAlert } from '../alerts/draftAlert';
import { BoardPreviews } from '../dashboard/boardPreview';
import { trackDashboardEditors } from '../dashboard/dashboardEditorContext';
import { editEmbeddedQuery } from '../embedded/embeddedQueryFs';
import { t } from '../l10n';
import { errorText } from '../errorText';

type Handler = (...args: unknown[]) => unknown;

const EXAMPLE = `-- @name TPS per agent (example)
-- @range 1h
-- Press Ctrl+Enter (Cmd+Enter on macOS) to run this query.
CATEGORY app_counter
TAGLOAD
SELECT [time, oid, oname, tps]
`;

function guarded(ctx: Ctx, id: CommandId, handler: Handler): Handler {
  return async (...args: unknown[]) => {
    try {
      return await handler(...args);
    } catch (error) {
      ctx.log.error(`${id} failed`, error);
      const text = ctx.log.redact(errorText(error));
      void ctx.ui.message('error', t('MXQL: {0}', text), t('Show Log')).then((choice) => {
        if (choice) ctx.log.show();
      });
      return undefined;
    }
  };
}

/** mxql.pickTimeRange: a preset (`'15m'`) or a range object as argument, else the picker. */
async function setRange(ctx: Ctx, arg: unknown): Promise<unknown> {
  if (typeof arg === 'string' && (RANGE_PRESETS as readonly string[]).includes(arg)) {
    const choice = { kind: 'relative', ms: presetMs(arg as RangePreset) } as const;
    await ctx.setRangeChoice(choice);
    return choice;
  }
  if (typeof arg === 'object' && arg !== null) {
    const choice = reviveChoice(arg);
    await ctx.setRangeChoice(choice);
    return choice;
  }
  return pickTimeRange(ctx);
}

/** Set Token on a failed run: straight to the token of the run's profile and project, no questions but the token. */
async function setTokenAfterError(ctx: Ctx, runId: unknown): Promise<boolean | undefined> {
  const entry = typeof runId === 'string' ? ctx.history.find(runId) : undefined;
  const failed = entry ?? ctx.profiles.active();
  if (!failed || failed.profile === DEMO_PROFILE_NAME) {
    void ctx.ui.message(
      'info',
      t('MXQL: the Demo profile needs no token. Add a profile for your own service.'),
    );
    return undefined;
  }
  const pcode = failed.pcode ?? ctx.profiles.setting(failed.profile)?.defaultPcode;
  return profiles.setProjectToken(ctx, {
    profile: failed.profile,
    ...(pcode !== undefined ? { pcode } : {}),
  });
}

async function errorAction(ctx: Ctx, runner: Runner, actionId: unknown, runId: unknown): Promise<unknown> {
  if (actionId === 'showLog') return ctx.log.show();
  if (actionId === 'openSettings')
    return vscode.commands.executeCommand('workbench.action.openSettings', 'mxql');
  if (actionId === 'rerun') {
    const entry = typeof runId === 'string' ? ctx.history.find(runId) : undefined;
    return entry ? runner.rerunEntry(entry) : runner.rerunLast();
  }
  if (actionId === 'setToken') return setTokenAfterError(ctx, runId);
  return undefined;
}

async function useDemo(ctx: Ctx): Promise<boolean> {
  const server = await ctx.demo.server();
  const pcode = server.projects[0]?.pcode;
  await ctx.profiles.setActive({ profile: DEMO_PROFILE_NAME, ...(pcode !== undefined ? { pcode } : {}) });
  return true;
}

async function openExample(): Promise<void> {
  const document = await vscode.workspace.openTextDocument({ language: 'mxql', content: EXAMPLE });
  await vscode.window.showTextDocument(document);
}

/** mxql.compareResult's argument: `{ runId?, baseline? }` (tests and the panel), else nothing. */
function compareArgs(arg: unknown): CompareArgs {
  if (typeof arg !== 'object' || arg === null) return {};
  const { runId, baseline } = arg as Record<string, unknown>;
  return {
    ...(typeof runId === 'string' ? { runId } : {}),
    ...(typeof baseline === 'string' && isBaseline(baseline) ? { baseline } : {}),
  };
}

function handlers(ctx: Ctx, runner: Runner): Record<CommandId, Handler> {
  return {
    'mxql.runFile': (arg) => runFile(ctx, runner, arg),
    'mxql.runSelection': (arg) => runSelection(ctx, runner, arg),
    'mxql.runQueryAtCursor': (arg) => runQueryAtCursor(ctx, runner, arg),
    'mxql.draftAlertRule': (arg) => draftAlert(ctx, runner, arg),
    'mxql.runPredefinedPath': (arg) => runPredefinedPath(ctx, runner, arg),
    'mxql.rerunLast': () => runner.rerunLast(),
    'mxql.compareResult': (arg) => runner.compare(compareArgs(arg)),
    'mxql.scopeToAgent': (arg) => scopeToAgent(ctx, arg),
    'mxql.editEmbeddedQuery': (arg) => editEmbeddedQuery(ctx, arg),
    'mxql.applyChatFix': (uri, version, fixed) => applyChatFix(uri, version, fixed),
    'mxql.cancelRun': (runId) => runner.cancel(typeof runId === 'string' ? runId : undefined),
    'mxql.pickTimeRange': (arg) => setRange(ctx, arg),
    'mxql.addProfile': (arg) => profiles.addProfile(ctx, arg as profiles.AddProfileArgs | undefined),
    'mxql.setAccountToken': (arg) => profiles.setAccountToken(ctx, arg as { profile: string; token: string }),
    'mxql.setProjectToken': (arg) =>
      profiles.setProjectToken(ctx, arg as { profile: string; pcode: number; token: string }),
    'mxql.removeProfile': (arg) => profiles.removeProfile(ctx, arg as { name: string } | undefined),
    'mxql.switchProfile': (arg) => profiles.switchProfile(ctx, arg as { profile: string; pcode?: number }),
    'mxql.useDemo': () => useDemo(ctx),
    'mxql.openExample': () => openExample(),
    'mxql.showLog': () => ctx.log.show(),
    'mxql.runErrorAction': (actionId, runId) => errorAction(ctx, runner, actionId, runId),
    'mxql.history.rerun': (arg) => rerunHistory(ctx, runner, arg),
    'mxql.history.openQuery': (arg) => openHistoryQuery(ctx, arg),
    'mxql.history.clear': () => ctx.history.clear(),
    'mxql.history.show': () => showHistory(ctx, runner),
    ...explorerHandlers(ctx),
    ...notebookHandlers(ctx),
    ...boardHandlers(ctx),
  };
}

function boardHandlers(ctx: Ctx): Record<'mxql.previewDashboard', Handler> {
  const previews = ctx.push(new BoardPreviews(ctx));
  ctx.push(trackDashboardEditors());
  return { 'mxql.previewDashboard': (arg) => previews.open(arg) };
}

/** Registers every command of the table; the disposables belong to `ctx`. */
export function registerCommands(ctx: Ctx, runner: Runner): void {
  const table = handlers(ctx, runner);
  for (const id of commandIds) {
    ctx.push(vscode.commands.registerCommand(id, guarded(ctx, id, table[id])));
  }
}
