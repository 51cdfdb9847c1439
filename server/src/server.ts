/**
 * `startServer(connection)`: the server's capabilities and the wiring of LSP requests onto the core.
 * No language logic lives here: every handler finds the document's cached analysis, calls one core
 * function and converts the result (convert.ts). Each handler is guarded: a failure logs a line and
 * answers with a neutral result instead of an error.
 */
import {
  CodeActionKind,
  TextDocuments,
  TextDocumentSyncKind,
  type CodeAction,
  type Connection,
  type InitializeResult,
  type TextDocumentPositionParams,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LspMethods, type DocumentInfoParams, type QueryAtCursorParams } from '../../common/lspMethods';
import {
  complete,
  definition,
  documentSymbols,
  foldingRanges,
  format,
  hover,
  prepareRename,
  quickFixes,
  references,
  rename,
  semanticTokens,
  signatureHelp,
  type DocumentAnalysis,
  type LanguageCatalogs,
} from '../core/index';
import * as convert from './convert';
import { documentInfo, queryAtCursor, serverStatus } from './customRequests';
import { DiagnosticsScheduler } from './diagnostics';
import { AnalysisCache } from './documents';
import { guarded } from './guard';
import { DEFAULT_SETTINGS, readSettings, type ServerSettings } from './settings';

/** What the host passes: the catalogs (loaded lazily) and the version string. */
export interface ServerRuntime {
  readonly catalogs: LanguageCatalogs;
  readonly version: string;
}

function capabilities(): InitializeResult['capabilities'] {
  return {
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
    completionProvider: { triggerCharacters: ['$', '@', '{', '[', ',', ':', ' ', "'", '"'] },
    hoverProvider: true,
    signatureHelpProvider: { triggerCharacters: ['{', ','], retriggerCharacters: [':'] },
    documentSymbolProvider: true,
    foldingRangeProvider: true,
    definitionProvider: true,
    referencesProvider: true,
    renameProvider: { prepareProvider: true },
    documentFormattingProvider: true,
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
    semanticTokensProvider: { legend: convert.SEMANTIC_LEGEND, full: true },
  };
}

/** Wires every feature onto `connection` and starts listening. */
export function startServer(connection: Connection, runtime: ServerRuntime): void {
  const documents = new TextDocuments(TextDocument);
  const cache = new AnalysisCache(runtime.catalogs);
  const log = (message: string): void => connection.console.log(message);
  let settings: ServerSettings = DEFAULT_SETTINGS;
  let pullConfiguration = false;
  const scheduler = new DiagnosticsScheduler(
    cache,
    () => settings,
    (doc, list) => {
      void connection.sendDiagnostics({
        uri: doc.uri,
        version: doc.version,
        diagnostics: list.map((d) => convert.toDiagnostic(doc, d)),
      });
    },
    log,
  );

  const withDoc = <T>(
    uri: string,
    fallback: T,
    what: string,
    work: (doc: TextDocument, a: DocumentAnalysis) => T,
  ): T => {
    const doc = documents.get(uri);
    if (!doc) return fallback;
    return guarded(what, log, fallback, () => work(doc, cache.get(doc)));
  };
  const at = <T>(
    p: TextDocumentPositionParams,
    fallback: T,
    what: string,
    work: (doc: TextDocument, a: DocumentAnalysis, offset: number) => T,
  ): T =>
    withDoc(p.textDocument.uri, fallback, what, (doc, a) => work(doc, a, convert.toOffset(doc, p.position)));

  connection.onInitialize((params) => {
    pullConfiguration = params.capabilities.workspace?.configuration === true;
    return {
      capabilities: capabilities(),
      serverInfo: { name: 'mxql-language-server', version: runtime.version },
    };
  });
  const refreshSettings = async (): Promise<void> => {
    if (!pullConfiguration) return;
    try {
      settings = readSettings(await connection.workspace.getConfiguration('mxql'));
    } catch (error) {
      log(`Reading the mxql settings failed: ${String(error)}; using defaults.`);
    }
    documents.all().forEach((doc) => scheduler.schedule(doc, 0));
  };
  connection.onInitialized(() => void refreshSettings());
  connection.onDidChangeConfiguration((change) => {
    if (!pullConfiguration) {
      settings = readSettings((change.settings as { mxql?: unknown } | null)?.mxql);
      documents.all().forEach((doc) => scheduler.schedule(doc, 0));
      return;
    }
    void refreshSettings();
  });

  documents.onDidOpen((e) => scheduler.schedule(e.document, 0));
  documents.onDidChangeContent((e) => scheduler.schedule(e.document));
  documents.onDidClose((e) => {
    scheduler.forget(e.document.uri);
    cache.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  connection.onCompletion((p) =>
    at(p, null, 'Completion', (doc, a, offset) => {
      const list = complete(a, offset);
      return {
        isIncomplete: list.isIncomplete,
        items: list.items.map((e) => convert.toCompletionItem(doc, e)),
      };
    }),
  );
  connection.onHover((p) =>
    at(p, null, 'Hover', (doc, a, offset) => {
      const h = hover(a, offset);
      return h
        ? {
            contents: { kind: 'markdown' as const, value: h.markdown },
            range: convert.toLspRange(doc, h.range),
          }
        : null;
    }),
  );
  connection.onSignatureHelp((p) =>
    at(p, null, 'Signature help', (_doc, a, offset) => {
      const s = signatureHelp(a, offset);
      if (!s) return null;
      return {
        signatures: [
          {
            label: s.label,
            documentation: s.documentation,
            parameters: s.parameters.map((x) => ({ label: x.label, documentation: x.documentation })),
          },
        ],
        activeSignature: 0,
        activeParameter: s.activeParameter < 0 ? null : s.activeParameter,
      };
    }),
  );
  connection.onDocumentSymbol((p) =>
    withDoc(p.textDocument.uri, [], 'Document symbols', (doc, a) =>
      documentSymbols(a).map((s) => convert.toDocumentSymbol(doc, s)),
    ),
  );
  connection.onFoldingRanges((p) =>
    withDoc(p.textDocument.uri, [], 'Folding', (_doc, a) => foldingRanges(a).map(convert.toFoldingRange)),
  );
  connection.onDefinition((p) =>
    at(p, null, 'Definition', (doc, a, offset) => {
      const r = definition(a, offset);
      return r ? { uri: doc.uri, range: convert.toLspRange(doc, r) } : null;
    }),
  );
  connection.onReferences((p) =>
    at(p, [], 'References', (doc, a, offset) =>
      references(a, offset, p.context.includeDeclaration).map((r) => ({
        uri: doc.uri,
        range: convert.toLspRange(doc, r),
      })),
    ),
  );
  connection.onPrepareRename((p) =>
    at(p, null, 'Prepare rename', (doc, a, offset) => {
      const t = prepareRename(a, offset);
      return t ? { range: convert.toLspRange(doc, t.range), placeholder: t.name } : null;
    }),
  );
  connection.onRenameRequest((p) =>
    at(p, null, 'Rename', (doc, a, offset) => {
      const edits = rename(a, offset, p.newName);
      if (typeof edits === 'string') {
        void connection.window.showErrorMessage(edits);
        return null;
      }
      return { changes: { [doc.uri]: convert.toTextEdits(doc, edits) } };
    }),
  );
  connection.onDocumentFormatting((p) =>
    withDoc(p.textDocument.uri, [], 'Formatting', (doc, a) => {
      const formatted = format(a.text);
      if (formatted === a.text) return [];
      return [{ range: convert.toLspRange(doc, { start: 0, end: a.text.length }), newText: formatted }];
    }),
  );
  connection.onCodeAction((p) =>
    withDoc(p.textDocument.uri, [] as CodeAction[], 'Code actions', (doc) => {
      const wanted = convert.toCoreRange(doc, p.range);
      const text = doc.getText();
      return scheduler
        .current(doc)
        .filter((d) => d.range.start <= wanted.end && wanted.start <= d.range.end)
        .flatMap((d) =>
          quickFixes(text, d).map((fix): CodeAction => ({
            title: fix.title,
            kind: CodeActionKind.QuickFix,
            diagnostics: [convert.toDiagnostic(doc, d)],
            edit: { changes: { [doc.uri]: convert.toTextEdits(doc, fix.edits) } },
          })),
        );
    }),
  );
  connection.languages.semanticTokens.on((p) =>
    withDoc(p.textDocument.uri, { data: [] }, 'Semantic tokens', (doc, a) =>
      convert.encodeSemanticTokens(doc, semanticTokens(a)),
    ),
  );
  connection.onRequest(LspMethods.queryAtCursor, (p: QueryAtCursorParams) =>
    withDoc(p.uri, null, LspMethods.queryAtCursor, (doc, a) => queryAtCursor(doc, a, p)),
  );
  connection.onRequest(LspMethods.documentInfo, (p: DocumentInfoParams) =>
    withDoc(p.uri, null, LspMethods.documentInfo, (doc, a) => documentInfo(a, scheduler.current(doc))),
  );
  connection.onRequest(LspMethods.serverStatus, () => serverStatus(runtime.version, documents.all().length));

  documents.listen(connection);
  connection.listen();
}
