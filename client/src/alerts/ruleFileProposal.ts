// A drafted alert rule proposed to an event-rule file: pick the file (the workspace's JSON files that hold
// rules, as the rule check finds them, or a new one), show the edit as a diff, and write it only when the
// user applies it. The new text comes from the core (server/core/alerts/ruleFile.ts), which refuses a
// file that is not a rule file; nothing here changes a file before "Apply".
import * as vscode from 'vscode';
import { proposeRuleFileEdit, type AlertProblem } from '../../../server/core/index';
import type { Ctx } from '../ctx';
import { t } from '../l10n';
import type { PickItem } from '../views/ui';
import { workspaceText } from '../workspace/workspaceFileIndex';

const PROPOSAL_SCHEME = 'mxql-alert-proposal';

const proposals = new Map<string, string>();
let provider: vscode.Disposable | undefined;

/** Serves the proposed texts the diff shows (read-only, never saved). */
function ensureProvider(ctx: Ctx): void {
  if (provider) return;
  provider = vscode.workspace.registerTextDocumentContentProvider(PROPOSAL_SCHEME, {
    provideTextDocumentContent: (uri) => proposals.get(uri.toString()) ?? '',
  });
  ctx.push({
    dispose: () => {
      provider?.dispose();
      provider = undefined;
      proposals.clear();
    },
  });
}

/** Asks which rule file gets the rule: one the rule check recognises, or a new file. */
export async function chooseRuleFile(ctx: Ctx): Promise<vscode.Uri | undefined> {
  const files = await ctx.rules.files();
  const fresh: PickItem<vscode.Uri | undefined> = {
    label: t('$(new-file) New rule file…'),
    value: undefined,
  };
  const items: PickItem<vscode.Uri | undefined>[] = [
    ...files.map((uri) => ({ label: vscode.workspace.asRelativePath(uri), value: uri })),
    fresh,
  ];
  const picked = await ctx.ui.quickPick(items, {
    title: t('Add the rule to which event-rule file?'),
    placeHolder: t('JSON files of this workspace that hold event rules'),
  });
  if (!picked) return undefined;
  if (picked.value) return picked.value;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!folder) {
    void ctx.ui.message('error', t('MXQL: open a folder to create a rule file in.'));
    return undefined;
  }
  const name = await ctx.ui.inputBox({
    title: t('New rule file'),
    prompt: t('A path in the workspace, ending in .json'),
    value: 'alerts/rules.json',
    validateInput: (text) =>
      /^[\w./ -]+\.json$/.test(text.trim()) && !text.includes('..')
        ? undefined
        : t('Give a relative path ending in .json, such as alerts/rules.json.'),
  });
  return name ? vscode.Uri.joinPath(folder, name.trim()) : undefined;
}

/** The file's proposed text with the rule added, or why not (the file is then left as it is). */
export async function proposeRuleEdit(
  uri: vscode.Uri,
  rule: Readonly<Record<string, unknown>>,
): Promise<{ ok: true; before: string | undefined; text: string } | { ok: false; problem: AlertProblem }> {
  const before = await workspaceText(uri);
  const edit = proposeRuleFileEdit(before, rule);
  return edit.ok ? { ok: true, before, text: edit.text } : edit;
}

/** Shows the diff and applies it when the user says so; true when the file now holds the rule. */
export async function showProposal(
  ctx: Ctx,
  uri: vscode.Uri,
  before: string | undefined,
  text: string,
  ruleTitle: string,
): Promise<boolean> {
  ensureProvider(ctx);
  const stamp = Date.now().toString(36);
  const right = vscode.Uri.from({ scheme: PROPOSAL_SCHEME, path: uri.path, query: stamp });
  proposals.set(right.toString(), text);
  const left = before === undefined ? right.with({ query: `${stamp}-empty` }) : uri;
  if (before === undefined) proposals.set(left.toString(), '');
  const name = vscode.workspace.asRelativePath(uri);
  await vscode.commands.executeCommand('vscode.diff', left, right, t('{0} ↔ with the drafted rule', name));
  const apply = t('Apply');
  const choice = await ctx.ui.message('info', t('MXQL: add the rule "{0}" to {1}?', ruleTitle, name), apply);
  proposals.delete(right.toString());
  proposals.delete(left.toString());
  if (choice !== apply) return false;
  // The file may have changed while the diff was open: apply only over the text the diff showed.
  const now = await workspaceText(uri);
  if (now !== before) {
    void ctx.ui.message(
      'warning',
      t('MXQL: {0} changed since the rule was proposed; run the command again.', name),
    );
    return false;
  }
  const edit = new vscode.WorkspaceEdit();
  if (before === undefined) edit.createFile(uri, { contents: new TextEncoder().encode(text) });
  else {
    const document = await vscode.workspace.openTextDocument(uri);
    edit.replace(
      uri,
      new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)),
      text,
    );
  }
  if (!(await vscode.workspace.applyEdit(edit))) {
    void ctx.ui.message('error', t('MXQL: {0} could not be changed.', name));
    return false;
  }
  const document = await vscode.workspace.openTextDocument(uri);
  if (document.isDirty) await document.save();
  return true;
}
