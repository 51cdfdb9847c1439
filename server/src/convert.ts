/**
 * The only place that maps the core's UTF-16 offsets to LSP positions (and back), and the core's
 * plain results to LSP shapes.
 */
import {
  CompletionItemKind,
  DiagnosticSeverity,
  DiagnosticTag,
  DocumentSymbol,
  FoldingRangeKind,
  InsertTextFormat,
  MarkupKind,
  SymbolKind,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  type FoldingRange,
  type MarkupContent,
  type Position,
  type Range as LspRange,
  type SemanticTokens,
  type TextEdit,
} from 'vscode-languageserver/node';
import { type TextDocument } from 'vscode-languageserver-textdocument';
import {
  SEMANTIC_TOKEN_MODIFIERS,
  SEMANTIC_TOKEN_TYPES,
  type CompletionEntry,
  type FoldingSpan,
  type OutlineSymbol,
  type Range,
  type SemanticToken,
  type ValidationDiagnostic,
} from '../core/index';

/** Core offsets → LSP range. */
export function toLspRange(doc: TextDocument, range: Range): LspRange {
  return { start: doc.positionAt(range.start), end: doc.positionAt(range.end) };
}

/**
 * Core offsets → LSP range, converting each range object once: the items of a completion list share
 * the replaced word's range, and each conversion searches the document's lines.
 */
export function rangeConverter(doc: TextDocument): (range: Range) => LspRange {
  const done = new Map<Range, LspRange>();
  return (range) => {
    let lsp = done.get(range);
    if (!lsp) {
      lsp = toLspRange(doc, range);
      done.set(range, lsp);
    }
    return lsp;
  };
}

/** LSP position → core offset. */
export function toOffset(doc: TextDocument, position: Position): number {
  return doc.offsetAt(position);
}

/** LSP range → core offsets. */
export function toCoreRange(doc: TextDocument, range: LspRange): Range {
  return { start: doc.offsetAt(range.start), end: doc.offsetAt(range.end) };
}

const SEVERITIES = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
} as const;

/** A core diagnostic as an LSP diagnostic (source `mxql`, stable `code`). */
export function toDiagnostic(doc: TextDocument, d: ValidationDiagnostic): Diagnostic {
  const tags = (d.tags ?? []).map((t) =>
    t === 'deprecated' ? DiagnosticTag.Deprecated : DiagnosticTag.Unnecessary,
  );
  return {
    range: toLspRange(doc, d.range),
    severity: SEVERITIES[d.severity],
    code: d.code,
    source: 'mxql',
    message: d.message,
    ...(tags.length > 0 ? { tags } : {}),
  };
}

const COMPLETION_KINDS: Readonly<Record<CompletionEntry['kind'], CompletionItemKind>> = {
  command: CompletionItemKind.Keyword,
  option: CompletionItemKind.Property,
  value: CompletionItemKind.EnumMember,
  column: CompletionItemKind.Field,
  category: CompletionItemKind.Class,
  param: CompletionItemKind.Variable,
  inject: CompletionItemKind.Reference,
  sub: CompletionItemKind.Module,
  path: CompletionItemKind.File,
  directive: CompletionItemKind.Keyword,
  function: CompletionItemKind.Function,
};

/**
 * What an item says besides where and what it inserts: the same with or without list defaults.
 * `detail` is left for `completionItem/resolve` when the client resolves it lazily.
 */
function itemFields(e: CompletionEntry, lazyDetail: boolean, snippetByDefault = false): CompletionItem {
  return {
    label: e.label,
    kind: COMPLETION_KINDS[e.kind],
    ...(lazyDetail ? {} : { detail: e.detail }),
    // The list's format (plain text unless it says snippets) and a filter text equal to the label go
    // without saying: left out, as each would be repeated on every item of lists hundreds long.
    ...((e.snippet ?? false) === snippetByDefault
      ? {}
      : { insertTextFormat: e.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText }),
    ...(e.sortText !== undefined ? { sortText: e.sortText } : {}),
    ...(e.filterText !== undefined && e.filterText !== e.label ? { filterText: e.filterText } : {}),
    ...(e.deprecated ? { tags: [1] } : {}),
  };
}

/** The `CompletionList.itemDefaults` a client declares it applies (LSP 3.17), by name. */
export type ItemDefaultNames = ReadonlySet<string>;

/** What a client declares about completion lists: the defaults it applies, what it resolves lazily. */
export interface CompletionListSupport {
  readonly itemDefaults: ItemDefaultNames;
  /** `completionItem.resolveSupport.properties` (LSP 3.16): properties `completionItem/resolve` may add. */
  readonly resolvable: ReadonlySet<string>;
}

/**
 * Core entries as an LSP completion list, without their documentation, nor their detail for a client
 * that resolves it lazily (`completionItem/resolve` adds them, see completions.ts; `data` says from
 * where). Every item replaces its range of the typed word.
 * When the client applies list defaults, what most items
 * share is said once: the replaced range (`editRange`; an item then carries its text as
 * `textEditText` only when that is not its label), `data`, and the snippet format when most items are
 * snippets. Items of another range keep their own text edit. Without defaults every item carries its
 * text edit and `data`, as LSP 3.16 has it.
 */
export function toCompletionList(
  doc: TextDocument,
  list: { readonly items: readonly CompletionEntry[]; readonly isIncomplete: boolean },
  data: unknown,
  support: CompletionListSupport,
): CompletionList {
  const defaults = support.itemDefaults;
  const rangeOf = rangeConverter(doc);
  const shared = defaults.has('editRange') ? commonRange(list.items) : undefined;
  const dataDefault = defaults.has('data');
  const snippets = defaults.has('insertTextFormat') && mostlySnippets(list.items);
  const lazyDetail = support.resolvable.has('detail');
  const own = dataDefault ? {} : { data };
  const items = list.items.map((e): CompletionItem => {
    const fields = itemFields(e, lazyDetail, snippets);
    const text = e.insertText ?? e.label;
    if (!shared || e.range.start !== shared.start || e.range.end !== shared.end) {
      return { ...fields, textEdit: { range: rangeOf(e.range), newText: text }, ...own };
    }
    return { ...fields, ...(text !== e.label ? { textEditText: text } : {}), ...own };
  });
  const itemDefaults = {
    ...(shared ? { editRange: rangeOf(shared) } : {}),
    ...(dataDefault ? { data } : {}),
    ...(snippets ? { insertTextFormat: InsertTextFormat.Snippet } : {}),
  };
  return {
    isIncomplete: list.isIncomplete,
    ...(Object.keys(itemDefaults).length > 0 ? { itemDefaults } : {}),
    items,
  };
}

function mostlySnippets(entries: readonly CompletionEntry[]): boolean {
  return entries.filter((e) => e.snippet).length * 2 > entries.length;
}

/** The range most entries replace (compared by offsets: an embedded query maps each anew), if any. */
function commonRange(entries: readonly CompletionEntry[]): Range | undefined {
  const counts = new Map<string, { range: Range; count: number }>();
  let best: { range: Range; count: number } | undefined;
  for (const e of entries) {
    const key = `${e.range.start}:${e.range.end}`;
    const seen = counts.get(key) ?? { range: e.range, count: 0 };
    seen.count++;
    counts.set(key, seen);
    if (!best || seen.count > best.count) best = seen;
  }
  return best?.range;
}

/** Markdown documentation as LSP shows it (a completion item's, once resolved). */
export function toMarkdown(value: string): MarkupContent {
  return { kind: MarkupKind.Markdown, value };
}

const SYMBOL_KINDS = {
  pipeline: SymbolKind.Module,
  sub: SymbolKind.Function,
  command: SymbolKind.Event,
} as const;

/** A core outline symbol as an LSP document symbol (recursively). */
export function toDocumentSymbol(doc: TextDocument, s: OutlineSymbol): DocumentSymbol {
  return DocumentSymbol.create(
    s.name,
    s.detail,
    SYMBOL_KINDS[s.kind],
    toLspRange(doc, s.range),
    toLspRange(doc, s.selectionRange),
    s.children.map((c) => toDocumentSymbol(doc, c)),
  );
}

/** A core folding span as an LSP folding range. */
export function toFoldingRange(span: FoldingSpan): FoldingRange {
  return {
    startLine: span.startLine,
    endLine: span.endLine,
    ...(span.kind === 'comment' ? { kind: FoldingRangeKind.Comment } : {}),
  };
}

/** Core replacements as LSP text edits. */
export function toTextEdits(
  doc: TextDocument,
  edits: readonly { range: Range; newText: string }[],
): TextEdit[] {
  return edits.map((e) => ({ range: toLspRange(doc, e.range), newText: e.newText }));
}

/** The semantic-token legend the server declares. */
export const SEMANTIC_LEGEND = {
  tokenTypes: [...SEMANTIC_TOKEN_TYPES],
  tokenModifiers: [...SEMANTIC_TOKEN_MODIFIERS],
};

/** Core tokens (sorted, single-line) in the LSP relative encoding. */
export function encodeSemanticTokens(doc: TextDocument, tokens: readonly SemanticToken[]): SemanticTokens {
  const data: number[] = [];
  let line = 0;
  let char = 0;
  let previousEnd = 0;
  for (const t of tokens) {
    const start = doc.positionAt(t.range.start);
    const end = doc.positionAt(t.range.end);
    // Clients reject overlapping tokens; the core's are sorted, so keeping the first one suffices.
    if (end.line !== start.line || end.character <= start.character || t.range.start < previousEnd) continue;
    previousEnd = t.range.end;
    const deltaLine = start.line - line;
    const deltaChar = deltaLine === 0 ? start.character - char : start.character;
    const bits = t.modifiers.reduce((acc, m) => acc | (1 << SEMANTIC_TOKEN_MODIFIERS.indexOf(m)), 0);
    data.push(
      deltaLine,
      deltaChar,
      end.character - start.character,
      SEMANTIC_TOKEN_TYPES.indexOf(t.type),
      bits,
    );
    line = start.line;
    char = start.character;
  }
  return { data };
}
