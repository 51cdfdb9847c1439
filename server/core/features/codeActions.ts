import { editPhrasesOf } from '../l10n/editPhrases';
import { type UiLanguage } from '../l10n/language';
import { type Range } from '../syntax/index';
import { type ValidationDiagnostic } from '../diagnostics/types';

/** One text replacement; an empty range inserts. */
export interface QuickFixEdit {
  readonly range: Range;
  readonly newText: string;
}

/** A quick fix: a title for the light-bulb menu and the edits that apply it. */
export interface QuickFix {
  readonly title: string;
  readonly edits: readonly QuickFixEdit[];
}

/**
 * Quick fixes for one diagnostic produced by `validate` on the same `text`, titled in `language`
 * (English when undefined). Returns an empty list when the diagnostic has no fix; never throws.
 */
export function quickFixes(
  text: string,
  diagnostic: ValidationDiagnostic,
  language?: UiLanguage,
): QuickFix[] {
  const data = diagnostic.data;
  const titles = editPhrasesOf(language).quickFix;
  switch (diagnostic.code) {
    case 'category/unknown':
    case 'column/unknown':
    case 'column/not-in-catalog':
    case 'column/removed-above':
    case 'command/deprecated':
    case 'command/unknown':
    case 'option/unknown':
    case 'delete/bare-word':
    case 'sub/unresolved':
    case 'rule/unknown-field':
    case 'rule/field-not-in-catalog':
    case 'rule/unknown-category':
    case 'sql/order-by':
    case 'sql/where':
    case 'sql/group-by':
    case 'sql/group-aggregate':
    case 'sql/limit-offset':
    case 'sql/select-star':
    case 'sql/select-list':
    case 'sql/line-comment':
    case 'group/time-without-timeunit':
    case 'filter/no-condition':
      return (data?.replacements ?? []).map((r) => ({
        title: r.kind === 'replace' ? titles.replaceWith(r.newText) : titles.changeTo(r.newText),
        edits: [{ range: r.range ?? diagnostic.range, newText: r.newText }],
      }));
    case 'inject/bare':
      return [
        {
          title: titles.nameFragment,
          edits: [{ range: { start: diagnostic.range.end, end: diagnostic.range.end }, newText: ' default' }],
        },
      ];
    case 'inject/missing-fragment':
    case 'inject/undeclared-fragment':
      return directiveInsertion(text, diagnostic, 'inject', titles.addInject);
    case 'param/unbound':
    case 'param/ignored-when-unbound':
      return directiveInsertion(text, diagnostic, 'param', titles.addParam);
    default:
      return [];
  }
}

/** Inserts `-- @<kind> <name> = ` as a whole line where the diagnostic says directives go. */
function directiveInsertion(
  text: string,
  diagnostic: ValidationDiagnostic,
  kind: 'inject' | 'param',
  title: (name: string) => string,
): QuickFix[] {
  const name = diagnostic.data?.name;
  const at = diagnostic.data?.insertAt;
  if (name === undefined || at === undefined || at < 0 || at > text.length) return [];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  // At the very end of a file without a final newline, the directive needs its own line first.
  const lead = at === text.length && at > 0 && !text.endsWith('\n') ? eol : '';
  return [
    {
      title: title(name),
      edits: [{ range: { start: at, end: at }, newText: `${lead}-- @${kind} ${name} = ${eol}` }],
    },
  ];
}
