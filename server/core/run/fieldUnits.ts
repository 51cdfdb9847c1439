/**
 * The catalog unit of each field a query's rows may carry, from the categories it reads: what a chart
 * writes on its y axis (common/chartMarks.ts `units`) and what the assistant rounds values to. One
 * owner for "which categories does this query read", so the panel, the notebooks and the tools agree.
 * Pure.
 */
import { splitCategorySuffix } from '../catalog/index';
import { analyzeDocument, type LanguageCatalogs } from '../analysis/documentAnalysis';

/** The base categories `mql` reads (each once, main pipeline and sub-queries), for their columns' facts. */
export function categoriesRead(mql: string, catalogs: LanguageCatalogs): string[] {
  const flow = analyzeDocument(mql, catalogs).flow;
  const names = [flow.main, ...flow.subs.values()].flatMap((p) => p.steps.map((s) => s.category));
  return [...new Set(names.filter((n): n is string => n !== null).map((n) => splitCategorySuffix(n).base))];
}

/** Each field of the categories `mql` reads that has a unit, by name (the first category's unit wins). */
export function fieldUnits(mql: string, catalogs: LanguageCatalogs): Record<string, string> {
  const units: Record<string, string> = {};
  for (const category of categoriesRead(mql, catalogs))
    for (const column of catalogs.categories.categoryColumns(category))
      if (column.unit && !(column.name in units)) units[column.name] = column.unit;
  return units;
}
