/**
 * Column usage from public queries, as numbers: for each category, how many queries read each column.
 * scripts/buildCatalog.mjs counts the shared corpus and the reference's examples into the bundled
 * catalog (the queries themselves stay out of the repository); completion ranks fields by these counts.
 * The same two functions build the held-out catalogs of the completion benchmark.
 */
import {
  findIdentityColumn,
  splitCategorySuffix,
  type CatalogJson,
  type CategoryCatalog,
  type CompactCategory,
  type CompactColumn,
} from '../catalog/index';
import { parse } from '../syntax/index';
import { computeColumnFlow, type ColumnFlow, type PipelineFlow } from '../columns/flow';
import { columnReads } from '../columns/reads';
import { featureCatalog } from '../catalog/featureCatalog';

/** Category name → column name → number of queries that read it. */
export type ColumnUsage = Record<string, Record<string, number>>;

/** Names that are not columns: `$params`, template markers, paths, numbers. */
const NOT_A_COLUMN = /[$<%{}/\s'"]|^\d|^$/;

/**
 * The categories one query reads, each with the columns it reads from it (not the columns it creates):
 * a category the query loads without naming a column maps to an empty set.
 */
export function queryReads(text: string, catalog: CategoryCatalog): Map<string, Set<string>> {
  return flowReads(computeColumnFlow(parse(text).ast, catalog), catalog);
}

/** {@link queryReads} over a column flow already computed (an editor's analysis of the document). */
export function flowReads(flow: ColumnFlow, catalog: CategoryCatalog): Map<string, Set<string>> {
  const features = featureCatalog(catalog);
  const out = new Map<string, Set<string>>();
  const visit = (pipeline: PipelineFlow): void => {
    for (const step of pipeline.steps) {
      if (step.category === null) continue;
      const category = splitCategorySuffix(step.category).base;
      const columns = out.get(category) ?? new Set<string>();
      out.set(category, columns);
      if (step.statement.kind !== 'command') continue;
      const def = features.findCommand(step.statement.name);
      if (!def) continue;
      for (const ref of columnReads(step.statement, def)) {
        const origin = step.before.columns.get(ref.name)?.origin;
        if (origin === 'created' || origin === 'renamed' || origin === 'joined') continue;
        if (NOT_A_COLUMN.test(ref.name)) continue;
        columns.add(ref.name);
      }
    }
  };
  visit(flow.main);
  for (const sub of flow.subs.values()) visit(sub);
  return out;
}

/** Counts, over `texts`, how many queries read each column of each category. Never throws. */
export function countColumnUsage(texts: Iterable<string>, catalog: CategoryCatalog): ColumnUsage {
  const usage: ColumnUsage = {};
  for (const text of texts) {
    let reads: Map<string, Set<string>>;
    try {
      reads = queryReads(text, catalog);
    } catch {
      continue;
    }
    for (const [category, columns] of reads) {
      for (const column of columns) {
        const counts = (usage[category] ??= {});
        counts[column] = (counts[column] ?? 0) + 1;
      }
    }
  }
  return usage;
}

/** Type and unit a column name suggests, for names public queries use but metadata lacks. */
export function inferColumnFacts(name: string): { type?: string; unit?: string } {
  const n = name.toLowerCase();
  if (/(percent|pct|_rate|ratio|usage|util)$/.test(n)) return { type: 'N', unit: 'pct' };
  if (/(bytes?|_size)$/.test(n)) return { type: 'N', unit: 'byte' };
  if (/(count|cnt|_num|total)$/.test(n)) return { type: 'N', unit: 'count' };
  if (/(_time|elapsed|duration|latency)$/.test(n) && n !== 'time') return { type: 'N', unit: 'ms' };
  if (/(name|_id|id|type|host|ip|addr|status|state|version|label|uuid)$/.test(n)) return { type: 'S' };
  return {};
}

function columnName(c: CompactColumn): string {
  return String(typeof c === 'string' ? c : c[0]);
}

function inferredColumn(name: string): CompactColumn {
  const { type, unit } = inferColumnFacts(name);
  if (unit) return [name, type ?? 0, unit];
  return type ? [name, type] : name;
}

/** Sorted by count (then name), so the JSON is stable. */
function sortedCounts(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(counts).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** One category with the usage applied: counts, names metadata lacks, and the completeness flag. */
function withUsage(compact: CompactCategory, counts: Record<string, number>): CompactCategory {
  const listed = new Set([...(compact.t ?? []), ...(compact.f ?? []), ...(compact.q ?? [])].map(columnName));
  const missing = Object.keys(counts)
    .filter((name) => !listed.has(name) && !findIdentityColumn(name))
    .sort();
  const out: CompactCategory = { ...compact, n: sortedCounts(counts) };
  if (missing.length === 0) return out;
  // Public queries read columns the metadata lacks: add them, and the list is no longer complete.
  return {
    ...out,
    q: missing.map(inferredColumn),
    ...(compact.u ? {} : { p: 1 }),
  };
}

/**
 * The catalog with usage applied: each category gets its counts; names public queries read but the
 * metadata lacks are added (type and unit inferred from the name) and mark the category's list as
 * incomplete; categories known without metadata get the observed names as an incomplete list.
 */
export function applyColumnUsage(json: CatalogJson, usage: ColumnUsage): CatalogJson {
  const categories: Record<string, CompactCategory> = { ...json.categories };
  const knownWithoutColumns: Record<string, string> = { ...json.knownWithoutColumns };
  for (const [name, counts] of Object.entries(usage)) {
    const existing = categories[name];
    if (existing) categories[name] = withUsage(existing, counts);
    else if (name in knownWithoutColumns) {
      const loader = knownWithoutColumns[name];
      delete knownWithoutColumns[name];
      categories[name] = withUsage({ ...(loader ? { l: loader } : {}), u: 1 }, counts);
    }
  }
  const sorted = Object.fromEntries(
    Object.entries(categories).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return { ...json, categories: sorted, knownWithoutColumns };
}
