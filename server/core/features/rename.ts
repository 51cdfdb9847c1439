/**
 * Rename for SUB names (declaration and every reference) and `$params` (every use, in strings too, and
 * the `-- @param` directive that gives its value).
 */
import { editPhrasesOf } from '../l10n/editPhrases';
import { type UiLanguage } from '../l10n/language';
import { directiveEntries, type Range } from '../syntax/index';
import { type DocumentAnalysis } from '../analysis/documentAnalysis';
import { references, subNameAt } from './navigation';

/** What can be renamed at a cursor: the range to rename and the current name. */
export interface RenameTarget {
  readonly range: Range;
  readonly name: string;
  readonly kind: 'sub' | 'param';
}

/** One replacement of a rename. */
export interface RenameEdit {
  readonly range: Range;
  readonly newText: string;
}

const SUB_NAME = /^[A-Za-z_][\w-]*$/;
const PARAM_NAME = /^\$[A-Za-z_]\w*$/;

/** The renameable name at `offset`, or null. */
export function prepareRename(analysis: DocumentAnalysis, offset: number): RenameTarget | null {
  const param = analysis.doc.params.find((p) => p.range.start <= offset && offset <= p.range.end);
  if (param) return { range: param.range, name: param.name, kind: 'param' };
  const name = subNameAt(analysis, offset);
  if (name === null) return null;
  const range = references(analysis, offset, true).find((r) => r.start <= offset && offset <= r.end);
  return range ? { range, name, kind: 'sub' } : null;
}

/**
 * The edits renaming the name at `offset` to `newName`, or an error message (in `language`, English
 * when undefined) when the new name is invalid.
 */
export function rename(
  analysis: DocumentAnalysis,
  offset: number,
  newName: string,
  language?: UiLanguage,
): RenameEdit[] | string {
  const refusals = editPhrasesOf(language).rename;
  const target = prepareRename(analysis, offset);
  if (!target) return refusals.notRenamable;
  if (target.kind === 'sub') {
    if (!SUB_NAME.test(newName)) return refusals.badSubName(newName);
    return references(analysis, offset, true).map((range) => ({ range, newText: newName }));
  }
  const wanted = newName.startsWith('$') ? newName : `$${newName}`;
  if (!PARAM_NAME.test(wanted)) return refusals.badParamName(newName);
  const edits = analysis.doc.params
    .filter((p) => p.name === target.name)
    .map((p) => ({ range: p.range, newText: wanted }));
  for (const entry of directiveEntries(analysis.text)) {
    if (entry.key !== 'param') continue;
    const match = /^(\$[A-Za-z_]\w*)\s*=/.exec(entry.value);
    if (match?.[1] === target.name) {
      const start = entry.valueRange.start;
      edits.push({ range: { start, end: start + target.name.length }, newText: wanted });
    }
  }
  return edits;
}
