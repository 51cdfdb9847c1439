// Wires MXQL inside dashboard JSON into the window: the virtual `.mxql` documents of Edit MXQL, the
// CodeLenses of JSON files, and the context key `mxql.inEmbeddedQuery` (the cursor is in an MXQL string),
// which shows Edit MXQL and Run Query at Cursor in the editor's context menu and binds Ctrl+Enter there.
import * as vscode from 'vscode';
import { jsonQueryAt } from '../../../server/core/index';
import type { Ctx } from '../ctx';
import { EmbeddedCodeLensProvider } from './embeddedCodeLens';
import { EMBEDDED_SCHEME, EmbeddedQueryFs } from './embeddedQueryFs';
import { isJsonDocument, scanOf } from './jsonDocuments';

const CONTEXT_KEY = 'mxql.inEmbeddedQuery';

export function registerEmbedded(ctx: Ctx): void {
  ctx.push(
    vscode.workspace.registerFileSystemProvider(EMBEDDED_SCHEME, new EmbeddedQueryFs(ctx), {
      isCaseSensitive: true,
    }),
  );
  ctx.push(
    vscode.languages.registerCodeLensProvider(
      [
        { language: 'json', scheme: 'file' },
        { language: 'jsonc', scheme: 'file' },
        { language: 'json', scheme: 'untitled' },
      ],
      new EmbeddedCodeLensProvider(ctx),
    ),
  );
  let inQuery = false;
  const update = (editor: vscode.TextEditor | undefined): void => {
    const document = editor?.document;
    const scan = document && isJsonDocument(document) ? scanOf(document) : undefined;
    const now =
      scan !== undefined &&
      editor !== undefined &&
      jsonQueryAt(scan, editor.document.offsetAt(editor.selection.active)) !== undefined;
    if (now === inQuery) return;
    inQuery = now;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, now);
  };
  ctx.push(vscode.window.onDidChangeActiveTextEditor(update));
  ctx.push(vscode.window.onDidChangeTextEditorSelection((event) => update(event.textEditor)));
  update(vscode.window.activeTextEditor);
}
