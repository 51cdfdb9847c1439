// `@mxql` in VS Code's chat, on the user's own chat model (vscode.lm): `/query` turns a need in words into
// a query that passed the check (repaired with the check's findings when it did not) and was dry-run on
// the demo, opens it in a new editor and runs it on the active profile, rows in the results panel;
// `/explain` explains the query at the cursor step by step; `/fix` proposes the file's repairs as a diff to
// accept; `/investigate` plans checked queries for a symptom, compares each with the window before and
// writes the findings as a notebook (chatInvestigate.ts). Every query shown has passed the check. The tools it calls are the toolset's (assistant/).
import * as vscode from 'vscode';
import type { ToolResult } from '../../../assistant/toolset';
import { t } from '../l10n';
import { investigate, type InvestigateDeps } from './chatInvestigate';
import { explainPrompt, queryFrom, queryPrompt, repairPrompt } from './chatPrompts';

/** How many times a query that fails the check is sent back to the model with the findings. */
const REPAIRS = 2;

/** What the participant needs from the extension; the integration tests drive it with a scripted model. */
export interface ChatDeps {
  /** The display language's code (en, ko, ja): the model answers in it. */
  readonly language: string;
  /** Runs a tool of the toolset on the active profile, or on the demo for a dry run. */
  invoke(
    name: string,
    input: Record<string, unknown>,
    signal: AbortSignal,
    onDemo?: boolean,
  ): Promise<ToolResult>;
  /** The query at the cursor of the active MXQL editor. */
  activeQuery(): string | undefined;
  /** The active MXQL document. */
  activeDocument(): vscode.TextDocument | undefined;
  /** Opens `mql` in a new editor and runs it on the active profile; the rows go to the results panel. */
  openAndRun(mql: string): Promise<{ status: string; rows?: number; message?: string }>;
  /** Shows a proposed text of `document` as a diff; resolves to the command that applies it. */
  proposeFix(document: vscode.TextDocument, fixed: string): Promise<vscode.Command>;
  /** What `/investigate` plans with, runs on and writes to. */
  readonly investigation: InvestigateDeps;
}

/** The part of a chat response stream the participant writes to. */
export type ChatStream = Pick<vscode.ChatResponseStream, 'markdown' | 'progress' | 'button'>;

/** One slash command of the participant. */
type ChatCommand = (
  deps: ChatDeps,
  request: Pick<vscode.ChatRequest, 'prompt' | 'model'>,
  stream: ChatStream,
  token: vscode.CancellationToken,
) => Promise<vscode.ChatResult>;

type Model = Pick<vscode.LanguageModelChat, 'sendRequest'>;

interface Diagnostic {
  readonly line: number;
  readonly column: number;
  readonly severity: string;
  readonly code: string;
  readonly message: string;
  readonly fixes?: readonly {
    readonly title: string;
    readonly edits: readonly {
      line: number;
      column: number;
      endLine: number;
      endColumn: number;
      newText: string;
    }[];
  }[];
}

function diagnosticsOf(check: ToolResult): Diagnostic[] {
  const list = (check.structured as { diagnostics?: unknown }).diagnostics;
  return Array.isArray(list) ? (list as Diagnostic[]) : [];
}

const errorsOf = (check: ToolResult) => diagnosticsOf(check).filter((d) => d.severity === 'error');

async function ask(model: Model, prompt: string, token: vscode.CancellationToken): Promise<string> {
  const response = await model.sendRequest([vscode.LanguageModelChatMessage.User(prompt)], {}, token);
  let text = '';
  for await (const part of response.text) text += part;
  return text;
}

function signalOf(token: vscode.CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

const mxqlBlock = (mql: string) => `\n\`\`\`mxql\n${mql}\n\`\`\`\n`;

/** The model's query, checked and repaired until it has no error; undefined when it never got there. */
async function checkedQuery(
  deps: ChatDeps,
  model: Model,
  first: string,
  stream: ChatStream,
  token: vscode.CancellationToken,
): Promise<{ mql: string; check: ToolResult } | { failed: string; check: ToolResult }> {
  let mql = queryFrom(first);
  for (let attempt = 0; ; attempt++) {
    const check = await deps.invoke('mxql_check', { mql }, signalOf(token));
    if (errorsOf(check).length === 0) return { mql, check };
    if (attempt >= REPAIRS) return { failed: mql, check };
    stream.progress(t('The check found {0} errors; repairing the query…', errorsOf(check).length));
    mql = queryFrom(await ask(model, repairPrompt(mql, check), token));
  }
}

const query: ChatCommand = async (deps, request, stream, token) => {
  const need = request.prompt.trim();
  if (!need) {
    stream.markdown(t('Say what you want to see, for example: `/query slowest services in the last hour`.'));
    return {};
  }
  stream.progress(t('Looking for the data…'));
  const found = await deps.invoke('mxql_find_data', { query: need, limit: 5 }, signalOf(token));
  const answer = await ask(request.model, queryPrompt(need, found, deps.language), token);
  const checked = await checkedQuery(deps, request.model, answer, stream, token);
  if ('failed' in checked) {
    const errors = errorsOf(checked.check).map((d) => `- ${d.line}:${d.column} ${d.message}`);
    stream.markdown(t('I could not write a query that passes the check. The last attempt:'));
    stream.markdown(mxqlBlock(checked.failed));
    stream.markdown(errors.join('\n'));
    return { metadata: { command: 'query', checked: false } };
  }
  stream.progress(t('Trying the query on the demo…'));
  const dry = await deps.invoke(
    'mxql_run',
    { mql: checked.mql, range: '1h', maxRows: 5 },
    signalOf(token),
    true,
  );
  const dryRows = Number((dry.structured as { rowCount?: unknown }).rowCount ?? 0);
  stream.markdown(t('This query passed the check:'));
  stream.markdown(mxqlBlock(checked.mql));
  stream.markdown(
    dry.isError
      ? t('On the demo it failed: {0}', dry.text)
      : dryRows > 0
        ? t('On the demo it returned {0} rows.', dryRows)
        : t('The demo has no rows for it: {0}', dry.text.split('\n')[0] ?? ''),
  );
  // No progress line from here on: VS Code folds everything written before the last progress line into a
  // collapsed "Completed N steps", which would hide the checked query the user asked for.
  const outcome = await deps.openAndRun(checked.mql);
  stream.markdown(
    outcome.status === 'done'
      ? `\n\n${t('Ran on the active profile: {0} rows, in the results panel.', outcome.rows ?? 0)}`
      : `\n\n${t('The run on the active profile ended: {0} {1}', outcome.status, outcome.message ?? '')}`,
  );
  return { metadata: { command: 'query', checked: true, mql: checked.mql, rows: outcome.rows ?? 0 } };
};

const explain: ChatCommand = async (deps, request, stream, token) => {
  const mql = request.prompt.trim() || deps.activeQuery();
  if (!mql) {
    stream.markdown(
      t('Open an .mxql file and put the cursor in a query, or write the query after /explain.'),
    );
    return {};
  }
  const steps = await deps.invoke('mxql_explain', { mql }, signalOf(token));
  if (steps.isError) {
    stream.markdown(steps.text);
    return {};
  }
  const words = await ask(request.model, explainPrompt(mql, steps, deps.language), token);
  stream.markdown(words);
  return { metadata: { command: 'explain' } };
};

/** The document's text with the first quick fix of each finding applied (edits that overlap are skipped). */
export function applyFixes(
  document: vscode.TextDocument,
  diagnostics: readonly Diagnostic[],
): string | undefined {
  const edits: { start: number; end: number; text: string }[] = [];
  for (const d of diagnostics) {
    const fix = d.fixes?.[0];
    if (!fix) continue;
    const spans = fix.edits.map((e) => ({
      start: document.offsetAt(new vscode.Position(e.line - 1, e.column - 1)),
      end: document.offsetAt(new vscode.Position(e.endLine - 1, e.endColumn - 1)),
      text: e.newText,
    }));
    if (spans.some((s) => edits.some((e) => s.start < e.end && e.start < s.end))) continue;
    edits.push(...spans);
  }
  if (edits.length === 0) return undefined;
  let text = document.getText();
  for (const e of edits.sort((a, b) => b.start - a.start))
    text = text.slice(0, e.start) + e.text + text.slice(e.end);
  return text;
}

const fix: ChatCommand = async (deps, request, stream, token) => {
  const document = deps.activeDocument();
  if (!document) {
    stream.markdown(t('Open the .mxql file to repair, then ask again.'));
    return {};
  }
  const check = await deps.invoke('mxql_check', { mql: document.getText() }, signalOf(token));
  const findings = diagnosticsOf(check).filter((d) => d.severity === 'error' || d.severity === 'warning');
  if (findings.length === 0) {
    stream.markdown(t('The check finds nothing to repair in this file.'));
    return { metadata: { command: 'fix', fixed: false } };
  }
  let fixed = applyFixes(document, findings);
  if (
    fixed === undefined ||
    errorsOf(await deps.invoke('mxql_check', { mql: fixed }, signalOf(token))).length > 0
  ) {
    stream.progress(t('Asking the model to repair what the quick fixes do not cover…'));
    const repaired = await checkedQuery(deps, request.model, fixed ?? document.getText(), stream, token);
    if ('failed' in repaired) {
      stream.markdown(t('I could not repair the file so that it passes the check.'));
      return { metadata: { command: 'fix', fixed: false } };
    }
    fixed =
      repaired.mql.endsWith('\n') || !document.getText().endsWith('\n') ? repaired.mql : `${repaired.mql}\n`;
  }
  const lines = findings.map((d) => `- ${d.line}:${d.column} \`${d.code}\` ${d.message}`);
  stream.markdown(t('The check found these; the diff shows the repaired file:') + `\n${lines.join('\n')}\n`);
  stream.button(await deps.proposeFix(document, fixed));
  return { metadata: { command: 'fix', fixed: true } };
};

/** The participant's handler: one command each, `/query` when none is given. */
export async function handleChat(
  deps: ChatDeps,
  request: Pick<vscode.ChatRequest, 'prompt' | 'command' | 'model'>,
  stream: ChatStream,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  try {
    if (request.command === 'investigate')
      return await investigate(deps.investigation, request.prompt, stream, token);
    const command = request.command === 'explain' ? explain : request.command === 'fix' ? fix : query;
    return await command(deps, request, stream, token);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    stream.markdown(t('MXQL: {0}', message));
    return { errorDetails: { message } };
  }
}
