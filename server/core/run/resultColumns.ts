/**
 * The columns a query promises its rows carry: when its main pipeline selects (a SELECT anywhere in it),
 * the category, tag and system columns of what it produces. A run that returns rows without a value for
 * one of them tells the user so (common/resultFacts.ts), since a misspelt or absent column otherwise only
 * shows as a grid without it. Columns the pipeline makes (CREATE, RENAME, GROUP, JOIN) are left out: the
 * query itself decides when those have values. Pure.
 */
import type { CategoryCatalog } from '../catalog/index';
import { computeColumnFlow } from '../columns/flow';
import { parse } from '../syntax/index';

const CATEGORY_ORIGINS = new Set(['tag', 'field', 'system']);

/** The columns `mql` selects from its category, in order; empty when it selects nothing or cannot say. */
export function selectedColumnsOf(mql: string, catalog: CategoryCatalog): string[] {
  const doc = parse(mql).ast;
  const selects = doc.main.some((s) => s.kind === 'command' && s.upperName === 'SELECT');
  if (!selects) return [];
  const result = computeColumnFlow(doc, catalog).main.result;
  if (result.open) return [];
  return [...result.columns.values()].filter((c) => CATEGORY_ORIGINS.has(c.origin)).map((c) => c.name);
}
