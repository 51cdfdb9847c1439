// "Edit MXQL": a query kept inside a JSON string opens as an `.mxql` document of its own, so the language
// server serves it like any query file. The document lives on a file system of its own scheme whose
// files are the decoded strings; saving one writes the text back, escaped, into its JSON string through
// a WorkspaceEdit that replaces only the characters that changed (the core's jsonStringEdit), so every
// other byte of the JSON file stays as it was. When the JSON no longer holds a string at the pointer,
// the save is refused with the reason and the editor keeps its text (VS Code leaves it dirty).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { jsonQueryByPointer, jsonStringEdit, type JsonQuery } from '../../../server/core/index';
import type { Ctx } from '../ctx';
import { t } from '../l10n';
import { isJsonDocument, queryAtOffset, scanOf, syntaxProblemOf, tooLargeText } from './jsonDocuments';

/** The scheme of the virtual `.mxql` documents of embedded queries. */
export const EMBEDDED_SCHEME = 'mxql-embedded';

/** Where an embedded query lives: its JSON file and the JSON pointer of its string. */
export interface EmbeddedRef {
  readonly json: vscode.Uri;
  readonly pointer: string;
}

/**
 * The virtual document of a query: the path reads `/<file>.json/<pointer>.mxql` (what the tab and
 * breadcrumbs show; `.mxql` gives it the MXQL language), the query part says exactly where it lives.
 */
export function embeddedUri(ref: EmbeddedRef): vscode.Uri {
  const query = new URLSearchParams({ json: ref.json.toString(), pointer: ref.pointer }).toString();
  return vscode.Uri.from({
    scheme: EMBEDDED_SCHEME,
    path: `/${path.posix.basename(ref.json.path)}${ref.pointer}.mxql`,
    query,
  });
}

/** The JSON file and pointer of a virtual document's URI, or undefined for any other URI. */
export function embeddedRefOf(uri: vscode.Uri): EmbeddedRef | undefined {
  if (uri.scheme !== EMBEDDED_SCHEME) return undefined;
  const params = new URLSearchParams(uri.query);
  const json = params.get('json');
  const pointer = params.get('pointer');
  if (!json || pointer === null) return undefined;
  try {
    return { json: vscode.Uri.parse(json, true), pointer };
  } catch {
    return undefined;
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

/** A refusal VS Code shows as the reason a read or save failed. */
function refused(message: string): vscode.FileSystemError {
  return vscode.FileSystemError.Unavailable(message);
}

/** The file system of the virtual documents: one file per embedded query, read from the JSON document. */
export class EmbeddedQueryFs implements vscode.FileSystemProvider {
  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;
  /** The text each open virtual file last had, and when it changed: VS Code compares `mtime` on save. */
  private readonly known = new Map<string, { text: string; mtime: number }>();

  constructor(ctx: Ctx) {
    ctx.push(this.changes);
    // An edit of the JSON may change a query: VS Code reads an affected file again (a clean one reloads).
    ctx.push(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (!isJsonDocument(event.document) || event.contentChanges.length === 0) return;
        const json = event.document.uri.toString();
        const changed = [...this.known.keys()]
          .map((key) => vscode.Uri.parse(key, true))
          .filter((uri) => embeddedRefOf(uri)?.json.toString() === json)
          .map((uri) => ({ type: vscode.FileChangeType.Changed, uri }));
        if (changed.length > 0) this.changes.fire(changed);
      }),
    );
    ctx.push(
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme === EMBEDDED_SCHEME) this.known.delete(document.uri.toString());
      }),
    );
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const text = await this.current(uri);
    const key = uri.toString();
    let entry = this.known.get(key);
    if (entry?.text !== text) {
      entry = { text, mtime: Math.max(Date.now(), (entry?.mtime ?? 0) + 1) };
      this.known.set(key, entry);
    }
    return { type: vscode.FileType.File, ctime: 0, mtime: entry.mtime, size: encoder.encode(text).length };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return encoder.encode(await this.current(uri));
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const text = decoder.decode(content);
    const { document, query } = await this.locate(uri);
    const edit = jsonStringEdit(query, text);
    const key = uri.toString();
    const before = this.known.get(key);
    // Known before the edit lands: the change event it raises must not look like a change from elsewhere.
    this.known.set(key, { text, mtime: Math.max(Date.now(), (before?.mtime ?? 0) + 1) });
    if (edit) {
      const wasDirty = document.isDirty;
      const change = new vscode.WorkspaceEdit();
      const range = new vscode.Range(
        document.positionAt(edit.range.start),
        document.positionAt(edit.range.end),
      );
      change.replace(document.uri, range, edit.text);
      if (!(await vscode.workspace.applyEdit(change))) {
        if (before) this.known.set(key, before);
        else this.known.delete(key);
        throw refused(
          t('MXQL: VS Code did not apply the edit to {0}; nothing was written.', label(document)),
        );
      }
      // Saving the query saves its JSON file too, unless the file held other unsaved edits: those stay
      // the user's to save.
      if (!wasDirty) await document.save();
    }
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions();
  }

  delete(): void {
    throw vscode.FileSystemError.NoPermissions();
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions();
  }

  private async current(uri: vscode.Uri): Promise<string> {
    return (await this.locate(uri)).query.text;
  }

  /** The JSON document and the query string of a virtual file, or a refusal that says why not. */
  private async locate(uri: vscode.Uri): Promise<{ document: vscode.TextDocument; query: JsonQuery }> {
    const ref = embeddedRefOf(uri);
    if (!ref) throw vscode.FileSystemError.FileNotFound(uri);
    let document: vscode.TextDocument;
    try {
      document = await vscode.workspace.openTextDocument(ref.json);
    } catch {
      throw vscode.FileSystemError.FileNotFound(
        t('MXQL: the JSON file {0} cannot be opened.', ref.json.fsPath || ref.json.toString()),
      );
    }
    const scan = scanOf(document);
    if (!scan) throw refused(tooLargeText(document));
    const query = jsonQueryByPointer(scan, ref.pointer);
    if (query) return { document, query };
    throw refused(
      syntaxProblemOf(document, scan) ??
        t(
          'MXQL: {0} no longer holds an MXQL string at {1} (the JSON changed). Nothing was written; copy your text before closing this editor.',
          label(document),
          ref.pointer,
        ),
    );
  }
}

function label(document: vscode.TextDocument): string {
  return vscode.workspace.asRelativePath(document.uri);
}

/** Arguments of Edit MXQL: the CodeLens passes the JSON file and the pointer; else the cursor decides. */
interface EditArgs {
  readonly uri?: string;
  readonly pointer?: string;
}

/** mxql.editEmbeddedQuery: opens the query at the cursor (or the one named) as an `.mxql` editor beside. */
export async function editEmbeddedQuery(ctx: Ctx, arg: unknown): Promise<string | undefined> {
  const args: EditArgs = typeof arg === 'object' && arg !== null ? arg : {};
  let ref: EmbeddedRef | undefined;
  if (args.uri !== undefined && args.pointer !== undefined)
    ref = { json: vscode.Uri.parse(args.uri, true), pointer: args.pointer };
  else {
    const editor = vscode.window.activeTextEditor;
    if (!editor || !isJsonDocument(editor.document)) {
      void ctx.ui.message('info', t('MXQL: open a dashboard JSON file and put the cursor in a query.'));
      return undefined;
    }
    const found = queryAtOffset(editor.document, editor.document.offsetAt(editor.selection.active));
    if ('problem' in found) {
      void ctx.ui.message('info', found.problem);
      return undefined;
    }
    ref = { json: editor.document.uri, pointer: found.query.pointer };
  }
  const uri = embeddedUri(ref);
  try {
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: false });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    void ctx.ui.message('error', reason);
    return undefined;
  }
  return uri.toString();
}
