/**
 * Titles of public dashboards and saved queries, as facts: the file names of public queries carry
 * the integration, dashboard and query names (`whatap_feature__kafka__dashboard_broker__widgets_3…`
 * → "kafka dashboard broker"), and the categories each file reads say what those titles show. The
 * bundled catalog keeps, per category, the titles of the queries that read it, so words such as a
 * product or dashboard name find categories whose own names do not say them.
 */
import { type CatalogJson, type CategoryCatalog } from '../catalog/index';
import { queryReads } from './columnUsage';

/** Category name → titles of the public queries that read it. */
export type QueryTitles = Record<string, string[]>;

/** Path segments that say where a file lived, not what it shows. */
const FOLDERS = new Set(['src', 'main', 'resources', 'mxql', 'whatap_feature', 'flexboard', 'v2', 'dev']);
/** Segments that address a widget inside a dashboard file (`widgets_3_metrics_0_mql`). */
const WIDGET = /^(widgets?|metrics?|mql|queries|query|\d+)(_|$)/i;

/** "kafka dashboard broker" from `whatap_feature__kafka__dashboard_broker__widgets_3_metrics_0_mql.mxql`. */
export function titleOfQueryFile(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.mxql$/i, '');
  const words: string[] = [];
  for (const segment of base.split('__')) {
    if (FOLDERS.has(segment.toLowerCase()) || WIDGET.test(segment)) continue;
    for (const word of segment.split(/[_\s-]+/))
      if (word && !words.includes(word.toLowerCase())) words.push(word.toLowerCase());
  }
  return words.join(' ');
}

/** The titles of `files` by the categories each reads. Never throws. */
export function collectQueryTitles(
  files: Iterable<{ readonly name: string; readonly text: string }>,
  catalog: CategoryCatalog,
): QueryTitles {
  const out: QueryTitles = {};
  for (const file of files) {
    const title = titleOfQueryFile(file.name);
    if (!title) continue;
    let reads: Map<string, Set<string>>;
    try {
      reads = queryReads(file.text, catalog);
    } catch {
      continue;
    }
    for (const category of reads.keys()) {
      const list = (out[category] ??= []);
      if (!list.includes(title)) list.push(title);
    }
  }
  return out;
}

/** `json` with `titles` as its query titles (sorted, for a stable file). */
export function applyQueryTitles(json: CatalogJson, titles: QueryTitles): CatalogJson {
  const sorted = Object.keys(titles)
    .filter((c) => (titles[c]?.length ?? 0) > 0)
    .sort()
    .map((c) => [c, [...new Set(titles[c])].sort()] as const);
  return { ...json, titles: Object.fromEntries(sorted) };
}
