/**
 * MXQL inside JSON documents (dashboards): per open JSON document, the core's scan of its MXQL
 * strings and one analysis per string. A keystroke inside a string re-reads that string only
 * (`updateJsonQueries`) and re-analyses only strings whose text changed, incrementally from their
 * previous analysis; every other string keeps its analysis and its diagnostics. A JSON document
 * without MXQL strings costs a substring search per request, takes no kept place, and is otherwise ignored.
 *
 * Like the `.mxql` analyses (documents.ts), only the few JSON documents used most recently keep
 * their analyses; any other is scanned again on its next request, which gives the same answers.
 */
import { type TextDocument } from 'vscode-languageserver-textdocument';
import {
  analyzeDocument,
  diagnosticsOf,
  escapeForJson,
  escapeSnippetForJson,
  findJsonQueries,
  jsonProblemDiagnostic,
  jsonRangeOf,
  textChange,
  updateAnalysis,
  updateJsonQueries,
  type DocumentAnalysis,
  type JsonEdit,
  type JsonProblem,
  type JsonQuery,
  type JsonQueryScan,
  type JsonScanOptions,
  type LanguageCatalogs,
  type Range,
  type ValidationDiagnostic,
} from '../core/index';

/** Language ids whose documents may hold MXQL strings. */
const JSON_LANGUAGES = new Set(['json', 'jsonc']);

/** Whether the server reads `doc` as JSON with MXQL strings rather than as MXQL. */
export function isJsonDocument(doc: Pick<TextDocument, 'languageId'>): boolean {
  return JSON_LANGUAGES.has(doc.languageId);
}

/**
 * A query as the features see it: an analysis, and how its offsets and inserted texts are written in
 * the document (the identity for an `.mxql` file; through the offset map and JSON escapes for a string).
 */
export interface QueryView {
  readonly analysis: DocumentAnalysis;
  /** Whether the query is a string of a JSON document (its offsets and texts are mapped). */
  readonly inJson: boolean;
  /** A range of the analysed text as offsets of the document. */
  docRange(range: Range): Range;
  /** Text inserted into the analysed text, as the document writes it. */
  docText(text: string): string;
  /** A completion snippet, as the document writes its expansion. */
  docSnippet(snippet: string): string;
}

/** The view of an `.mxql` document: its own analysis, offsets and texts as they are. */
export function plainView(analysis: DocumentAnalysis): QueryView {
  return { analysis, inJson: false, docRange: same, docText: same, docSnippet: same };
}

function same<T>(x: T): T {
  return x;
}

/** One MXQL string of a JSON document with its analysis. */
export interface EmbeddedQuery extends QueryView {
  readonly query: JsonQuery;
}

/** What a JSON document holds for the language server. */
export interface EmbeddedState {
  /** Whether the document holds MXQL strings, or did at some version (so its malformed JSON is reported). */
  readonly holdsMxql: boolean;
  readonly queries: readonly EmbeddedQuery[];
  readonly problems: readonly JsonProblem[];
}

interface Entry {
  readonly uri: string;
  readonly version: number;
  readonly text: string;
  readonly scan: JsonQueryScan;
  readonly state: EmbeddedState;
  used: number;
}

/** JSON documents whose scans and analyses are kept: the few a user works on at once. */
export const KEPT_JSON_DOCUMENTS = 4;

/** Keys a JSON text must mention to hold MXQL (the scanner's keys); checked before any scan. */
const QUERY_KEY_MARKERS = ['"mql"', '"query"', '"inject"'];

const EMPTY: EmbeddedState = { holdsMxql: false, queries: [], problems: [] };

export class EmbeddedDocuments {
  private readonly entries = new Map<string, Entry>();
  /** Edits applied since the kept version, per document with a kept entry. */
  private readonly edits = new Map<string, JsonEdit[]>();
  /** Open documents that held MXQL strings at some version. */
  private readonly held = new Set<string>();
  /** Diagnostics per analysis (decoded offsets): a string unchanged by an edit is not checked again. */
  private diagnosticsCache = new WeakMap<DocumentAnalysis, ValidationDiagnostic[]>();
  private clock = 0;

  constructor(private readonly catalogsFor: (uri: string) => LanguageCatalogs) {}

  /** Records an edit applied to the document (offsets into the text before it). */
  recordEdit(uri: string, edit: JsonEdit): void {
    if (!this.entries.has(uri)) return;
    const list = this.edits.get(uri);
    if (list) list.push(edit);
    else this.edits.set(uri, [edit]);
  }

  /** The MXQL strings of the document's current version with their analyses. */
  get(doc: TextDocument): EmbeddedState {
    const cached = this.entries.get(doc.uri);
    if (cached && cached.version === doc.version) {
      cached.used = ++this.clock;
      return cached.state;
    }
    const text = doc.getText();
    const edits = this.edits.get(doc.uri);
    this.edits.delete(doc.uri);
    const scan = this.scanOf(doc.uri, text, { jsonc: doc.languageId === 'jsonc' }, cached, edits);
    if (scan.queries.length > 0) this.held.add(doc.uri);
    const holdsMxql = this.held.has(doc.uri);
    const state: EmbeddedState = holdsMxql
      ? { holdsMxql, queries: this.analysed(doc.uri, scan, cached), problems: scan.problems }
      : EMPTY;
    // Only documents with MXQL take a kept place: JSON files without any must not evict a dashboard.
    if (holdsMxql) this.keep({ uri: doc.uri, version: doc.version, text, scan, state, used: ++this.clock });
    else this.entries.delete(doc.uri);
    return state;
  }

  /** The MXQL string whose content holds the document offset (its quotes excluded), if any. */
  at(doc: TextDocument, offset: number): EmbeddedQuery | undefined {
    const queries = this.get(doc).queries;
    let lo = 0;
    let hi = queries.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const q = queries[mid] as EmbeddedQuery;
      if (offset <= q.query.token.start) hi = mid - 1;
      else if (offset >= q.query.token.end) lo = mid + 1;
      else return q;
    }
    return undefined;
  }

  /** The core's diagnostics of one string, in its own (decoded) offsets. */
  diagnosticsOf(q: EmbeddedQuery): readonly ValidationDiagnostic[] {
    const cached = this.diagnosticsCache.get(q.analysis);
    if (cached) return cached;
    const list = diagnosticsOf(q.analysis, { catalog: q.analysis.catalogs.categories });
    this.diagnosticsCache.set(q.analysis, list);
    return list;
  }

  /**
   * Every diagnostic of a JSON document in document offsets: the JSON's own problems and each string's
   * findings; undefined for a document that never held MXQL (nothing to publish).
   */
  diagnostics(doc: TextDocument): ValidationDiagnostic[] | undefined {
    const state = this.get(doc);
    if (!state.holdsMxql) return undefined;
    const text = doc.getText();
    const out: ValidationDiagnostic[] = state.problems.map((p) => jsonProblemDiagnostic(text, p));
    for (const q of state.queries)
      for (const d of this.diagnosticsOf(q)) out.push({ ...d, range: q.docRange(d.range) });
    return out;
  }

  /** Forgets a closed document. */
  delete(uri: string): void {
    this.entries.delete(uri);
    this.edits.delete(uri);
    this.held.delete(uri);
  }

  /** Drops every analysis: they were made with catalogs that changed since. */
  clear(): void {
    this.entries.clear();
    this.edits.clear();
    this.diagnosticsCache = new WeakMap();
  }

  private scanOf(
    uri: string,
    text: string,
    options: JsonScanOptions,
    cached: Entry | undefined,
    edits: readonly JsonEdit[] | undefined,
  ): JsonQueryScan {
    if (!this.held.has(uri) && !QUERY_KEY_MARKERS.some((k) => text.includes(k)))
      return { queries: [], problems: [] };
    // One edit inside a string (a keystroke) re-reads that string; anything else scans again.
    const edit = edits?.length === 1 ? edits[0] : undefined;
    if (cached && edit) return updateJsonQueries(cached.scan, text, edit, options);
    return findJsonQueries(text, options);
  }

  /** Each string's analysis: kept when its text is unchanged, updated from the previous one at its pointer. */
  private analysed(uri: string, scan: JsonQueryScan, cached: Entry | undefined): EmbeddedQuery[] {
    const before = new Map<string, EmbeddedQuery>();
    for (const q of cached?.state.queries ?? []) before.set(q.query.pointer, q);
    return scan.queries.map((query) => {
      const previous = before.get(query.pointer);
      return embeddedQuery(query, this.analysisOf(uri, query.text, previous?.analysis));
    });
  }

  private analysisOf(uri: string, text: string, previous: DocumentAnalysis | undefined): DocumentAnalysis {
    if (previous?.text === text) return previous;
    if (previous) {
      const updated = updateAnalysis(previous, [textChange(previous.text, text)]);
      if (updated.text === text) return updated;
    }
    return analyzeDocument(text, this.catalogsFor(uri));
  }

  private keep(entry: Entry): void {
    this.entries.set(entry.uri, entry);
    if (this.entries.size <= KEPT_JSON_DOCUMENTS) return;
    let oldest: Entry | undefined;
    for (const e of this.entries.values()) if (!oldest || e.used < oldest.used) oldest = e;
    if (oldest) {
      this.entries.delete(oldest.uri);
      this.edits.delete(oldest.uri);
    }
  }
}

function embeddedQuery(query: JsonQuery, analysis: DocumentAnalysis): EmbeddedQuery {
  return {
    query,
    analysis,
    inJson: true,
    docRange: (r) => jsonRangeOf(query.map, r),
    docText: escapeForJson,
    docSnippet: escapeSnippetForJson,
  };
}
