/**
 * Completion after `-- @param $name = `: the static choices of what `$name` stands for in the first
 * query that uses it (paramKinds.ts), best first, the obvious default first of all. An agent, a tag
 * value or free text has no static choices, so nothing is offered there.
 */
import { describeParamKind, paramNeeds, type ParamNeed } from '../analysis/paramKinds';
import { type CompletionSite } from './completionSite';
import { CompletionKind, type CompletionEntry } from './completionTypes';
import { type DocumentAnalysis } from '../analysis/documentAnalysis';
import { queryAt, queryRanges } from '../queries/queries';
import { type Wording } from '../l10n/wording';

/** The need of `name` in the first query of the file that uses it, if any query does. */
function needOf(analysis: DocumentAnalysis, name: string): ParamNeed | undefined {
  for (const range of queryRanges(analysis)) {
    const query = queryAt(analysis, range.start);
    if (query?.params.includes(name)) return paramNeeds(analysis, query).find((n) => n.name === name);
  }
  return undefined;
}

const ITEM_KINDS: Readonly<Record<ParamNeed['kind'], CompletionKind>> = {
  agent: CompletionKind.value,
  column: CompletionKind.column,
  rowCount: CompletionKind.value,
  category: CompletionKind.category,
  duration: CompletionKind.value,
  timeUnit: CompletionKind.value,
  tagValue: CompletionKind.value,
  text: CompletionKind.value,
};

/** The choices for the value of the `-- @param` directive at the site. */
export function paramValueItems(
  analysis: DocumentAnalysis,
  site: CompletionSite,
  w: Wording,
): CompletionEntry[] {
  const name = site.directiveParam;
  const need = name === undefined ? undefined : needOf(analysis, name);
  // An agent, a tag value (listed only live, by a caller with a backend) or free text: nothing static.
  if (!need || need.kind === 'agent' || need.kind === 'tagValue' || need.kind === 'text') return [];
  const detail = describeParamKind(need, w);
  const ordered =
    need.defaultValue === undefined
      ? need.choices
      : [need.defaultValue, ...need.choices.filter((c) => c !== need.defaultValue)];
  const width = String(ordered.length).length;
  return ordered.map((choice, i) => ({
    label: choice,
    kind: ITEM_KINDS[need.kind],
    detail,
    documentation: w.labels.paramValueFor(need.name),
    sortText: String(i).padStart(width, '0'),
    range: site.replaceRange,
  }));
}
