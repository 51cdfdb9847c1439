/**
 * Turns a ranked category into the tool's answer: the columns the words matched (else the columns
 * queries read most) with type, unit and our description, and a sentence saying which words matched what.
 */
import { type Column } from '../../server/core/index';
import { IN_NAME, IN_TITLES, IN_WORKSPACE, type CategoryDocument } from './documents';
import { type Scored } from './ranking';
import { type FoundColumn } from './types';

const MAX_COLUMNS = 8;
const MAX_PLACES = 4;

function found(name: string, column: Column | undefined): FoundColumn {
  return {
    name,
    ...(column?.type ? { type: column.type } : {}),
    ...(column?.unit ? { unit: column.unit } : {}),
    ...(column?.description ? { meaning: column.description } : {}),
  };
}

/** Column name → the weight of the query terms it matched. */
function matchedColumns(scored: Scored): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of scored.matched)
    for (const term of m.terms)
      for (const source of scored.doc.sources.get(term) ?? [])
        if (source !== IN_NAME && source !== IN_WORKSPACE && source !== IN_TITLES)
          out.set(source, (out.get(source) ?? 0) + m.weight);
  return out;
}

/** The matched columns, best first; when none matched, the columns public queries read most. */
export function columnsOf(scored: Scored): FoundColumn[] {
  const doc: CategoryDocument = scored.doc;
  const matched = [...matchedColumns(scored)].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const names =
    matched.length > 0
      ? matched.map(([name]) => name)
      : [...doc.columns.entries()]
          .sort((a, b) => (b[1]?.uses ?? 0) - (a[1]?.uses ?? 0))
          .map(([name]) => name);
  return names.slice(0, MAX_COLUMNS).map((name) => found(name, doc.columns.get(name)));
}

function placeName(source: string): string {
  if (source === IN_NAME) return 'the category';
  if (source === IN_WORKSPACE) return "the workspace's queries";
  if (source === IN_TITLES) return 'public dashboard titles';
  return source;
}

/** "'응답시간' matched resp_time, tx_time; 'agent' matched the category". */
export function whyOf(scored: Scored): string {
  const byWord = new Map<string, Set<string>>();
  for (const m of scored.matched) {
    let places = byWord.get(m.word);
    if (!places) byWord.set(m.word, (places = new Set()));
    for (const term of m.terms)
      for (const source of scored.doc.sources.get(term) ?? []) places.add(placeName(source));
  }
  const parts = [...byWord].map(([word, places]) => {
    const list = [...places];
    const more = list.length > MAX_PLACES ? ` and ${list.length - MAX_PLACES} more` : '';
    return `'${word}' matched ${list.slice(0, MAX_PLACES).join(', ')}${more}`;
  });
  return parts.join('; ');
}
