/**
 * `startServer(connection)`: the server's capabilities and the wiring of LSP requests onto the core.
 * No language logic lives here: every handler finds the document's cached analysis, calls one core
 * function and converts the result (convert.ts). Each handler is guarded: a failure logs a line and
 * answers with a neutral result instead of an error.
 *
 * JSON documents are synced too and never analysed as MXQL: embeddedDocuments.ts answers for their MXQL
 * strings and eventRuleDocuments.ts for their event rules; completion and hover ask the rules first, then
 * the strings. MXQL formatting is registered for `.mxql` documents only when the client can register it
 * dynamically, so such an editor never offers it for JSON (other clients get it as a static capability).
 */
import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  DocumentFormattingRequest,
  FileChangeType,
  RequestType as ServerRequestType,
  RequestType0 as ServerRequestType0,
  TextDocuments,
  TextDocumentSyncKind,
  type CodeAction,
  type Connection,
  type InitializeResult,
  type TextDocumentPositionParams,
} from 'vscode-languageserver/node';
import { type RequestType, type RequestType0 } from 'vscode-languageserver-protocol';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { QueryAtCursorRequest, ServerStatusRequest } from '../../common/lspMethods';
import {
  complete,
  decodedOffsetOf,
  definition,
  documentSymbols,
  foldingRanges,
  format,
  hover,
  localizedMessage,
  prepareRename,
  quickFixes,
  references,
  rename,
  semanticTokens,
  signatureHelp,
  languageOf,
  type CompletionList as CoreCompletionList,
  type DocumentAnalysis,
  type LanguageCatalogs,
  type QuickFix,
  type UiLanguage,
  type Range,
  type ValidationDiagnostic,
} from '../core/index';
import * as convert from './convert';
import { queryAtCursor, serverStatus } from './customRequests';
import { DiagnosticsScheduler } from './diagnostics';
import { CompletionLists } from './completions';
import { ConvertedDiagnostics } from './convertedDiagnostics';
import { AnalysisCache } from './documents';
import {
  EmbeddedDocuments,
  isJsonDocument,
  plainView,
  type EmbeddedState,
  type QueryView,
} from './embeddedDocuments';
import { EventRuleDocuments } from './eventRuleDocuments';
import { guarded } from './guard';
import { safeTextDocuments } from './textSync';
import { DEFAULT_SETTINGS, readSettings, type ServerSettings } from './settings';
import { folderPaths, WorkspaceLearning } from './workspaceLearning';

/** What the host passes: the catalogs (loaded lazily) and the version string. */
export interface ServerRuntime {
  readonly catalogs: LanguageCatalogs;
  readonly version: string;
}

/**
 * The server's capabilities. Formatting is registered for MXQL documents only when the client can
 * register it dynamically: JSON documents are synced for their MXQL strings, and the file's own
 * formatter is JSON's.
 */
function capabilities(formattingRegisteredLater: boolean): InitializeResult['capabilities'] {
  return {
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
    completionProvider: {
      triggerCharacters: ['$', '@', '{', '[', ',', ':', ' ', "'", '"'],
      resolveProvider: true,
    },
    hoverProvider: true,
    signatureHelpProvider: { triggerCharacters: ['{', ','], retriggerCharacters: [':'] },
    documentSymbolProvider: true,
    foldingRangeProvider: true,
    definitionProvider: true,
    referencesProvider: true,
    renameProvider: { prepareProvider: true },
    ...(formattingRegisteredLater ? {} : { documentFormattingProvider: true }),
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
    semanticTokensProvider: { legend: convert.SEMANTIC_LEGEND, full: true },
  };
}

/** What every wiring function shares: the connection, open documents, analyses and diagnostics. */
interface Wiring {
  readonly connection: Connection;
  readonly documents: TextDocuments<TextDocument>;
  readonly cache: AnalysisCache;
  /** The MXQL strings of open JSON documents and their analyses. */
  readonly embedded: EmbeddedDocuments;
  readonly eventRules: EventRuleDocuments;
  readonly scheduler: DiagnosticsScheduler;
  readonly completions: CompletionLists;
  /** The LSP form of the diagnostics last published per document. */
  readonly converted: ConvertedDiagnostics;
  /** What the workspace's own queries read, which each document is analysed with. */
  readonly learning: WorkspaceLearning;
  readonly log: (message: string) => void;
  /** The client's display language for every text the server sends; undefined is English. */
  language?: UiLanguage;
  /**
   * Runs `work` on an open MXQL document's analysis, guarded; `fallback` when the document is not open
   * or is a JSON document (whose features go through {@link Wiring.at} and {@link Wiring.withJson}).
   */
  withDoc<T>(uri: string, fallback: T, what: string, work: (doc: TextDocument, a: DocumentAnalysis) => T): T;
  /** Runs `work` on an open JSON document's MXQL strings, guarded; `fallback` for any other document. */
  withJson<T>(uri: string, fallback: T, what: string, work: (doc: TextDocument, s: EmbeddedState) => T): T;
  /**
   * Runs `work` at a position on the query there, guarded: an MXQL document's own analysis, or the
   * MXQL string of a JSON document that holds the position (`fallback` outside its strings). `offset`
   * is in the query's text; `view` maps its ranges and inserted texts back into the document.
   */
  at<T>(
    p: TextDocumentPositionParams,
    fallback: T,
    what: string,
    work: (doc: TextDocument, view: QueryView, offset: number) => T,
  ): T;
}

/** `d` with its message in `language` (worded only when the client asked for a language). */
function localized(d: ValidationDiagnostic, language: UiLanguage | undefined): ValidationDiagnostic {
  return language === undefined ? d : { ...d, message: localizedMessage(d, language) };
}

/** Wires every feature onto `connection` and starts listening. */
export function startServer(connection: Connection, runtime: ServerRuntime): void {
  const w = createWiring(connection, runtime);
  wireLifecycle(w, runtime);
  wireReading(w);
  wireNavigation(w);
  wireEditing(w);
  wireCustomRequests(w, runtime);
  w.documents.listen(connection);
  connection.listen();
}

/** The wiring plus what the lifecycle changes: the settings, and whether they are still on their way. */
type LiveWiring = Wiring & { settings: ServerSettings; settingsPending: boolean };

function createWiring(connection: Connection, runtime: ServerRuntime): LiveWiring {
  const learning = new WorkspaceLearning(runtime.catalogs, {
    stale: () => {
      cache.clear();
      embedded.clear();
    },
    // Until the pulled settings arrive, nothing is published (they publish every open file then).
    republish: (affected) => {
      if (wiring.settingsPending) return;
      // JSON documents are not learned from, so what they read is not tracked: each is checked again.
      for (const doc of documents.all())
        if (affected(doc.uri) || isJsonDocument(doc)) wiring.scheduler.schedule(doc, 0);
    },
  });
  const cache = new AnalysisCache((uri) => learning.catalogsFor(uri));
  const embedded = new EmbeddedDocuments((uri) => learning.catalogsFor(uri));
  const documents = new TextDocuments(
    safeTextDocuments((uri, start, end, text) => {
      cache.recordEdit(uri, { start, end, text });
      embedded.recordEdit(uri, { start, end, text });
      converted.recordEdit(uri, start);
    }),
  );
  const log = (message: string): void => connection.console.log(message);
  const eventRules = new EventRuleDocuments((uri) => learning.catalogsFor(uri).categories);
  const converted = new ConvertedDiagnostics();
  const publish = (doc: TextDocument, list: readonly ValidationDiagnostic[]): void => {
    const diagnostics = converted.convert(doc, list, (d) =>
      convert.toDiagnostic(doc, localized(d, wiring.language)),
    );
    void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
  };
  const wiring: LiveWiring = {
    connection,
    documents,
    cache,
    embedded,
    eventRules,
    completions: new CompletionLists(),
    converted,
    learning,
    log,
    settings: DEFAULT_SETTINGS,
    settingsPending: false,
    scheduler: new DiagnosticsScheduler(
      cache,
      () => wiring.settings,
      publish,
      log,
      embedded,
      (doc) => eventRules.diagnostics(doc),
    ),
    withDoc: (uri, fallback, what, work) => {
      const doc = documents.get(uri);
      if (!doc || isJsonDocument(doc)) return fallback;
      return guarded(what, log, fallback, () => work(doc, cache.get(doc)));
    },
    withJson: (uri, fallback, what, work) => {
      const doc = documents.get(uri);
      if (!doc || !isJsonDocument(doc)) return fallback;
      return guarded(what, log, fallback, () => work(doc, embedded.get(doc)));
    },
    at: (p, fallback, what, work) => {
      const doc = documents.get(p.textDocument.uri);
      if (!doc) return fallback;
      return guarded(what, log, fallback, () => {
        const offset = convert.toOffset(doc, p.position);
        if (!isJsonDocument(doc)) return work(doc, plainView(cache.get(doc)), offset);
        const q = embedded.at(doc, offset);
        return q ? work(doc, q, decodedOffsetOf(q.query.map, offset)) : fallback;
      });
    },
  };
  return wiring;
}

/** Initialize, settings (pulled when the client supports it) and document events. */
function wireLifecycle(w: LiveWiring, runtime: ServerRuntime): void {
  let pullConfiguration = false;
  // Until the pulled settings arrive, an opened file waits for them (revalidateAll publishes it then),
  // so disabled codes never flash up on open.
  const revalidateAll = (): void => w.documents.all().forEach((doc) => w.scheduler.schedule(doc, 0));
  const refreshSettings = async (): Promise<void> => {
    try {
      w.settings = readSettings(await w.connection.workspace.getConfiguration('mxql'));
    } catch (error) {
      w.log(`Reading the mxql settings failed: ${String(error)}; using defaults.`);
    }
    w.settingsPending = false;
    revalidateAll();
  };
  let folders: string[] = [];
  let watchFiles = false;
  let registerFormatting = false;
  w.connection.onInitialize((params) => {
    pullConfiguration = params.capabilities.workspace?.configuration === true;
    folders = folderPaths(params);
    watchFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    registerFormatting = params.capabilities.textDocument?.formatting?.dynamicRegistration === true;
    w.completions.useClientSupport(params.capabilities.textDocument?.completion);
    // VS Code's client sends its display language as `locale`; other editors may pass initializationOptions.locale.
    const options = params.initializationOptions as { locale?: unknown } | undefined;
    w.language = languageOf(
      params.locale ?? (typeof options?.locale === 'string' ? options.locale : undefined),
    );
    return {
      capabilities: capabilities(registerFormatting),
      serverInfo: { name: 'mxql-language-server', version: runtime.version },
    };
  });
  w.connection.onInitialized(() => {
    wireWorkspaceFiles(w, folders, watchFiles);
    if (registerFormatting) registerMxqlFormatting(w);
    if (!pullConfiguration) return;
    w.settingsPending = true;
    void refreshSettings();
  });
  w.connection.onDidChangeConfiguration((change) => {
    if (pullConfiguration) return void refreshSettings();
    w.settings = readSettings((change.settings as { mxql?: unknown } | null)?.mxql);
    revalidateAll();
  });
  w.documents.onDidOpen((e) => {
    if (!w.settingsPending) w.scheduler.publishNow(e.document);
    // Learned after publishing, from the analysis just made (no second parse).
    if (!isJsonDocument(e.document)) w.learning.opened(e.document.uri, w.cache.get(e.document));
  });
  // Incremental analysis makes a keystroke's diagnostics cheap: they follow within a few milliseconds
  // (more for a long document, whose whole list is costly to send), just after the completion request
  // an editor sends with the keystroke (answered first).
  // While the pulled settings are on their way, revalidateAll publishes every open file once they arrive.
  w.documents.onDidChangeContent((e) => {
    const uri = e.document.uri;
    if (!isJsonDocument(e.document))
      w.learning.edited(uri, () => {
        const doc = w.documents.get(uri);
        return doc ? w.cache.get(doc) : undefined;
      });
    if (!w.settingsPending) w.scheduler.scheduleAfterKeystroke(e.document);
  });
  w.documents.onDidClose((e) => {
    w.learning.closed(e.document.uri);
    w.scheduler.forget(e.document.uri);
    w.cache.delete(e.document.uri);
    w.embedded.delete(e.document.uri);
    w.completions.forget(e.document.uri);
    w.converted.forget(e.document.uri);
    void w.connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });
}

/** Formatting for MXQL documents only, registered once the client is ready (see {@link capabilities}). */
function registerMxqlFormatting(w: Wiring): void {
  w.connection.client
    .register(DocumentFormattingRequest.type, { documentSelector: [{ language: 'mxql' }] })
    .catch((error: unknown) => w.log(`Registering MXQL formatting failed: ${String(error)}`));
}

/**
 * Learning from the workspace's query files: read once the client is ready, then kept up to date from
 * the file events the client sends (asked for here when the client lets the server register them; a
 * client that sends them on its own is heard as well).
 */
function wireWorkspaceFiles(w: Wiring, folders: readonly string[], watchFiles: boolean): void {
  if (watchFiles) {
    const watchers = [{ globPattern: '**/*.mxql' }];
    w.connection.client
      .register(DidChangeWatchedFilesNotification.type, { watchers })
      .catch((error: unknown) => {
        w.log(`Watching the workspace's .mxql files failed: ${String(error)}`);
      });
  }
  w.connection.onDidChangeWatchedFiles((p) => {
    guarded('Watched files', w.log, undefined, () => {
      for (const change of p.changes)
        w.learning.fileChanged(change.uri, change.type === FileChangeType.Deleted);
    });
  });
  w.connection.onShutdown(() => w.learning.dispose());
  if (folders.length === 0) return;
  w.learning.learnFolders(folders).then(
    (files) => w.log(`Learned the categories and columns of ${files} workspace .mxql files.`),
    (error: unknown) => w.log(`Reading the workspace's .mxql files failed: ${String(error)}`),
  );
}

/** `work` at a position of a JSON document (event rules), guarded; undefined for any other document. */
function eventRulesAt<T>(
  w: Wiring,
  p: TextDocumentPositionParams,
  what: string,
  work: (doc: TextDocument, offset: number) => T | null,
): T | null | undefined {
  const doc = w.documents.get(p.textDocument.uri);
  if (!doc || !isJsonDocument(doc)) return undefined;
  return guarded(what, w.log, null, () => work(doc, convert.toOffset(doc, p.position)));
}

/** Completion, hover and option signatures, worded in the client's locale (read at initialize). */
function wireReading(w: Wiring): void {
  w.connection.onCompletion(
    (p) =>
      eventRulesAt(w, p, 'Completion', (doc, offset) => {
        const list = w.eventRules.completion(doc, offset, w.language);
        return list ? w.completions.answer(doc, offset, () => list) : null;
      }) ??
      w.at(p, null, 'Completion', (doc, v, offset) =>
        w.completions.answer(doc, convert.toOffset(doc, p.position), () =>
          inDocument(v, complete(v.analysis, offset, w.language)),
        ),
      ),
  );
  w.connection.onCompletionResolve((item) =>
    guarded('Completion resolve', w.log, item, () => w.completions.resolve(item)),
  );
  w.connection.onHover(
    (p) =>
      eventRulesAt(w, p, 'Hover', (doc, offset) => {
        const h = w.eventRules.hover(doc, offset, w.language);
        return h && { contents: convert.toMarkdown(h.markdown), range: convert.toLspRange(doc, h.range) };
      }) ??
      w.at(p, null, 'Hover', (doc, v, offset) => {
        const h = hover(v.analysis, offset, w.language);
        if (!h) return null;
        return {
          contents: { kind: 'markdown' as const, value: h.markdown },
          range: convert.toLspRange(doc, v.docRange(h.range)),
        };
      }),
  );
  w.connection.onSignatureHelp((p) =>
    w.at(p, null, 'Signature help', (_doc, v, offset) => {
      const s = signatureHelp(v.analysis, offset, w.language);
      if (!s) return null;
      const parameters = s.parameters.map((x) => ({ label: x.label, documentation: x.documentation }));
      return {
        signatures: [{ label: s.label, documentation: s.documentation, parameters }],
        activeSignature: 0,
        activeParameter: s.activeParameter < 0 ? null : s.activeParameter,
      };
    }),
  );
}

/** Outline, folding, SUB definition/references and rename. */
function wireNavigation(w: Wiring): void {
  const { connection } = w;
  connection.onDocumentSymbol((p) =>
    w.withDoc(p.textDocument.uri, [], 'Document symbols', (doc, a) =>
      documentSymbols(a, w.language).map((s) => convert.toDocumentSymbol(doc, s)),
    ),
  );
  connection.onFoldingRanges((p) =>
    w.withDoc(p.textDocument.uri, [], 'Folding', (_doc, a) => foldingRanges(a).map(convert.toFoldingRange)),
  );
  connection.onDefinition((p) =>
    w.at(p, null, 'Definition', (doc, v, offset) => {
      const r = definition(v.analysis, offset);
      return r ? { uri: doc.uri, range: convert.toLspRange(doc, v.docRange(r)) } : null;
    }),
  );
  connection.onReferences((p) =>
    w.at(p, [], 'References', (doc, v, offset) =>
      references(v.analysis, offset, p.context.includeDeclaration).map((r) => ({
        uri: doc.uri,
        range: convert.toLspRange(doc, v.docRange(r)),
      })),
    ),
  );
  connection.onPrepareRename((p) =>
    w.at(p, null, 'Prepare rename', (doc, v, offset) => {
      const t = prepareRename(v.analysis, offset);
      return t ? { range: convert.toLspRange(doc, v.docRange(t.range)), placeholder: t.name } : null;
    }),
  );
  connection.onRenameRequest((p) =>
    w.at(p, null, 'Rename', (doc, v, offset) => {
      const edits = rename(v.analysis, offset, p.newName, w.language);
      if (typeof edits !== 'string')
        return { changes: { [doc.uri]: convert.toTextEdits(doc, editsInDocument(v, edits)) } };
      void connection.window.showErrorMessage(edits);
      return null;
    }),
  );
}

/** Formatting, quick fixes and semantic tokens (of the MXQL strings only, in a JSON document). */
function wireEditing(w: Wiring): void {
  w.connection.onDocumentFormatting((p) =>
    w.withDoc(p.textDocument.uri, [], 'Formatting', (doc, a) => {
      const finalNewline = p.options.insertFinalNewline === true ? 'insert' : 'keep';
      const formatted = format(a.text, { finalNewline });
      if (formatted === a.text) return [];
      return [{ range: convert.toLspRange(doc, { start: 0, end: a.text.length }), newText: formatted }];
    }),
  );
  const action = (doc: TextDocument, d: ValidationDiagnostic, fix: QuickFix, v: QueryView): CodeAction => ({
    title: fix.title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [convert.toDiagnostic(doc, localized({ ...d, range: v.docRange(d.range) }, w.language))],
    edit: { changes: { [doc.uri]: convert.toTextEdits(doc, editsInDocument(v, fix.edits)) } },
  });
  const touches = (a: Range, b: Range): boolean => a.start <= b.end && b.start <= a.end;
  w.connection.onCodeAction((p) => {
    const uri = p.textDocument.uri;
    const none: CodeAction[] = [];
    const plain = w.withDoc(uri, none, 'Code actions', (doc, a) => {
      const wanted = convert.toCoreRange(doc, p.range);
      const v = plainView(a);
      return w.scheduler
        .current(doc)
        .filter((d) => touches(d.range, wanted))
        .flatMap((d) => quickFixes(doc.getText(), d, w.language).map((fix) => action(doc, d, fix, v)));
    });
    return w.withJson(uri, plain, 'Code actions', (doc, s) => {
      const wanted = convert.toCoreRange(doc, p.range);
      const inQueries = s.queries
        .filter((q) => touches(q.query.token, wanted))
        .flatMap((q) =>
          w.embedded
            .diagnosticsOf(q)
            .filter((d) => w.scheduler.keeps(d.code) && touches(q.docRange(d.range), wanted))
            .flatMap((d) => quickFixes(q.analysis.text, d, w.language).map((fix) => action(doc, d, fix, q))),
        );
      // Event rules' findings are on the JSON text itself, so their fixes are edits of it as they are.
      const inRules = (w.eventRules.diagnostics(doc) ?? [])
        .filter((d) => w.scheduler.keeps(d.code) && touches(d.range, wanted))
        .flatMap((d) =>
          quickFixes(doc.getText(), d, w.language).map((fix): CodeAction => ({
            title: fix.title,
            kind: CodeActionKind.QuickFix,
            diagnostics: [convert.toDiagnostic(doc, localized(d, w.language))],
            edit: { changes: { [doc.uri]: convert.toTextEdits(doc, fix.edits) } },
          })),
        );
      return [...inQueries, ...inRules];
    });
  });
  w.connection.languages.semanticTokens.on((p) => {
    const uri = p.textDocument.uri;
    const plain = w.withDoc(uri, { data: [] }, 'Semantic tokens', (doc, a) =>
      convert.encodeSemanticTokens(doc, semanticTokens(a)),
    );
    return w.withJson(uri, plain, 'Semantic tokens', (doc, s) =>
      convert.encodeSemanticTokens(
        doc,
        s.queries.flatMap((q) =>
          semanticTokens(q.analysis).map((t) => ({ ...t, range: q.docRange(t.range) })),
        ),
      ),
    );
  });
}

/** A completion list of a query as the document writes it (unchanged for an MXQL document). */
function inDocument(v: QueryView, list: CoreCompletionList): CoreCompletionList {
  if (!v.inJson) return list;
  const items = list.items.map((e) => {
    const text = e.insertText ?? e.label;
    const filter = e.filterText ?? e.label;
    const filterText = v.docText(filter);
    return {
      ...e,
      range: v.docRange(e.range),
      insertText: e.snippet ? v.docSnippet(text) : v.docText(text),
      ...(filterText !== filter || e.filterText !== undefined ? { filterText } : {}),
    };
  });
  return { ...list, items };
}

/** Replacements in a query's text as replacements in the document. */
function editsInDocument(v: QueryView, edits: readonly { range: Range; newText: string }[]) {
  return edits.map((e) => ({ range: v.docRange(e.range), newText: v.docText(e.newText) }));
}

/** The `mxql/*` requests of common/lspMethods.ts. */
function wireCustomRequests(w: Wiring, runtime: ServerRuntime): void {
  w.connection.onRequest(serverType(QueryAtCursorRequest), (p) =>
    w.withDoc(p.uri, null, QueryAtCursorRequest.method, (doc, a) => queryAtCursor(doc, a, p)),
  );
  w.connection.onRequest(serverType0(ServerStatusRequest), () =>
    serverStatus(runtime.version, w.documents.all().length),
  );
}

// The server's copy of the protocol package is another version than the one common/ types against, so
// common/'s request objects are not instances of the server's classes; these rebuild them with the same
// method and the same parameter and result types.
function serverType<P, R>(type: RequestType<P, R, void>): ServerRequestType<P, R, void> {
  return new ServerRequestType<P, R, void>(type.method);
}

function serverType0<R>(type: RequestType0<R, void>): ServerRequestType0<R, void> {
  return new ServerRequestType0<R, void>(type.method);
}
