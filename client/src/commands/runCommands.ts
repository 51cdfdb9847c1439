// Handlers of the run commands. Each finds the document (argument, else the active MXQL editor),
// cuts out what to send and hands it to the Runner. Argument objects (from CodeLens, the editor title
// button, history or tests) may carry `params`/`injects` to skip the prompts.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  createPathCatalog,
  parseDirectives,
  parsedText,
  queryAt,
  type PathCatalog,
} from '../../../server/core/index';
import type { Ctx } from '../ctx';
import type { Runner, RunOptions, RunOutcome, RunSource } from '../run/runner';
import type { PickItem } from '../views/ui';
import { agentScopeLabel, pickAgentScope, setAgentScope } from '../run/agentScope';
import { errorText } from '../errorText';
import { t } from '../l10n';
import { boardOfEmbedded, runEmbeddedQuery } from '../embedded/embeddedRun';
import { isJsonDocument } from '../embedded/jsonDocuments';

/** Arguments the run commands accept besides a bare Uri (what the editor title button passes). */
export interface RunArgs extends RunOptions {
  readonly uri?: string;
  /** For Run Query at Cursor: the offset of the query (the CodeLens passes the block's start). */
  readonly offset?: number;
  /** For Run Predefined Path: the path to run. */
  readonly path?: string;
}

function asArgs(arg: unknown): RunArgs {
  if (arg instanceof vscode.Uri) return { uri: arg.toString() };
  if (typeof arg !== 'object' || arg === null) return {};
  return arg;
}

function optionsOf(args: RunArgs): RunOptions {
  return {
    ...(args.params ? { params: args.params } : {}),
    ...(args.injects ? { injects: args.injects } : {}),
  };
}

async function documentFor(args: RunArgs): Promise<vscode.TextDocument | undefined> {
  if (args.uri) return vscode.workspace.openTextDocument(vscode.Uri.parse(args.uri));
  const editor = vscode.window.activeTextEditor;
  return editor?.document.languageId === 'mxql' ? editor.document : undefined;
}

function titleOf(document: vscode.TextDocument, fileText: string): string {
  return parseDirectives(fileText).name ?? path.basename(document.uri.path);
}

function noDocument(ctx: Ctx): RunOutcome {
  void ctx.ui.message('info', t('MXQL: open an .mxql file to run it.'));
  return { status: 'skipped', message: t('no MXQL document') };
}

function source(document: vscode.TextDocument, queryText: string): RunSource {
  const fileText = document.getText();
  const board = boardOfEmbedded(document);
  return {
    title: titleOf(document, fileText),
    fileText,
    queryText,
    uri: document.uri.toString(),
    ...(board ? { board } : {}),
  };
}

/** mxql.runFile: the whole file. */
export async function runFile(ctx: Ctx, runner: Runner, arg?: unknown): Promise<RunOutcome> {
  const args = asArgs(arg);
  const document = await documentFor(args);
  if (!document) return noDocument(ctx);
  return runner.run(source(document, document.getText()), optionsOf(args));
}

/** mxql.runSelection: the selected text (the query at the cursor when nothing is selected). */
export async function runSelection(ctx: Ctx, runner: Runner, arg?: unknown): Promise<RunOutcome> {
  const args = asArgs(arg);
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'mxql') return noDocument(ctx);
  const selected = editor.selections.map((s) => editor.document.getText(s)).join('\n');
  if (selected.trim() === '') return runQueryAtCursor(ctx, runner, args);
  return runner.run(source(editor.document, selected), optionsOf(args));
}

/** mxql.runQueryAtCursor: the query around the cursor, as the core defines it (server/core/queries/queries.ts). */
export async function runQueryAtCursor(ctx: Ctx, runner: Runner, arg?: unknown): Promise<RunOutcome> {
  const args = asArgs(arg);
  const editor = vscode.window.activeTextEditor;
  // In a dashboard, the query is the MXQL string at the cursor (client/src/embedded/).
  const json =
    args.uri === undefined && editor && isJsonDocument(editor.document) ? editor.document : undefined;
  const document = json ?? (await documentFor(args));
  if (!document) return noDocument(ctx);
  const offset =
    args.offset ?? (editor?.document === document ? document.offsetAt(editor.selection.active) : 0);
  if (isJsonDocument(document)) return runEmbeddedQuery(ctx, runner, document, offset, optionsOf(args));
  const query = queryAt(parsedText(document.getText()), offset);
  if (!query) {
    void ctx.ui.message('info', t('MXQL: there is no query here (only comments or blank lines).'));
    return { status: 'skipped', message: t('no query at the cursor') };
  }
  return runner.run(source(document, query.text), optionsOf(args));
}

let pathCatalog: PathCatalog | undefined;

function catalog(ctx: Ctx): PathCatalog {
  pathCatalog ??= createPathCatalog(() => {
    const file = vscode.Uri.joinPath(ctx.extension.extensionUri, 'dist', 'catalog', 'paths.json');
    // Read once, on the first use of the command; the catalog reports a broken file as a load error.
    return JSON.parse(readFileSync(file.fsPath, 'utf8')) as ReturnType<
      Parameters<typeof createPathCatalog>[0]
    >;
  });
  return pathCatalog;
}

async function askPath(ctx: Ctx): Promise<string | undefined> {
  const paths = catalog(ctx).predefinedPaths();
  const typed: PickItem<string> = { label: t('$(edit) Enter a path…'), value: '' };
  const items: PickItem<string>[] = [typed, ...paths.map((p) => ({ label: p, value: p }))];
  const picked = await ctx.ui.quickPick(items, {
    title: t('Run predefined MXQL path'),
    placeHolder: t('Type to filter'),
  });
  if (!picked) return undefined;
  if (picked !== typed) return picked.value;
  return ctx.ui.inputBox({
    title: t('Predefined MXQL path'),
    prompt: t('A slash-separated path such as /app/act_tx/act_tx_oid'),
    validateInput: (text) =>
      /^\/[\w./-]+$/.test(text.trim()) ? undefined : t('A path starts with / and has no spaces.'),
  });
}

/** mxql.runPredefinedPath: a path of the catalog or a typed one, against /mxql/path. */
export async function runPredefinedPath(ctx: Ctx, runner: Runner, arg?: unknown): Promise<RunOutcome> {
  const args = asArgs(arg);
  const chosen = args.path ?? (await askPath(ctx));
  if (!chosen) return { status: 'skipped', message: t('no path chosen') };
  const mqlPath = chosen.trim();
  const src: RunSource = { title: mqlPath, fileText: '', queryText: '', path: mqlPath };
  return runner.run(src, optionsOf(args));
}

/**
 * Scope to an Agent…: which agent the file's agent filters (`OIDSET {oid:$oid, …}` left unbound) read on
 * its next runs. "All agents" clears the scope. Resolves to the agent's name, null for all agents, or
 * undefined when dismissed or the agents could not be listed (the user is told why).
 */
export async function scopeToAgent(ctx: Ctx, arg: unknown): Promise<string | null | undefined> {
  const args = asArgs(arg);
  const document = await documentFor(args);
  if (!document) {
    noDocument(ctx);
    return undefined;
  }
  const selection = ctx.profiles.active();
  if (!selection) {
    void ctx.ui.message(
      'info',
      t('MXQL: choose a profile first (Switch Profile/Project…), then scope to one of its agents.'),
    );
    return undefined;
  }
  const key = document.uri.toString();
  const state = ctx.extension.workspaceState;
  try {
    const target = await ctx.profiles.target(selection);
    const agent = await pickAgentScope(ctx.ui, target, Date.now(), agentScopeLabel(state, key));
    if (agent === undefined) return undefined;
    await setAgentScope(state, key, agent ?? undefined);
    ctx.fireScopeChanged();
    return agent ? agent.oname : null;
  } catch (error) {
    ctx.log.warn(`Could not list the agents to scope ${key}: ${errorText(error)}`);
    void ctx.ui.message('error', t("MXQL: could not list the project's agents: {0}", errorText(error)));
    return undefined;
  }
}
