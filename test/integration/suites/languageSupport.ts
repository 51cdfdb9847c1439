// Helpers of the suites that wait on the language server: diagnostic codes and diagnostics that settle.
import * as vscode from 'vscode';

/** A diagnostic's code as text. */
export function codeOf(d: vscode.Diagnostic): string {
  return typeof d.code === 'object' ? String(d.code.value) : String(d.code);
}

/** Resolves with the diagnostics of `uri` as soon as they satisfy `accept` (now, or on a later change event). */
export function diagnosticsFor(
  uri: vscode.Uri,
  accept: (list: readonly vscode.Diagnostic[]) => boolean,
): Promise<readonly vscode.Diagnostic[]> {
  return new Promise((resolve) => {
    const current = vscode.languages.getDiagnostics(uri);
    if (accept(current)) {
      resolve(current);
      return;
    }
    const listener = vscode.languages.onDidChangeDiagnostics((e) => {
      if (!e.uris.some((u) => u.toString() === uri.toString())) return;
      const list = vscode.languages.getDiagnostics(uri);
      if (!accept(list)) return;
      listener.dispose();
      resolve(list);
    });
  });
}
