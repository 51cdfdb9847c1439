// Keeps the `mxql.dashboardEditor` context key true while the active editor is a JSON file that holds
// a dashboard, so its title bar offers Preview Dashboard. A cheap look at the text, not a parse: the
// preview itself says what is wrong with a file that only looks like a dashboard.
import * as vscode from 'vscode';
import { MAX_BOARD_CHARS } from '../../../server/core/index';
import { DASHBOARD_EDITOR_CONTEXT } from './boardCommandTable';

const WIDGETS = /"widgets"\s*:\s*\[/;

/** Whether `document` looks like a dashboard JSON. */
export function looksLikeDashboard(document: vscode.TextDocument): boolean {
  if (document.languageId !== 'json' && document.languageId !== 'jsonc') return false;
  const text = document.getText();
  return text.length <= MAX_BOARD_CHARS && WIDGETS.test(text);
}

/** Follows the active editor and sets the context key. */
export function trackDashboardEditors(): vscode.Disposable {
  const update = () => {
    const document = vscode.window.activeTextEditor?.document;
    void vscode.commands.executeCommand(
      'setContext',
      DASHBOARD_EDITOR_CONTEXT,
      document !== undefined && looksLikeDashboard(document),
    );
  };
  update();
  return vscode.window.onDidChangeActiveTextEditor(update);
}
