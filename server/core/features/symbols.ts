/** Document symbols: the main pipeline and each SUB, with their commands as children. */
import { type Range, type Statement, type SubBlock } from '../syntax/index';
import { type UiLanguage } from '../l10n/language';
import { type Labels } from '../l10n/labels';
import { wordingFor } from '../l10n/wording';
import { type DocumentAnalysis } from '../analysis/documentAnalysis';

/** What a symbol stands for. */
export type SymbolKind = 'pipeline' | 'sub' | 'command';

/** One outline entry. `selectionRange` is the part to highlight (the name). */
export interface OutlineSymbol {
  readonly name: string;
  readonly detail: string;
  readonly kind: SymbolKind;
  readonly range: Range;
  readonly selectionRange: Range;
  readonly children: readonly OutlineSymbol[];
}

function statementSymbol(s: Statement, text: string): OutlineSymbol | null {
  switch (s.kind) {
    case 'command': {
      const operand = s.operand
        ? text.slice(s.operand.range.start, s.operand.range.end).replace(/\s+/g, ' ')
        : '';
      return {
        name: s.name,
        detail: operand.length > 60 ? `${operand.slice(0, 59)}…` : operand,
        kind: 'command',
        range: s.range,
        selectionRange: s.nameRange,
        children: [],
      };
    }
    case 'inject':
      return {
        name: 'INJECT',
        detail: s.name ?? '',
        kind: 'command',
        range: s.range,
        selectionRange: s.keywordRange,
        children: [],
      };
    case 'promql':
      return {
        name: s.prefix,
        detail: s.query,
        kind: 'command',
        range: s.range,
        selectionRange: s.prefixRange,
        children: [],
      };
    default:
      return null;
  }
}

function children(statements: readonly Statement[], text: string): OutlineSymbol[] {
  return statements.map((s) => statementSymbol(s, text)).filter((s): s is OutlineSymbol => s !== null);
}

function subSymbol(sub: SubBlock, text: string, labels: Labels): OutlineSymbol {
  return {
    name: `SUB ${sub.name ?? labels.outlineUnnamedSub}`,
    detail: labels.outlineCommands(sub.commands.length),
    kind: 'sub',
    range: sub.range,
    selectionRange: sub.nameRange ?? sub.keywordRange,
    children: children(sub.commands, text),
  };
}

/**
 * The outline: the main pipeline (named by `-- @name` when present) and every SUB block, in source
 * order, with their own words (the default name, the command count) in `language` (English when
 * undefined).
 */
export function documentSymbols(analysis: DocumentAnalysis, language?: UiLanguage): OutlineSymbol[] {
  const { doc, text } = analysis;
  const { labels } = wordingFor(language);
  const out: OutlineSymbol[] = [];
  const first = doc.main[0];
  const last = doc.main[doc.main.length - 1];
  if (first && last) {
    const range = { start: first.range.start, end: last.range.end };
    const name = analysis.directives.name ?? labels.outlineQuery;
    out.push({
      name,
      detail: labels.outlineCommands(doc.main.length),
      kind: 'pipeline',
      range,
      selectionRange: first.range,
      children: children(doc.main, text),
    });
  }
  for (const sub of doc.subs) out.push(subSymbol(sub, text, labels));
  return out.sort((a, b) => a.range.start - b.range.start);
}
